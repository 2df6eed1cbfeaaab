package parse

// histpush.go: zsh's `fc -p` (issue 12; zsh's Misc/zed). `fc -p [-a]
// [FILE [N]]` pushes the shell's history list, with its $HISTFILE,
// $HISTSIZE and $SAVEHIST, onto a stack and starts a new list; `fc -P`, the
// exit of the function scope for `-a`, and the shell's exit (zexit pops the
// whole stack before it saves) bring the old list and the three values
// back. While such a list is in force, `unset HISTFILE`, `HISTSIZE=0` or
// `SAVEHIST=0` change only the pushed list: the user's history and its
// file are on the stack, untouched. Checked in a pty with zsh 5.9: after
// `f() { fc -p -a ALT 10; unset HISTFILE; }; f` and also after the same
// with `exit` in place of the function's end, the user's history file
// holds every command of the session.
//
// Found on the way:
//   - `local HISTSIZE` (typeset, declare, integer, float, private,
//     readonly) after `fc -p` in the same scope loses the user's value:
//     at the scope's exit zsh pops the list (restoring HISTSIZE) and then
//     unwinds the local, which puts back the pushed value. `zed -h FILE`
//     (accepted with ^X^W) leaves the user's HISTSIZE at the lines of FILE
//     plus one and the history file truncated to them (reproduced). zsh's
//     manual warns of this conflict. Such a declaration is marked
//     (histMarks.local) and history-tamper reports it, everywhere.
//   - a push made in a nested function scope (an anonymous function or a
//     function called) is popped when that scope exits, so it does not
//     cover what comes after it.
//
// The relaxation (histMarks.quiet) is read for a zsh script file only and
// never at a prompt, in sh -c, eval or a script written on the line
// (histMark). Within one scope (the file's top level, a function body), a
// change of a history variable is quiet when on every path to it a push
// of this scope succeeded (`fc -p … || return|exit`, also inside { },
// `if fc -p …; then`, `fc -p … && X`) and since then:
//   - nothing ran that may pop the list: only builtins of a short list
//     (print, let, test, vared, fc without -P, …) and functions of the
//     file that run only those; not eval, source, ., exec, cd (chpwd
//     hooks), an unknown or computed command (it may be a function);
//   - fc's options were literal: a computed operand ("$f") counts only
//     for a variable this scope declared local without a value and that
//     nothing assigned since on any path (no assignment, no command
//     naming it, no file function or vared widget naming it), because
//     zsh would read a "-P" there as the option;
//   - vared's -i/-f widgets, and every widget the file binds with
//     bindkey, are zle builtins, the user's own, or bound to safe
//     functions of the file (an autoloaded one is not known);
//   - the variable was not declared local after the push (see above).
// A push under `if [[ -n $1 ]]` (or -z) covers a later command under the
// same test (`[[ -n $1 ]] && unset HISTFILE`) when no statement in between
// may change the positional parameters (set, shift, zparseopts, any word
// naming argv, an assignment to a digit) — zed's shape.
//
// The relaxation is off for a file that defines or autoloads a function
// named like a builtin this reads (fc, unset, local, typeset, …), or uses
// alias, unalias, disable, enable or trap, or defines a TRAP* function
// (histTextOff reads the whole text, also what does not parse).
//
// Accepted: the user's own functions, widgets and hooks are taken not to
// pop the script's history list (vared runs the key bindings the user
// made, TRAPDEBUG runs before each command), as guardsh takes every
// command name to mean the standard program; so is what the user types
// into a widget of theirs (zed's zed-set-file-name sets the file fc -W
// writes; a name "-P" typed there would pop). Inputs over streamAbove
// get no marks (no relaxation, no report of the shapes here).
//
// Also reported: fc -p itself starts a new list, so what runs after it is
// not saved to the user's history until it is popped (histMarks.out): it
// reports like unset HISTFILE, unless -a pops it at the end of the
// function it is in, the function runs fc -P, or it is fc -p -a at a
// script file's top level (the body of an autoloaded function, or a
// non-interactive script, which has no history).

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// histMarks are the statement offsets histPush found (CallExpr or
// DeclClause positions).
type histMarks struct {
	// quiet: a history-variable change while a list this scope pushed
	// is in force; only for a script file.
	quiet map[int]bool
	// local: a local declaration of a history variable after a push in
	// the same scope, which restores the pushed value at the scope's exit.
	local map[int]bool
	// out: an fc -p whose list stays in force after the command: at the
	// top level, or in a function without -a and without an fc -P;
	// outTop: one with -a at the top level, which in a script file is
	// the body of an autoloaded function (popped at its end) or a
	// non-interactive script's (no history to hide).
	out, outTop map[int]bool
}

// histVarBit numbers the variables fc -p saves and restores.
func histVarBit(name string) uint8 {
	switch name {
	case "HISTFILE":
		return 1
	case "HISTSIZE":
		return 2
	case "SAVEHIST":
		return 4
	case "HISTFILESIZE":
		return 8
	}
	return 0
}

// histOverrideNames are the names a function or autoload of the file may not
// take for the relaxation to hold.
const histOverrideNames = `
	fc unset local typeset declare export integer float private readonly return exit set shift
	builtin command eval source . test [ print echo printf let vared read true false : setopt
	unsetopt zparseopts getopts pwd bindkey zstyle zmodload noglob exec`

// histSafeNames are the builtins taken not to pop the history stack.
const histSafeNames = `
	print echo printf let test [ true false : vared read getopts setopt unsetopt pwd bindkey zstyle
	zmodload return exit break continue shift set zparseopts unset local typeset declare export
	integer float private readonly fc zle`

// newHistPush returns the fc -p analysis for a zsh text that names fc, or
// nil. Its pass method reads the top-level statements of one parse pass
// (a text with a parse error is read in several, see parseTop).
func newHistPush(text, shell string) *histPush {
	if shell != "zsh" || !strings.Contains(text, "fc") {
		return nil
	}
	h := &histPush{funcs: map[string]*syntax.FuncDecl{}, safeFn: map[string]int{}, widgets: map[string]string{},
		operand: map[string]uint64{}, marks: &histMarks{quiet: map[int]bool{}, local: map[int]bool{}, out: map[int]bool{}, outTop: map[int]bool{}},
		notQuiet: map[int]bool{}, off: histTextOff(text)}
	// The operands are collected from the whole text, as a declaration
	// may come in an earlier parse pass than the fc that uses it.
	for _, line := range histTabs().fcLine.FindAllString(text, -1) {
		for _, m := range histTabs().param.FindAllStringSubmatch(line, -1) {
			h.addOperand(m[1])
		}
	}
	return h
}

func (h *histPush) addOperand(n string) {
	if n != "" && len(h.operand) < 64 && h.operand[n] == 0 {
		h.operand[n] = 1 << len(h.operand)
	}
}

// histTables are the tables and patterns of this file, built on first use.
type histTables struct {
	override, safe, widgets map[string]bool
	// off finds, in the whole text (whatever parses), what switches the
	// relaxation off: alias, unalias, disable, enable, trap, a TRAP*
	// function, a function named like a builtin this reads.
	off *regexp.Regexp
	// code finds what makes zsh run code of the file from inside other
	// commands, in this shell: math functions in (( )), zle hooks,
	// special widgets and fd handlers run by vared, sched, and
	// glob_subst (on its own, or through emulate or ${~x}), which makes a
	// variable's text a glob qualifier that runs code.
	code *regexp.Regexp
	// fcLine and param find the variables fc lines expand.
	fcLine, param *regexp.Regexp
}

var histTabs = sync.OnceValue(func() *histTables {
	t := &histTables{override: map[string]bool{}, safe: map[string]bool{}, widgets: map[string]bool{}}
	for _, n := range strings.Fields(histOverrideNames) {
		t.override[n] = true
	}
	for _, n := range strings.Fields(histSafeNames) {
		t.safe[n] = true
	}
	for _, n := range strings.Fields(zleBuiltinWidgetNames) {
		t.widgets[n] = true
	}
	names := slices.Sorted(maps.Keys(t.override))
	for i, n := range names {
		names[i] = regexp.QuoteMeta(n)
	}
	alt := strings.Join(names, "|")
	t.off = regexp.MustCompile(`(^|[\s;&|(){}])(alias|unalias|disable|enable|trap)([\s;&|()]|$)|TRAP[A-Z]+\s*\(|(^|[\s;&|(){}])(` +
		alt + `)[ \t]*\([ \t]*\)|function\s+([^\n{(;]*\s)?(` + alt + `)(\s[^\n{(;]*)?\s*[{(]`)
	t.code = regexp.MustCompile(`(?i)glob_?subst|\bemulate\b|\$\{?[~=^]|functions\s+(-\w*\s+)*-\w*M|add-zle-hook-widget|\bsched\b|\bzle\s+(-\w+\s+)*-\w*F|\bzle\s+-N\s+zle-`)
	t.fcLine = regexp.MustCompile(`\bfc\b[^\n]*`)
	t.param = regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*)`)
	return t
})

func histTextOff(text string) bool {
	return histTabs().off.MatchString(text) || histTabs().code.MatchString(text)
}

// globQual reports a word of a statement (not of the statements nested in
// it) with an unquoted "(": a glob qualifier may run code in this shell,
// (e:'…':) or (+func).
func globQual(st *syntax.Stmt) bool {
	var words []*syntax.Word
	for _, r := range st.Redirs {
		words = append(words, r.Word)
	}
	assigns := func(as []*syntax.Assign) {
		for _, a := range as {
			words = append(words, a.Value)
			if a.Array != nil {
				for _, e := range a.Array.Elems {
					words = append(words, e.Value)
				}
			}
		}
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		words = append(words, x.Args...)
		assigns(x.Assigns)
	case *syntax.DeclClause:
		assigns(x.Args)
	case *syntax.ForClause:
		if wi, ok := x.Loop.(*syntax.WordIter); ok {
			words = append(words, wi.Items...)
		}
	}
	for _, w := range words {
		if w == nil {
			continue
		}
		for _, part := range w.Parts {
			if l, ok := part.(*syntax.Lit); ok && strings.Contains(l.Value, "(") {
				return true
			}
		}
	}
	return false
}

// pass reads one parse pass's statements and returns the marks so far.
func (h *histPush) pass(stmts []*syntax.Stmt) *histMarks {
	if h == nil {
		return nil
	}
	if !h.prepare(stmts) {
		h.off = true
	}
	// The passes are the top level in order: what held at the end of
	// the last goes on, unless a region between did not parse (gap) or
	// this pass reads statements again.
	if len(stmts) > 0 && int(stmts[0].Pos().Offset()) < h.lastEnd {
		h.top = hst{}
	}
	h.top = h.list(stmts, h.top)
	if len(stmts) > 0 {
		h.lastEnd = int(stmts[len(stmts)-1].End().Offset())
	}
	for off := range h.notQuiet {
		delete(h.marks.quiet, off)
	}
	if h.off {
		clear(h.marks.quiet)
	}
	return h.marks
}

type histPush struct {
	funcs map[string]*syntax.FuncDecl
	// widgets maps a widget the file defines (zle -N W [FN]) to its
	// function; bound are the widgets its bindkey commands bind.
	widgets map[string]string
	bound   []string
	// operand numbers the variables the file gives fc as a computed
	// operand ("$f"), for hst.fresh (at most 64).
	operand map[string]uint64
	// safeFn: 1 a function whose body runs only histSafe builtins, 2 one
	// that may not, 3 being decided (recursion: not safe).
	safeFn map[string]int
	marks  *histMarks
	// notQuiet are offsets reached once without a push in force (a loop
	// body walked twice, a function body): never quiet.
	notQuiet map[int]bool
	off      bool
	// inFunc counts the function bodies around the statement read;
	// pops says, for each, whether it runs an fc -P.
	inFunc int
	pops   []bool
	// top is what holds after the top-level statements read so far,
	// lastEnd where they end.
	top     hst
	lastEnd int
}

// gap is called when a region of the input did not parse: nothing is
// known to hold after it.
func (h *histPush) gap() {
	if h != nil {
		h.top = hst{may: h.top.may}
	}
}

// hst is what holds at a point of one scope.
type hst struct {
	dead bool // not reached: after return or exit
	on   bool // a push of this scope is in force
	// cond, when on: only if this [[ -n/-z $N ]] test (printed) holds.
	cond string
	may  bool  // a push of this scope may be in force
	loc  uint8 // history variables declared local after a push
	// fresh are the operand variables declared local here without a
	// value and not assigned since (see operandFresh).
	fresh uint64
}

func joinH(a, b hst) hst {
	if a.dead {
		return b
	}
	if b.dead {
		return a
	}
	r := hst{may: a.may || b.may, loc: a.loc | b.loc, fresh: a.fresh & b.fresh}
	switch {
	case !a.on || !b.on:
	case a.cond == b.cond || b.cond == "":
		r.on, r.cond = true, a.cond
	case a.cond == "":
		// In force always, or if the test holds: if the test holds.
		r.on, r.cond = true, b.cond
	}
	return r
}

// kill is s after something that may pop the list.
func kill(s hst) hst {
	s.on, s.cond = false, ""
	return s
}

func (h *histPush) prepare(stmts []*syntax.Stmt) bool {
	ok := true
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.FuncDecl:
				if x.Name == nil {
					return true
				}
				name := x.Name.Value
				if histTabs().override[name] || strings.HasPrefix(name, "TRAP") {
					ok = false
				}
				if _, dup := h.funcs[name]; dup {
					h.safeFn[name] = 2
				}
				h.funcs[name] = x
			case *syntax.CallExpr:
				name, i := cmdName(x)
				var args []string
				for _, w := range x.Args[min(i+1, len(x.Args)):] {
					l, isLit := litText(w)
					if !isLit {
						l = "\x00"
					}
					args = append(args, l)
				}
				switch name {
				case "fc":
					for _, w := range x.Args[i+1:] {
						h.addOperand(wordParam(w))
					}
				case "zle":
					if len(args) >= 2 && args[0] == "-N" {
						fn := args[1]
						if len(args) >= 3 {
							fn = args[2]
						}
						h.widgets[args[1]] = fn
						if args[1] == "\x00" || histTabs().widgets[args[1]] || strings.HasPrefix(args[1], "zle-") {
							// A widget the default keymaps bind (or one
							// of a computed name) runs when the user
							// types in vared: as if the file bound it.
							h.bound = append(h.bound, args[1])
						}
					}
				case "bindkey":
					if len(args) > 0 && !slices.ContainsFunc(args, func(a string) bool {
						return strings.HasPrefix(a, "-") && strings.ContainsAny(a, "sNAD")
					}) {
						h.bound = append(h.bound, args[len(args)-1])
					}
				case "alias", "unalias", "disable", "enable", "trap":
					ok = false
				case "autoload", "functions":
					for _, w := range x.Args[1:] {
						if l, _ := litText(w); histTabs().override[l] {
							ok = false
						}
					}
				}
			}
			return ok
		})
	}
	return ok
}

// cmdName is the literal name a call runs, past builtin, command and the
// precommand modifiers, and its index.
func cmdName(ce *syntax.CallExpr) (string, int) {
	for i, w := range ce.Args {
		l, ok := litText(w)
		if !ok {
			return "", i
		}
		switch l {
		case "builtin", "command", "noglob", "nocorrect", "-":
		default:
			return l, i
		}
	}
	return "", len(ce.Args)
}

// scope walks a function body or the file's top level.
func (h *histPush) scope(stmts []*syntax.Stmt) {
	h.enter(stmts...)
	h.list(stmts, hst{})
	h.leave()
}

// enter and leave bracket a function body.
func (h *histPush) enter(body ...*syntax.Stmt) {
	h.inFunc++
	pops := false
	for _, st := range body {
		syntax.Walk(st, func(n syntax.Node) bool {
			if ce, ok := n.(*syntax.CallExpr); ok {
				if name, i := cmdName(ce); name == "fc" {
					for _, w := range ce.Args[i+1:] {
						if l, _ := litText(w); strings.HasPrefix(l, "-") && strings.Contains(l, "P") {
							pops = true
						}
					}
				}
			}
			fd, ok := n.(*syntax.FuncDecl)
			return !pops && (!ok || fd.Name == nil)
		})
	}
	h.pops = append(h.pops, pops)
}

func (h *histPush) leave() {
	h.inFunc--
	h.pops = h.pops[:len(h.pops)-1]
}

func (h *histPush) list(stmts []*syntax.Stmt, s hst) hst {
	for _, st := range stmts {
		s = h.stmt(st, s)
	}
	return s
}

func (h *histPush) forked(st *syntax.Stmt) {
	h.stmt(st, hst{})
}

func (h *histPush) stmt(st *syntax.Stmt, s hst) hst {
	if s.dead {
		return s
	}
	if st.Background || st.Coprocess {
		h.forked(&syntax.Stmt{Cmd: st.Cmd})
		return s
	}
	if globQual(st) {
		s = kill(s)
	}
	switch x := st.Cmd.(type) {
	case nil:
		return s
	case *syntax.CallExpr:
		return h.call(x, s)
	case *syntax.DeclClause:
		return h.decl(x, s)
	case *syntax.Block:
		return h.list(x.Stmts, s)
	case *syntax.Subshell:
		for _, in := range x.Stmts {
			h.forked(in)
		}
		return s
	case *syntax.IfClause:
		return h.ifClause(x, s)
	case *syntax.BinaryCmd:
		return h.binary(x, s)
	case *syntax.TestClause, *syntax.ArithmCmd, *syntax.LetClause:
		s.fresh &^= h.mentions(x)
		if h.changesPos(x) {
			return dropCond(s)
		}
		return s
	case *syntax.WhileClause:
		return h.loop(append(append([]*syntax.Stmt(nil), x.Cond...), x.Do...), s, x)
	case *syntax.ForClause:
		return h.loop(x.Do, s, x.Loop)
	case *syntax.CaseClause:
		if h.changesPos(x.Word) {
			s = dropCond(s)
		}
		s.fresh &^= h.mentions(x.Word)
		out := hst{dead: true}
		in := s
		for _, item := range x.Items {
			o := h.list(item.Stmts, in)
			out = joinH(out, o)
			if item.Op == syntax.Fallthrough || item.Op == syntax.Resume {
				in = joinH(s, o)
			} else {
				in = s
			}
		}
		return joinH(out, s)
	case *syntax.FuncDecl:
		if x.Name != nil {
			h.scope([]*syntax.Stmt{x.Body})
			return s
		}
		// An anonymous function runs here, in its own function scope:
		// what it does to the variables is seen under the outer push,
		// its own -a pushes are popped at its end.
		in := s
		in.cond = ""
		if s.cond != "" {
			in.on = false
		}
		h.enter(x.Body)
		h.stmt(x.Body, in)
		h.leave()
		if h.mayPop(x.Body) {
			return kill(s)
		}
		return s
	case *syntax.TimeClause:
		if x.Stmt == nil {
			return s
		}
		return h.stmt(x.Stmt, s)
	}
	// Anything else (coproc, a zsh form this does not read): it may pop.
	h.forked(&syntax.Stmt{Cmd: st.Cmd})
	return kill(s)
}

func dropCond(s hst) hst {
	if s.cond != "" {
		s.on, s.cond = false, ""
	}
	return s
}

func (h *histPush) loop(body []*syntax.Stmt, s hst, head syntax.Node) hst {
	if head != nil && h.changesPos(head) {
		s = dropCond(s)
	}
	if head != nil {
		s.fresh &^= h.mentions(head)
	}
	in := s
	for range 2 {
		o := h.list(body, in)
		o.dead = false // break, continue, or the loop ends
		in = joinH(s, o)
	}
	return in
}

func (h *histPush) ifClause(x *syntax.IfClause, s hst) hst {
	if len(x.Cond) == 0 { // else
		return h.list(x.Then, s)
	}
	sc := h.list(x.Cond, s)
	thenIn, elseIn := sc, sc
	test := ""
	if len(x.Cond) == 1 {
		if t, ok := stableTest(x.Cond[0]); ok {
			test = t
			if sc.on && sc.cond == t {
				thenIn.cond = ""
				elseIn = kill(elseIn)
			}
		} else if pushStmt(x.Cond[0]) {
			thenIn.on, thenIn.cond, thenIn.may = true, "", true
			elseIn.may = true
		}
	}
	thenOut := h.list(x.Then, thenIn)
	elseOut := elseIn
	if x.Else != nil {
		elseOut = h.ifClause(x.Else, elseIn)
	}
	r := joinH(thenOut, elseOut)
	if test != "" && !thenOut.dead && thenOut.on && thenOut.cond == "" && !r.on &&
		!h.changesPos(x) {
		// Pushed on the path where the test held: a later same test
		// that holds means that path.
		r.on, r.cond = true, test
	}
	return r
}

func (h *histPush) binary(x *syntax.BinaryCmd, s hst) hst {
	switch x.Op {
	case syntax.AndStmt:
		if ce := pushOf(x.X); ce != nil {
			h.pushOut(ce)
			sx := s
			sx.may = true
			y := sx
			y.on, y.cond = true, ""
			sy := h.stmt(x.Y, y)
			return joinH(sy, sx)
		}
		sx := h.stmt(x.X, s)
		yIn := sx
		if t, ok := stableTest(x.X); ok && sx.on && sx.cond == t {
			yIn.cond = ""
		}
		sy := h.stmt(x.Y, yIn)
		return joinH(sy, sx)
	case syntax.OrStmt:
		if ce := pushOf(x.X); ce != nil && histEnds(x.Y) {
			h.pushOut(ce)
			s.on, s.cond, s.may = true, "", true
			return s
		}
		sx := h.stmt(x.X, s)
		sy := h.stmt(x.Y, sx)
		return joinH(sx, sy)
	}
	// A pipeline: zsh runs its last command in this shell, the others
	// in subshells.
	h.forked(x.X)
	if h.mayPop(x.X) {
		// Not needed for a subshell; kept strict for what this does
		// not read of a pipeline's stages.
		s = kill(s)
	}
	return h.stmt(x.Y, s)
}

// histEnds reports a statement that ends the scope: return or exit, alone or
// in braces.
func histEnds(st *syntax.Stmt) bool {
	if st.Negated || st.Background {
		return false
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		name, i := cmdName(x)
		return i == 0 && (name == "return" || name == "exit")
	case *syntax.Block:
		return len(x.Stmts) > 0 && histEnds(x.Stmts[len(x.Stmts)-1])
	}
	return false
}

// pushStmt reports `fc -p …` (options p and a only), alone or as the only
// statement of braces: the push, when it succeeds.
func pushStmt(st *syntax.Stmt) bool { return pushOf(st) != nil }

// pushOf is the fc -p call of a pushStmt, or nil.
func pushOf(st *syntax.Stmt) *syntax.CallExpr {
	if st.Negated || st.Background || st.Coprocess {
		return nil
	}
	switch x := st.Cmd.(type) {
	case *syntax.Block:
		if len(x.Stmts) == 1 {
			return pushOf(x.Stmts[0])
		}
	case *syntax.CallExpr:
		if pushCall(x) {
			return x
		}
	}
	return nil
}

func pushCall(ce *syntax.CallExpr) bool {
	name, i := cmdName(ce)
	if len(ce.Assigns) > 0 || name != "fc" {
		return false
	}
	push := false
	for _, w := range ce.Args[i+1:] {
		l, ok := litText(w)
		if !ok || !strings.HasPrefix(l, "-") {
			break
		}
		if l == "--" {
			break
		}
		if strings.Trim(l[1:], "pa") != "" {
			return false
		}
		push = push || strings.Contains(l, "p")
	}
	return push
}

// stableTest returns the printed text of `[[ -n $N ]]` or `[[ -z $N ]]`
// for a positional parameter N: its result changes only with them.
func stableTest(st *syntax.Stmt) (string, bool) {
	if st.Negated || st.Background || len(st.Redirs) > 0 {
		return "", false
	}
	tc, ok := st.Cmd.(*syntax.TestClause)
	if !ok {
		return "", false
	}
	u, ok := tc.X.(*syntax.UnaryTest)
	if !ok || (u.Op != syntax.TsNempStr && u.Op != syntax.TsEmpStr) {
		return "", false
	}
	w, ok := u.X.(*syntax.Word)
	if !ok {
		return "", false
	}
	if n := wordParam(w); n == "" || n != "#" && strings.Trim(n, "0123456789") != "" {
		return "", false
	}
	var sb strings.Builder
	if err := syntax.NewPrinter().Print(&sb, tc); err != nil {
		return "", false
	}
	return sb.String(), true
}

// wordParam is the parameter of a word that is one plain expansion,
// quoted or not, or "".
func wordParam(w *syntax.Word) string {
	if len(w.Parts) != 1 {
		return ""
	}
	part := w.Parts[0]
	if dq, isDq := part.(*syntax.DblQuoted); isDq {
		if len(dq.Parts) != 1 {
			return ""
		}
		part = dq.Parts[0]
	}
	pe, ok := part.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil ||
		pe.Repl != nil || pe.Names != 0 || pe.Exp != nil || pe.Flags != nil || pe.NestedParam != nil {
		return ""
	}
	return pe.Param.Value
}

func positionalOrVar(w *syntax.Word) bool { return wordParam(w) != "" }

// positionalWord reports a word that is one plain positional parameter.
func positionalWord(w *syntax.Word) bool {
	n := wordParam(w)
	return n != "" && strings.Trim(n, "0123456789") == ""
}

// identCount counts the places of text that spell name as a whole
// identifier.
func identCount(text, name string) int {
	n := 0
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return n
		}
		at := i + j
		end := at + len(name)
		if (at == 0 || !identByte(text[at-1])) && (end == len(text) || !identByte(text[end])) {
			n++
		}
		i = end
	}
}

func identByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

// changesPos reports a node that may change the positional parameters.
func (h *histPush) changesPos(n syntax.Node) bool {
	found := false
	syntax.Walk(n, func(m syntax.Node) bool {
		if found {
			return false
		}
		switch x := m.(type) {
		case *syntax.Lit:
			if strings.Contains(x.Value, "argv") {
				found = true
			}
		case *syntax.Assign:
			if x.Name != nil && strings.Trim(x.Name.Value, "0123456789") == "" {
				found = true
			}
		case *syntax.WordIter:
			if x.Name != nil && strings.Trim(x.Name.Value, "0123456789") == "" {
				found = true
			}
		case *syntax.CallExpr:
			name, i := cmdName(x)
			if i < len(x.Args) && name == "" {
				found = true // a computed name
			}
			switch name {
			case "set", "shift", "zparseopts", "eval", "source", ".", "emulate":
				found = true
			}
		case *syntax.ParamExp:
			if x.Exp != nil && x.Param != nil && strings.Trim(x.Param.Value, "0123456789#*@") == "" {
				switch x.Exp.Op {
				case syntax.AssignUnset, syntax.AssignUnsetOrNull:
					found = true
				}
			}
		case *syntax.FuncDecl:
			return x.Name == nil // an anonymous one runs here
		}
		return !found
	})
	return found
}

// mayPop reports a node that runs something other than histSafe builtins
// and safe functions of the file in this shell.
func (h *histPush) mayPop(n syntax.Node) bool {
	found := false
	syntax.Walk(n, func(m syntax.Node) bool {
		if found {
			return false
		}
		switch x := m.(type) {
		case *syntax.Stmt:
			if globQual(x) {
				found = true
			}
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.Subshell:
			return false // forked
		case *syntax.FuncDecl:
			return x.Name == nil
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				return true
			}
			if h.callMayPop(x, hst{}) {
				found = true
			}
		case *syntax.CoprocClause:
			return false
		}
		return !found
	})
	return found
}

// callMayPop reports a command that may pop the history list: fc -P, a
// computed name, an unknown command, a function of the file that may.
func (h *histPush) callMayPop(ce *syntax.CallExpr, s hst) bool {
	name, i := cmdName(ce)
	if name == "" {
		return i < len(ce.Args)
	}
	if fd, ok := h.funcs[name]; ok {
		return !h.fnSafe(name, fd)
	}
	if !histTabs().safe[name] {
		return true
	}
	args := ce.Args[i+1:]
	switch name {
	case "fc":
		// zsh reads options up to the first operand: a -P there pops.
		for _, w := range args {
			l, ok := litText(w)
			if !ok {
				return !h.operandFresh(w, s)
			}
			if !strings.HasPrefix(l, "-") || l == "--" {
				return false
			}
			if strings.Contains(l, "P") {
				return true
			}
		}
	case "vared":
		// Its -i and -f widgets run, and so do the widgets the file
		// binds to keys the user presses.
		for k, w := range args {
			l, ok := litText(w)
			if !ok {
				return true
			}
			if (l == "-i" || l == "-f") && k+1 < len(args) {
				wl, ok := litText(args[k+1])
				if !ok || !h.widgetSafe(wl) {
					return true
				}
			}
		}
		for _, b := range h.bound {
			if !h.widgetSafe(b) {
				return true
			}
		}
	case "zle":
		if len(args) == 0 {
			return false
		}
		l, ok := litText(args[0])
		switch {
		case !ok:
			return true
		case !strings.HasPrefix(l, "-"):
			return !h.widgetSafe(l) // runs the widget
		}
		switch l {
		case "-N", "-la", "-l", "-lL", "-D", "-A", "-R", "-M", "-K", "-U":
		default:
			return true
		}
	}
	return false
}

// widgetSafe reports a widget whose running cannot pop the list: one the
// file does not define (a zle builtin or the user's own), or one bound to a
// safe function of the file.
func (h *histPush) widgetSafe(w string) bool {
	if w == "\x00" {
		return false
	}
	fn, ok := h.widgets[w]
	if !ok {
		return true
	}
	fd, ok := h.funcs[fn]
	return ok && h.fnSafe(fn, fd)
}

// operandFresh reports a word "$NAME" (or $NAME) for a variable this
// scope declared local without a value and nothing assigned since, on
// every path: it is empty, or what the user typed into a widget of theirs
// (zed's zed-set-file-name), not a "-P" the script made. An assignment,
// a command naming it (read, vared, print -v, unset …), a function of the
// file or a widget vared runs that names it, takes that back.
func (h *histPush) operandFresh(w *syntax.Word, s hst) bool {
	b := h.operand[wordParam(w)]
	return b != 0 && s.fresh&b != 0
}

// mentions returns the operand variables a node may assign: every literal
// spelling one, except the parameter of a plain expansion.
func (h *histPush) mentions(n syntax.Node) uint64 {
	if len(h.operand) == 0 || n == nil {
		return 0
	}
	var bits uint64
	plain := map[*syntax.Lit]bool{}
	syntax.Walk(n, func(m syntax.Node) bool {
		switch x := m.(type) {
		case *syntax.ParamExp:
			if x.Flags != nil && strings.ContainsAny(x.Flags.Value, "Pe") {
				// ${(P)n::=v} assigns the variable n names, ${(e)c}
				// expands the text c holds: any of them.
				bits = ^uint64(0)
			}
			if x.Param != nil && (x.Exp == nil || x.Exp.Op != syntax.AssignUnset && x.Exp.Op != syntax.AssignUnsetOrNull) {
				plain[x.Param] = true
			}
		case *syntax.SglQuoted:
			for n, b := range h.operand {
				if identCount(x.Value, n) > 0 {
					bits |= b
				}
			}
		case *syntax.Lit:
			if !plain[x] {
				bits |= h.operand[x.Value]
				if i := strings.IndexAny(x.Value, "=["); i > 0 {
					bits |= h.operand[x.Value[:i]]
				}
			}
		}
		return true
	})
	return bits
}

// callMentions adds, for a call, the bodies of the file's functions it
// runs (the function, vared's widgets).
func (h *histPush) callMentions(ce *syntax.CallExpr) uint64 {
	bits := h.mentions(ce)
	if len(h.operand) == 0 {
		return bits
	}
	name, i := cmdName(ce)
	if fd, ok := h.funcs[name]; ok {
		bits |= h.mentions(fd)
	}
	if name == "vared" {
		ws := slices.Clone(h.bound)
		for k, w := range ce.Args[i+1:] {
			if l, _ := litText(w); (l == "-i" || l == "-f") && i+2+k < len(ce.Args) {
				wl, _ := litText(ce.Args[i+2+k])
				ws = append(ws, wl)
			}
		}
		for _, w := range ws {
			if fd, ok := h.funcs[h.widgets[w]]; ok {
				bits |= h.mentions(fd)
			}
		}
	}
	return bits
}

func (h *histPush) fnSafe(name string, fd *syntax.FuncDecl) bool {
	switch h.safeFn[name] {
	case 1:
		return true
	case 2, 3:
		return false
	}
	h.safeFn[name] = 3
	safe := !h.mayPop(fd.Body)
	h.safeFn[name] = 2
	if safe {
		h.safeFn[name] = 1
	}
	return safe
}

func (h *histPush) call(ce *syntax.CallExpr, s hst) hst {
	for _, a := range ce.Assigns {
		if a.Name != nil && histVarBit(a.Name.Value) != 0 && len(ce.Args) == 0 {
			h.markQuiet(ce.Pos(), s, histVarBit(a.Name.Value))
		}
	}
	if h.changesPos(ce) {
		s = dropCond(s)
	}
	s.fresh &^= h.callMentions(ce)
	if len(ce.Args) == 0 {
		return s
	}
	if h.callMayPop(ce, s) {
		s = kill(s)
	}
	name, i := cmdName(ce)
	switch name {
	case "return", "exit":
		s.dead = true
	case "fc":
		if pushCall(ce) {
			s.may = true
			h.pushOut(ce)
		} else if (s.may || s.on) && fcWritesHistory(ce.Args[i+1:]) {
			// fc -W ~/.zsh_history while a pushed list is in force
			// writes that list over the user's history file.
			h.marks.out[int(ce.Pos().Offset())] = true
		}
	case "unset":
		var bits uint8
		for _, w := range ce.Args[i+1:] {
			l, _ := litText(w)
			bits |= histVarBit(l)
		}
		if bits != 0 {
			h.markQuiet(ce.Pos(), s, bits)
		}
	case "local", "typeset", "declare", "export", "integer", "float", "private", "readonly":
		var names []string
		global := name == "export"
		for _, w := range ce.Args[i+1:] {
			l, ok := litText(w)
			if !ok {
				if p := w.Parts; len(p) > 0 {
					if lit, isLit := p[0].(*syntax.Lit); isLit {
						l = lit.Value
					}
				}
			}
			if strings.HasPrefix(l, "-") || strings.HasPrefix(l, "+") {
				global = global || name != "local" && name != "private" && strings.Contains(l, "g")
				continue
			}
			n, _, hasValue := strings.Cut(l, "=")
			names = append(names, n)
			if ok && !hasValue && !global && name != "export" && name != "readonly" {
				s.fresh |= h.operand[n]
			}
		}
		return h.declared(ce.Pos(), names, global, s)
	}
	return s
}

func (h *histPush) decl(dc *syntax.DeclClause, s hst) hst {
	if h.changesPos(dc) {
		s = dropCond(s)
	}
	s.fresh &^= h.mentions(dc)
	name := dc.Variant.Value
	global := name == "export"
	var names []string
	for _, a := range dc.Args {
		if a.Naked && a.Name == nil {
			l, _ := litText(a.Value)
			if strings.HasPrefix(l, "-") || strings.HasPrefix(l, "+") {
				global = global || name != "local" && strings.Contains(l, "g")
			}
			continue
		}
		if a.Name != nil {
			names = append(names, a.Name.Value)
		}
	}
	if !global && name != "readonly" {
		for _, a := range dc.Args {
			if a.Naked && a.Name != nil && a.Value == nil {
				s.fresh |= h.operand[a.Name.Value]
			}
		}
	}
	return h.declared(dc.Pos(), names, global, s)
}

// declared handles a declaration of names: a global one is a change of
// the pushed list's values, a local one after a push is reported and
// stops the relaxation for those variables.
func (h *histPush) declared(pos syntax.Pos, names []string, global bool, s hst) hst {
	var bits uint8
	for _, n := range names {
		bits |= histVarBit(n)
	}
	if bits == 0 {
		return s
	}
	if global {
		h.markQuiet(pos, s, bits)
		return s
	}
	h.notQuiet[int(pos.Offset())] = true
	if s.may || s.on {
		h.marks.local[int(pos.Offset())] = true
		s.loc |= bits
	}
	return s
}

func (h *histPush) markQuiet(pos syntax.Pos, s hst, bits uint8) {
	off := int(pos.Offset())
	if s.on && s.cond == "" && s.loc&bits == 0 {
		h.marks.quiet[off] = true
		return
	}
	h.notQuiet[off] = true
}

// pushOut records an fc -p that may hide what runs after it.
func (h *histPush) pushOut(ce *syntax.CallExpr) {
	auto := false
	_, i := cmdName(ce)
	for _, w := range ce.Args[i+1:] {
		l, _ := litText(w)
		if !strings.HasPrefix(l, "-") {
			break
		}
		auto = auto || strings.Contains(l, "a")
	}
	off := int(ce.Pos().Offset())
	if ownHistFile(ce.Args[i+1:]) {
		// The pop writes the pushed list into the user's history
		// file: fc -p -a $HISTFILE 1 leaves it one line long.
		h.marks.out[off] = true
		return
	}
	switch {
	case h.inFunc > 0 && auto, h.inFunc > 0 && h.pops[len(h.pops)-1]:
	case h.inFunc == 0 && auto:
		h.marks.outTop[off] = true
	default:
		h.marks.out[off] = true
	}
}

// fcWritesHistory reports fc -W whose file is a *_history one.
func fcWritesHistory(args []*syntax.Word) bool {
	w := false
	for k, a := range args {
		l, ok := litText(a)
		if ok && strings.HasPrefix(l, "-") && l != "-" {
			w = w || strings.Contains(l, "W")
			continue
		}
		return w && ownHistFile(args[k:]) && wordParam(a) != "HISTFILE"
	}
	return false
}

// ownHistFile reports an fc -p whose file is the user's history: $HISTFILE
// or a name ending in _history.
func ownHistFile(args []*syntax.Word) bool {
	for _, w := range args {
		l, ok := litText(w)
		if ok && strings.HasPrefix(l, "-") && l != "-" {
			continue
		}
		if ok {
			return strings.HasSuffix(l, "_history")
		}
		if wordParam(w) == "HISTFILE" {
			return true
		}
		var sb strings.Builder
		syntax.NewPrinter().Print(&sb, w)
		return strings.HasSuffix(strings.Trim(sb.String(), `"'`), "_history")
	}
	return false
}

// histShell is the dialect for fc: the input's, or zsh for a payload a
// zsh carrier runs (zsh -c '…' from bash).
func (p *parser) histShell() string {
	if n := len(p.via); n > 0 && strings.HasPrefix(p.via[n-1], "zsh") {
		return "zsh"
	}
	return p.opts.Shell
}

// histMark sets a command's fc -p marks: HistLocal anywhere, HistPushed
// only for a script file's own text (never at a prompt or in sh -c).
func (p *parser) histMark(cmd *Command, pos syntax.Pos) {
	if p.hist == nil {
		return
	}
	off := int(pos.Offset())
	cmd.HistLocal = p.hist.local[off]
	file := p.opts.File && p.outer == nil && !p.diskTop
	cmd.HistPushOut = p.hist.out[off] || p.hist.outTop[off] && !file
	cmd.HistPushed = p.hist.quiet[off] && file
}
