package parse

import (
	"os"
	"path"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// ctx is where a statement sits.
type ctx struct {
	background bool
	subst      bool
	piped      bool
	loop       bool
	stdinFrom  *Command
}

func (p *parser) stmts(list []*syntax.Stmt, c ctx) {
	for i := 0; i < len(list); i++ {
		if p.isZsh() {
			if n := p.foreach(list[i:], c); n > 0 {
				i += n - 1
				continue
			}
		}
		if i < len(list)-1 {
			// Not the list's last: its status is not the list's (redteam7.go).
			p.gframes = append(p.gframes, gframe{kind: 'b'})
			p.stmt(list[i], c)
			p.popFrame()
			continue
		}
		p.stmt(list[i], c)
	}
}

// stmt walks one statement and returns the simple command it consists of,
// if it is one.
func (p *parser) stmt(st *syntax.Stmt, c ctx) *Command {
	if st == nil || p.stopped {
		return nil
	}
	if st.Background && !c.background {
		// cmd &: a subshell.
		c.background = true
		var out *Command
		p.subshell(func() { out = p.stmt(st, c) })
		return out
	}
	if st.Background {
		c.background = true
	}
	switch cmd := st.Cmd.(type) {
	case *syntax.CallExpr:
		return p.call(cmd, st, c)
	case nil:
		// Redirections alone, such as "> /dev/sda".
		return p.call(&syntax.CallExpr{}, st, c)
	}
	rds := p.redirs(st.Redirs, c)
	p.compoundWrites(st, rds, c)
	c.stdinFrom = compoundStdin(rds, c.stdinFrom) // { read a; read b; } <<< TEXT (redteam7.go)
	switch cmd := st.Cmd.(type) {
	case *syntax.BinaryCmd:
		if cmd.Op == syntax.Pipe || cmd.Op == syntax.PipeAll {
			p.pipeline(cmd, c)
			return nil
		}
		p.andOr(cmd, c) // && and ||: see flow.go
	case *syntax.Block:
		p.stmts(cmd.Stmts, c)
	case *syntax.Subshell:
		// A cd inside ( … ) does not move the commands after it.
		cwd, stack, away, unsure := p.cwd, append([]string(nil), p.dirStack...), p.away, p.cwdUnsure
		old, hadOld := p.vars.val.get("OLDPWD")
		p.subshell(func() { p.stmts(cmd.Stmts, c) })
		p.setCwd(cwd)
		p.dirStack, p.away, p.cwdUnsure = stack, away, unsure
		if hadOld {
			p.vars.set("OLDPWD", old)
		} else {
			p.vars.setDynamic("OLDPWD")
		}
	case *syntax.IfClause:
		p.ifClause(cmd, c)
	case *syntax.WhileClause:
		c.loop = true
		if endlessCond(cmd) && spawnLoop(cmd.Do) {
			defer p.markSpawns(len(p.res.Commands), "")
		}
		p.stmts(cmd.Cond, c)
		if name, lines := readLoop(cmd, rds); name != "" && p.loopDepth < 2 {
			// while read d; do …; done <<< TEXT: d takes each line.
			p.loopDepth++
			p.unrolledBody(len(lines), func(i int) {
				p.vars.set(name, lines[i])
				p.stmts(cmd.Do, c)
			})
			p.loopDepth--
			p.vars.setDynamic(name)
			return nil
		}
		p.loopBody(cmd.Do, c, endlessCond(cmd))
	case *syntax.ForClause:
		if cs, ok := cmd.Loop.(*syntax.CStyleLoop); ok && cs.Cond == nil && spawnLoop(cmd.Do) {
			defer p.markSpawns(len(p.res.Commands), "")
		}
		p.substs(cmd.Loop, c)
		if cl, ok := cmd.Loop.(*syntax.CStyleLoop); ok {
			p.arith(cl.Init)
			p.arith(cl.Cond)
			p.arith(cl.Post)
		}
		c.loop = true
		if wi, ok := cmd.Loop.(*syntax.WordIter); ok && wi.Name != nil {
			// A static word list: walk the body once per value (up
			// to a few), so for d in / /etc; do rm -rf $d is seen.
			var vals []Word
			for _, w := range wi.Items {
				vals = append(vals, p.fields(w)...)
			}
			static := len(vals) > 0 && len(vals) <= 8
			for _, v := range vals {
				static = static && v.Static
			}
			if static && p.loopDepth < 2 {
				p.loopDepth++
				runs := !cmd.Select && !mayBreak(cmd.Do)
				if runs {
					p.unrolled = append(p.unrolled, cmd)
				}
				unroll := func() {
					p.unrolledBody(len(vals), func(i int) {
						p.vars.set(wi.Name.Value, vals[i].Value)
						p.stmts(cmd.Do, c)
					})
				}
				if cmd.Select {
					p.mayRun(unroll) // select runs its body when a choice is read
				} else {
					unroll()
				}
				if runs {
					p.unrolled = p.unrolled[:len(p.unrolled)-1]
				}
				p.loopDepth--
				p.vars.setDynamic(wi.Name.Value)
				return nil
			}
			p.vars.setDynamic(wi.Name.Value)
			p.loopAlts(wi.Name.Value, wi.Items, vals)
		}
		cs, _ := cmd.Loop.(*syntax.CStyleLoop)
		p.loopBody(cmd.Do, c, cs != nil && cs.Cond == nil)
	case *syntax.CaseClause:
		p.caseClause(cmd, c)
	case *syntax.FuncDecl:
		name := ""
		if cmd.Name != nil {
			name = cmd.Name.Value
		}
		p.fn = append(p.fn, name)
		before := len(p.res.Commands)
		// The body is read where it is defined, in a copy of the
		// variables: it runs only when called (see callFunc), when a
		// variable unset by now may have been set again.
		loops, returns := p.loops, p.returns
		p.loops, p.returns = nil, nil
		p.subshell(func() {
			p.vars.gone.clear()
			p.body = cmd.Body
			p.withLater(func() { p.stmt(cmd.Body, ctx{}) })
			p.body = nil
		})
		p.loops, p.returns = loops, returns
		p.fn = p.fn[:len(p.fn)-1]
		if forkFanout(name, cmd.Body) {
			p.markSpawns(before, name)
		}
		if strings.Contains(name, "guardsh") {
			// Redefining the hook's own functions switches it off.
			start, end := p.span(st.Pos(), p.stmtEnd(st))
			fc := cmdAt(start, end, p.line(st.Pos()), p.via)
			fc.Args = []Word{{Value: "unset", Static: true, Start: start, End: end}, {Value: "-f", Static: true}, {Value: name, Static: true}}
			p.add(fc)
		}
		if name != "" {
			p.funcs.set(name, cmd.Body)
			p.res.define(name)
		}
	case *syntax.ArithmCmd:
		p.substs(cmd.X, c)
		p.arith(cmd.X)
	case *syntax.TestClause:
		p.substs(cmd.X, c)
		p.testEval(cmd.X)
	case *syntax.DeclClause:
		return p.decl(cmd, st, c)
	case *syntax.LetClause:
		for _, x := range cmd.Exprs {
			p.substs(x, c)
			p.arith(x)
		}
	case *syntax.TimeClause:
		p.stmt(cmd.Stmt, c)
	case *syntax.CoprocClause:
		c.background = true
		// coproc sh: what the line writes to ${COPROC[1]} is its input.
		c.stdinFrom = procInput
		p.stmt(cmd.Stmt, c)
	case *syntax.TestDecl:
		p.stmt(cmd.Body, c)
	default:
		// A construct this walker does not know: still find every
		// command substitution inside it.
		p.substs(cmd, c)
	}
	return nil
}

// markSpawns marks the commands found since index from that start copies
// of themselves without end: the self-calls of fork-bomb function fn, or,
// for fn "", the background jobs of an endless loop.
func (p *parser) markSpawns(from int, fn string) {
	for _, c := range p.res.Commands[min(from, len(p.res.Commands)):] {
		if len(c.Via) != len(p.via) {
			continue // found inside a payload of the loop's commands
		}
		if fn != "" && c.Name() == fn || fn == "" && c.Background {
			c.ForkBomb = true
		}
	}
}

// pipeline walks a | b | c, telling each stage which command feeds it.
func (p *parser) pipeline(bc *syntax.BinaryCmd, c ctx) {
	var stages []*syntax.Stmt
	var collect func(st *syntax.Stmt)
	collect = func(st *syntax.Stmt) {
		if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) &&
			len(st.Redirs) == 0 && !st.Background && !st.Negated {
			collect(b.X)
			collect(b.Y)
			return
		}
		stages = append(stages, st)
	}
	collect(bc.X)
	collect(bc.Y)
	prev := c.stdinFrom
	for i, st := range stages {
		sc := c
		sc.piped = true
		sc.stdinFrom = prev
		before := len(p.res.Commands)
		switch {
		case i < len(stages)-1:
			// Every stage but the last runs in a subshell.
			if p.plainStmt(st) {
				prev = p.stmt(st, sc)
			} else {
				p.subshell(func() { prev = p.stmt(st, sc) })
			}
		case p.isZsh() || p.plainStmt(st) || p.stateless(st):
			// zsh runs the last stage in this shell.
			prev = p.stmt(st, sc)
		default:
			// bash runs it in a subshell, or here with lastpipe.
			p.mayRunHere(func() { prev = p.stmt(st, sc) })
		}
		if prev == nil {
			// A compound stage (a subshell, a loop): keep a placeholder
			// so the next stage knows it reads from something, with
			// what its commands print, when known.
			ph := &Command{Args: []Word{{Value: "(…)"}}}
			ph.Start, ph.End = p.span(st.Pos(), p.stmtEnd(st))
			ph.groupOut, ph.groupKnown = p.groupOutput(st, p.res.Commands[min(before, len(p.res.Commands)):], sc.stdinFrom, sc.subst)
			prev = ph
		}
	}
}

// substs walks every command substitution and process substitution inside a
// node, such as a word or an arithmetic expression.
func (p *parser) substs(n syntax.Node, c ctx) {
	switch x := n.(type) {
	case nil:
		return
	case *syntax.Word:
		if x == nil {
			return
		}
	case *syntax.ArrayExpr:
		if x == nil {
			return
		}
	}
	if w, ok := n.(*syntax.Word); ok && !p.isZsh() && literalParts(w) {
		return // nothing in it expands: no walk
	}
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			sc := ctx{subst: true, background: c.background}
			p.capturePrinted(n, func() { p.substStmts(n.Stmts, sc) })
			return false
		case *syntax.ProcSubst:
			sc := ctx{subst: true, background: c.background}
			if n.Op == syntax.CmdOut {
				// >(sh): what the line writes into it is its input.
				sc.stdinFrom = procInput
			}
			p.substStmts(n.Stmts, sc)
			return false
		case *syntax.Word:
			if p.isZsh() {
				p.globQuals(n)
			}
		case *syntax.ArithmExp:
			p.arith(n.X)
		case *syntax.ParamExp:
			p.paramEval(n)
		case *syntax.ArrayElem:
			p.arith(n.Index)
		}
		return true
	})
}

// redirs walks the words of redirections for substitutions.
func (p *parser) redirs(rs []*syntax.Redirect, c ctx) []Redirect {
	var out []Redirect
	for _, r := range rs {
		p.substs(r.Word, c)
		p.substs(r.Hdoc, c)
		rd := Redirect{Op: r.Op.String()}
		if r.N != nil {
			rd.Fd = r.N.Value
		}
		if r.Word != nil {
			rd.Target = p.literal(r.Word)
		}
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			rd.Body, rd.BodyStatic = p.heredoc(r.Hdoc)
		case syntax.WordHdoc:
			rd.Body, rd.BodyStatic = rd.Target.Value+"\n", rd.Target.Static
		}
		out = append(out, rd)
	}
	return out
}

// heredoc resolves a heredoc body. A quoted delimiter keeps it literal; an
// unquoted one expands parameters and substitutions in it.
func (p *parser) heredoc(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	r := newResolver(p.vars)
	s, err := expand.Document(&r.cfg, w)
	if err != nil {
		return p.text(w), false
	}
	return s, !r.dynamic
}

// decl handles export, declare, local, readonly and typeset: they assign
// variables, and are listed as commands for the rules.
func (p *parser) decl(dc *syntax.DeclClause, st *syntax.Stmt, c ctx) *Command {
	p.beforeEvery()
	start, end := p.span(st.Pos(), p.stmtEnd(st))
	cmd := &Command{Start: start, End: end, Line: p.line(st.Pos())}
	cmd.Args = append(cmd.Args, Word{Value: dc.Variant.Value, Static: true, Start: start, End: start + len(dc.Variant.Value)})
	p.histMark(cmd, dc.Pos())
	ref := declFlags(dc.Variant.Value, dc.Args)
	defer func() {
		if !ref {
			return
		}
		// declare -n r=d: r names d; what it holds, and what an
		// assignment to it changes, are not followed.
		for _, a := range dc.Args {
			if a.Name != nil {
				p.refToWatched(a, start, end, p.line(st.Pos())) // declare -n r=GUARDSH_YOLO (redteam7.go)
				p.vars.setDynamic(a.Name.Value)
				p.vars.nameref(a.Name.Value)
			}
		}
	}()
	for _, a := range dc.Args {
		p.substs(a.Value, c)
		p.substs(a.Index, c)
		if a.Name != nil && len(p.fn) > 0 && declLocal(dc) {
			if p.vars.locals == nil {
				p.vars.locals = map[string]bool{}
			}
			p.vars.locals[a.Name.Value] = true
		}
		if a.Naked {
			if a.Name != nil {
				cmd.Args = append(cmd.Args, Word{Value: a.Name.Value, Static: true, Start: start, End: end})
			} else if a.Value != nil {
				n := len(cmd.Args)
				cmd.Args = append(cmd.Args, p.fields(a.Value)...)
				p.declNaked(a)
				p.nakedCommandVars(cmd.Args[n:], start, end, p.line(st.Pos())) // export "$v"=… (redteam7.go)
			}
			continue
		}
		if a.Name == nil {
			continue
		}
		v := p.assignValue(a)
		if a.Name.Value == "PATH" {
			p.pathSet(v)
		}
		if p.readonlyAssign(a.Name.Value, v) {
			cmd.Args = append(cmd.Args, Word{Value: a.Name.Value + "=" + v.Value, Static: v.Static, Start: v.Start, End: v.End})
			continue
		}
		switch {
		case a.Array != nil:
			// declare -a x=(rm -rf ~), local x=(…): a static array.
			p.arrayCode(a, p.line(st.Pos()))
			p.arrayAssign(a)
		case v.Static:
			p.vars.set(a.Name.Value, v.Value)
		default:
			p.vars.setShape(a.Name.Value, v.Origin, v.Value)
			p.vars.setFrom(a.Name.Value, p.fromValue(v, p.line(st.Pos())))
			if !a.Append {
				p.defaultAlt(a.Name.Value, a.Value)
			}
			p.printedAlt(a)
		}
		p.assignEval(a.Name.Value, v, p.line(st.Pos()))
		if isCommandVar(a.Name.Value) && v.Value != "" && a.Array == nil {
			lv := v
			lv.Value = varCode(a.Name.Value, v.Value)
			p.runLater(cmd, a.Name.Value+"=", lv, false)
		}
		cmd.Args = append(cmd.Args, Word{Value: a.Name.Value + "=" + v.Value, Static: v.Static, Start: v.Start, End: v.End})
	}
	cmd.Redirs = p.redirs(st.Redirs, c)
	p.declEval(dc, cmd)
	p.markReadonly(dc)
	p.finish(cmd, st, c)
	return cmd
}

func (p *parser) assignValue(a *syntax.Assign) Word {
	if a.Array != nil {
		start, end := p.span(a.Pos(), a.End())
		p.substs(a.Array, ctx{})
		return Word{Value: p.text(a.Array), Start: start, End: end}
	}
	if a.Value == nil {
		start, end := p.span(a.Pos(), a.End())
		return Word{Static: true, Start: start, End: end}
	}
	w := p.literal(a.Value)
	if a.Append {
		if old, ok := p.vars.val.get(a.Name.Value); ok {
			w.Value = old + w.Value
		} else {
			w.Static = false
		}
	}
	return w
}

// call walks a simple command.
func (p *parser) call(ce *syntax.CallExpr, st *syntax.Stmt, c ctx) *Command {
	p.beforeEvery()
	start, end := p.span(st.Pos(), p.stmtEnd(st))
	if _, words := p.limits(); p.res.words+len(ce.Args) > words && !p.stopped {
		// Over the word limit before its words are resolved: stop
		// here, as add would after resolving them all at great cost
		// (one command of a million words).
		p.stopped = true
		p.issue(IssueLimit, p.limitDetail(), start, len(p.res.Input))
		rawScanFrom(p.res, p.res.Input[min(start, len(p.res.Input)):], start)
		return nil
	}
	cmd := &Command{Start: start, End: end, Line: p.line(st.Pos())}
	if p.ownRepo != nil && len(ce.Args) > 0 {
		cmd.OwnRepo = p.ownRepo[int(ce.Pos().Offset())] && p.outer == nil
	}
	if p.rewritten != nil && len(ce.Args) > 0 {
		cmd.Rewritten = p.rewritten[int(ce.Pos().Offset())] && p.outer == nil
	}
	if p.removed != nil && len(ce.Args) > 0 {
		cmd.Removed = p.removed[int(ce.Pos().Offset())] && p.outer == nil
	}
	if p.restores != nil && len(ce.Args) > 0 {
		cmd.Restores = p.restores[int(ce.Pos().Offset())] && p.outer == nil
	}
	if p.hist != nil && len(ce.Args) > 0 {
		p.histMark(cmd, ce.Pos())
	}
	for _, a := range ce.Assigns {
		p.substs(a.Value, c)
		p.substs(a.Array, c)
		p.substs(a.Index, c)
		p.arith(a.Index)
	}
	for _, w := range ce.Args {
		p.substs(w, c)
	}
	// Words expand before the prefix assignments take effect.
	p.alt, p.altWords = false, make([]Word, 0, len(ce.Args))
	if cmd.Args == nil {
		cmd.Args = make([]Word, 0, len(ce.Args))
	}
	for _, w := range ce.Args {
		if wd, ok := p.plainField(w); ok {
			wd.Made = p.made[int(w.Pos().Offset())] && p.outer == nil
			if p.scratch != nil {
				one := []Word{wd}
				p.markScratch(int(w.Pos().Offset()), one)
				wd = one[0]
			}
			cmd.Args = append(cmd.Args, wd)
			p.altWords = append(p.altWords, wd)
			continue
		}
		cmd.Args = append(cmd.Args, p.fields(w)...)
	}
	if len(cmd.Args) > 0 && cmd.Args[0].glob {
		cmd.Args = p.globCommand(cmd.Args)
	}
	alt, altWords := p.alt, p.altWords
	p.alt, p.altWords = false, nil
	for _, a := range ce.Assigns {
		if a.Name == nil {
			continue
		}
		if a.Array != nil && len(ce.Args) == 0 {
			p.arrayCode(a, p.line(st.Pos()))
			p.arrayAssign(a)
			continue
		}
		v := p.assignValue(a)
		if a.Name.Value == "PATH" {
			p.pathSet(v)
		}
		if a.Append && isCommandVar(a.Name.Value) && !v.Static {
			// PROMPT_COMMAND+='; cmd' onto an unknown value: the added
			// code is checked on its own.
			if add := p.literal(a.Value); add.Static {
				add.Value = strings.TrimLeft(add.Value, " \t\n;&|")
				v = add
			}
		}
		if len(ce.Args) == 0 && (watchedVars()[a.Name.Value] || strings.HasPrefix(a.Name.Value, "__guardsh")) {
			// HISTSIZE=0, GUARDSH_YOLO=1: listed as export, for the rules.
			ex := cmdAt(start, end, p.line(st.Pos()), p.via)
			ex.Args = []Word{{Value: "export", Static: true, Start: start, End: end}, {Value: a.Name.Value + "=" + v.Value, Static: v.Static, Start: v.Start, End: v.End}}
			if p.hist != nil {
				p.histMark(ex, ce.Pos())
			}
			p.add(ex)
		}
		if len(ce.Args) == 0 && isCommandVar(a.Name.Value) && v.Value != "" {
			// PROMPT_COMMAND=…, PAGER=…: code that runs later.
			lv := v
			lv.Value = varCode(a.Name.Value, v.Value)
			p.runLater(cmdAt(start, end, p.line(st.Pos()), p.via), a.Name.Value+"=", lv, false)
		}
		if len(ce.Args) == 0 {
			if p.readonlyAssign(a.Name.Value, v) {
				continue
			}
			p.assignEval(a.Name.Value, v, p.line(st.Pos()))
			if a.Append {
				// y+=x for declare -i y: x is added, as arithmetic.
				p.intAssign(a.Name.Value, p.literal(a.Value), p.line(st.Pos()))
			} else {
				p.intAssign(a.Name.Value, v, p.line(st.Pos()))
			}
			if v.Static {
				p.vars.set(a.Name.Value, v.Value)
			} else {
				p.vars.setShape(a.Name.Value, v.Origin, v.Value)
				p.vars.setSubst(a.Name.Value, v.Subst)
				p.vars.setFrom(a.Name.Value, p.fromValue(v, p.line(st.Pos())))
				if !a.Append {
					p.defaultAlt(a.Name.Value, a.Value)
				}
			}
			p.afterAssign(a.Name.Value, a)
			p.alternateAlt(a)
			p.printedAlt(a)
			continue
		}
		cmd.Env = append(cmd.Env, Assign{Name: a.Name.Value, Value: v})
	}
	cmd.Redirs = p.redirs(st.Redirs, c)
	if len(cmd.Args) == 0 && len(cmd.Redirs) == 0 {
		return nil
	}
	if len(cmd.Args) > 0 && cmd.Args[0].Value == "set" {
		p.setPositional(cmd.Args[1:])
		if p.outer == nil {
			p.errexitFrom(cmd.Args[1:])
		}
	}
	if len(cmd.Args) > 1 && cmd.Args[0].Value == "eval" && p.outer == nil && p.errexit {
		p.errexitOff(cmd.Args[1:]) // eval 'set +e'
	}
	if len(cmd.Args) > 0 && (cmd.Args[0].Value == "cd" || cmd.Args[0].Value == "pushd") {
		p.cdFailable = p.cdUnsure(ce)
	}
	p.finish(cmd, st, c)
	p.cdFailable = false
	if p.dirStmts != nil {
		p.noteDirs(cmd, ce, st)
	}
	p.assigningBuiltins(cmd)
	p.calling = st
	p.callFunc(cmd, c)
	if !c.piped && !c.background {
		p.flowCall(cmd)
	}
	p.altCommands(cmd, ce, st.Redirs)
	p.emptyWords(cmd, ce)
	p.defaultRedirs(cmd, st.Redirs)
	p.assignDefaults(ce.Args)
	if cmds, _ := p.limits(); alt && len(p.res.Commands) < cmds {
		// The same command read with the defaulted variables unset.
		ac := *cmd
		ac.Args = altWords
		p.addReading(&ac)
	}
	return cmd
}

// callFunc walks the body of a function defined earlier in the input again,
// with the call's static arguments as $1, $2, …
//
// The function shares the caller's variables, except the positional
// parameters and those it declares local; a call that is not walked leaves
// the variables its body assigns unknown.
func (p *parser) callFunc(cmd *Command, c ctx) {
	if len(cmd.Args) < 1 || !cmd.Args[0].Static {
		return
	}
	body, ok := p.funcs.get(cmd.Args[0].Value)
	if !ok {
		return
	}
	if p.wrapperCall(cmd, body) {
		return
	}
	if p.funcDepth >= 2 || len(cmd.Args) == 1 && !p.bareCall(cmd.Args[0].Value) {
		p.calledUnwalked(body)
		return
	}
	var elems []string
	var dyn []int
	for i, w := range cmd.Args[1:] {
		if !w.Static {
			dyn = append(dyn, i)
		}
		elems = append(elems, w.Value)
	}
	if len(dyn) > 0 && !p.dynamicCall(cmd.Args[0].Value, cmd.Args[1:]) {
		p.calledUnwalked(body)
		return
	}
	saved := p.vars
	p.vars = saved.clone()
	p.vars.locals = nil
	p.vars.setList("@", elems)
	for _, i := range dyn {
		// A dynamic argument keeps its shape: fetch "$url" "$d/x.sh"
		// downloads to ${d}/x.sh.
		p.vars.setShape(strconv.Itoa(i+1), cmd.Args[1+i].Origin, cmd.Args[1+i].Value)
	}
	p.funcDepth++
	p.fn = append(p.fn, cmd.Args[0].Value)
	p.returns = append(p.returns, nil)
	st := p.calling
	bs, bf := p.funcBody(body)
	p.returned(st, saved, bs, bf)
	p.fn = p.fn[:len(p.fn)-1]
	p.funcDepth--
}

// assigningBuiltins follows builtins that assign static values: printf -v
// NAME, read NAME <<< TEXT.
func (p *parser) assigningBuiltins(cmd *Command) {
	args := cmd.Args
	// builtin unset d and command unset d run the builtin in this shell.
	for len(args) > 2 && args[0].Static && (args[0].Value == "builtin" || args[0].Value == "command") && args[1].Static && !strings.HasPrefix(args[1].Value, "-") {
		args = args[1:]
	}
	if len(args) == 1 && args[0].Static && args[0].Value == "read" && len(cmd.Args) == 1 {
		p.readBuiltin(cmd) // read <<< TEXT sets REPLY (redteam7.go)
		return
	}
	if len(args) < 2 || !args[0].Static {
		return
	}
	if len(args) != len(cmd.Args) {
		c := *cmd
		c.Args = args
		cmd = &c
	}
	if len(args) != len(cmd.Args) || !cmd.Args[1].Static && cmd.Args[0].Value == "printf" {
		p.assigningOther(cmd)
	}
	switch cmd.Args[0].Value {
	case "unset":
		p.unsetBuiltin(cmd.Args[1:])
	case "declare", "typeset", "local", "export", "readonly":
		// builtin declare d=x (a declaration as a plain command).
		p.builtinDecl(cmd.Args)
	case "nameref":
		// ksh's nameref r=d is typeset -n r=d.
		p.builtinDecl(append([]Word{{Value: "typeset", Static: true}, {Value: "-n", Static: true}}, cmd.Args[1:]...))
	case "getopts":
		if len(cmd.Args) > 2 {
			p.vars.setDynamic(cmd.Args[2].Value)
		}
	case "printf":
		if v := cmd.Args[1].Value; strings.HasPrefix(v, "-v") && len(v) > 2 && ValidName(v[2:]) {
			// printf -vNAME FORMAT: the name glued to -v.
			c := *cmd
			c.Args = append([]Word{cmd.Args[0], {Value: "-v", Static: true}, {Value: v[2:], Static: true}}, cmd.Args[2:]...)
			cmd = &c
		}
		if cmd.Args[1].Value == "-v" && len(cmd.Args) > 3 {
			argv := []string{"printf"}
			static := true
			for _, w := range cmd.Args[3:] {
				argv = append(argv, w.Value)
				static = static && w.Static
			}
			if p.readonlyAssign(cmd.Args[2].Value, Word{}) {
				// printf -v of a read-only variable fails.
			} else if out, ok := echoOutput(argv); ok && static {
				p.vars.set(cmd.Args[2].Value, out)
			} else {
				p.vars.setDynamic(cmd.Args[2].Value)
			}
		}
	case "read":
		if p.readBuiltin(cmd) {
			return // split as the shell splits it (redteam7.go)
		}
		var names []string
		for _, w := range cmd.Args[1:] {
			if !strings.HasPrefix(w.Value, "-") {
				names = append(names, w.Value)
			}
		}
		if len(names) == 1 && p.readonlyAssign(names[0], Word{}) {
			return // read of a read-only variable fails
		}
		if len(names) == 1 && cmd.StdinStatic {
			line, _, _ := strings.Cut(cmd.StdinText, "\n")
			p.vars.set(names[0], strings.TrimSpace(line))
			return
		}
		for _, n := range names {
			p.vars.setDynamic(n)
		}
	}
}

// watchedVars are shell variables whose assignment alone matters to the
// rules: history switched off, guardsh's own settings.
var watchedVars = set("HISTFILE", "HISTSIZE", "HISTFILESIZE", "HISTCONTROL", "GUARDSH_YOLO", "GUARDSH_TIRITH",
	"GUARDSH_CONFIG", "GUARDSH_SHELL", "GUARDSH_TIRITH_RELEASES", "__guardsh_paused", "__guardsh_bin", "__guardsh_gate_bin",
	// Where guardsh finds its config and state, and bash's tables of
	// aliases and command paths (BASH_ALIASES[__guardsh_enter]=…).
	"HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "BASH_ALIASES", "BASH_CMDS")

func cmdAt(start, end, line int, via []string) *Command {
	return &Command{Start: start, End: end, Line: line, Via: via}
}

// arrayAssign records a=(x y z) when every element is static.
func (p *parser) arrayAssign(a *syntax.Assign) {
	var elems []string
	for _, e := range a.Array.Elems {
		if e.Index != nil && e.Value != nil && !a.Append {
			// a=([5]=/): a static index leaves the elements before it
			// unset (read here as empty).
			if n, ok := atoi(p.literal(arrayIndexWord(e.Index)).Value); ok && n >= len(elems) && n < 64 {
				for len(elems) < n {
					elems = append(elems, "")
				}
				e = &syntax.ArrayElem{Value: e.Value}
			}
		}
		if e.Index != nil || e.Value == nil {
			p.vars.setDynamic(a.Name.Value)
			return
		}
		for _, w := range p.fields(e.Value) {
			if !w.Static {
				known := elems
				if a.Append {
					known = append(append([]string(nil), p.vars.list.at(a.Name.Value)...), elems...)
				}
				p.vars.setDynamic(a.Name.Value)
				p.arrayAlts(a.Name.Value, known)
				return
			}
			elems = append(elems, w.Value)
		}
	}
	if a.Append {
		elems = append(append([]string(nil), p.vars.list.at(a.Name.Value)...), elems...)
	}
	p.vars.setList(a.Name.Value, elems)
}

// setPositional follows set -- a b c and set a b c.
func (p *parser) setPositional(args []Word) {
	if len(args) > 0 && args[0].Value == "--" {
		args = args[1:]
	} else if len(args) == 0 || strings.HasPrefix(args[0].Value, "-") || strings.HasPrefix(args[0].Value, "+") {
		return
	}
	var elems []string
	for _, w := range args {
		if !w.Static {
			p.vars.setDynamic("@")
			return
		}
		elems = append(elems, w.Value)
	}
	p.vars.setList("@", elems)
}

// finish fills in where a command sits, records it, and unwraps what it
// runs.
func (p *parser) finish(cmd *Command, st *syntax.Stmt, c ctx) {
	cmd.Via = p.via
	cmd.Remote = p.remote
	cmd.Background = c.background
	cmd.Subst = c.subst
	cmd.Piped = c.piped
	cmd.InLoop = c.loop
	cmd.Deferred = p.deferred
	cmd.Contained = p.contained
	cmd.Dir = p.cwd
	cmd.DirUnsure = p.cwdUnsure
	cmd.StopsTo = p.stopsTo()
	if st != nil && st.Negated && (len(p.gframes) == 0 || p.gframes[len(p.gframes)-1].kind != 'i') {
		cmd.StopsTo = 0 // ! check: its failure is a success (redteam7.go)
	}
	cmd.Moved = p.moved()
	p.chdir(cmd)
	if len(p.fn) > 0 {
		cmd.InFunc = p.fn[len(p.fn)-1]
	}
	cmd.StdinFrom = c.stdinFrom
	if p.stdin != nil && c.stdinFrom == nil && cmd.stdinRedirect() == nil {
		cmd.stdinCarrier = p.stdin
		cmd.StdinFrom = p.stdin.StdinFrom
		if p.stdin.StdinStatic {
			cmd.StdinFrom = nil
		}
	}
	cmd.StdinText, cmd.StdinStatic = stdinOf(cmd)
	if cmd.stdinCarrier != nil && !cmd.StdinStatic && cmd.StdinFrom == nil {
		cmd.StdinText, cmd.StdinStatic = cmd.stdinCarrier.StdinText, cmd.stdinCarrier.StdinStatic
	}
	if !cmd.StdinStatic {
		cmd.StdinText, cmd.StdinStatic = p.writtenStdin(cmd)
	}
	cmd.Wrote = p.wroteArgs(cmd)
	cmd.Script = p.script
	p.add(cmd)
	p.unwrap(cmd)
	p.ranDownload(cmd)
	p.writes(cmd)
	p.dynamicDownloads(cmd)
	p.hashed(cmd)
}

// compoundWrites records the files the output redirections of a compound
// command write ({ …; } > f, ( … ) >> f, while …; done > f) as a command
// of redirections alone, opened in the directory the compound starts in.
func (p *parser) compoundWrites(st *syntax.Stmt, rds []Redirect, c ctx) {
	var w []Redirect
	for _, r := range rds {
		if r.Writes() {
			w = append(w, r)
		}
	}
	if len(w) == 0 {
		return
	}
	start, end := p.span(st.Pos(), p.stmtEnd(st))
	gc := &Command{Redirs: w, Start: start, End: end, Line: p.line(st.Pos()), Via: p.via, Remote: p.remote,
		Background: c.background, Subst: c.subst, Deferred: p.deferred, Contained: p.contained, Dir: p.cwd, Moved: p.moved()}
	p.add(gc)
	p.compoundAlts(gc, rds, st.Redirs)
	if dr := p.groupDefaultRedirs(st.Redirs, rds); dr != nil {
		// { …; } > ${D:-/etc}/x: the write with D unset.
		ac := *gc
		ac.Redirs = nil
		for _, r := range dr {
			if r.Writes() {
				ac.Redirs = append(ac.Redirs, r)
			}
		}
		p.add(&ac)
	}
}

// limits returns the most commands and words one input may have: a
// script file checked for a reviewer (Options.File) gets five times a
// command line's, as real scripts reach 10,000 lines and more (autoconf's
// configure, libtool) and a file scan has no prompt waiting on it.
func (p *parser) limits() (cmds, words int) {
	if p.opts.File {
		return maxFileCommands, maxFileWords
	}
	return maxCommands, maxWords
}

// limitDetail says which limit an input reached.
func (p *parser) limitDetail() string {
	cmds, words := p.limits()
	return "more than " + strconv.Itoa(cmds) + " commands, or " + strconv.Itoa(words) + " words in all, in one input"
}

// add records a command, enforcing the command limit.
func (p *parser) add(cmd *Command) {
	if p.stopped {
		return
	}
	if p.dirStmts != nil {
		p.trackDirs(cmd)
	}
	p.res.words += len(cmd.Args)
	if cmds, words := p.limits(); len(p.res.Commands) >= cmds || p.res.words > words {
		p.stopped = true
		p.issue(IssueLimit, p.limitDetail(), cmd.Start, len(p.res.Input))
		rawScanFrom(p.res, p.res.Input[min(cmd.Start, len(p.res.Input)):], cmd.Start)
		return
	}
	if len(p.mounts) > 0 {
		p.hostPaths(cmd)
	}
	p.res.Commands = append(p.res.Commands, cmd)
	p.recordMade(cmd)
	p.notePrinted(cmd)
}

// recordMade notes the destination of ln, mv, cp and install, and gives
// every command the set of paths made so far (Command.Made).
func (p *parser) recordMade(cmd *Command) {
	if unpacksHere(cmd) {
		// tar x, unzip, git checkout: any name, a symlink too.
		if p.res.made == nil {
			p.res.made = map[string]bool{}
		}
		p.res.made[AnyMade] = true
	}
	switch path.Base(cmd.Name()) {
	case "ln", "mv", "cp", "install", "link":
		if p.res.made == nil {
			p.res.made = map[string]bool{}
		}
		for i, w := range cmd.Args[1:] {
			if strings.HasPrefix(w.Value, "-") && i+1 < len(cmd.Args)-1 {
				continue
			}
			v := strings.TrimSuffix(w.Value, "/")
			p.res.made[v] = true
			p.res.made[path.Base(v)] = true
		}
	}
	cmd.Made = p.res.made
	p.recordInto(cmd)
}

// stdinOf returns the static text fed to a command's standard input, from
// its last input redirection or the pipeline stage before it.
func stdinOf(cmd *Command) (string, bool) {
	for i := len(cmd.Redirs) - 1; i >= 0; i-- {
		r := cmd.Redirs[i]
		if r.Fd != "" && r.Fd != "0" {
			continue
		}
		switch r.Op {
		case "<<", "<<-", "<<<":
			return r.Body, r.BodyStatic
		case "<", "<>":
			if r.Target.Code != "" {
				// < <(echo …): a static process substitution.
				return r.Target.Code, true
			}
			return "", false
		}
	}
	if cmd.StdinFrom != nil {
		return output(cmd.StdinFrom)
	}
	return "", false
}

// output returns what a command prints, when that is statically known: echo
// and printf of static words, cat of its static input, and decoders of a
// static input (base64, base32, xxd -r -p, rev, gzip -d).
func output(c *Command) (string, bool) {
	if c.groupKnown {
		return c.groupOut, true
	}
	if c.Inner != nil {
		// sudo echo …, nice printf …: the wrapped command prints.
		in := *c.Inner
		in.StdinText, in.StdinStatic = c.StdinText, c.StdinStatic
		return output(&in)
	}
	if len(c.Args) == 0 {
		return "", false
	}
	for _, w := range c.Args {
		if !w.Static {
			return "", false
		}
	}
	argv := c.Argv()
	argv[0] = c.Name()
	if s, ok := echoOutput(argv); ok {
		return s, true
	}
	if s, ok := listOutput(argv); ok {
		return s, true
	}
	if !c.StdinStatic {
		return "", false
	}
	return decode(argv, c.StdinText)
}

func joinArgs(ws []Word) (string, bool) {
	var sb strings.Builder
	static := true
	for i, w := range ws {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(w.Value)
		static = static && w.Static
	}
	return sb.String(), static
}

// chdir follows cd and pushd with a static directory.
func (p *parser) chdir(cmd *Command) {
	if len(cmd.Args) > 1 && cmd.Args[0].Value == "builtin" {
		cp := *cmd
		cp.Args = cmd.Args[1:]
		cmd = &cp
	}
	if len(cmd.Args) > 1 && cmd.Args[0].Value == "command" {
		// command cd, command -p cd: the builtin (redteam4.go).
		cmd = commandBuiltin(cmd)
	}
	if len(cmd.Args) == 0 || p.cdOptions(cmd) {
		return // an autocd, or no cd (cdback_prompt.go)
	}
	switch cmd.Args[0].Value {
	case "cd", "pushd":
	case "popd":
		// Back to the directory pushd left, when the stack is known.
		old := p.cwd
		if n := len(p.dirStack); n > 0 && len(cmd.Args) == 1 {
			p.setCwd(p.dirStack[n-1])
			p.dirStack = p.dirStack[:n-1]
		} else {
			// A stack guardsh does not know (pushd -n, +N, dirs -c, a
			// caller's): popd goes anywhere, also out of the directory
			// the line starts in (pushd -n ~; popd; rm -rf build).
			p.setCwd("")
			p.dirStack = nil
			p.away = true
		}
		p.setOldPWD(old)
		return
	default:
		return
	}
	if cmd.Args[0].Value == "pushd" {
		for _, w := range cmd.Args[1:] {
			if w.Value == "-n" {
				// DIR goes onto the stack below the current directory,
				// without a cd: the next popd goes there.
				var dir *Word
				for i := range cmd.Args[1:] {
					if a := &cmd.Args[1+i]; !strings.HasPrefix(a.Value, "-") {
						dir = a
						break
					}
				}
				// The stack holds the directories the next popds go to
				// (as many as are known); a popd past them goes somewhere
				// unknown. Either way the shell may leave the directory
				// the line starts in.
				if dir != nil && dir.Static && (strings.HasPrefix(dir.Value, "/") || strings.HasPrefix(dir.Value, "~")) {
					p.dirStack = append(p.dirStack, cleanDir(dir.Value))
				} else {
					p.dirStack = nil
				}
				p.away = true
				return
			}
		}
		p.dirStack = append(p.dirStack, p.cwd)
	}
	var dir *Word
	for i := range cmd.Args[1:] {
		w := &cmd.Args[1+i]
		if strings.HasPrefix(w.Value, "-") && w.Value != "-" {
			continue
		}
		dir = w
		break
	}
	old, oldKnown := p.cwd, p.cwd != ""
	oldpwd, oldpwdKnown := p.vars.val.get("OLDPWD")
	pushd := cmd.Args[0].Value == "pushd"
	switch {
	case pushd && (dir == nil || strings.HasPrefix(dir.Value, "+")):
		// pushd alone or +N rotates the stack.
		p.setCwd("")
		p.dirStack = nil
	case dir == nil:
		p.setCwd(home)
	case dir.Static && dir.Value == "-" && oldpwdKnown:
		p.setCwd(oldpwd)
	case !dir.Static || dir.Value == "-":
		p.setCwd("")
	case strings.HasPrefix(dir.Value, "/") || strings.HasPrefix(dir.Value, "~"):
		p.setCwd(cleanDir(dir.Value))
	case p.cdpath(dir.Value, cmd.Env):
	case p.cwd != "":
		p.setCwd(cleanDir(p.cwd + "/" + dir.Value))
	default:
		p.setCwd("")
	}
	p.cdAfter(cmd, dir, old)
	if oldKnown {
		p.vars.set("OLDPWD", old)
	} else {
		p.vars.setDynamic("OLDPWD")
	}
	if p.cwd != old || p.cdFailable {
		// A cd that may fail leaves the shell where it was, or moves it.
		p.cwdUnsure = p.cdFailable
	}
	if !p.scriptDir(dir) && (dir == nil || !dir.Static || strings.HasPrefix(dir.Value, "/") || strings.HasPrefix(dir.Value, "~") ||
		dir.Value == "-" || dir.Value == ".." || strings.HasPrefix(dir.Value, "../") || strings.Contains(dir.Value, "/../") || strings.HasSuffix(dir.Value, "/..")) {
		// Not provably beneath the directory the line starts in.
		p.away = true
	}
}

// setOldPWD records the directory a cd or popd left.
func (p *parser) setOldPWD(old string) {
	if old != "" {
		p.vars.set("OLDPWD", old)
	} else {
		p.vars.setDynamic("OLDPWD")
	}
}

// cdpath follows cd DIR through CDPATH, set on the line or in the
// environment, the way bash does: the first entry holding DIR as a
// directory on disk wins, else DIR is taken from the working directory
// (reported as false). A CDPATH not known statically makes the directory
// unknown.
func (p *parser) cdpath(dir string, env []Assign) bool {
	if strings.HasPrefix(dir, "./") || strings.HasPrefix(dir, "../") || dir == "." || dir == ".." {
		return false
	}
	cdpath, ok := p.vars.val.get("CDPATH")
	for _, a := range env {
		if a.Name == "CDPATH" {
			// CDPATH=… cd DIR: for this cd only.
			if !a.Value.Static {
				p.setCwd("")
				return true
			}
			cdpath, ok = a.Value.Value, true
		}
	}
	if !ok {
		if _, dyn := p.vars.dyn.get("CDPATH"); dyn {
			p.setCwd("")
			return true
		}
		cdpath = os.Getenv("CDPATH")
	}
	if cdpath == "" {
		return false
	}
	for _, e := range strings.Split(cdpath, ":") {
		switch {
		case e == "" || e == ".":
			if p.cwd == "" {
				p.setCwd("")
				return true
			}
			e = p.cwd
		case !strings.HasPrefix(e, "/") && !strings.HasPrefix(e, "~"):
			if p.cwd == "" {
				continue
			}
			e = p.cwd + "/" + e
		}
		cand := cleanDir(e + "/" + dir)
		disk := cand
		if rest, ok := strings.CutPrefix(cand, "~"); ok && (rest == "" || rest[0] == '/') {
			disk = os.Getenv("HOME") + rest
		}
		if st, err := os.Stat(disk); err == nil && st.IsDir() {
			p.setCwd(cand)
			return true
		}
	}
	if p.cdMayCreate && strings.Trim(cdpath, ".:") != "" {
		// None is there now, but the line may have made one.
		p.setCwd("")
		return true
	}
	return false
}

// setCwd records the working directory ("" = unknown) and what $PWD, ~+
// and $(pwd) give in it.
func (p *parser) setCwd(d string) {
	p.cwd = d
	if d != "" {
		p.vars.set("PWD", d)
	} else {
		p.vars.setDynamic("PWD")
	}
}

// moved reports whether the working directory is no longer the one the
// input starts in or one beneath it (see [Command.Moved]).
func (p *parser) moved() bool {
	if !p.startKnown {
		p.start, p.startKnown = startDir(p.opts.Dir), true
	}
	start := p.start
	if start == "" {
		return p.away
	}
	if p.cwd == start {
		return false
	}
	return p.cwd == "" || !strings.HasPrefix(p.cwd, strings.TrimSuffix(start, "/")+"/")
}

// startDir turns the absolute directory of [Options.Dir] into the form
// rules know: ~ or ~/… inside the home directory of the user guardsh runs
// as, the cleaned path otherwise, "" when unknown or not absolute.
func startDir(d string) string {
	if d == "" || !strings.HasPrefix(d, "/") {
		return ""
	}
	d = path.Clean(d)
	if h := path.Clean(os.Getenv("HOME")); strings.HasPrefix(h, "/") && h != "/" {
		if d == h {
			return home
		}
		if rest, ok := strings.CutPrefix(d, h+"/"); ok {
			return home + "/" + rest
		}
	}
	return d
}

func cleanDir(d string) string {
	if strings.HasPrefix(d, "~") {
		// ~ or ~user, then the rest of the path.
		user, rest, _ := strings.Cut(d[1:], "/")
		if rest = path.Clean("/" + rest); rest == "/" {
			return "~" + user
		}
		return "~" + user + rest
	}
	return path.Clean(d)
}

// Resolve returns a path operand as seen from the command's directory: a
// relative path joined to Dir when Dir is known.
func (c *Command) Resolve(p string) string {
	if c.Dir == "" || p == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "$") {
		return p
	}
	if c.Dir == "/" {
		return "/" + p
	}
	return c.Dir + "/" + p
}

// listOutput returns what ls -d PATHS and find PATHS -maxdepth 0 print:
// the paths themselves.
func listOutput(argv []string) (string, bool) {
	var paths []string
	switch argv[0] {
	case "ls":
		dir := false
		for _, a := range argv[1:] {
			if strings.HasPrefix(a, "-") {
				dir = dir || strings.Contains(a, "d")
				continue
			}
			paths = append(paths, a)
		}
		if !dir {
			return "", false
		}
	case "find":
		depth0 := false
		for i, a := range argv[1:] {
			if a == "-maxdepth" && i+2 < len(argv) && argv[i+2] == "0" {
				depth0 = true
			}
			if !strings.HasPrefix(a, "-") && !depth0 && len(paths) == i {
				paths = append(paths, a)
			}
		}
		if !depth0 {
			return "", false
		}
	default:
		return "", false
	}
	if len(paths) == 0 {
		return "", false
	}
	return strings.Join(paths, "\n") + "\n", true
}

// readLoop recognises while read NAME; do …; done fed static text by a
// heredoc or here-string, and returns NAME and the lines (at most 8).
func readLoop(w *syntax.WhileClause, rds []Redirect) (string, []string) {
	if w.Until || len(w.Cond) != 1 {
		return "", nil
	}
	ce, ok := w.Cond[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) < 2 || ce.Args[0].Lit() != "read" {
		return "", nil
	}
	name := ce.Args[len(ce.Args)-1].Lit()
	if name == "" || strings.HasPrefix(name, "-") {
		return "", nil
	}
	for _, r := range rds {
		if (r.Op == "<<<" || r.Op == "<<" || r.Op == "<<-") && r.BodyStatic && (r.Fd == "" || r.Fd == "0") {
			lines := strings.Split(strings.TrimSuffix(r.Body, "\n"), "\n")
			if len(lines) > 8 {
				lines = lines[:8]
			}
			return name, lines
		}
	}
	return "", nil
}

// stmtEnd is where a statement's own text ends: after its command and
// redirections, before the ; and blanks that separate it from the next. A &
// stays: it says how the command runs.
func (p *parser) stmtEnd(st *syntax.Stmt) syntax.Pos {
	if st.Background || st.Coprocess || st.Disown {
		return st.End()
	}
	var end syntax.Pos
	if st.Cmd != nil {
		end = st.Cmd.End()
	}
	for _, r := range st.Redirs {
		if e := r.End(); !end.IsValid() || e.After(end) {
			end = e
		}
	}
	if !end.IsValid() {
		return st.End()
	}
	return end
}
