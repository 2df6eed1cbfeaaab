package parse

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A function's return status (issue 12, flowperf): a call to a function
// the walk follows succeeds on the paths that end in return 0 (or fall off
// the end after a command that succeeded) and fails on those that end in
// return N (N not 0) or after a command that failed; a path whose status
// is not known (return with no number or $?, a last command that may
// succeed or fail) is on both sides. So
//
//	f() { [ -d /tmp/x ] || return 1; D=/tmp/x; }; f || exit; rm -rf "$D"/*
//
// deletes in /tmp/x: the path where f returned 1 (D unset) ends in exit.
// if f, f && …, f || …, ! f and a call that ends another function's body
// read the two sides; anywhere else the state after the call is the merge
// of both, as before. A return inside ( … ) ends only the subshell.

// retPath is a path that ended in return, and its status: 1 success, -1
// failure, 0 unknown.
type retPath struct {
	s      *flowState
	status int
}

// callOut is where a call statement succeeded and failed (nil: never),
// and the walk's state right after the call, to tell whether anything
// changed it since (then the two sides are not used).
type callOut struct {
	st         *syntax.Stmt
	succ, fail *flowState
	at         *flowState
}

// returnStatus returns the status of return ARGS: 1 for a number that is
// 0 modulo 256, -1 for another number, 0 when not known (no number, $?, a
// dynamic word, more than one argument).
func returnStatus(args []Word) int {
	if len(args) != 1 || !args[0].Static {
		return 0
	}
	n, err := strconv.Atoi(args[0].Value)
	if err != nil {
		return 0
	}
	if n%256 == 0 {
		return 1
	}
	return -1
}

// funcBody walks the body of a function called and returns where its end
// succeeds and fails (here: the walk's state; nil: not reached): those of
// the last statement of a { … } body, else both the walk's state.
func (p *parser) funcBody(body *syntax.Stmt) (succ, fail *flowState) {
	blk, ok := body.Cmd.(*syntax.Block)
	if !ok || body.Negated || body.Background || body.Coprocess || len(body.Redirs) > 0 || len(blk.Stmts) == 0 {
		p.stmt(body, ctx{})
		if p.dead {
			return nil, nil
		}
		return here, here
	}
	succ, fail = p.condPaths(blk.Stmts, ctx{})
	if p.dead && succ == nil && fail == nil {
		return nil, nil
	}
	p.dead = false
	if succ == nil && fail == nil {
		p.dead = true
	}
	return succ, fail
}

// returned ends the walk of a function called at statement st (saved: the
// caller's variables): the state after it is the merge of its end and its
// return statements, with the caller's positional parameters and locals
// back. Where the paths' statuses tell success from failure, the two
// sides are kept for stmtPaths (p.callStatus).
func (p *parser) returned(st *syntax.Stmt, saved *vars, bs, bf *flowState) {
	n := len(p.returns)
	rets := p.returns[n-1]
	p.returns = p.returns[:n-1]
	split := bs != bf
	for _, r := range rets {
		split = split || r.status != 0
	}
	var succ, fail []*flowState
	if split {
		for _, r := range rets {
			if r.status >= 0 {
				succ = append(succ, r.s)
			}
			if r.status <= 0 {
				fail = append(fail, r.s)
			}
		}
		if !p.dead {
			succ = append(succ, bs)
			fail = append(fail, bf)
		}
	}
	// The two sides are merged first: mergePaths below changes one of
	// the states into the merge of all.
	var out *callOut
	if split && st != nil {
		out = &callOut{st: st, succ: p.mergedCopy(p.resolved(succ)), fail: p.mergedCopy(p.resolved(fail))}
	}
	all := make([]*flowState, 0, len(rets)+1)
	for _, r := range rets {
		all = append(all, r.s)
	}
	for _, s := range []*flowState{bs, bf} {
		if s != nil && s != here {
			all = append(all, s)
		}
	}
	if !p.dead && (bs == here || bf == here) {
		all = append(all, here)
	}
	p.mergePaths(all, true)
	p.vars = returnFrom(saved, p.vars)
	if out == nil {
		return
	}
	for _, s := range []*flowState{out.succ, out.fail} {
		if s != nil {
			s.vars = returnFrom(saved, s.vars)
		}
	}
	if !p.dead {
		out.at = p.save()
	}
	p.callStatus = out
}

// resolved returns states with here, the walk's state, as a copy of it
// (the walk's state changes next) and nil dropped.
func (p *parser) resolved(in []*flowState) []*flowState {
	var out []*flowState
	for _, s := range in {
		switch s {
		case nil:
		case here:
			out = append(out, p.save())
		default:
			out = append(out, s)
		}
	}
	return out
}

// mergedCopy returns the merge of states (none: nil), not the walk's.
func (p *parser) mergedCopy(in []*flowState) *flowState {
	switch len(in) {
	case 0:
		return nil
	case 1:
		return in[0].clone()
	}
	return mergeStates(in, -1)
}

// callPaths returns where statement st, just walked, succeeded and failed
// when it is a call whose function's paths tell them apart and nothing
// changed the walk's state after the call.
func (p *parser) callPaths(st *syntax.Stmt) (succ, fail *flowState, ok bool) {
	cs := p.callStatus
	p.callStatus = nil
	if cs == nil || cs.st != st || cs.at == nil || !p.sameAs(cs.at) {
		return nil, nil, false
	}
	if st.Negated {
		return cs.fail, cs.succ, true
	}
	return cs.succ, cs.fail, true
}

// sameAs reports whether the walk's state is still s, a copy saved of it:
// nothing was written since (a write copies a map's root, see pmap).
func (p *parser) sameAs(s *flowState) bool {
	a, b := p.vars, s.vars
	return a.val.root == b.val.root && a.list.root == b.list.root && a.dyn.root == b.dyn.root &&
		a.alts.root == b.alts.root && a.shape.root == b.shape.root && a.subst.root == b.subst.root &&
		a.from.root == b.from.root && a.ints.root == b.ints.root && a.exported.root == b.exported.root &&
		a.gone.root == b.gone.root && sameMap(a.locals, b.locals) && sameMap(a.readonly, b.readonly) &&
		p.funcs.root == s.funcs.root && p.cwd == s.cwd && slices.Equal(p.dirStack, s.dirStack) &&
		p.away == s.away && p.cwdUnsure == s.cwdUnsure && p.errexit == s.errexit && p.errexitUnsure == s.errexitUnsure
}

// callsFunc reports a statement that is a call of a function defined
// earlier (whose return status callPaths may read).
func (p *parser) callsFunc(st *syntax.Stmt) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return false
	}
	name := ce.Args[0].Lit()
	return name != "" && p.funcs.has(name)
}

// sameMap reports whether a and b are the same map (not a copy), of the
// same size.
func sameMap(a, b map[string]bool) bool {
	return len(a) == len(b) && reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// bareReturn returns the status of a return with no number (or $?) that
// is the Y of X || Y (-1: X failed) or X && Y (1: X succeeded), else 0.
func bareReturn(cmd *syntax.BinaryCmd) int {
	st := cmd.Y
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(ce.Assigns) > 0 ||
		len(ce.Args) == 0 || len(ce.Args) > 2 || ce.Args[0].Lit() != "return" {
		return 0
	}
	if len(ce.Args) == 2 {
		if len(ce.Args[1].Parts) != 1 {
			return 0
		}
		pe, ok := ce.Args[1].Parts[0].(*syntax.ParamExp)
		if !ok || !pe.Short || pe.Param == nil || pe.Param.Value != "?" || pe.Exp != nil || pe.Index != nil {
			return 0
		}
	}
	if cmd.Op == syntax.OrStmt {
		return -1
	}
	return 1
}

// noFunc stands for a function not defined on a path (the call runs a
// program of that name, or none): it changes nothing.
var noFunc = &syntax.Stmt{Cmd: &syntax.Block{}}

// eitherFunc returns the body of a function that is a on some paths and b
// on others (nil: not defined there): a body that runs one of them (an if
// with no condition, which the walk reads as either branch). Before, the
// merge kept one: if c; then f() { D=/; }; else f() { D=/tmp/x; }; fi; f;
// rm -rf "$D"/* was allowed, and so was a function defined in one branch
// only (f then is not found and assigns nothing).
func eitherFunc(a, b *syntax.Stmt) *syntax.Stmt {
	var alts []*syntax.Stmt
	add := func(st *syntax.Stmt) {
		if st == nil {
			st = noFunc
		}
		for _, x := range eitherAlts(st) {
			if !slices.Contains(alts, x) {
				alts = append(alts, x)
			}
		}
	}
	add(a)
	add(b)
	if len(alts) == 1 {
		return alts[0]
	}
	// if <none>; then A; else if <none>; then B; else C; fi: each
	// condition may go either way.
	var next *syntax.IfClause
	for i := len(alts) - 1; i >= 0; i-- {
		next = &syntax.IfClause{Then: []*syntax.Stmt{alts[i]}, Else: next}
	}
	return &syntax.Stmt{Cmd: next}
}

// eitherAlts returns the bodies an eitherFunc body runs one of (st itself
// for a body written in the input: its if has a position and a condition).
func eitherAlts(st *syntax.Stmt) []*syntax.Stmt {
	ic, ok := st.Cmd.(*syntax.IfClause)
	if !ok || st.Pos().IsValid() || len(ic.Cond) > 0 {
		return []*syntax.Stmt{st}
	}
	var out []*syntax.Stmt
	for ; ic != nil; ic = ic.Else {
		out = append(out, ic.Then...)
	}
	return out
}

// leadingBare returns the variables of the unquoted $NAME (or ${NAME})
// words a command starts with: empty, each expands to no word, and the
// next word is the command (if c; then A=""; else A=$1; fi; $A rm -rf
// "$B" runs rm on the path where A is empty).
func leadingBare(args []*syntax.Word) map[string]bool {
	var out map[string]bool
	for _, w := range args {
		if len(w.Parts) != 1 {
			break
		}
		pe, ok := w.Parts[0].(*syntax.ParamExp)
		if !ok || pe.Param == nil || pe.Exp != nil || pe.Repl != nil || pe.Slice != nil || pe.Index != nil ||
			pe.Length || pe.Excl || pe.Width || pe.Names != 0 {
			break
		}
		if out == nil {
			out = map[string]bool{}
		}
		out[pe.Param.Value] = true
	}
	return out
}

// funcsDiffer reports whether two states define different functions.
func funcsDiffer(a, b *flowState) bool {
	differ := false
	pdiff(&a.funcs, &b.funcs, func(x, y *syntax.Stmt) bool { return x == y }, func(string) { differ = true })
	return differ
}

// loopTexts returns the source text of a loop body and of the functions
// it calls (and those call, …), for rereads: a variable the second walk
// would see changed matters only if one of them names it. ok is false
// when the body may run code that is not there to read: eval, source,
// trap, an alias, a dynamic command word, a function whose text is not
// in the input. moves is set when they run mv, ln, rsync or a mount.
func (p *parser) loopTexts(stmts []*syntax.Stmt) (texts []string, moves, ok bool) {
	if len(stmts) == 0 {
		return nil, false, false
	}
	textOf := func(from, to syntax.Pos) (string, bool) {
		f, t := int(from.Offset()), int(to.Offset())
		if !from.IsValid() || f < 0 || t > len(p.src) || f > t {
			return "", false
		}
		return p.src[f:t], true
	}
	seen := map[string]bool{}
	var queue []*syntax.Stmt
	ok = true
	var scan func(list []*syntax.Stmt)
	scan = func(list []*syntax.Stmt) {
		for _, st := range list {
			syntax.Walk(st, func(n syntax.Node) bool {
				ce, isCall := n.(*syntax.CallExpr)
				if !isCall || len(ce.Args) == 0 {
					return ok
				}
				name := ce.Args[0].Lit()
				base := name[strings.LastIndexByte(name, '/')+1:]
				moves = moves || base == "mv" || base == "ln" || base == "link" || base == "rsync" || mountsOnto(base)
				switch {
				case name == "" || p.aliases[name] != "" || name == "eval" || name == "source" || name == "." || name == "trap":
					ok = false
				case !seen[name] && p.funcs.has(name):
					seen[name] = true
					queue = append(queue, eitherAlts(p.funcs.at(name))...)
				}
				return ok
			})
		}
	}
	text, found := textOf(stmts[0].Pos(), stmts[len(stmts)-1].End())
	if !found {
		return nil, false, false
	}
	texts = append(texts, text)
	scan(stmts)
	for len(queue) > 0 && ok {
		body := queue[0]
		queue = queue[1:]
		if body == noFunc {
			continue
		}
		t, found := textOf(body.Pos(), body.End())
		if !found {
			return nil, false, false
		}
		texts = append(texts, t)
		scan([]*syntax.Stmt{body})
	}
	return texts, moves, ok
}
