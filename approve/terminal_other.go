//go:build !linux

package approve

import "os"

// Without /proc guardsh cannot see who created a terminal: only the checks of
// the command line (guardsh-self-approval, guardsh-self-approval-pty) stand
// between an agent and its own approval. The README says so.
func requester(pid int) []Proc { return nil }

func terminalRefusal(tty *os.File, guarded []Proc) string { return "" }

func alive(p Proc) bool { return false }
