package check

import (
	"context"
	"testing"
)

// FuzzCheck checks the property that matters most: a line that starts with
// rm -rf / at command position is blocked, whatever follows it.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"", "ls", "echo 'x", ")", "cat <<EOF", "\x00", "((((", "# comment", "\\", "`", "$(", "{", "done",
		"| sh", "&& echo ok", strstring(5000, '('), "ｒｍ", "\u202e", "eval", "<<<", "'\n'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		res := Line(context.Background(), "rm -rf /; "+s, Options{})
		if res.Verdict != Block {
			t.Fatalf("rm -rf /; %q: verdict %s, findings %+v", s, res.Verdict, res.Findings)
		}
		res = Line(context.Background(), s, Options{})
		if res.Verdict == "" || res.Findings == nil {
			t.Fatalf("%q: empty result %+v", s, res)
		}
	})
}

func strstring(n int, c byte) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = c
	}
	return string(b)
}

// FuzzScript is FuzzCheck for whole files as guardsh check reads them
// (Options.Script, where the script-ownership relaxations apply): a file
// whose first line is rm -rf / is blocked, whatever the rest holds, and a
// file with rm -rf ~ appended after a line end of its own still asks or
// blocks unless the text before it leaves a quote, heredoc or construct
// open (then that line is data or the file does not parse: never allow).
func FuzzScript(f *testing.F) {
	for _, s := range []string{"", "set -e\n", "d=$(mktemp -d)\ntrap 'rm -rf \"$d\"' EXIT\n", "[ -e work ] && exit 1\nmkdir work\n",
		"rm -rf build; mkdir build\n", "if [ -n \"$x\" ]; then\n", "cd /tmp/x || exit\n", "case $1 in a) D=/tmp;; esac\n",
		"for f in *; do\n", "cat <<EOF\n", "f() { cd \"$1\"; }\n", "alias mkdir=true\n", "\x1b[31m'\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		opts := Options{Script: true}
		res := Script(context.Background(), "f.sh", "rm -rf /\n"+s, opts)
		if res.Verdict != Block {
			t.Fatalf("rm -rf / then %q: verdict %s, findings %+v", s, res.Verdict, res.Findings)
		}
		res = Script(context.Background(), "f.sh", s+"\n\nrm -rf ~\n", opts)
		if res.Verdict == Allow {
			t.Fatalf("%q then rm -rf ~: allowed", s)
		}
	})
}
