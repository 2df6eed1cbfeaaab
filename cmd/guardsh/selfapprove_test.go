package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
)

// These tests drive the real guardsh binary the way an agent would try to
// approve its own commands (review finding 1, issue 9): through `script`,
// Python's pty, and a script file the line-check cannot read, and check the
// way a person approves from a terminal of their own still works. Each runs
// with a throwaway HOME.

// saGuardsh is the guardsh binary built once for the CLI tests (see
// cliBinary), alone in its directory, so that PATH can start with it.
func saGuardsh(t *testing.T) string { return cliBinary(t) }

// saHome is a throwaway home with x (mode 600), and the environment to run
// guardsh in it, with no GUARDSH_* settings inherited.
type saHome struct {
	dir string
	env []string
}

func newSAHome(t *testing.T) *saHome {
	bin := saGuardsh(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x"), []byte("secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GUARDSH_") && !strings.HasPrefix(kv, "XDG_") && !strings.HasPrefix(kv, "HOME=") && !strings.HasPrefix(kv, "PATH=") {
			env = append(env, kv)
		}
	}
	env = append(env, "HOME="+dir, "XDG_CONFIG_HOME="+dir+"/.config", "XDG_STATE_HOME="+dir+"/.local/state",
		"XDG_DATA_HOME="+dir+"/.local/share", "XDG_CACHE_HOME="+dir+"/.cache", "GUARDSH_TIRITH=off", "NO_COLOR=1",
		"PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"))
	return &saHome{dir: dir, env: env}
}

// run runs argv in the home without a terminal (setsid: no controlling
// terminal, as an agent's commands run), with stdin, and returns the output
// and exit code.
func (h *saHome) run(t *testing.T, stdin string, extraEnv []string, argv ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = h.dir
	cmd.Env = append(append([]string(nil), h.env...), extraEnv...)
	cmd.Stdin = strings.NewReader(stdin)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("%q did not finish: %s", argv, out.String())
	}
	return strings.ReplaceAll(out.String(), "\r", ""), cmd.ProcessState.ExitCode()
}

// shell runs `guardsh -c LINE`, as an agent whose $SHELL is guardsh.
func (h *saHome) shell(t *testing.T, line string) (string, int) {
	return h.run(t, "", nil, "guardsh", "-c", line)
}

var codeRE = regexp.MustCompile(`guardsh approve ([A-Z0-9]{6})`)

// pending asks for `chmod 777 x` without a terminal and returns the code.
func (h *saHome) pending(t *testing.T) string {
	// As an agent started by a person's shell: guardsh, the agent (a
	// subshell of bash here) and bash are the requester, not this test.
	out, rc := h.run(t, "", nil, "bash", "-c", `out=$(guardsh -c 'chmod 777 x' 2>&1 </dev/null); rc=$?; printf '%s\n' "$out"; exit $rc`)
	m := codeRE.FindStringSubmatch(out)
	if rc != 126 || m == nil {
		t.Fatalf("chmod 777 x without a terminal: want a refusal with a code, got %d: %s", rc, out)
	}
	return m[1]
}

func (h *saHome) mode(t *testing.T, name string) os.FileMode {
	st, err := os.Stat(filepath.Join(h.dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return st.Mode().Perm()
}

// notApproved checks that the agent's command is still refused and x kept
// its mode, and that nothing was allowed permanently.
func (h *saHome) notApproved(t *testing.T) {
	t.Helper()
	if out, rc := h.shell(t, "chmod 777 x"); rc != 126 {
		t.Errorf("chmod 777 x ran after the attempt (exit %d): %s", rc, out)
	}
	if m := h.mode(t, "x"); m != 0o600 {
		t.Errorf("x is %o, want 600", m)
	}
	if b, err := os.ReadFile(filepath.Join(h.dir, ".config/guardsh/config.toml")); err == nil && strings.Contains(string(b), "[[allow]]") {
		t.Errorf("a permanent approval was written:\n%s", b)
	}
}

// TestSelfApprovalReview runs the reproductions of review finding 1 through
// $SHELL mode: the line check refuses each (hardline), nothing is approved.
func TestSelfApprovalReview(t *testing.T) {
	h := newSAHome(t)
	code := h.pending(t)
	for _, line := range []string{
		"(sleep 1; printf y; sleep 1) | script -qfc 'guardsh approve " + code + "' /dev/null",
		"(sleep 1; printf o; sleep 1) | script -qfc \"guardsh -c 'chmod 777 x'\" /dev/null",
		"(sleep 1; printf a; sleep 1) | script -qfc \"guardsh gate -c 'chmod 777 y'\" /dev/null",
		"python3 -c 'import pty; pty.spawn([\"guardsh\",\"approve\",\"" + code + "\"])' <<< y",
		"$HOME/bin/guardsh approve " + code,
		"sh -c 'guardsh approve " + code + "'",
	} {
		out, rc := h.shell(t, line)
		if rc != 126 || !strings.Contains(out, "guardsh-self-approval") {
			t.Errorf("%s: want a refusal naming guardsh-self-approval, got %d: %s", line, rc, out)
		}
	}
	h.notApproved(t)
}

// TestSelfApprovalTerminal checks the second layer: when the line check
// cannot see guardsh (its name is in a script file), `guardsh approve` and
// the gate's prompt refuse a terminal created under a checked command.
func TestSelfApprovalTerminal(t *testing.T) {
	h := newSAHome(t)
	code := h.pending(t)
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(h.dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.sh", "guardsh approve "+code+"\n")
	write("a.py", "import pty\npty.spawn(['sh', 'a.sh'])\n")
	write("b.sh", "guardsh -c 'chmod 777 x'\n")
	write("c.sh", "guardsh gate -c 'chmod 777 x'\n")
	guarded := []string{"GUARDSH_GUARDED=1"} // what $SHELL mode gives a checked command
	terminal := regexp.MustCompile(`the terminal /dev/pts/[0-9]+ was created by (script|python3?[.0-9]*) \(pid [0-9]+\)`)
	for _, tc := range []struct{ key, line string }{
		{"y", "script -qfc 'sh a.sh' /dev/null"},
		{"y", "python3 a.py"},
		{"o", "script -qfc 'sh b.sh' /dev/null"},
		{"a", "script -qfc 'sh c.sh' /dev/null"},
		{"y", "script -qfc 'env -u GUARDSH_GUARDED sh a.sh' /dev/null"},
	} {
		// Directly, as the process tree of a checked command: the terminal
		// check alone must refuse.
		feed := "(sleep 1; printf " + tc.key + "; sleep 1) | " + tc.line
		out, _ := h.run(t, "", guarded, "bash", "-c", feed)
		if !terminal.MatchString(out) {
			t.Errorf("%s: want a refusal naming the terminal's creator, got: %s", feed, out)
		}
		if strings.Contains(out, "approved") && !strings.Contains(out, "not approved") {
			t.Errorf("%s: approved: %s", feed, out)
		}
		// Through guardsh -c itself: refused by the line check or by the
		// terminal check, never approved.
		out, _ = h.shell(t, feed)
		if !terminal.MatchString(out) && !strings.Contains(out, "nothing of it was run") {
			t.Errorf("guardsh -c %q: want a refusal, got: %s", feed, out)
		}
		h.notApproved(t)
	}
}

// TestSelfApprovalRequester checks the third layer: an agent that is not
// under guardsh's $SHELL mode (a hook client) asked; the pty it then
// creates is refused because it descends from the requester recorded with
// the pending approval, even with no marker in its environment.
func TestSelfApprovalRequester(t *testing.T) {
	h := newSAHome(t)
	if err := os.WriteFile(filepath.Join(h.dir, "agent.sh"), []byte(`
code=$(guardsh -c 'chmod 777 x' 2>&1 </dev/null | grep -o 'guardsh approve [A-Z0-9]*' | cut -d' ' -f3)
echo "code=$code"
printf 'guardsh approve %s\n' "$code" > a.sh
(sleep 1; printf y; sleep 1) | env -u GUARDSH_GUARDED script -qfc 'sh a.sh' /dev/null
`), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := h.run(t, "", nil, "bash", "agent.sh")
	if !strings.Contains(out, "a process that asked guardsh for approval") {
		t.Errorf("want a refusal naming the requester, got: %s", out)
	}
	h.notApproved(t)
}

// TestSelfApprovalHookAgent: an agent guarded by `guardsh hook` (not by
// $SHELL mode, so no GUARDSH_GUARDED) runs, through a script file the line
// check cannot read, guardsh's gate under `script` and answers "a". The hook
// remembered the agent, so the prompt refuses the pty the agent created and
// nothing is allowed permanently.
func TestSelfApprovalHookAgent(t *testing.T) {
	h := newSAHome(t)
	if err := os.WriteFile(filepath.Join(h.dir, "agent.sh"), []byte(`
printf '%s\n' '{"session_id":"s1","cwd":"'"$HOME"'","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"t1"}' | guardsh hook --protocol claude
printf 'guardsh gate -c "chmod 777 x"\n' > c.sh
(sleep 1; printf a; sleep 1) | env -u GUARDSH_GUARDED script -qfc 'sh c.sh' /dev/null
`), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := h.run(t, "", nil, "bash", "agent.sh")
	if !strings.Contains(out, "a process that asked guardsh for approval") || !strings.Contains(out, "was created by script") {
		t.Errorf("want the gate's prompt refused on the agent's pty, got: %s", out)
	}
	h.notApproved(t)
}

// TestHumanTerminal checks that a person at a terminal of their own (a pty
// this test creates and holds, outside the agent's process tree) still
// approves a pending code, and still answers the gate's prompt.
func TestHumanTerminal(t *testing.T) {
	h := newSAHome(t)
	code := h.pending(t)
	out, rc := h.human(t, "y", "Run it once?", "guardsh", "approve", code)
	if rc != 0 || !strings.Contains(out, "approved "+code) {
		t.Fatalf("guardsh approve at a person's terminal: exit %d: %s", rc, out)
	}
	if out, rc := h.shell(t, "chmod 777 x"); rc != 0 {
		t.Fatalf("the approved command did not run (exit %d): %s", rc, out)
	}
	if m := h.mode(t, "x"); m != 0o777 {
		t.Errorf("x is %o, want 777", m)
	}
	// The gate's prompt on a person's terminal.
	out, rc = h.human(t, "o", "this command needs your approval", "guardsh", "gate", "-c", "git reset --hard")
	if rc != 0 || !strings.Contains(out, "approved once") {
		t.Errorf("gate at a person's terminal: exit %d: %s", rc, out)
	}
	// A person typing `guardsh approve CODE` at their own prompt: the gate
	// lets it through without asking about itself.
	out, rc = h.human(t, "", "", "guardsh", "gate", "-c", "guardsh approve ABCDEF")
	if rc != 0 {
		t.Errorf("gate for a person's own guardsh approve: exit %d: %s", rc, out)
	}
	// Not without a terminal, nor on one a checked command created, nor
	// through a carrier.
	if out, rc := h.run(t, "", nil, "guardsh", "gate", "-c", "guardsh approve ABCDEF"); rc != 2 || !strings.Contains(out, "guardsh-self-approval") {
		t.Errorf("gate without a terminal: want denied (2), got %d: %s", rc, out)
	}
	out, _ = h.run(t, "", []string{"GUARDSH_GUARDED=1"}, "script", "-qfc", "guardsh gate -c 'guardsh approve ABCDEF'", "/dev/null")
	if !strings.Contains(out, "guardsh-self-approval") || !strings.Contains(out, "was created by script") {
		t.Errorf("gate on a guarded pty: want the finding kept and the terminal refused, got: %s", out)
	}
	out, rc = h.human(t, "d", "this command needs your approval", "guardsh", "gate", "-c", "sh -c 'guardsh approve ABCDEF'")
	if rc != 2 || !strings.Contains(out, "guardsh-self-approval") {
		t.Errorf("gate for guardsh approve inside sh -c: want asked and denied, got %d: %s", rc, out)
	}
}

// human runs argv as the session leader of a new pseudo-terminal whose
// master this test holds, waits for prompt, then types key.
func (h *saHome) human(t *testing.T, key, prompt string, argv ...string) (string, int) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer ptmx.Close()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = h.dir
	cmd.Env = h.env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	var mu sync.Mutex
	var buf bytes.Buffer
	go func() {
		b := make([]byte, 4096)
		for {
			n, err := ptmx.Read(b)
			mu.Lock()
			buf.Write(b[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	text := func() string { mu.Lock(); defer mu.Unlock(); return buf.String() }
	if key != "" {
		deadline := time.Now().Add(20 * time.Second)
		for !strings.Contains(text(), prompt) {
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("%q: no %q on the terminal: %s", argv, prompt, text())
			}
			time.Sleep(20 * time.Millisecond)
		}
		time.Sleep(100 * time.Millisecond) // the prompt flushes input first
		ptmx.Write([]byte(key))
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("%q did not finish: %s", argv, text())
	}
	time.Sleep(50 * time.Millisecond)
	return strings.ReplaceAll(text(), "\r", ""), cmd.ProcessState.ExitCode()
}
