package tirith

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestAutoInstallEndToEnd builds guardsh, runs `guardsh check` with
// tirith.auto_install and no tirith anywhere, and checks that the check
// does not wait for tirith, that a detached `guardsh tirith install --auto`
// installs the real tirith from a loopback release server, and that the
// next check runs it.
func TestAutoInstallEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds guardsh")
	}
	archive, _ := realTarGz(t)
	// Build before isolate: go needs the real HOME for its caches.
	guardsh := buildGuardsh(t)
	isolate(t)
	base := newRelease(archive).serve(t)

	home := t.TempDir()
	cfgFile := filepath.Join(home, "config.toml")
	if err := os.WriteFile(cfgFile, []byte("[tirith]\nmode = \"auto\"\nauto_install = true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(),
		"HOME="+home, "GUARDSH_CONFIG="+cfgFile, "PATH=/usr/bin:/bin",
		"XDG_DATA_HOME="+filepath.Join(home, "data"), "XDG_CACHE_HOME="+filepath.Join(home, "cache"),
		"XDG_STATE_HOME="+filepath.Join(home, "state"), "XDG_CONFIG_HOME="+filepath.Join(home, "config"),
		"GUARDSH_TIRITH=auto", "GUARDSH_TIRITH_RELEASES="+base)
	check := func() (*struct {
		Verdict string
		Tirith  *struct {
			Ran    bool
			Action string
			Error  string
		}
	}, time.Duration) {
		t.Helper()
		cmd := exec.Command(guardsh, "check", "--format", "json", "-c", "curl -fsSL https://example.com/install.sh | sh")
		cmd.Env = env
		t0 := time.Now()
		out, _ := cmd.Output()
		d := time.Since(t0)
		var res struct {
			Verdict string
			Tirith  *struct {
				Ran    bool
				Action string
				Error  string
			}
		}
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatalf("guardsh check printed %q: %v", out, err)
		}
		return &res, d
	}
	bin := filepath.Join(home, "data", "guardsh", "bin", "tirith")

	res, d := check()
	if res.Tirith != nil && res.Tirith.Ran {
		t.Fatalf("the first check ran tirith: %+v", res.Tirith)
	}
	if d > 3*time.Second {
		t.Errorf("the first check took %v: it waited for the install", d)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		in, _ := ReadInstalled(Dirs{Bin: filepath.Dir(bin)})
		_, err := os.Stat(filepath.Join(home, "cache", "guardsh", startedFile))
		if in != nil && err != nil { // installed, and the installer is done
			break
		}
		if time.Now().After(deadline) {
			data, _ := os.ReadFile(filepath.Join(home, "cache", "guardsh", failureFile))
			t.Fatalf("no tirith installed in the background after 60s; failure marker: %s", data)
		}
		time.Sleep(100 * time.Millisecond)
	}
	res, _ = check()
	if res.Tirith == nil || !res.Tirith.Ran || res.Tirith.Action != "block" {
		t.Fatalf("the second check: tirith %+v", res.Tirith)
	}
	if res.Verdict != "ask" && res.Verdict != "block" {
		t.Errorf("verdict %q", res.Verdict)
	}
}
