package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// What a command substitution may print (issue 12: nvm's
// NVM_PROFILE="$(nvm_detect_profile)", then printf … >> "$NVM_PROFILE").
// The commands a $(…) runs are walked with the rest of the line; while they
// are, every echo or printf of static words whose standard output is not
// redirected or piped, and every call of a printer function (a function
// whose body is one echo or printf: nvm_echo() { printf %s\\n "$*"; }), is
// a line the substitution may print. Each is read with the other values
// the walk gives its variables (the branches of an if or case in the
// function), so the outputs are values the substitution really prints on
// some path. A variable assigned the substitution stays dynamic, with
// those outputs as its other values (see altCommands): a write to it is
// read as a write to each.

// maxPrinted bounds the outputs kept for one substitution.
const maxPrinted = 8

// printCapture collects what the commands of one $(…) print.
type printCapture struct {
	out []string
}

// capturePrinted walks a command substitution's statements with f and
// keeps what they may print, under the substitution's offset.
func (p *parser) capturePrinted(cs *syntax.CmdSubst, f func()) {
	pc := &printCapture{}
	p.printing = append(p.printing, pc)
	f()
	p.printing = p.printing[:len(p.printing)-1]
	if len(pc.out) == 0 {
		return
	}
	if p.substPrinted == nil {
		p.substPrinted = map[int][]string{}
	}
	p.substPrinted[int(cs.Pos().Offset())] = pc.out
}

// notePrinted records what cmd prints, when a substitution is being
// walked and cmd prints static text to it.
func (p *parser) notePrinted(cmd *Command) {
	if len(p.printing) == 0 || len(cmd.Args) == 0 || cmd.Piped || cmd.Background {
		return
	}
	for _, r := range cmd.Redirs {
		if (r.Fd == "" || r.Fd == "1") && (r.Writes() || r.Op == ">&") {
			return // > file, >&2: not to the substitution
		}
	}
	argv := make([]string, 0, len(cmd.Args))
	for _, a := range cmd.Args {
		if !a.Static {
			return
		}
		argv = append(argv, a.Value)
	}
	for len(argv) > 1 && (argv[0] == "command" || argv[0] == "builtin") {
		argv = argv[1:]
	}
	var out string
	var ok bool
	switch argv[0] {
	case "echo", "printf":
		out, ok = echoOutput(argv)
	default:
		out, ok = p.printerCall(argv)
	}
	if !ok {
		return
	}
	// $(…) drops the trailing newlines.
	out = strings.TrimRight(out, "\n")
	if out == "" || strings.Contains(out, "\n") {
		return
	}
	pc := p.printing[len(p.printing)-1]
	if len(pc.out) < maxPrinted {
		pc.out = appendUnique(pc.out, out)
	}
}

// printerCall returns what a call of a printer function prints: a function
// defined by the line whose body is one echo or printf (with command or
// builtin before it, and its standard error redirected at most), read with
// the call's arguments as $1, $2, …
func (p *parser) printerCall(argv []string) (string, bool) {
	body, ok := p.funcs.get(argv[0])
	if !ok || body == nil {
		return "", false
	}
	st := body
	if b, ok := st.Cmd.(*syntax.Block); ok {
		if len(b.Stmts) != 1 {
			return "", false
		}
		st = b.Stmts[0]
	}
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Assigns) > 0 || len(ce.Args) == 0 || st.Background || st.Negated || len(stdoutRedirs(st.Redirs)) > 0 {
		return "", false
	}
	v := p.vars.clone()
	v.setList("@", argv[1:])
	r := newResolver(v)
	r.depth = 3 // no substitutions in a printer
	args, err := r.fields(ce.Args...)
	if err != nil || r.dynamic || len(args) == 0 {
		return "", false
	}
	for len(args) > 1 && (args[0] == "command" || args[0] == "builtin") {
		args = args[1:]
	}
	if args[0] != "echo" && args[0] != "printf" {
		return "", false
	}
	return echoOutput(args)
}

// printedAlt gives a variable assigned one command substitution (X=$(f),
// X="$(f)") what the substitution may print as other values, when the
// value itself is not known.
func (p *parser) printedAlt(a *syntax.Assign) {
	if a.Name == nil || a.Value == nil || a.Append || a.Index != nil || len(p.substPrinted) == 0 {
		return
	}
	if _, dyn := p.vars.dyn.get(a.Name.Value); !dyn {
		return
	}
	part, _ := solePart(a.Value)
	cs, ok := part.(*syntax.CmdSubst)
	if !ok {
		return
	}
	for _, out := range p.substPrinted[int(cs.Pos().Offset())] {
		p.vars.addAlt(a.Name.Value, out)
	}
}

// loopAlts gives the variable of a for loop over words not all known
// (for f in "${configs[@]}" after configs+=("$X/.bashrc") in an if) the
// values it is known to take as other values: the static words of the
// list, and the other values of the arrays and variables the list
// expands (an array made dynamic keeps its known elements so, see
// arrayAlts and mergeVars).
func (p *parser) loopAlts(name string, items []*syntax.Word, vals []Word) {
	for _, v := range vals {
		if v.Static && v.Value != "" {
			p.vars.addAlt(name, v.Value)
		}
	}
	for _, w := range items {
		pn := soleParam(w)
		if pn == "" {
			continue
		}
		_, quoted := w.Parts[0].(*syntax.DblQuoted)
		for _, a := range p.vars.alts.at(pn) {
			vals := []string{a}
			if !quoted {
				vals = strings.Fields(a) // $X splits
			}
			for _, v := range vals {
				if v != "" && !strings.ContainsAny(v, "*?[") {
					// A pattern is not a value: the names it
					// matches are.
					p.vars.addAlt(name, v)
				}
			}
		}
	}
}

// soleParam returns NAME for a word that is one $NAME, ${NAME},
// ${NAME[@]} or ${NAME[*]}, possibly in double quotes.
func soleParam(w *syntax.Word) string {
	part, _ := solePart(w)
	pe, ok := part.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Exp != nil || pe.Repl != nil || pe.Slice != nil || pe.Length || pe.Excl || pe.Width {
		return ""
	}
	if pe.Index != nil {
		if wd, ok := pe.Index.(*syntax.Word); !ok || wd.Lit() != "@" && wd.Lit() != "*" {
			return ""
		}
	}
	return pe.Param.Value
}

// arrayAlts keeps the known elements of an array an assignment makes
// dynamic (a+=("$X/.bashrc")) as its other values.
func (p *parser) arrayAlts(name string, elems []string) {
	for _, e := range listValues(elems) {
		p.vars.addAlt(name, e)
	}
}

// listValues returns the elements of an array that are values: not empty,
// not a pattern (the names it matches are the values).
func listValues(elems []string) []string {
	var out []string
	for _, e := range elems {
		if e != "" && !strings.ContainsAny(e, "*?[") {
			out = append(out, e)
		}
	}
	return out
}

// compoundAlts reads the writes of a compound command's redirections with
// the other values of their variables ({ …; } >> "$config" in a loop over
// rc files), as altCommands does for a simple command.
func (p *parser) compoundAlts(gc *Command, rds []Redirect, rs []*syntax.Redirect) {
	if p.vars.alts.len() == 0 || len(rds) != len(rs) {
		return
	}
	all := *gc
	all.Redirs = rds
	p.altCommands(&all, &syntax.CallExpr{}, rs)
}

// Defines reports whether the input defines a function or an alias of
// that name (or an alias of a name it does not write out).
func (r *Result) Defines(name string) bool { return r.redefined(name) }

// packageBin reads yarn BIN ARG… and yarn run BIN ARG… (pnpm alike): a
// word that is not one of the package manager's own commands runs the
// project's script of that name or, without one, the package's program
// (node_modules/.bin/BIN), as npx BIN does. The script is the project's
// own; the program is read as the command.
func (p *parser) packageBin(c *Command, name string, rest []Word) {
	if len(rest) == 0 || !rest[0].Static {
		return
	}
	sub := rest[0].Value
	if sub == "run" && name != "npm" {
		rest = rest[1:]
		if len(rest) > 0 && rest[0].Value == "--" {
			rest = rest[1:]
		}
		if len(rest) == 0 || !rest[0].Static || strings.HasPrefix(rest[0].Value, "-") {
			return
		}
		p.inner(c, name+" run", rest, nil)
		return
	}
	if name == "npm" || packageCommands[sub] || strings.ContainsAny(sub, "/=") {
		return
	}
	if name == "pnpm" && pnpmCommands[sub] {
		return
	}
	p.inner(c, name, rest, nil)
}

// packageCommands are yarn's own commands (yarn 1 and yarn 2+) and the
// script names every project has: yarn start runs package.json's script.
var packageCommands = map[string]bool{
	"access": true, "add": true, "audit": true, "autoclean": true, "bin": true, "cache": true, "check": true, "config": true,
	"constraints": true, "create": true, "dedupe": true, "dlx": true, "exec": true, "explain": true, "generate-lock-entry": true,
	"global": true, "help": true, "import": true, "info": true, "init": true, "install": true, "licenses": true, "link": true,
	"list": true, "login": true, "logout": true, "node": true, "npm": true, "outdated": true, "owner": true, "pack": true,
	"patch": true, "patch-commit": true, "plugin": true, "policies": true, "publish": true, "rebuild": true, "remove": true,
	"run": true, "search": true, "set": true, "stage": true, "tag": true, "team": true, "unlink": true, "unplug": true,
	"up": true, "upgrade": true, "upgrade-interactive": true, "version": true, "versions": true, "why": true,
	"workspace": true, "workspaces": true, "test": true, "start": true, "build": true, "dev": true, "lint": true,
	"serve": true, "format": true, "prepare": true, "typecheck": true, "x": true,
}

// pnpmCommands are pnpm's own commands beyond yarn's.
var pnpmCommands = map[string]bool{
	"i": true, "ln": true, "ls": true, "rm": true, "un": true, "uninstall": true, "update": true, "prune": true, "fetch": true,
	"store": true, "root": true, "env": true, "setup": true, "server": true, "deploy": true, "approve-builds": true, "doctor": true,
	"ci": true, "cat-file": true, "cat-index": true, "find-hash": true, "self-update": true, "licenses": true, "sbom": true,
}

// fishSet reads fish's set [SCOPE…] NAME [VALUE] after the word set, whose
// end is j: the assignment as bash writes it (NAME=, export NAME= for
// -x), and where the value starts in src, so the rewrite goes on with the
// value as a word (set -l D /etc; rm -rf $D is D=/etc; rm -rf $D). Other
// forms (erase, query, append, an index, several values) are left to
// bash's set, which changes nothing guardsh follows.
func fishSet(src string, j int) (string, int, bool) {
	export := false
	var name string
	k := j
	for {
		for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
			k++
		}
		start := k
		for k < len(src) && !strings.ContainsRune(" \t\n;|&()'\"$\\", rune(src[k])) {
			k++
		}
		w := src[start:k]
		if w == "" {
			return "", 0, false
		}
		if strings.HasPrefix(w, "-") {
			switch w {
			case "--local", "--global", "--universal", "--function", "--unexport":
				continue
			case "--export":
				export = true
				continue
			}
			if strings.HasPrefix(w, "--") || strings.Trim(w[1:], "lgUxuf") != "" || w == "-" {
				return "", 0, false
			}
			export = export || strings.Contains(w, "x")
			continue
		}
		name = w
		break
	}
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return "", 0, false
		}
	}
	if k < len(src) && !strings.ContainsRune(" \t\n;|&", rune(src[k])) {
		return "", 0, false // NAME[1], NAME$x
	}
	// The values: one word at most (quotes and (…) kept whole).
	v := k
	for v < len(src) && (src[v] == ' ' || src[v] == '\t') {
		v++
	}
	end := fishWordEnd(src, v)
	rest := end
	for rest < len(src) && (src[rest] == ' ' || src[rest] == '\t') {
		rest++
	}
	if rest < len(src) && !strings.ContainsRune("\n;|&", rune(src[rest])) {
		return "", 0, false // several values: a list
	}
	prefix := name + "="
	if export {
		prefix = "export " + prefix
	}
	if end == v {
		return prefix, k, true // set NAME: the empty list
	}
	return prefix, v, true
}

// fishWordEnd returns where the fish word starting at i ends: quotes and
// parentheses are kept whole.
func fishWordEnd(src string, i int) int {
	depth := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\\':
			i += 2
			continue
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(src) && src[j] != c {
				if src[j] == '\\' && c == '"' {
					j++
				}
				j++
			}
			i = j + 1
			continue
		case c == '(':
			depth++
		case c == ')':
			if depth == 0 {
				return i
			}
			depth--
		case depth == 0 && strings.ContainsRune(" \t\n;|&", rune(c)):
			return i
		}
		i++
	}
	return min(i, len(src))
}
