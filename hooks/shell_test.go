package hooks

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The prompt every test shell shows.
const testPrompt = `(?m)^(\(guardsh off\) )?gsh\$ `

// approvalRe is what `guardsh gate` shows when it asks.
const approvalRe = `needs your approval`

// A shellKind knows how to start one shell with the hook for the tests.
type shellKind struct {
	name string
	// rc returns the rc file text: prelude (plugins a user might load
	// first), the hook, then postlude.
	rc func(bin, prelude, postlude string) string
	// argv starts the shell reading the rc file at path.
	argv func(rcPath string) []string
	// rcName is where the rc file goes below the test dir.
	rcName string
	// extraEnv is added to the environment (zsh needs ZDOTDIR).
	extraEnv func(dir string) []string
	// history lists the last entries of history.
	history string
	// clear are keys that empty the editing buffer, multi-line too, as
	// input the shell reads in order (Ctrl-C is a signal, and races).
	clear []string
}

var shellKinds = []shellKind{
	{
		name: "bash",
		rc: func(bin, pre, post string) string {
			return "PS1='gsh$ '\nHISTFILE=\n" + pre + "\neval \"$(" + initQuoteSh(bin) + " init bash)\"\n" + post + "\n"
		},
		argv:     func(rc string) []string { return []string{"bash", "--noprofile", "--rcfile", rc, "-i"} },
		rcName:   "home/.bashrc",
		extraEnv: func(string) []string { return nil },
		history:  "history 8",
		clear:    []string{"C-e", "C-u"},
	},
	{
		name: "zsh",
		rc: func(bin, pre, post string) string {
			return "PS1='gsh$ '\nsetopt interactive_comments\n" + pre + "\neval \"$(" + initQuoteSh(bin) + " init zsh)\"\n" + post + "\n"
		},
		// -d: no global rc files; ZDOTDIR points at the test's .zshrc.
		argv:     func(rc string) []string { return []string{"zsh", "-d", "-i"} },
		rcName:   "home/zdot/.zshrc",
		extraEnv: func(dir string) []string { return []string{"ZDOTDIR=" + filepath.Join(dir, "home/zdot")} },
		history:  "fc -ln -8",
		clear:    []string{"C-x", "C-k"},
	},
	{
		name: "fish",
		rc: func(bin, pre, post string) string {
			// --no-config also skips fish's own switch to bracketed
			// paste at each prompt: do what it does.
			return "function fish_prompt; printf 'gsh$ '; end\n" +
				"function bp_on --on-event fish_prompt; printf '\\e[?2004h'; end\n" +
				"function bp_off --on-event fish_preexec; printf '\\e[?2004l'; end\n" + pre + "\n" + initQuoteFish(bin) + " init fish | source\n" + post + "\n"
		},
		argv:     func(rc string) []string { return []string{"fish", "--no-config", "-C", "source " + initQuoteFish(rc)} },
		rcName:   "home/.config/fish/test.fish",
		extraEnv: func(string) []string { return nil },
		history:  "history search -n 8",
		clear:    []string{"C-e", "C-u", "C-u", "C-u", "C-u"},
	},
}

func shellKindNamed(name string) shellKind {
	for _, k := range shellKinds {
		if k.name == name {
			return k
		}
	}
	panic("no shell kind " + name)
}

// A testShellSetup is the common state of one test: its directory, with a
// work dir that is a git repo, canaries, and the gate call log.
type testShellSetup struct {
	dir     string
	gateLog string
	bin     string // what the hook calls: a wrapper that logs, then runs guardsh
}

// newShellSetup prepares dir: a guardsh wrapper that logs each call, a
// harmless reboot first on PATH that leaves a marker, and a git repo with
// a committed file and a local change.
func newShellSetup(t *testing.T) *testShellSetup {
	t.Helper()
	real := guardshBinary(t)
	dir := t.TempDir()
	s := &testShellSetup{dir: dir, gateLog: filepath.Join(dir, "gate.log"), bin: filepath.Join(dir, "bin", "guardsh")}
	writeTestFile(t, s.bin, fmt.Sprintf("#!/bin/sh\nprintf '%%s\\n' \"$*\" >>%s\nexec %s \"$@\"\n", initQuoteSh(s.gateLog), initQuoteSh(real)), 0o755)
	writeTestFile(t, filepath.Join(dir, "bin", "reboot"), "#!/bin/sh\ntouch "+initQuoteSh(filepath.Join(dir, "work", "rebooted"))+"\n", 0o755)
	work := filepath.Join(dir, "work")
	writeTestFile(t, filepath.Join(work, "f"), "canary\n", 0o644)
	if err := os.Chmod(filepath.Join(work, "f"), 0o644); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, filepath.Join(work, "tracked.txt"), "committed\n", 0o644)
	for _, args := range [][]string{
		{"init", "-q"},
		{"add", "tracked.txt"},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "one"},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir = work
		cmd.Env = append(os.Environ(), "HOME="+filepath.Join(dir, "home"), "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	writeTestFile(t, filepath.Join(work, "tracked.txt"), "local change\n", 0o644)
	return s
}

// start starts a shell of kind k with the hook (and prelude/postlude rc
// text) and waits for its prompt.
func (s *testShellSetup) start(t *testing.T, k shellKind, pre, post string, env ...string) *tmuxTerm {
	t.Helper()
	rc := filepath.Join(s.dir, k.rcName)
	writeTestFile(t, rc, k.rc(s.bin, pre, post), 0o644)
	e := shellEnv(s.dir, append(append(k.extraEnv(s.dir), "GUARDSH_BIN="+s.bin), env...)...)
	return tmuxStart(t, s.dir, e, k.argv(rc), testPrompt)
}

func (s *testShellSetup) gateCalls(t *testing.T) int {
	b, err := os.ReadFile(s.gateLog)
	if os.IsNotExist(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n")
}

// mode returns the permission bits of a file in the work dir.
func (tt *tmuxTerm) mode(name string) os.FileMode {
	fi, err := os.Stat(tt.path(name))
	if err != nil {
		tt.t.Fatal(err)
	}
	return fi.Mode().Perm()
}

// ask types line, presses Enter, waits for the approval prompt and answers
// with key, then waits for one more match of after on the screen.
func (tt *tmuxTerm) ask(line, key, after string) string {
	tt.t.Helper()
	n, m := tt.count(approvalRe), tt.count(after)
	tt.typeText(line)
	tt.keys("Enter")
	tt.waitCount(approvalRe, n+1)
	tt.keys(key)
	tt.waitCount(after, m+1)
	return tt.settle()
}

// waitBuffer waits until the last prompt on the screen holds text.
func (tt *tmuxTerm) waitBuffer(text string) {
	tt.t.Helper()
	deadline := time.Now().Add(tmuxWait)
	for !promptLineHas(tt.screen(), text) {
		if time.Now().After(deadline) {
			tt.t.Fatalf("waited %v for %q in the editing buffer:\n%s", tmuxWait, text, lastLines(tt.screen(), 8))
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// promptLineHas reports whether the last prompt on the screen still holds
// text in its editing buffer.
func promptLineHas(screen, text string) bool {
	ls := regexp.MustCompile(testPrompt).FindAllStringIndex(screen, -1)
	if len(ls) == 0 {
		return false
	}
	return strings.Contains(screen[ls[len(ls)-1][1]:], text)
}

// TestShellHooks drives each shell through the whole contract with the real
// guardsh gate and rules.
func TestShellHooks(t *testing.T) {
	needTools(t, "tmux", "bash", "zsh", "fish", "git")
	for _, k := range shellKinds {
		t.Run(k.name, func(t *testing.T) {
			s := newShellSetup(t)
			tt := s.start(t, k, "", "")

			// A safe line runs.
			tt.run("touch safe1")
			if !tt.exists("safe1") {
				t.Fatal("safe line did not run")
			}
			if sc := tt.run("echo $GUARDSH_HOOK $GUARDSH_SESSION"); !regexp.MustCompile(`(?m)^` + k.name + `:\w+:\d+ [0-9a-f]{16}-\d+\s*$`).MatchString(sc) {
				t.Fatalf("GUARDSH_HOOK / GUARDSH_SESSION not exported as expected:\n%s", lastLines(sc, 5))
			}

			// An empty line does not even start guardsh.
			calls := s.gateCalls(t)
			prompts := tt.count(testPrompt)
			for i := 0; i < 3; i++ {
				tt.keys("Enter")
			}
			tt.waitCount(testPrompt, prompts+3)
			if got := s.gateCalls(t); got != calls {
				t.Errorf("empty lines started guardsh %d times", got-calls)
			}

			// Denied: nothing of the line runs, the line stays.
			tt.ask("touch ran1; chmod 777 f", "d", `denied`)
			tt.waitBuffer("touch ran1; chmod 777 f")
			tt.keys(k.clear...)
			sc := tt.run("true")
			if tt.exists("ran1") || tt.mode("f") != 0o644 {
				t.Fatalf("denied line ran (ran1 exists: %v, f mode %v):\n%s", tt.exists("ran1"), tt.mode("f"), lastLines(sc, 10))
			}
			if k.name != "fish" { // fish 3.6 has no 'history append'
				sc = tt.run(k.history)
				if !regexp.MustCompile(`(?m)^\s*(\d+\s+)?touch ran1; chmod 777 f\s*$`).MatchString(sc) {
					t.Errorf("history lacks the denied line:\n%s", lastLines(sc, 10))
				}
			}

			// Ctrl-C at the prompt denies.
			tt.ask("touch ran2; chmod 777 f", "C-c", `denied`)
			tt.waitBuffer("touch ran2; chmod 777 f")
			tt.keys(k.clear...)
			tt.run("true")
			if tt.exists("ran2") || tt.mode("f") != 0o644 {
				t.Fatalf("line denied with Ctrl-C ran")
			}

			// Approved once: all of it runs.
			tt.ask("touch ran3; chmod 777 f; echo done''3", "o", `(?m)^done3\s*$`)
			if !tt.exists("ran3") || tt.mode("f") != 0o777 {
				t.Fatalf("approved line did not run all of it")
			}
			tt.run("chmod 644 f")

			// git reset --hard, denied, keeps the local change.
			tt.ask("git reset --hard", "d", `denied`)
			tt.waitBuffer("git reset --hard")
			tt.keys(k.clear...)
			tt.run("true")
			if b, _ := os.ReadFile(tt.path("tracked.txt")); string(b) != "local change\n" {
				t.Fatalf("denied git reset --hard ran: tracked.txt is %q", b)
			}

			// A hardline line never runs, and says why.
			n, b := tt.count(approvalRe), tt.count(`(?i)block`)
			tt.typeText("touch ran5; reboot")
			tt.keys("Enter")
			tt.waitCount(`(?i)block`, b+1)
			tt.settle()
			tt.run("true")
			if tt.exists("ran5") || tt.exists("rebooted") {
				t.Fatalf("hardline line ran")
			}
			if tt.count(approvalRe) != n {
				t.Errorf("a hardline line offered approval")
			}

			// An incomplete line goes on; the check sees all of it.
			tt.typeText(`touch ml1; echo "x`)
			tt.keys("Enter")
			tt.typeText(`y"; chmod 777 f`)
			n = tt.count(approvalRe)
			tt.keys("Enter")
			tt.waitCount(approvalRe, n+1)
			d := tt.count(`denied`)
			tt.keys("d")
			tt.waitCount(`denied`, d+1)
			tt.settle()
			tt.waitBuffer("chmod 777 f")
			tt.keys(k.clear...)
			tt.run("true")
			if tt.exists("ml1") || tt.mode("f") != 0o644 {
				t.Fatalf("denied multi-line construct ran")
			}
			tt.run(`echo "multi` + "\x0d" + `line"`)

			// Pasted text is checked as a whole before any of it runs.
			tt.paste("touch pst1\nchmod 777 f")
			n = tt.count(approvalRe)
			tt.keys("Enter")
			tt.waitCount(approvalRe, n+1)
			d = tt.count(`denied`)
			tt.keys("d")
			tt.waitCount(`denied`, d+1)
			tt.settle()
			tt.waitBuffer("chmod 777 f")
			tt.keys(k.clear...)
			tt.run("true")
			if tt.exists("pst1") || tt.mode("f") != 0o644 {
				t.Fatalf("denied pasted text ran")
			}

			// guardsh doctor sees the hook of the shell it runs in.
			sc = tt.run("guardsh doctor")
			if !regexp.MustCompile(`(?m)^this shell: +` + k.name + ` \(pid \d+\): enforcing`).MatchString(sc) {
				t.Errorf("doctor does not see this shell's hook:\n%s", lastLines(sc, 16))
			}

			// guardsh-off pauses, and the prompt says so; guardsh-on resumes.
			tt.run("guardsh-off")
			tt.waitFor(`guardsh: checking is paused in this shell; guardsh-on resumes it`)
			tt.waitFor(`(?m)^\(guardsh off\) gsh\$`)
			tt.run("echo $GUARDSH_HOOK")
			tt.waitFor(`(?m)^` + k.name + `:off:\d+`)
			sc = tt.run("guardsh doctor")
			if !regexp.MustCompile(`(?m)^this shell: +REDUCED: ` + k.name + ` \(pid \d+\): paused with guardsh-off`).MatchString(sc) {
				t.Errorf("doctor does not see that this shell is paused:\n%s", lastLines(sc, 16))
			}
			n = tt.count(approvalRe)
			tt.run("touch off1; git reset --hard")
			if tt.count(approvalRe) != n || !tt.exists("off1") {
				t.Fatalf("paused hook still checked")
			}
			tt.run("guardsh-on")
			tt.waitFor(`guardsh: checking is on again in this shell; guardsh-off pauses it`)
			tt.ask("touch on1; chmod 777 f", "d", `denied`)
			tt.waitBuffer("touch on1; chmod 777 f")
			tt.keys(k.clear...)
			tt.run("true")
			if tt.exists("on1") {
				t.Fatalf("guardsh-on did not resume checking")
			}
			// Approved for the session: this shell only.
			tt.ask("touch s1; chmod 777 f", "s", `session`)
			tt.run("chmod 644 f")
			n = tt.count(approvalRe)
			tt.run("touch s2; chmod 777 f")
			if !tt.exists("s1") || !tt.exists("s2") {
				t.Fatalf("session-approved lines did not run")
			}
			if tt.count(approvalRe) != n {
				t.Errorf("session approval not remembered in the same shell")
			}
			tt.run("chmod 644 f")
			other := s.start(t, k, "", "")
			other.ask("touch s3; chmod 777 f", "d", `denied`)
			other.waitBuffer("touch s3; chmod 777 f")
			other.keys(k.clear...)
			other.run("true")
			if other.exists("s3") {
				t.Fatalf("session approval leaked into another shell")
			}

		})
	}
}
