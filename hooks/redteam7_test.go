package hooks

import "testing"

// TestHookRedteam7 replays, in real bash and zsh under tmux with the hook
// loaded, the seventh red team's end-to-end bypass (notes/redteam7.md):
// FCEDIT=true set on one line (allowed: an assignment), a refused line,
// then a bare fc, which ran the refused line from history without showing
// an editor. The hook now passes the shell's editor to guardsh gate, and
// that fc asks.
func TestHookRedteam7(t *testing.T) {
	needTools(t, "tmux", "bash", "zsh")
	for _, sh := range []string{"bash", "zsh"} {
		t.Run(sh, func(t *testing.T) {
			k := shellKindNamed(sh)
			s := newShellSetup(t)
			tt := s.start(t, k, "", "")
			tt.run("FCEDIT=true")
			tt.ask("touch rerun1; chmod 777 f", "d", `denied`)
			tt.keys(k.clear...)
			tt.ask("fc", "d", `denied`)
			tt.keys(k.clear...)
			tt.run("true")
			if tt.exists("rerun1") || tt.mode("f") != 0o644 {
				t.Fatalf("fc with FCEDIT=true ran the refused line:\n%s", lastLines(tt.screen(), 12))
			}
			// An editor the person sees stays quiet.
			tt.run("FCEDIT=vim; fc -l -1 >/dev/null")
		})
	}
}
