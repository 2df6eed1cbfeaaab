package parse

import (
	"strings"
	"testing"
)

// TestFish checks the fish rewrite: the commands found in fish syntax are
// those fish would run.
func TestFish(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"echo (date)", []string{"date", "echo ?$(…)"}},
		{"if test -f x; rm -rf y; end", []string{"test -f x", "rm -rf y"}},
		{"if test -f x; echo a; else if test -d x; echo b; else; echo c; end", []string{"test -f x", "echo a", "test -d x", "echo b", "echo c"}},
		{"for f in a b; echo $f; end", []string{"echo a", "echo b"}},
		{"while true; sleep 1; end", []string{"true", "sleep 1"}},
		{"begin; git reset --hard; end", []string{"git reset --hard"}},
		{"ls; and rm x; or rm y", []string{"ls", "rm x", "rm y"}},
		{"not test -d x", []string{"test -d x"}},
		{"function f; rm z; end", []string{"rm z"}},
		{"switch $x; case a; echo a; case '*'; rm q; end", []string{": ?${x}", ": a", "echo a", ": *", "rm q"}},
		{"echo 'a (b) end; and'", []string{"echo a (b) end; and"}},
		{"command rm w", []string{"command rm w", "command: rm w"}},
	}
	for _, tt := range tests {
		r := Commands(tt.in, Options{Shell: "fish"})
		got := cmds(r)
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%q (as %q):\n got  %q\n want %q\n issues %v", tt.in, fishToBash(tt.in), got, tt.want, r.Issues)
		}
	}
	if r := Commands("if true", Options{Shell: "fish"}); !r.Incomplete {
		t.Errorf("fish if without end must be incomplete")
	}
}
