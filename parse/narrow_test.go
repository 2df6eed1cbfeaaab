package parse

import (
	"slices"
	"strings"
	"testing"
)

// rmOperands returns the last argument of every rm the input runs.
func rmOperands(src string) []string {
	var out []string
	for _, c := range Commands(src, Options{}).Commands {
		if c.Name() == "rm" {
			out = append(out, c.Args[len(c.Args)-1].Value)
		}
	}
	return out
}

func TestNarrow(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string // the rm operands, in any order
	}{
		{`x=; if c; then x=a; fi; if [ -n "$x" ]; then rm -rf /$x; fi`, []string{"/a"}},
		{`x=; if c; then x=a; fi; if [[ -n $x ]]; then rm -rf /$x; fi`, []string{"/a"}},
		{`x=; if c; then x=a; fi; if [ "$x" ]; then rm -rf /$x; fi`, []string{"/a"}},
		{`x=; if c; then x=a; fi; test -n "${x}" && rm -rf /$x`, []string{"/a"}},
		{`x=a; if c; then x=; fi; if [ -z "$x" ]; then rm -rf /$x; fi`, []string{"/"}},
		// not narrowing
		{`x=; if c; then x=a; fi; if [ -n $x ]; then rm -rf /$x; fi`, []string{"/a", "/"}},
		{`x=; if c; then x=a; fi; if ! [ -n "$x" ]; then rm -rf /$x; fi`, []string{"/a", "/"}},
		{`x=; if c; then x=a; fi; [ -n "$x" ] || rm -rf /$x`, []string{"/a", "/"}},
		{`x=; if c; then x=a; fi; if [ -n "$x" ]; then :; else rm -rf /$x; fi`, []string{"/a", "/"}},
		{`x=; if c; then x=a; fi; if [ -n "${x:-}" ]; then rm -rf /$x; fi`, []string{"/a", "/"}},
		// the values come back after the branch
		{`x=; if c; then x=a; fi; if [ -n "$x" ]; then :; fi; rm -rf /$x`, []string{"/a", "/"}},
		// the branch assigns x itself
		{`x=; if c; then x=a; fi; if [ -n "$x" ]; then x=; rm -rf /$x; fi`, []string{"/"}},
	} {
		got := rmOperands(tc.src)
		slices.Sort(got)
		got = slices.Compact(got)
		want := slices.Clone(tc.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: rm operands %q, want %q", tc.src, got, want)
		}
	}
}

// TestSilentGroup checks that test and [ add nothing unknown to what a
// group prints, unless the input defines a function or alias of that name.
func TestSilentGroup(t *testing.T) {
	for _, tc := range []struct {
		src    string
		runsRm bool
	}{
		{`( [ -n "$x" ]; echo "rm -rf ~" ) | sh`, true},
		{`test() { echo "rm -rf ~"; }; ( test; echo hi ) | sh`, true},
		{`( test() { echo "rm -rf ~"; }; test ) | sh`, true},
	} {
		found := false
		for _, c := range Commands(tc.src, Options{}).Commands {
			if c.Name() == "rm" && strings.Join(c.Argv(), " ") == "rm -rf ~" || c.Name() == "rm" && len(c.Via) > 0 {
				found = true
			}
		}
		if found != tc.runsRm {
			t.Errorf("%s: rm found %v, want %v", tc.src, found, tc.runsRm)
		}
	}
}
