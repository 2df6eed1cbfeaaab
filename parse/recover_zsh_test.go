package parse

import (
	"slices"
	"strings"
	"testing"
)

// TestRepairs checks the in-place repairs of constructs the parser rejects
// (zsh patterns, arithmetic, ${#x//pat}, } always {), with shapes from the
// zsh function files Debian ships (Misc/zcalc, Misc/run-help,
// Calendar/calendar_add, Misc/zed, Misc/sticky-note): the file parses, the
// commands around and inside them are found, and a region that holds code,
// or that does not land in the node of its kind, is not repaired.
func TestRepairs(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		shell  string
		want   []string // commands that must be found
		issues int      // parse issues left
	}{
		{"case pattern with spaces in parentheses (run-help)", "case $what in\n(*( is an alias for (noglob|nocorrect))*)\n  rm -rf ~/x ;;\n(*( is a * function))\n  echo f ;;\nesac\n", "zsh",
			[]string{"rm -rf ~/x", "echo f"}, 0},
		{"case pattern with groups (zcalc)", "case $_line in\n  ((function|:f(unc(tion|)|))[[:blank:]]##(#b)([^[:blank:]]##)(|[[:blank:]]##([^[:blank:]]*)))\n    echo a\n    ;;\n  (:*) echo b ;;\nesac\nrm -rf ~/y\n", "zsh",
			[]string{"echo a", "echo b", "rm -rf ~/y"}, 0},
		{"[[ ]] pattern with groups (zcalc)", "while [[ -n $1 && $1 = -(|[#-]*|f|e|r(<->|)) ]]; do\n  shift\ndone\nrm -rf ~/z\n", "zsh",
			[]string{"shift", "rm -rf ~/z"}, 0},
		{"(#b) with quotes (zcalc)", "if [[ $_line = (#b)[[:blank:]]#('[#'(\\\\#|)((<->|)(|_|_<->))']')[[:blank:]]#(*) ]]; then\n  echo m\nfi\n", "zsh",
			[]string{"echo m"}, 0},
		{"} always { (calendar_add)", "(\n{\n  echo a\n} always {\n  rm -f $lockfiles\n}\nexit 1\n)\n", "zsh",
			[]string{"echo a", "rm -f ?${lockfiles}"}, 0},
		{"} always { inside a loop (sticky-note)", "while read x\ndo\n  {\n    print -s -- $x\n  } always {\n    (( TRY_BLOCK_ERROR = 0 ))\n  }\ndone\n", "zsh",
			[]string{"print -s -- ?${x}"}, 0},
		{"zsh arithmetic (zed)", "if (( ? )); then\n  echo ok\nfi\n", "zsh", []string{"echo ok"}, 0},
		{"operator from a variable", "print -- $(( $_base $1 ))\nrm -rf ~/w\n", "zsh", []string{"rm -rf ~/w"}, 0},
		{"operator from a variable, bash", "echo $(( $a $op $b ))\nrm -rf ~/w\n", "", []string{"rm -rf ~/w"}, 0},
		{"${#x//pat} (zcalc)", "if [[ ${#_line//[^\\\\(]} -gt ${#_line//[^\\\\)]} ]]; then\n  echo more\nfi\n", "zsh", []string{"echo more"}, 0},
		{"eval of arithmetic with an empty part", "_line=\neval \"(( ans = \\${stack[2]} $_line \\${stack[1]} ))\"\n", "zsh", nil, 0},

		// Not repaired: the error stays a finding.
		{"pattern holding a command substitution", "[[ $x = (a|$(rm -rf ~)) ]]\necho after\n", "zsh", []string{"echo after"}, 1},
		{"arithmetic holding a command substitution", "(( $(touch m) ? ))\necho after\n", "zsh", []string{"echo after"}, 1},
		{"a subshell is not a case pattern", "(rm -rf ~/v )x)\necho after\n", "zsh", []string{"echo after"}, 1},
		{"zsh patterns are not repaired in bash", "[[ $x = (#b)(*) ]]\necho after\n", "", []string{"echo after"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Commands(tt.in, Options{Shell: tt.shell})
			got := cmds(r)
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("command %q not found in %q", w, got)
				}
			}
			n := 0
			for _, is := range r.Issues {
				if is.Kind == IssueParse {
					n++
				}
			}
			if tt.issues >= 0 && n != tt.issues {
				t.Errorf("%d parse issues, want %d: %+v", n, tt.issues, r.Issues)
			}
			if r.Input != strings.ReplaceAll(tt.in, "\r", "") {
				t.Errorf("input changed: %q", r.Input)
			}
			for _, c := range r.Commands {
				if strings.Contains(r.Input[c.Start:c.End], "___") {
					t.Errorf("span of %v shows the repair", c.Args)
				}
			}
		})
	}
}

// TestRepairRawScan checks that a repair that did not make the statement
// parse hides nothing from the raw scan of the unparsed text.
func TestRepairRawScan(t *testing.T) {
	for _, in := range []string{"(rm -rf / )x)\n", "case $x in\n(rm -rf / (a b)) )) ;;\nesac\n", "[[ $x = (a|b)) ]] && rm -rf / )\n"} {
		r := Commands(in, Options{Shell: "zsh"})
		raw := false
		for _, is := range r.Issues {
			raw = raw || is.Kind == IssueHardlineRaw
		}
		root := slices.ContainsFunc(r.Commands, func(c *Command) bool { return len(c.Args) == 3 && c.Args[2].Value == "/" })
		if !raw && !root {
			t.Errorf("%q: rm -rf / neither found nor raw-scanned: %q %+v", in, cmds(r), r.Issues)
		}
	}
}
