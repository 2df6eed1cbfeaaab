package tirith

import (
	"os"
	"os/exec"
	"testing"
)

// realTirith returns the path of the real tirith 0.4.2 binary: the one
// named by $GUARDSH_TEST_TIRITH (which .ci/run exports after
// .ci/install-tirith.sh), else a tirith on PATH. Under CI=true a missing
// binary fails the test; on a developer's machine it skips.
func realTirith(t testing.TB) string {
	t.Helper()
	p := os.Getenv("GUARDSH_TEST_TIRITH")
	if p == "" {
		p, _ = exec.LookPath("tirith")
	}
	if p != "" && isExecutable(p) {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("the real tirith is missing: run .ci/install-tirith.sh and export GUARDSH_TEST_TIRITH=<path it prints> (got %q)", p)
	}
	t.Skip("no real tirith: set GUARDSH_TEST_TIRITH (see .ci/install-tirith.sh)")
	return ""
}

// isolate gives tirith a private HOME and XDG directories: it writes its
// own logs there.
func isolate(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, v := range []string{"XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"} {
		t.Setenv(v, home+"/"+v)
	}
}

func execCommand(name string, args ...string) *exec.Cmd { return exec.Command(name, args...) }
