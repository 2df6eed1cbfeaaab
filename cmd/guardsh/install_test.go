package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
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

	// --uninstall removes the binary and the hooks, and only them.
	out, err = runInstall(t, script, home, "--prefix", prefix, "--uninstall")
	if err != nil {
		t.Fatalf("install.sh --uninstall: %v\n%s", err, out)
	}
	if got := readText(t, bashrc); got != userText {
		t.Errorf(".bashrc after uninstall is %q, want %q", got, userText)
	}
	for _, p := range []string{zshrc, fishrc, bin} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s still there after uninstall", p)
		}
	}
}

// releaseArchive is a tar.gz holding one executable named guardsh.
func releaseArchive(t *testing.T, body string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	if err := tw.WriteHeader(&tar.Header{Name: "guardsh", Mode: 0o755, Size: int64(len(body))}); err != nil {
		t.Fatal(err)
	}
	tw.Write([]byte(body))
	tw.Close()
	zw.Close()
	return buf.Bytes()
}

func TestInstallRelease(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Fatalf("the release test names linux archives")
	}
	arch := map[string]string{"amd64": "amd64", "arm64": "arm64"}[runtime.GOARCH]
	const version = "1.2.3"
	name := fmt.Sprintf("guardsh_%s_linux_%s.tar.gz", version, arch)
	body := "#!/bin/sh\necho guardsh 1.2.3\n"
	archive := releaseArchive(t, body)
	sum := sha256.Sum256(archive)
	sums := hex.EncodeToString(sum[:]) + "  " + name + "\n"
	badSums := strings.Repeat("0", 64) + "  " + name + "\n"
	mux := http.NewServeMux()
	mux.HandleFunc("/good/v1.2.3/"+name, func(w http.ResponseWriter, r *http.Request) { w.Write(archive) })
	mux.HandleFunc("/good/v1.2.3/SHA256SUMS", func(w http.ResponseWriter, r *http.Request) { installWrite(w, sums) })
	mux.HandleFunc("/bad/v1.2.3/"+name, func(w http.ResponseWriter, r *http.Request) { w.Write(archive) })
	mux.HandleFunc("/bad/v1.2.3/SHA256SUMS", func(w http.ResponseWriter, r *http.Request) { installWrite(w, badSums) })
	srv := httptest.NewServer(mux) // listens on 127.0.0.1
	defer srv.Close()

	// A copy of the script outside the checkout, as after curl | sh.
	home := t.TempDir()
	src, err := os.ReadFile("../../install.sh")
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(home, "install.sh")
	if err := os.WriteFile(script, src, 0o755); err != nil {
		t.Fatal(err)
	}

	out, err := runInstall(t, script, home, "--version", version, "--releases", srv.URL+"/good", "--no-rc")
	if err != nil {
		t.Fatalf("install.sh --version: %v\n%s", err, out)
	}
	bin := filepath.Join(home, ".local", "bin", "guardsh")
	if got := readText(t, bin); got != body {
		t.Fatalf("installed %q, want the archive's binary", got)
	}
	if _, err := os.Stat(filepath.Join(home, ".bashrc")); !os.IsNotExist(err) {
		t.Errorf("--no-rc wrote .bashrc")
	}

	for _, args := range [][]string{
		{"--version", version, "--releases", srv.URL + "/bad"},
		{"--url", srv.URL + "/good/v1.2.3/" + name, "--sha256", strings.Repeat("a", 64)},
	} {
		prefix := filepath.Join(home, "p")
		out, err := runInstall(t, script, home, append(args, "--prefix", prefix)...)
		if err == nil || !strings.Contains(out, "SHA-256 mismatch") {
			t.Errorf("install.sh %v with a wrong digest: %v\n%s", args, err, out)
		}
		if _, err := os.Stat(filepath.Join(prefix, "bin", "guardsh")); !os.IsNotExist(err) {
			t.Errorf("install.sh %v installed a binary that failed its check", args)
		}
		if _, err := os.Stat(filepath.Join(home, ".zshrc")); !os.IsNotExist(err) {
			t.Errorf("a failed install wrote rc files")
		}
	}

	// Outside a checkout, with no version, it says what to do.
	out, err = runInstall(t, script, home)
	if err == nil || !strings.Contains(out, "hint: pass --version") {
		t.Errorf("install.sh with nothing to install from: %v\n%s", err, out)
	}
}

func installWrite(w http.ResponseWriter, s string) { w.Write([]byte(s)) }
