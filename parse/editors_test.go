package parse

import (
	"reflect"
	"testing"
)

// TestEditorFiles checks that an editor variable given to a program that
// opens a file in it (visudo, vipw, vigr, sudoedit, crontab -e) runs with
// that file: EDITOR='tee -a' visudo writes /etc/sudoers from its input.
func TestEditorFiles(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{`EDITOR='tee -a' visudo`, []string{"visudo", "EDITOR=: tee -a /etc/sudoers"}},
		{`EDITOR='tee -a' visudo -f /etc/sudoers.d/x`, []string{"visudo -f /etc/sudoers.d/x", "EDITOR=: tee -a /etc/sudoers.d/x"}},
		{`EDITOR='tee -a' visudo --file=/etc/sudoers.d/y`, []string{"visudo --file=/etc/sudoers.d/y", "EDITOR=: tee -a /etc/sudoers.d/y"}},
		{`EDITOR='tee -a' visudo -c`, []string{"visudo -c", "EDITOR=: tee -a"}},
		{`VISUAL='cp /tmp/p' vipw -s`, []string{"vipw -s", "VISUAL=: cp /tmp/p /etc/shadow"}},
		{`VISUAL='cp /tmp/g' vigr`, []string{"vigr", "VISUAL=: cp /tmp/g /etc/group"}},
		{`SUDO_EDITOR=tee sudoedit /etc/hosts '/etc/a b'`, []string{"sudoedit /etc/hosts /etc/a b", "SUDO_EDITOR=: tee /etc/hosts /etc/a b"}},
		{`EDITOR='tee -a' crontab -e`, []string{"crontab -e", "EDITOR=: tee -a /var/spool/cron/crontabs/USER"}},
		// Other programs run the editor on files of their own.
		{`EDITOR=tee git commit`, []string{"git commit", "EDITOR=: tee"}},
		{`PAGER=cat visudo -c`, []string{"visudo -c", "PAGER=: cat"}},
	}
	for _, tt := range tests {
		if got := cmds(Commands(tt.in, Options{})); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s:\n got  %q\n want %q", tt.in, got, tt.want)
		}
	}
}
