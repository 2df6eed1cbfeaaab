package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"

	"github.com/guardsh/guardsh/config"
)

// These tests run the guardsh binary with a pseudo-terminal as its
// controlling terminal, the way a shell hook runs it: standard input and
// output are pipes, and the prompt must find the terminal through /dev/tty.

type screen struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *screen) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type gateRun struct {
	cmd            *exec.Cmd
	ptmx, tty      *os.File
	screen         *screen
	stdout, stderr bytes.Buffer
	done           chan struct{}
	code           int
	// before is the terminal's state before guardsh started.
	before *unix.Termios
}

// home makes XDG directories for one test and returns the environment.
func home(t *testing.T, extra ...string) (dir string, environ []string) {
	dir = t.TempDir()
	environ = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "TERM=xterm",
		"XDG_CONFIG_HOME=" + dir + "/config", "XDG_STATE_HOME=" + dir + "/state",
		"XDG_DATA_HOME=" + dir + "/data", "XDG_CACHE_HOME=" + dir + "/cache", "GUARDSH_TIRITH=off"}
	return dir, append(environ, extra...)
}

// startGate runs `guardsh gate -c line` in dir. With a terminal, it is the
// process's controlling terminal (and nothing else); without, the process
// has none at all.
func startGate(t *testing.T, environ []string, dir, line string, withTTY bool) *gateRun {
	t.Helper()
	return startVerb(t, environ, dir, withTTY, "gate", "-c", line)
}

// startVerb runs guardsh with args, like startGate.
func startVerb(t *testing.T, environ []string, dir string, withTTY bool, args ...string) *gateRun {
	t.Helper()
	bin, err := exec.LookPath("guardsh")
	if err != nil {
		t.Fatal(err)
	}
	r := &gateRun{screen: new(screen), done: make(chan struct{})}
	r.cmd = exec.Command(bin, args...)
	r.cmd.Dir = dir
	r.cmd.Env = environ
	r.cmd.Stdout, r.cmd.Stderr = &r.stdout, &r.stderr
	r.cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if withTTY {
		r.ptmx, r.tty, err = pty.Open()
		if err != nil {
			t.Fatal(err)
		}
		pty.Setsize(r.ptmx, &pty.Winsize{Rows: 50, Cols: 200})
		t.Cleanup(func() { r.ptmx.Close(); r.tty.Close() })
		go io.Copy(r.screen, r.ptmx)
		r.before = r.termios(t)
		r.cmd.ExtraFiles = []*os.File{r.tty} // fd 3
		r.cmd.SysProcAttr.Setctty = true
		r.cmd.SysProcAttr.Ctty = 3
	}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		r.cmd.Wait()
		r.code = r.cmd.ProcessState.ExitCode()
		close(r.done)
	}()
	return r
}

func (r *gateRun) waitScreen(t *testing.T, s string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	var exited time.Time
	for !strings.Contains(r.screen.String(), s) {
		select {
		case <-r.done:
			// What guardsh wrote last may still be in the pty on its way
			// to the reader: give it a moment before failing.
			if exited.IsZero() {
				exited = time.Now()
			} else if time.Since(exited) > 2*time.Second {
				t.Fatalf("guardsh exited (%d) before showing %q; screen:\n%s\nstderr:\n%s", r.code, s, r.screen, &r.stderr)
			}
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the terminal never showed %q; it shows:\n%s", s, r.screen)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (r *gateRun) wait(t *testing.T) int {
	t.Helper()
	select {
	case <-r.done:
	case <-time.After(20 * time.Second):
		r.cmd.Process.Kill()
		t.Fatalf("guardsh gate did not finish; screen:\n%s", r.screen)
	}
	return r.code
}

func (r *gateRun) termios(t *testing.T) *unix.Termios {
	tio, err := unix.IoctlGetTermios(int(r.tty.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	return tio
}

const prompted = "deny (default)"

func TestGateTerminal(t *testing.T) {
	tests := []struct {
		name  string
		key   string
		code  int
		shown string // on the terminal
		err   string // on standard error
	}{
		{"deny", "d", 2, "denied", "guardsh: denied\n"},
		{"enter", "\r", 2, "denied", "guardsh: denied\n"},
		{"ctrl-c", "\x03", 2, "denied", "guardsh: denied (interrupted)\n"},
		{"once", "o", 0, "approved once", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, environ := home(t, "NO_COLOR=1")
			r := startGate(t, environ, dir, "git reset --hard", true)
			before := r.before
			r.waitScreen(t, prompted)
			r.ptmx.WriteString(tt.key)
			if code := r.wait(t); code != tt.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tt.code, &r.stderr)
			}
			r.waitScreen(t, tt.shown)
			if r.stderr.String() != tt.err {
				t.Errorf("stderr %q, want %q", &r.stderr, tt.err)
			}
			if r.stdout.Len() > 0 {
				t.Errorf("stdout: %q", &r.stdout)
			}
			if after := r.termios(t); after.Lflag != before.Lflag || after.Iflag != before.Iflag {
				t.Errorf("terminal left changed: lflag %#x → %#x", before.Lflag, after.Lflag)
			}
			for _, want := range []string{"$ git reset --hard", "git-reset-hard", "why: ", "instead: "} {
				if !strings.Contains(r.screen.String(), want) {
					t.Errorf("screen lacks %q:\n%s", want, r.screen)
				}
			}
		})
	}
}

// TestGateSession: s approves the rule for this GUARDSH_SESSION only.
func TestGateSession(t *testing.T) {
	dir, environ := home(t, "GUARDSH_SESSION=one")
	r := startGate(t, environ, dir, "git reset --hard", true)
	r.waitScreen(t, prompted)
	r.ptmx.WriteString("s")
	if code := r.wait(t); code != 0 {
		t.Fatalf("exit %d: %s", code, &r.stderr)
	}
	// Same session, no terminal now: covered.
	r = startGate(t, environ, dir, "git reset --hard HEAD~2", false)
	if code := r.wait(t); code != 0 {
		t.Fatalf("same session: exit %d: %s", code, &r.stderr)
	}
	// Another session is not.
	r = startGate(t, append(environ, "GUARDSH_SESSION=two"), dir, "git reset --hard", false)
	if code := r.wait(t); code != 2 {
		t.Fatalf("other session: exit %d", code)
	}
	// Nor another rule.
	r = startGate(t, environ, dir, "chmod -R 777 x", false)
	if code := r.wait(t); code != 2 {
		t.Fatalf("other rule: exit %d", code)
	}
}

// TestGateAlways: a appends a narrow [[allow]] entry, keeping the user's
// file, and it covers the project but not another directory.
func TestGateAlways(t *testing.T) {
	dir, environ := home(t)
	proj := filepath.Join(dir, "proj")
	os.MkdirAll(filepath.Join(proj, ".git"), 0o755)
	os.MkdirAll(filepath.Join(proj, "src"), 0o755)
	cfgFile := filepath.Join(dir, "config", "guardsh", "config.toml")
	os.MkdirAll(filepath.Dir(cfgFile), 0o755)
	orig := "# my guardsh config\n[approvals]\ntimeout = \"30s\" # half a minute\n"
	os.WriteFile(cfgFile, []byte(orig), 0o644)

	r := startGate(t, environ, filepath.Join(proj, "src"), "git reset --hard", true)
	r.waitScreen(t, "always in "+proj)
	r.ptmx.WriteString("a")
	if code := r.wait(t); code != 0 {
		t.Fatalf("exit %d: %s", code, &r.stderr)
	}
	data, _ := os.ReadFile(cfgFile)
	if !strings.HasPrefix(string(data), orig) {
		t.Fatalf("the user's text changed:\n%s", data)
	}
	cfg, err := config.Load(cfgFile)
	if err != nil || len(cfg.Allow) != 1 || cfg.Allow[0].Rule != "git-reset-hard" || cfg.Allow[0].Dir != proj {
		t.Fatalf("config: %+v %v", cfg.Allow, err)
	}
	r = startGate(t, environ, proj, "git reset --hard", false)
	if code := r.wait(t); code != 0 {
		t.Fatalf("in the project: exit %d: %s", code, &r.stderr)
	}
	r = startGate(t, environ, dir, "git reset --hard", false)
	if code := r.wait(t); code != 2 {
		t.Fatalf("outside the project: exit %d", code)
	}
}

func TestGateTimeout(t *testing.T) {
	dir, environ := home(t)
	cfgFile := filepath.Join(dir, "config", "guardsh", "config.toml")
	os.MkdirAll(filepath.Dir(cfgFile), 0o755)
	os.WriteFile(cfgFile, []byte("[approvals]\ntimeout = \"1s\"\n"), 0o644)
	start := time.Now()
	r := startGate(t, environ, dir, "git reset --hard", true)
	r.waitScreen(t, "(denied in 1s)")
	if code := r.wait(t); code != 2 {
		t.Fatalf("exit %d", code)
	}
	if el := time.Since(start); el < time.Second {
		t.Errorf("denied after %v", el)
	}
	if !strings.Contains(r.stderr.String(), "no answer within 1s") {
		t.Errorf("stderr: %s", &r.stderr)
	}
}

// TestGateSignal: SIGTERM during the prompt denies and restores the terminal.
func TestGateSignal(t *testing.T) {
	dir, environ := home(t)
	r := startGate(t, environ, dir, "git reset --hard", true)
	before := r.before
	r.waitScreen(t, prompted)
	if r.termios(t).Lflag&unix.ICANON != 0 {
		t.Fatal("not in raw mode during the prompt")
	}
	r.cmd.Process.Signal(syscall.SIGTERM)
	if code := r.wait(t); code != 2 {
		t.Fatalf("exit %d", code)
	}
	if after := r.termios(t); after.Lflag != before.Lflag {
		t.Errorf("terminal left raw: %#x → %#x", before.Lflag, after.Lflag)
	}
}

// TestGateNoPrompt: cases where a terminal is there but no prompt may
// appear.
func TestGateNoPrompt(t *testing.T) {
	tests := []struct {
		name, line, config string
		env                []string
		code               int
		err                string
	}{
		{"hardline", "rm -rf /", "", nil, 1, "rm-root is a hardline rule"},
		{"hardline with yolo", "rm -rf /", "", []string{"GUARDSH_YOLO=1"}, 1, "hardline"},
		{"hardline with mode off", "rm -rf /", "[approvals]\nmode = \"off\"\n", nil, 1, "hardline"},
		{"yolo", "git reset --hard", "", []string{"GUARDSH_YOLO=1"}, 0, "GUARDSH_YOLO=1"},
		{"mode deny", "git reset --hard", "[approvals]\nmode = \"deny\"\n", nil, 2, `approvals.mode = "deny"`},
		{"mode off", "git reset --hard", "[approvals]\nmode = \"off\"\n", nil, 0, `approvals.mode = "off"`},
		{"broken config", "git reset --hard", "[approvals]\nmode = 1\n", nil, 2, "config.toml:2: approvals.mode"},
		{"safe", "ls -la", "", nil, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, environ := home(t, tt.env...)
			if tt.config != "" {
				cfgFile := filepath.Join(dir, "config", "guardsh", "config.toml")
				os.MkdirAll(filepath.Dir(cfgFile), 0o755)
				os.WriteFile(cfgFile, []byte(tt.config), 0o644)
			}
			r := startGate(t, environ, dir, tt.line, true)
			if code := r.wait(t); code != tt.code {
				t.Fatalf("exit %d, want %d: %s", code, tt.code, &r.stderr)
			}
			if !strings.Contains(r.stderr.String(), tt.err) || (tt.err == "" && r.stderr.Len() > 0) {
				t.Errorf("stderr %q lacks %q", &r.stderr, tt.err)
			}
			time.Sleep(50 * time.Millisecond)
			if s := r.screen.String(); s != "" {
				t.Errorf("something was shown on the terminal:\n%s", s)
			}
		})
	}
}

// TestApprovalsRevokeTerminal: revoke and clear need a y on the terminal.
func TestApprovalsRevokeTerminal(t *testing.T) {
	dir, environ := home(t, "GUARDSH_SESSION=s1")
	r := startGate(t, environ, dir, "git reset --hard", true)
	r.waitScreen(t, prompted)
	r.ptmx.WriteString("s")
	r.wait(t)

	list := exec.Command("guardsh", "approvals", "list")
	list.Env = environ
	out, err := list.Output()
	if err != nil {
		t.Fatal(err)
	}
	id := strings.Fields(string(out))[0]
	if !strings.HasPrefix(id, "s") || !strings.Contains(string(out), "git-reset-hard") {
		t.Fatalf("list: %s", out)
	}
	for _, tt := range []struct {
		key  string
		code int
	}{{"n", 2}, {"y", 0}} {
		r := startVerb(t, environ, dir, true, "approvals", "revoke", id)
		r.waitScreen(t, "[y/N]")
		r.ptmx.WriteString(tt.key)
		if code := r.wait(t); code != tt.code {
			t.Fatalf("key %s: exit %d: %s", tt.key, code, &r.stderr)
		}
	}
	list = exec.Command("guardsh", "approvals", "list")
	list.Env = environ
	out, _ = list.Output()
	if strings.Contains(string(out), id) {
		t.Fatalf("still listed after revoke: %s", out)
	}

	// clear, approved at the terminal.
	r = startGate(t, environ, dir, "chmod -R 777 x", true)
	r.waitScreen(t, prompted)
	r.ptmx.WriteString("s")
	r.wait(t)
	r = startVerb(t, environ, dir, true, "approvals", "clear")
	r.waitScreen(t, "remove the approval of this session? [y/N]")
	r.ptmx.WriteString("y")
	if code := r.wait(t); code != 0 || !strings.Contains(r.stdout.String(), "removed 1 approval of this session") {
		t.Fatalf("clear: exit %d: %s %s", code, &r.stdout, &r.stderr)
	}
}
