package parse

import "mvdan.cc/sh/v3/syntax"

// plainWord returns the value of a word that is one literal made of
// characters no shell expands (letters, digits, and . _ / - , : + % @ =
// ^, with = and : not first): the shell passes it as it is, so expanding it
// with a resolver would only cost time. It reports false for everything
// else: quotes, $, backslashes, ~, braces, glob characters, and words of a
// zsh line (zsh reads more of them).
func (p *parser) plainWord(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 || p.isZsh() {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok || l.Value == "" {
		return "", false
	}
	for i := 0; i < len(l.Value); i++ {
		c := l.Value[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '.' || c == '_' || c == '/' || c == '-' || c == ',' || c == '+' || c == '%' || c == '@' || c == '^':
		case (c == '=' || c == ':') && i > 0:
		default:
			return "", false
		}
	}
	return l.Value, true
}

// plainField is the field of a plain word (see plainWord), with its span.
func (p *parser) plainField(w *syntax.Word) (Word, bool) {
	v, ok := p.plainWord(w)
	if !ok {
		return Word{}, false
	}
	start, end := p.span(w.Pos(), w.End())
	return Word{Value: v, Static: true, Start: start, End: end}, true
}

// literalParts reports a word made only of literal text and single-quoted
// strings: it holds no substitution, expansion or arithmetic to walk.
func literalParts(w *syntax.Word) bool {
	for _, part := range w.Parts {
		switch part.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		default:
			return false
		}
	}
	return true
}
