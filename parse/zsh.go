package parse

import (
	"fmt"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// zsh is analysed with mvdan.cc/sh's zsh parser (syntax.LangZsh). The parser
// knows zsh's syntax but its expand package evaluates words as bash does, and
// some zsh constructs parse as plain words. This file gives them their zsh
// meaning:
//
//   - parameter expansions with flags (${(e)x}, ${(z)x}, ${(s: :)x},
//     ${(j:,:)a}), nested ones (${${:-x}}), ${=x} and an array read as $x
//     (all its elements: x=(rm -rf ~); $x runs rm) are evaluated here when
//     their values are known, and are dynamic otherwise; (e) re-expands the
//     value, so a command substitution in it is code;
//   - glob qualifiers that run code, *(e:CODE:), *(+func), *(oe:CODE:),
//     (#qe:CODE:), which the parser keeps as literal text;
//   - foreach NAME (WORDS) BODY end, which parses as commands named foreach
//     and end;
//   - zargs -- ARGS -- COMMAND, a wrapper.
//
// What the parser rejects (the short loop forms, if … { … }) is a parse
// error, and asked, except zsh's patterns, arithmetic and } always { that
// recover_zsh.go repairs in place.

func (p *parser) isZsh() bool { return p.opts.Shell == "zsh" }

// shellDialect is the dialect a payload given to the shell name is parsed
// in.
func shellDialect(name string) string {
	if name == "zsh" {
		return "zsh"
	}
	return "bash"
}

// zshWords returns ws with zsh's own parameter expansions replaced by
// references to values r knows (or to unknown ones).
func (p *parser) zshWords(r *resolver, ws []*syntax.Word) []*syntax.Word {
	var out []*syntax.Word
	for i, w := range ws {
		nw, changed := p.zshWord(r, w)
		if changed && out == nil {
			out = append([]*syntax.Word(nil), ws...)
		}
		if out != nil {
			out[i] = nw
		}
	}
	if out == nil {
		return ws
	}
	return out
}

func (p *parser) zshWord(r *resolver, w *syntax.Word) (*syntax.Word, bool) {
	if w == nil {
		return w, false
	}
	parts, changed := p.zshParts(r, w.Parts, false)
	if !changed {
		return w, false
	}
	return &syntax.Word{Parts: parts}, true
}

func (p *parser) zshParts(r *resolver, parts []syntax.WordPart, quoted bool) ([]syntax.WordPart, bool) {
	var out []syntax.WordPart
	for i, part := range parts {
		np, changed := part, false
		switch x := part.(type) {
		case *syntax.ParamExp:
			np, changed = p.zshParamPart(r, x, quoted)
		case *syntax.DblQuoted:
			if inner, ch := p.zshParts(r, x.Parts, true); ch {
				dq := *x
				dq.Parts = inner
				np, changed = &dq, true
			}
		}
		if changed && out == nil {
			out = append([]syntax.WordPart(nil), parts...)
		}
		if out != nil {
			out[i] = np
		}
	}
	if out == nil {
		return parts, false
	}
	return out, true
}

// zshOnly reports whether a parameter expansion means something else in zsh
// than in bash.
func (p *parser) zshOnly(pe *syntax.ParamExp) bool {
	if pe.Flags != nil || pe.NestedParam != nil || pe.Param == nil || pe.Split != 0 || pe.GlobSubst != 0 || pe.RcExpand != 0 || len(pe.Modifiers) > 0 {
		return true
	}
	if pe.Index != nil {
		// zsh counts from 1, and has slices ${x[i,j]}.
		return true
	}
	if pe.Length && pe.Index == nil {
		// ${#x} of an array counts its elements.
		_, isList := p.vars.list.get(pe.Param.Value)
		return isList
	}
	if pe.Index == nil && !pe.Length && !pe.Excl && pe.Exp == nil && pe.Slice == nil && pe.Repl == nil {
		// $x of an array is all its elements in zsh, its first in bash.
		_, isList := p.vars.list.get(pe.Param.Value)
		return isList && pe.Param.Value != "@" && pe.Param.Value != "*"
	}
	return false
}

// zshParamPart evaluates one zsh parameter expansion and puts its value in
// r, as a variable the returned expansion reads.
func (p *parser) zshParamPart(r *resolver, pe *syntax.ParamExp, quoted bool) (syntax.WordPart, bool) {
	if !p.zshOnly(pe) {
		return pe, false
	}
	vals, arr, ok := p.zshParam(r, pe, 0)
	if r.zsh == nil {
		r.zsh = map[string]*expand.Variable{}
	}
	name := fmt.Sprintf("\x00zsh%d", len(r.zsh))
	ref := &syntax.ParamExp{Dollar: pe.Dollar, Rbrace: pe.Rbrace, Param: &syntax.Lit{ValuePos: pe.Dollar, ValueEnd: pe.Dollar, Value: name}}
	switch {
	case !ok:
		r.zsh[name] = nil
	case quoted && !arr:
		r.zsh[name] = &expand.Variable{Set: true, Kind: expand.String, Str: strings.Join(vals, " ")}
	default:
		if !quoted {
			// Unquoted, zsh drops empty elements.
			var kept []string
			for _, v := range vals {
				if v != "" {
					kept = append(kept, v)
				}
			}
			vals = kept
		}
		r.zsh[name] = &expand.Variable{Set: true, Kind: expand.Indexed, List: vals}
		ref.Index = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pe.Dollar, ValueEnd: pe.Dollar, Value: "@"}}}
	}
	return ref, true
}

// zshParam evaluates a zsh parameter expansion: its values, whether it is an
// array, and whether it is statically known.
func (p *parser) zshParam(r *resolver, pe *syntax.ParamExp, depth int) (vals []string, arr, ok bool) {
	if depth > maxEvalDepth {
		return nil, false, false
	}
	set := true
	switch {
	case pe.NestedParam != nil:
		inner, isParam := pe.NestedParam.(*syntax.ParamExp)
		if !isParam {
			return nil, false, false
		}
		if vals, arr, ok = p.zshParam(r, inner, depth+1); !ok {
			return nil, false, false
		}
	case pe.Param == nil:
		set = false // ${:-word}
	default:
		name := pe.Param.Value
		if l, isList := p.vars.list.get(name); isList {
			vals, arr = append([]string(nil), l...), true
		} else if v, isVal := p.vars.val.get(name); isVal {
			vals = []string{v}
		} else if name == "HOME" {
			vals = []string{home}
		} else if w, isWord := pe.Index.(*syntax.Word); name == "commands" && isWord && w.Lit() != "" && pe.Flags == nil {
			// ${commands[rm]}: zsh's table of programs on PATH, read
			// as the program it names (see lookupOutput).
			return []string{"/usr/bin/" + w.Lit()}, false, true
		} else {
			if pe.Flags != nil && strings.Contains(pe.Flags.Value, "e") {
				// ${(e)x} of a download: the server decides what runs.
				at, line := p.nodeWord(pe)
				p.untrusted("${(e)"+name+"}", p.vars.dyn.at(name), at, line)
			}
			return nil, false, false
		}
	}
	if pe.Index != nil {
		if vals, arr, ok = zshIndex(pe.Index, vals, arr); !ok {
			return nil, false, false
		}
	}
	if pe.Length {
		n := len(strings.Join(vals, " "))
		if arr {
			n = len(vals)
		}
		return []string{strconv.Itoa(n)}, false, true
	}
	if pe.Slice != nil || pe.Repl != nil || pe.Excl || pe.Names != 0 || len(pe.Modifiers) > 0 {
		return nil, false, false
	}
	if pe.Exp != nil {
		empty := strings.Join(vals, "") == ""
		var use bool
		switch pe.Exp.Op {
		case syntax.DefaultUnset, syntax.AssignUnset:
			use = !set
		case syntax.DefaultUnsetOrNull, syntax.AssignUnsetOrNull:
			use = !set || empty
		case syntax.AlternateUnset:
			use, vals = set, nil
		case syntax.AlternateUnsetOrNull:
			use, vals = set && !empty, nil
		default:
			return nil, false, false
		}
		if use {
			w := p.literal(pe.Exp.Word)
			if !w.Static {
				return nil, false, false
			}
			vals, arr = []string{w.Value}, false
		}
	}
	if pe.Split == syntax.OptOn {
		vals, arr = splitAll(vals, strings.Fields), true
	}
	return p.zshFlags(r, pe, vals, arr)
}

// zshIndex applies a zsh subscript: [@], [*], [N] (from 1, or from the end
// when negative) and [N,M].
func zshIndex(x syntax.ArithmExpr, vals []string, arr bool) ([]string, bool, bool) {
	num := func(e syntax.ArithmExpr) (int, bool) {
		w, isWord := e.(*syntax.Word)
		if !isWord {
			if u, isUnary := e.(*syntax.UnaryArithm); isUnary && u.Op == syntax.Minus {
				n, ok := wordInt(u.X)
				return -n, ok
			}
			return 0, false
		}
		return wordInt(w)
	}
	pos := func(n, l int) int {
		if n < 0 {
			n += l + 1
		}
		return n
	}
	if w, isWord := x.(*syntax.Word); isWord && (w.Lit() == "@" || w.Lit() == "*") {
		return vals, arr, true
	}
	if !arr && len(vals) == 1 {
		// A subscript of a scalar picks characters.
		return nil, false, false
	}
	if b, isBin := x.(*syntax.BinaryArithm); isBin && b.Op == syntax.Comma {
		i, ok1 := num(b.X)
		j, ok2 := num(b.Y)
		if !ok1 || !ok2 {
			return nil, false, false
		}
		i, j = max(pos(i, len(vals)), 1), min(pos(j, len(vals)), len(vals))
		if i > j {
			return nil, true, true
		}
		return vals[i-1 : j], true, true
	}
	n, ok := num(x)
	if !ok {
		return nil, false, false
	}
	n = pos(n, len(vals))
	if n < 1 || n > len(vals) {
		return []string{""}, false, true
	}
	return []string{vals[n-1]}, false, true
}

func wordInt(e syntax.ArithmExpr) (int, bool) {
	w, ok := e.(*syntax.Word)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(w.Lit())
	return n, err == nil
}

func splitAll(vals []string, split func(string) []string) []string {
	var out []string
	for _, v := range vals {
		out = append(out, split(v)...)
	}
	return out
}

// zshFlag is one parameter expansion flag, with its delimited argument.
type zshFlag struct {
	c   byte
	arg string
}

// zshFlagList parses the text between the parentheses of ${(…)x}.
func zshFlagList(s string) ([]zshFlag, bool) {
	var out []zshFlag
	for i := 0; i < len(s); i++ {
		f := zshFlag{c: s[i]}
		switch f.c {
		case 's', 'j', 'l', 'r', 'Z', '_', 'I', 'g':
			if i+1 >= len(s) {
				return nil, false
			}
			d := s[i+1]
			end := closing(d)
			j := strings.IndexByte(s[i+2:], end)
			if j < 0 {
				return nil, false
			}
			f.arg = s[i+2 : i+2+j]
			i += 2 + j
			if f.c == 'l' || f.c == 'r' {
				// l:N::fill: takes up to two more delimited arguments.
				for k := 0; k < 2 && i+1 < len(s) && s[i+1] == d; k++ {
					n := strings.IndexByte(s[i+2:], end)
					if n < 0 {
						return nil, false
					}
					i += 2 + n
				}
			}
		}
		out = append(out, f)
	}
	return out, true
}

// closing returns the delimiter that closes an opening one: ) for (, and so
// on; any other character closes itself.
func closing(d byte) byte {
	switch d {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	case '<':
		return '>'
	}
	return d
}

// zshFlags applies the flags of ${(…)x} to vals.
func (p *parser) zshFlags(r *resolver, pe *syntax.ParamExp, vals []string, arr bool) ([]string, bool, bool) {
	if pe.Flags == nil {
		return vals, arr, true
	}
	flags, ok := zshFlagList(pe.Flags.Value)
	if !ok {
		return nil, false, false
	}
	// (e) first: the value is expanded again, and a command substitution
	// in it runs.
	for _, f := range flags {
		if f.c == 'e' {
			at, line := p.nodeWord(pe)
			label := "${(e)…}"
			for _, v := range vals {
				p.evalCode(label, v, at, line)
			}
			for _, v := range vals {
				if strings.ContainsAny(v, "$`") {
					return nil, false, false
				}
			}
		}
	}
	for _, f := range flags {
		switch f.c {
		case 'j':
			vals, arr = []string{strings.Join(vals, f.arg)}, false
		case 'F':
			vals, arr = []string{strings.Join(vals, "\n")}, false
		}
	}
	for _, f := range flags {
		switch f.c {
		case 's':
			sep := f.arg
			if sep == "" {
				return nil, false, false
			}
			vals, arr = splitAll(vals, func(v string) []string { return strings.Split(v, sep) }), true
		case 'f':
			vals, arr = splitAll(vals, func(v string) []string { return strings.Split(v, "\n") }), true
		case 'z', 'Z':
			vals, arr = splitAll(vals, zshWordsOf), true
		case '=':
			vals, arr = splitAll(vals, strings.Fields), true
		}
	}
	for _, f := range flags {
		switch f.c {
		case '@', 'e', 'j', 'F', 's', 'f', 'z', 'Z', 'o', 'O', 'u', 'i', 'n', 'a', 'q', 'b', 'A', '-', 'D', 'V', 't', 'c', 'w', 'W':
		case 'Q':
			for i, v := range vals {
				vals[i] = strings.NewReplacer(`\`, "", `'`, "", `"`, "").Replace(v)
			}
		case 'L':
			for i, v := range vals {
				vals[i] = strings.ToLower(v)
			}
		case 'U':
			for i, v := range vals {
				vals[i] = strings.ToUpper(v)
			}
		case 'C':
			for i, v := range vals {
				vals[i] = strings.Title(v) //nolint:staticcheck // zsh's (C) capitalises each word
			}
		case 'P':
			// The value names the parameter to read.
			if len(vals) != 1 {
				return nil, false, false
			}
			if l, isList := p.vars.list.get(vals[0]); isList {
				vals, arr = append([]string(nil), l...), true
			} else if v, isVal := p.vars.val.get(vals[0]); isVal {
				vals = []string{v}
			} else {
				return nil, false, false
			}
		default:
			return nil, false, false
		}
		if f.c == '@' {
			arr = true
		}
	}
	return vals, arr, true
}

// zshWordsOf splits text into shell words as (z) does, roughly: at blanks
// and around ; | & outside quotes. The words keep their quotes.
func zshWordsOf(s string) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			cur.WriteByte(c)
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
			cur.WriteByte(c)
		case c == '\\' && i+1 < len(s):
			cur.WriteByte(c)
			cur.WriteByte(s[i+1])
			i++
		case c == ' ' || c == '\t' || c == '\n':
			flush()
		case c == ';' || c == '|' || c == '&':
			flush()
			out = append(out, string(c))
		default:
			cur.WriteByte(c)
		}
	}
	flush()
	return out
}

// globQuals checks the glob qualifiers of a zsh word that run code: e:CODE:
// (also after o or O, to sort), +NAME, anywhere in a final (…) of the word
// or in (#q…).
func (p *parser) globQuals(w *syntax.Word) {
	var pattern strings.Builder
	literal := true
	for i, part := range w.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok {
			literal = false
			continue
		}
		v := lit.Value
		for k := 0; k < len(v); k++ {
			if v[k] != '(' {
				continue
			}
			rest := v[k+1:]
			q := strings.HasPrefix(rest, "#q")
			if q {
				rest = rest[2:]
			} else if i != len(w.Parts)-1 || !strings.HasSuffix(v, ")") {
				continue
			}
			codes, end, ok := qualCodes(rest)
			if !ok || !q && k+1+end != len(v)-1 {
				continue
			}
			reply := ""
			if literal {
				reply = pattern.String() + v[:k]
			}
			for _, code := range codes {
				p.qualCode(w, code, reply)
			}
		}
		pattern.WriteString(v)
	}
}

// qualCode checks the code of one glob qualifier, run for each file the
// pattern matches with the file name in $REPLY.
func (p *parser) qualCode(w *syntax.Word, code, reply string) {
	at, line := p.nodeWord(w)
	// The code is one shell word: remove its quotes.
	f, err := shParse(syntax.LangZsh, ": "+code+"\n")
	text, static := "", false
	if err == nil && len(f.Stmts) == 1 {
		if ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr); ok && len(ce.Args) > 1 {
			var parts []string
			static = true
			for _, a := range ce.Args[1:] {
				lw := p.literal(a)
				static = static && lw.Static
				parts = append(parts, lw.Value)
			}
			text = strings.Join(parts, " ")
		}
	}
	if !static {
		p.dynamicCodeAt("glob qualifier", Word{Value: code, Start: at.Start, End: at.End, Origin: "dynamic"}, line)
		return
	}
	saved, had := p.vars.val.get("REPLY")
	if reply != "" {
		p.vars.set("REPLY", reply)
	} else {
		p.vars.setDynamic("REPLY")
	}
	prev := p.inherit
	p.inherit = true
	p.payload("glob qualifier", text, at, line, false)
	p.inherit = prev
	if had {
		p.vars.set("REPLY", saved)
	} else {
		p.vars.val.del("REPLY")
		p.vars.dyn.del("REPLY")
	}
}

// qualCodes scans glob qualifiers, the text after "(" or "(#q", up to the
// closing ")": it returns the code of each e and + qualifier and the index
// of the ")".
func qualCodes(s string) ([]string, int, bool) {
	var codes []string
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case ')':
			return codes, i, true
		case '(', '|', '~', ' ':
			return nil, 0, false // a pattern group, not qualifiers
		case 'o', 'O':
			if i+1 < len(s) && (s[i+1] == 'e' || s[i+1] == '+') {
				continue // sort by code: the e or + follows
			}
			i++ // the sort key
		case 'e', 'u', 'g', 'P', 'f':
			if i+1 >= len(s) || isNameByte(s[i+1]) || s[i+1] == ')' {
				if c == 'e' {
					return nil, 0, false
				}
				continue // u0, g100, f644: numeric arguments
			}
			j, ok := delimited(s, i+1)
			if !ok {
				return nil, 0, false
			}
			if c == 'e' {
				codes = append(codes, s[i+2:j])
			}
			i = j
		case '+':
			j := i + 1
			for j < len(s) && (isNameByte(s[j]) || s[j] == '-' || s[j] == ':' || s[j] == '.') {
				j++
			}
			if j > i+1 {
				codes = append(codes, s[i+1:j])
			}
			i = j - 1
		case '[':
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				return nil, 0, false
			}
			i += j
		case ':':
			// Modifiers run to the end of the qualifiers.
			j := strings.LastIndexByte(s, ')')
			if j < i {
				return nil, 0, false
			}
			return codes, j, true
		}
	}
	return nil, 0, false
}

// delimited returns the index of the delimiter closing the argument that
// starts with the delimiter at s[i]; quoted text does not close it.
func delimited(s string, i int) (int, bool) {
	end := closing(s[i])
	var quote byte
	for j := i + 1; j < len(s); j++ {
		c := s[j]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\\':
			j++
		case c == '\'' || c == '"':
			quote = c
		case c == end:
			return j, true
		}
	}
	return 0, false
}

// zargs unwraps zargs [OPTIONS --] ARGS -- COMMAND [ARG…]: COMMAND runs with
// ARG… and ARGS.
func (p *parser) zargs(c *Command, args []Word) {
	first, seps := -1, 0
	for k, a := range args {
		if a.Value == "--" {
			seps++
			if first < 0 {
				first = k
			}
		}
	}
	i := 0
	if seps > 1 {
		i = first + 1 // OPTIONS -- ARGS -- COMMAND
	} else {
		for i < len(args) && strings.HasPrefix(args[i].Value, "-") && args[i].Value != "--" {
			if v := args[i].Value; len(v) == 2 && strings.ContainsRune("eIlLnPsx", rune(v[1])) {
				i++ // an option with its value
			}
			i++
		}
	}
	var inputs []Word
	for ; i < len(args) && args[i].Value != "--"; i++ {
		inputs = append(inputs, args[i])
	}
	if i+1 >= len(args) {
		return
	}
	cmd := append(append([]Word(nil), args[i+1:]...), inputs...)
	p.inner(c, "zargs", cmd, nil)
}

// foreach walks zsh's foreach NAME … (WORDS) BODY end, which the parser
// reads as a command named foreach, the commands of the body, and end. It
// returns how many statements of list it used, or 0.
func (p *parser) foreach(list []*syntax.Stmt, c ctx) int {
	ce, ok := list[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) < 3 || ce.Args[0].Lit() != "foreach" {
		return 0
	}
	// Names, then a word starting with "(", words up to one ending in ")".
	var names []string
	i := 1
	for ; i < len(ce.Args) && ValidName(ce.Args[i].Lit()); i++ {
		names = append(names, ce.Args[i].Lit())
	}
	if len(names) == 0 || i == len(ce.Args) {
		return 0
	}
	// The list: from a word starting with "(" to one ending with ")". The
	// parser may keep it as one literal, spaces and quotes included: read
	// its text again as words.
	var group []string
	open := false
	for ; i < len(ce.Args); i++ {
		text := p.text(ce.Args[i])
		if !open {
			if !strings.HasPrefix(text, "(") {
				return 0
			}
			open = true
		}
		group = append(group, text)
		if strings.HasSuffix(text, ")") {
			i++
			break
		}
	}
	inner := strings.TrimSuffix(strings.TrimPrefix(strings.Join(group, " "), "("), ")")
	f, err := shParse(syntax.LangZsh, ": "+inner+"\n")
	if err != nil || len(f.Stmts) != 1 {
		return 0
	}
	list1, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok {
		return 0
	}
	var values []Word
	for _, w := range list1.Args[1:] {
		values = append(values, p.fieldsOf(inner, w, list[0])...)
	}
	// The body: the rest of this statement, then statements up to end.
	var body []*syntax.Stmt
	if i < len(ce.Args) {
		st := *list[0]
		st.Cmd = &syntax.CallExpr{Args: ce.Args[i:]}
		body = append(body, &st)
	}
	n := 1
	for ; n < len(list); n++ {
		if e, ok := list[n].Cmd.(*syntax.CallExpr); ok && len(e.Args) == 1 && e.Args[0].Lit() == "end" {
			n++
			break
		}
		body = append(body, list[n])
	}
	c.loop = true
	static := len(values) > 0 && len(values) <= 8*len(names)
	for _, v := range values {
		static = static && v.Static
	}
	if static && p.loopDepth < 2 {
		p.loopDepth++
		p.unrolledBody((len(values)+len(names)-1)/len(names), func(i int) {
			k := i * len(names)
			for j, name := range names {
				if k+j < len(values) {
					p.vars.set(name, values[k+j].Value)
				} else {
					p.vars.set(name, "")
				}
			}
			p.stmts(body, c)
		})
		p.loopDepth--
	} else {
		for _, name := range names {
			p.vars.setDynamic(name)
		}
		p.loopBody(body, c, false) // see flow.go
	}
	for _, name := range names {
		p.vars.setDynamic(name)
	}
	return n
}

// fieldsOf resolves a word parsed from text other than the parser's own
// source (such as the list of a foreach).
// Its positions are those of at.
func (p *parser) fieldsOf(text string, w *syntax.Word, at syntax.Node) []Word {
	savedSrc, savedOuter := p.src, p.outer
	if p.outer == nil {
		start, end := p.span(at.Pos(), at.End())
		p.outer = &[2]int{start, end}
	}
	p.src = ": " + text + "\n"
	defer func() { p.src, p.outer = savedSrc, savedOuter }()
	return p.fields(w)
}

// zshQualGroups returns the glob qualifier groups of a zsh word, as
// written: a final (…) after some pattern, and each (#q…).
func zshQualGroups(w *syntax.Word) []string {
	var out []string
	for i, part := range w.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok {
			continue
		}
		v := lit.Value
		for k := 0; k < len(v); k++ {
			if v[k] != '(' || k == 0 && i == 0 {
				continue
			}
			rest := v[k+1:]
			q := strings.HasPrefix(rest, "#q")
			if q {
				rest = rest[2:]
			} else if i != len(w.Parts)-1 || !strings.HasSuffix(v, ")") {
				continue
			}
			_, end, ok := qualCodes(rest)
			if !ok {
				continue
			}
			if q {
				out = append(out, v[k:k+3+end+1])
			} else if k+1+end == len(v)-1 {
				out = append(out, v[k:])
			}
		}
	}
	return out
}

// zshGlobValues removes the glob qualifiers from the fields of a zsh word:
// rm -rf /(N) deletes /, rm -rf /*(D) everything under it.
func zshGlobValues(w *syntax.Word, vals []string) []string {
	groups := zshQualGroups(w)
	if len(groups) == 0 {
		return vals
	}
	out := make([]string, len(vals))
	renames := false
	for i, v := range vals {
		raw := v
		for _, g := range groups {
			renames = renames || qualRenames(g)
			if strings.HasPrefix(g, "(#q") {
				v = strings.Replace(v, g, "", 1)
			} else {
				v = strings.TrimSuffix(v, g)
			}
		}
		out[i] = v
		if renames {
			// dist(:a:h) is the working directory, dist(e:'REPLY=/':)
			// is /: the name as written is judged too (redteam4.go).
			out = append(out, raw)
		}
	}
	return out
}
