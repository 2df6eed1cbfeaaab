package parse

import "mvdan.cc/sh/v3/syntax"

// solePart returns the one part of a word made of a single part, looking
// inside double quotes ("$x" is $x), and whether it was quoted; nil when the
// word has more parts than one.
func solePart(w *syntax.Word) (part syntax.WordPart, quoted bool) {
	parts := w.Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts, quoted = dq.Parts, true
		}
	}
	if len(parts) != 1 {
		return nil, false
	}
	return parts[0], quoted
}

// simpleParam returns the expansion of a word that is one plain $NAME or
// ${NAME}, possibly in double quotes: no operator, index, slice, length, zsh
// flags or indirection. It returns nil for any other word.
func simpleParam(w *syntax.Word) *syntax.ParamExp {
	part, _ := solePart(w)
	pe, ok := part.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Names != 0 || pe.Exp != nil || pe.Flags != nil || pe.NestedParam != nil {
		return nil
	}
	return pe
}
