package shells

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// ParamCommands returns the command lines that text would run through its
// positional parameters, which guardsh knows in $SHELL mode: in
// `sh -c '"$@"' x rm -rf /` the text alone says nothing, but its first
// command is `rm -rf /`. For every simple command whose name is a positional
// parameter ($0, $1, "$@", $*, ${2}, ...), the command is rebuilt with the
// parameters' values: quoted expansions keep each value one word, unquoted
// ones are split on blanks as the shell would. Other words are kept as
// written. The caller checks these lines with the text.
//
// Text that does not parse yields nothing here: the check of the text
// itself reports it.
func ParamCommands(text, name string, params []string) []string {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(text), "")
	if err != nil {
		return nil
	}
	values := append([]string{name}, params...)
	var lines []string
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 || !paramWord(call.Args[0]) {
			return true
		}
		var words []string
		for _, w := range call.Args {
			if paramWord(w) {
				words = append(words, paramValues(w, values)...)
				continue
			}
			var b strings.Builder
			syntax.NewPrinter().Print(&b, w)
			words = append(words, b.String())
		}
		if len(words) > 0 {
			lines = append(lines, strings.Join(words, " "))
		}
		return true
	})
	return lines
}

// paramWord reports whether w is exactly one positional parameter
// expansion, quoted or not.
func paramWord(w *syntax.Word) bool {
	_, _, ok := paramOf(w)
	return ok
}

// paramOf returns the parameter name ("0".."9..", "@", "*") of a word that
// is exactly one positional expansion, and whether it was double-quoted.
func paramOf(w *syntax.Word) (string, bool, bool) {
	if len(w.Parts) != 1 {
		return "", false, false
	}
	part := w.Parts[0]
	quoted := false
	if dq, ok := part.(*syntax.DblQuoted); ok {
		if len(dq.Parts) != 1 {
			return "", false, false
		}
		part, quoted = dq.Parts[0], true
	}
	pe, ok := part.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Length || pe.Excl || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Exp != nil {
		return "", false, false
	}
	v := pe.Param.Value
	if v == "@" || v == "*" {
		return v, quoted, true
	}
	if _, err := strconv.Atoi(v); err == nil {
		return v, quoted, true
	}
	return "", false, false
}

// paramValues expands a positional word to shell-quoted words.
func paramValues(w *syntax.Word, values []string) []string {
	p, quoted, _ := paramOf(w)
	var vals []string
	switch p {
	case "@", "*":
		vals = values[1:]
		if quoted && p == "*" {
			vals = []string{strings.Join(vals, " ")}
		}
	default:
		i, _ := strconv.Atoi(p)
		if i < len(values) {
			vals = []string{values[i]}
		}
	}
	var out []string
	for _, v := range vals {
		if quoted {
			out = append(out, shQuote(v))
			continue
		}
		for _, f := range strings.Fields(v) {
			out = append(out, shQuote(f))
		}
	}
	return out
}
