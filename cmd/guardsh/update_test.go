package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// releaseServer serves the test release and its variants on 127.0.0.1:
// /VARIANT/… from disk, /truncated/… with the archive cut in half, and
// /stall/… never answering.
func releaseServer(t *testing.T, r *testRelease) *httptest.Server {
	t.Helper()
	files := http.FileServer(http.Dir(r.root))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		switch {
		case strings.HasPrefix(req.URL.Path, "/stall/"):
			select {
			case <-req.Context().Done():
			case <-time.After(30 * time.Second):
			}
			return
		case strings.HasPrefix(req.URL.Path, "/truncated/"):
			p := strings.Replace(req.URL.Path, "/truncated/", "/good/", 1)
			if strings.HasSuffix(p, ".tar.gz") {
				b, err := os.ReadFile(filepath.Join(r.root, filepath.FromSlash(p)))
				if err != nil {
					http.NotFound(w, req)
					return
				}
				w.Header().Set("Content-Length", strconv.Itoa(len(b)))
				w.Write(b[:len(b)/2])
				return
			}
			req.URL.Path = p
		}
		files.ServeHTTP(w, req)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// installedCopy puts a copy of guardsh 1.0.0 into a fresh bin directory.
func installedCopy(t *testing.T, r *testRelease) (bin string, orig []byte) {
	t.Helper()
	orig = mustRead(t, r.oldBin)
	bin = filepath.Join(t.TempDir(), "bin", "guardsh")
	os.MkdirAll(filepath.Dir(bin), 0o755)
	if err := os.WriteFile(bin, orig, 0o755); err != nil {
		t.Fatal(err)
	}
	return bin, orig
}

func runBin(t *testing.T, bin string, args ...string) (string, error) {
	t.Helper()
	home := t.TempDir()
	cmd := exec.Command(bin, args...)
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_STATE_HOME=" + filepath.Join(home, ".state"), "GUARDSH_TIRITH=off"}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// assertUnchanged checks that a refused update left the old binary
// byte-identical and working.
func assertUnchanged(t *testing.T, bin string, orig []byte) {
	t.Helper()
	if got := mustRead(t, bin); !bytes.Equal(got, orig) {
		t.Fatalf("a refused update changed %s", bin)
	}
	if out, err := runBin(t, bin, "version"); err != nil || !strings.Contains(out, "guardsh 1.0.0") {
		t.Fatalf("the old binary no longer works: %v %s", err, out)
	}
	if m, _ := filepath.Glob(filepath.Join(filepath.Dir(bin), ".guardsh.new")); len(m) > 0 {
		t.Errorf("left %v behind", m)
	}
}

func TestUpdate(t *testing.T) {
	r := makeTestRelease(t)
	r.makeVariants(t)
	srv := releaseServer(t, r)

	t.Run("good", func(t *testing.T) {
		bin, orig := installedCopy(t, r)
		out, err := runBin(t, bin, "update", "--releases", srv.URL+"/good")
		if err != nil || !strings.Contains(out, "updated from 1.0.0 to 2.0.0") {
			t.Fatalf("update: %v\n%s", err, out)
		}
		if out, err := runBin(t, bin, "version"); err != nil || !strings.Contains(out, "guardsh 2.0.0") {
			t.Fatalf("after the update: %v %s", err, out)
		}
		if old := mustRead(t, filepath.Join(filepath.Dir(bin), ".guardsh.old")); !bytes.Equal(old, orig) {
			t.Error("the old binary was not kept for rollback")
		}
		out, err = runBin(t, bin, "update", "--releases", srv.URL+"/good")
		if err != nil || !strings.Contains(out, "already installed") {
			t.Errorf("second update: %v\n%s", err, out)
		}
	})

	t.Run("check and doctor", func(t *testing.T) {
		bin, orig := installedCopy(t, r)
		home := t.TempDir()
		env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "XDG_CACHE_HOME=" + filepath.Join(home, ".cache"), "GUARDSH_TIRITH=off"}
		cmd := exec.Command(bin, "update", "--check", "--releases", srv.URL+"/good")
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "guardsh 2.0.0 is available (this is 1.0.0)") {
			t.Fatalf("update --check: %v\n%s", err, out)
		}
		cmd = exec.Command(bin, "doctor")
		cmd.Env = env
		out, _ = cmd.CombinedOutput()
		if !strings.Contains(string(out), "1.0.0; 2.0.0 is available") {
			t.Errorf("doctor does not report the newer release:\n%s", out)
		}
		assertUnchanged(t, bin, orig)
	})

	refused := []struct {
		name, variant string
		args          []string
		want          string
	}{
		{"tampered archive", "tampered-archive", nil, "SHA-256 mismatch"},
		{"wrong digest line", "sums-wrong", nil, "SHA-256 mismatch"},
		{"duplicated line", "sums-dup", nil, "listed twice"},
		{"bad signature", "bad-sig", nil, "not signed by the guardsh release key"},
		{"another key", "other-key", nil, "another key"},
		{"binary signature", "bin-sig", nil, "binary in"},
		{"truncated download", "truncated", nil, "download"},
		{"stalled server", "stall", []string{"--timeout", "2s"}, "context deadline exceeded"},
		{"downgrade", "good", []string{"--version", "0.5.0"}, "refusing to downgrade"},
		{"missing version", "good", []string{"--version", "3.0.0"}, "404"},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			bin, orig := installedCopy(t, r)
			start := time.Now()
			out, err := runBin(t, bin, append([]string{"update", "--releases", srv.URL + "/" + tt.variant}, tt.args...)...)
			if err == nil || !strings.Contains(out, tt.want) {
				t.Errorf("update from %s: err %v, want an error containing %q:\n%s", tt.variant, err, tt.want, out)
			}
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("took %v", d)
			}
			assertUnchanged(t, bin, orig)
		})
	}

	t.Run("read-only binary", func(t *testing.T) {
		bin, orig := installedCopy(t, r)
		os.Chmod(bin, 0o555)
		out, err := runBin(t, bin, "update", "--releases", srv.URL+"/good")
		if err == nil || !strings.Contains(out, "read-only") {
			t.Errorf("update of a read-only binary: %v\n%s", err, out)
		}
		assertUnchanged(t, bin, orig)
	})

	t.Run("two at once", func(t *testing.T) {
		bin, _ := installedCopy(t, r)
		var wg sync.WaitGroup
		outs := make([]string, 2)
		errs := make([]error, 2)
		for i := range outs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				outs[i], errs[i] = runBin(t, bin, "update", "--releases", srv.URL+"/good")
			}()
		}
		wg.Wait()
		for i := range outs {
			if errs[i] != nil {
				t.Errorf("update %d: %v\n%s", i, errs[i], outs[i])
			}
		}
		if out, err := runBin(t, bin, "version"); err != nil || !strings.Contains(out, "guardsh 2.0.0") {
			t.Fatalf("after two updates: %v %s", err, out)
		}
	})
}

// TestReleaseReproducible builds the same commit's release twice, at
// different times into different directories, and compares every file.
func TestReleaseReproducible(t *testing.T) {
	r := makeTestRelease(t)
	keyFile := filepath.Join(t.TempDir(), "k")
	text, _ := r.priv.MarshalText()
	os.WriteFile(keyFile, text, 0o600)
	out := filepath.Join(t.TempDir(), "again")
	root, _ := filepath.Abs("../..")
	mk := exec.Command("go", "run", "./internal/release/mkrelease", "-version", r.version, "-out", out, "-key", keyFile, "-targets", "linux/amd64,darwin/arm64")
	mk.Dir = root
	mk.Env = append(installEnv(t.TempDir()), "GUARDSH_LDFLAGS=-X github.com/guardsh/guardsh/internal/release.PublicKey="+r.pub)
	if b, err := mk.CombinedOutput(); err != nil {
		t.Fatalf("mkrelease: %v\n%s", err, b)
	}
	host := filepath.Base(archivePath(t, r.dir("good")))
	if !strings.HasSuffix(host, "_linux_amd64.tar.gz") {
		t.Logf("this machine is not linux/amd64: comparing %s only by its build", host)
		return
	}
	for _, name := range []string{host, strings.TrimSuffix(host, ".tar.gz") + ".minisig"} {
		a := mustRead(t, filepath.Join(r.dir("good"), name))
		b := mustRead(t, filepath.Join(out, "v"+r.version, name))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two builds of one commit", name)
		}
	}
}
