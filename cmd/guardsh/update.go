package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/internal/atomicfile"
	"github.com/guardsh/guardsh/internal/release"
)

// defaultReleases is the release server when neither --releases nor
// GUARDSH_RELEASES names one. It serves latest and vVERSION/… .
const defaultReleases = "https://github.com/guardsh/guardsh/releases/download"

// runUpdate is `guardsh update`.
func runUpdate(e *env, args []string) int {
	fs := flag.NewFlagSet("update", flag.ContinueOnError)
	check := fs.Bool("check", false, "only report the newest version")
	want := fs.String("version", "", "release to install")
	force := fs.Bool("force", false, "allow a downgrade")
	releases := fs.String("releases", "", "release server URL")
	timeout := fs.Duration("timeout", 5*time.Minute, "give up after this long")
	verifyFile := fs.String("verify", "", "only check FILE's minisign signature (--signature SIG) against the release key")
	sigFile := fs.String("signature", "", "the signature file for --verify")
	if ok, code := parseFlags(e, fs, "update", args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		e.errorf("update: unexpected argument %q", fs.Arg(0))
		e.hint("run 'guardsh update --help'")
		return exitError
	}
	if *verifyFile != "" {
		return updateVerify(e, *verifyFile, *sigFile)
	}
	base := *releases
	if base == "" {
		base = os.Getenv("GUARDSH_RELEASES")
	}
	if base == "" {
		base = defaultReleases
	}
	u := &release.Updater{Releases: base, Target: release.Host()}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	cur := currentBuild().Version

	target := strings.TrimPrefix(*want, "v")
	if target == "" || *check {
		latest, err := u.Latest(ctx)
		if err != nil {
			e.errorf("update: cannot learn the newest version: %v", err)
			return exitError
		}
		saveLatest(latest)
		if *check {
			if c, ok := release.Compare(latest, cur); ok && c <= 0 {
				fmt.Fprintf(e.stdout, "guardsh %s is the newest release\n", cur)
			} else {
				fmt.Fprintf(e.stdout, "guardsh %s is available (this is %s): run 'guardsh update'\n", latest, cur)
			}
			return exitOK
		}
		target = latest
	}
	if !release.ValidVersion(target) {
		e.errorf("update: %q is not a release version", target)
		e.hint("versions look like 1.2.0")
		return exitError
	}
	c, ok := release.Compare(target, cur)
	switch {
	case ok && c == 0:
		fmt.Fprintf(e.stdout, "guardsh %s is already installed\n", cur)
		return exitOK
	case ok && c < 0 && !*force:
		e.errorf("update: %s is older than this guardsh (%s); refusing to downgrade", target, cur)
		e.hint("pass --force to install %s anyway", target)
		return exitError
	case !ok && !*force:
		e.errorf("update: this guardsh is a development build (%s), not a release", cur)
		e.hint("pass --force to replace it with release %s", target)
		return exitError
	}

	exe, err := os.Executable()
	if err == nil {
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil {
		e.errorf("update: cannot find this binary: %v", err)
		return exitError
	}
	if m := release.Managed(exe); m != "" {
		e.errorf("update: %s is managed by %s; guardsh will not replace it", exe, m)
		e.hint("update guardsh with that package manager instead")
		return exitError
	}
	if err := release.Writable(exe); err != nil {
		e.errorf("update: cannot replace the binary: %v", err)
		e.hint("install a writable copy with install.sh, or run the update as the binary's owner")
		return exitError
	}
	fmt.Fprintf(e.stderr, "guardsh: downloading %s for %s from %s\n", target, u.Target, base)
	d, err := u.Download(ctx, target)
	if err != nil {
		e.errorf("update refused: %v", err)
		e.hint("nothing was changed: %s is still %s", exe, cur)
		return exitError
	}
	if err := release.Apply(exe, d, ""); err != nil {
		if errors.Is(err, release.ErrCurrent) {
			fmt.Fprintf(e.stdout, "guardsh %s is already installed\n", target)
			return exitOK
		}
		e.errorf("update: %v", err)
		return exitError
	}
	fmt.Fprintf(e.stdout, "guardsh updated from %s to %s at %s (the old binary is kept as %s)\n",
		cur, target, exe, filepath.Join(filepath.Dir(exe), ".guardsh.old"))
	return exitOK
}

// latestFile caches the newest version the last `update --check` saw, for
// doctor, which never uses the network.
func latestFile() string { return filepath.Join(config.CacheDir(), "latest-version") }

func saveLatest(v string) {
	_ = os.MkdirAll(config.CacheDir(), 0o755)
	_ = atomicfile.WriteFile(latestFile(), []byte(v+"\n"), 0o644)
}

// knownLatest returns the cached newest version, or "".
func knownLatest() string {
	b, err := atomicfile.ReadFile(latestFile(), 256)
	if err != nil {
		return ""
	}
	v := strings.TrimSpace(string(b))
	if !release.ValidVersion(v) {
		return ""
	}
	return v
}

// updateVerify is `guardsh update --verify FILE --signature SIG`.
func updateVerify(e *env, file, sig string) int {
	if sig == "" {
		e.errorf("update --verify needs --signature SIG")
		return exitError
	}
	data, err := atomicfile.ReadFile(file, 64<<20)
	if err != nil {
		e.errorf("update --verify: %s: %v", file, err)
		return exitError
	}
	s, err := atomicfile.ReadFile(sig, 64<<10)
	if err != nil {
		e.errorf("update --verify: %s: %v", file, err)
		return exitError
	}
	if err := release.Verify(release.PublicKey, data, s); err != nil {
		e.errorf("%s: %v", file, err)
		return exitBlock
	}
	fmt.Fprintf(e.stdout, "%s: signed by the guardsh release key\n", file)
	return exitOK
}
