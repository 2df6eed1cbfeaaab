package parse

import (
	"mvdan.cc/sh/v3/syntax"
)

// Fork bombs. A function that calls itself is recursion, and recursion ends
// when its self-call is conditional and its arguments change (nvm calls
// nvm use … from inside nvm, inside one case arm). A fork bomb is a
// function whose copies multiply without end: its body starts two or more
// copies of itself that nothing can stop (unconditional, or with the same
// arguments again), at least one of them in a new process (a pipeline
// stage, the background, a subshell or a substitution), or it starts a copy
// in the background inside an endless loop. An endless loop whose body only
// starts background jobs (while :; do sh -c 'exit' & done) multiplies
// processes without end too.

// spawnCount is what a function body does with calls to itself.
type spawnCount struct {
	calls      int  // self-calls that nothing stops, on the longest path
	concurrent bool // one of them starts a new process
	loop       bool // one of them starts in the background inside an endless loop
}

// forkFanout reports whether the body of function name is a fork bomb.
func forkFanout(name string, body *syntax.Stmt) bool {
	if name == "" || body == nil {
		return false
	}
	s := selfCalls(name, body, false, false, false)
	return s.calls >= 2 && s.concurrent || s.loop
}

// selfCalls counts the self-calls of name in a statement. cond is set inside
// a branch that may not run (if, case, the right of && and ||, a loop that
// ends); conc inside something that runs in a new process; endless inside
// an endless loop.
func selfCalls(name string, st *syntax.Stmt, cond, conc, endless bool) spawnCount {
	if st == nil {
		return spawnCount{}
	}
	conc = conc || st.Background
	var s spawnCount
	// Substitutions in words run in subshells.
	each := func(n syntax.Node) {
		if w, ok := n.(*syntax.Word); n == nil || ok && w == nil {
			return
		}
		syntax.Walk(n, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CmdSubst:
				s = s.plus(selfList(name, n.Stmts, cond, true, endless))
				return false
			case *syntax.ProcSubst:
				s = s.plus(selfList(name, n.Stmts, cond, true, endless))
				return false
			case *syntax.FuncDecl:
				return false
			}
			return true
		})
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		for _, a := range x.Assigns {
			if a.Value != nil {
				each(a.Value)
			}
		}
		for _, w := range x.Args[min(1, len(x.Args)):] {
			each(w)
		}
		if len(x.Args) > 0 && x.Args[0].Lit() == name && (!cond || sameArgs(x.Args[1:])) {
			s.calls++
			s.concurrent = s.concurrent || conc
			s.loop = s.loop || endless && conc
		}
	case *syntax.BinaryCmd:
		switch x.Op {
		case syntax.Pipe, syntax.PipeAll:
			s = s.plus(selfCalls(name, x.X, cond, true, endless)).plus(selfCalls(name, x.Y, cond, true, endless))
		default: // && and ||: the right side may not run
			s = s.plus(selfCalls(name, x.X, cond, conc, endless)).plus(selfCalls(name, x.Y, true, conc, endless))
		}
	case *syntax.Block:
		s = selfList(name, x.Stmts, cond, conc, endless)
	case *syntax.Subshell:
		s = selfList(name, x.Stmts, cond, true, endless)
	case *syntax.IfClause:
		var best spawnCount
		for ic := x; ic != nil; ic = ic.Else {
			s = s.plus(selfList(name, ic.Cond, cond || ic != x, conc, endless))
			best = best.max(selfList(name, ic.Then, true, conc, endless))
		}
		s = s.plus(best)
	case *syntax.CaseClause:
		each(x.Word)
		var best spawnCount
		for _, it := range x.Items {
			best = best.max(selfList(name, it.Stmts, true, conc, endless))
		}
		s = s.plus(best)
	case *syntax.WhileClause:
		forever := endlessCond(x)
		s = s.plus(selfList(name, x.Cond, cond, conc, endless))
		body := selfList(name, x.Do, cond || !forever, conc, endless || forever && !cond)
		s = s.plus(body).plus(body) // a loop runs its body more than once
	case *syntax.ForClause:
		each(x.Loop)
		_, cstyle := x.Loop.(*syntax.CStyleLoop)
		forever := cstyle && x.Loop.(*syntax.CStyleLoop).Cond == nil
		body := selfList(name, x.Do, cond || !forever, conc, endless || forever && !cond)
		s = s.plus(body).plus(body)
	case *syntax.TimeClause:
		s = selfCalls(name, x.Stmt, cond, conc, endless)
	case *syntax.CoprocClause:
		s = selfCalls(name, x.Stmt, cond, true, endless)
	case *syntax.FuncDecl:
		// Another function: its body runs when it is called.
	default:
		if x != nil {
			each(x)
		}
	}
	for _, r := range st.Redirs {
		each(r.Word)
		each(r.Hdoc)
	}
	return s
}

func selfList(name string, list []*syntax.Stmt, cond, conc, endless bool) spawnCount {
	var s spawnCount
	for _, st := range list {
		s = s.plus(selfCalls(name, st, cond, conc, endless))
	}
	return s
}

func (a spawnCount) plus(b spawnCount) spawnCount {
	return spawnCount{calls: a.calls + b.calls, concurrent: a.concurrent || b.concurrent, loop: a.loop || b.loop}
}

// max keeps the branch that starts the most copies.
func (a spawnCount) max(b spawnCount) spawnCount {
	if b.calls > a.calls || b.calls == a.calls && b.concurrent && !a.concurrent {
		a.calls, a.concurrent = b.calls, b.concurrent
	}
	a.loop = a.loop || b.loop
	return a
}

// sameArgs reports whether a self-call passes nothing or its own arguments
// again ("$@", "$*"): its condition then holds again, so the recursion
// never ends.
func sameArgs(args []*syntax.Word) bool {
	for _, w := range args {
		if len(w.Parts) != 1 {
			return false
		}
		part := w.Parts[0]
		if dq, ok := part.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
			part = dq.Parts[0]
		}
		pe, ok := part.(*syntax.ParamExp)
		if !ok || pe.Param == nil || pe.Param.Value != "@" && pe.Param.Value != "*" || pe.Exp != nil || pe.Index != nil || pe.Slice != nil || pe.Repl != nil {
			return false
		}
	}
	return true
}

// endlessCond reports a while loop whose condition always holds (while :,
// while true, until false).
func endlessCond(w *syntax.WhileClause) bool {
	if len(w.Cond) != 1 {
		return false
	}
	ce, ok := w.Cond[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) != 1 || w.Cond[0].Negated {
		return false
	}
	switch ce.Args[0].Lit() {
	case ":", "true", "/bin/true", "/usr/bin/true":
		return !w.Until
	case "false", "/bin/false", "/usr/bin/false":
		return w.Until
	}
	return false
}

// spawnLoop reports an endless loop whose body only starts background jobs
// and never waits: while :; do sh -c 'exit' & done.
func spawnLoop(body []*syntax.Stmt) bool {
	if len(body) == 0 {
		return false
	}
	for _, st := range body {
		if !st.Background {
			return false
		}
	}
	return true
}
