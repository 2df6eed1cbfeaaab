package tirith

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/guardsh/guardsh/config"
)

// env is a fake environment for New.
type env map[string]string

func (e env) get(k string) string { return e[k] }

func newScanner(t *testing.T, cfg config.Tirith, e env) (*Scanner, *int) {
	t.Helper()
	root := t.TempDir()
	if _, ok := e["XDG_DATA_HOME"]; !ok {
		e["XDG_DATA_HOME"] = filepath.Join(root, "data")
	}
	if _, ok := e["XDG_CACHE_HOME"]; !ok {
		e["XDG_CACHE_HOME"] = filepath.Join(root, "cache")
	}
	s := New(cfg, e.get)
	started := new(int)
	s.StartInstall = func() error { *started++; return nil }
	return s, started
}

func TestMode(t *testing.T) {
	for _, tt := range []struct {
		cfg, env, want string
	}{
		{"", "", ModeAuto},
		{"auto", "", ModeAuto},
		{"on", "", ModeOn},
		{"off", "", ModeOff},
		{"on", "off", ModeOff},
		{"off", "ON", ModeOn},
		{"auto", "bogus", ModeOn},
		{"bogus", "", ModeOn},
	} {
		s, _ := newScanner(t, config.Tirith{Mode: tt.cfg}, env{"GUARDSH_TIRITH": tt.env})
		if s.Mode() != tt.want {
			t.Errorf("mode %q, env %q: %s, want %s", tt.cfg, tt.env, s.Mode(), tt.want)
		}
	}
	s, _ := newScanner(t, config.Tirith{Mode: "off"}, env{})
	if s.Wants("curl https://x | sh") {
		t.Error("mode off wants a line")
	}
	if info, fs := s.Scan(context.Background(), "curl https://x | sh"); info != nil || fs != nil {
		t.Errorf("mode off scanned: %+v %v", info, fs)
	}
	s, _ = newScanner(t, config.Tirith{Releases: DefaultReleases}, env{"GUARDSH_TIRITH_RELEASES": "http://127.0.0.1:1/x"})
	if got := s.InstallOptions().Releases; got != "http://127.0.0.1:1/x" {
		t.Errorf("GUARDSH_TIRITH_RELEASES ignored: %s", got)
	}
	s, _ = newScanner(t, config.Tirith{}, env{"XDG_DATA_HOME": "/d", "XDG_CACHE_HOME": "/c"})
	if d := s.Dirs(); d.Bin != "/d/guardsh/bin" || d.Cache != "/c/guardsh" {
		t.Errorf("dirs = %+v", d)
	}
}

func TestScanReal(t *testing.T) {
	bin := realTirith(t)
	isolate(t)
	// What the user's environment says must not weaken tirith.
	t.Setenv("TIRITH", "0")
	t.Setenv("TIRITH_FAIL_OPEN", "1")
	t.Setenv("TIRITH_POLICY_ROOT", t.TempDir())
	s, _ := newScanner(t, config.Tirith{Mode: "on", Path: bin, FailOpen: true}, env{})
	ctx := context.Background()

	line := "curl -fsSL https://example.com/install.sh | bash"
	if !s.Wants(line) {
		t.Fatal("Wants is false")
	}
	info, fs := s.Scan(ctx, line)
	if info == nil || !info.Ran || info.Action != "block" || info.Error != "" || info.MS <= 0 {
		t.Fatalf("info = %+v", info)
	}
	if len(fs) != 1 || fs[0].Rule != "tirith:curl_pipe_shell" || fs[0].Source != "tirith" || !fs[0].NeverPermanent {
		t.Fatalf("findings = %+v", fs)
	}
	info, fs = s.Scan(ctx, "git clone https://github.com/foo/bar")
	if info == nil || !info.Ran || info.Action != "allow" || len(fs) != 0 {
		t.Fatalf("allow: info = %+v, findings %+v", info, fs)
	}
	// One string, never split: quoting survives.
	info, fs = s.Scan(ctx, `echo "curl https://example.com | bash"`)
	if info.Action != "allow" || len(fs) != 0 {
		t.Errorf("quoted text was taken for a command: %+v %+v", info, fs)
	}
}

func TestScanFailures(t *testing.T) {
	ctx := context.Background()
	t.Run("auto, missing", func(t *testing.T) {
		s, started := newScanner(t, config.Tirith{Mode: "auto"}, env{"PATH": "/nonexistent"})
		if info, fs := s.Scan(ctx, "curl https://x"); info != nil || fs != nil {
			t.Fatalf("got %+v %v", info, fs)
		}
		if *started != 0 {
			t.Error("an install started without auto_install")
		}
	})
	t.Run("on, missing", func(t *testing.T) {
		s, _ := newScanner(t, config.Tirith{Mode: "on"}, env{"PATH": "/nonexistent"})
		info, fs := s.Scan(ctx, "curl https://x")
		if info == nil || info.Ran || !strings.Contains(info.Error, "not installed") || fs != nil {
			t.Fatalf("got %+v %v", info, fs)
		}
	})
	t.Run("auto, broken", func(t *testing.T) {
		bin := fakeTirith(t, t.TempDir(), "swallow")
		s, _ := newScanner(t, config.Tirith{Mode: "auto", FailOpen: false}, env{"PATH": filepath.Dir(bin)})
		info, fs := s.Scan(ctx, "curl https://x")
		if info == nil || !strings.Contains(info.Error, "failed the probe") || fs != nil || s.FailOpen() {
			t.Fatalf("got %+v %v", info, fs)
		}
	})
	t.Run("timeout", func(t *testing.T) {
		dir := t.TempDir()
		good := fakeTirith(t, dir, "good")
		s, _ := newScanner(t, config.Tirith{Mode: "on", Path: good, Timeout: config.Duration{Duration: 300 * time.Millisecond}}, env{})
		if _, err := s.Binary(ctx); err != nil { // probe the good one …
			t.Fatal(err)
		}
		fakeTirith(t, dir, "slow") // … then it hangs
		t0 := time.Now()
		info, fs := s.Scan(ctx, "curl https://x")
		if info == nil || info.Ran || !strings.Contains(info.Error, "timed out") || fs != nil {
			t.Fatalf("got %+v %v", info, fs)
		}
		if d := time.Since(t0); d > 3*time.Second {
			t.Errorf("a 300ms timeout took %v", d)
		}
	})
}

func TestAutoInstall(t *testing.T) {
	ctx := context.Background()
	cfg := config.Tirith{Mode: "auto", AutoInstall: true}
	e := env{"PATH": "/nonexistent"}
	s, started := newScanner(t, cfg, e)
	if info, _ := s.Scan(ctx, "curl https://x"); info != nil {
		t.Fatalf("auto mode waited for tirith: %+v", info)
	}
	if *started != 1 {
		t.Fatalf("started %d installs, want 1", *started)
	}
	// Another guardsh a moment later does not start a second one.
	s2 := New(cfg, e.get)
	s2.SetDirs(s.Dirs())
	n2 := 0
	s2.StartInstall = func() error { n2++; return nil }
	s2.Scan(ctx, "curl https://x")
	if n2 != 0 {
		t.Errorf("a second install started while one runs")
	}
	// It ended with a failure: no new attempt for 24 hours.
	s.FinishAuto()
	RecordFailure(s.Dirs(), "0.4.2", errors.New("download failed"))
	s2.Scan(ctx, "curl https://x")
	if n2 != 0 || s.AutoInstallDue(time.Now()) {
		t.Errorf("an install started despite a fresh failure marker")
	}
	if !s.AutoInstallDue(time.Now().Add(Backoff + time.Minute)) {
		t.Errorf("no install due after the back-off")
	}
	// A "cosign missing" failure ends when cosign appears.
	RecordFailure(s.Dirs(), "0.4.2", ErrCosignMissing)
	if s.AutoInstallDue(time.Now()) {
		t.Errorf("install due with cosign still missing")
	}
	cosignDir := t.TempDir()
	os.WriteFile(filepath.Join(cosignDir, "cosign"), []byte("#!/bin/sh\n"), 0o755)
	e["PATH"] = cosignDir
	if !s.AutoInstallDue(time.Now()) {
		t.Errorf("no install due once cosign appeared")
	}
	s2.Scan(ctx, "curl https://x")
	if n2 != 1 {
		t.Errorf("cosign appeared, yet no install started")
	}
}
