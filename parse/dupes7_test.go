package parse

import "testing"

// TestDownloadWritten: an rm (without -r) of a file the script downloads
// with curl -o, curl -O or wget -O is the script's own file (Word.Written),
// also by its absolute name in the directory the download ran in; a wget
// without -O (it keeps an existing file), curl --no-clobber, another
// directory and an unknown one are not.
func TestDownloadWritten(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"tensorflow shape", "#!/bin/bash\nset -e\nmkdir -p /bazel\ncd /bazel\nif [[ ! -f b.sh ]]; then\n  curl -fSsL -O https://x.example/d/b.sh\nfi\n/bazel/b.sh\nrm -f /bazel/b.sh\n", true},
		{"curl -o", "#!/bin/sh\ncurl -fsSL -o /opt/x/i.sh https://x.example/i.sh\nsh /opt/x/i.sh\nrm -f /opt/x/i.sh\n", true},
		{"wget -O", "#!/bin/sh\nwget -qO /opt/x/i.sh https://x.example/i.sh\nrm /opt/x/i.sh\n", true},
		{"wget without -O keeps the old file", "#!/bin/sh\ncd /opt\nwget https://x.example/b.sh\nrm -f /opt/b.sh\n", false},
		{"curl --no-clobber", "#!/bin/sh\ncurl --no-clobber -o /opt/b.sh https://x.example/b.sh\nrm -f /opt/b.sh\n", false},
		{"another directory", "#!/bin/sh\nset -e\ncd /opt/a\ncurl -O https://x.example/b.sh\nrm -f /opt/b/b.sh\n", false},
		{"an unknown directory", "#!/bin/sh\nset -e\ncd \"$D\"\ncurl -O https://x.example/b.sh\nrm -f /opt/b.sh\n", false},
		{"a cd that may fail", "#!/bin/sh\ncd /opt\ncurl -O https://x.example/b.sh\nrm -f /opt/b.sh\n", false},
		{"recursive", "#!/bin/sh\ncurl -o /opt/b https://x.example/b\nrm -rf /opt/b\n", false},
		{"another file", "#!/bin/sh\ncurl -o /opt/b.sh https://x.example/b.sh\nrm -f /opt/c.sh\n", false},
	} {
		res := Commands(tc.src, Options{File: true})
		got := false
		for _, c := range res.Commands {
			if c.Name() == "rm" {
				for _, w := range c.Args[1:] {
					got = got || w.Written
				}
			}
		}
		if got != tc.want {
			t.Errorf("%s: Written %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestStagedCopies: a cp or install followed in the same list by the mv
// of its file onto another name, with only mode changes between.
func TestStagedCopies(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      int
	}{
		{"rclone", "cp rclone /usr/bin/rclone.new\nchmod 755 /usr/bin/rclone.new\nchown root:root /usr/bin/rclone.new\nmv /usr/bin/rclone.new /usr/bin/rclone\n", 1},
		{"sudo install", "sudo install -m 0644 x /etc/x.tmp\nsudo mv -f /etc/x.tmp /etc/x\n", 1},
		{"in a case branch", "case $1 in a) cp r /usr/bin/r.new; mv /usr/bin/r.new /usr/bin/r ;; esac\n", 1},
		{"run before the mv", "cp r /usr/bin/r.new\n/usr/bin/r.new --version\nmv /usr/bin/r.new /usr/bin/r\n", 0},
		{"replaced before the mv", "cp r /usr/bin/r.new\ncurl -o /usr/bin/r.new https://x.example/r\nmv /usr/bin/r.new /usr/bin/r\n", 0},
		{"sed before the mv", "cp r /usr/bin/r.new\nsed -i s/a/b/ /usr/bin/r.new\nmv /usr/bin/r.new /usr/bin/r\n", 0},
		{"another file moved", "cp r /usr/bin/r.new\nmv /usr/bin/r.old /usr/bin/r\n", 0},
		{"the mv in another branch", "if a; then cp r /usr/bin/r.new; else mv /usr/bin/r.new /usr/bin/r; fi\n", 0},
		{"mv -t", "cp r /usr/bin/r.new\nmv -t /usr/sbin /usr/bin/r.new\n", 0},
		{"mv of three", "cp r /usr/bin/r.new\nmv /usr/bin/r.new x /usr/sbin/\n", 0},
		{"a function call between", "f() { :; }\ncp r /usr/bin/r.new\nf\nmv /usr/bin/r.new /usr/bin/r\n", 0},
	} {
		res := Commands("#!/bin/sh\n"+tc.src, Options{File: true})
		if got := len(res.Staged); got != tc.want {
			t.Errorf("%s: %d staged, want %d (%v)", tc.name, got, tc.want, res.Staged)
		}
	}
}

// TestTargetTwins: the same file written by different commands in two
// branches of one if or case, with nothing before that can change what
// its name means.
func TestTargetTwins(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      int // commands marked TargetTwin
	}{
		{"sed -i or tee", "if [ -e \"$c\" ]; then sudo sed -i -e 's/a/b/' \"$c\"; else echo x | sudo tee \"$c\"; fi\n", 2},
		{"mv after a chmod or a chown", "case $1 in a) chmod 755 r; mv r /usr/bin/r ;; b) chown root r; mv r /usr/bin/r ;; esac\n", 2},
		{"> and >>", "if a; then echo x > /etc/h; else echo y >> /etc/h; fi\n", 2},
		{"two files", "if a; then cp x /usr/bin/t; else cp x /usr/sbin/t; fi\n", 0},
		{"an assignment first", "if a; then echo x > \"$f\"; else f=/etc/b; echo x > \"$f\"; fi\n", 0},
		{"a cd first", "if a; then sed -i s/a/b/ h; else cd /etc; sed -i s/a/b/ h; fi\n", 0},
		{"a substitution first", "if a; then echo x > /etc/h; else echo \"$(id)\"; echo x > /etc/h; fi\n", 0},
		{"one branch only", "if a; then echo x > /etc/h; fi\n", 0},
		{"a glob", "if a; then echo x > /etc/*.c; else echo y > /etc/*.c; fi\n", 0},
		{"sed of two files", "if a; then sed -i s/a/b/ /etc/h /etc/g; else echo x > /etc/h; fi\n", 0},
		{"tee of two files", "if a; then echo x | tee /etc/h /etc/g; else echo x > /etc/h; fi\n", 0},
	} {
		res := Commands("#!/bin/sh\n"+tc.src, Options{File: true})
		got := 0
		for _, c := range res.Commands {
			if c.Repeat != nil && c.Repeat.TargetTwin && c.Name() != "sudo" {
				got++
			}
		}
		if got != tc.want {
			t.Errorf("%s: %d target twins, want %d", tc.name, got, tc.want)
		}
	}
}
