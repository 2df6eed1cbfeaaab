package main

import (
	"bytes"
	"testing"

	"github.com/creack/pty"
)

// TestColorOK: auto colours a terminal unless TERM=dumb or NO_COLOR is set;
// always and never ignore both; a pipe or buffer gets colour only with always.
func TestColorOK(t *testing.T) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer ptmx.Close()
	defer tty.Close()
	for _, tc := range []struct {
		name, mode, term, noColor string
		onTTY, want               bool
	}{
		{"auto terminal", "auto", "xterm", "", true, true},
		{"auto dumb", "auto", "dumb", "", true, false},
		{"auto NO_COLOR", "auto", "xterm", "1", true, false},
		{"auto not a terminal", "auto", "xterm", "", false, false},
		{"always not a terminal", "always", "dumb", "1", false, true},
		{"never terminal", "never", "xterm", "", true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("TERM", tc.term)
			t.Setenv("NO_COLOR", tc.noColor)
			var w interface{ Write([]byte) (int, error) } = new(bytes.Buffer)
			if tc.onTTY {
				w = tty
			}
			if got := colorOK(w, tc.mode); got != tc.want {
				t.Errorf("colorOK = %v, want %v", got, tc.want)
			}
		})
	}
}
