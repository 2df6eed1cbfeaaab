package parse

import (
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// shParsers keeps parsers of mvdan.cc/sh for reuse: a syntax.Parser holds
// two 1 KiB buffers, and a fresh one for each line (and each payload of
// it) was the largest allocation of an analysis. Parse resets a parser's
// state, including the batches its nodes come from, so a reused parser
// shares nothing with the trees it returned before.
var shParsers = sync.Pool{New: func() any { return syntax.NewParser() }}

// shParse parses text as a whole program in the language variant, as
// syntax.NewParser(syntax.Variant(lang)).Parse would, without comments.
func shParse(lang syntax.LangVariant, text string) (*syntax.File, error) {
	sp := shParsers.Get().(*syntax.Parser)
	syntax.Variant(lang)(sp)
	syntax.KeepComments(false)(sp)
	f, err := sp.Parse(strings.NewReader(text), "")
	shParsers.Put(sp)
	return f, err
}
