package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// install.sh is tested against a throwaway HOME: from this checkout (go
// build) and from a release archive served on 127.0.0.1.

// installEnv is a clean environment with HOME at home.
func installEnv(home string) []string {
	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")}
	for _, k := range []string{"GOPATH", "GOCACHE", "GOMODCACHE", "GOFLAGS", "GOPROXY", "GOROOT"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	if _, ok := os.LookupEnv("GOCACHE"); !ok {
		if c, err := os.UserCacheDir(); err == nil {
			env = append(env, "GOCACHE="+filepath.Join(c, "go-build"))
		}
	}
	if _, ok := os.LookupEnv("GOMODCACHE"); !ok {
		if out, err := exec.Command("go", "env", "GOMODCACHE").Output(); err == nil {
			env = append(env, "GOMODCACHE="+strings.TrimSpace(string(out)))
		}
	}
	return env
}

func runInstall(t *testing.T, script, home string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("sh", append([]string{script}, args...)...)
	cmd.Env = installEnv(home)
	cmd.Dir = home
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestInstallFromCheckout(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish", "go"} {
		if _, err := exec.LookPath(sh); err != nil {
			t.Fatalf("%s is needed: %v", sh, err)
		}
	}
	script, err := filepath.Abs("../../install.sh")
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	prefix := filepath.Join(home, "prefix")
	bashrc := filepath.Join(home, ".bashrc")
	const userText = "# my bashrc\nalias ll='ls -l'\n"
	if err := os.WriteFile(bashrc, []byte(userText), 0o640); err != nil {
		t.Fatal(err)
	}
	out, err := runInstall(t, script, home, "--prefix", prefix)
	if err != nil {
		t.Fatalf("install.sh: %v\n%s", err, out)
	}
	bin := filepath.Join(prefix, "bin", "guardsh")
	if v, err := exec.Command(bin, "version").Output(); err != nil || !strings.HasPrefix(string(v), "guardsh ") {
		t.Fatalf("installed binary: %q, %v", v, err)
	}
	extras := []string{"man/man1/guardsh.1", "bash-completion/completions/guardsh", "zsh/site-functions/_guardsh", "fish/vendor_completions.d/guardsh.fish"}
	for i, x := range extras {
		extras[i] = filepath.Join(prefix, "share", x)
		if b, err := os.ReadFile(extras[i]); err != nil || len(b) == 0 {
			t.Errorf("install.sh did not write %s: %v", extras[i], err)
		}
	}
	zshrc := filepath.Join(home, ".zshrc")
	fishrc := filepath.Join(home, ".config", "fish", "config.fish")
	b := readText(t, bashrc)
	wantBash := userText + "# >>> guardsh >>>\n# added by guardsh's install.sh; remove with: sh install.sh --uninstall\n" +
		"eval \"$('" + bin + "' init bash)\"\n# <<< guardsh <<<\n"
	if b != wantBash {
		t.Errorf(".bashrc is\n%s\nwant\n%s", b, wantBash)
	}
	if fi, err := os.Stat(bashrc); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf(".bashrc mode changed: %v %v", fi.Mode(), err)
	}
	if z := readText(t, zshrc); !strings.Contains(z, "eval \"$('"+bin+"' init zsh)\"") {
		t.Errorf(".zshrc lacks the hook:\n%s", z)
	}
	if f := readText(t, fishrc); !strings.Contains(f, "'"+bin+"' init fish | source") {
		t.Errorf("config.fish lacks the hook:\n%s", f)
	}

	// The rc lines work: each shell, started on them, has the hook.
	for _, c := range [][]string{
		{"bash", "--noprofile", "--rcfile", bashrc, "-ic", "echo $GUARDSH_HOOK"},
		{"zsh", "-d", "-ic", "echo $GUARDSH_HOOK"},
		{"fish", "-ic", "echo $GUARDSH_HOOK"},
	} {
		cmd := exec.Command(c[0], c[1:]...)
		cmd.Env = append(installEnv(home), "ZDOTDIR="+home, "GUARDSH_TIRITH=off")
		got, _ := cmd.Output()
		if !strings.HasPrefix(strings.TrimSpace(string(got)), c[0]+":") {
			t.Errorf("%s started with its rc file: GUARDSH_HOOK=%q", c[0], got)
		}
	}

	// Twice changes nothing.
	before := []string{readText(t, bashrc), readText(t, zshrc), readText(t, fishrc)}
	out, err = runInstall(t, script, home, "--prefix", prefix)
	if err != nil {
		t.Fatalf("second install.sh: %v\n%s", err, out)
	}
	after := []string{readText(t, bashrc), readText(t, zshrc), readText(t, fishrc)}
	for i := range before {
		if before[i] != after[i] {
			t.Errorf("second run changed an rc file:\n%s\nto\n%s", before[i], after[i])
		}
	}
	if !strings.Contains(out, "already installed") || !strings.Contains(out, "hook already in") {
		t.Errorf("second run does not say all was in place:\n%s", out)
	}

	// --uninstall removes the binary, the hooks, and the agent hook that
	// `guardsh setup claude` added (it would point at a removed binary).
	setup := exec.Command(bin, "setup", "claude")
	setup.Env = installEnv(home)
	if b, err := setup.CombinedOutput(); err != nil {
		t.Fatalf("guardsh setup claude: %v\n%s", err, b)
	}
	out, err = runInstall(t, script, home, "--prefix", prefix, "--uninstall")
	if err != nil {
		t.Fatalf("install.sh --uninstall: %v\n%s", err, out)
	}
	if got := readText(t, bashrc); got != userText {
		t.Errorf(".bashrc after uninstall is %q, want %q", got, userText)
	}
	if s := readText(t, filepath.Join(home, ".claude", "settings.json")); strings.Contains(s, "guardsh") {
		t.Errorf("the claude hook survived --uninstall:\n%s\n%s", s, out)
	}
	out, err = runInstall(t, script, home, "--prefix", prefix, "--uninstall")
	if err != nil || !strings.Contains(out, "nothing to remove") {
		t.Errorf("a second --uninstall: %v\n%s", err, out)
	}
	for _, p := range append([]string{zshrc, fishrc, bin}, extras...) {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s still there after uninstall", p)
		}
	}
}

// TestInstallRelease runs install.sh, copied outside the checkout as after
// curl | sh, against the test release served on 127.0.0.1: the latest
// release and a pinned one install; a tampered archive, a bad or foreign
// signature and a wrong --sha256 install nothing.
func TestInstallRelease(t *testing.T) {
	if _, err := exec.LookPath("minisign"); err != nil {
		t.Fatalf("minisign is needed (Debian package minisign): %v", err)
	}
	r := makeTestRelease(t)
	r.makeVariants(t)
	srv := releaseServer(t, r)
	home := t.TempDir()
	script := filepath.Join(home, "install.sh")
	if err := os.WriteFile(script, mustRead(t, "../../install.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	run := func(env []string, args ...string) (string, error) {
		cmd := exec.Command("sh", append([]string{script}, args...)...)
		cmd.Env = append(installEnv(home), env...)
		cmd.Dir = home
		out, err := cmd.CombinedOutput()
		return string(out), err
	}

	// The latest release, signature checked with minisign.
	out, err := run(nil, "--releases", srv.URL+"/good", "--public-key", r.pub, "--no-rc")
	if err != nil || !strings.Contains(out, "latest release: 2.0.0") || !strings.Contains(out, "checked with minisign") {
		t.Fatalf("install.sh (latest): %v\n%s", err, out)
	}
	bin := filepath.Join(home, ".local", "bin", "guardsh")
	if v, err := exec.Command(bin, "version").Output(); err != nil || !strings.Contains(string(v), "guardsh 2.0.0") {
		t.Fatalf("installed binary: %q, %v", v, err)
	}
	if _, err := os.Stat(filepath.Join(home, ".bashrc")); !os.IsNotExist(err) {
		t.Errorf("--no-rc wrote .bashrc")
	}

	// Without minisign on PATH, an installed guardsh checks the signature
	// with its compiled-in key.
	tools := filepath.Join(home, "tools")
	os.MkdirAll(tools, 0o755)
	for _, tool := range []string{"sh", "curl", "tar", "gzip", "awk", "sha256sum", "mktemp", "uname", "tr", "wc", "cat", "mv",
		"chmod", "cmp", "dirname", "basename", "mkdir", "rm", "grep", "sed", "printf", "cut", "stat"} {
		if p, err := exec.LookPath(tool); err == nil {
			os.Symlink(p, filepath.Join(tools, tool))
		}
	}
	prefix := filepath.Join(home, "p2")
	os.MkdirAll(filepath.Join(prefix, "bin"), 0o755)
	os.WriteFile(filepath.Join(prefix, "bin", "guardsh"), mustRead(t, r.oldBin), 0o755)
	cmd := exec.Command("sh", script, "--version", "2.0.0", "--releases", srv.URL+"/good", "--prefix", prefix, "--no-rc")
	cmd.Env = []string{"HOME=" + home, "PATH=" + tools}
	if b, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(b), "checked with the installed") {
		t.Errorf("install.sh without minisign, over an installed guardsh: %v\n%s", err, b)
	}
	cmd = exec.Command("sh", script, "--version", "2.0.0", "--releases", srv.URL+"/bad-sig", "--prefix", prefix, "--no-rc")
	cmd.Env = []string{"HOME=" + home, "PATH=" + tools}
	if b, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(b), "not by the guardsh release key") {
		t.Errorf("install.sh without minisign, bad signature: %v\n%s", err, b)
	}

	name := filepath.Base(archivePath(t, r.dir("good")))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--version", "2.0.0", "--releases", srv.URL + "/tampered-archive"}, "SHA-256 mismatch"},
		{[]string{"--version", "2.0.0", "--releases", srv.URL + "/bad-sig"}, "not by the guardsh release key"},
		{[]string{"--version", "2.0.0", "--releases", srv.URL + "/other-key"}, "not by the guardsh release key"},
		{[]string{"--version", "2.0.0", "--releases", srv.URL + "/sums-dup"}, "more than once"},
		{[]string{"--url", srv.URL + "/good/v2.0.0/" + name, "--sha256", strings.Repeat("a", 64)}, "SHA-256 mismatch"},
	} {
		prefix := filepath.Join(home, "p")
		out, err := run(nil, append(c.args, "--public-key", r.pub, "--prefix", prefix)...)
		if err == nil || !strings.Contains(out, c.want) {
			t.Errorf("install.sh %v: %v, want %q\n%s", c.args, err, c.want, out)
		}
		if _, err := os.Stat(filepath.Join(prefix, "bin", "guardsh")); !os.IsNotExist(err) {
			t.Errorf("install.sh %v installed a binary that failed its check", c.args)
		}
		if _, err := os.Stat(filepath.Join(home, ".zshrc")); !os.IsNotExist(err) {
			t.Errorf("a failed install wrote rc files")
		}
	}

	// Outside a checkout, with no release to be had, it says what to do.
	out, err = run(nil, "--releases", srv.URL+"/none")
	if err == nil || !strings.Contains(out, "hint: pass --version") {
		t.Errorf("install.sh with nothing to install from: %v\n%s", err, out)
	}
}

// TestInstallHelp: install.sh --help prints its comment block, all of it
// and nothing of the code after it (a fixed line range once ran past it).
func TestInstallHelp(t *testing.T) {
	script, err := filepath.Abs("../../install.sh")
	if err != nil {
		t.Fatal(err)
	}
	src := readText(t, script)
	var want []string
	for _, l := range strings.Split(src, "\n")[1:] {
		if !strings.HasPrefix(l, "#") {
			break
		}
		l = strings.TrimPrefix(strings.TrimPrefix(l, "#"), " ")
		want = append(want, l)
	}
	for _, flag := range []string{"--help", "-h"} {
		out, err := runInstall(t, script, t.TempDir(), flag)
		if err != nil {
			t.Fatalf("install.sh %s: %v\n%s", flag, err, out)
		}
		if got := strings.Join(want, "\n") + "\n"; out != got {
			t.Errorf("install.sh %s printed\n%s\nwant the comment block\n%s", flag, out, got)
		}
		if strings.Contains(out, "set -eu") || strings.Contains(out, "prog=") {
			t.Errorf("install.sh %s prints code: %s", flag, out)
		}
	}
}
