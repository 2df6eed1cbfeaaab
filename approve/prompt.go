package approve

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/term"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/rules"
)

// DefaultTimeout is how long the prompt waits for a key when the
// configuration does not say.
const DefaultTimeout = 60 * time.Second

// openTTY opens the controlling terminal, which works when standard input
// and output are pipes.
func openTTY() (*os.File, error) { return os.OpenFile("/dev/tty", os.O_RDWR, 0) }

type answer int

const (
	ansDeny answer = iota
	ansOnce
	ansSession
	ansAlways
	ansTimeout
	ansInterrupt
)

// offers says which answers the prompt accepts besides once and deny.
type offers struct {
	session, always bool
}

// prompt asks on tty and turns the key into a decision. It closes tty.
func (req *Request) prompt(ctx context.Context, tty *os.File, res *check.Result, uncovered []rules.Finding, d Decision) Decision {
	defer tty.Close()
	ids := ruleIDs(uncovered)
	off := offers{session: req.Session != "" && len(ids) > 0, always: len(ids) > 0}
	for _, f := range uncovered {
		off.session = off.session && f.Rule != ""
		off.always = off.always && permanentOK(f)
	}
	st := plain
	switch req.Color {
	case "always":
		st = colour
	case "never":
	default:
		if term.IsTerminal(int(fdOf(tty))) && req.Getenv("NO_COLOR") == "" && req.Getenv("TERM") != "dumb" {
			st = colour
		}
	}
	timeout := req.Config.Approvals.Timeout.Duration
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	project := config.ProjectDir(req.Dir)

	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n", st.paint(st.warn, "guardsh:"), "this command needs your approval")
	b.WriteString(describe(res, uncovered, st))
	if d.Smart != nil {
		b.WriteString(smartLine(d.Smart, st) + "\n")
	}
	if !off.always && len(ids) > 0 {
		b.WriteString(st.paint(st.dim, "  (\"always\" is not offered: these findings can only be approved once or for a session)") + "\n")
	}
	b.WriteString(keyLine(st, off, project, timeout))

	ans, err := readAnswer(ctx, tty, off, timeout, func() {
		writeTTY(tty, b.String(), true)
	}, func() {
		writeTTY(tty, "\n"+explainText(uncovered)+keyLine(st, off, project, timeout), true)
	}, func() {
		writeTTY(tty, "\n"+st.paint(st.dim, "  press o, "+optKeys(off)+"d or ?")+" ", true)
	})
	if err != nil {
		writeTTY(tty, "\n", false)
		req.warn("cannot read the terminal: %v", err)
		d.Outcome, d.How, d.Message = Denied, Error, "guardsh: denied: cannot read the answer from the terminal: "+err.Error()
		return d
	}
	var result string
	switch ans {
	case ansOnce:
		d.Outcome, d.How = Go, KeyOnce
		result = "approved once"
	case ansSession:
		d.Outcome, d.How = Go, KeySession
		result = "approved for this session"
		// The audit record first: a kill between the two must not
		// leave an approval that no record explains.
		req.auditNow(res, d)
		if err := grantSession(req.StateDir, req.Session, req.Now(), append(ids, foldedIDs(uncovered)...)...); err != nil {
			req.warn("cannot save the session approval (approved once instead): %v", err)
			d.How = KeyOnce
			req.auditNow(res, d) // a second record: what it became
		}
	case ansAlways:
		d.Outcome, d.How = Go, KeyAlways
		result = "approved always in " + project
		req.auditNow(res, d)
		for _, id := range ids {
			e := config.AllowEntry{Rule: id, Dir: project, Added: req.Now(), Reason: "approved at the prompt"}
			if err := appendAllow(req.ConfigFile, e); err != nil {
				req.warn("cannot save the permanent approval (approved once instead): %v", err)
				d.How = KeyOnce
				req.auditNow(res, d) // a second record: what it became
				break
			}
		}
	case ansTimeout:
		d.Outcome, d.How = Denied, Timeout
		d.Message = "guardsh: denied: no answer within " + seconds(timeout)
		result = "denied (no answer)"
	case ansInterrupt:
		d.Outcome, d.How = Denied, Interrupt
		d.Message = "guardsh: denied (interrupted)"
		result = "denied"
	default:
		d.Outcome, d.How = Denied, KeyDeny
		d.Message = "guardsh: denied"
		result = "denied"
	}
	resStyle := st.hard
	if d.Outcome == Go {
		resStyle = st.key
	}
	writeTTY(tty, st.paint(resStyle, result)+"\n", false)
	return d
}

// grantSession and appendAllow save the approvals the prompt gives; tests
// wrap them to see what is on disk at that moment.
var (
	grantSession = GrantSession
	appendAllow  = config.AppendAllow
)

// seconds writes a timeout as "60s" rather than "1m0s".
func seconds(d time.Duration) string {
	if d >= time.Second && d%time.Second == 0 {
		return fmt.Sprintf("%ds", d/time.Second)
	}
	return d.String()
}

func optKeys(off offers) string {
	s := ""
	if off.session {
		s += "s, "
	}
	if off.always {
		s += "a, "
	}
	return s
}

func keyLine(st style, off offers, project string, timeout time.Duration) string {
	k := func(key, what string) string { return "[" + st.paint(st.key, key) + "] " + what }
	parts := []string{k("o", "once")}
	if off.session {
		parts = append(parts, k("s", "this session"))
	}
	if off.always {
		parts = append(parts, k("a", "always in "+sanitize(project)))
	}
	parts = append(parts, k("d", "deny (default)"), k("?", "explain"))
	return "  " + strings.Join(parts, "  ") + st.paint(st.dim, "  (denied in "+seconds(timeout)+")") + " "
}

// explainText is shown for "?": each rule's entry in the table.
func explainText(fs []rules.Finding) string {
	var b strings.Builder
	for _, id := range ruleIDs(fs) {
		r, ok := rules.Lookup(id)
		if !ok {
			fmt.Fprintf(&b, "  %s: reported by %s\n", id, sourceOf(fs, id))
			continue
		}
		fmt.Fprintf(&b, "  %s (%s): %s\n    %s\n", r.ID, r.Tier, r.Title, r.Reason)
		if r.Suggest != "" {
			fmt.Fprintf(&b, "    instead: %s\n", r.Suggest)
		}
		for i, m := range r.Match {
			if i == 3 {
				break
			}
			fmt.Fprintf(&b, "    e.g. %s\n", sanitize(m))
		}
	}
	b.WriteString("  o runs it this once; s approves these rules until this shell has been idle for 24h;\n" +
		"  a adds them to the config file for this project; d, Enter, Esc or Ctrl-C refuse it\n")
	return b.String()
}

func sourceOf(fs []rules.Finding, id string) string {
	for _, f := range fs {
		if f.Rule == id && f.Source != "" {
			return f.Source
		}
	}
	return "guardsh"
}

// writeTTY writes text, turning newlines into CR LF in raw mode.
func writeTTY(tty *os.File, text string, raw bool) {
	if raw {
		text = strings.ReplaceAll(text, "\n", "\r\n")
	}
	tty.WriteString(text)
}

// fdOf returns the descriptor without switching the file to blocking mode,
// which File.Fd would do (and read deadlines would stop working).
func fdOf(f *os.File) uintptr {
	var fd uintptr
	if rc, err := f.SyscallConn(); err == nil {
		rc.Control(func(x uintptr) { fd = x })
	}
	return fd
}

// readAnswer reads the answer to the approval prompt.
func readAnswer(ctx context.Context, tty *os.File, off offers, timeout time.Duration, ready, explain, unknown func()) (answer, error) {
	return readKeys(ctx, tty, timeout, ready, func(k []byte) (answer, bool) {
		if len(k) > 1 && k[0] == 0x1b {
			// An escape sequence (arrow key, paste): not an answer.
			unknown()
			return 0, false
		}
		switch k[0] {
		case 'o', 'O':
			return ansOnce, true
		case 's', 'S':
			if off.session {
				return ansSession, true
			}
		case 'a', 'A':
			if off.always {
				return ansAlways, true
			}
		case 'd', 'D', 'n', 'N', '\r', '\n', 0x1b, 0x04:
			return ansDeny, true
		case 0x03:
			return ansInterrupt, true
		case '?':
			explain()
			return 0, false
		}
		unknown()
		return 0, false
	})
}

// readKeys puts the terminal in raw mode and passes each key (or escape
// sequence) to key until it reports an answer. The terminal is restored on
// every way out, including signals, which answer ansInterrupt; the timeout
// answers ansTimeout. Type-ahead is discarded first, so a key pressed before
// the question appeared cannot answer it; ready shows the question once the
// terminal is in raw mode.
func readKeys(ctx context.Context, tty *os.File, timeout time.Duration, ready func(), key func([]byte) (answer, bool)) (answer, error) {
	fd := int(fdOf(tty))
	FlushInput(fd)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer signal.Stop(sigs)
	old, err := term.MakeRaw(fd)
	if err != nil {
		return ansDeny, err
	}
	restore := sync.OnceFunc(func() { term.Restore(fd, old) })
	defer restore()
	ready()

	keys := make(chan []byte)
	errs := make(chan error, 1)
	stop := make(chan struct{})
	defer close(stop)
	pollable := tty.SetReadDeadline(time.Time{}) == nil
	go func() {
		buf := make([]byte, 64)
		for {
			if pollable {
				tty.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
			}
			n, err := tty.Read(buf)
			select {
			case <-stop:
				return
			default:
			}
			if errors.Is(err, os.ErrDeadlineExceeded) || (err == nil && n == 0) {
				continue
			}
			if err != nil {
				errs <- err
				return
			}
			select {
			case keys <- append([]byte(nil), buf[:n]...):
			case <-stop:
				return
			}
		}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case <-sigs:
			return ansInterrupt, nil
		case <-ctx.Done():
			return ansInterrupt, nil
		case <-timer.C:
			return ansTimeout, nil
		case err := <-errs:
			return ansDeny, err
		case k := <-keys:
			if a, ok := key(k); ok {
				return a, nil
			}
		}
	}
}

// ErrNoTTY is returned by [Confirm] when there is no terminal to ask on.
var ErrNoTTY = errors.New("no terminal to ask on")

// Confirm asks a yes/no question on the terminal and reports whether the
// human pressed y. Anything else — n, Enter, Esc, Ctrl-C, a signal, no key
// within timeout — is no. open opens the terminal (nil: /dev/tty); without
// one, Confirm returns [ErrNoTTY]. Front ends use it for changes an agent
// must not make on its own, such as `guardsh approvals revoke`.
func Confirm(ctx context.Context, open func() (*os.File, error), question string, timeout time.Duration) (bool, error) {
	if open == nil {
		open = openTTY
	}
	tty, err := open()
	if err != nil {
		return false, fmt.Errorf("%w: %v", ErrNoTTY, err)
	}
	defer tty.Close()
	if !term.IsTerminal(int(fdOf(tty))) {
		return false, fmt.Errorf("%w: %s is not a terminal", ErrNoTTY, tty.Name())
	}
	if why := TerminalRefusal(tty, Guarded(config.StateDir())); why != "" {
		return false, fmt.Errorf("%w: %s, so a key pressed there could come from a guarded command, not from a person", ErrNoTTY, why)
	}
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	a, err := readKeys(ctx, tty, timeout, func() {
		writeTTY(tty, sanitizeLines(question)+" [y/N] ", true)
	}, func(k []byte) (answer, bool) {
		if len(k) == 1 && (k[0] == 'y' || k[0] == 'Y') {
			return ansOnce, true
		}
		return ansDeny, true
	})
	if err != nil {
		writeTTY(tty, "\n", false)
		return false, err
	}
	if a == ansOnce {
		writeTTY(tty, "yes\n", false)
		return true, nil
	}
	writeTTY(tty, "no\n", false)
	return false, nil
}

// sanitizeLines is sanitize that keeps line breaks.
func sanitizeLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = sanitize(l)
	}
	return strings.Join(lines, "\n")
}
