package parse

import (
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// minPrinters are minifying printers, reused: each new one allocates a
// 4 KiB buffer, and a script scan prints thousands of command
// substitutions.
var minPrinters = sync.Pool{New: func() any { return syntax.NewPrinter(syntax.Minify(true)) }}

// minified returns statements printed minified and joined with "; ", cut
// after the first 4 KiB.
func minified(stmts []*syntax.Stmt) string {
	var sb strings.Builder
	pr := minPrinters.Get().(*syntax.Printer)
	defer minPrinters.Put(pr)
	for i, st := range stmts {
		if sb.Len() > 4096 {
			break
		}
		if i > 0 {
			sb.WriteString("; ")
		}
		pr.Print(&sb, st)
	}
	return sb.String()
}

// getResolver returns a resolver of the walk's variables: one a word
// before used, when there is one (each new one allocates its
// expand.Config, about 13 % of a script scan's bytes). putResolver gives
// it back; nothing may keep it after.
func (p *parser) getResolver() *resolver {
	n := len(p.resolvers)
	if n == 0 {
		return newResolver(p.vars)
	}
	r := p.resolvers[n-1]
	p.resolvers = p.resolvers[:n-1]
	r.resolverState = resolverState{vars: p.vars}
	return r
}

func (p *parser) putResolver(r *resolver) {
	if len(p.resolvers) < 16 {
		p.resolvers = append(p.resolvers, r)
	}
}
