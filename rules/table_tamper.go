package rules

import (
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
	"github.com/guardsh/guardsh/payload"
)

// The rules that keep the guarded side from reaching the guard: a checked
// command must not run guardsh's own policy verbs (approve, gate, …), must not
// set GUARDSH_* for what it runs, and must not type into a terminal. Typed by
// a person at their own prompt, `guardsh approve CODE` is fine: the gate (the
// shell hooks' front end) drops guardsh-self-approval for a line a person
// typed there, on a terminal that no guarded process created.

// SelfApprovalRule is the id of the finding for a checked command that runs
// one of guardsh's policy verbs.
const SelfApprovalRule = "guardsh-self-approval"

var selfApproval = &Rule{
	ID: SelfApprovalRule, Tier: Dangerous, NeverPermanent: true,
	Title:   "guardsh approving or reconfiguring itself",
	Reason:  "The command runs one of guardsh's own policy verbs (approve, approvals, gate, setup --uninstall, tirith install, update), which would let what guardsh guards approve its own commands or switch the guard off.",
	Suggest: "let the person at the terminal run 'guardsh approve CODE' themselves, at their own prompt",
	cmd:     selfApproves,
	input:   selfApprovesCode,
	Match: []string{"guardsh approve K7PQ2M", "~/bin/guardsh approve K7PQ2M", "sudo guardsh approvals clear", "guardsh gate -c 'chmod 777 x'",
		"guardsh setup claude --uninstall", "guardsh tirith install", "$(which guardsh) approve K7PQ2M", "./copy approve k7pq2m", "sh -c 'guardsh approve K7PQ2M'",
		"./g gate -c 'chmod 777 x'", "node -e 'cp.execFileSync(\"guardsh\", [\"approve\", code])'"},
	NoMatch: []string{"guardsh check -c ls", "guardsh approvals list", "guardsh tirith status", "guardsh -c 'ls'", "kubectl certificate approve csr-1", "echo guardsh approve K7PQ2M", "guardsh doctor"},
}

var selfApprovalPTY = &Rule{
	ID: "guardsh-self-approval-pty", Tier: Hardline,
	Title:   "guardsh's approval answered through a pseudo-terminal",
	Reason:  "A pseudo-terminal (script, expect, unbuffer, socat pty, tmux, screen, Python's pty, ssh -t) gives guardsh a terminal that the command itself types into, so it would answer guardsh's own approval prompt: an agent approving itself.",
	Suggest: "ask the person at the terminal to run 'guardsh approve CODE' themselves",
	input:   selfApprovesPTY,
	Match: []string{"script -qfc 'guardsh approve K7PQ2M' /dev/null", "python3 -c 'import pty; pty.spawn([\"guardsh\",\"approve\",\"K\"])'",
		"unbuffer guardsh approve K7PQ2M", "tmux new -d 'guardsh approve K7PQ2M'", "expect -c 'spawn guardsh approve K7PQ2M'",
		"socat - EXEC:'guardsh approve K7PQ2M',pty", "tmux send-keys 'guardsh approve K7PQ2M' Enter",
		"printf 'guardsh approve K7PQ2M\\ny\\n' | script -qfc bash /dev/null", "(printf o) | script -qfc \"guardsh -c 'chmod 777 x'\" /dev/null"},
	NoMatch: []string{"guardsh approve K7PQ2M", "script -qfc 'make' /dev/null", "python3 -c 'import pty; pty.spawn([\"ls\"])'", "tmux new -d 'make test'", "script -qc 'guardsh check -c ls'", "ssh host guardsh approve K7PQ2M"},
}

var terminalInjection = &Rule{
	ID: "terminal-injection", Tier: Dangerous, NeverPermanent: true,
	Title:   "Type into a terminal",
	Reason:  "The command types keys into a terminal or writes to another terminal (tmux send-keys, screen -X stuff, xdotool type, TIOCSTI, /dev/pts/N): what it types runs as if the person there typed it, and it can answer a prompt meant for them.",
	Suggest: "run the command yourself instead of typing it into another terminal",
	cmd:     injectsKeys,
	input:   injectsTIOCSTI,
	Match: []string{"tmux send-keys -t 0 make Enter", "tmux paste-buffer -t 1", "screen -S x -X stuff 'ls\n'", "xdotool type ls", "ttyecho -n /dev/pts/3 ls",
		"python3 -c 'import fcntl,termios; fcntl.ioctl(0, termios.TIOCSTI, b\"y\")'", "perl -e 'ioctl(STDIN, 0x5412, $_)'", "echo y > /dev/pts/3", "echo y | tee /dev/tty2"},
	NoMatch: []string{"tmux ls", "screen -r", "xdotool search --name x", "echo hi > /dev/tty", "cat /dev/pts/3", "python3 -c 'import fcntl; fcntl.flock(f, 2)'"},
}

func init() {
	table = append(table, selfApproval, selfApprovalPTY, terminalInjection)
	// guardsh-tamper keeps its id for environment tampering: every
	// GUARDSH_* assignment, export or unset in the checked text, not only
	// export (the file writes stay with its own matcher).
	if r, ok := lookup("guardsh-tamper"); ok && r.cmd != nil {
		files := r.cmd
		r.cmd = func(c *parse.Command) bool { return files(c) || tampersEnv(c) }
		if in := r.input; in != nil {
			r.input = func(res *parse.Result) []hit { return append(in(res), tampersEnvCode(res)...) }
		} else {
			r.input = tampersEnvCode
		}
		r.Match = append(r.Match, "GUARDSH_YOLO=1 guardsh -c 'chmod 777 x'", "env GUARDSH_CONFIG=off.toml guardsh -c x",
			"y=GUARDSH_YOLO; env $y=1 guardsh -c x", "GUARDSH_SHELL=./s guardsh -c ls", "unset GUARDSH_GUARDED", "declare -x GUARDSH_YOLO=1",
			"n=GUARDSH_YOLO; export \"$n\"=1", "env -u GUARDSH_GUARDED make", "python3 -c 'import os; os.environ[\"GUARDSH_YOLO\"]=\"1\"'",
			// pred_redteam5.go: the hooks' names written other ways, HOME and XDG moved.
			"alias __guardsh_enter=true", "printf -v __guardsh_bin /bin/true", ": ${__guardsh_paused:=1}", "read __guardsh_paused <<< 1",
			"((__guardsh_paused=1))", "BASH_ALIASES[__guardsh_enter]=true", "set -g __guardsh_bin /bin/true", "alias __guardsh_gate true",
			"export XDG_CONFIG_HOME=/tmp/e", "HOME=/tmp/h", "unset XDG_STATE_HOME", "set -gx XDG_CONFIG_HOME /tmp/e")
		r.NoMatch = append(r.NoMatch, "echo $GUARDSH_SESSION", "MY_GUARDSH=1 make", "env | grep GUARDSH", "python3 -c 'print(os.environ.get(\"GUARDSH_SESSION\"))'",
			"echo $__guardsh_paused", "declare -f __guardsh_gate", "type __guardsh_enter", "HOME=/tmp/h make test", "export XDG_RUNTIME_DIR=/run/user/1000",
			"echo $XDG_CONFIG_HOME", "set -q __guardsh_paused", "git commit -m 'alias __guardsh_enter=true'")
	}
}

// isGuardshName reports whether a program name is guardsh's.
func isGuardshName(name string) bool {
	return strings.TrimPrefix(name, "-") == "guardsh"
}

// codeLike matches what `guardsh approve` takes: a pending code in any case,
// with dashes or spaces.
var codeLike = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-HJ-NP-Za-hj-kmnp-z2-9]{6}$`) })

// guardshPolicy reports whether c runs one of guardsh's policy verbs, by its
// name (any path whose base is guardsh), by a computed name ($(which
// guardsh), $GUARDSH_BIN) followed by a policy verb, or, for a copy under
// another name, by `approve CODE`.
func guardshPolicy(c *parse.Command) bool {
	if len(c.Args) < 2 {
		return false
	}
	named := isGuardshName(c.Name())
	if !named && !c.Args[0].Static {
		// A computed program name: treat it as guardsh when the verb
		// is one only guardsh takes.
		switch c.Args[1].Value {
		case "approve", "approvals", "gate":
			named = true
		}
	}
	if !named {
		// A copy of guardsh under another name: approve CODE, gate -c.
		if len(c.Args) == 3 && c.Args[1].Value == "approve" && codeLike().MatchString(strings.NewReplacer("-", "", " ", "").Replace(c.Args[2].Value)) {
			return true
		}
		return len(c.Args) > 3 && c.Args[1].Value == "gate" && (c.Args[2].Value == "-c" || c.Args[2].Value == "--shell" || c.Args[2].Value == "--front")
	}
	return policyVerb(c.Argv()[1:])
}

// policyVerb reports whether guardsh's arguments name a verb that approves,
// reconfigures or removes guardsh.
func policyVerb(a []string) bool {
	switch a[0] {
	case "approve", "gate":
		return !(len(a) == 2 && (a[1] == "--help" || a[1] == "-h"))
	case "approvals":
		return len(a) > 1 && a[1] != "list" && a[1] != "--help" && a[1] != "-h"
	case "setup":
		return contains(a, "--uninstall") || contains(a, "-uninstall")
	case "tirith":
		return len(a) > 1 && (a[1] == "install" || a[1] == "uninstall")
	case "config":
		if len(a) == 1 {
			return false
		}
		switch a[1] {
		case "show", "get", "path", "list", "validate", "check", "--help", "-h":
			return false
		}
		return true
	case "update", "upgrade", "self-update", "uninstall":
		return true
	}
	return false
}

// selfApproves is guardsh-self-approval.
func selfApproves(c *parse.Command) bool {
	return guardshPolicy(c) || isGuardshName(c.Name()) && guardshEnvSet(c)
}

// guardshEnvSet reports a nested guardsh given GUARDSH_* settings.
func guardshEnvSet(c *parse.Command) bool {
	for _, a := range c.Env {
		if strings.HasPrefix(a.Name, "GUARDSH_") {
			return true
		}
	}
	return false
}

// ptyCarriers are the carriers (Via labels, by prefix) that give what they
// run a pseudo-terminal, or type into one.
var ptyCarriers = []string{"script", "expect", "unbuffer", "socat", "tmux", "screen", "zpty", "empty", "dtach", "abduco", "ttyd", "pexpect",
	"systemd-run", "run0", "machinectl",
	// redteam6: terminal emulators and the remote controls of running ones (parse/redteam6.go ptyTerminal)
	"asciinema", "ttyrec", "xterm", "uxterm", "konsole", "alacritty", "st -e", "urxvt", "rxvt", "tilix", "lxterminal", "mate-terminal",
	"qterminal", "gnome-terminal", "xfce4-terminal", "terminator", "ptyxis", "kgx", "foot", "kitty", "wezterm", "zellij", "byobu"}

// ptyCode are the words of interpreter code that opens a pseudo-terminal.
var ptyCode = []string{"pty.spawn", "pty.fork", "openpty", "forkpty", "pty.openpty", "IO::Pty", "IO::Tty", "Expect", "pexpect", "node-pty", "PTY.spawn", "PTY.open", "posix_openpt", "ptmx", "zpty", "unbuffer", "script -"}

// viaPTY reports whether c is reached through a carrier that gives it a
// pseudo-terminal, or through interpreter code that opens one (interpPTY:
// some interpreter on the line has such code).
func viaPTY(c *parse.Command, interpPTY bool) bool {
	for _, v := range c.Via {
		for _, p := range ptyCarriers {
			if strings.HasPrefix(v, p) {
				return true
			}
		}
		if interpPTY && payload.LangOf(strings.Fields(v + " x")[0]) != 0 {
			return true
		}
	}
	return false
}

// codeOf returns what a command's text could hold as code: its arguments,
// its static standard input and its source span.
func codeOf(r *parse.Result, c *parse.Command) string {
	start, end := max(0, min(c.Start, len(r.Input))), max(0, min(c.End, len(r.Input)))
	if start > end {
		start = end
	}
	return strings.Join(c.Argv(), " ") + "\n" + c.StdinText + "\n" + r.Input[start:end]
}

// interpHas reports whether an interpreter on the line has code that
// contains one of words.
func interpHas(r *parse.Result, words []string) bool {
	for _, c := range r.Commands {
		if len(c.Args) == 0 || payload.LangOf(c.Name()) == 0 {
			continue
		}
		code := codeOf(r, c)
		for _, w := range words {
			if strings.Contains(code, w) {
				return true
			}
		}
	}
	return false
}

// ptyPrograms run what they are given, or what their input types, on a
// pseudo-terminal.
var ptyPrograms = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"script": true, "expect": true, "unbuffer": true, "socat": true, "tmux": true, "screen": true, "empty": true, "dtach": true, "abduco": true}
})

// selfApprovesPTY is guardsh-self-approval-pty: a guardsh policy verb or
// $SHELL mode (whose prompt a pty would answer) reached through a
// pseudo-terminal, or text typed into a pseudo-terminal program that runs
// guardsh.
func selfApprovesPTY(r *parse.Result) []hit {
	var out []hit
	interpPTY := -1
	for _, c := range r.Commands {
		if len(c.Args) == 0 {
			continue
		}
		start, end := max(0, min(c.Start, len(r.Input))), max(0, min(c.End, len(r.Input)))
		if start > end {
			start = end
		}
		src := r.Input[start:end]
		prompts := guardshPolicy(c) || isGuardshName(c.Name()) && len(c.Args) > 1 && strings.HasPrefix(c.Args[1].Value, "-")
		if !prompts && !c.Args[0].Static && strings.Contains(src, "guardsh") && len(c.Via) > 0 {
			prompts = true // $(which guardsh) …
		}
		if prompts && interpPTY < 0 {
			interpPTY = 0
			if interpHas(r, ptyCode) {
				interpPTY = 1
			}
		}
		if _, pty := codeSelfApproval(r, c); pty {
			out = append(out, hit{start: start, end: end})
			continue
		}
		if prompts && viaPTY(c, interpPTY == 1) {
			out = append(out, hit{start: start, end: end})
			continue
		}
		if ptyPrograms()[c.Name()] && c.StdinText != "" && strings.Contains(c.StdinText, "guardsh") ||
			keyInjectors()[c.Name()] && injectsKeys(c) && argsHave(c, "guardsh") {
			// printf 'guardsh approve CODE\ny\n' | script -qc bash;
			// xdotool type 'guardsh approve CODE'
			out = append(out, hit{start: start, end: end})
		}
	}
	return out
}

// keyInjectors are the programs that type keys into a terminal.
var keyInjectors = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"tmux": true, "screen": true, "xdotool": true, "ydotool": true, "dotool": true, "wtype": true, "xte": true, "ttyecho": true, "writevt": true}
})

// argsHave reports whether an argument of c contains s.
func argsHave(c *parse.Command, s string) bool {
	for _, a := range c.Args[1:] {
		if strings.Contains(a.Value, s) {
			return true
		}
	}
	return false
}

// codeVerb matches code that names guardsh and one of its policy verbs
// close by: "guardsh", ["approve", code].
var codeVerb = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`guardsh\b.{0,40}?\b(approve|approvals|gate)\b`) })

// editors are programs whose commands (-c, +CMD, --eval) run shell commands
// or open a terminal.
var editors = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"vim": true, "vi": true, "nvim": true, "gvim": true, "ex": true, "emacs": true, "emacsclient": true, "kak": true, "hx": true}
})

// codeSelfApproval reports interpreter or editor code that runs guardsh's
// policy verbs, and whether it opens a pseudo-terminal (node-pty, pexpect,
// vim's :terminal): code the payload scanner may not turn into commands.
func codeSelfApproval(r *parse.Result, c *parse.Command) (found, pty bool) {
	if len(c.Args) < 2 || payload.LangOf(c.Name()) == 0 && !editors()[c.Name()] {
		return false, false
	}
	code := codeOf(r, c)
	if !strings.Contains(code, "guardsh") || !codeVerb().MatchString(code) {
		return false, false
	}
	if editors()[c.Name()] {
		return true, strings.Contains(code, "term")
	}
	for _, w := range ptyCode {
		if strings.Contains(code, w) {
			return true, true
		}
	}
	return true, false
}

// selfApprovesCode is the code part of guardsh-self-approval.
func selfApprovesCode(r *parse.Result) []hit {
	if !strings.Contains(r.Input, "guardsh") {
		return nil
	}
	var out []hit
	for _, c := range r.Commands {
		if found, _ := codeSelfApproval(r, c); found {
			start, end := max(0, min(c.Start, len(r.Input))), max(0, min(c.End, len(r.Input)))
			out = append(out, hit{start: min(start, end), end: end})
		}
	}
	return out
}

// tampersEnv is the environment part of guardsh-tamper: a GUARDSH_* name
// assigned (as a prefix, by env, export, declare, typeset, readonly, local),
// unset (unset, env -u), or a name computed where guardsh could be given it.
func tampersEnv(c *parse.Command) bool {
	for _, a := range c.Env {
		if strings.HasPrefix(a.Name, "GUARDSH_") || strings.HasPrefix(a.Name, "__guardsh") {
			return true
		}
	}
	if len(c.Args) == 0 {
		return false
	}
	switch c.Name() {
	case "export", "declare", "typeset", "readonly", "local", "unset", "setenv", "unsetenv", "set":
		for _, w := range c.Args[1:] {
			name, _, _ := strings.Cut(w.Value, "=")
			name = strings.TrimPrefix(name, "-")
			if strings.HasPrefix(name, "GUARDSH_") {
				return true
			}
			if !w.Static && c.Name() != "unset" && c.Name() != "set" && dynamicName(w) && !namesHarmless(c.Names) { // pred_dupes7.go
				return true
			}
		}
	case "env":
		for i, w := range c.Args[1:] {
			v := w.Value
			if v == "-u" || v == "--unset" {
				if i+2 < len(c.Args) && (strings.HasPrefix(c.Args[i+2].Value, "GUARDSH_") || !c.Args[i+2].Static) {
					return true
				}
				continue
			}
			if n, ok := strings.CutPrefix(v, "--unset="); ok && strings.HasPrefix(n, "GUARDSH_") {
				return true
			}
			if n, ok := strings.CutPrefix(v, "-u"); ok && strings.HasPrefix(n, "GUARDSH_") {
				return true
			}
			if strings.HasPrefix(v, "GUARDSH_") {
				return true
			}
			if !w.Static && (dynamicName(w) || c.Inner != nil && isGuardshName(c.Inner.Name())) {
				// env $(…) guardsh -c …: a setting guardsh cannot see.
				return true
			}
		}
	}
	return false
}

// dynamicName reports whether the name part of NAME=value (or the whole
// word) is computed.
func dynamicName(w parse.Word) bool {
	name, _, ok := strings.Cut(w.Value, "=")
	if !ok {
		return strings.Contains(w.Value, "$") && w.Origin == "decoder"
	}
	return strings.Contains(name, "$") || strings.Contains(name, "`")
}

// injectsKeys is terminal-injection for programs and writes to terminals.
func injectsKeys(c *parse.Command) bool {
	if len(c.Args) == 0 {
		return false
	}
	switch c.Name() {
	case "tmux", "screen", "xdotool", "ydotool", "dotool":
		return injectorArgs(c.Name(), c.Argv())
	case "wtype", "xte", "ttyecho", "writevt":
		return true
	}
	for _, t := range writeTargets(c) {
		if otherTerminal(t.Value) {
			return true
		}
	}
	return false
}

// injectorArgs reports whether the arguments of tmux, screen or xdotool type
// keys into a terminal.
func injectorArgs(name string, argv []string) bool {
	switch name {
	case "tmux":
		for _, a := range argv[1:] {
			switch a {
			case "send-keys", "send", "paste-buffer", "pasteb":
				return true
			}
		}
		return false
	case "screen":
		for i, a := range argv[1:] {
			if a == "-X" && i+2 < len(argv) {
				switch argv[i+2] {
				case "stuff", "paste", "eval", "register", "readbuf", "process", "at":
					return true
				}
			}
		}
		return false
	case "xdotool", "ydotool", "dotool":
		for _, a := range argv[1:] {
			switch a {
			case "type", "key", "keydown", "keyup":
				return true
			}
		}
	}
	return false
}

var ttyPath = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^/dev/(pts/[0-9]+|tty[0-9]+|ttyS[0-9]+|console|vcs[a-z]*[0-9]*)$|^/proc/[0-9]+/fd/[0-2]$`)
})

// otherTerminal reports a terminal device other than the caller's own
// /dev/tty.
func otherTerminal(p string) bool {
	return ttyPath().MatchString(path.Clean(p))
}

// injectsTIOCSTI finds interpreter code that pushes keys into a terminal's
// input with the TIOCSTI ioctl (0x5412).
func injectsTIOCSTI(r *parse.Result) []hit {
	var out []hit
	for _, c := range r.Commands {
		if len(c.Args) == 0 || payload.LangOf(c.Name()) == 0 {
			continue
		}
		start, end := max(0, min(c.Start, len(r.Input))), max(0, min(c.End, len(r.Input)))
		if start > end {
			continue
		}
		src := codeOf(r, c)
		if strings.Contains(src, "TIOCSTI") || strings.Contains(src, "0x5412") || strings.Contains(src, "21522") {
			out = append(out, hit{start: start, end: end})
		}
	}
	return out
}

// envCode matches interpreter code that sets a GUARDSH_* variable:
// os.environ["GUARDSH_YOLO"] = "1", env={"GUARDSH_YOLO": "1"},
// putenv("GUARDSH_…"), process.env.GUARDSH_YOLO = 1, $ENV{GUARDSH_YOLO} = 1.
var envCode = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`GUARDSH_\w*['"]?\s*[\]}]?\s*(?:=[^=]|:|,|=>)|(?:putenv|setenv|unsetenv|pop|del|delete|Remove-Item|unset)\W{1,12}(?:env:)?GUARDSH_`)
})

// tampersEnvCode is the interpreter part of guardsh-tamper's environment
// checks.
func tampersEnvCode(r *parse.Result) []hit {
	out := append(hookStateCode(r), defaultsElsewhere(r)...) // the hooks' own names, XDG defaults (pred_redteam5.go)
	out = append(out, promptWidgets(r)...)                   // zsh widgets calling .accept-line (pred_redteam6.go)
	if !strings.Contains(r.Input, "GUARDSH_") {
		return out
	}
	for _, c := range r.Commands {
		if len(c.Args) == 0 || payload.LangOf(c.Name()) == 0 {
			continue
		}
		start, end := max(0, min(c.Start, len(r.Input))), max(0, min(c.End, len(r.Input)))
		if start > end {
			continue
		}
		if envCode().MatchString(codeOf(r, c)) {
			out = append(out, hit{start: start, end: end})
		}
	}
	return out
}
