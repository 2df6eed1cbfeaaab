package hooks

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const protoExe = "/home/u/.local/bin/guardsh"

// TestSetupGolden installs guardsh into a sample settings file of each agent,
// compares with the golden file, and checks idempotence and a clean
// uninstall.
func TestSetupGolden(t *testing.T) {
	for _, p := range Protocols {
		dir := filepath.Join("testdata", "golden", "setup")
		before, err := os.ReadFile(filepath.Join(dir, string(p)+".before.json"))
		if err != nil {
			t.Fatal(err)
		}
		cmd := HookCommand(p, protoExe)
		after, changed, err := Install(p, before, cmd)
		if err != nil || !changed {
			t.Fatalf("%s: Install = changed %v, %v", p, changed, err)
		}
		protoGoldenRaw(t, filepath.Join("setup", string(p)+".after.json"), after)
		if !json.Valid(after) {
			t.Errorf("%s: result is not valid JSON:\n%s", p, after)
		}
		if !Installed(p, after) || Installed(p, before) {
			t.Errorf("%s: Installed is wrong", p)
		}
		// Twice changes nothing.
		again, changed, err := Install(p, after, cmd)
		if err != nil || changed || !bytes.Equal(again, after) {
			t.Errorf("%s: second Install changed the file (%v, %v)", p, changed, err)
		}
		// guardsh moved: the command is updated, not duplicated.
		moved, changed, err := Install(p, after, HookCommand(p, "/opt/guardsh/bin/guardsh"))
		if err != nil || !changed || bytes.Count(moved, []byte("hook --protocol")) != 1 ||
			!bytes.Contains(moved, []byte("/opt/guardsh/bin/guardsh")) {
			t.Errorf("%s: Install after a move:\n%s", p, moved)
		}
		// Uninstall gives back the user's settings.
		out, changed, err := Uninstall(p, after)
		if err != nil || !changed {
			t.Fatalf("%s: Uninstall = %v, %v", p, changed, err)
		}
		if !protoSameJSON(out, before) {
			t.Errorf("%s: uninstall did not restore the settings:\n got %s\nwant %s", p, out, before)
		}
		if _, changed, _ := Uninstall(p, out); changed {
			t.Errorf("%s: second Uninstall changed the file", p)
		}
	}
}

// protoSameJSON compares two settings files as JSON values, an empty file
// being an empty object (or no hooks at all).
func protoSameJSON(a, b []byte) bool {
	norm := func(x []byte) string {
		if len(bytes.TrimSpace(x)) == 0 {
			x = []byte("{}")
		}
		var v any
		if json.Unmarshal(x, &v) != nil {
			return "invalid"
		}
		// Cursor and Copilot files get "version": 1 from Install.
		if m, ok := v.(map[string]any); ok && len(m) == 1 && m["version"] == 1.0 {
			v = map[string]any{}
		}
		out, _ := json.Marshal(v)
		return string(out)
	}
	return norm(a) == norm(b)
}

func TestSetupKeepsOthersHooks(t *testing.T) {
	// A hook the user wrote in the same group as guardsh's survives an
	// uninstall; the group goes only when guardsh's handler was its last.
	in := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"guardsh hook --protocol claude"},{"type":"command","command":"mine.sh"}]}]}}`
	out, changed, err := Uninstall(Claude, []byte(in))
	if err != nil || !changed {
		t.Fatal(changed, err)
	}
	if !strings.Contains(string(out), "mine.sh") || strings.Contains(string(out), "guardsh") {
		t.Errorf("uninstall result:\n%s", out)
	}
	// Another program's hook that mentions guardsh in its arguments stays.
	if IsHookCommand(Claude, "notify-send guardsh hook --protocol codex") ||
		IsHookCommand(Claude, "/usr/bin/guardsh hook --protocol codex") ||
		!IsHookCommand(Claude, "'/opt/my tools/guardsh' hook --protocol claude") {
		t.Error("IsHookCommand is wrong")
	}
}

func TestSetupRefusesBrokenFiles(t *testing.T) {
	for _, in := range []string{`{"hooks": 3}`, `{"hooks":{"PreToolUse":{}}}`, `{ // comment
}`, `[1]`, `{"a":1} {}`} {
		if _, _, err := Install(Claude, []byte(in), HookCommand(Claude, protoExe)); err == nil {
			t.Errorf("Install into %q succeeded", in)
		}
	}
}

func TestHookCommandQuotes(t *testing.T) {
	got := HookCommand(Codex, "/Users/Jo Doe/bin/guardsh")
	if got != `'/Users/Jo Doe/bin/guardsh' hook --protocol codex` {
		t.Errorf("HookCommand = %s", got)
	}
	if !IsHookCommand(Codex, got) {
		t.Error("IsHookCommand does not recognise HookCommand")
	}
}
