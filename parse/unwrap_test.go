package parse

import (
	"strings"
	"testing"
)

// TestGuardshCarrier checks that a nested guardsh is unwrapped like bash -c:
// $SHELL mode, gate -c, check -c, check -- ARG... and a script on its input.
func TestGuardshCarrier(t *testing.T) {
	tests := []struct {
		in, want string // want: the inner command and its carrier chain
	}{
		{"guardsh -c 'rm x'", "rm x via guardsh -c"},
		{"/usr/local/bin/guardsh -lc 'rm x'", "rm x via guardsh -c"},
		{"guardsh gate -c 'rm x'", "rm x via guardsh gate -c"},
		{"guardsh gate --shell zsh -c 'rm x'", "rm x via guardsh gate -c"},
		{"guardsh check -c 'rm x'", "rm x via guardsh check -c"},
		{"guardsh check --c='rm x'", "rm x via guardsh check -c"},
		{"guardsh check -- rm x", "rm x via guardsh check --"},
		{"echo 'rm x' | guardsh check -", "rm x via | guardsh check"},
		{"echo 'rm x' | guardsh", "rm x via | guardsh"},
		{"env GUARDSH_YOLO=1 guardsh -c 'rm x'", "rm x via env > guardsh -c"},
		{"exec -a -guardsh guardsh -c 'rm x'", "rm x via exec > guardsh -c"},
	}
	for _, tt := range tests {
		r := Commands(tt.in, Options{})
		var got []string
		for _, c := range r.Commands {
			got = append(got, c.String()+" via "+strings.Join(c.Via, " > "))
		}
		found := false
		for _, g := range got {
			found = found || g == tt.want
		}
		if !found {
			t.Errorf("%q: want %q among %q", tt.in, tt.want, got)
		}
	}
	// Read-only verbs carry nothing.
	for _, in := range []string{"guardsh approve K7PQ2M", "guardsh explain rm-rf-root", "guardsh log -n 5"} {
		if r := Commands(in, Options{}); len(r.Commands) != 1 {
			t.Errorf("%q: want one command, got %d", in, len(r.Commands))
		}
	}
}
