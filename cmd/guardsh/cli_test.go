package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/guardsh/guardsh/rules"
)

var (
	cliBinOnce sync.Once
	cliBin     string
	cliBinErr  error
)

// cliBinary builds guardsh once, alone in a directory of its own, for the
// tests that need a real binary on PATH (completion in a real shell, a real
// terminal, self-approval through a pty).
func cliBinary(t *testing.T) string {
	t.Helper()
	cliBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "guardsh-cli-test-")
		if err != nil {
			cliBinErr = err
			return
		}
		cliBin = filepath.Join(dir, "guardsh")
		cmd := exec.Command("go", "build", "-o", cliBin, ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		out, err := cmd.CombinedOutput()
		if err != nil {
			cliBinErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if cliBinErr != nil {
		t.Fatal(cliBinErr)
	}
	return cliBin
}

func TestCompleteWords(t *testing.T) {
	tests := []struct {
		words []string
		want  string
	}{
		{[]string{"expl"}, "explain"},
		{[]string{"co"}, "completion config"},
		{[]string{"explain", "rm-ho"}, "rm-home"},
		{[]string{"setup", "c"}, "claude codex cursor copilot"},
		{[]string{"check", "--format", ""}, "text json sarif gcc"},
		{[]string{"check", "--fo"}, "--format"},
		{[]string{"init", "z"}, "zsh"},
		{[]string{"help", "up"}, "update"},
		{[]string{"approvals", "re"}, "revoke"},
		{[]string{"config", "s"}, "show"},
		{[]string{"nope", ""}, ""},
	}
	for _, tt := range tests {
		if got := strings.Join(completeWords(tt.words), " "); got != tt.want {
			t.Errorf("completeWords(%q) = %q, want %q", tt.words, got, tt.want)
		}
	}
}

// TestManPage keeps man/guardsh.1 equal to what the docs generate, and
// checks that man renders it without warnings.
func TestManPage(t *testing.T) {
	var b bytes.Buffer
	writeMan(&b)
	want, err := os.ReadFile("../../man/guardsh.1")
	if err != nil || !bytes.Equal(b.Bytes(), want) {
		t.Fatalf("man/guardsh.1 is not what the help docs generate (%v): run 'go run ./cmd/guardsh help --man > man/guardsh.1'", err)
	}
	if _, err := exec.LookPath("man"); err != nil {
		t.Fatalf("man is needed to render the page: %v", err)
	}
	cmd := exec.Command("man", "--warnings", "-l", "-P", "cat", "../../man/guardsh.1")
	cmd.Env = append(os.Environ(), "MANWIDTH=100", "LANG=C.UTF-8")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("man -l: %v\n%s", err, out)
	}
	text := string(out)
	for _, d := range verbDocs {
		if !strings.Contains(text, "guardsh "+d.name) {
			t.Errorf("the rendered page lacks guardsh %s", d.name)
		}
	}
	if strings.Contains(text, "warning") {
		t.Errorf("man warns:\n%s", text)
	}
}

// TestCompletionInShells types "guardsh expl<Tab>" and "guardsh explain
// rm-ho<Tab>" into real bash and zsh under tmux, with the generated
// completion loaded, and reads the completed line off the screen.
func TestCompletionInShells(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatalf("tmux is needed: %v", err)
	}
	bin := cliBinary(t)
	for _, sh := range []struct {
		name  string
		argv  []string
		setup string
	}{
		{"bash", []string{"bash", "--norc", "--noprofile", "-i"}, `source <(guardsh completion bash)`},
		{"zsh", []string{"zsh", "-f", "-i"}, `autoload -Uz compinit && compinit -u -D && source <(guardsh completion zsh)`},
	} {
		t.Run(sh.name, func(t *testing.T) {
			if _, err := exec.LookPath(sh.name); err != nil {
				t.Fatalf("%s is needed: %v", sh.name, err)
			}
			dir := t.TempDir()
			os.MkdirAll(filepath.Join(dir, "bin"), 0o755)
			os.Symlink(bin, filepath.Join(dir, "bin", "guardsh"))
			sock := filepath.Join(dir, "tmux.sock")
			tmux := func(args ...string) string {
				cmd := exec.Command("tmux", append([]string{"-S", sock, "-f", "/dev/null"}, args...)...)
				cmd.Env = append(os.Environ(), "TMUX=")
				out, _ := cmd.CombinedOutput()
				return string(out)
			}
			env := []string{"HOME=" + dir, "PATH=" + filepath.Join(dir, "bin") + ":/usr/bin:/bin", "TERM=xterm", "PS1=READY$ ", "PROMPT=READY$ ",
				"XDG_CONFIG_HOME=" + filepath.Join(dir, "c"), "XDG_STATE_HOME=" + filepath.Join(dir, "s"), "GUARDSH_TIRITH=off"}
			tmux(append([]string{"new-session", "-d", "-x", "120", "-y", "30", "-c", dir, "--", "env", "-i"}, append(env, sh.argv...)...)...)
			t.Cleanup(func() {
				// Let the shell go before the temp dir is removed: zsh
				// may still be writing its .zcompdump there.
				tmux("kill-server")
				time.Sleep(300 * time.Millisecond)
			})
			wait := func(re string) string {
				rx := regexp.MustCompile(re)
				for deadline := time.Now().Add(30 * time.Second); ; {
					s := tmux("capture-pane", "-p", "-J")
					if rx.MatchString(s) {
						return s
					}
					if time.Now().After(deadline) {
						t.Fatalf("waited for %q:\n%s", re, s)
					}
					time.Sleep(50 * time.Millisecond)
				}
			}
			wait(`READY\$ `)
			tmux("send-keys", "-l", sh.setup)
			tmux("send-keys", "Enter")
			wait(`(?s)READY.*READY`)
			tmux("send-keys", "-l", "guardsh expl")
			tmux("send-keys", "Tab")
			wait(`(?m)^READY\$ guardsh explain $`)
			tmux("send-keys", "-l", "rm-ho")
			tmux("send-keys", "Tab")
			wait(`(?m)^READY\$ guardsh explain rm-home $`)
		})
	}
}

// TestScriptWordNote runs guardsh with a word that is a file and not a
// verb, on a real terminal: it runs the file as bash would, and says so.
func TestScriptWordNote(t *testing.T) {
	bin := cliBinary(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "status"), []byte("touch MARKER\n"), 0o644)
	cmd := exec.Command(bin, "status")
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + dir, "PATH=/usr/bin:/bin", "GUARDSH_TIRITH=off", "XDG_STATE_HOME=" + filepath.Join(dir, "s")}
	f, err := pty.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out bytes.Buffer
	done := make(chan struct{})
	go func() { out.ReadFrom(f); close(done) }()
	cmd.Wait()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	if !strings.Contains(out.String(), `"status" is not a guardsh verb: running the file ./status as a shell script`) {
		t.Errorf("no note on the terminal:\n%s", out.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "MARKER")); err != nil {
		t.Errorf("the script did not run as bash would run it: %v", err)
	}
}

// TestREADMERules keeps the README's rule table equal to what `guardsh
// rules --format markdown` prints, and names every pack entry in the
// README's pack table, so the documentation cannot drift from the rules.
func TestREADMERules(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	const begin, end = "<!-- rules table: `guardsh rules --format markdown`; TestREADMERules keeps it equal -->\n", "<!-- end of rules table -->\n"
	i, j := strings.Index(readme, begin), strings.Index(readme, end)
	if i < 0 || j < i {
		t.Fatalf("README.md has no generated rules table between %q and %q", begin, end)
	}
	if got := readme[i+len(begin) : j]; got != rulesMarkdown() {
		t.Errorf("README.md's rule table is out of date: replace it with the output of 'guardsh rules --format markdown'")
	}
	for _, r := range rules.All() {
		if r.Pack != "" && !strings.Contains(readme, "`"+r.ID+"`") {
			t.Errorf("README.md's pack table does not name %s (pack %s)", r.ID, r.Pack)
		}
	}
}
