package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Expansions that evaluate: places where the shell takes a value — not the
// text of the line — and expands or evaluates it again, so that a value such
// as a[$(cmd)] or $(cmd) runs cmd.
//
//   - Arithmetic: every name an arithmetic expression reads has its value
//     evaluated as an expression in turn, and an array subscript in it is
//     expanded: x='a[$(cmd)]'; (( x )) runs cmd. The same holds for $((…)),
//     let, for ((…)), [[ A -eq B ]], array subscripts ${a[x]} and a[x]=1,
//     slices ${x:off:len}, and assignments to declare -i variables.
//   - Names: a value used as a variable name has its subscript evaluated:
//     ${!x}, declare -n r=$x, test -v "$x", [[ -v $x ]], printf -v "$x",
//     read "$x", declare "$x"=1, unset, wait -p, mapfile, getopts.
//   - Prompts and start-up values: ${x@P}, PS0, PS1, PS2, PS4 (set -x),
//     zsh's PROMPT and RPROMPT (prompt_subst), BASH_ENV and ENV given to a
//     shell, zsh's ${(e)x}: the value undergoes parameter expansion and
//     command substitution.
//
// A statically known value that holds a command substitution is parsed, and
// the commands in it are judged as the payload deserves. A value that is not
// known is everyday code ($((i+1)), (( n > 0 )), ${arr[i]}): it counts only
// when it comes from the network or a decoder, where it is an ask.

// maxEvalDepth bounds how deep names that hold names are followed.
const maxEvalDepth = 8

// hasCode reports whether text, if the shell expands it, runs a command
// substitution.
func hasCode(text string) bool {
	return strings.Contains(text, "$(") || strings.Contains(text, "`")
}

// untrustedOrigin reports whether a dynamic value comes from somewhere an
// attacker may control: the network or a decoder.
func untrustedOrigin(o string) bool { return o == "network" || o == "decoder" }

// evalCode checks text that the shell will expand again as code: the
// command substitutions in it run. The text is parsed as the body of an
// unquoted heredoc, which expands exactly $(…), `…` and ${…}.
func (p *parser) evalCode(label, text string, at Word, line int) {
	if !hasCode(text) || p.stopped {
		return
	}
	const eof = "__guardsh_value__"
	prev := p.inherit
	p.inherit = true
	p.payload(label, ": <<"+eof+"\n"+text+"\n"+eof+"\n", at, line, false)
	p.inherit = prev
}

// untrusted records a value from the network or a decoder that the shell
// evaluates: the server decides what runs.
func (p *parser) untrusted(label, origin string, at Word, line int) {
	if !untrustedOrigin(origin) || p.stopped {
		return
	}
	c := cmdAt(at.Start, at.End, line, p.via)
	if p.outer != nil {
		c.Start, c.End = p.outer[0], p.outer[1]
	}
	c.Args = []Word{{Value: label, Static: true, Start: c.Start, End: c.End}}
	c.CodeSource, c.CodeDetail = origin, label
	c.Deferred, c.Contained, c.Remote = p.deferred, p.contained, p.remote
	p.add(c)
}

// nodeWord returns a Word spanning node n, for evalCode and untrusted.
func (p *parser) nodeWord(n syntax.Node) (Word, int) {
	start, end := p.span(n.Pos(), n.End())
	return Word{Value: p.text(n), Static: true, Start: start, End: end}, p.line(n.Pos())
}

// arith checks an arithmetic expression: the names it reads and the values
// its words expand to are evaluated as expressions.
func (p *parser) arith(x syntax.ArithmExpr) {
	if x == nil {
		return
	}
	if w, ok := x.(*syntax.Word); ok && w == nil {
		return
	}
	syntax.Walk(x, func(n syntax.Node) bool {
		if w, ok := n.(*syntax.Word); ok {
			p.arithWord(w)
			return false
		}
		return true
	})
}

// arithWord checks one operand of an arithmetic expression.
func (p *parser) arithWord(w *syntax.Word) {
	if w == nil || len(w.Parts) == 0 {
		return
	}
	at, line := p.nodeWord(w)
	if lit := w.Lit(); lit != "" {
		p.arithText("arithmetic", lit, at, line, 0, map[string]bool{})
		return
	}
	v := p.literal(w)
	if v.Static {
		p.arithText("arithmetic", v.Value, at, line, 0, map[string]bool{})
		return
	}
	p.untrusted("arithmetic "+at.Value, origin(v), at, line)
}

// arithText checks text the shell evaluates as an arithmetic expression:
// a command substitution in it runs; each name in it is evaluated in turn.
func (p *parser) arithText(label, text string, at Word, line, depth int, seen map[string]bool) {
	if depth > maxEvalDepth || p.stopped {
		return
	}
	if hasCode(text) {
		p.evalCode(label, text, at, line)
		return
	}
	for _, name := range arithNames(text) {
		if seen[name] {
			continue
		}
		seen[name] = true
		p.arithVar(name, at, line, depth+1, seen)
	}
}

// arithVar evaluates a variable read by an arithmetic expression.
func (p *parser) arithVar(name string, at Word, line, depth int, seen map[string]bool) {
	label := name + " in arithmetic"
	if v, ok := p.vars.val.get(name); ok {
		p.arithText(label, v, at, line, depth, seen)
		return
	}
	if l := p.vars.list.at(name); len(l) > 0 {
		p.arithText(label, l[0], at, line, depth, seen)
		return
	}
	p.untrusted(label, p.vars.dyn.at(name), at, line)
}

// arithNames returns the names an arithmetic expression text reads: words
// that start with a letter or underscore and are not the digits of a number
// such as 0x1f or 16#ff.
func arithNames(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		if !isNameStart(s[i]) {
			continue
		}
		j := i
		for j < len(s) && isNameByte(s[j]) {
			j++
		}
		if i == 0 || !isNameByte(s[i-1]) && s[i-1] != '#' && s[i-1] != '.' {
			out = append(out, s[i:j])
		}
		i = j
	}
	return out
}

func isNameStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isNameByte(c byte) bool  { return isNameStart(c) || c >= '0' && c <= '9' }

// evalName checks a value the shell uses as a variable name: a command
// substitution in it runs, and its subscript is evaluated.
func (p *parser) evalName(label string, w Word, line int) {
	if !w.Static {
		p.untrusted(label+" "+w.Value, origin(w), w, line)
		return
	}
	text := w.Value
	if hasCode(text) {
		p.evalCode(label, text, w, line)
		return
	}
	if i := strings.IndexByte(text, '['); i > 0 && strings.HasSuffix(text, "]") {
		p.arithText(label, text[i+1:len(text)-1], w, line, 0, map[string]bool{})
	}
}

// paramEval checks the parts of a parameter expansion that evaluate: the
// subscript, the slice, ${!x} indirection and ${x@P} prompt expansion.
func (p *parser) paramEval(pe *syntax.ParamExp) {
	if pe.Index != nil {
		if l, ok := pe.Index.(*syntax.Word); !ok || l.Lit() != "@" && l.Lit() != "*" {
			p.arith(pe.Index)
		}
	}
	if pe.Slice != nil {
		p.arith(pe.Slice.Offset)
		p.arith(pe.Slice.Length)
	}
	if pe.Param == nil {
		return
	}
	name := pe.Param.Value
	if pe.Excl && pe.Names == 0 && pe.Index == nil {
		// ${!x}: the value of x names the variable to read.
		at, line := p.nodeWord(pe)
		for _, v := range p.values(name) {
			p.evalName("${!"+name+"}", Word{Value: v, Static: true, Start: at.Start, End: at.End}, line)
		}
		p.untrusted("${!"+name+"}", p.vars.dyn.at(name), at, line)
	}
	if pe.Exp != nil && pe.Exp.Op == syntax.OtherParamOps && pe.Exp.Word != nil && pe.Exp.Word.Lit() == "P" {
		// ${x@P}: the value is expanded as a prompt string.
		at, line := p.nodeWord(pe)
		for _, v := range p.values(name) {
			p.evalCode("${"+name+"@P}", v, at, line)
		}
		p.untrusted("${"+name+"@P}", p.vars.dyn.at(name), at, line)
	}
}

// values returns the statically known values of a variable: its value, or
// the elements of an array.
func (p *parser) values(name string) []string {
	if v, ok := p.vars.val.get(name); ok {
		return []string{v}
	}
	return p.vars.list.at(name)
}

// testEval checks [[ … ]]: the operands of -eq, -ne, -lt, -le, -gt and -ge
// are arithmetic expressions, and the operand of -v is a name.
func (p *parser) testEval(x syntax.TestExpr) {
	syntax.Walk(x, func(n syntax.Node) bool {
		switch t := n.(type) {
		case *syntax.BinaryTest:
			switch t.Op {
			case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
				for _, e := range []syntax.TestExpr{t.X, t.Y} {
					if w, ok := e.(*syntax.Word); ok {
						p.arithWord(w)
					}
				}
			}
		case *syntax.UnaryTest:
			if w, ok := t.X.(*syntax.Word); ok && t.Op == syntax.TsVarSet {
				p.evalName("[[ -v ]]", p.literal(w), p.line(w.Pos()))
			}
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		}
		return true
	})
}

// builtinEval checks the arguments of builtins that evaluate names or
// arithmetic: test -v, printf -v, read, mapfile, unset, wait -p, getopts,
// let, and the callbacks of mapfile -C and fc -e.
func (p *parser) builtinEval(cmd *Command) {
	p.redteam6Eval(cmd) // fc, r, fish's abbr (redteam6.go)
	args := cmd.Args
	if len(args) < 2 || !args[0].Static {
		return
	}
	name, rest := args[0].Value, args[1:]
	label := name
	switch name {
	case "test", "[":
		for i := 0; i+1 < len(rest); i++ {
			if rest[i].Value == "-v" {
				p.evalName(label+" -v", rest[i+1], cmd.Line)
			}
		}
	case "printf":
		if rest[0].Value == "-v" && len(rest) > 1 {
			p.evalName("printf -v", rest[1], cmd.Line)
			if len(rest) > 2 {
				argv := []string{"printf"}
				static := true
				for _, w := range rest[2:] {
					argv = append(argv, w.Value)
					static = static && w.Static
				}
				if out, ok := echoOutput(argv); ok && static {
					p.storedCode(cmd, rest[1], out)
				}
			}
		}
	case "read", "mapfile", "readarray", "wait", "unset", "getopts", "declare", "typeset", "local", "export", "readonly":
		if names := nameOperands(name, rest); name == "read" && len(names) == 1 && cmd.StdinStatic {
			line, _, _ := strings.Cut(cmd.StdinText, "\n")
			p.storedCode(cmd, names[0], strings.TrimSpace(line))
		}
		for _, w := range nameOperands(name, rest) {
			if n, _, ok := strings.Cut(w.Value, "="); ok && (name == "declare" || name == "typeset" || name == "local" || name == "export" || name == "readonly") {
				w.Value = n
			}
			p.evalName(label, w, cmd.Line)
		}
		if name == "mapfile" || name == "readarray" {
			if w, ok := optAnywhere(rest, "-C"); ok {
				p.runLater(cmd, name+" -C", w, false)
			}
			p.mapfile(cmd, rest)
		}
	case "let":
		for _, w := range rest {
			if w.Static {
				p.arithText("let", w.Value, w, cmd.Line, 0, map[string]bool{})
			} else {
				p.untrusted("let "+w.Value, origin(w), w, cmd.Line)
			}
		}
	case "bind":
		// bind -x 'KEYSEQ: CODE' runs CODE when the keys are pressed,
		// without the accept-line hook seeing it.
		for i := 0; i+1 < len(rest); i++ {
			if rest[i].Value == "-x" {
				if code, ok := bindCode(rest[i+1].Value); ok {
					w := rest[i+1]
					w.Value = code
					p.runLater(cmd, "bind -x", w, true)
				}
			}
		}
	case "zargs":
		p.zargs(cmd, rest)
	case "set":
		// zsh's (and ksh's) set -A NAME VALUES assigns an array.
		if rest[0].Value == "-A" && len(rest) > 1 && rest[1].Static {
			var elems []string
			for _, w := range rest[2:] {
				if !w.Static {
					p.vars.setDynamic(rest[1].Value)
					return
				}
				elems = append(elems, w.Value)
			}
			p.vars.setList(rest[1].Value, elems)
		}
	case "sched":
		// zsh's sched TIME COMMAND runs the command later, at a prompt.
		if i := 1; len(rest) > 1 {
			if rest[0].Value == "-o" && len(rest) > 2 {
				i = 2
			}
			text, static := joinArgs(rest[i:])
			p.runLater(cmd, "sched", Word{Value: text, Static: static, Origin: rest[i].Origin, Start: rest[i].Start, End: rest[len(rest)-1].End}, true)
		}
	case "zmv", "zcp", "zln":
		// zsh's zmv expands its replacement with ${(e)…}.
		for _, w := range rest {
			if w.Static && !strings.HasPrefix(w.Value, "-") {
				p.evalCode(name+" replacement", w.Value, w, cmd.Line)
			}
		}
	case "print":
		// print -P expands prompt sequences, and with prompt_subst
		// (often set in .zshrc) command substitutions.
		if p.isZsh() {
			prompt := false
			for _, w := range rest {
				if strings.HasPrefix(w.Value, "-") && !strings.HasPrefix(w.Value, "--") && w.Static {
					prompt = prompt || strings.Contains(w.Value, "P")
					continue
				}
				if prompt && w.Static {
					p.evalCode("print -P", w.Value, w, cmd.Line)
				}
			}
		}
	case "fc":
		// fc -e EDITOR runs EDITOR FILE as a command, then the edited
		// history: the editor is code.
		for i := 0; i+1 < len(rest); i++ {
			if rest[i].Value == "-e" && rest[i+1].Value != "-" {
				w := rest[i+1]
				w.Value += " /tmp/bash-fc.guardsh"
				p.runLater(cmd, "fc -e", w, false)
				break
			}
		}
	}
}

// mapfile records the array mapfile NAME makes of a static input, one
// element a line.
func (p *parser) mapfile(cmd *Command, args []Word) {
	names := nameOperands("mapfile", args)
	name := "MAPFILE"
	if len(names) > 0 {
		name = names[len(names)-1].Value
		if !names[len(names)-1].Static {
			return
		}
	}
	if !cmd.StdinStatic || len(cmd.StdinText) > maxVarValue {
		p.vars.setDynamic(name)
		return
	}
	trim := false
	for _, w := range args {
		trim = trim || strings.HasPrefix(w.Value, "-") && strings.Contains(w.Value, "t")
	}
	lines := strings.SplitAfter(strings.TrimSuffix(cmd.StdinText, "\n"), "\n")
	for i, l := range lines {
		if trim {
			lines[i] = strings.TrimSuffix(l, "\n")
		} else if !strings.HasSuffix(l, "\n") {
			lines[i] = l + "\n"
		}
	}
	p.vars.setList(name, lines)
}

// knownParts reports whether the text of a dynamic value, with its unknown
// parts written as ${name} and $(…), parses as code in the parser's
// dialect, so that its known parts can be checked.
func (p *parser) knownParts(text string) bool {
	if len(text) > maxVarValue || strings.TrimSpace(text) == "" {
		return false
	}
	_, err := shParse(p.opts.variant(), text)
	return err == nil
}

// bindCode returns the shell command of a bind -x binding
// "KEYSEQ": COMMAND.
func bindCode(s string) (string, bool) {
	s = strings.TrimSpace(s)
	i := 0
	if strings.HasPrefix(s, `"`) {
		for i = 1; i < len(s) && s[i] != '"'; i++ {
			if s[i] == '\\' {
				i++
			}
		}
		if i >= len(s) {
			return "", false
		}
		i++
	}
	j := strings.IndexByte(s[i:], ':')
	if j < 0 {
		return "", false
	}
	code := strings.TrimSpace(s[i+j+1:])
	if len(code) > 1 && (code[0] == '"' || code[0] == '\'') && code[len(code)-1] == code[0] {
		code = code[1 : len(code)-1]
	}
	return code, code != ""
}

// storedCode checks a value that printf -v or read stores in a variable
// whose value is code (PROMPT_COMMAND) or expanded later (PS1).
func (p *parser) storedCode(cmd *Command, name Word, value string) {
	if !name.Static {
		return
	}
	w := Word{Value: value, Static: true, Start: name.Start, End: name.End}
	switch {
	case isCommandVar(name.Value):
		p.runLater(cmd, name.Value+"=", w, false)
	case expandedVars()[name.Value]:
		p.assignEval(name.Value, w, cmd.Line)
	}
}

// bareCall reports whether a call of function name without arguments walks
// its body again, with the variables set by then: a few times for each
// function.
func (p *parser) bareCall(name string) bool {
	if p.bareCalls == nil {
		p.bareCalls = map[string]int{}
	}
	if p.bareCalls[name] >= 4 {
		return false
	}
	p.bareCalls[name]++
	return true
}

// nameOperands returns the arguments of a builtin that it uses as variable
// names.
func nameOperands(name string, args []Word) []Word {
	var withValue string
	switch name {
	case "read":
		withValue = "dinNptu"
	case "mapfile", "readarray":
		withValue = "dnOsuCc"
	case "wait":
		var out []Word
		for i := 0; i+1 < len(args); i++ {
			if args[i].Value == "-p" {
				out = append(out, args[i+1])
			}
		}
		return out
	case "getopts":
		if len(args) > 1 {
			return args[1:2]
		}
		return nil
	}
	var out []Word
	opts := true
	for i := 0; i < len(args); i++ {
		w := args[i]
		if opts && w.Value == "--" {
			opts = false
			continue
		}
		if opts && len(w.Value) > 1 && (w.Value[0] == '-' || w.Value[0] == '+') && w.Static {
			flags := w.Value[1:]
			for j := 0; j < len(flags); j++ {
				if flags[j] == 'a' && name == "read" && i+1 < len(args) {
					// read -a NAME: NAME is an array name.
					out = append(out, args[i+1])
					i++
					break
				}
				if strings.IndexByte(withValue, flags[j]) >= 0 {
					if j == len(flags)-1 {
						i++
					}
					break
				}
			}
			continue
		}
		out = append(out, w)
	}
	return out
}

// envOf returns the static environment a child of c gets: the exported
// variables known so far and c's NAME=value prefixes.
func (p *parser) envOf(c *Command) map[string]string {
	var env map[string]string
	put := func(name, v string) {
		if env == nil {
			env = map[string]string{}
		}
		env[name] = v
	}
	for name := range p.vars.exported.all() {
		if v, ok := p.vars.val.get(name); ok {
			put(name, v)
		}
	}
	for _, a := range c.Env {
		if a.Value.Static && ValidName(a.Name) {
			put(a.Name, a.Value.Value)
		}
	}
	return env
}

// declEval checks what declare, local, typeset, export and readonly
// evaluate: -n makes the value a name, -i makes it (and every later
// assignment) arithmetic.
func (p *parser) declEval(dc *syntax.DeclClause, cmd *Command) {
	nameref, integer, export := dc.Variant.Value == "nameref", false, dc.Variant.Value == "export"
	for _, a := range dc.Args {
		if !a.Naked || a.Value == nil {
			continue
		}
		if f := a.Value.Lit(); len(f) > 1 && f[0] == '-' {
			nameref = nameref || strings.Contains(f, "n")
			integer = integer || strings.Contains(f, "i")
			export = export || strings.Contains(f, "x")
		}
	}
	for _, a := range dc.Args {
		if a.Name == nil {
			continue
		}
		if export {
			p.vars.exported.set(a.Name.Value, true)
		}
		p.arith(a.Index)
		if integer {
			p.vars.ints.set(a.Name.Value, true)
		}
		if a.Naked || a.Value == nil {
			continue
		}
		v := p.literal(a.Value)
		switch {
		case nameref:
			p.evalName("declare -n "+a.Name.Value, v, cmd.Line)
		case integer || p.vars.ints.at(a.Name.Value):
			p.intAssign(a.Name.Value, v, cmd.Line)
		}
	}
}

// intAssign checks an assignment to a declare -i variable: the value is an
// arithmetic expression.
func (p *parser) intAssign(name string, v Word, line int) {
	if !p.vars.ints.at(name) {
		return
	}
	if v.Static {
		p.arithText(name+" (declare -i)", v.Value, v, line, 0, map[string]bool{})
		return
	}
	p.untrusted(name+" (declare -i) "+v.Value, origin(v), v, line)
}

// expandedVars are variables whose value the shell expands again later:
// prompts (bash's PS0, PS1, PS2 and PS4 with set -x; zsh's prompts with
// prompt_subst) and the start-up file names BASH_ENV and ENV.
var expandedVars = set("PS0", "PS1", "PS2", "PS4", "PROMPT", "PROMPT2", "PROMPT3", "PROMPT4", "RPROMPT", "RPS1", "RPROMPT2", "RPS2",
	"SPROMPT", "BASH_ENV", "ENV")

// assignEval checks one assignment, standalone, a prefix of a command or
// given to env: a prompt or start-up value is expanded later; a
// BASH_FUNC_name%% value is a function bash defines on start; an array
// assigned to PROMPT_COMMAND holds commands.
func (p *parser) assignEval(name string, v Word, line int) {
	if expandedVars()[name] {
		if v.Static {
			p.evalCode(name+"=", v.Value, v, line)
		} else {
			p.untrusted(name+"="+v.Value, origin(v), v, line)
		}
	}
	if name == "FCEDIT" && v.Static && v.Value != "" {
		// fc runs FCEDIT FILE, then the edited commands.
		p.payload("FCEDIT=", v.Value+" /tmp/bash-fc.guardsh", v, line, false)
	}
	if fn, ok := strings.CutPrefix(name, "BASH_FUNC_"); ok && strings.HasSuffix(fn, "%%") {
		// env 'BASH_FUNC_ls%%=() { …; }' bash: bash imports the function.
		fn = strings.TrimSuffix(fn, "%%")
		if v.Static {
			if ValidName(fn) && strings.HasPrefix(strings.TrimSpace(v.Value), "()") {
				p.payload("exported function "+fn, fn+" "+v.Value, v, line, false)
			}
		} else {
			p.dynamicCodeAt("exported function "+fn, v, line)
		}
	}
}

// dynamicCodeAt records code the line cannot know, as dynamic-code.
func (p *parser) dynamicCodeAt(label string, v Word, line int) {
	c := cmdAt(v.Start, v.End, line, p.via)
	if p.outer != nil {
		c.Start, c.End = p.outer[0], p.outer[1]
	}
	c.Args = []Word{{Value: label, Static: true, Start: c.Start, End: c.End}}
	c.CodeSource, c.CodeDetail = origin(v), label+" "+v.Value
	p.add(c)
}

// ValidName reports a name the shell reads as a variable's (or a
// function's): a letter or _, then letters, digits and _.
func ValidName(s string) bool {
	if s == "" || !isNameStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// envEval checks the environment a command gets: prefixes and env(1)
// assignments.
func (p *parser) envEval(c *Command) {
	for _, a := range c.Env {
		p.assignEval(a.Name, a.Value, c.Line)
	}
}

// arrayCode checks NAME=(…) and NAME+=(…) for arrays whose elements are
// code or expanded later: PROMPT_COMMAND=(…), PS1=(…).
func (p *parser) arrayCode(a *syntax.Assign, line int) {
	name := a.Name.Value
	if !isCommandVar(name) && !expandedVars()[name] {
		return
	}
	for _, e := range a.Array.Elems {
		if e.Value == nil {
			continue
		}
		for _, w := range p.fields(e.Value) {
			if isCommandVar(name) {
				p.runLater(cmdAt(w.Start, w.End, line, p.via), name+"=(…)", w, false)
			} else {
				p.assignEval(name, w, line)
			}
		}
	}
}

// procInput stands for what a line writes into an output process
// substitution: >(sh) reads it as code, unknown to the analysis.
var procInput = &Command{Args: []Word{{Value: ">(…)"}}, Start: -1, End: -1}
