package approve

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/rules"
)

// lockedBuffer collects what the program under test writes to the terminal.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// term is a pseudo-terminal: the prompt opens its far end, the test reads
// the screen and types on the master.
type ptyTerm struct {
	ptmx, tty *os.File
	screen    *lockedBuffer
}

func newTerm(t *testing.T) *ptyTerm {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatalf("open a pseudo-terminal: %v", err)
	}
	pty.Setsize(ptmx, &pty.Winsize{Rows: 50, Cols: 160})
	pt := &ptyTerm{ptmx: ptmx, tty: tty, screen: new(lockedBuffer)}
	go io.Copy(pt.screen, ptmx)
	t.Cleanup(func() { tty.Close(); ptmx.Close() })
	return pt
}

func (pt *ptyTerm) open() (*os.File, error) {
	return os.OpenFile(pt.tty.Name(), os.O_RDWR|syscall.O_NOCTTY, 0)
}

func (pt *ptyTerm) waitFor(t *testing.T, s string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(pt.screen.String(), s) {
		if time.Now().After(deadline) {
			t.Fatalf("the terminal never showed %q; it shows:\n%s", s, pt.screen)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (pt *ptyTerm) termios(t *testing.T) *unix.Termios {
	t.Helper()
	tio, err := unix.IoctlGetTermios(int(pt.tty.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	return tio
}

// decideAsync runs Decide with the prompt on pt.
func decideAsync(fx *fixture, pt *ptyTerm, res *check.Result) <-chan Decision {
	fx.req.Prompt = true
	fx.req.TTY = pt.open
	ch := make(chan Decision, 1)
	go func() { ch <- Decide(context.Background(), res, fx.req) }()
	return ch
}

func wait(t *testing.T, ch <-chan Decision) Decision {
	t.Helper()
	select {
	case d := <-ch:
		return d
	case <-time.After(20 * time.Second):
		t.Fatal("no decision")
	}
	return Decision{}
}

const keysShown = "deny (default)"

func TestPromptKeys(t *testing.T) {
	tests := []struct {
		name    string
		keys    []string // typed one at a time, each after the screen settles
		outcome Outcome
		how     How
		shown   string // on the terminal after the answer
	}{
		{"d denies", []string{"d"}, Denied, KeyDeny, "denied"},
		{"Enter denies", []string{"\r"}, Denied, KeyDeny, "denied"},
		{"Esc denies", []string{"\x1b"}, Denied, KeyDeny, "denied"},
		{"Ctrl-D denies", []string{"\x04"}, Denied, KeyDeny, "denied"},
		{"Ctrl-C denies", []string{"\x03"}, Denied, Interrupt, "denied"},
		{"o once", []string{"o"}, Go, KeyOnce, "approved once"},
		{"s session", []string{"s"}, Go, KeySession, "approved for this session"},
		{"a always", []string{"a"}, Go, KeyAlways, "approved always in"},
		{"unknown keys are ignored", []string{"x", "y", "\x1b[A", "o"}, Go, KeyOnce, "press o, s, a, d or ?"},
		{"? explains", []string{"?", "d"}, Denied, KeyDeny, "s approves these rules until this shell has been idle"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fx := newFixture(t)
			pt := newTerm(t)
			before := pt.termios(t)
			ch := decideAsync(fx, pt, askResult())
			pt.waitFor(t, keysShown)
			for _, k := range tt.keys {
				n := len(pt.screen.String())
				pt.ptmx.WriteString(k)
				if k != tt.keys[len(tt.keys)-1] {
					// Wait for the reaction (a hint, the explanation).
					deadline := time.Now().Add(5 * time.Second)
					for len(pt.screen.String()) == n && time.Now().Before(deadline) {
						time.Sleep(5 * time.Millisecond)
					}
				}
			}
			d := wait(t, ch)
			if d.Outcome != tt.outcome || d.How != tt.how {
				t.Fatalf("got %v/%v, want %v/%v", d.Outcome, d.How, tt.outcome, tt.how)
			}
			pt.waitFor(t, tt.shown)
			after := pt.termios(t)
			if after.Lflag != before.Lflag || after.Iflag != before.Iflag || after.Oflag != before.Oflag {
				t.Errorf("terminal not restored: lflag %#x → %#x", before.Lflag, after.Lflag)
			}
			es := fx.logEntries(t)
			if len(es) != 1 || es[0].How != tt.how {
				t.Errorf("audit: %+v", es)
			}
			// What the answer left behind.
			sess := sessionRules(fx.req.StateDir, "sess-1", time.Now())
			cfg, err := config.Load(fx.req.ConfigFile)
			if err != nil {
				t.Fatal(err)
			}
			if sess["git-reset-hard"] != (tt.how == KeySession) {
				t.Errorf("session approval stored: %v", sess)
			}
			if (len(cfg.Allow) == 1) != (tt.how == KeyAlways) {
				t.Errorf("permanent approvals: %+v", cfg.Allow)
			}
			if tt.how == KeyAlways {
				a := cfg.Allow[0]
				if a.Rule != "git-reset-hard" || a.Dir != fx.req.Dir || a.Added.IsZero() || a.Reason == "" {
					t.Errorf("entry: %+v", a)
				}
				// The next time, no prompt: the allowlist covers it.
				fx.req.Prompt = false
				fx.req.Config = cfg
				if d := Decide(context.Background(), askResult(), fx.req); d.How != Allowlist {
					t.Errorf("after always: %+v", d)
				}
			}
			if tt.how == KeySession {
				fx.req.Prompt = false
				if d := Decide(context.Background(), askResult(), fx.req); d.How != Session {
					t.Errorf("after session: %+v", d)
				}
			}
		})
	}
}

func TestPromptShows(t *testing.T) {
	fx := newFixture(t)
	pt := newTerm(t)
	cmd := "sudo bash -c 'chmod -R 777 /srv' # \x1b[2J"
	f := finding(cmd, "chmod-777", rules.Dangerous, "chmod -R 777 /srv")
	f.Via = []string{"sudo", "bash -c"}
	res := &check.Result{Command: cmd, Verdict: check.Ask, Findings: []rules.Finding{f}}
	fx.req.Getenv = env(map[string]string{"NO_COLOR": "1"})
	ch := decideAsync(fx, pt, res)
	pt.waitFor(t, keysShown)
	pt.ptmx.WriteString("d")
	wait(t, ch)
	screen := pt.screen.String()
	for _, want := range []string{
		"this command needs your approval",
		`$ sudo bash -c 'chmod -R 777 /srv' # \e[2J`,
		strings.Repeat(" ", 18) + "^^^^^^^^^^^^^^^^^\r\n", // carets under the match
		"chmod-777: title of chmod-777",
		"why: reason of chmod-777",
		"matched: chmod -R 777 /srv (via sudo → bash -c)",
		"instead: do it safely",
		"[o] once", "[s] this session", "[a] always in " + fx.req.Dir, "(denied in 60s)",
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "\x1b[2J") || strings.Contains(screen, "\x1b[1") {
		t.Errorf("escape sequences reached the terminal:\n%q", screen)
	}
}

func TestPromptColour(t *testing.T) {
	fx := newFixture(t)
	pt := newTerm(t)
	ch := decideAsync(fx, pt, askResult())
	pt.waitFor(t, "deny (default)")
	pt.ptmx.WriteString("d")
	wait(t, ch)
	if !strings.Contains(pt.screen.String(), colour.mark+"git reset --hard HEAD~1"+colour.reset) {
		t.Errorf("the match is not painted:\n%q", pt.screen)
	}
}

// TestPromptColorMode: --color always paints despite NO_COLOR and
// TERM=dumb, never paints nothing on a colour terminal, auto follows them.
func TestPromptColorMode(t *testing.T) {
	for _, tc := range []struct {
		mode    string
		env     map[string]string
		painted bool
	}{
		{"always", map[string]string{"NO_COLOR": "1", "TERM": "dumb"}, true},
		{"never", map[string]string{"TERM": "xterm-256color"}, false},
		{"auto", map[string]string{"TERM": "xterm-256color"}, true},
		{"", map[string]string{"TERM": "xterm-256color"}, true},
		{"auto", map[string]string{"TERM": "dumb"}, false},
		{"auto", map[string]string{"NO_COLOR": "1"}, false},
	} {
		t.Run(tc.mode+fmt.Sprint(tc.env), func(t *testing.T) {
			fx := newFixture(t)
			pt := newTerm(t)
			fx.req.Color = tc.mode
			fx.req.Getenv = env(tc.env)
			ch := decideAsync(fx, pt, askResult())
			pt.waitFor(t, keysShown)
			pt.ptmx.WriteString("d")
			wait(t, ch)
			if got := strings.Contains(pt.screen.String(), colour.mark); got != tc.painted {
				t.Errorf("painted = %v, want %v:\n%q", got, tc.painted, pt.screen)
			}
		})
	}
}

func TestPromptNoAlways(t *testing.T) {
	for _, mod := range []struct {
		name string
		f    func(*rules.Finding)
	}{
		{"never permanent", func(f *rules.Finding) { f.NeverPermanent = true }},
		{"tirith", func(f *rules.Finding) { f.Source = "tirith" }},
	} {
		t.Run(mod.name, func(t *testing.T) {
			fx := newFixture(t)
			pt := newTerm(t)
			res := askResult()
			mod.f(&res.Findings[0])
			ch := decideAsync(fx, pt, res)
			pt.waitFor(t, keysShown)
			pt.ptmx.WriteString("a")
			pt.waitFor(t, "press o, s, d or ?")
			pt.ptmx.WriteString("d")
			d := wait(t, ch)
			if d.How != KeyDeny {
				t.Fatalf("got %+v", d)
			}
			if s := pt.screen.String(); strings.Contains(s, "always in") || !strings.Contains(s, `"always" is not offered`) {
				t.Errorf("screen:\n%s", s)
			}
			if b, _ := os.ReadFile(fx.req.ConfigFile); len(b) > 0 {
				t.Errorf("config written: %s", b)
			}
		})
	}
}

func TestPromptNoSessionWithoutSession(t *testing.T) {
	fx := newFixture(t)
	fx.req.Session = ""
	pt := newTerm(t)
	ch := decideAsync(fx, pt, askResult())
	pt.waitFor(t, keysShown)
	pt.ptmx.WriteString("s")
	pt.waitFor(t, "press o, a, d or ?")
	pt.ptmx.WriteString("o")
	if d := wait(t, ch); d.How != KeyOnce {
		t.Fatalf("got %+v", d)
	}
}

func TestPromptTimeout(t *testing.T) {
	fx := newFixture(t)
	fx.req.Config = config.Default()
	fx.req.Config.Approvals.Timeout.Duration = 300 * time.Millisecond
	pt := newTerm(t)
	start := time.Now()
	ch := decideAsync(fx, pt, askResult())
	d := wait(t, ch)
	if d.Outcome != Denied || d.How != Timeout || !strings.Contains(d.Message, "no answer within 300ms") {
		t.Fatalf("got %+v", d)
	}
	if el := time.Since(start); el < 300*time.Millisecond || el > 5*time.Second {
		t.Errorf("took %v", el)
	}
	pt.waitFor(t, "denied (no answer)")
}

// TestPromptSignal sends SIGTERM to the process during the prompt: the answer
// is deny and the terminal is restored.
func TestPromptSignal(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			fx := newFixture(t)
			pt := newTerm(t)
			before := pt.termios(t)
			ch := decideAsync(fx, pt, askResult())
			pt.waitFor(t, keysShown)
			if raw := pt.termios(t); raw.Lflag&unix.ICANON != 0 {
				t.Fatal("the prompt is not in raw mode")
			}
			syscall.Kill(os.Getpid(), sig)
			d := wait(t, ch)
			if d.How != Interrupt || d.Outcome != Denied {
				t.Fatalf("got %+v", d)
			}
			if after := pt.termios(t); after.Lflag != before.Lflag {
				t.Errorf("terminal not restored: %#x → %#x", before.Lflag, after.Lflag)
			}
		})
	}
}

func TestPromptContextCancel(t *testing.T) {
	fx := newFixture(t)
	pt := newTerm(t)
	fx.req.Prompt, fx.req.TTY = true, pt.open
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan Decision, 1)
	go func() { ch <- Decide(ctx, askResult(), fx.req) }()
	pt.waitFor(t, keysShown)
	cancel()
	if d := wait(t, ch); d.How != Interrupt {
		t.Fatalf("got %+v", d)
	}
}

// TestPromptTypeAhead: a key typed before the prompt appears does not answer
// it.
func TestPromptTypeAhead(t *testing.T) {
	fx := newFixture(t)
	pt := newTerm(t)
	pt.ptmx.WriteString("o")
	time.Sleep(50 * time.Millisecond)
	ch := decideAsync(fx, pt, askResult())
	pt.waitFor(t, keysShown)
	select {
	case d := <-ch:
		t.Fatalf("answered by type-ahead: %+v", d)
	case <-time.After(300 * time.Millisecond):
	}
	pt.ptmx.WriteString("d")
	if d := wait(t, ch); d.How != KeyDeny {
		t.Fatalf("got %+v", d)
	}
}

func TestNotATerminal(t *testing.T) {
	fx := newFixture(t)
	fx.req.Prompt = true
	fx.req.TTY = func() (*os.File, error) { return os.Open(os.DevNull) }
	if d := Decide(context.Background(), askResult(), fx.req); d.How != NoTTY {
		t.Fatalf("got %+v", d)
	}
}

func TestConfirm(t *testing.T) {
	for _, tt := range []struct {
		key  string
		want bool
	}{{"y", true}, {"Y", true}, {"n", false}, {"\r", false}, {"\x03", false}, {"o", false}} {
		pt := newTerm(t)
		ch := make(chan bool, 1)
		go func() {
			ok, err := Confirm(context.Background(), pt.open, "revoke \x1b[31mit?", time.Minute)
			if err != nil {
				t.Error(err)
			}
			ch <- ok
		}()
		pt.waitFor(t, "[y/N]")
		pt.ptmx.WriteString(tt.key)
		if got := <-ch; got != tt.want {
			t.Errorf("key %q: got %v", tt.key, got)
		}
		if strings.Contains(pt.screen.String(), "\x1b[31m") {
			t.Errorf("escape reached the terminal")
		}
	}
	_, err := Confirm(context.Background(), func() (*os.File, error) { return os.Open(filepath.Join(t.TempDir(), "x")) }, "q", time.Second)
	if err == nil || !strings.Contains(err.Error(), ErrNoTTY.Error()) {
		t.Fatalf("no terminal: %v", err)
	}
}

// TestPromptAlwaysUnsaved: when the config file cannot be written, "always"
// still lets the command run once, with one warning, and says so in the log.
func TestPromptAlwaysUnsaved(t *testing.T) {
	fx := newFixture(t)
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, nil, 0o600)
	fx.req.ConfigFile = filepath.Join(blocker, "config.toml")
	pt := newTerm(t)
	ch := decideAsync(fx, pt, askResult())
	pt.waitFor(t, keysShown)
	pt.ptmx.WriteString("a")
	d := wait(t, ch)
	if d.Outcome != Go || d.How != KeyOnce {
		t.Fatalf("got %+v", d)
	}
	if !strings.Contains(fx.warn.String(), "cannot save the permanent approval (approved once instead)") ||
		strings.Count(fx.warn.String(), "\n") != 1 {
		t.Errorf("warning: %q", fx.warn)
	}
	// The record of the key is written before the approval is saved;
	// when saving fails, a second record says what the answer became.
	if es := fx.logEntries(t); len(es) != 2 || es[0].How != KeyAlways || es[1].How != KeyOnce {
		t.Errorf("log: %+v", es)
	}
}

// TestAuditBeforeApprovalSaved: the audit record of a session or permanent
// approval is on disk before the approval is saved, so a kill between the
// two never leaves an approval no record explains (review §20: 42 of 50
// approvals saved before a SIGKILL had no record).
func TestAuditBeforeApprovalSaved(t *testing.T) {
	for _, c := range []struct {
		key string
		how How
	}{{"s", KeySession}, {"a", KeyAlways}} {
		t.Run(string(c.how), func(t *testing.T) {
			fx := newFixture(t)
			pt := newTerm(t)
			saved, logged := false, false
			check := func() {
				saved = true
				es := fx.logEntries(t)
				logged = len(es) == 1 && es[0].How == c.how && es[0].Decision == "go"
			}
			realGrant, realAllow := grantSession, appendAllow
			t.Cleanup(func() { grantSession, appendAllow = realGrant, realAllow })
			grantSession = func(dir, sess string, now time.Time, ids ...string) error {
				check()
				return realGrant(dir, sess, now, ids...)
			}
			appendAllow = func(path string, e config.AllowEntry) error {
				check()
				return realAllow(path, e)
			}
			ch := decideAsync(fx, pt, askResult())
			pt.waitFor(t, keysShown)
			pt.ptmx.WriteString(c.key)
			if d := wait(t, ch); d.How != c.how {
				t.Fatalf("how %v, want %v", d.How, c.how)
			}
			if !saved || !logged {
				t.Errorf("saved %v; the audit record was on disk before: %v", saved, logged)
			}
			if es := fx.logEntries(t); len(es) != 1 {
				t.Errorf("%d audit records, want 1: %+v", len(es), es)
			}
		})
	}
}
