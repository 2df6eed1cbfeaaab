package approve

import "os"

// GuardedEnv is the variable guardsh's $SHELL mode sets for the command it
// hands to the real shell (shells.GuardedEnv): every process of a checked
// command inherits it.
const GuardedEnv = "GUARDSH_GUARDED"

// A Proc names one process, across reuse of its id: the id, its start time
// in clock ticks after boot, and its command name for messages.
type Proc struct {
	PID   int    `json:"pid"`
	Start uint64 `json:"start"`
	Name  string `json:"name,omitempty"`
}

// maxRequester is how many processes of the requester's ancestry a pending
// approval records: guardsh, the agent (or its sh -c) and the agent.
const maxRequester = 3

// Requester returns the process asking for an approval and the ancestors
// that stand for the agent behind it: up to three, stopping before process
// 1 and before the first session leader that has a terminal (the person's
// own shell, which started the agent). Empty where /proc is not available.
func Requester() []Proc { return requester(os.Getpid()) }

// TerminalRefusal reports why an answer read from tty could come from a
// guarded process rather than a person, or "" when nothing says so. On
// Linux it finds, in /proc, the session leaders whose controlling terminal
// tty is and the processes holding its pseudo-terminal master, and refuses
// when one of them, or one of their ancestors, is a guarded process: a
// process of guarded (the requester of a pending approval) or one whose
// environment carries GuardedEnv (a command checked in $SHELL mode). A
// terminal created by `script`, Python's pty, expect or tmux under an agent
// is such a terminal; a person's terminal emulator, sshd or tmux server is
// not. Elsewhere it returns "".
func TerminalRefusal(tty *os.File, guarded []Proc) string {
	return terminalRefusal(tty, guarded)
}

// mergeProcs adds the processes of b not in a, keeping at most max.
func mergeProcs(a, b []Proc, max int) []Proc {
	for _, p := range b {
		dup := false
		for _, q := range a {
			dup = dup || q.PID == p.PID && q.Start == p.Start
		}
		if !dup && len(a) < max {
			a = append(a, p)
		}
	}
	return a
}
