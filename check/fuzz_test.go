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
