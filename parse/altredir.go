package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// groupDefaultRedirs returns the redirections of a compound statement read
// with the unknown variables their targets default unset, when that
// changes a target: { …; } > ${D:-/etc}/sudoers writes /etc/sudoers when D
// is unset (defaultRedirs does the same for a simple command). nil when
// no target reads a default.
func (p *parser) groupDefaultRedirs(rs []*syntax.Redirect, have []Redirect) []Redirect {
	if len(rs) != len(have) {
		return nil
	}
	var out []Redirect
	for i, r := range rs {
		if r.Word == nil || r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc || r.Op == syntax.WordHdoc {
			continue
		}
		names := p.defaultNames(r.Word)
		if len(names) == 0 {
			continue
		}
		res := newResolver(p.vars)
		res.noSplit = true
		res.unset = names
		lit := *r.Word
		fields, err := res.fields(&lit)
		if err != nil {
			continue
		}
		v := strings.Join(fields, " ")
		if v == have[i].Target.Value {
			continue
		}
		if out == nil {
			out = append([]Redirect(nil), have...)
		}
		out[i].Target = Word{Value: v, Static: !strings.Contains(v, "$"), Origin: "dynamic", Start: have[i].Target.Start, End: have[i].Target.End}
	}
	return out
}
