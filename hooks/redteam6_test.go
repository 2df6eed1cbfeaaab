package hooks

import "testing"

// TestHookRedteam6 replays, in real shells under tmux with the hook loaded,
// the sixth red team's end-to-end bypasses (notes/redteam6.md), each of
// which ran a refused line or turned the hook off before the fix:
//   - bash fc -s and zsh r re-ran the line just denied, from history;
//   - bash set +o emacs and zsh unsetopt zle switched line editing, and
//     with it the hook, off;
//   - fish abbr -a put code behind a word that Enter expanded unchecked.
//
// Each now asks; denied, nothing runs, and the next line that asks is still
// asked about.
func TestHookRedteam6(t *testing.T) {
	needTools(t, "tmux", "bash", "zsh", "fish")
	cases := []struct {
		shell string
		steps []string // each line must ask; it is denied
	}{
		{"bash", []string{"touch rerun1; chmod 777 f", "fc -s", "set +o emacs"}},
		{"zsh", []string{"touch rerun1; chmod 777 f", "r", "unsetopt zle"}},
		{"fish", []string{"abbr -a zz 'touch rerun1; chmod 777 f'"}},
	}
	for _, tc := range cases {
		t.Run(tc.shell, func(t *testing.T) {
			k := shellKindNamed(tc.shell)
			s := newShellSetup(t)
			tt := s.start(t, k, "", "")
			for _, line := range tc.steps {
				tt.ask(line, "d", `denied`)
				tt.keys(k.clear...)
				tt.run("true")
				if tt.exists("rerun1") || tt.mode("f") != 0o644 {
					t.Fatalf("%q, denied, let a refused line run:\n%s", line, lastLines(tt.screen(), 12))
				}
			}
			if tc.shell == "fish" {
				tt.typeText("zz")
				tt.keys("Enter")
				tt.settle()
				if tt.exists("rerun1") {
					t.Fatalf("the abbreviation refused at its definition ran:\n%s", lastLines(tt.screen(), 12))
				}
			}
			// The hook still asks.
			tt.ask("touch after1; chmod 777 f", "d", `denied`)
			tt.keys(k.clear...)
			tt.run("true")
			if tt.exists("after1") {
				t.Fatalf("the hook no longer asks:\n%s", lastLines(tt.screen(), 12))
			}
		})
	}
}
