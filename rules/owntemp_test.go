package rules

import (
	"strings"
	"testing"

	"github.com/guardsh/guardsh/parse"
)

// TestFoldReplaced: an rm -f of a file that a later command writes again,
// with a finding of its own, is folded into that finding (nodesource's
// setup_20.x); the look-alikes keep the rm's finding.
func TestFoldReplaced(t *testing.T) {
	const key, list = "/usr/share/keyrings/nodesource.gpg", "/etc/apt/sources.list.d/nodesource.list"
	for _, tc := range []struct {
		name, script string
		rm           bool   // the rm-absolute finding stays
		note         string // in a later finding's reason
	}{
		{"nodesource shape", "#!/bin/bash\nf() {\n  rm -f " + key + "\n  rm -f " + list + "\n  curl -fsSL https://x.example/k | gpg --dearmor -o " + key + "\n}\ng() {\n  echo \"deb [signed-by=" + key + "] https://x.example/ nodistro main\" | tee " + list + " > /dev/null\n}\nf\ng\n", false, "line 3 deletes " + key + " first"},
		{"tee", "rm -f /etc/app.conf\necho a=1 | tee /etc/app.conf\n", false, "deletes /etc/app.conf first"},
		{"tee -a: the note says it was deleted", "rm -f /etc/app.conf\necho a=1 | tee -a /etc/app.conf\n", false, "deletes /etc/app.conf first"},
		{"cp onto it", "rm -f /etc/app.conf\ncp app.conf /etc/app.conf\n", false, "deletes /etc/app.conf first"},
		{"--output=", "rm -f /etc/apt/trusted.gpg.d/x.gpg\ngpg --dearmor --output=/etc/apt/trusted.gpg.d/x.gpg k.asc\n", false, "deletes"},

		// Look-alikes: the rm stays.
		{"no later write", "rm -f /etc/app.conf\n", true, ""},
		{"written before", "echo a=1 | tee /etc/app.conf\nrm -f /etc/app.conf\n", true, ""},
		{"another file", "rm -f /etc/app.conf\necho a=1 | tee /etc/app2.conf\n", true, ""},
		{"a later read, not a write", "rm -f /etc/app.conf\ncat /etc/app.conf\n", true, ""},
		{"only one of two written", "rm -f /etc/a.conf /etc/b.conf\necho a=1 | tee /etc/a.conf\n", true, ""},
		{"recursive", "rm -rf /etc/app\necho a=1 | tee /etc/app\n", true, ""},
		{"a glob", "rm -f /etc/app.*\necho a=1 | tee /etc/app.conf\n", true, ""},
		{"a dynamic path", "rm -f /etc/$N.conf\necho a=1 | tee /etc/$N.conf\n", true, ""},
		{"the write reported by nothing", "rm -f /usr/local/share/app.txt\necho a | tee /usr/local/share/app.txt\n", true, ""},
		{"the write is another rm", "rm -f /etc/app.conf\nrm -f /etc/app.conf\n", true, ""},
		{"through xargs", "echo /etc/app.conf | xargs rm -f\necho a=1 | tee /etc/app.conf\n", true, ""},
		{"sudo rm", "sudo rm -f /etc/app.conf\necho a=1 | sudo tee /etc/app.conf\n", true, ""},
	} {
		res := parse.Commands(tc.script, parse.Options{File: true})
		fs := Match(res, map[string]bool{"dynamic-code": true, "dynamic-command": true})
		rm, note := false, false
		for _, f := range fs {
			if strings.HasPrefix(f.Rule, "rm-") || f.Rule == "xargs-rm" {
				rm = true
			}
			if tc.note != "" && strings.Contains(f.Reason, tc.note) {
				note = true
			}
		}
		if rm != tc.rm {
			t.Errorf("%s: rm-absolute reported %v, want %v (%v)", tc.name, rm, tc.rm, fs)
		}
		if tc.note != "" && !note {
			t.Errorf("%s: no finding's reason holds %q (%v)", tc.name, tc.note, fs)
		}
	}
}
