package parse

import "testing"

// TestLookupOutputPrefixes: a lookup run through command or env prints
// what the lookup prints; an option of command is command's own.
func TestLookupOutputPrefixes(t *testing.T) {
	cases := []struct {
		argv []string
		want string
		ok   bool
	}{
		{[]string{"command", "which", "rm"}, "/usr/bin/rm\n", true},
		{[]string{"env", "which", "rm"}, "/usr/bin/rm\n", true},
		{[]string{"command", "/usr/bin/which", "rm"}, "/usr/bin/rm\n", true},
		{[]string{"command", "-v", "rm"}, "/usr/bin/rm\n", true},
		{[]string{"command", "-V", "rm"}, "", false},
		{[]string{"env", "X=1", "which", "rm"}, "", false},
		{[]string{"env", "ls"}, "", false},
	}
	for _, c := range cases {
		got, ok := lookupOutput(c.argv)
		if got != c.want || ok != c.ok {
			t.Errorf("lookupOutput(%q) = %q, %v; want %q, %v", c.argv, got, ok, c.want, c.ok)
		}
	}
}
