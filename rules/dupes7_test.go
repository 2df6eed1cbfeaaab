package rules

import (
	"strings"
	"testing"

	"github.com/guardsh/guardsh/parse"
)

// TestDupes7 runs real-shaped scripts of the held-out set's duplicates
// (nomad, vscode-dev-containers' sshd, rclone, mvdan/sh) and the bypass
// attempts written before the fix: two facts that look like one stay two
// findings. want is the rules left after folding, in order; note is a
// text the survivor's reason must hold.
func TestDupes7(t *testing.T) {
	rclone := "#!/bin/sh\ncase $OS in\n  'linux')\n    cp rclone /usr/bin/rclone.new\n    chmod 755 /usr/bin/rclone.new\n    chown root:root /usr/bin/rclone.new\n    mv /usr/bin/rclone.new /usr/bin/rclone\n    ;;\n" +
		"  'freebsd'|'openbsd'|'netbsd')\n    cp rclone /usr/bin/rclone.new\n    chown root:wheel /usr/bin/rclone.new\n    mv /usr/bin/rclone.new /usr/bin/rclone\n    ;;\nesac\n"
	for _, tc := range []struct {
		name, src, want, note string
	}{
		// The held-out shapes.
		{"nomad: chown -R root of a system tree", "#!/bin/sh\nsudo mv /tmp/go /usr/local\nsudo chown -R root:root /usr/local/go\n", "chown-root", "chmod-recursive-system (the same chown of the tree to root)"},
		{"rclone: staging copies and the BSD branch", rclone, "system-config-write", "system-config-write at line 12 (the other branch"},
		{"rclone: the staging copy of the BSD branch moves with its mv", rclone, "system-config-write", "at line 10 (the other branch"},
		{"rclone: the staging copy", rclone, "system-config-write", "system-config-write at line 4 (the staging copy of the same file, moved onto its name)"},
		{"mvdan: sed -i or tee of one file", "#!/bin/bash\nconfig='/etc/docker/daemon.json'\nif [[ -e \"$config\" ]]; then\n  sudo sed -i -e 's/{/{ \"experimental\": true, /' \"$config\"\nelse\n  echo '{ \"experimental\": true }' | sudo tee \"$config\"\nfi\n", "system-config-write", "at line 6 (the other branch"},
		{"sshd: code written into a login script", "#!/bin/sh\nS=\"$(cat << 'EOF'\nwhile IFS= read -r l; do\n  n=\"${l%%=*}\"\n  export ${n}=\"${l#*=}\"\ndone < /usr/local/etc/base-env\nEOF\n)\"\nif [ \"$FIX\" = true ]; then\n  echo \"${S}\" > /etc/profile.d/00-fix-login-env.sh\nfi\n", "system-config-write", "guardsh-tamper (code the same command writes"},

		// Bypass attempts: two facts.
		{"chown-root of another path beside a chmod", "#!/bin/sh\nchown -R root ./project\nchmod -R 700 /etc/ssl\n", "chown-root chmod-recursive-system", ""},
		{"chown -R root and chown -R bob", "#!/bin/sh\nchown -R root:root /opt/a\nchown -R bob /opt/b\n", "chown-root chmod-recursive-system", ""},
		{"branches writing different targets", "#!/bin/sh\nif a; then cp x /usr/bin/t; else cp x /usr/sbin/t; fi\n", "system-config-write system-config-write", ""},
		{"macOS branch into another bin dir", "#!/bin/sh\ncase $OS in\nlinux) mv r /usr/bin/rclone ;;\nosx) mv r /usr/sbin/rclone ;;\nesac\n", "system-config-write system-config-write", ""},
		{"a variable changed in one branch", "#!/bin/sh\nf=/etc/a.conf\nif a; then echo x > \"$f\"; else f=/etc/b.conf; echo x > \"$f\"; fi\n", "system-config-write system-config-write", ""},
		{"a cd in one branch", "#!/bin/sh\ncd /etc\nif a; then sed -i s/a/b/ hosts; else cd /etc/x && sed -i s/a/b/ hosts; fi\n", "system-config-write system-config-write", ""},
		{"a function call before it", "#!/bin/sh\ng() { f=/etc/b; }\nf=/etc/a\nif a; then echo x > \"$f\"; else g; echo x > \"$f\"; fi\n", "system-config-write system-config-write", ""},
		{"two ifs both run", "#!/bin/sh\nif a; then sed -i s/a/b/ /etc/hosts; fi\nif b; then echo x | tee /etc/hosts; fi\n", "system-config-write system-config-write", ""},
		{"a glob target", "#!/bin/sh\nif a; then echo x > /etc/*.conf; else echo y > /etc/*.conf; fi\n", "system-config-write system-config-write", ""},
		{"a start-up file: the text is code", "#!/bin/sh\nif a; then echo \"$x\" >> ~/.bashrc; else sed -i 's/a/b/' ~/.bashrc; fi\n", "credential-file-write credential-file-write", ""},
		{"staged file run before the mv", "#!/bin/sh\ncp rclone /usr/bin/rclone.new\n/usr/bin/rclone.new version\nmv /usr/bin/rclone.new /usr/bin/rclone\n", "system-config-write system-config-write", ""},
		{"staged file replaced by a download", "#!/bin/sh\ncp rclone /usr/bin/rclone.new\ncurl -o /usr/bin/rclone.new https://x.example/r\nmv /usr/bin/rclone.new /usr/bin/rclone\n", "", ""},
		{"the mv in another branch than the cp", "#!/bin/sh\nif a; then cp r /usr/bin/r.new; else mv /usr/bin/r.new /usr/bin/r; fi\n", "system-config-write system-config-write", ""},
		{"the mv moves another file", "#!/bin/sh\ncp r /usr/bin/r.new\nmv /usr/bin/r.old /usr/bin/r\n", "system-config-write system-config-write", ""},
		{"the mv with -t", "#!/bin/sh\ncp r /usr/bin/r.new\nmv -t /usr/sbin /usr/bin/r.new\n", "system-config-write system-config-write", ""},
		{"a subshell between", "#!/bin/sh\ncp r /usr/bin/r.new\n(cp evil /usr/bin/r.new)\nmv /usr/bin/r.new /usr/bin/r\n", "system-config-write system-config-write system-config-write", ""},
		{"exporting code run, not written", "#!/bin/sh\necho x > /etc/profile.d/x.sh\nn=$(cat /etc/name); export \"$n\"=1\n", "system-config-write guardsh-tamper", ""},
		{"guardsh's own file written", "#!/bin/sh\necho 'mode = \"off\"' > /etc/guardsh/config.toml\n", "", ""},
	} {
		res := parse.Commands(tc.src, parse.Options{File: true})
		fs := FoldDupes(Match(res, map[string]bool{"dynamic-code": true, "dynamic-command": true}), res.Input)
		got := strings.Join(rulesOf(fs), " ")
		if tc.want != "" && got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
		if tc.want == "" {
			// Only that nothing is folded away that names the staging.
			for _, f := range fs {
				if strings.Contains(f.Reason, "staging copy") {
					t.Errorf("%s: folded as a staging copy: %s", tc.name, f.Reason)
				}
			}
		}
		if tc.note != "" {
			found := false
			for _, f := range fs {
				found = found || strings.Contains(f.Reason, tc.note)
			}
			if !found {
				t.Errorf("%s: no reason holds %q: %v", tc.name, tc.note, fs)
			}
		}
	}
}
