// Command mkrelease builds a guardsh release: for every target it builds the
// binary with scripts/build.sh, packs a reproducible archive, and writes
// SHA256SUMS and minisign signatures. scripts/release.sh runs it.
//
//	go run ./internal/release/mkrelease -version 1.2.0 [-out dist] [-key FILE] [-targets linux/amd64,…]
//	go run ./internal/release/mkrelease -keygen DIR
//
// The private key is read from GUARDSH_RELEASE_KEY (the key's text) or from
// -key FILE; an encrypted key takes GUARDSH_RELEASE_KEY_PASSWORD. It is never
// kept in the repository.
package main

import (
	"crypto/rand"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"aead.dev/minisign"

	"github.com/guardsh/guardsh/internal/release"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "mkrelease:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("mkrelease", flag.ContinueOnError)
	version := fs.String("version", "", "release version, such as 1.2.0")
	out := fs.String("out", "dist", "directory to write the release into")
	keyFile := fs.String("key", "", "minisign private key file (or GUARDSH_RELEASE_KEY)")
	targets := fs.String("targets", "", "comma-separated OS/ARCH list (default: every release target)")
	keygen := fs.String("keygen", "", "write a new key pair, guardsh.key and guardsh.pub, into this directory and stop")
	latest := fs.Bool("latest", true, "write OUT/latest with this version")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *keygen != "" {
		return writeKeyPair(*keygen)
	}
	v := strings.TrimPrefix(*version, "v")
	if !release.ValidVersion(v) {
		return fmt.Errorf("-version %q is not MAJOR.MINOR.PATCH[-PRE]", *version)
	}
	key, err := release.LoadPrivateKey(*keyFile)
	if err != nil {
		return err
	}
	list := release.Targets
	if *targets != "" {
		list = nil
		for _, t := range strings.Split(*targets, ",") {
			os, arch, ok := strings.Cut(strings.TrimSpace(t), "/")
			if !ok {
				return fmt.Errorf("-targets: %q is not OS/ARCH", t)
			}
			list = append(list, release.Target{OS: os, Arch: arch})
		}
	}
	root, err := repoRoot()
	if err != nil {
		return err
	}
	mtime, err := sourceDate(root)
	if err != nil {
		return err
	}
	dir := filepath.Join(*out, "v"+v)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	extra := extraFiles(root)
	sums := release.Sums{}
	for _, t := range list {
		bin, err := build(root, t, v)
		if err != nil {
			return err
		}
		files := append([]release.File{{Name: "guardsh", Mode: 0o755, Data: bin}}, extra...)
		archive, err := release.Archive(files, mtime)
		if err != nil {
			return err
		}
		name := release.ArchiveName(v, t)
		if err := os.WriteFile(filepath.Join(dir, name), archive, 0o644); err != nil {
			return err
		}
		sig := release.BinarySigName(v, t)
		if err := os.WriteFile(filepath.Join(dir, sig), release.Sign(key, "guardsh", bin), 0o644); err != nil {
			return err
		}
		sums[name] = release.Digest(archive)
		fmt.Printf("%s  %s\n", sums[name], filepath.Join(dir, name))
	}
	data := sums.Format()
	if err := os.WriteFile(filepath.Join(dir, release.SumsName), data, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, release.SumsSigName), release.Sign(key, release.SumsName, data), 0o644); err != nil {
		return err
	}
	if *latest {
		if err := os.WriteFile(filepath.Join(*out, release.LatestName), []byte(v+"\n"), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// build runs the project's one build recipe for target t.
func build(root string, t release.Target, version string) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "mkrelease-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "guardsh")
	cmd := exec.Command("sh", filepath.Join(root, "scripts", "build.sh"), bin, version)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS="+t.OS, "GOARCH="+t.Arch)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("build %s: %v", t, err)
	}
	return os.ReadFile(bin)
}

// extraFiles are the documents shipped beside the binary, when they exist.
func extraFiles(root string) []release.File {
	var files []release.File
	for _, name := range []string{"README.md", "LICENSE", "man/guardsh.1",
		"completions/guardsh.bash", "completions/guardsh.zsh", "completions/guardsh.fish"} {
		if b, err := os.ReadFile(filepath.Join(root, name)); err == nil {
			files = append(files, release.File{Name: name, Mode: 0o644, Data: b})
		}
	}
	return files
}

// sourceDate is the time every archive entry gets: SOURCE_DATE_EPOCH if set,
// else the date of the commit, so that builds of one commit agree.
func sourceDate(root string) (time.Time, error) {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH %q: %v", s, err)
		}
		return time.Unix(n, 0), nil
	}
	out, err := exec.Command("git", "-C", root, "log", "-1", "--format=%ct").Output()
	if err != nil {
		return time.Time{}, fmt.Errorf("cannot read the commit date (set SOURCE_DATE_EPOCH outside a git checkout): %v", err)
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
	if err != nil {
		return time.Time{}, err
	}
	return time.Unix(n, 0), nil
}

func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "scripts", "build.sh")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("run mkrelease inside the guardsh checkout (no scripts/build.sh above %s)", dir)
		}
	}
}

func writeKeyPair(dir string) error {
	pub, priv, err := minisign.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	privText, err := priv.MarshalText()
	if err != nil {
		return err
	}
	if pw := os.Getenv("GUARDSH_RELEASE_KEY_PASSWORD"); pw != "" {
		if privText, err = minisign.EncryptKey(pw, priv); err != nil {
			return err
		}
	}
	pubText, _ := pub.MarshalText()
	if err := os.WriteFile(filepath.Join(dir, "guardsh.key"), append(privText, '\n'), 0o600); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "guardsh.pub"), append(pubText, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Printf("public key (put it in internal/release/release.go and install.sh): %s\n", pub.String())
	return nil
}
