package check

import (
	"context"
	"testing"
)

// TestFlowScripts checks control flow in script files (parse/flow.go): a
// branch does not see what an earlier branch assigned, every branch's
// value counts after the conditional, a path that exits does not reach
// what follows, and a loop body may run zero times unless it loops over
// static words.
func TestFlowScripts(t *testing.T) {
	for _, tt := range []struct {
		name, shell, text string
		want              Verdict
	}{
		{"else sees no then value", "bash", "#!/bin/bash\nif [ -n \"$1\" ]; then\n  D=/tmp/x\nelse\n  rm -rf \"$D\"/*\nfi\n", Ask},
		{"case item sees no other item", "posix", "#!/bin/sh\ncase $1 in\n  a) D=/tmp/x ;;\n  *) rm -rf \"$D\"/* ;;\nesac\n", Ask},
		{"dynamic branch keeps static value", "bash", "#!/bin/bash\nif [ -n \"$2\" ]; then\n  D=$2\nelse\n  D=/etc\nfi\nrm -rf $D\n", Block},
		{"getopts loop may not run", "posix", "#!/bin/sh\nwhile getopts d: o; do\n  case $o in d) D=$OPTARG ;; esac\n  D=/tmp/x\ndone\nrm -rf \"$D\"/*\n", Block},
		{"for over arguments may not run", "posix", "#!/bin/sh\nfor f in \"$@\"; do\n  D=/tmp/work\ndone\nrm -rf \"$D\"/*\n", Block},
		{"second iteration", "bash", "#!/bin/bash\nD=/tmp/x\nfor f in $L; do\n  rm -rf \"$D\"/*\n  D=/\ndone\n", Block},
		{"cd in a loop may not run", "bash", "#!/bin/bash\nfor f in $L; do\n  cd /tmp/x || exit 1\ndone\nrm -rf ./*\n", Ask},
		{"zsh loop may not run", "zsh", "#!/bin/zsh\nfor f in $L; do D=/tmp/x; done\nrm -rf \"$D\"/*\n", Block},
		{"static words run", "posix", "#!/bin/sh\nfor d in a b; do D=/tmp/$d; done\nrm -rf \"$D\"/*\n", Allow},
		{"the other branch exits", "posix", "#!/bin/sh\nif [ -d /tmp/x ]; then\n  D=/tmp/x\nelse\n  echo no >&2\n  exit 1\nfi\nrm -rf \"$D\"/*\n", Allow},
		{"a die function exits", "bash", "#!/bin/bash\ndie() { echo \"$*\" >&2; exit 1; }\ncase $1 in\n  a) D=/tmp/a ;;\n  *) die usage ;;\nesac\nrm -rf \"$D\"/*\n", Allow},
		{"both branches assign", "bash", "#!/bin/bash\nif [ -n \"$1\" ]; then D=/tmp/x; else D=/tmp/y; fi\nrm -rf \"$D\"/*\n", Allow},
		{"set before the loop", "posix", "#!/bin/sh\nD=/tmp/y\nwhile read -r l; do D=/tmp/x; done < list\nrm -rf \"$D\"/*\n", Allow},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := Script(context.Background(), "f.sh", tt.text, Options{Script: true, Shell: tt.shell})
			if r.Verdict != tt.want {
				t.Errorf("%q: got %s, want %s: %+v", tt.text, r.Verdict, tt.want, r.Findings)
			}
		})
	}
}
