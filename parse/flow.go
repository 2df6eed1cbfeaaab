package parse

import (
	"maps"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Control flow (issue 12): the walk reads a conditional or a loop as the
// set of paths through it.
//
//   - Every branch of an if, elif, else, case item, && or || starts from the
//     state before it (after the conditions that select it), not from what an
//     earlier branch assigned: if c; then D=/tmp/x; else rm -rf "$D"/*; fi
//     deletes with D unknown.
//   - After the conditional each variable has the values of every path that
//     reaches its end (see merge): a path that did not assign a variable
//     unknown before leaves it unset, a dynamic value keeps the static ones
//     other paths gave as other values (if c; then D=/etc; else D=$1; fi).
//   - A path that ends in exit (or break, continue, return: see loopFlow)
//     does not reach the statement after the construct.
//   - A loop body may run zero times, and more than once: after the loop
//     the state is that before it merged with the body's end, and the body
//     is walked a second time from that merge, so what one iteration
//     assigns is seen by the next. A for loop over static words is walked
//     once per word and always runs (unless its body may break or
//     continue, whose paths are merged as well).
//
// The working directory (cd), set -e and the functions defined are part of
// the state, with the variables.

// flowState is the walk's state on one path.
type flowState struct {
	vars                   *vars
	funcs                  pmap[*syntax.Stmt]
	cwd                    string
	dirStack               []string
	away, cwdUnsure        bool
	errexit, errexitUnsure bool
}

// here stands for the walk's current state, where a path ends where the
// walk is: no copy is made of it.
var here = &flowState{}

// save returns a copy of the walk's state.
func (p *parser) save() *flowState {
	s := &flowState{vars: p.vars.clone(), cwd: p.cwd, dirStack: slices.Clone(p.dirStack),
		away: p.away, cwdUnsure: p.cwdUnsure, errexit: p.errexit, errexitUnsure: p.errexitUnsure}
	s.funcs.copyFrom(&p.funcs)
	return s
}

// now returns the walk's state itself, not a copy: to read, not to keep.
func (p *parser) now() *flowState {
	s := &flowState{vars: p.vars, cwd: p.cwd, dirStack: p.dirStack,
		away: p.away, cwdUnsure: p.cwdUnsure, errexit: p.errexit, errexitUnsure: p.errexitUnsure}
	s.funcs.copyFrom(&p.funcs)
	return s
}

// load makes a copy of s the walk's state (s stays as it is).
func (p *parser) load(s *flowState) {
	if s == here {
		return
	}
	p.take(s.clone())
}

// take makes s the walk's state; s is not used again.
func (p *parser) take(s *flowState) {
	if s == here {
		return
	}
	branch := p.vars.branch
	p.vars = s.vars
	p.vars.branch = branch
	p.funcs.copyFrom(&s.funcs)
	p.cwd, p.dirStack, p.away, p.cwdUnsure = s.cwd, s.dirStack, s.away, s.cwdUnsure
	p.errexit, p.errexitUnsure = s.errexit, s.errexitUnsure
	p.dead = false
}

// clone returns a copy of the state.
func (s *flowState) clone() *flowState {
	c := &flowState{vars: s.vars.clone(), cwd: s.cwd, dirStack: slices.Clone(s.dirStack),
		away: s.away, cwdUnsure: s.cwdUnsure, errexit: s.errexit, errexitUnsure: s.errexitUnsure}
	c.funcs.copyFrom(&s.funcs)
	return c
}

// A flow collects the paths through one construct.
type flow struct {
	depth int // p.vars.branch outside the construct
	// wasDead is set when the construct itself is not reached.
	wasDead bool
	paths   []*flowState
}

// flowStart begins a construct whose paths are then walked; flowEnd merges
// them.
func (p *parser) flowStart() *flow {
	f := &flow{depth: p.vars.branch, wasDead: p.dead}
	p.vars.branch++
	p.dead = false
	return f
}

// end records a copy of the state where the walk is as the end of a path,
// unless the path ended in exit.
func (p *parser) end(f *flow) {
	if p.dead {
		p.dead = false
		return
	}
	f.paths = append(f.paths, p.save())
}

// flowEnd makes the walk's state the merge of first (the state where no
// branch ran, or nil), the paths recorded and, unless it ended in exit, the
// walk's own state. With no path left, what follows is not reached.
func (p *parser) flowEnd(f *flow, first *flowState) {
	var paths []*flowState
	if first != nil {
		paths = append(paths, first)
	}
	paths = append(paths, f.paths...)
	if !p.dead {
		paths = append(paths, here)
	}
	p.mergePaths(paths, true)
	p.vars.branch = f.depth
	if f.depth == 0 {
		p.vars.wasDyn, p.vars.wasFrom = nil, nil
	}
	p.dead = p.dead || f.wasDead
}

// mergePaths makes the walk's state the union of the states at the ends
// of paths (nil: none; here: the walk's own state, merged in place). With
// no path, the walk is dead: what follows is not reached. With own, the
// states are not used again: one of them becomes the walk's state.
func (p *parser) mergePaths(in []*flowState, own bool) {
	var paths []*flowState
	hasHere := false
	for _, s := range in {
		if s != nil && !slices.Contains(paths, s) {
			paths = append(paths, s)
			hasHere = hasHere || s == here
		}
	}
	switch len(paths) {
	case 0:
		p.dead = true
		return
	case 1:
		if own {
			p.take(paths[0])
		} else {
			p.load(paths[0])
		}
		p.dead = false
		return
	}
	p.dead = false
	resolved := make([]*flowState, len(paths))
	base := -1
	for i, s := range paths {
		if s == here {
			s, base = p.now(), i
		}
		resolved[i] = s
	}
	if base < 0 && own {
		base = len(paths) - 1
	}
	p.take(mergeStates(resolved, base))
}

// mergeStates returns the union of states; the one at index base (-1:
// none), the walk's own state, is changed into it.
func mergeStates(paths []*flowState, base int) *flowState {
	last := paths[len(paths)-1]
	out := &flowState{}
	if base >= 0 {
		out.vars = mergeVars(paths, paths[base].vars)
		out.funcs.copyFrom(&paths[base].funcs)
	} else {
		out.vars = mergeVars(paths, nil)
		out.funcs.copyFrom(&last.funcs)
	}
	// Every path's functions; only what differs is read (pmap). A
	// function defined differently on two paths (or on one only) is
	// either definition (or none) after them: see eitherFunc.
	for _, s := range paths {
		var add []string
		pdiff(&s.funcs, &out.funcs, func(a, b *syntax.Stmt) bool { return a == b }, func(k string) {
			add = append(add, k)
		})
		for _, k := range add {
			out.funcs.set(k, eitherFunc(out.funcs.at(k), s.funcs.at(k)))
		}
	}
	out.errexit = true
	sameCwd, sameStack := true, true
	for _, s := range paths {
		out.away = out.away || s.away
		out.cwdUnsure = out.cwdUnsure || s.cwdUnsure
		out.errexit = out.errexit && s.errexit
		out.errexitUnsure = out.errexitUnsure || s.errexitUnsure
		sameCwd = sameCwd && s.cwd == last.cwd
		sameStack = sameStack && slices.Equal(s.dirStack, last.dirStack)
	}
	if sameStack {
		out.dirStack = slices.Clone(last.dirStack)
	}
	if sameCwd {
		out.cwd = last.cwd
	} else {
		// cd went to different places on different paths.
		out.vars.setDynamic("PWD")
	}
	return out
}

// mergeVars returns the variables after paths that end in the given
// states (into base, one of them, when given; else into a copy of the
// last): each variable the paths agree on as it is; otherwise
//   - dynamic on some path: dynamic (the first such path's origin that is
//     not plain "dynamic", else the first), with every static value of the
//     other paths as another value;
//   - static (or unset) on all paths that know it: the last such path's
//     value, the others as other values, and the empty value where a path
//     leaves it unknown (not set at all: rm -rf "$D"/* is rm -rf /* then);
//   - an array on some path: the array when every path that knows the
//     variable has the same one, else dynamic.
func mergeVars(paths []*flowState, base *vars) *vars {
	out := base
	if out == nil {
		out = paths[len(paths)-1].vars.clone()
	}
	for _, s := range paths {
		if s.vars == out {
			continue
		}
		// Only what differs from out is read (pmap).
		for _, k := range onlyIn(&s.vars.exported, &out.exported) {
			out.exported.set(k, true)
		}
		for _, k := range onlyIn(&s.vars.ints, &out.ints) {
			out.ints.set(k, true)
		}
		for k := range s.vars.readonly {
			if !out.readonly[k] {
				out.readonly = maps.Clone(out.readonly)
				if out.readonly == nil {
					out.readonly = map[string]bool{}
				}
				out.readonly[k] = true
			}
		}
	}
	for _, k := range diffNames(paths) {
		var statics []string
		dynAt, lastStatic := -1, -1
		absent, list := false, false
		var elems []string // of the arrays some paths leave
		for i, s := range paths {
			v := s.vars
			if x, ok := v.val.get(k); ok {
				statics = appendUnique(statics, x)
				lastStatic = i
			} else if o, ok := v.dyn.get(k); ok {
				if dynAt < 0 || paths[dynAt].vars.dyn.at(k) == "dynamic" && o != "dynamic" {
					dynAt = i
				}
			} else if l, ok := v.list.get(k); ok {
				list = true
				elems = append(elems, listValues(l)...)
			} else if v.gone.at(k) {
				// Unset: it expands to nothing, as an empty value.
				statics = appendUnique(statics, "")
				lastStatic = i
			} else {
				absent = true
			}
			for _, a := range v.alts.at(k) {
				statics = appendUnique(statics, a)
			}
		}
		var d *vars
		var listVal []string
		cur := ""
		if dynAt >= 0 {
			d = paths[dynAt].vars
		}
		if lastStatic >= 0 {
			cur = paths[lastStatic].vars.val.at(k) // "" where unset
		}
		if list {
			for _, s := range paths {
				if l, ok := s.vars.list.get(k); ok {
					listVal = l
					break
				}
			}
		}
		// d and listVal are read before out (maybe one of the paths)
		// changes.
		origin, shape, subst, from := "", "", "", ""
		hasShape, hasFrom := false, false
		if d != nil {
			origin = d.dyn.at(k)
			shape, hasShape = d.shape.get(k)
			subst = d.subst.at(k)
			from, hasFrom = d.from.get(k)
		}
		out.unset(k)
		out.gone.del(k)
		out.from.del(k)
		switch {
		case d != nil:
			out.setDynamicFrom(k, origin)
			if hasShape {
				out.setShapeOnly(k, shape)
			}
			out.setSubst(k, subst)
			if hasFrom {
				out.setFrom(k, from)
			}
			for _, x := range statics {
				out.addAlt(k, x)
			}
			for _, x := range elems {
				out.addAlt(k, x)
			}
		case list && len(statics) == 0 && sameList(paths, k):
			// An array on every path that knows it (a=(…) on one).
			out.list.set(k, listVal)
		case list:
			out.setDynamic(k)
			for _, x := range statics {
				out.addAlt(k, x)
			}
			for _, x := range elems {
				out.addAlt(k, x)
			}
		case lastStatic >= 0:
			out.val.set(k, cur)
			for _, x := range statics {
				if x != cur {
					out.addAlt(k, x)
				}
			}
			if absent && k != "PWD" && k != "OLDPWD" && cur != "" {
				out.addAlt(k, "")
			}
		}
	}
	return out
}

// diffNames returns the variables the paths do not all leave the same.
// The paths' variables share what they did not change (pmap): only what
// differs from the first path is read.
func diffNames(paths []*flowState) []string {
	var out []string
	var seen map[string]bool
	check := func(k string) {
		if seen[k] || sameVar(paths, k) {
			return
		}
		if seen == nil {
			seen = map[string]bool{}
		}
		seen[k] = true
		out = append(out, k)
	}
	p0 := paths[0].vars
	for _, s := range paths[1:] {
		v := s.vars
		if v == p0 {
			continue
		}
		pdiff(&p0.val, &v.val, eqString, check)
		pdiff(&p0.dyn, &v.dyn, eqString, check)
		pdiff(&p0.list, &v.list, slices.Equal[[]string], check)
		pdiff(&p0.gone, &v.gone, eqBool, check)
		pdiff(&p0.alts, &v.alts, slices.Equal[[]string], check)
		pdiff(&p0.shape, &v.shape, eqString, check)
	}
	return out
}

func eqString(a, b string) bool { return a == b }
func eqBool(a, b bool) bool     { return a == b }

// onlyIn returns the keys set true in a and not in b.
func onlyIn(a, b *pmap[bool]) []string {
	var out []string
	pdiff(a, b, eqBool, func(k string) {
		if a.at(k) && !b.at(k) {
			out = append(out, k)
		}
	})
	return out
}

// sameVar reports whether every path leaves variable k the same.
func sameVar(paths []*flowState, k string) bool {
	a := paths[0].vars
	if av, ok := a.val.get(k); ok {
		// The usual case: a static value (never also dynamic, an
		// array or unset).
		for _, s := range paths[1:] {
			b := s.vars
			if bv, ok := b.val.get(k); !ok || bv != av || !slices.Equal(a.alts.at(k), b.alts.at(k)) {
				return false
			}
		}
		return true
	}
	av, aok := a.val.get(k)
	ad, adok := a.dyn.get(k)
	al, alok := a.list.get(k)
	for _, s := range paths[1:] {
		b := s.vars
		bv, bok := b.val.get(k)
		bd, bdok := b.dyn.get(k)
		bl, blok := b.list.get(k)
		if aok != bok || av != bv || adok != bdok || ad != bd || alok != blok || !slices.Equal(al, bl) ||
			a.gone.at(k) != b.gone.at(k) || !slices.Equal(a.alts.at(k), b.alts.at(k)) || a.shape.at(k) != b.shape.at(k) {
			return false
		}
	}
	return true
}

// nonEmptyOn returns s with the variable cond proves not empty there
// dynamic ([ -z "$D" ] && D=/tmp/x: where D was not assigned it is
// whatever the environment gave, an earlier export D=/home). skipOn is
// the outcome of cond on that path: true for ||, false for && and if. s
// is copied before it changes.
func nonEmptyOn(s *flowState, cond []*syntax.Stmt, skipOn bool) *flowState {
	if s == nil || s == here {
		return s
	}
	name, nonEmpty := condTest(cond)
	if name == "" || nonEmpty != skipOn || s.vars.known(name) {
		return s
	}
	s = s.clone()
	s.vars.setDynamic(name)
	return s
}

// condPaths walks a condition (a list of statements) and returns where it
// succeeds and where it fails.
func (p *parser) condPaths(list []*syntax.Stmt, c ctx) (succ, fail *flowState) {
	if len(list) == 0 {
		return here, here
	}
	p.stmts(list[:len(list)-1], c)
	if p.dead {
		return nil, nil
	}
	return p.stmtPaths(list[len(list)-1], c)
}

// ifClause walks if/elif/else: each then-branch from where its condition
// succeeded, each further condition from where the one before failed.
func (p *parser) ifClause(cmd *syntax.IfClause, c ctx) {
	if p.quietIf(cmd) {
		// Nothing to keep apart: each part as it comes.
		wasDead := p.dead
		defer func() { p.dead = wasDead }()
		for ic := cmd; ic != nil; ic = ic.Else {
			p.guard++
			p.ifFrame(ic)
			p.stmts(ic.Cond, c)
			p.popFrame()
			p.guard--
			n := p.narrow(ic.Cond)
			p.stmts(ic.Then, c)
			p.unnarrow(n)
		}
		return
	}
	f := p.flowStart()
	var skip *flowState
	for ic := cmd; ic != nil; ic = ic.Else {
		reach := true
		if ic != cmd {
			p.end(f)
			if skip == nil {
				reach = false // the condition before never fails
			} else {
				p.take(skip)
				skip = nil
			}
		}
		if ic != cmd && len(ic.Cond) == 0 {
			p.stmts(ic.Then, c) // a plain else
			p.dead = p.dead || !reach
			break
		}
		p.guard++
		p.ifFrame(ic)
		cs, cf := p.condPaths(ic.Cond, c)
		p.popFrame()
		p.guard--
		if !reach {
			cs, cf = nil, nil
		}
		if cf == here {
			cf = p.save()
		}
		skip = nonEmptyOn(cf, ic.Cond, false)
		switch {
		case cs == nil:
		case cs == skip:
			p.load(cs)
		default:
			p.take(cs)
		}
		if cs != nil {
			p.narrow(ic.Cond) // the condition holds on this path
		}
		p.stmts(ic.Then, c)
		p.dead = p.dead || cs == nil
	}
	p.flowEnd(f, skip)
}

// caseClause walks case: each item from the state before it, and from the
// end of the item before when that one ends in ;& or ;;&.
func (p *parser) caseClause(cmd *syntax.CaseClause, c ctx) {
	if p.stateless(&syntax.Stmt{Cmd: cmd}) {
		p.substs(cmd.Word, c)
		for _, item := range cmd.Items {
			for _, pat := range item.Patterns {
				p.substs(pat, c)
			}
			p.stmts(item.Stmts, c)
		}
		return
	}
	p.substs(cmd.Word, c)
	f := p.flowStart()
	start := p.save()
	exhaustive := false
	var into []*flowState // states reaching the next item's body
	var tested []*flowState
	for _, item := range cmd.Items {
		starts := append([]*flowState{start}, tested...)
		starts = append(starts, into...)
		into = nil
		p.mergePaths(starts, false)
		for _, pat := range item.Patterns {
			p.substs(pat, c)
			if pat.Lit() == "*" {
				exhaustive = true
			}
		}
		p.stmts(item.Stmts, c)
		if p.dead {
			p.dead = false
			continue
		}
		switch item.Op {
		case syntax.Fallthrough:
			into = append(into, p.save())
		case syntax.Resume, syntax.ResumeKorn:
			tested = append(tested, p.save())
		default:
			p.end(f)
		}
	}
	f.paths = append(f.paths, into...)
	f.paths = append(f.paths, tested...)
	p.dead = true // every path is recorded
	var first *flowState
	if !exhaustive {
		first = start
	}
	p.flowEnd(f, first)
}

// andOr walks X && Y and X || Y: Y from the state where X succeeded (&&)
// or failed (||); after it the state is the merge of where the whole list
// succeeded and where it failed.
func (p *parser) andOr(cmd *syntax.BinaryCmd, c ctx) {
	if x, ok := cmd.X.Cmd.(*syntax.BinaryCmd); (!ok || x.Op != syntax.AndStmt && x.Op != syntax.OrStmt) &&
		(p.stateless(cmd.Y) || p.exits(cmd.Y)) && !p.callsFunc(cmd.X) {
		// Y changes nothing (or exits) and X is one statement: X, then
		// Y; after it the state is X's.
		wasDead := p.dead
		defer func() { p.dead = wasDead }()
		guard := cmd.Op == syntax.AndStmt || exitLike(cmd.Y)
		if guard {
			p.guard++
		}
		p.xFrame(cmd)
		p.stmt(cmd.X, c)
		p.popFrame()
		if guard {
			p.guard--
		}
		var n *narrowing
		if cmd.Op == syntax.AndStmt {
			n = p.narrow([]*syntax.Stmt{cmd.X})
		}
		p.stmt(cmd.Y, c)
		p.unnarrow(n)
		return
	}
	wasDead := p.dead
	succ, fail := p.andOrPaths(cmd, c)
	if cmd.Op == syntax.AndStmt {
		p.mergePaths([]*flowState{fail, succ}, true)
	} else {
		p.mergePaths([]*flowState{succ, fail}, true)
	}
	p.dead = p.dead || wasDead
}

// stmtPaths walks a statement and returns the states where it succeeds
// and where it fails (nil: not reached; here: the walk's state): different
// for && and || lists (cd /x && rm -rf ./* deletes in /x), the same for
// other statements but true, : and static assignments, which do not fail,
// and false.
func (p *parser) stmtPaths(st *syntax.Stmt, c ctx) (succ, fail *flowState) {
	if bc, ok := st.Cmd.(*syntax.BinaryCmd); ok && (bc.Op == syntax.AndStmt || bc.Op == syntax.OrStmt) &&
		!st.Negated && !st.Background && !st.Coprocess && len(st.Redirs) == 0 && !p.stopped {
		return p.andOrPaths(bc, c)
	}
	p.dead = false
	p.callStatus = nil
	p.stmt(st, c)
	if p.dead {
		return nil, nil
	}
	if succ, fail, ok := p.callPaths(st); ok {
		return succ, fail
	}
	switch outcome(st) {
	case 1:
		return here, nil
	case -1:
		return nil, here
	}
	return here, here
}

func (p *parser) andOrPaths(cmd *syntax.BinaryCmd, c ctx) (succ, fail *flowState) {
	guard := cmd.Op == syntax.AndStmt || exitLike(cmd.Y)
	if guard {
		p.guard++
	}
	p.xFrame(cmd)
	xs, xf := p.stmtPaths(cmd.X, c)
	p.popFrame()
	if guard {
		p.guard--
	}
	from, skip := xs, xf
	if cmd.Op == syntax.OrStmt {
		from, skip = xf, xs
	}
	if skip == here {
		skip = p.save()
	}
	// [ -z "$D" ] && D=/tmp/x: D is not empty where the test failed.
	skip = nonEmptyOn(skip, []*syntax.Stmt{cmd.X}, cmd.Op == syntax.OrStmt)
	switch {
	case from == nil:
		// Y never runs: walked for what it holds.
	case from == skip:
		p.load(from)
	default:
		p.take(from)
	}
	p.vars.branch++
	if cmd.Op == syntax.AndStmt && from != nil {
		p.narrow([]*syntax.Stmt{cmd.X}) // X held on this path
	}
	p.retHint = bareReturn(cmd)
	ys, yf := p.stmtPaths(cmd.Y, c)
	p.retHint = 0
	p.vars.branch--
	if from == nil {
		if cmd.Op == syntax.OrStmt {
			return skip, nil
		}
		return nil, skip
	}
	if cmd.Op == syntax.AndStmt {
		ys, fail = p.join(ys, skip, yf)
		return ys, fail
	}
	yf, succ = p.join(yf, skip, ys)
	return succ, yf
}

// join returns keep and the merge of a and b, either nil when not
// reached, here the walk's state; keep, when it is the walk's state and
// the merge needs it, is copied first.
func (p *parser) join(keep, a, b *flowState) (kept, joined *flowState) {
	switch {
	case a == nil:
		return keep, b
	case b == nil || a == b:
		return keep, a
	}
	if keep == here && (a == here || b == here) {
		keep = p.save()
	}
	if a != here && b != here || keep == here {
		// Neither is the walk's state, or it is kept as it is.
		ra, rb := a, b
		if ra == here {
			ra = p.now()
		}
		if rb == here {
			rb = p.now()
		}
		return keep, mergeStates([]*flowState{ra, rb}, -1)
	}
	p.mergePaths([]*flowState{a, b}, true)
	return keep, here
}

// mayRun walks code that may run here or not at all (the last stage of a
// bash pipeline, which runs in this shell with shopt -s lastpipe).
func (p *parser) mayRun(run func()) {
	f := p.flowStart()
	skip := p.save()
	run()
	p.flowEnd(f, skip)
}

// loopFlow is a loop being walked: the states at its break and continue
// statements.
type loopFlow struct {
	breaks, continues []*flowState
}

// loopBody walks a loop's body that may run zero times or several: from
// the state before it, then once more from that merged with the first
// walk's end. endless is set for while true and until false, which end
// only by break.
func (p *parser) loopBody(stmts []*syntax.Stmt, c ctx, endless bool) {
	body := func() { p.stmts(stmts, c) }
	f := p.flowStart()
	start := p.save()
	lf := &loopFlow{}
	p.loops = append(p.loops, lf)
	body()
	if p.loopDepth < 2 && !p.stopped {
		next := append([]*flowState{start}, lf.continues...)
		if !p.dead {
			next = append(next, here)
		}
		if p.rereads(stmts, next) {
			lf.continues = nil
			p.mergePaths(next, false) // start counts again after the loop
			p.loopDepth++
			body()
			p.loopDepth--
		}
	}
	p.loops = p.loops[:len(p.loops)-1]
	f.paths = append(f.paths, lf.continues...)
	var first *flowState
	switch {
	case endless && len(lf.breaks) > 0:
		f.paths = lf.breaks
		p.dead = true
	case endless:
		first = start
	default:
		f.paths = append(f.paths, lf.breaks...)
		first = start
	}
	p.flowEnd(f, first)
}

// rereads reports whether a second walk of a loop body may see something
// new: the states at the ends of its first walk (here: the walk's) differ
// from the one before in the directory, set -e, or a variable the body's
// text names (or the body runs a function, eval or source, which may read
// any).
func (p *parser) rereads(stmts []*syntax.Stmt, in []*flowState) bool {
	var all []*flowState
	for _, s := range in {
		if s == here {
			s = p.now()
		}
		all = append(all, s)
	}
	if len(all) < 2 {
		return false
	}
	for _, x := range all[1:] {
		if x.cwd != all[0].cwd || x.errexit != all[0].errexit || funcsDiffer(all[0], x) {
			// A function the body (re)defines runs in the next
			// iteration: D=/tmp/x; for … do f; f() { D=/; }; done.
			return true
		}
	}
	texts, moves, ok := p.loopTexts(stmts)
	if !ok || moves {
		// What one iteration moves or links is seen by the next one's
		// deletes (for f in $L; do rm -rf /tmp/x; mv ~/Documents
		// /tmp/x; done): Command.Into follows the walk's order.
		return true
	}
	changed := diffNames(all)
	if len(changed) == 0 {
		return false
	}
	for _, text := range texts {
		if strings.Contains(text, "${!") {
			return true // ${!ref} reads a variable it does not name
		}
		for _, k := range changed {
			if strings.Contains(text, k) {
				return true
			}
		}
	}
	return false
}

// unrolledBody walks a for loop over static words, once per word: it
// runs. Its break and continue statements are paths too: a continue
// reaches the next word, a break the end of the loop.
func (p *parser) unrolledBody(n int, word func(i int)) {
	f := p.flowStart()
	lf := &loopFlow{}
	p.loops = append(p.loops, lf)
	for i := 0; i < n; i++ {
		if i > 0 && (p.dead || len(lf.continues) > 0) {
			next := lf.continues
			if !p.dead {
				next = append(next, here)
			}
			lf.continues = nil
			if len(next) == 0 {
				break // every path left the loop
			}
			p.mergePaths(next, true)
		}
		word(i)
	}
	p.loops = p.loops[:len(p.loops)-1]
	f.paths = append(f.paths, lf.continues...)
	f.paths = append(f.paths, lf.breaks...)
	p.flowEnd(f, nil)
}

// mayBreak reports whether a loop body holds break or continue for this
// loop (not inside a function defined there, nor a loop of its own unless
// with a count).
func mayBreak(body []*syntax.Stmt) bool {
	found := false
	for _, st := range body {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.FuncDecl:
				return false
			case *syntax.CallExpr:
				if len(x.Args) > 0 {
					if w := x.Args[0].Lit(); w == "break" || w == "continue" {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// flowCall follows the commands that end a path: exit, break and
// continue (of the loop being walked), return (of the function being
// walked again).
func (p *parser) flowCall(cmd *Command) {
	if len(cmd.Args) == 0 || !cmd.Args[0].Static || cmd.Inner != nil || p.funcs.at(cmd.Args[0].Value) != nil ||
		p.aliases[cmd.Args[0].Value] != "" || p.builtinsOff {
		return
	}
	switch cmd.Args[0].Value {
	case "enable":
		// enable -n exit: exit is then a command not found, which
		// returns; from here on no builtin ends a path.
		p.builtinsOff = true
	case "exit":
		p.dead = true
	case "return":
		// Outside a function (bash -c '… return …') return fails and
		// the script goes on.
		if n := len(p.returns); n > 0 {
			st := returnStatus(cmd.Args[1:])
			if st == 0 {
				st = p.retHint // X || return: X's status
			}
			p.returns[n-1] = append(p.returns[n-1], retPath{p.save(), st})
			p.dead = true
		} else if len(p.fn) > 0 {
			p.dead = true
		}
	case "break", "continue":
		if len(p.loops) == 0 {
			return
		}
		level := 1
		if len(cmd.Args) > 1 {
			if n, ok := atoi(cmd.Args[1].Value); ok && n >= 1 && cmd.Args[1].Static {
				level = n
			}
		}
		lf := p.loops[max(0, len(p.loops)-level)]
		if cmd.Args[0].Value == "break" {
			lf.breaks = append(lf.breaks, p.save())
		} else {
			lf.continues = append(lf.continues, p.save())
		}
		p.dead = true
	}
}

// maxReadings bounds the readings of one command with other values of its
// variables (see altCommands): the cost stays linear in the commands.
const maxReadings = 8

// altChoice is a variable a command reads and its other values.
type altChoice struct {
	name string
	vals []string
}

// altCombos returns the readings of a command with the other values of
// its variables, each as the index of the value taken for each choice (-1:
// the variable as it is): first every value of one variable alone (at most
// maxAlts, in order), then values of two or more variables together (of
// the first four variables), up to maxReadings readings in all.
func altCombos(choices []altChoice) [][]int {
	var out [][]int
	one := func(set map[int]int) []int {
		c := make([]int, len(choices))
		for i := range c {
			c[i] = -1
		}
		for i, k := range set {
			c[i] = k
		}
		return c
	}
	for i, ch := range choices {
		for k := range ch.vals {
			if len(out) >= maxAlts {
				break
			}
			out = append(out, one(map[int]int{i: k}))
		}
	}
	n := min(len(choices), 4)
	for size := 2; size <= n && len(out) < maxReadings; size++ {
		for mask := 1; mask < 1<<n && len(out) < maxReadings; mask++ {
			if bitsSet(mask) != size {
				continue
			}
			var idx []int
			for i := 0; i < n; i++ {
				if mask&(1<<i) != 0 {
					idx = append(idx, i)
				}
			}
			// Every combination of the chosen variables' values.
			pos := make([]int, len(idx))
			for len(out) < maxReadings {
				set := map[int]int{}
				for j, i := range idx {
					set[i] = pos[j]
				}
				out = append(out, one(set))
				j := len(pos) - 1
				for ; j >= 0; j-- {
					pos[j]++
					if pos[j] < len(choices[idx[j]].vals) {
						break
					}
					pos[j] = 0
				}
				if j < 0 {
					break
				}
			}
		}
	}
	return out
}

func bitsSet(x int) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// sameList reports whether every path that has array k has the same one.
func sameList(paths []*flowState, k string) bool {
	var first []string
	seen := false
	for _, s := range paths {
		l, ok := s.vars.list.get(k)
		if !ok {
			continue
		}
		if seen && !slices.Equal(l, first) {
			return false
		}
		first, seen = l, true
	}
	return true
}

// outcome returns 1 for a statement that always succeeds (true, :, an
// assignment of static words), -1 for one that always fails (false), 0
// otherwise.
func outcome(st *syntax.Stmt) int {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Background || len(st.Redirs) > 0 {
		return 0
	}
	o := 0
	switch {
	case len(ce.Args) == 0:
		o = 1
		for _, a := range ce.Assigns {
			if a.Value != nil && !literalParts(a.Value) || a.Array != nil || a.Index != nil {
				return 0
			}
		}
	case len(ce.Args) == 1 && len(ce.Assigns) == 0:
		switch ce.Args[0].Lit() {
		case "true", ":":
			o = 1
		case "false":
			o = -1
		}
	}
	if st.Negated {
		o = -o
	}
	return o
}

// stateBuiltin reports the commands that may change what the walk
// follows (variables, the directory, set -e, the paths' ends). A switch:
// nothing is built at start-up.
func stateBuiltin(name string) bool {
	switch name {
	case "unset", "read", "mapfile", "readarray", "printf", "getopts", "set", "shift", "export", "declare",
		"typeset", "local", "readonly", "eval", "source", ".", "cd", "pushd", "popd", "let", "alias", "unalias", "hash", "shopt",
		"trap", "builtin", "command", "exec", "wait", "enable", "zparseopts", "vared", "print", "exit", "return", "break",
		"continue", "logout", "coproc", "select", "umask", "ulimit":
		return true
	}
	return false
}

// stateless reports whether a statement changes nothing the walk follows
// (a test, echo "$x", grep -q … | sed …, an if of such): a conditional or
// a pipeline of them is walked without keeping the state of each path.
func (p *parser) stateless(st *syntax.Stmt) bool {
	if st == nil || st.Coprocess {
		return false
	}
	for _, r := range st.Redirs {
		if r.N != nil && !isDigits(r.N.Value) {
			return false // {fd}>file assigns fd
		}
		if r.Word != nil && !p.quietWord(r.Word) {
			return false
		}
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Assigns) > 0 || len(x.Args) == 0 {
			return false
		}
		name := x.Args[0].Lit()
		if name == "" || stateBuiltin(name) || p.funcs.at(name) != nil || p.aliases[name] != "" {
			return false
		}
		for _, w := range x.Args {
			if !p.quietWord(w) {
				return false
			}
		}
		return true
	case *syntax.TestClause:
		ok := true
		syntax.Walk(x.X, func(n syntax.Node) bool {
			if w, isWord := n.(*syntax.Word); isWord {
				ok = ok && p.quietWord(w)
				return false
			}
			return ok
		})
		return ok
	case *syntax.Block:
		return p.statelessList(x.Stmts)
	case *syntax.BinaryCmd:
		return p.stateless(x.X) && p.stateless(x.Y)
	case *syntax.IfClause:
		for ic := x; ic != nil; ic = ic.Else {
			if !p.statelessList(ic.Cond) || !p.statelessList(ic.Then) {
				return false
			}
		}
		return true
	case *syntax.CaseClause:
		if !p.quietWord(x.Word) {
			return false
		}
		for _, it := range x.Items {
			for _, pat := range it.Patterns {
				if !p.quietWord(pat) {
					return false
				}
			}
			if !p.statelessList(it.Stmts) {
				return false
			}
		}
		return true
	}
	return false
}

func (p *parser) statelessList(list []*syntax.Stmt) bool {
	for _, st := range list {
		if !p.stateless(st) {
			return false
		}
	}
	return true
}

// quietWord reports whether expanding a word assigns nothing: no
// ${x:=…}, no arithmetic (which may assign), no glob qualifier of zsh;
// command substitutions run in a subshell.
func (p *parser) quietWord(w *syntax.Word) bool {
	if w == nil || literalParts(w) {
		return true
	}
	if p.isZsh() {
		return false
	}
	ok := true
	syntax.Walk(w, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.ArithmExp, *syntax.ExtGlob:
			ok = false
		case *syntax.ParamExp:
			if x.Exp != nil && (x.Exp.Op == syntax.AssignUnset || x.Exp.Op == syntax.AssignUnsetOrNull) || x.Index != nil || x.Slice != nil {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// exits reports a statement that changes nothing the walk follows and
// then exits: exit 1, { echo "usage" >&2; exit 2; }.
func (p *parser) exits(st *syntax.Stmt) bool {
	if st == nil || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return false
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Assigns) > 0 || len(x.Args) == 0 || x.Args[0].Lit() != "exit" || p.funcs.at("exit") != nil || p.aliases["exit"] != "" {
			return false
		}
		for _, w := range x.Args {
			if !p.quietWord(w) {
				return false
			}
		}
		return true
	case *syntax.Block:
		n := len(x.Stmts)
		return n > 0 && p.statelessList(x.Stmts[:n-1]) && p.exits(x.Stmts[n-1])
	}
	return false
}

// quietIf reports an if whose conditions change nothing and whose
// branches change nothing or exit, with a path that does not exit.
func (p *parser) quietIf(cmd *syntax.IfClause) bool {
	for ic := cmd; ic != nil; ic = ic.Else {
		if !p.statelessList(ic.Cond) {
			return false
		}
		switch {
		case p.statelessList(ic.Then):
		case len(ic.Then) > 0 && p.statelessList(ic.Then[:len(ic.Then)-1]) && p.exits(ic.Then[len(ic.Then)-1]):
			if ic != cmd && len(ic.Cond) == 0 {
				return false // a plain else that exits: maybe no path goes on
			}
		default:
			return false
		}
	}
	return true
}
