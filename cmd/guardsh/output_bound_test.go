package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestOutputBounded: what guardsh prints about a huge or hostile command is
// bounded (review §14: 120 KB of 0xFF made check -c print 50 GB, the text
// reporter printed the whole command once per finding).
func TestOutputBounded(t *testing.T) {
	h := t.TempDir()
	t.Setenv("HOME", h)
	t.Setenv("XDG_CONFIG_HOME", h+"/.config")
	t.Setenv("XDG_STATE_HOME", h+"/.local/state")
	t.Setenv("GUARDSH_TIRITH", "off")
	t.Setenv("NO_COLOR", "1")
	for _, c := range []struct {
		name string
		argv []string
		in   string
		max  int
	}{
		{"check -c, 120 KB of 0xFF", []string{"check", "-c", strings.Repeat("\xff", 120000)}, "", 8 << 10},
		{"check -c, 0xFF every other byte", []string{"check", "-c", strings.Repeat("\xffa", 60000)}, "", 32 << 10},
		{"check -c, 100 rm on one long line", []string{"check", "-c", strings.Repeat("rm -rf /tmp/x; ", 100) + strings.Repeat("a", 100000)}, "", 64 << 10},
		{"check -, 1 MiB of zero-width", []string{"check", "-"}, strings.Repeat("\u200b", 1<<20), 8 << 10},
		{"check --format json, 120 KB of 0xFF", []string{"check", "--format", "json", "-c", strings.Repeat("\xff", 120000)}, "", 2 << 20},
		{"hook, ls; x 1e6", []string{"hook", "--protocol", "claude"},
			`{"session_id":"s","cwd":"/tmp","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"` + strings.Repeat("ls;", 1000000) + `"}}`, 64 << 10},
	} {
		var out, errb bytes.Buffer
		run(append([]string{"guardsh"}, c.argv...), strings.NewReader(c.in), &out, &errb)
		if n := out.Len() + errb.Len(); n > c.max {
			t.Errorf("%s: %d bytes of output, want at most %d", c.name, n, c.max)
		}
		if out.Len() == 0 {
			t.Errorf("%s: no answer", c.name)
		}
	}
	_ = os.Getenv
}
