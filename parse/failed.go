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

// gframe is one enclosing construct of the command being walked, for
// StopsTo: the X of X && Y (kind 'a', end: the list's end), of X || exit
// ('x'), of X || Y whose Y does not exit ('n'), an if condition ('i',
// end: -1 when the failure exits, 0 when it stops nothing, else the if's
// end).
type gframe struct {
	kind byte
	end  int
}

// xFrame enters the X of X && Y or X || Y.
func (p *parser) xFrame(cmd *syntax.BinaryCmd) {
	f := gframe{kind: 'n'}
	switch {
	case cmd.Op == syntax.AndStmt:
		_, end := p.span(cmd.Pos(), cmd.End())
		f = gframe{kind: 'a', end: end}
	case exitLike(cmd.Y):
		f.kind = 'x'
	}
	p.gframes = append(p.gframes, f)
}

// ifFrame enters the condition of an if (or elif): its failure skips the
// then-branch; it stops everything when the failure leads to an exit
// (if ! check; then exit 1; fi, or an else that exits).
func (p *parser) ifFrame(ic *syntax.IfClause) {
	f := gframe{kind: 'i'}
	if n := len(ic.Cond); n > 0 {
		neg := ic.Cond[n-1].Negated
		thenExits := len(ic.Then) > 0 && exitLike(ic.Then[len(ic.Then)-1])
		e := ic.Else
		elseExits := e != nil && len(e.Cond) == 0 && len(e.Then) > 0 && exitLike(e.Then[len(e.Then)-1])
		switch {
		case neg && thenExits, !neg && elseExits:
			f.end = -1
		case !neg:
			_, f.end = p.span(ic.Pos(), ic.End())
		}
	}
	p.gframes = append(p.gframes, f)
}

func (p *parser) popFrame() { p.gframes = p.gframes[:len(p.gframes)-1] }

// stopsTo computes Command.StopsTo for the command being walked: out from
// the innermost construct, an && list stops up to its end and passes the
// failure on, || exit stops everything, || Y and an if condition take the
// failure; what no construct takes, set -e stops.
func (p *parser) stopsTo() int {
	to := 0
	for i := len(p.gframes) - 1; i >= 0; i-- {
		f := p.gframes[i]
		switch f.kind {
		case 'a':
			to = max(to, f.end)
		case 'x':
			return -1
		case 'n':
			return to
		case 'i':
			if f.end <= 0 {
				return f.end
			}
			return max(to, f.end)
		case 'b':
			return p.barrierStops(to, i) // redteam7.go
		}
	}
	if p.errexit && to == 0 {
		return -1
	}
	return to
}
