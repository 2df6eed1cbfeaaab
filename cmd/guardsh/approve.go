package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/guardsh/guardsh/approve"
	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/rules"
)

const approveUsage = `usage: guardsh approve CODE
       guardsh approve            list the approvals waiting for a human

Approves, at a terminal, a command guardsh refused where nobody could be
asked (an AI agent's shell). The same command, from the same directory,
may then run once within 10 minutes.

exit codes: 0 approved, 2 not approved, 3 usage error, unknown code or no terminal
`

// approveTTY opens the terminal the human answers on. It is a variable so
// that nothing else (standard input, an environment variable) can stand in
// for it; the tests attach a pseudo-terminal as the controlling terminal.
var approveTTY = func() (*os.File, error) { return os.OpenFile("/dev/tty", os.O_RDWR, 0) }

// runApprove is `guardsh approve [CODE]`.
func runApprove(e *env, args []string) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help") {
		fmt.Fprint(e.stdout, approveUsage)
		return exitOK
	}
	store := approve.OpenPending(config.StateDir())
	if len(args) == 0 {
		return approveList(e, store)
	}
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprint(e.stderr, approveUsage)
		return exitError
	}
	p, err := store.Lookup(args[0])
	if errors.Is(err, approve.ErrPendingNotFound) {
		e.errorf("no pending approval %s: it expired (after 10 minutes), was already used, or never existed", approve.NormalizePendingCode(args[0]))
		e.hint("run the command again to get a new code; 'guardsh approve' lists the waiting ones")
		return exitError
	}
	if err != nil {
		e.errorf("cannot read the pending approvals in %s: %v", config.StateDir(), err)
		return exitError
	}
	if !p.Approved.IsZero() {
		fmt.Fprintf(e.stderr, "guardsh: %s is already approved; it can be used until %s\n", p.Code, p.Expires.Local().Format("15:04:05"))
		return exitOK
	}
	tty, err := approveTTY()
	if err != nil {
		e.errorf("approving needs a human at a terminal, and there is none: %v", err)
		e.hint("run 'guardsh approve %s' yourself, in a terminal", p.Code)
		return exitError
	}
	defer tty.Close()
	if !term.IsTerminal(int(tty.Fd())) {
		e.errorf("approving needs a human at a terminal, and %s is not one", tty.Name())
		return exitError
	}
	if why := approve.TerminalRefusal(tty, append(p.Requester, approve.Guarded(config.StateDir())...)); why != "" {
		e.errorf("refused: %s, so the answer could come from the agent itself, not from you", why)
		e.hint("approve it from a terminal of your own (a new terminal window or tab, or an ssh session), not one the agent started")
		return exitError
	}
	cfg, _ := config.LoadDefault()
	timeout := cfg.Approvals.Timeout.Duration
	if timeout <= 0 {
		timeout = 60 * time.Second
	}
	fmt.Fprint(tty, approveShow(p))
	yes := approveKey(tty, "Run it once? [y/N] ", timeout)
	if !yes {
		fmt.Fprint(tty, "no\r\n")
		fmt.Fprintf(e.stderr, "guardsh: not approved: %s stays refused\n", p.Code)
		return exitAsk
	}
	fmt.Fprint(tty, "yes\r\n")
	if _, err := store.Approve(p.Code); err != nil {
		e.errorf("cannot record the approval: %v", err)
		return exitError
	}
	fmt.Fprintf(e.stderr, "guardsh: approved %s: the same command from %s may run once in the next 10 minutes\n", p.Code, p.Dir)
	return exitOK
}

// approveShow describes a pending approval for the human, with CRLF line
// ends (the terminal may be in raw mode when it is printed again).
func approveShow(p *approve.PendingApproval) string {
	var b strings.Builder
	fmt.Fprintf(&b, "guardsh: an agent asks to run this command (code %s):\n\n", p.Code)
	for _, line := range strings.Split(p.Command, "\n") {
		fmt.Fprintf(&b, "    %s\n", approveSanitize(line))
	}
	fmt.Fprintf(&b, "\n  in:    %s\n", approveSanitize(p.Dir))
	if p.Frontend != "" {
		fmt.Fprintf(&b, "  from:  %s", approveSanitize(p.Frontend))
		if p.Session != "" {
			fmt.Fprintf(&b, " (session %s)", approveSanitize(p.Session))
		}
		b.WriteString("\n")
	}
	for _, id := range p.Rules {
		if r, ok := rules.Lookup(id); ok {
			fmt.Fprintf(&b, "  rule:  %s: %s\n         why: %s\n", id, r.Title, r.Reason)
			if r.Suggest != "" {
				fmt.Fprintf(&b, "         instead: %s\n", r.Suggest)
			}
		} else {
			fmt.Fprintf(&b, "  rule:  %s\n", approveSanitize(id))
		}
	}
	fmt.Fprintf(&b, "  asked: %s (expires %s)\n\n", p.Created.Local().Format("15:04:05"), p.Expires.Local().Format("15:04:05"))
	return strings.ReplaceAll(b.String(), "\n", "\r\n")
}

// approveSanitize replaces control characters, so a command cannot redraw
// the terminal to hide what it is.
func approveSanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return '?'
		}
		return r
	}, s)
}

// approveKey asks question and reads one key from the terminal in raw mode:
// y or Y approves; anything else, end of input, or the timeout refuses. Keys
// typed before the question appears are thrown away: the answer must come
// from someone who saw the command.
func approveKey(tty *os.File, question string, timeout time.Duration) bool {
	fd := int(tty.Fd())
	if old, err := term.MakeRaw(fd); err == nil {
		defer term.Restore(fd, old)
	}
	approve.FlushInput(fd)
	fmt.Fprint(tty, question)
	key := make(chan byte, 1)
	go func() {
		b := make([]byte, 1)
		for {
			n, err := tty.Read(b)
			if n == 1 {
				key <- b[0]
				return
			}
			if err != nil && err != io.ErrNoProgress {
				key <- 0
				return
			}
		}
	}()
	select {
	case k := <-key:
		return k == 'y' || k == 'Y'
	case <-time.After(timeout):
		return false
	}
}

// approveList prints the approvals waiting for a human.
func approveList(e *env, store *approve.PendingStore) int {
	list, err := store.List()
	if err != nil {
		e.errorf("cannot read the pending approvals in %s: %v", config.StateDir(), err)
		return exitError
	}
	if len(list) == 0 {
		fmt.Fprintln(e.stdout, "no approvals are waiting")
		return exitOK
	}
	for _, p := range list {
		state := "waiting"
		if !p.Approved.IsZero() {
			state = "approved"
		}
		fmt.Fprintf(e.stdout, "%s  %-8s  until %s  in %s\n    %s\n", p.Code, state,
			p.Expires.Local().Format("15:04:05"), approveSanitize(p.Dir), approveSanitize(strings.ReplaceAll(p.Command, "\n", "⏎")))
	}
	return exitOK
}
