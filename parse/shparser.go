package parse

import (
	"runtime"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// shParsers keeps parsers of mvdan.cc/sh for reuse, one pool per language
// variant: a syntax.Parser holds two 1 KiB buffers, and a fresh one for
// each line (and each payload of it) was the largest allocation of an
// analysis. Parse resets a parser's state, including the batches its nodes
// come from, so a reused parser shares nothing with the trees it returned
// before. Pooled parsers keep the defaults but for the variant (comments
// are not kept).
var shParsers sync.Map // syntax.LangVariant → *sync.Pool of *shParser

type shParser struct {
	p *syntax.Parser
	r strings.Reader
}

// shParse parses text as a whole program in the language variant, as
// syntax.NewParser(syntax.Variant(lang)).Parse would, without comments.
func shParse(lang syntax.LangVariant, text string) (*syntax.File, error) {
	v, ok := shParsers.Load(lang)
	if !ok {
		v, _ = shParsers.LoadOrStore(lang, &sync.Pool{New: func() any {
			return &shParser{p: syntax.NewParser(syntax.Variant(lang))}
		}})
	}
	pool := v.(*sync.Pool)
	sp := pool.Get().(*shParser)
	sp.r.Reset(text)
	f, err := sp.p.Parse(&sp.r, "")
	sp.r.Reset("")
	pool.Put(sp)
	return f, err
}

// eachStmt calls fn with each statement of src as the parser reads it, until
// fn returns false, and returns the parse error, if any. It is
// syntax.Parser.Stmts without its flaw: in mvdan.cc/sh v3.14.1, after Stmts
// stops at a statement's error its iterator yields the error once more, and
// Go panics ("range function continued iteration after function for loop
// body returned false"). rm -rf / followed by an unclosed here-document
// (<<0&) lost its hardline finding to that panic. The statements before the
// error have been given to fn; the repeated yield carries nothing new.
func eachStmt(p *syntax.Parser, src string, fn func(*syntax.Stmt) bool) (err error) {
	var seen error
	defer func() {
		if r := recover(); r != nil {
			re, ok := r.(runtime.Error)
			if !ok || !strings.Contains(re.Error(), "continued iteration") {
				panic(r)
			}
			err = seen
		}
	}()
	for st, e := range p.StmtsSeq(strings.NewReader(src)) {
		if e != nil {
			seen = e
			return e
		}
		if !fn(st) {
			return nil
		}
	}
	return nil
}
