package parse

import (
	"slices"

	"mvdan.cc/sh/v3/syntax"
)

// Conditions that narrow a variable (issue 12, go's syscall/mkall.sh):
//
//	mksysnum=              # one case arm
//	mksysnum="./mksysnum_linux.pl $h"   # another
//	( if [ -n "$mksysnum" ]; then echo "$mksysnum |gofmt >z.go"; fi ) | sh
//
// A variable with several values from earlier branches is read with each
// of them (see flow.go). Inside the then-branch of [ -n "$x" ] (or
// [ "$x" ], test -n "$x", [[ -n $x ]], [[ $x ]], and the right side of
// such a test && …) x is not empty, so the reading with x empty cannot
// happen there: it is dropped while that branch is walked, and the values
// come back after it. [ -z "$x" ] keeps only the empty value. Only tests
// whose success proves it narrow: [ -n $x ] unquoted is [ -n ] for an
// empty x, which succeeds, so it does not.

// narrowing is a variable's values before a branch narrowed them, and
// what the narrowing left, to put them back after the branch.
type narrowing struct {
	name             string
	oldVal           string
	oldAlts, newAlts []string
	newVal           string
}

// condTest returns the variable a condition's success proves non-empty
// (nonEmpty) or empty: one test command whose operand is the plain
// variable, quoted where the shell splits words.
func condTest(cond []*syntax.Stmt) (name string, nonEmpty bool) {
	if len(cond) != 1 || cond[0].Negated || cond[0].Background || len(cond[0].Redirs) > 0 {
		return "", false
	}
	switch x := cond[0].Cmd.(type) {
	case *syntax.TestClause:
		switch t := x.X.(type) {
		case *syntax.Word:
			return plainParam(t, false), true
		case *syntax.UnaryTest:
			w, ok := t.X.(*syntax.Word)
			if !ok {
				return "", false
			}
			switch t.Op {
			case syntax.TsNempStr:
				return plainParam(w, false), true
			case syntax.TsEmpStr:
				return plainParam(w, false), false
			}
		}
	case *syntax.CallExpr:
		args := x.Args
		if len(x.Assigns) > 0 || len(args) < 2 {
			return "", false
		}
		switch args[0].Lit() {
		case "[":
			if args[len(args)-1].Lit() != "]" {
				return "", false
			}
			args = args[1 : len(args)-1]
		case "test":
			args = args[1:]
		default:
			return "", false
		}
		switch {
		case len(args) == 1:
			return plainParam(args[0], true), true
		case len(args) == 2 && args[0].Lit() == "-n":
			return plainParam(args[1], true), true
		case len(args) == 2 && args[0].Lit() == "-z":
			return plainParam(args[1], true), false
		}
	}
	return "", false
}

// plainParam returns NAME for a word that is only $NAME or ${NAME}, in
// double quotes when quoted is set.
func plainParam(w *syntax.Word, quoted bool) string {
	if w == nil || len(w.Parts) != 1 {
		return ""
	}
	part := w.Parts[0]
	if dq, ok := part.(*syntax.DblQuoted); ok {
		if len(dq.Parts) != 1 || dq.Dollar {
			return ""
		}
		part = dq.Parts[0]
	} else if quoted {
		return ""
	}
	pe, ok := part.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil ||
		pe.Repl != nil || pe.Names != 0 || pe.Exp != nil || pe.Flags != nil || pe.NestedParam != nil {
		return ""
	}
	if !ValidName(pe.Param.Value) {
		return ""
	}
	return pe.Param.Value
}

// narrow drops, while the branch after a successful cond is walked, the
// values of its variable the condition rules out. It returns what to
// give back to unnarrow, or nil when nothing changed.
func (p *parser) narrow(cond []*syntax.Stmt) *narrowing {
	name, nonEmpty := condTest(cond)
	if name == "" {
		return nil
	}
	cur, known := p.vars.val.get(name)
	alts := p.vars.alts.at(name)
	if !known || len(alts) == 0 {
		return nil
	}
	vals := append([]string{cur}, alts...)
	var keep []string
	for _, v := range vals {
		if (v != "") == nonEmpty && !slices.Contains(keep, v) {
			keep = append(keep, v)
		}
	}
	if len(keep) == 0 || len(keep) == len(vals) {
		// Nothing ruled out, or every value is (the branch cannot
		// run as far as the values go: walk it as it is).
		return nil
	}
	n := &narrowing{name: name, oldVal: cur, oldAlts: slices.Clone(alts), newVal: keep[0], newAlts: keep[1:]}
	p.vars.val.set(name, n.newVal)
	if len(n.newAlts) == 0 {
		p.vars.alts.del(name)
	} else {
		p.vars.alts.set(name, slices.Clone(n.newAlts))
	}
	return n
}

// unnarrow gives a variable its values back after the branch, unless the
// branch assigned it.
func (p *parser) unnarrow(n *narrowing) {
	if n == nil {
		return
	}
	cur, known := p.vars.val.get(n.name)
	if !known || cur != n.newVal || !slices.Equal(p.vars.alts.at(n.name), n.newAlts) {
		return
	}
	p.vars.val.set(n.name, n.oldVal)
	p.vars.alts.set(n.name, slices.Clone(n.oldAlts))
}

// silent reports the builtins that never print to their standard output,
// whatever their arguments: test, [, true, false and :.
func silent(c *Command) bool {
	if len(c.Args) == 0 || !c.Args[0].Static {
		return false
	}
	switch c.Args[0].Value {
	case "[", "test", "true", "false", ":":
		return true
	}
	return false
}

// define notes a function or alias name the input defines.
func (r *Result) define(name string) {
	if r.defined == nil {
		r.defined = map[string]bool{}
	}
	r.defined[name] = true
}

// redefined reports whether the input may define a function or alias of
// that name.
func (r *Result) redefined(name string) bool { return r.anyAlias || r.defined[name] }
