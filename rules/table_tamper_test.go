package rules

import "testing"

// TestSelfApprovalRules checks which rule reports each way of turning guardsh
// against itself (the corpus checks only the verdicts).
func TestSelfApprovalRules(t *testing.T) {
	cases := []struct {
		line string
		rule string // "" means none of the three rules, nor guardsh-tamper
	}{
		{"guardsh approve K7PQ2M", "guardsh-self-approval"},
		{"~/bin/guardsh approve K7PQ2M", "guardsh-self-approval"},
		{"$(which guardsh) approve K7PQ2M", "guardsh-self-approval"},
		{"./copy approve K7PQ-2M", "guardsh-self-approval"},
		{"sudo guardsh gate -c 'chmod 777 x'", "guardsh-self-approval"},
		{"GUARDSH_YOLO=1 guardsh -c 'ls'", "guardsh-self-approval"},
		{"GUARDSH_YOLO=1 guardsh -c 'ls'", "guardsh-tamper"},
		{"env $(echo R1VBUkRTSF9ZT0xPPTE= | base64 -d) guardsh -c ls", "guardsh-tamper"},
		{"GUARDSH_SHELL=./s guardsh -c ls", "guardsh-tamper"},
		{"unset GUARDSH_GUARDED", "guardsh-tamper"},
		{"script -qfc 'guardsh approve K7PQ2M' /dev/null", "guardsh-self-approval-pty"},
		{"echo cHl0aG9uMyAtYyAnaW1wb3J0IHB0eTsgcHR5LnNwYXduKFsiZ3VhcmRzaCIsImFwcHJvdmUiLCJLN1BRMk0iXSkn | base64 -d | bash", "guardsh-self-approval-pty"},
		{"python3 -c 'import pty; pty.spawn([\"guardsh\",\"approve\",\"K7PQ2M\"])'", "guardsh-self-approval-pty"},
		{"(sleep 1; printf a) | script -qfc \"guardsh gate -c 'chmod 777 y'\" /dev/null", "guardsh-self-approval-pty"},
		{"tmux send-keys -t 0 'guardsh approve K7PQ2M' Enter", "guardsh-self-approval-pty"},
		{"xdotool type 'guardsh approve K7PQ2M'", "guardsh-self-approval-pty"},
		{"tmux send-keys -t 0 make Enter", "terminal-injection"},
		{"python3 -c 'import fcntl,termios; fcntl.ioctl(0, termios.TIOCSTI, b\"y\")'", "terminal-injection"},
		{"echo y > /dev/pts/3", "terminal-injection"},
		{"guardsh check -c ls", ""},
		{"guardsh approvals list", ""},
		{"guardsh -c 'ls'", ""},
		{"echo hi > /dev/tty", ""},
		{"echo 'guardsh approve K7PQ2M'", ""},
	}
	watched := []string{"guardsh-self-approval", "guardsh-self-approval-pty", "terminal-injection", "guardsh-tamper"}
	for _, tc := range cases {
		got := ids(tc.line)
		if tc.rule == "" {
			for _, w := range watched {
				if contains(got, w) {
					t.Errorf("%q: want none of %v, got %v", tc.line, watched, got)
				}
			}
			continue
		}
		if !contains(got, tc.rule) {
			t.Errorf("%q: want %s, got %v", tc.line, tc.rule, got)
		}
	}
}
