package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(cleaningM{m}, map[string]func(){
		"guardsh": func() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// cleaningM runs the tests, then removes the directories the package's
// build-once helpers made under the system temp directory (the CLI binary,
// the test release), which no single test owns and t.TempDir cannot hold.
type cleaningM struct{ m *testing.M }

func (c cleaningM) Run() int {
	code := c.m.Run()
	for _, dir := range []string{filepath.Dir(cliBin), releaseDir} {
		if dir != "" && dir != "." {
			os.RemoveAll(dir)
		}
	}
	return code
}

// TestScript runs the CLI scripts in testdata/script. Each runs with a fresh
// HOME and XDG directories under its work directory.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			home := env.WorkDir + "/home"
			env.Setenv("HOME", home)
			env.Setenv("XDG_CONFIG_HOME", home+"/.config")
			env.Setenv("XDG_STATE_HOME", home+"/.local/state")
			env.Setenv("XDG_DATA_HOME", home+"/.local/share")
			env.Setenv("XDG_CACHE_HOME", home+"/.cache")
			env.Setenv("GUARDSH_TIRITH", "off")
			env.Setenv("NO_COLOR", "")
			return os.MkdirAll(home, 0o755)
		},
		RequireExplicitExec: true,
	})
}
