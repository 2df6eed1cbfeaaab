package rules

import (
	"slices"
	"testing"
)

func TestBracketExpansions(t *testing.T) {
	for _, tc := range []struct {
		pat  string
		want []string
		ok   bool
	}{
		{"*.[oa]", []string{"*.o", "*.a"}, true},
		{"*.py[co]", []string{"*.pyc", "*.pyo"}, true},
		{"*.s[ol]", []string{"*.so", "*.sl"}, true},
		{"x[a-c]", []string{"xa", "xb", "xc"}, true},
		{"*.o", []string{"*.o"}, true},
		{"*.[!o]", nil, false},
		{"*.[^o]", nil, false},
		{"*.o*", nil, false},
		{"*.?", nil, false},
		{"*.[o", nil, false},
		{`*.\o`, nil, false},
		{"*.[a-z][a-z]", nil, false}, // 676 names: more than the limit
	} {
		got, ok := bracketExpansions(tc.pat, 64)
		if ok != tc.ok || !slices.Equal(got, tc.want) {
			t.Errorf("bracketExpansions(%q) = %q, %v; want %q, %v", tc.pat, got, ok, tc.want, tc.ok)
		}
	}
}

func TestRegenerableGlob(t *testing.T) {
	for pat, want := range map[string]bool{
		"*.[oa]": true, "*.py[co]": true, "*.gc??": true, "*.profclang?": true, "*.s[ol]": true,
		"*.[ch]": false, "*.[o-z]": false, "*.gc?": false, "*.c": false, "*": false, "[a-z]*": false,
	} {
		if got := regenerableGlob(pat); got != want {
			t.Errorf("regenerableGlob(%q) = %v, want %v", pat, got, want)
		}
	}
}
