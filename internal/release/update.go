package release

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/minio/selfupdate"
	"golang.org/x/sys/unix"

	"github.com/guardsh/guardsh/internal/atomicfile"
)

// Size limits of the files an update downloads.
const (
	maxSums    = 1 << 20
	maxSig     = 64 << 10
	maxArchive = 512 << 20
)

// An Updater replaces a guardsh binary with a signed release.
type Updater struct {
	// Releases is the base URL of the release server.
	Releases string
	// PublicKey verifies the signatures; empty means the compiled-in
	// [PublicKey].
	PublicKey string
	// Target is the platform whose archive is downloaded.
	Target Target
}

func (u *Updater) key() string {
	if u.PublicKey != "" {
		return u.PublicKey
	}
	return PublicKey
}

// Latest asks the release server for the newest version.
func (u *Updater) Latest(ctx context.Context) (string, error) {
	b, err := Get(ctx, Join(u.Releases, LatestName), 256)
	if err != nil {
		return "", err
	}
	v := strings.TrimPrefix(strings.TrimSpace(string(b)), "v")
	if !ValidVersion(v) {
		return "", fmt.Errorf("the release server's %s says %q, which is not a version", LatestName, v)
	}
	return v, nil
}

// A Download is a verified guardsh binary of one release.
type Download struct {
	Version   string
	Binary    []byte
	Signature []byte // minisign signature of Binary
}

// Download fetches version's archive for u.Target and verifies it: the
// signature of SHA256SUMS, the archive's digest in it, and the signature of
// the binary inside. Nothing is written to disk.
func (u *Updater) Download(ctx context.Context, version string) (*Download, error) {
	dir := Join(u.Releases, "v"+version)
	sums, err := Get(ctx, Join(dir, SumsName), maxSums)
	if err != nil {
		return nil, err
	}
	sumsSig, err := Get(ctx, Join(dir, SumsSigName), maxSig)
	if err != nil {
		return nil, err
	}
	if err := Verify(u.key(), sums, sumsSig); err != nil {
		return nil, fmt.Errorf("%s of %s is not signed by the guardsh release key: %v", SumsName, version, err)
	}
	list, err := ParseSums(sums)
	if err != nil {
		return nil, err
	}
	name := ArchiveName(version, u.Target)
	archive, err := Get(ctx, Join(dir, name), maxArchive)
	if err != nil {
		return nil, err
	}
	if err := list.Check(name, archive); err != nil {
		return nil, err
	}
	bin, err := Extract(archive, "guardsh")
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	binSig, err := Get(ctx, Join(dir, BinarySigName(version, u.Target)), maxSig)
	if err != nil {
		return nil, err
	}
	if err := Verify(u.key(), bin, binSig); err != nil {
		return nil, fmt.Errorf("the guardsh binary in %s is not signed by the guardsh release key: %v", name, err)
	}
	return &Download{Version: version, Binary: bin, Signature: binSig}, nil
}

// Managed returns the package manager that owns the binary at exe, or ""
// when none does: guardsh must not replace a file a package manager will
// later overwrite or check.
func Managed(exe string) string {
	paths := []string{exe}
	if r, err := filepath.EvalSymlinks(exe); err == nil && r != exe {
		paths = append(paths, r)
	}
	for _, p := range paths {
		switch {
		case strings.HasPrefix(p, "/nix/store/"):
			return "Nix"
		case strings.HasPrefix(p, "/snap/"):
			return "snap"
		case strings.Contains(p, "/Cellar/"), strings.HasPrefix(p, "/opt/homebrew/"), strings.HasPrefix(p, "/home/linuxbrew/"):
			return "Homebrew"
		}
	}
	lists, _ := filepath.Glob("/var/lib/dpkg/info/*.list")
	for _, l := range lists {
		f, err := os.Open(l)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			for _, p := range paths {
				if sc.Text() == p {
					f.Close()
					return "dpkg (" + strings.TrimSuffix(filepath.Base(l), ".list") + ")"
				}
			}
		}
		f.Close()
	}
	return ""
}

// Writable reports why exe cannot be replaced in place, or nil when it can:
// its directory must be writable, and the file must not have been made
// read-only (a mode without write bits is respected even by root).
func Writable(exe string) error {
	fi, err := os.Stat(exe)
	if err != nil {
		return err
	}
	if fi.Mode().Perm()&0o222 == 0 {
		return fmt.Errorf("%s is read-only (mode %v)", exe, fi.Mode().Perm())
	}
	dir := filepath.Dir(exe)
	// access(2) also says EROFS for a read-only file system, even to root.
	if err := unix.Access(dir, unix.W_OK); err != nil {
		return fmt.Errorf("the directory %s is not writable: %v", dir, err)
	}
	return nil
}

// Apply replaces exe with d's binary through minio/selfupdate, which checks
// the signature once more and swaps the files with renames. The previous
// binary is kept as .NAME.old beside it. The new binary must then answer
// `version` with d's version; if it does not, the old one is put back.
// Updates of one binary are serialised with a lock beside it.
func Apply(exe string, d *Download, publicKey string) error {
	if publicKey == "" {
		publicKey = PublicKey
	}
	unlock, err := atomicfile.Lock(filepath.Join(filepath.Dir(exe), "."+filepath.Base(exe)+".update"))
	if err != nil {
		return fmt.Errorf("lock the update: %w", err)
	}
	defer unlock()
	if cur, err := os.ReadFile(exe); err == nil && bytes.Equal(cur, d.Binary) {
		return ErrCurrent
	}
	sigFile, err := os.CreateTemp("", "guardsh-update-*.minisig")
	if err != nil {
		return err
	}
	defer os.Remove(sigFile.Name())
	if _, err := sigFile.Write(d.Signature); err != nil {
		sigFile.Close()
		return err
	}
	sigFile.Close()
	v := selfupdate.NewVerifier()
	if err := v.LoadFromFile(sigFile.Name(), publicKey); err != nil {
		return fmt.Errorf("load the signature: %w", err)
	}
	mode := os.FileMode(0o755)
	if fi, err := os.Stat(exe); err == nil {
		mode = fi.Mode().Perm()
	}
	old := filepath.Join(filepath.Dir(exe), "."+filepath.Base(exe)+".old")
	opts := selfupdate.Options{TargetPath: exe, TargetMode: mode, Verifier: v, OldSavePath: old}
	if err := selfupdate.Apply(bytes.NewReader(d.Binary), opts); err != nil {
		if rerr := selfupdate.RollbackError(err); rerr != nil {
			return fmt.Errorf("the update failed (%v) and so did putting the old binary back (%v): restore %s from %s by hand", err, rerr, exe, old)
		}
		return fmt.Errorf("replace %s: %w", exe, err)
	}
	if err := selfTest(exe, d.Version); err != nil {
		if rerr := os.Rename(old, exe); rerr != nil {
			return fmt.Errorf("the new binary failed its self-test (%v), and putting the old one back failed (%v): restore %s from %s by hand", err, rerr, exe, old)
		}
		return fmt.Errorf("the new binary failed its self-test (%v); the old one was put back", err)
	}
	return nil
}

// ErrCurrent reports that the binary is already the one downloaded.
var ErrCurrent = errors.New("already up to date")

func selfTest(exe, version string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, exe, "version").CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s version: %v: %s", exe, err, bytes.TrimSpace(out))
	}
	if !bytes.Contains(out, []byte(version)) {
		return fmt.Errorf("%s version says %q, want %s", exe, bytes.TrimSpace(out), version)
	}
	return nil
}
