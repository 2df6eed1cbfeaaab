package hooks

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The interactive tests drive real bash, zsh and fish in tmux: keys go in
// with send-keys, the screen comes back with capture-pane. Each shell gets
// its own tmux server, HOME, XDG directories and rc file.

// tmuxWait is how long a test waits for something to appear on the screen.
// It is generous: the machine may be loaded.
const tmuxWait = 30 * time.Second

var (
	guardshBinOnce sync.Once
	guardshBinPath string
	guardshBinErr  error
)

// guardshBinary builds cmd/guardsh once for all tests, or returns
// $GUARDSH_TEST_BIN when it is set.
func guardshBinary(t *testing.T) string {
	t.Helper()
	guardshBinOnce.Do(func() {
		if p := os.Getenv("GUARDSH_TEST_BIN"); p != "" {
			guardshBinPath = p
			return
		}
		// One fixed place per user, replaced atomically by each run, so
		// that runs do not pile up binaries in the temp dir.
		dir := filepath.Join(os.TempDir(), fmt.Sprintf("guardsh-hooks-test-%d", os.Getuid()))
		if err := os.MkdirAll(dir, 0o700); err != nil {
			guardshBinErr = err
			return
		}
		guardshBinPath = filepath.Join(dir, "guardsh")
		tmp := fmt.Sprintf("%s.%d", guardshBinPath, os.Getpid())
		out, err := exec.Command("go", "build", "-o", tmp, "github.com/guardsh/guardsh/cmd/guardsh").CombinedOutput()
		if err != nil {
			os.Remove(tmp)
			guardshBinErr = fmt.Errorf("go build ./cmd/guardsh: %v\n%s", err, out)
			return
		}
		guardshBinErr = os.Rename(tmp, guardshBinPath)
	})
	if guardshBinErr != nil {
		t.Fatal(guardshBinErr)
	}
	return guardshBinPath
}

// A tmuxTerm is one shell running in its own tmux server.
type tmuxTerm struct {
	t    *testing.T
	sock string
	dir  string // the test's directory: home/, bin/, work/
	seq  int
}

// shellEnv is the environment of a test shell, rooted at dir.
func shellEnv(dir string, extra ...string) []string {
	home := filepath.Join(dir, "home")
	env := []string{
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local/state"),
		"XDG_DATA_HOME=" + filepath.Join(home, ".local/share"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"XDG_RUNTIME_DIR=" + filepath.Join(dir, "run"),
		"PATH=" + filepath.Join(dir, "bin") + ":/usr/local/bin:/usr/bin:/bin",
		"TERM=xterm-256color",
		"LANG=C.UTF-8",
		"NO_COLOR=1",
		"GUARDSH_TIRITH=off",
		"EDITOR=", "VISUAL=",
		"GIT_CONFIG_NOSYSTEM=1",
		"fish_history=guardshtest",
	}
	return append(env, extra...)
}

// tmuxStart runs argv under env in a new tmux server and waits until the
// screen matches ready.
func tmuxStart(t *testing.T, dir string, env, argv []string, ready string) *tmuxTerm {
	t.Helper()
	for _, d := range []string{"home/.config", "home/.local/state", "home/.local/share", "home/.cache", "bin", "work", "run"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	sock := filepath.Join(dir, fmt.Sprintf("tmux-%d.sock", time.Now().UnixNano()))
	tt := &tmuxTerm{t: t, sock: sock, dir: dir}
	args := []string{"new-session", "-d", "-x", "160", "-y", "50", "-c", filepath.Join(dir, "work"), "--", "env", "-i"}
	args = append(append(args, env...), argv...)
	if out, err := tt.tmux(args...); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	t.Cleanup(tt.stop)
	tt.tmux("set-option", "-g", "history-limit", "20000")
	tt.waitFor(ready)
	return tt
}

// stop ends the tmux server and waits a little for the shell to go, so
// that it writes no more files into the test's directory.
func (tt *tmuxTerm) stop() {
	out, _ := tt.tmux("list-panes", "-F", "#{pane_pid}")
	tt.tmux("kill-server")
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		return
	}
	for i := 0; i < 100 && syscall.Kill(pid, 0) == nil; i++ {
		time.Sleep(50 * time.Millisecond)
	}
}

func (tt *tmuxTerm) tmux(args ...string) ([]byte, error) {
	cmd := exec.Command("tmux", append([]string{"-S", tt.sock, "-f", "/dev/null"}, args...)...)
	cmd.Env = append(os.Environ(), "TMUX=")
	return cmd.CombinedOutput()
}

// screen returns the whole pane, scrollback included, wrapped lines joined.
func (tt *tmuxTerm) screen() string {
	out, err := tt.tmux("capture-pane", "-p", "-J", "-S", "-", "-E", "-")
	if err != nil {
		tt.t.Fatalf("tmux capture-pane: %v\n%s", err, out)
	}
	return string(out)
}

// waitFor waits until the screen matches the regular expression re and
// returns the screen.
func (tt *tmuxTerm) waitFor(re string) string {
	tt.t.Helper()
	rx := regexp.MustCompile(re)
	deadline := time.Now().Add(tmuxWait)
	for {
		s := tt.screen()
		if rx.MatchString(s) {
			return s
		}
		if time.Now().After(deadline) {
			tt.t.Fatalf("waited %v for %q on the screen:\n%s\nprocesses:\n%s", tmuxWait, re, s, tt.processes())
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// settle waits until the screen has not changed for a while: the shell is
// done redrawing and waits for keys.
func (tt *tmuxTerm) settle() string {
	tt.t.Helper()
	deadline := time.Now().Add(tmuxWait)
	last, since := tt.screen(), time.Now()
	for time.Since(since) < 300*time.Millisecond {
		if time.Now().After(deadline) {
			tt.t.Fatalf("the screen did not settle in %v:\n%s", tmuxWait, lastLines(last, 8))
		}
		time.Sleep(50 * time.Millisecond)
		if s := tt.screen(); s != last {
			last, since = s, time.Now()
		}
	}
	return last
}

// processes lists what runs in the pane, for failure messages.
func (tt *tmuxTerm) processes() string {
	pid, err := tt.tmux("list-panes", "-F", "#{pane_pid}")
	if err != nil {
		return err.Error()
	}
	out, _ := exec.Command("ps", "-o", "pid,stat,wchan:24,args", "-s", strings.TrimSpace(string(pid))).CombinedOutput()
	return string(out)
}

// waitCount waits until re matches at least n times on the screen.
func (tt *tmuxTerm) waitCount(re string, n int) string {
	tt.t.Helper()
	rx := regexp.MustCompile(re)
	deadline := time.Now().Add(tmuxWait)
	for {
		s := tt.screen()
		if len(rx.FindAllStringIndex(s, -1)) >= n {
			return s
		}
		if time.Now().After(deadline) {
			tt.t.Fatalf("waited %v for %d times %q on the screen:\n%s", tmuxWait, n, re, s)
		}
		time.Sleep(40 * time.Millisecond)
	}
}

func (tt *tmuxTerm) count(re string) int {
	return len(regexp.MustCompile(re).FindAllStringIndex(tt.screen(), -1))
}

// keys sends tmux key names such as Enter, C-c or C-u.
func (tt *tmuxTerm) keys(keys ...string) {
	tt.t.Helper()
	if out, err := tt.tmux(append([]string{"send-keys", "-t", "0"}, keys...)...); err != nil {
		tt.t.Fatalf("tmux send-keys: %v\n%s", err, out)
	}
}

// typeText types s literally, without Enter.
func (tt *tmuxTerm) typeText(s string) {
	tt.t.Helper()
	if out, err := tt.tmux("send-keys", "-t", "0", "-l", s); err != nil {
		tt.t.Fatalf("tmux send-keys: %v\n%s", err, out)
	}
}

// paste pastes s as a terminal would: bracketed when the shell asked for it.
func (tt *tmuxTerm) paste(s string) {
	tt.t.Helper()
	f := filepath.Join(tt.dir, "paste.txt")
	if err := os.WriteFile(f, []byte(s), 0o600); err != nil {
		tt.t.Fatal(err)
	}
	if out, err := tt.tmux("load-buffer", "-b", "p", f); err != nil {
		tt.t.Fatalf("tmux load-buffer: %v\n%s", err, out)
	}
	if out, err := tt.tmux("paste-buffer", "-p", "-b", "p", "-t", "0"); err != nil {
		tt.t.Fatalf("tmux paste-buffer: %v\n%s", err, out)
	}
}

// run types line followed by a command that prints a fresh marker, presses
// Enter, and waits for the marker: the line ran.
func (tt *tmuxTerm) run(line string) string {
	tt.t.Helper()
	tt.seq++
	tt.typeText(fmt.Sprintf("%s; echo ok''%d", line, tt.seq))
	tt.keys("Enter")
	return tt.waitFor(fmt.Sprintf(`(?m)^(gsh\$ )?ok%d\s*$`, tt.seq))
}

// path is a file in the shell's working directory.
func (tt *tmuxTerm) path(name string) string { return filepath.Join(tt.dir, "work", name) }

func (tt *tmuxTerm) exists(name string) bool {
	_, err := os.Stat(tt.path(name))
	return err == nil
}

// writeFile writes a file below the test's directory.
func writeTestFile(t *testing.T, path, text string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
}

// needTools fails the test when a program it drives is missing: .ci/run
// installs them all.
func needTools(t *testing.T, names ...string) {
	t.Helper()
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		t.Fatalf("the interactive tests need a Unix terminal")
	}
	var missing []string
	for _, n := range names {
		if _, err := exec.LookPath(n); err != nil {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		t.Fatalf("missing %s: install them (apt-get install -y %s)", strings.Join(missing, ", "), strings.Join(missing, " "))
	}
}

// lastLines returns the last n non-empty lines of a screen, for messages.
func lastLines(s string, n int) string {
	var ls []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			ls = append(ls, l)
		}
	}
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, "\n")
}
