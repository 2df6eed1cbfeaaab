package parse

import (
	"fmt"
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
		{"set -l D /etc; rm -rf $D", []string{"rm -rf /etc"}},
		{"set -gx D ~; rm -rf $D/x", []string{"export D=~", "rm -rf ~/x"}},
		{"set D (pwd); rm $D/x", []string{"pwd", "rm ?${D}/x"}},
		{"set D a b; echo $D", []string{"set D a b", "echo ?${D}"}},
		{"set -e D; echo $D", []string{"set -e D", "echo ?${D}"}},
		{"set D; echo x$D", []string{"echo x"}},
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

// TestCommandSpans: a command's span is the command itself, in every
// dialect: not the whole line (fish used to map every command to the whole
// input) and not the ; or blanks that end it. A & stays (it is how the
// command runs), redirections stay (they are part of it).
func TestCommandSpans(t *testing.T) {
	tests := []struct {
		shell, in string
		want      []string // the text of each command's span, with its line
	}{
		{"bash", "echo hi; rm -rf x; ls", []string{"1 echo hi", "1 rm -rf x", "1 ls"}},
		{"bash", "rm -rf x ;ls", []string{"1 rm -rf x", "1 ls"}},
		{"bash", "rm -rf x 2>/dev/null ; ls", []string{"1 rm -rf x 2>/dev/null", "1 ls"}},
		{"bash", "rm -rf x &", []string{"1 rm -rf x &"}},
		{"posix", "a;b", []string{"1 a", "1 b"}},
		{"zsh", "rm -rf x; ls", []string{"1 rm -rf x", "1 ls"}},
		{"fish", "echo hi; rm -rf x; ls", []string{"1 echo hi", "1 rm -rf x", "1 ls"}},
		{"fish", "if test -d x; rm -rf x; end", []string{"1 test -d x", "1 rm -rf x"}},
		{"fish", "begin; chmod -R 777 /srv; end", []string{"1 chmod -R 777 /srv"}},
		{"fish", "not true; or rm -rf x", []string{"1 not true", "1 rm -rf x"}},
		{"fish", "echo a\nand git reset --hard", []string{"1 echo a", "2 git reset --hard"}},
		{"fish", "function f; git reset --hard; end; f", []string{"1 git reset --hard", "1 f", "1 git reset --hard"}}, // the body again, where f runs
		{"fish", "echo (git reset --hard)", []string{"1 git reset --hard", "1 echo (git reset --hard)"}},
		{"fish", "rm 'a;b' ;ls", []string{"1 rm 'a;b'", "1 ls"}},
		{"fish", "for f in a b\n  rm $f\nend", []string{"2 rm $f", "2 rm $f"}},
	}
	for _, tt := range tests {
		r := Commands(tt.in, Options{Shell: tt.shell})
		var got []string
		for _, c := range r.Commands {
			got = append(got, fmt.Sprintf("%d %s", c.Line, tt.in[c.Start:c.End]))
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%s %q:\n got  %q\n want %q", tt.shell, tt.in, got, tt.want)
		}
	}
}
