package parse

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestScopeInRealBash checks, against real bash, what a variable holds
// after unset, subshells, pipelines, background commands, functions and
// eval: the line is PREFIX; probe "/$x". bash prints the probe's argument;
// guardsh must read the same value (among the values it keeps from
// branches), or, where the case says so, not know it.
func TestScopeInRealBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	for _, tc := range []struct {
		prefix string
		known  bool // guardsh knows the value
	}{
		{"x=1; unset x", true},
		{"x=1; unset -v x", true},
		{"x=1; unset -- x", true},
		{"x=1; unset y x", true},
		{"x=1; (unset x)", true},
		{"x=1; { unset x; }", true},
		{"x=1; f() { unset x; }; f", true},
		{"x=1; f() { unset x; }; f a b", true},
		{"x=1; f() { local x; unset x; }; f", true},
		{"x=1; f() { unset x; }", true},
		{"x=1; f() ( unset x ); f", true},
		{"x=1; eval 'unset x'", true},
		{"x=1; y=$(unset x)", true},
		{"x=1; unset x | cat", true},
		{"x=1; unset x & wait", true},
		{"x=1; true && unset x", true},
		{"x=1; false && unset x", true},
		{"x=/; f() { x=a; }", true},
		{"x=a; f() { x=/; }; f", true},
		{"x=/; echo | x=a", true},
		{"x=/; x=a & wait", true},
		{"x=/; y=$(x=a)", true},
		{"x=/; { x=a; }", true},
		{"x=/; f() { local x=a; }; f", true},
		{"x=/; f() { declare x=a; }; f", true},
		{"x=/; f() { declare -g x=a; }; f", true},
		{"x=/; f() ( x=a ); f", true},
		{"x=/; (x=a)", true},
		{"x=a; eval 'x=/'", true},
		{"x=/; eval '(x=a)'", true},
		{"x=/; f() { x=a; }; g() { f; }; g", true},
		{"x=", true},
		{"x=1; unset x; x=2", true},
		{"x=1; unset -f x", true},
		{"x=1; unset -n x", true},
		{"x=1; unset 'x[0]'", false},
	} {
		line := tc.prefix + `; probe "/$x"`
		out, err := exec.Command("bash", "--norc", "--noprofile", "-c", `probe() { printf '%s\n' "$1"; }; `+line).Output()
		if err != nil {
			t.Errorf("%s: bash: %v", line, err)
			continue
		}
		bash := strings.TrimSuffix(string(out), "\n")
		var static []string
		dynamic := false
		for _, c := range Commands(line, Options{}).Commands {
			if c.Name() != "probe" || len(c.Args) != 2 {
				continue
			}
			if c.Args[1].Static {
				static = append(static, c.Args[1].Value)
			} else {
				dynamic = true
			}
		}
		switch {
		case tc.known && !slices.Contains(static, bash):
			t.Errorf("%s: bash reads %q, guardsh %q (dynamic %v)", line, bash, static, dynamic)
		case !tc.known && len(static) > 0 && !slices.Contains(static, bash):
			t.Errorf("%s: bash reads %q, guardsh %q", line, bash, static)
		}
	}
}
