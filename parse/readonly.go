package parse

import (
	"maps"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Readonly variables: readonly D=/etc; D=/tmp/x leaves D /etc (bash prints
// an error and goes on; a POSIX shell exits), so rm -rf $D deletes /etc.

// markReadonly notes the variables readonly, declare -r, typeset -r or
// local -r makes read-only.
func (p *parser) markReadonly(dc *syntax.DeclClause) {
	ro := dc.Variant.Value == "readonly"
	for _, a := range dc.Args {
		if a.Naked && a.Name == nil && a.Value != nil {
			if f := a.Value.Lit(); strings.HasPrefix(f, "-") && strings.Contains(f, "r") {
				ro = true
			}
		}
	}
	if !ro {
		return
	}
	for _, a := range dc.Args {
		if a.Name == nil {
			continue
		}
		// The map is shared by copies of the variables (clone): a new
		// one for each change.
		m := maps.Clone(p.vars.readonly)
		if m == nil {
			m = map[string]bool{}
		}
		m[a.Name.Value] = true
		p.vars.readonly = m
	}
}

// readonlyAssign reports whether name is read-only (on some path), for an
// assignment of v to it: the value stays. The assigned value is kept as
// another value too, in case the variable is read-only on one path only
// (see mergeVars).
func (p *parser) readonlyAssign(name string, v Word) bool {
	if !p.vars.readonly[name] {
		return false
	}
	if v.Static && p.vars.known(name) {
		p.vars.addAlt(name, v.Value)
	}
	return true
}
