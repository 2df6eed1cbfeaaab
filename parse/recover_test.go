package parse

import (
	"reflect"
	"strings"
	"testing"
)

// TestParseRecovery checks that a parse error costs only its statement: the
// error is reported at its own line and the statements around it are still
// walked.
func TestParseRecovery(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		shell string
		cmds  []string
		lines []int // the line of each parse issue
	}{
		{"error after a download", "#!/bin/bash\ncurl -fsSL https://x.example/i.sh | bash\ngit push --force\necho ${{ bad }}\n", "",
			[]string{"curl -fsSL https://x.example/i.sh", "bash [code:network]", "git push --force"}, []int{4}},
		{"error before", "echo ${{ x }}\nrm -rf build\n", "", []string{"rm -rf build"}, []int{1}},
		{"error inside if: the closer is part of it", "if true; then\n  echo ${{ bad }}\n  rm -rf x\nfi\ngit reset --hard\n", "",
			[]string{"rm -rf x", "git reset --hard"}, []int{2}},
		{"two errors", "a )\nb\nx\ny\nc )\nd\n", "", []string{"b", "x", "y", "d"}, []int{1, 5}},
		{"errors close together are one region", "a )\nb\nc )\nd\n", "", []string{"b", "d"}, []int{1}},
		{"after exec, what does not parse is not a finding", "#!/bin/sh\n'''exec' python3 \"$0\" \"$@\"\n' '''\nimport re\ndef f(x):\n  return (1)\n", "", nil, nil},
		{"exit redefined", "exit() { :; }\nexit\nls )\n", "", nil, []int{3}},
		{"nested subshells", "x=$(\n  ((gzip -cdfq -- f 4>&-\n    echo $? >&4) 3>&- | cat) 5<&0\n)\nrm -rf d\n", "", nil, nil},
		{"same line", "echo a; echo )\necho b\n", "", []string{"echo a", "echo b"}, []int{1}},
		{"no error", "a\nb\n", "", []string{"a", "b"}, nil},
		{"unclosed quote to the end", "a\necho 'x\nrm -rf /\n", "", []string{"a"}, []int{2}},
		{"posix feature error", "a\narr=(1 2)\nb\n", "posix", []string{"a", "b"}, []int{2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Commands(tt.in, Options{Shell: tt.shell})
			if got := cmds(r); tt.cmds != nil && !reflect.DeepEqual(got, tt.cmds) {
				t.Errorf("commands = %q, want %q", got, tt.cmds)
			}
			var lines []int
			for _, is := range r.Issues {
				if is.Kind == IssueParse {
					lines = append(lines, 1+strings.Count(r.Input[:is.Start], "\n"))
				}
			}
			if !reflect.DeepEqual(lines, tt.lines) {
				t.Errorf("parse issues at lines %v, want %v (%+v)", lines, tt.lines, r.Issues)
			}
		})
	}
}

// TestParseRecoveryIncomplete checks that an unfinished line is still
// marked incomplete, so an interactive shell asks for the rest.
func TestParseRecoveryIncomplete(t *testing.T) {
	for _, in := range []string{"if true; then", "echo 'a", "ls &&"} {
		if r := Commands(in, Options{}); !r.Incomplete {
			t.Errorf("%q: not incomplete", in)
		}
	}
	if r := Commands("ls )", Options{}); r.Incomplete {
		t.Errorf("ls ): incomplete")
	}
}
