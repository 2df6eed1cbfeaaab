package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/guardsh/guardsh/hooks"
)

func TestAgentHooks(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CODEX_HOME", "")
	t.Chdir(t.TempDir())
	write := func(path string, data []byte) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	installed, _, err := hooks.Install(hooks.Claude, nil, hooks.HookCommand(hooks.Claude, "/bin/guardsh"))
	if err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(home, ".claude", "settings.json"), installed)
	write(filepath.Join(home, ".gemini", "settings.json"), []byte(`{"theme": "x"}`))
	got := agentHooks()
	if len(got) != 2 {
		t.Fatalf("agentHooks() = %+v, want claude and gemini", got)
	}
	for _, h := range got {
		want := h.Agent == hooks.Claude
		if h.Installed != want || h.Err != nil {
			t.Errorf("%s (%s): installed %v, err %v", h.Agent, h.File, h.Installed, h.Err)
		}
	}
}
