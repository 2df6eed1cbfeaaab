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
