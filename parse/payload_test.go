package parse

import (
	"strings"
	"testing"
)

// TestFileCommands: an interpreter's file calls and a compound command's
// redirections are recorded as commands, in the directory they run in.
func TestFileCommands(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`cd /x && python3 -c "open('f','w')"`, "/x: >>f"},
		{`python3 -c 'import os; os.rename("a", os.path.expanduser("~/b"))'`, ": mv -- a ~/b"},
		{`perl -e 'symlink "/t", "l"'`, ": ln -s -- /t l"},
		{`cd /x; { echo a; } > f`, "/x: >f"},
		{`(echo a) >> /y/f`, ": >>/y/f"},
		{`while read l; do echo $l; done < in > out`, ": >out"},
	} {
		var got []string
		for _, cmd := range Commands(c.in, Options{}).Commands {
			if cmd.Implied || cmd.Name() == "python3" || cmd.Name() == "perl" || cmd.Name() == "echo" || cmd.Name() == "cd" || cmd.Name() == "read" {
				continue
			}
			s := cmd.Dir + ": " + cmd.String()
			for _, r := range cmd.Redirs {
				if r.Writes() {
					s += r.Op + r.Target.Value
				}
			}
			got = append(got, s)
		}
		if g := strings.Join(got, " | "); g != c.want {
			t.Errorf("%q: got %q, want %q", c.in, g, c.want)
		}
	}
}
