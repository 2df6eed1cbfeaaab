package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Variable scope as bash has it: a subshell — ( … ), $( … ), <( … ), a
// command run in the background, a stage of a pipeline — gets a copy of the
// shell's variables and functions, and what it assigns, unsets or defines
// is gone when it ends; a function shares the shell's variables except the
// ones it declares local; eval shares them all. unset makes a variable
// known to be unset: x=1; unset x; rm -rf /$x is rm -rf /.

// subshell runs f with a copy of the variables and functions, restored
// after it.
func (p *parser) subshell(f func()) {
	vars := p.vars
	var funcs pmap[*syntax.Stmt]
	funcs.copyFrom(&p.funcs) // the subshell's changes copy what they change
	p.vars = vars.clone()
	errexit, dead := p.errexit, p.dead
	// return in ( … ) ends the subshell, not the function around it.
	nret := -1
	if n := len(p.returns); n > 0 {
		nret = len(p.returns[n-1])
	}
	f()
	if nret >= 0 {
		p.returns[len(p.returns)-1] = p.returns[len(p.returns)-1][:nret]
	}
	p.vars, p.dead = vars, dead
	p.funcs.copyFrom(&funcs)
	// set -e in ( … ), $( … ) or a function's definition does not
	// reach the commands after it (see failed.go).
	p.errexit = errexit
}

// mayRunHere runs f for code that may run in this shell or in a subshell
// (the last stage of a bash pipeline runs in this shell with shopt -s
// lastpipe): the static values it assigns are other values of the
// variables afterwards, as after a branch.
func (p *parser) mayRunHere(f func()) { p.mayRun(f) } // see flow.go

// unsetBuiltin follows unset: -v NAME unsets a variable, -f NAME a
// function, NAME a variable or, when no variable has that name, the
// function. Inside a conditional the variable is read as empty, so that
// its earlier value stays one of its values.
func (p *parser) unsetBuiltin(args []Word) {
	mode := ""
	for len(args) > 0 && strings.HasPrefix(args[0].Value, "-") && len(args[0].Value) > 1 {
		if args[0].Value == "--" {
			args = args[1:]
			break
		}
		mode += args[0].Value[1:]
		args = args[1:]
	}
	if strings.Contains(mode, "n") {
		// unset -n: the name reference itself.
		return
	}
	for _, w := range args {
		if !w.Static {
			continue
		}
		name := w.Value
		if i := strings.IndexByte(name, '['); i > 0 {
			// unset 'a[1]': one element.
			p.vars.setDynamic(name[:i])
			continue
		}
		if !ValidName(name) {
			continue
		}
		variable := p.vars.known(name)
		if strings.Contains(mode, "f") || mode == "" && !variable && p.funcs.at(name) != nil {
			p.funcs.del(name)
			continue
		}
		if p.vars.branch > 0 {
			p.vars.set(name, "")
			continue
		}
		p.vars.unset(name)
	}
}

// known reports whether the line gave the variable a value (static or
// not).
func (v *vars) known(name string) bool {
	_, a := v.val.get(name)
	_, b := v.list.get(name)
	_, c := v.dyn.get(name)
	return a || b || c
}

// unset records a variable as unset: it expands to nothing.
func (v *vars) unset(name string) {
	v.val.del(name)
	v.list.del(name)
	v.dyn.del(name)
	v.alts.del(name)
	v.shape.del(name)
	v.subst.del(name)
	v.gone.set(name, true)
}

// positional reports whether name is a positional parameter or one of the
// special parameters a function call sets.
func positional(name string) bool {
	return name == "@" || name == "*" || name == "#" || isDigits(name) && name != "0"
}

// returnFrom returns the variables after a function call: those of the
// call (after), except the positional parameters and the variables the
// function declared local, which are the caller's (before).
func returnFrom(before, after *vars) *vars {
	restore := func(name string) {
		if x, ok := before.val.get(name); ok {
			after.val.set(name, x)
		} else {
			after.val.del(name)
		}
		if x, ok := before.list.get(name); ok {
			after.list.set(name, x)
		} else {
			after.list.del(name)
		}
		if x, ok := before.dyn.get(name); ok {
			after.dyn.set(name, x)
		} else {
			after.dyn.del(name)
		}
		after.shape.del(name)
		after.subst.del(name)
		if x, ok := before.shape.get(name); ok {
			after.setShapeOnly(name, x)
		}
		if x, ok := before.subst.get(name); ok {
			after.setSubst(name, x)
		}
		after.alts.del(name)
		if x, ok := before.alts.get(name); ok {
			after.alts.set(name, x)
		}
		after.gone.del(name)
		if before.gone.at(name) {
			after.gone.set(name, true)
		}
	}
	var names []string
	// The positional parameters either side has that differ (the maps
	// share what the call did not change).
	pdiff(&before.val, &after.val, eqString, func(k string) {
		if positional(k) {
			names = append(names, k)
		}
	})
	names = append(names, "@", "*", "#")
	for k := range after.locals {
		names = append(names, k)
	}
	for _, n := range names {
		restore(n)
	}
	after.locals = before.locals
	return after
}

func (v *vars) setShapeOnly(name, shape string) {
	v.shape.set(name, shape)
}

// assignedNames returns the variables a function body may assign, unset or
// read into, other than those it declares local: after a call that is not
// walked, their values are unknown.
func assignedNames(body *syntax.Stmt) []string {
	var names []string
	local := map[string]bool{}
	syntax.Walk(body, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name != nil {
				names = append(names, x.Name.Value)
			}
		case *syntax.DeclClause:
			if x.Variant != nil && x.Variant.Value == "local" {
				for _, a := range x.Args {
					if a.Name != nil {
						local[a.Name.Value] = true
					}
				}
			}
		case *syntax.ForClause:
			if wi, ok := x.Loop.(*syntax.WordIter); ok && wi.Name != nil {
				names = append(names, wi.Name.Value)
			}
		case *syntax.CallExpr:
			if len(x.Args) > 1 {
				switch x.Args[0].Lit() {
				case "unset", "read", "mapfile", "readarray", "printf", "getopts", "export":
					for _, a := range x.Args[1:] {
						if l := a.Lit(); ValidName(l) {
							names = append(names, l)
						}
					}
				case "eval", "source", ".":
					names = append(names, "*")
				}
			}
		}
		return true
	})
	out := names[:0]
	for _, n := range names {
		if !local[n] {
			out = append(out, n)
		}
	}
	return out
}

// calledUnwalked forgets what the line knows of the variables a function
// it does not walk may change.
func (p *parser) calledUnwalked(body *syntax.Stmt) {
	for _, n := range assignedNames(body) {
		if n == "*" {
			// eval or source inside: anything may change; the
			// static values stay, as for an eval of unknown text.
			continue
		}
		if p.vars.known(n) || p.vars.gone.at(n) {
			p.vars.setDynamic(n)
			p.vars.gone.del(n)
		}
	}
}

// declLocal reports whether a declaration inside a function makes its
// variables local: local, and declare or typeset without -g.
func declLocal(dc *syntax.DeclClause) bool {
	switch dc.Variant.Value {
	case "local":
		return true
	case "declare", "typeset":
		for _, a := range dc.Args {
			if a.Naked && a.Value != nil && strings.HasPrefix(a.Value.Lit(), "-") && strings.Contains(a.Value.Lit(), "g") {
				return false
			}
		}
		return true
	}
	return false
}

// substStmts walks the statements of a command or process substitution: in
// a subshell, unless they are one plain statement (plainStmt), which is
// walked in place; $(exit) still ends only the subshell.
func (p *parser) substStmts(stmts []*syntax.Stmt, sc ctx) {
	if len(stmts) == 1 && p.plainStmt(stmts[0]) {
		dead := p.dead
		p.stmts(stmts, sc)
		p.dead = dead
		return
	}
	p.subshell(func() { p.stmts(stmts, sc) })
}

// plainStmt reports a statement that cannot change the shell's variables
// or functions: one simple command without assignments, named by a
// literal word that is no builtin that assigns and no function of the
// line. A subshell needs no copy of the variables for it (the common
// stage of a pipeline: grep x, sort, head -1).
func (p *parser) plainStmt(st *syntax.Stmt) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Assigns) > 0 || len(ce.Args) == 0 || st.Background || st.Coprocess {
		return false
	}
	name := ce.Args[0].Lit()
	if name == "" || p.funcs.at(name) != nil || p.aliases[name] != "" {
		return false
	}
	switch name {
	case "unset", "read", "mapfile", "readarray", "printf", "getopts", "set", "shift", "export", "declare", "typeset",
		"local", "readonly", "eval", "source", ".", "cd", "pushd", "popd", "let", "alias", "unalias", "hash", "shopt",
		"trap", "builtin", "command", "exec", "wait", "enable", "zparseopts", "vared", "print":
		return false
	}
	for _, w := range ce.Args {
		for _, part := range w.Parts {
			switch part.(type) {
			case *syntax.Lit, *syntax.SglQuoted:
			default:
				return false // $((x=1)), ${x:=v}, $(…)
			}
		}
	}
	return true
}
