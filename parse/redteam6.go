package parse

import (
	"path"
	"strings"
)

// Builtins that run code guardsh's check of the line never sees, found by
// the sixth red team (notes/redteam6.md):
//
//   - fc (and zsh's r) re-runs history entries. bash and zsh keep a line
//     the hook denied or blocked in history, so `fc -s` right after a
//     refusal ran the refused line, unchecked (end to end in bash and
//     zsh). What an entry holds is not known here: dynamic code.
//   - fish's abbr stores an expansion that fish substitutes into the
//     line when Enter executes it, after the hook checked the short form
//     (`abbr -a zz 'chmod -R 777 ~'` then `zz` ran unchecked). The
//     expansion is code that runs later, as an alias body is; an
//     expansion computed by a function (--function) is dynamic.

// redteam6Eval is called for every command, before builtinEval's cases.
func (p *parser) redteam6Eval(cmd *Command) {
	args := cmd.Args
	if len(args) == 0 || !args[0].Static {
		return
	}
	name, rest := args[0].Value, args[1:]
	switch {
	case name == "fc" && fcRuns(rest) && !p.fcEditor(cmd, rest), name == "r" && p.isZsh():
		at := Word{Value: name, Origin: "dynamic", Start: args[0].Start, End: args[len(args)-1].End}
		if len(rest) > 0 {
			at.Value, _ = joinArgs(args)
		}
		p.dynamicCodeAt("re-run from history:", at, cmd.Line)
	case name == "abbr":
		p.abbr(cmd, rest)
	}
}

// fcRuns reports whether fc with these arguments runs commands: every form
// but the listing (-l) and zsh's history-file and stack operations (-p,
// -P, -R, -W, -A, with -I and -L modifiers), which only read or write
// history.
func fcRuns(rest []Word) bool {
	for i := 0; i < len(rest); i++ {
		v := rest[i].Value
		if !rest[i].Static {
			continue
		}
		if v == "--" {
			break
		}
		if len(v) < 2 || v[0] != '-' || v[1] >= '0' && v[1] <= '9' {
			continue // an event: a number, -N, or a prefix
		}
		if strings.ContainsAny(v[1:], "lpPRWA") {
			return false
		}
		if v == "-e" {
			i++ // the editor (parsed as code by builtinEval)
		}
	}
	return true
}

// abbr reads fish's abbr -a NAME EXPANSION…: the expansion is code that
// runs when the abbreviation is typed.
func (p *parser) abbr(cmd *Command, rest []Word) {
	var ops []Word
	fn := false
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		v := w.Value
		if !strings.HasPrefix(v, "-") || !w.Static || v == "-" {
			ops = append(ops, w)
			continue
		}
		switch v {
		case "--":
			ops = append(ops, rest[i+1:]...)
			i = len(rest)
		case "-e", "--erase", "-q", "--query", "-l", "--list", "-s", "--show", "--rename", "-h", "--help":
			return
		case "-f", "--function":
			fn = true
			i++
		case "-p", "--position", "--regex", "-c", "--command":
			i++
		case "-a", "--add", "-g", "--global", "-U", "--universal", "--set-cursor":
		default:
			switch {
			case strings.HasPrefix(v, "--function="):
				fn = true
			case strings.HasPrefix(v, "--position="), strings.HasPrefix(v, "--regex="), strings.HasPrefix(v, "--set-cursor="):
			default:
				ops = append(ops, w) // not an option of abbr's: fish passes it on
			}
		}
	}
	if len(ops) == 0 {
		return
	}
	at := ops[0]
	if fn || len(ops) == 1 {
		if fn {
			at.Static, at.Origin = false, "dynamic"
			p.dynamicCodeAt("abbr --function: the expansion is what the function prints:", at, cmd.Line)
		}
		return
	}
	text, static := joinArgs(ops[1:])
	origin := ""
	if !static {
		origin = "dynamic"
	}
	p.runLater(cmd, "abbr "+ops[0].Value, Word{Value: text, Static: static, Origin: origin, Start: ops[1].Start, End: ops[len(ops)-1].End}, true)
}

// fcEditor reports an fc that opens an interactive editor on the entries
// before it runs them (fc -e vim, FCEDIT set on the line to one, or the shell's own FCEDIT, which
// the line does not set: a person's editor; an FCEDIT=true set on an earlier
// line is not seen): the
// person sees what will run. fc -s, -e - and editors that show nothing
// (-e :, -e true, FCEDIT=true on the line) run the entries as they are.
func (p *parser) fcEditor(cmd *Command, rest []Word) bool {
	ed, named := "", false
	for i, w := range rest {
		if w.Value == "-s" {
			return false
		}
		if w.Value == "-e" && i+1 < len(rest) {
			if !rest[i+1].Static {
				return false
			}
			ed, named = rest[i+1].Value, true
		}
	}
	for _, a := range cmd.Env {
		if !named && a.Name == "FCEDIT" {
			ed, named = a.Value.Value, a.Value.Static
			if !a.Value.Static {
				return false
			}
		}
	}
	if !named {
		for _, name := range []string{"FCEDIT", "EDITOR"} {
			if v := p.values(name); len(v) == 1 {
				ed, named = v[0], true
				break
			}
		}
	}
	if !named {
		ed, named = hookFCEDIT() // the shell's, passed by the hook (redteam7.go)
	}
	if !named {
		return true // the shell's $FCEDIT, else $EDITOR, else vi: an editor the person sees
	}
	f := strings.Fields(ed)
	if len(f) == 0 {
		return false
	}
	switch path.Base(f[0]) {
	case "vi", "vim", "nvim", "gvim", "nano", "pico", "emacs", "emacsclient", "micro", "hx", "helix", "kak", "joe", "jed", "mcedit", "ne", "code", "subl", "mate", "gedit", "kate":
		return true
	}
	return false
}

// More programs that run text of their own as a command (the sixth red
// team; each was allow with an rm -rf ~ payload):
//   - git: remote.NAME.uploadpack and receivepack (run through the shell
//     for a local or ssh remote), sendemail.sendmailcmd,
//     interactive.difffilter, core.alternaterefscommand, gpg.x509.program
//     and core.gitproxy given with -c or git config; the same keys given in
//     the environment (GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager
//     GIT_CONFIG_VALUE_0=CMD); git grep -O CMD / --open-files-in-pager=CMD,
//     which runs CMD with the matching files;
//   - npx -c CMD, npm exec -c CMD (and --call=), npm/pnpm/yarn
//     --script-shell=CMD, which runs every script through CMD;
//   - go run/test -exec CMD, which runs the built program through CMD;
//   - vim -c / --cmd Ex commands that reach a shell without a leading !
//     (silent !cmd, r !cmd, w !cmd, call system("cmd"), terminal cmd);
//   - emacs --eval (delete-directory "DIR" t) and (delete-file "F").

// redteam6RunKey reports git configuration keys, beside gitRunKeys, whose
// value git runs.
func redteam6RunKey(key string) bool {
	switch key {
	case "sendemail.sendmailcmd", "interactive.difffilter", "core.alternaterefscommand", "gpg.x509.program", "core.gitproxy":
		return true
	}
	return strings.HasPrefix(key, "remote.") && (strings.HasSuffix(key, ".uploadpack") || strings.HasSuffix(key, ".receivepack"))
}

// redteam6Git reads what p.git does not: the configuration in the
// environment, and git grep's pager.
func (p *parser) redteam6Git(c *Command, args []Word) {
	keys := map[string]string{}
	for _, a := range c.Env {
		if n, ok := strings.CutPrefix(a.Name, "GIT_CONFIG_KEY_"); ok && a.Value.Static {
			keys[n] = strings.ToLower(a.Value.Value)
		}
	}
	for _, a := range c.Env {
		n, ok := strings.CutPrefix(a.Name, "GIT_CONFIG_VALUE_")
		if !ok {
			continue
		}
		key, known := keys[n]
		if !known || !gitRuns(key, a.Value.Value) {
			continue
		}
		w := a.Value
		w.Value = strings.TrimPrefix(w.Value, "!")
		p.runValue(c, "GIT_CONFIG_KEY_"+n+"="+key, "", w)
	}
	for i, a := range args {
		if a.Value != "grep" {
			if strings.HasPrefix(a.Value, "-") {
				continue
			}
			return
		}
		rest := args[i+1:]
		for j, w := range rest {
			v := w.Value
			switch {
			case v == "--":
				return
			case strings.HasPrefix(v, "--open-files-in-pager="):
				w.Value = strings.TrimPrefix(v, "--open-files-in-pager=")
				p.runValue(c, "git grep --open-files-in-pager", "", w)
			case strings.HasPrefix(v, "-O") && len(v) > 2:
				w.Value = v[2:]
				p.runValue(c, "git grep -O", "", w)
			case (v == "-O" || v == "--open-files-in-pager") && j+1 < len(rest) && !strings.HasPrefix(rest[j+1].Value, "-"):
				// -O takes its value attached only; a next word that
				// is a pattern is not read as one.
			}
		}
		return
	}
}

// redteam6Programs reads the run options of npx, npm exec, go and the
// shell escapes of vim's and emacs's command-line code.
func (p *parser) redteam6Programs(c *Command, name string, args []Word) {
	switch name {
	case "npx", "npm", "pnpm", "yarn":
		exec := name == "npx"
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			if !exec && (v == "exec" || v == "x") && name != "yarn" {
				exec = true
				continue
			}
			if strings.HasPrefix(v, "--script-shell=") {
				w := args[i]
				w.Value = strings.TrimPrefix(v, "--script-shell=")
				p.runValue(c, name+" --script-shell", "", w)
			} else if v == "--script-shell" && i+1 < len(args) {
				p.runValue(c, name+" --script-shell", "", args[i+1])
			}
			if !exec {
				continue
			}
			if w, ok := optionValue(args, i, "--call", false); ok {
				p.runValue(c, name+" --call", "", w)
			} else if w, ok := optionValue(args, i, "-c", false); ok {
				p.runValue(c, name+" -c", "", w)
			}
			switch {
			case v == "-p" || v == "--package" || v == "-w" || v == "--workspace" || v == "-c" || v == "--call":
				i++
			case v == "--" || !strings.HasPrefix(v, "-"):
				return // the package's command: its own options follow
			}
		}
	case "go":
		if len(args) == 0 || args[0].Value != "run" && args[0].Value != "test" {
			return
		}
		for i := 1; i < len(args); i++ {
			for _, opt := range []string{"-exec", "--exec"} {
				if w, ok := optionValue(args, i, opt, false); ok {
					w.Value += " ./a.out"
					p.runValue(c, "go "+args[0].Value+" -exec", "", w)
				}
			}
		}
	case "vim", "vi", "nvim", "ex", "view", "vimdiff", "gvim", "rvim":
		for i, a := range args {
			var code Word
			switch {
			case (a.Value == "-c" || a.Value == "--cmd") && i+1 < len(args):
				code = args[i+1]
			case strings.HasPrefix(a.Value, "+") && len(a.Value) > 1:
				code = a
				code.Value = a.Value[1:]
			default:
				continue
			}
			if !code.Static {
				continue
			}
			p.quotedCalls(c, name+" system()", code, "system(", "systemlist(", "jobstart(", "termopen(")
			for _, part := range strings.Split(code.Value, "|") {
				if sh, ok := vimShell(part); ok {
					p.payload(name+" -c", sh, code, c.Line, false)
				}
			}
		}
	case "emacs", "emacsclient":
		for _, a := range args {
			if !a.Static {
				continue
			}
			for _, f := range []struct{ call, rm string }{{"(delete-directory ", "rm -rf "}, {"(delete-file ", "rm -f "}} {
				for rest := a.Value; ; {
					j := strings.Index(rest, f.call)
					if j < 0 {
						break
					}
					rest = strings.TrimLeft(rest[j+len(f.call):], " ")
					if !strings.HasPrefix(rest, `"`) {
						continue
					}
					end := strings.IndexByte(rest[1:], '"')
					if end < 0 {
						break
					}
					target := rest[1 : 1+end]
					rm := f.rm
					if f.call == "(delete-directory " && !strings.HasPrefix(strings.TrimLeft(rest[2+end:], " "), "t") {
						rm = "rmdir "
					}
					p.payload(name+" --eval", rm+shellQuote(target), a, c.Line, false)
				}
			}
		}
	}
}

// vimShell returns the shell command of an Ex command that runs one
// without starting with ! itself: silent[!] !cmd, r[ead] !cmd, w[rite]
// !cmd, ter[minal] cmd.
func vimShell(ex string) (string, bool) {
	s := strings.TrimLeft(ex, " :\t")
	for _, pre := range []string{"silent! ", "silent ", "sil! ", "sil "} {
		s = strings.TrimPrefix(s, pre)
	}
	s = strings.TrimLeft(s, " ")
	for _, pre := range []string{"read", "r", "write", "w"} {
		if rest, ok := strings.CutPrefix(s, pre); ok && strings.HasPrefix(strings.TrimLeft(rest, " "), "!") && (pre != "w" || !strings.HasPrefix(rest, "!")) {
			return strings.TrimPrefix(strings.TrimLeft(rest, " "), "!"), true
		}
	}
	for _, pre := range []string{"terminal ", "term ", "ter "} {
		if rest, ok := strings.CutPrefix(s, pre); ok {
			return rest, true
		}
	}
	if ex != s && strings.HasPrefix(s, "!") {
		return s[1:], true // after silent
	}
	return "", false
}

// shellQuote quotes a word for the shell, single quotes; a leading ~/ stays
// outside the quotes so that it expands as emacs expands it.
func shellQuote(s string) string {
	if rest, ok := strings.CutPrefix(s, "~/"); ok {
		return "~/'" + strings.ReplaceAll(rest, "'", `'\''`) + "'"
	}
	if s == "~" {
		return "~"
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// sedFlags returns the flags of an s command, before a w flag, whose file
// name runs to the end of the line (s/x/y/w changes.log has no e flag).
func sedFlags(f string) string {
	if i := strings.IndexByte(f, 'w'); i >= 0 {
		return f[:i]
	}
	return f
}

// psubTail finds, for the fish command substitution opening at src[open],
// a body that ends in "| psub" (with psub's options): it returns where the
// "|" starts and where the closing parenthesis is. fish's (cmd | psub) is
// a file holding cmd's output, which fishToBash then writes as bash's
// <(cmd): `source (echo 'rm -rf ~' | psub)` is then the code it sources,
// not an unknown file (the fifth red team's open item).
func psubTail(src string, open int) (from, to int, ok bool) {
	depth := 0
	for k := open; k < len(src); k++ {
		switch src[k] {
		case '\'', '"':
			q := src[k]
			for k++; k < len(src) && src[k] != q; k++ {
				if src[k] == '\\' {
					k++
				}
			}
		case '\\':
			k++
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				body := src[open+1 : k]
				bar := strings.LastIndexByte(body, '|')
				if bar < 0 {
					return 0, 0, false
				}
				f := strings.Fields(body[bar+1:])
				if len(f) == 0 || f[0] != "psub" {
					return 0, 0, false
				}
				for _, o := range f[1:] {
					if !strings.HasPrefix(o, "-") && !strings.HasPrefix(o, ".") {
						return 0, 0, false
					}
				}
				return open + 1 + bar, k, true
			}
		}
	}
	return 0, 0, false
}

// ptyTerminal reads the programs that run a command on a terminal of their
// own and were not read (the sixth red team: guardsh approve CODE through
// each of them was allow): asciinema rec -c CMD, ttyrec -e CMD, empty -f
// CMD…, terminal emulators' -e/-x/-- CMD… (xterm, gnome-terminal, konsole,
// alacritty, foot, kitty, st, urxvt, terminator, xfce4-terminal, tilix,
// wezterm start), and the remote controls of a running terminal or
// multiplexer — kitty @ launch, wezterm cli spawn, zellij run, byobu
// new-session — whose pty belongs to a terminal that may be the person's
// own, where guardsh's check of the terminal's owner cannot tell. It
// reports whether it read the command.
func (p *parser) ptyTerminal(c *Command, name string, args []Word) bool {
	after := func(i int) []Word {
		if i < len(args) {
			return args[i:]
		}
		return nil
	}
	opt := func(names ...string) (int, bool) {
		for i, a := range args {
			if a.Value == "--" {
				return i + 1, true
			}
			for _, n := range names {
				if a.Value == n {
					return i + 1, true
				}
			}
		}
		return 0, false
	}
	switch name {
	case "asciinema":
		if len(args) == 0 || args[0].Value != "rec" {
			return false
		}
		for i, a := range args {
			if w, ok := optionValue(args, i, "-c", false); ok {
				p.codeText(c, name+" rec -c", w.Value, w.Static, []Word{w})
				return true
			}
			if v, ok := strings.CutPrefix(a.Value, "--command="); ok {
				w := a
				w.Value = v
				p.codeText(c, name+" rec -c", v, a.Static, []Word{w})
				return true
			} else if a.Value == "--command" && i+1 < len(args) {
				p.codeText(c, name+" rec -c", args[i+1].Value, args[i+1].Static, []Word{args[i+1]})
				return true
			}
		}
	case "ttyrec":
		for i := range args {
			if w, ok := optionValue(args, i, "-e", false); ok {
				p.codeText(c, name+" -e", w.Value, w.Static, []Word{w})
				return true
			}
		}
	case "empty":
		if i, ok := opt("-f"); ok {
			for i < len(args) && strings.HasPrefix(args[i].Value, "-") {
				i += 2 // -i FIFO, -o FIFO, -p PID, -L LOG
			}
			p.inner(c, name, after(i), nil)
			return true
		}
	case "xterm", "uxterm", "konsole", "alacritty", "st", "urxvt", "rxvt", "tilix", "lxterminal", "mate-terminal", "qterminal":
		if i, ok := opt("-e", "--command", "-x"); ok {
			p.inner(c, name+" -e", after(i), nil)
			return true
		}
	case "gnome-terminal", "xfce4-terminal", "terminator", "ptyxis", "kgx":
		if i, ok := opt("-x", "--execute", "-e", "--command"); ok {
			p.inner(c, name+" --", after(i), nil)
			return true
		}
	case "foot", "kitty":
		if len(args) > 0 && args[0].Value == "@" {
			if len(args) > 1 && (args[1].Value == "launch" || args[1].Value == "new-window") {
				i := 2
				for i < len(args) && strings.HasPrefix(args[i].Value, "-") {
					if !strings.Contains(args[i].Value, "=") && args[i].Value != "--hold" && args[i].Value != "--keep-focus" {
						i++ // --type TAB, --cwd DIR, --title T
					}
					i++
				}
				p.inner(c, name+" @ launch", after(i), nil)
				return true
			}
			return false
		}
		i := 0
		for i < len(args) && strings.HasPrefix(args[i].Value, "-") {
			if args[i].Value == "--" {
				i++
				break
			}
			i++
		}
		if i < len(args) {
			p.inner(c, name, after(i), nil)
			return true
		}
	case "kitten":
		if len(args) > 1 && args[0].Value == "@" {
			return p.ptyTerminal(c, "kitty", args)
		}
	case "wezterm":
		if i, ok := opt("--"); ok && len(args) > 0 && (args[0].Value == "start" || args[0].Value == "cli") {
			p.inner(c, name+" "+args[0].Value, after(i), nil)
			return true
		}
	case "zellij":
		for j, a := range args {
			if a.Value == "run" || a.Value == "r" {
				if i, ok := opt("--"); ok && i > j {
					p.inner(c, name+" run", after(i), nil)
					return true
				}
				return false
			}
		}
	case "byobu", "byobu-tmux", "byobu-screen":
		for j, a := range args {
			if a.Value == "new-session" || a.Value == "new" || a.Value == "new-window" || a.Value == "neww" {
				i := j + 1
				for i < len(args) && strings.HasPrefix(args[i].Value, "-") {
					switch args[i].Value {
					case "-s", "-n", "-t", "-c", "-x", "-y", "-F", "-e":
						i++
					}
					i++
				}
				if i < len(args) {
					text, static := joinArgs(args[i:])
					p.codeText(c, name+" new-session", text, static, args[i:])
					return true
				}
				return false
			}
		}
	}
	return false
}
