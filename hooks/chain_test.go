package hooks

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// These tests load the hook next to what people already have in their rc
// files (their own Enter bindings, DEBUG traps and PROMPT_COMMAND arrays,
// fzf, zsh-autosuggestions) and check that both keep working.

// denyRuns checks that a dangerous line, denied, runs nothing.
func denyRuns(t *testing.T, tt *tmuxTerm, k shellKind, marker string) {
	t.Helper()
	line := "touch " + marker + "; chmod 777 f"
	tt.ask(line, "d", `denied`)
	tt.waitBuffer(line)
	tt.keys(k.clear...)
	tt.run("true")
	if tt.exists(marker) || tt.mode("f") != 0o644 {
		t.Fatalf("denied line ran:\n%s", lastLines(tt.screen(), 12))
	}
}

func readLog(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(b)
}

// bashUserRC is what a bash user might have before the hook: an Enter macro
// that logs each accepted line through bind -x, a bash-preexec style DEBUG
// trap and PROMPT_COMMAND array, and fzf's key bindings.
const bashUserRC = `
__log_line() { printf '%s\n' "$READLINE_LINE" >>"$HOME/enter.log"; }
bind -x '"\C-x\C-l": __log_line'
bind '"\C-x\C-a": accept-line'
bind '"\C-m": "\C-x\C-l\C-x\C-a"'
my_preexec() { [[ $BASH_COMMAND == my_precmd ]] || printf '%s\n' "$BASH_COMMAND" >>"$HOME/preexec.log"; }
trap 'my_preexec' DEBUG
my_precmd() { printf 'p\n' >>"$HOME/precmd.log"; }
PROMPT_COMMAND=(my_precmd)
source /usr/share/doc/fzf/examples/key-bindings.bash
`

func TestBashChained(t *testing.T) {
	needTools(t, "tmux", "bash", "fzf")
	k := shellKindNamed("bash")
	s := newShellSetup(t)
	tt := s.start(t, k, bashUserRC, "")
	home := filepath.Join(s.dir, "home")

	tt.run("touch c1")
	if !tt.exists("c1") {
		t.Fatal("safe line did not run")
	}
	if !strings.Contains(readLog(t, filepath.Join(home, "enter.log")), "touch c1") {
		t.Errorf("the user's own Enter binding did not run for an allowed line")
	}
	denyRuns(t, tt, k, "c2")
	if strings.Contains(readLog(t, filepath.Join(home, "enter.log")), "touch c2") {
		t.Errorf("the user's Enter binding ran for a denied line")
	}
	if !strings.Contains(readLog(t, filepath.Join(home, "preexec.log")), "touch c1") {
		t.Errorf("the user's DEBUG trap stopped working")
	}
	if n := strings.Count(readLog(t, filepath.Join(home, "precmd.log")), "p"); n < 3 {
		t.Errorf("PROMPT_COMMAND array ran %d times", n)
	}
	sc := tt.run(`bind -X | grep -c __fzf_history__`)
	if !regexp.MustCompile(`(?m)^[1-9]\s*$`).MatchString(sc) {
		t.Errorf("fzf's Ctrl-R binding is gone:\n%s", lastLines(sc, 4))
	}

	// operate-and-get-next (Ctrl-O) accepts a line too: it is checked.
	n := tt.count(approvalRe)
	tt.typeText("touch c3; chmod 777 f")
	tt.keys("C-o")
	tt.waitCount(approvalRe, n+1)
	tt.keys("d")
	tt.waitCount(`denied`, 1)
	tt.settle()
	tt.keys(k.clear...)
	tt.run("true")
	if tt.exists("c3") {
		t.Fatal("line accepted with Ctrl-O ran although denied")
	}

	// vi mode: Enter in insert mode and in command mode.
	tt.run("set -o vi")
	denyRuns(t, tt, k, "v1")
	n = tt.count(approvalRe)
	tt.typeText("touch v2; chmod 777 f")
	tt.keys("Escape")
	tt.keys("Enter")
	tt.waitCount(approvalRe, n+1)
	tt.keys("d")
	tt.settle()
	tt.keys("d", "d") // vi command mode: delete the line
	tt.keys("i")
	tt.run("true")
	if tt.exists("v2") {
		t.Fatal("line accepted from vi command mode ran although denied")
	}
	tt.run("touch v3")
	if !tt.exists("v3") {
		t.Fatal("safe line in vi mode did not run")
	}
}

// TestBashDebugMode runs bash without line editing: the hook falls back to
// a DEBUG trap, says so, and still stops the whole line.
func TestBashDebugMode(t *testing.T) {
	needTools(t, "tmux", "bash")
	k := shellKindNamed("bash")
	k.argv = func(rc string) []string { return []string{"bash", "--noprofile", "--noediting", "--rcfile", rc, "-i"} }
	s := newShellSetup(t)
	pre := `trap 'printf "%s\n" "$BASH_COMMAND" >>"$HOME/preexec.log"' DEBUG
PROMPT_COMMAND=(:)`
	tt := s.start(t, k, pre, "")
	tt.waitFor(`DEBUG trap`)
	sc := tt.run("echo $GUARDSH_HOOK")
	if !regexp.MustCompile(`(?m)^bash:debug:\d+\s*$`).MatchString(sc) {
		t.Fatalf("GUARDSH_HOOK does not say debug mode:\n%s", lastLines(sc, 4))
	}
	tt.run("touch d1")
	if !tt.exists("d1") {
		t.Fatal("safe line did not run")
	}
	tt.ask("touch d2; for i in 1; do touch d3; done; chmod 777 f", "d", `denied`)
	tt.run("true")
	if tt.exists("d2") || tt.exists("d3") || tt.mode("f") != 0o644 {
		t.Fatalf("denied line ran in DEBUG mode:\n%s", lastLines(tt.screen(), 12))
	}
	tt.ask("touch d4; chmod 777 f; echo done''4", "o", `(?m)^done4\s*$`)
	if !tt.exists("d4") || tt.mode("f") != 0o777 {
		t.Fatal("approved line did not run in DEBUG mode")
	}
	tt.run("chmod 644 f")
	b := tt.count(`(?i)blocked`)
	tt.typeText("touch d5; reboot")
	tt.keys("Enter")
	tt.waitCount(`(?i)blocked`, b+1)
	tt.run("true")
	if tt.exists("d5") || tt.exists("rebooted") {
		t.Fatal("hardline line ran in DEBUG mode")
	}
	if !strings.Contains(readLog(t, filepath.Join(s.dir, "home", "preexec.log")), "touch d1") {
		t.Errorf("the user's DEBUG trap is not chained")
	}
}

func TestZshPlugins(t *testing.T) {
	needTools(t, "tmux", "zsh", "fzf")
	const plugin = "/usr/share/zsh-autosuggestions/zsh-autosuggestions.zsh"
	if _, err := os.Stat(plugin); err != nil {
		t.Fatalf("zsh-autosuggestions is missing (apt-get install -y zsh-autosuggestions): %v", err)
	}
	k := shellKindNamed("zsh")
	for _, order := range []string{"plugins first", "hook first"} {
		t.Run(order, func(t *testing.T) {
			s := newShellSetup(t)
			plugins := "source " + plugin + "\nsource /usr/share/doc/fzf/examples/key-bindings.zsh\n" +
				`my-accept() { print -r -- "$BUFFER" >>$HOME/enter.log; zle .accept-line }` + "\nzle -N accept-line my-accept\n"
			pre, post := plugins, ""
			if order == "hook first" {
				pre, post = "", plugins
			}
			tt := s.start(t, k, pre, post)
			tt.run("touch z1")
			home := filepath.Join(s.dir, "home")
			if order == "plugins first" && !strings.Contains(readLog(t, filepath.Join(home, "enter.log")), "touch z1") {
				t.Errorf("the user's accept-line widget did not run")
			}
			denyRuns(t, tt, k, "z2")
			if strings.Contains(readLog(t, filepath.Join(home, "enter.log")), "touch z2") {
				t.Errorf("the user's accept-line widget ran for a denied line")
			}
			sc := tt.run(`print -r -- $widgets[accept-line]; bindkey '^R'`)
			if !strings.Contains(sc, "autosuggest") && !strings.Contains(sc, "__guardsh") {
				t.Errorf("accept-line widget is neither guardsh's nor the plugin's:\n%s", lastLines(sc, 4))
			}
			if !strings.Contains(sc, "fzf-history-widget") {
				t.Errorf("fzf's Ctrl-R binding is gone:\n%s", lastLines(sc, 4))
			}
			// The suggestion from history still shows while typing.
			tt.typeText("touch z")
			tt.waitFor(`(?m)^gsh\$ touch z1`)
			tt.keys(k.clear...)
			tt.run("true")
		})
	}
}

func TestFishChained(t *testing.T) {
	needTools(t, "tmux", "fish", "fzf")
	k := shellKindNamed("fish")
	user := `source /usr/share/doc/fzf/examples/key-bindings.fish
fzf_key_bindings
function my_enter
    commandline >>$HOME/enter.log
    commandline -f execute
end
bind \r my_enter`
	for _, order := range []string{"user first", "hook first"} {
		t.Run(order, func(t *testing.T) {
			s := newShellSetup(t)
			pre, post := user, ""
			if order == "hook first" {
				pre, post = "", user
			}
			tt := s.start(t, k, pre, post)
			home := filepath.Join(s.dir, "home")
			tt.run("touch f1")
			if !strings.Contains(readLog(t, filepath.Join(home, "enter.log")), "touch f1") {
				t.Errorf("the user's Enter binding did not run for an allowed line")
			}
			denyRuns(t, tt, k, "f2")
			if strings.Contains(readLog(t, filepath.Join(home, "enter.log")), "touch f2") {
				t.Errorf("the user's Enter binding ran for a denied line")
			}
			sc := tt.run("bind \\cr")
			if !strings.Contains(sc, "fzf") {
				t.Errorf("fzf's Ctrl-R binding is gone:\n%s", lastLines(sc, 4))
			}
		})
	}
}
