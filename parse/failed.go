package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// What a failed command leaves behind (issue 12's bypass attempts for the
// directories a script makes):
//
//   - d=$(mktemp -d) whose failure does not stop the script leaves d empty:
//     rm -rf "$d"/* is then rm -rf /*, and cd "$d" is cd "", which stays
//     where it is (bash and dash return 0). Such a variable gets the empty
//     string as another value (every value is checked, see branches.go),
//     and a cd to it leaves the working directory unsure.
//   - a cd whose failure does not stop the script (cd /tmp/x; rm -rf ./*)
//     may leave the shell where it was: the directory it names is then
//     unsure too.
//
// A failure stops the script under set -e (or #!/bin/sh -e), in
// CMD || exit (return, die, fail, …), CMD && …, and the condition of an if
// or a loop. An unsure directory makes no delete relative to it the
// script's own (Command.DirUnsure); it changes nothing else.

// exitLike reports whether a statement ends the script or function: exit,
// return, a function named like die or fail, or a block ending in one.
func exitLike(st *syntax.Stmt) bool {
	if st == nil {
		return false
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Args) == 0 {
			return false
		}
		name := x.Args[0].Lit()
		switch name {
		case "exit", "return", "die", "fail", "fatal", "abort", "bail", "error", "err", "panic", "usage", "false":
			return true
		}
		return strings.HasPrefix(name, "die") || strings.HasPrefix(name, "fail") || strings.HasPrefix(name, "fatal") ||
			strings.HasSuffix(name, "_die") || strings.HasSuffix(name, "_fail") || strings.HasSuffix(name, "_error")
	case *syntax.Block:
		return len(x.Stmts) > 0 && exitLike(x.Stmts[len(x.Stmts)-1])
	case *syntax.Subshell:
		return false
	}
	return false
}

// guarded reports whether the failure of the command being walked stops
// what comes after it.
func (p *parser) guarded() bool { return p.guard > 0 || p.errexit }

// errexitFrom follows set -e, set -o errexit, set +e. A set -e inside a
// branch (if, case, && or ||) may not run: only set +e counts there.
func (p *parser) errexitFrom(args []Word) {
	on := p.errexit
	defer func() {
		if p.vars.branch > 0 {
			p.errexit = p.errexit && on
		}
	}()
	for i, a := range args {
		v := a.Value
		switch {
		case v == "-o" && i+1 < len(args) && args[i+1].Value == "errexit":
			p.errexit = true
		case v == "+o" && i+1 < len(args) && args[i+1].Value == "errexit":
			p.errexit = false
		case len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "e"):
			p.errexit = true
		case len(v) > 1 && v[0] == '+' && strings.Contains(v, "e"):
			p.errexit = false
		}
	}
}

// shebangErrexit reports a #! line that gives the shell -e.
func shebangErrexit(text string) bool {
	if !strings.HasPrefix(text, "#!") {
		return false
	}
	line, _, _ := strings.Cut(text, "\n")
	f := strings.Fields(line)
	for _, w := range f[1:] {
		if len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.Contains(w, "e") {
			return true
		}
	}
	return false
}

// assignsMktemp reports whether a word holds a command substitution that
// runs mktemp.
func assignsMktemp(w *syntax.Word) bool {
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		if cs, ok := n.(*syntax.CmdSubst); ok {
			syntax.Walk(cs, func(m syntax.Node) bool {
				if ce, ok := m.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
					if l := ce.Args[0].Lit(); l == "mktemp" || strings.HasSuffix(l, "/mktemp") {
						found = true
					}
				}
				return !found
			})
		}
		return !found
	})
	return found
}

// afterAssign records, for NAME=VALUE, whether the value may be empty
// because a mktemp in it can fail unnoticed.
func (p *parser) afterAssign(name string, a *syntax.Assign) {
	if p.maybeEmpty != nil {
		delete(p.maybeEmpty, name)
	}
	if a.Value == nil || p.guarded() || !assignsMktemp(a.Value) {
		return
	}
	if _, known := p.vars.val.get(name); !known {
		return
	}
	if p.maybeEmpty == nil {
		p.maybeEmpty = map[string]bool{}
	}
	p.maybeEmpty[name] = true
	p.vars.addAlt(name, "")
}

// cdUnsure reports whether a cd's failure may leave the shell where it was:
// it is not guarded, or its directory is a variable that may be empty.
func (p *parser) cdUnsure(ce *syntax.CallExpr) bool {
	if !p.guarded() {
		return true
	}
	unsure := false
	for _, w := range ce.Args[1:] {
		syntax.Walk(w, func(n syntax.Node) bool {
			if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && p.maybeEmpty[pe.Param.Value] {
				unsure = true
			}
			return !unsure
		})
	}
	return unsure
}
