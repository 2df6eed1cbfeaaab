package payload

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits of expression evaluation.
const (
	srcMaxEvalToks = 1024    // tokens in one evaluated expression
	srcMaxEvalLen  = 1 << 16 // bytes in one evaluated string
	srcMaxEvalDeep = 32      // nesting of evaluated expressions
	srcMaxValues   = 16      // values remembered for one variable
)

// chain reads a dotted name at token i: a.b.c, a::b, a->b, a["b"], with
// __import__("m"), require("m"), getattr(x, "n"), method(:n) resolved. It
// returns the canonical name, the index after the chain, and the insides
// of the brackets it consumed, which hold code of their own.
func (sc *srcScanner) chain(st *srcStream, i, b, depth int) (string, int, [][2]int) {
	toks := st.toks
	if i >= b || toks[i].kind != srcIdent {
		return "", i, nil
	}
	parts := []string{toks[i].text}
	var inner [][2]int
	dictLike := false // Python: parts name a namespace dictionary
	j := i + 1
	if st.lang == LangNode && toks[i].text == "new" && j < b && toks[j].kind == srcIdent {
		parts[0] = toks[j].text
		j++
	}
	if a, ok := sc.alias[parts[0]]; ok {
		parts = strings.Split(a, ".")
	}
	for j < b && len(parts) < 64 {
		if j+1 < b && toks[j].kind == srcPunct && toks[j+1].kind == srcIdent && srcIsSep(st.lang, toks[j].text) {
			parts = append(parts, toks[j+1].text)
			j += 2
			continue
		}
		if st.is(j, "[") && st.lang != LangPerl && st.lang != LangAwk {
			// A subscript with a constant string: os.__dict__["system"],
			// global["ev" + "al"].
			m := st.close(j, b)
			if m > j+1 && m-j < 64 && depth < srcMaxEvalDeep {
				if v := sc.eval(st, j+1, m, depth+1); v.static && v.s != "" && len(v.s) < 128 && !v.isList {
					parts = append(parts, v.s)
					inner = append(inner, [2]int{j + 1, m})
					j = m + 1
					continue
				}
			}
			break
		}
		if st.is(j, "(") && depth < srcMaxEvalDeep && st.lang == LangPython && len(parts) > 1 && parts[len(parts)-1] == "get" && (dictLike || parts[len(parts)-2] == "__dict__") {
			// os.__dict__.get("system"), vars(os).get("system")
			m := st.close(j, b)
			if args := srcPositional(st.args(j+1, m)); len(args) >= 1 {
				if v := sc.eval(st, args[0].a, args[0].b, depth+1); v.static && v.s != "" && len(v.s) < 128 {
					parts = append(parts[:len(parts)-1], v.s)
					inner = append(inner, [2]int{j + 1, m})
					j = m + 1
					continue
				}
			}
		}
		if st.is(j, "(") && depth < srcMaxEvalDeep {
			if p, ok := sc.loader(st, parts, j, b, depth); ok {
				last := parts[len(parts)-1]
				dictLike = last == "vars" || last == "globals" || last == "locals"
				parts = p
				inner = append(inner, [2]int{j + 1, st.close(j, b)})
				j = st.close(j, b) + 1
				if st.lang == LangRuby && st.is(j, ".") && st.isWord(j+1, "call") {
					j += 2 // method(:system).call(…)
				}
				continue
			}
		}
		break
	}
	return sc.canon(st.lang, parts), j, inner
}

// srcLoaderName reports whether name is a function that loads modules or
// looks up attributes, which an alias keeps working.
func srcLoaderName(name string) bool {
	switch name {
	case "__import__", "getattr", "require", "vars", "globals", "locals", "method", "eval", "exec", "compile":
		return true
	}
	return false
}

func srcIsSep(lang Lang, p string) bool {
	switch p {
	case ".", "?.":
		return lang != LangPerl && lang != LangPHP && lang != LangAwk
	case "::":
		return lang == LangPerl || lang == LangRuby || lang == LangPHP
	case "->":
		return lang == LangPerl || lang == LangPHP
	case "\\":
		return lang == LangPHP
	}
	return false
}

// loader resolves a call in a chain that yields a module or a function:
// __import__("os"), importlib.import_module("os"), getattr(os, "system"),
// vars(os), globals(), require("child_process"), import("…"), method(:system).
func (sc *srcScanner) loader(st *srcStream, parts []string, open, b, depth int) ([]string, bool) {
	end := st.close(open, b)
	args := srcPositional(st.args(open+1, end))
	last := parts[len(parts)-1]
	str := func(k int) (string, bool) {
		if k >= len(args) {
			return "", false
		}
		v := sc.eval(st, args[k].a, args[k].b, depth+1)
		return v.s, v.static && v.s != "" && len(v.s) < 256
	}
	switch st.lang {
	case LangPython:
		joined := strings.Join(parts, ".")
		switch {
		case last == "__import__" || joined == "importlib.import_module":
			if s, ok := str(0); ok {
				if last == "__import__" {
					s, _, _ = strings.Cut(s, ".")
				}
				return strings.Split(s, "."), true
			}
		case last == "getattr" && len(parts) <= 2:
			if len(args) >= 2 {
				name, j, _ := sc.chain(st, args[0].a, args[0].b, depth+1)
				if attr, ok := str(1); ok && name != "" && j == args[0].b {
					return append(strings.Split(name, "."), attr), true
				}
				switch name {
				case "os", "subprocess", "pty", "commands", "posix", "builtins", "__builtins__", "ctypes", "shutil":
					// An attribute of a module that runs commands, chosen at run time.
					sc.dynamic(st.text(open-1, end+1))
				}
			}
		case (last == "__getattribute__" || last == "__getattr__") && len(parts) > 1:
			if attr, ok := str(0); ok {
				return append(append([]string(nil), parts[:len(parts)-1]...), attr), true
			}
		case last == "vars" && len(parts) == 1 && len(args) == 1:
			name, j, _ := sc.chain(st, args[0].a, args[0].b, depth+1)
			if name != "" && j == args[0].b {
				return strings.Split(name, "."), true
			}
		case (last == "globals" || last == "locals") && len(parts) == 1 && len(args) == 0:
			return []string{"__builtins__"}, true
		}
	case LangNode:
		if last == "require" || last == "import" && len(parts) == 1 || last == "_load" {
			if s, ok := str(0); ok {
				s = strings.TrimPrefix(s, "node:")
				if s == "child_process" {
					sc.cp = true
				}
				return []string{s}, true
			}
		}
	case LangRuby:
		if last == "method" || last == "public_method" {
			if s, ok := str(0); ok {
				return append(append([]string(nil), parts[:len(parts)-1]...), s), true
			}
		}
	}
	return nil, false
}

// canon returns the canonical spelling of a name: aliases resolved, module
// spellings unified.
func (sc *srcScanner) canon(lang Lang, parts []string) string {
	drop := func(words ...string) {
		for len(parts) > 1 {
			found := false
			for _, w := range words {
				if parts[0] == w {
					found = true
				}
			}
			if !found {
				return
			}
			parts = parts[1:]
		}
	}
	switch lang {
	case LangPython:
		var out []string
		for _, p := range parts {
			if p != "__dict__" {
				out = append(out, p)
			}
		}
		parts = out
		if len(parts) == 0 {
			return ""
		}
		drop("builtins", "__builtins__", "__builtin__")
		if len(parts) > 2 && parts[0] == "sys" && parts[1] == "modules" {
			parts = parts[2:]
			drop("builtins", "__builtins__", "__builtin__")
		}
		if parts[0] == "posix" || parts[0] == "nt" {
			parts[0] = "os"
		}
	case LangNode:
		drop("globalThis", "global", "window", "self")
		for k, p := range parts {
			p = strings.TrimPrefix(p, "node:")
			if p == "fs/promises" {
				p = "fsPromises"
			}
			parts[k] = p
		}
		if len(parts) > 1 && parts[0] == "fs" && parts[1] == "promises" {
			parts = append([]string{"fsPromises"}, parts[2:]...)
		}
		var out []string
		for _, p := range parts {
			if p != "default" {
				out = append(out, p)
			}
		}
		parts = out
		if len(parts) == 0 {
			return ""
		}
	case LangPerl:
		drop("CORE", "GLOBAL", "main")
	case LangRuby:
		drop("", "Kernel", "Object")
	case LangPHP:
		p := strings.ToLower(parts[len(parts)-1])
		if len(parts) > 1 && (strings.HasPrefix(parts[0], "$") || parts[len(parts)-2] == "self" || parts[len(parts)-2] == "this") {
			return strings.ToLower(strings.Join(parts, "."))
		}
		return p
	}
	return strings.Join(parts, ".")
}

// lookup returns the value of a variable.
func (sc *srcScanner) lookup(st *srcStream, name string) (srcVal, bool) {
	vals := sc.env[name]
	switch len(vals) {
	case 0:
		if m, ok := sc.alias[name]; ok {
			return srcVal{module: m, text: name}, true
		}
		return srcVal{text: name}, false
	case 1:
		return vals[0], true
	}
	return srcVal{alts: vals, text: name}, true
}

// statement handles imports and assignments at token i, and returns the
// index to go on from (i if there is nothing here).
func (sc *srcScanner) statement(st *srcStream, i, depth int) int {
	toks := st.toks
	t := &toks[i]
	start := i == 0 || t.nl || st.is(i-1, ";") || st.is(i-1, "{") || st.is(i-1, ":")
	switch {
	case st.lang == LangPython && start && t.text == "import":
		return sc.pyImport(st, i)
	case st.lang == LangPython && start && t.text == "from":
		return sc.pyFrom(st, i)
	case st.lang == LangNode && t.text == "import" && !st.is(i+1, "(") && !st.is(i+1, "."):
		return sc.jsImport(st, i)
	case t.text == "for" || t.text == "foreach":
		sc.loop(st, i)
		return i
	case st.lang == LangNode && (t.text == "const" || t.text == "let" || t.text == "var") && st.is(i+1, "{"):
		return sc.jsDestructure(st, i+1, depth)
	}
	if i+1 >= len(toks) || toks[i+1].kind != srcPunct {
		return i
	}
	op := toks[i+1].text
	if op != "=" && op != "+=" && op != ".=" && op != "||=" {
		return i
	}
	if i > 0 && toks[i-1].kind == srcPunct && srcIsSep(st.lang, toks[i-1].text) {
		return i // an attribute
	}
	if st.lang == LangPython && i > 0 && (st.is(i-1, "(") || st.is(i-1, ",")) {
		return i // a keyword argument
	}
	name := t.text
	end, ok := st.exprEnd(i + 2)
	if end <= i+2 {
		return i
	}
	if !ok {
		sc.setVar(name, srcVal{text: name})
		return i + 2
	}
	if op != "=" {
		old, _ := sc.lookup(st, name)
		v := sc.eval(st, i+2, end, 0)
		sc.setVar(name, srcConcat(old, v))
		return i + 2
	}
	sc.assign(st, name, i+2, end)
	return i + 2
}

// loop gives a loop variable the values of a constant list:
// for c in ["a", "b"] (Python, Ruby), for (const c of [...]) (JavaScript),
// for my $c ("a", "b") (Perl).
func (sc *srcScanner) loop(st *srcStream, i int) {
	toks := st.toks
	j := i + 1
	var name string
	var a, b int
	switch st.lang {
	case LangPython, LangRuby:
		if j+1 >= len(toks) || toks[j].kind != srcIdent || !st.isWord(j+1, "in") {
			return
		}
		name, a = toks[j].text, j+2
		end, ok := st.stmtEndOK(a, false)
		if !ok {
			return
		}
		b = end
		for k := a; k < end; k++ {
			if st.is(k, ":") && st.lang == LangPython || st.isWord(k, "do") {
				b = k
				break
			}
			if st.is(k, "(") || st.is(k, "[") || st.is(k, "{") {
				k = st.close(k, end)
			}
		}
	case LangNode:
		if !st.is(j, "(") {
			return
		}
		m := st.close(j, len(toks))
		k := j + 1
		if st.isWord(k, "const") || st.isWord(k, "let") || st.isWord(k, "var") {
			k++
		}
		if k+1 >= m || toks[k].kind != srcIdent || !st.isWord(k+1, "of") {
			return
		}
		name, a, b = toks[k].text, k+2, m
	case LangPerl:
		if st.isWord(j, "my") || st.isWord(j, "our") {
			j++
		}
		if j >= len(toks) || toks[j].kind != srcIdent || !strings.HasPrefix(toks[j].text, "$") || !st.is(j+1, "(") {
			return
		}
		name, a, b = toks[j].text, j+1, st.close(j+1, len(toks))+1
	default:
		return
	}
	if b <= a || b-a > srcMaxEvalToks {
		return
	}
	v := sc.eval(st, a, b, 0)
	if !v.isList || len(v.list) > srcMaxValues {
		sc.setVar(name, srcVal{text: name})
		return
	}
	for _, e := range v.list {
		sc.setVar(name, e)
	}
}

// exprEnd is stmtEndOK that also stops at a top-level comma.
func (st *srcStream) exprEnd(i int) (int, bool) {
	return st.stmtEndOK(i, true)
}

func (sc *srcScanner) setVar(name string, v srcVal) {
	vals := sc.env[name]
	if len(vals) >= srcMaxValues {
		sc.env[name] = []srcVal{{text: name}}
		return
	}
	sc.env[name] = append(vals, v)
}

// assign records name = tokens [a, end).
func (sc *srcScanner) assign(st *srcStream, name string, a, end int) {
	toks := st.toks
	if end == a+1 && toks[a].kind == srcIdent {
		if vals, ok := sc.env[toks[a].text]; ok {
			for _, v := range vals {
				sc.setVar(name, v)
			}
			return
		}
	}
	if toks[a].kind == srcIdent {
		target, j, _ := sc.chain(st, a, end, 0)
		if j == end && target != "" && target != name {
			_, isVar := sc.env[toks[a].text]
			if _, ok := sc.handler(st.lang, target); ok || strings.Contains(target, ".") || sc.alias[toks[a].text] != "" || target != toks[a].text || !isVar && srcLoaderName(target) {
				sc.alias[name] = target
				delete(sc.env, name)
				return
			}
		}
	}
	v := sc.eval(st, a, end, 0)
	if v.module != "" {
		sc.alias[name] = v.module
		return
	}
	if _, ok := sc.alias[name]; ok {
		delete(sc.alias, name)
	}
	sc.setVar(name, v)
}

// pyImport handles import a.b [as c], d.
func (sc *srcScanner) pyImport(st *srcStream, i int) int {
	end := st.stmtEnd(i)
	j := i + 1
	for j < end {
		start := j
		var dotted []string
		for j < end && st.toks[j].kind == srcIdent {
			dotted = append(dotted, st.toks[j].text)
			j++
			if !st.is(j, ".") {
				break
			}
			j++
		}
		if st.isWord(j, "as") && j+1 < end {
			sc.alias[st.toks[j+1].text] = strings.Join(dotted, ".")
			j += 2
		}
		if !st.is(j, ",") || j == start {
			break
		}
		j++
	}
	return end
}

// pyFrom handles from a.b import x [as y], * .
func (sc *srcScanner) pyFrom(st *srcStream, i int) int {
	end := st.stmtEnd(i)
	j := i + 1
	var dotted []string
	for j < end && st.toks[j].kind == srcIdent {
		dotted = append(dotted, st.toks[j].text)
		j++
		if !st.is(j, ".") {
			break
		}
		j++
	}
	if !st.isWord(j, "import") {
		return end
	}
	mod := sc.canon(LangPython, append(dotted, "x"))
	mod = strings.TrimSuffix(mod, ".x")
	j++
	if st.is(j, "(") {
		end = st.close(j, len(st.toks))
		j++
	}
	for j < end {
		if st.is(j, "*") {
			sc.star[mod] = true
			j++
		} else if st.toks[j].kind == srcIdent {
			name := st.toks[j].text
			local := name
			j++
			if st.isWord(j, "as") && j+1 < end {
				local = st.toks[j+1].text
				j += 2
			}
			sc.alias[local] = mod + "." + name
		} else {
			j++
		}
	}
	return end
}

// jsImport handles import X, {a as b}, * as Y from "m".
func (sc *srcScanner) jsImport(st *srcStream, i int) int {
	end := st.stmtEnd(i)
	f := -1
	for j := i + 1; j < end; j++ {
		if st.isWord(j, "from") {
			f = j
			break
		}
	}
	if f < 0 || f+1 >= len(st.toks) || st.toks[f+1].kind != srcStr {
		return i + 1
	}
	mod, ok := st.toks[f+1].static()
	if !ok {
		return i + 1
	}
	mod = strings.TrimPrefix(mod, "node:")
	if mod == "child_process" {
		sc.cp = true
	}
	inBraces := false
	for j := i + 1; j < f; j++ {
		t := &st.toks[j]
		switch {
		case t.kind == srcPunct && t.text == "{":
			inBraces = true
		case t.kind == srcPunct && t.text == "}":
			inBraces = false
		case t.kind == srcPunct && t.text == "*" && st.isWord(j+1, "as") && j+2 < f:
			sc.alias[st.toks[j+2].text] = mod
			j += 2
		case t.kind == srcIdent && inBraces:
			local := t.text
			if st.isWord(j+1, "as") && j+2 < f {
				local = st.toks[j+2].text
				sc.alias[local] = mod + "." + t.text
				j += 2
				continue
			}
			sc.alias[local] = mod + "." + t.text
		case t.kind == srcIdent && t.text != "type":
			sc.alias[t.text] = mod
		}
	}
	return f + 2
}

// jsDestructure handles const {a, b: c} = require("m") with the { at i.
func (sc *srcScanner) jsDestructure(st *srcStream, i, depth int) int {
	m := st.close(i, len(st.toks))
	if !st.is(m+1, "=") {
		return i
	}
	end, _ := st.exprEnd(m + 2)
	v := sc.eval(st, m+2, end, 0)
	mod := v.module
	if mod == "" {
		name, j, _ := sc.chain(st, m+2, end, depth)
		if j != end || name == "" {
			return m + 2
		}
		mod = name
	}
	for _, f := range st.args(i+1, m) {
		t := &st.toks[f.a]
		if t.kind != srcIdent {
			continue
		}
		local := t.text
		if st.is(f.a+1, ":") && f.a+2 < f.b && st.toks[f.a+2].kind == srcIdent {
			local = st.toks[f.a+2].text
		}
		sc.alias[local] = mod + "." + t.text
	}
	return m + 2
}

// strVal returns the value of a string token, with interpolated variables
// substituted when they are known.
func (sc *srcScanner) strVal(st *srcStream, t *srcTok) srcVal {
	if s, ok := t.static(); ok {
		if t.kind == srcWords {
			return srcWordsVal(s)
		}
		return srcStatic(s)
	}
	var b strings.Builder
	for _, p := range t.parts {
		if !p.isCode {
			b.WriteString(p.lit)
			continue
		}
		if len(p.code) == 0 || len(p.code) > 64 {
			return srcVal{text: t.text}
		}
		in := srcNewStream(st.lang, st.src, p.code)
		v := sc.eval(in, 0, len(p.code), 1)
		if !v.static || v.isList {
			return srcVal{text: t.text}
		}
		b.WriteString(v.s)
		if b.Len() > srcMaxEvalLen {
			return srcVal{text: t.text}
		}
	}
	if t.kind == srcWords {
		return srcWordsVal(b.String())
	}
	return srcStatic(b.String())
}

func srcWordsVal(s string) srcVal {
	v := srcVal{isList: true}
	for _, f := range strings.Fields(s) {
		v.list = append(v.list, srcStatic(f))
	}
	return v
}

// srcConcat joins two values with the language's string concatenation.
func srcConcat(a, b srcVal) srcVal {
	if a.isList && b.isList {
		if len(a.list)+len(b.list) > srcMaxEvalToks {
			return srcVal{}
		}
		return srcVal{isList: true, list: append(append([]srcVal(nil), a.list...), b.list...)}
	}
	if a.static && !a.isList && len(a.alts) == 0 && !b.static && !b.isList && len(b.alts) == 0 &&
		strings.ContainsAny(a.s, " \t") && !srcOpenSingle(a.s) && HomeExpr(strings.TrimSpace(b.text)) && len(a.s) < srcMaxEvalLen {
		// A command line ending in the home directory: "rm -rf " +
		// os.environ["HOME"] is the shell's rm -rf $HOME.
		return srcStatic(a.s + "$HOME")
	}
	if !a.static || !b.static || len(a.alts) > 0 || len(b.alts) > 0 || a.isList || b.isList || len(a.s)+len(b.s) > srcMaxEvalLen {
		return srcVal{}
	}
	return srcStatic(a.s + b.s)
}

// srcOpenSingle reports whether shell text s ends inside single quotes,
// where $HOME would be literal text.
func srcOpenSingle(s string) bool {
	in, dq := false, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case in:
			in = c != '\''
		case c == '\\':
			i++
		case c == '"':
			dq = !dq
		case c == '\'' && !dq:
			in = true
		}
	}
	return in
}

// isConcat reports whether the operator at token i concatenates strings.
func (st *srcStream) isConcat(i int) bool {
	t := &st.toks[i]
	if t.kind != srcPunct {
		return false
	}
	switch st.lang {
	case LangPerl, LangPHP:
		return t.text == "."
	case LangPython, LangNode, LangRuby:
		return t.text == "+"
	}
	return false
}

// eval evaluates tokens [a, b) as an expression.
func (sc *srcScanner) eval(st *srcStream, a, b, depth int) srcVal {
	if b > len(st.toks) {
		b = len(st.toks)
	}
	text := st.text(a, b)
	if a >= b || b-a > srcMaxEvalToks || depth > srcMaxEvalDeep {
		return srcVal{text: text}
	}
	v, i := sc.term(st, a, b, depth)
	for i < b {
		t := &st.toks[i]
		switch {
		case st.isConcat(i):
			w, j := sc.term(st, i+1, b, depth)
			if !w.static && !w.isList && len(w.alts) == 0 {
				w.text = st.text(i+1, j)
			}
			v, i = srcConcat(v, w), j
		case st.lang == LangPython && t.kind == srcStr || st.lang == LangAwk && srcTermStart(t) && t.kind != srcPunct:
			w, j := sc.term(st, i, b, depth)
			v, i = srcConcat(v, w), j
		case (st.lang == LangPython || st.lang == LangRuby) && t.kind == srcPunct && t.text == "%" && v.static:
			w, j := sc.term(st, i+1, b, depth)
			args := []srcVal{w}
			if w.isList {
				args = w.list
			}
			s, ok := srcFormat(v.s, args)
			if !ok {
				return srcVal{text: text}
			}
			v, i = srcStatic(s), j
		default:
			return srcVal{text: text}
		}
	}
	if !v.static && !v.isList && len(v.alts) == 0 {
		v.text = text
	}
	return v
}

// term evaluates one operand at a with its postfix operations, and
// returns its value and the index after it.
func (sc *srcScanner) term(st *srcStream, a, b, depth int) (srcVal, int) {
	if a >= b {
		return srcVal{}, b
	}
	toks := st.toks
	t := &toks[a]
	var v srcVal
	i := a + 1
	switch t.kind {
	case srcStr, srcWords, srcSym:
		if t.kind == srcSym {
			v = srcStatic(t.text)
		} else {
			v = sc.strVal(st, t)
		}
	case srcNum:
		v = srcStatic(t.text)
	case srcPunct:
		switch t.text {
		case "(", "[":
			m := st.close(a, b)
			i = m + 1
			args := srcPositional(st.args(a+1, m))
			if t.text == "(" && len(args) == 1 && !st.is(m-1, ",") {
				v = sc.eval(st, args[0].a, args[0].b, depth+1)
				break
			}
			v = srcVal{isList: true}
			for _, arg := range args {
				e := sc.eval(st, arg.a, arg.b, depth+1)
				if e.isList && (st.lang == LangPerl || st.lang == LangPHP && t.text == "(") {
					v.list = append(v.list, e.list...)
				} else {
					v.list = append(v.list, e)
				}
			}
		case "\\":
			return sc.term(st, a+1, b, depth)
		default:
			return srcVal{}, a + 1
		}
	case srcIdent:
		if st.lang == LangPHP && strings.EqualFold(t.text, "array") && st.is(a+1, "(") {
			m := st.close(a+1, b)
			v = srcVal{isList: true}
			for _, arg := range st.args(a+2, m) {
				v.list = append(v.list, sc.eval(st, arg.a, arg.b, depth+1))
			}
			i = m + 1
			break
		}
		name, j, _ := sc.chain(st, a, b, depth)
		i = j
		if j < b && st.is(j, "(") {
			m := st.close(j, b)
			v = sc.callVal(st, name, j, m, depth)
			i = m + 1
		} else if st.lang == LangPerl && j == a+1 && j < b && srcPerlUnary(name) && srcTermStart(&toks[j]) {
			// A named operator without parentheses: scalar reverse "x".
			v = srcPerlFunc(name, []srcVal{sc.eval(st, j, b, depth+1)})
			i = b
		} else if j == a+1 {
			var ok bool
			v, ok = sc.lookup(st, t.text)
			if !ok {
				if a2, isAlias := sc.alias[t.text]; isAlias {
					v = srcVal{module: a2}
				}
			}
		} else if name != "" {
			v = srcVal{module: name}
		}
	default:
		return srcVal{}, a + 1
	}
	return sc.postfix(st, v, i, b, depth)
}

// postfix applies method calls and subscripts after an operand.
func (sc *srcScanner) postfix(st *srcStream, v srcVal, i, b, depth int) (srcVal, int) {
	toks := st.toks
	for i < b {
		if (st.is(i, ".") || st.is(i, "?.")) && st.lang != LangPerl && st.lang != LangPHP && i+1 < b && toks[i+1].kind == srcIdent {
			m := toks[i+1].text
			k := i + 2
			var args []srcVal
			if k < b && st.is(k, "(") {
				c := st.close(k, b)
				for _, arg := range srcPositional(st.args(k+1, c)) {
					args = append(args, sc.eval(st, arg.a, arg.b, depth+1))
				}
				k = c + 1
			} else if st.lang != LangRuby && m != "length" {
				return srcVal{}, k
			}
			v = srcMethod(st.lang, v, m, args)
			i = k
			continue
		}
		if st.is(i, "{") && st.lang == LangPerl && i > 0 && toks[i-1].kind == srcIdent && strings.HasPrefix(toks[i-1].text, "$") {
			// A hash element: $ENV{HOME}, $h{key}.
			c := st.close(i, b)
			if c <= i {
				break
			}
			v, i = srcVal{}, c+1
			continue
		}
		if st.is(i, "[") && st.lang != LangPerl {
			c := st.close(i, b)
			idx := st.text(i+1, c)
			switch {
			case idx == "::-1" && st.lang == LangPython:
				v = srcReverse(v)
			case v.isList:
				n, err := strconv.Atoi(idx)
				if err == nil && n >= 0 && n < len(v.list) {
					v = v.list[n]
				} else {
					v = srcVal{}
				}
			default:
				v = srcVal{}
			}
			i = c + 1
			continue
		}
		break
	}
	return v, i
}

// callVal evaluates a call of name with arguments between the brackets at
// open and close, for the decoders and string functions the scanner knows.
func (sc *srcScanner) callVal(st *srcStream, name string, open, close, depth int) srcVal {
	args := srcPositional(st.args(open+1, close))
	if name == "map" && st.lang == LangPython && len(args) == 2 && st.text(args[0].a, args[0].b) == "chr" {
		l := sc.eval(st, args[1].a, args[1].b, depth+1)
		if s := srcMapChr(l); s.static {
			return srcChars(s.s)
		}
		return srcVal{}
	}
	vals := make([]srcVal, 0, len(args))
	for _, a := range args {
		vals = append(vals, sc.eval(st, a.a, a.b, depth+1))
	}
	arg := func(k int) srcVal {
		if k < len(vals) {
			return vals[k]
		}
		return srcVal{}
	}
	s := func(k int) (string, bool) {
		v := arg(k)
		return v.s, v.static && !v.isList
	}
	decode := func(f func(string) (string, bool)) srcVal {
		in, ok := s(0)
		if !ok {
			return srcVal{}
		}
		out, ok := f(in)
		if !ok {
			return srcVal{}
		}
		return srcStatic(out)
	}
	switch st.lang {
	case LangPython:
		switch name {
		case "base64.b64decode", "base64.standard_b64decode", "base64.decodebytes", "base64.decodestring",
			"binascii.a2b_base64", "base64.urlsafe_b64decode":
			return decode(srcB64)
		case "base64.b32decode":
			return decode(srcB32)
		case "base64.b16decode", "binascii.unhexlify", "binascii.a2b_hex", "bytes.fromhex", "bytearray.fromhex":
			return decode(srcHex)
		case "codecs.decode":
			enc := "utf-8"
			if e, ok := s(1); ok {
				enc = e
			}
			return decode(func(in string) (string, bool) { return srcCodec(in, enc) })
		case "str", "bytes", "bytearray", "compile":
			v := arg(0)
			if v.isList && name != "compile" {
				return srcMapChr(v)
			}
			return v
		case "chr":
			return srcMapChr(srcVal{isList: true, list: vals[:min(1, len(vals))]})
		case "reversed":
			return srcReverse(arg(0))
		case "list", "tuple":
			v := arg(0)
			if v.static && !v.isList {
				return srcChars(v.s)
			}
			return v
		}
	case LangNode:
		switch name {
		case "atob":
			return decode(srcB64)
		case "Buffer.from", "Buffer":
			v := arg(0)
			if v.isList {
				return srcMapChr(v)
			}
			enc, _ := s(1)
			return decode(func(in string) (string, bool) { return srcCodec(in, enc) })
		case "String.fromCharCode", "String.fromCodePoint":
			return srcMapChr(srcVal{isList: true, list: vals})
		case "decodeURIComponent", "decodeURI", "unescape":
			return decode(srcURL)
		case "String":
			return arg(0)
		}
	case LangPerl:
		return srcPerlFunc(name, vals)
	case LangRuby:
		switch name {
		case "Base64.decode64", "Base64.strict_decode64", "Base64.urlsafe_decode64":
			return decode(srcB64)
		case "String.new", "String":
			return arg(0)
		case "format", "sprintf":
			return srcSprintf(vals)
		}
	case LangPHP:
		switch name {
		case "base64_decode":
			return decode(srcB64)
		case "hex2bin":
			return decode(srcHex)
		case "strrev":
			return srcReverse(arg(0))
		case "str_rot13":
			return decode(func(in string) (string, bool) { return srcCodec(in, "rot13") })
		case "chr":
			return srcMapChr(srcVal{isList: true, list: vals[:min(1, len(vals))]})
		case "implode", "join":
			if len(vals) == 1 {
				return srcJoin(srcStatic(""), vals[0])
			}
			return srcJoin(arg(0), arg(1))
		case "urldecode", "rawurldecode":
			return decode(srcURL)
		case "strtolower", "strtoupper":
			return srcMethod(LangPHP, arg(0), name, nil)
		case "sprintf":
			return srcSprintf(vals)
		case "pack":
			if f, ok := s(0); ok && strings.HasPrefix(f, "H") {
				in, ok := s(1)
				if out, ok2 := srcHex(in); ok && ok2 {
					return srcStatic(out)
				}
			}
		}
	case LangAwk:
		switch name {
		case "sprintf":
			return srcSprintf(vals)
		case "tolower", "toupper":
			return srcMethod(LangAwk, arg(0), name, nil)
		}
	}
	return srcVal{}
}

// srcPerlUnary reports whether name is a Perl function the scanner
// evaluates when it is called without parentheses.
func srcPerlUnary(name string) bool {
	switch name {
	case "scalar", "reverse", "lc", "uc", "chr", "decode_base64":
		return true
	}
	return false
}

// srcPerlFunc evaluates a Perl function on evaluated arguments.
func srcPerlFunc(name string, vals []srcVal) srcVal {
	arg := func(k int) srcVal {
		if k < len(vals) {
			return vals[k]
		}
		return srcVal{}
	}
	switch name {
	case "decode_base64", "MIME.Base64.decode_base64":
		if v := arg(0); v.static && !v.isList {
			if out, ok := srcB64(v.s); ok {
				return srcStatic(out)
			}
		}
	case "pack":
		if f := arg(0); f.static && strings.HasPrefix(f.s, "H") {
			if in := arg(1); in.static {
				if out, ok := srcHex(in.s); ok {
					return srcStatic(out)
				}
			}
		}
	case "chr":
		return srcMapChr(srcVal{isList: true, list: vals[:min(1, len(vals))]})
	case "join":
		return srcJoin(arg(0), srcVal{isList: true, list: vals[min(1, len(vals)):]})
	case "scalar":
		if len(vals) == 1 {
			v := vals[0]
			if v.isList && len(v.list) == 1 {
				return v.list[0]
			}
			return v
		}
	case "reverse":
		if len(vals) == 1 {
			return srcReverse(vals[0])
		}
	case "lc", "uc":
		return srcMethod(LangPerl, arg(0), name, nil)
	case "sprintf":
		return srcSprintf(vals)
	}
	return srcVal{}
}

// srcMethod applies a string or list method the scanner knows.
func srcMethod(lang Lang, v srcVal, m string, args []srcVal) srcVal {
	arg := func(k int) (string, bool) {
		if k < len(args) && args[k].static && !args[k].isList {
			return args[k].s, true
		}
		return "", k >= len(args)
	}
	switch m {
	case "decode", "toString", "to_s", "force_encoding", "b", "to_str", "valueOf", "encode", "read", "dup", "freeze", "itself", "then":
		if m == "read" || m == "then" || m == "itself" {
			return srcVal{}
		}
		enc, ok := arg(0)
		if !ok || !v.static {
			return srcVal{}
		}
		if m == "encode" || m == "force_encoding" || m == "to_s" || m == "b" || m == "dup" || m == "freeze" {
			return v
		}
		out, ok := srcCodec(v.s, enc)
		if !ok || m == "toString" && enc != "" && srcIsBinaryCodec(enc) {
			return srcVal{}
		}
		return srcStatic(out)
	case "reverse":
		return srcReverse(v)
	case "join":
		if v.isList {
			sep, ok := arg(0)
			if !ok {
				return srcVal{}
			}
			if len(args) == 0 && lang == LangNode {
				sep = ","
			}
			return srcJoin(srcStatic(sep), v)
		}
		if len(args) == 1 {
			return srcJoin(v, args[0])
		}
	case "split", "chars":
		if !v.static || v.isList {
			return srcVal{}
		}
		sep, ok := arg(0)
		if !ok {
			return srcVal{}
		}
		if sep == "" && (len(args) == 1 || m == "chars") {
			return srcChars(v.s)
		}
		out := srcVal{isList: true}
		var fields []string
		if len(args) == 0 {
			fields = strings.Fields(v.s)
		} else {
			fields = strings.Split(v.s, sep)
		}
		if len(fields) > srcMaxEvalToks {
			return srcVal{}
		}
		for _, f := range fields {
			out.list = append(out.list, srcStatic(f))
		}
		return out
	case "replace", "replaceAll", "gsub", "sub", "tr", "delete":
		old, ok1 := arg(0)
		repl, ok2 := arg(1)
		if m == "delete" {
			repl, ok2 = "", true
		}
		if !v.static || !ok1 || !ok2 || len(args) < 1 || old == "" {
			return srcVal{}
		}
		if m == "tr" {
			return srcTr(v.s, old, repl)
		}
		n := -1
		if m == "sub" || m == "replace" && lang == LangNode {
			n = 1
		}
		out := strings.Replace(v.s, old, repl, n)
		if len(out) > srcMaxEvalLen {
			return srcVal{}
		}
		return srcStatic(out)
	case "strip", "trim", "chomp", "rstrip", "lstrip", "trimEnd", "trimStart", "chop":
		if !v.static {
			return srcVal{}
		}
		return srcStatic(strings.TrimSpace(v.s))
	case "lower", "downcase", "toLowerCase", "lc", "strtolower", "tolower":
		if !v.static {
			return srcVal{}
		}
		return srcStatic(strings.ToLower(v.s))
	case "upper", "upcase", "toUpperCase", "uc", "strtoupper", "toupper":
		if !v.static {
			return srcVal{}
		}
		return srcStatic(strings.ToUpper(v.s))
	case "unpack1", "unpack":
		f, ok := arg(0)
		if !ok || !v.static {
			return srcVal{}
		}
		var out string
		switch {
		case strings.HasPrefix(f, "m"):
			out, ok = srcB64(v.s)
		case strings.HasPrefix(f, "H"):
			out, ok = srcHex(v.s)
		default:
			ok = false
		}
		if !ok {
			return srcVal{}
		}
		if m == "unpack" {
			return srcVal{isList: true, list: []srcVal{srcStatic(out)}}
		}
		return srcStatic(out)
	case "pack":
		f, ok := arg(0)
		if !ok || !v.isList || len(v.list) == 0 {
			return srcVal{}
		}
		switch {
		case strings.HasPrefix(f, "H") && v.list[0].static:
			out, ok := srcHex(v.list[0].s)
			if ok {
				return srcStatic(out)
			}
		case strings.HasPrefix(f, "c") || strings.HasPrefix(f, "C") || strings.HasPrefix(f, "U"):
			return srcMapChr(v)
		}
	case "chr":
		return srcMapChr(srcVal{isList: true, list: []srcVal{v}})
	case "format":
		if v.static {
			if out, ok := srcPyFormat(v.s, args); ok {
				return srcStatic(out)
			}
		}
	case "concat":
		if v.static && len(args) == 1 {
			return srcConcat(v, args[0])
		}
	case "length", "size", "count":
		return srcVal{}
	}
	return srcVal{}
}

func srcIsBinaryCodec(enc string) bool {
	switch strings.ToLower(enc) {
	case "base64", "hex", "base64url":
		return true
	}
	return false
}

// srcCodec decodes in with a named encoding; text encodings are identity.
func srcCodec(in, enc string) (string, bool) {
	switch strings.ToLower(strings.ReplaceAll(enc, "-", "_")) {
	case "", "utf_8", "utf8", "ascii", "latin_1", "latin1", "binary", "iso_8859_1", "us_ascii":
		return in, true
	case "base64", "base_64", "base64url", "base64_codec":
		return srcB64(in)
	case "hex", "hex_codec":
		return srcHex(in)
	case "rot13", "rot_13":
		var b strings.Builder
		for i := 0; i < len(in); i++ {
			c := in[i]
			switch {
			case c >= 'a' && c <= 'z':
				c = 'a' + (c-'a'+13)%26
			case c >= 'A' && c <= 'Z':
				c = 'A' + (c-'A'+13)%26
			}
			b.WriteByte(c)
		}
		return b.String(), true
	}
	return "", false
}

// srcB64 decodes standard or URL-safe base64, with or without padding and
// line breaks.
func srcB64(in string) (string, bool) {
	s := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\n', '\r', '\t':
			return -1
		case '-':
			return '+'
		case '_':
			return '/'
		}
		return r
	}, in)
	s = strings.TrimRight(s, "=")
	out, err := base64.RawStdEncoding.DecodeString(s)
	if err != nil {
		return "", false
	}
	return string(out), true
}

func srcB32(in string) (string, bool) {
	s := strings.TrimRight(strings.ToUpper(strings.TrimSpace(in)), "=")
	out, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(s)
	if err != nil {
		return "", false
	}
	return string(out), true
}

func srcHex(in string) (string, bool) {
	s := strings.ReplaceAll(strings.TrimSpace(in), " ", "")
	out, err := hex.DecodeString(s)
	if err != nil {
		return "", false
	}
	return string(out), true
}

func srcURL(in string) (string, bool) {
	out, err := url.PathUnescape(in)
	if err != nil {
		return "", false
	}
	return out, true
}

// srcMapChr turns a list of character codes into a string.
func srcMapChr(l srcVal) srcVal {
	if !l.isList || len(l.list) > srcMaxEvalLen {
		return srcVal{}
	}
	var b strings.Builder
	for _, e := range l.list {
		if !e.static || e.isList {
			return srcVal{}
		}
		n, err := strconv.ParseInt(strings.ReplaceAll(e.s, "_", ""), 0, 32)
		if err != nil || n < 0 || n > utf8.MaxRune {
			return srcVal{}
		}
		b.WriteRune(rune(n))
	}
	return srcStatic(b.String())
}

func srcChars(s string) srcVal {
	if len(s) > srcMaxEvalToks {
		return srcVal{}
	}
	v := srcVal{isList: true}
	for _, r := range s {
		v.list = append(v.list, srcStatic(string(r)))
	}
	return v
}

func srcReverse(v srcVal) srcVal {
	if v.isList {
		out := srcVal{isList: true, list: make([]srcVal, len(v.list))}
		for k, e := range v.list {
			out.list[len(v.list)-1-k] = e
		}
		return out
	}
	if !v.static {
		return srcVal{}
	}
	r := []rune(v.s)
	for x, y := 0, len(r)-1; x < y; x, y = x+1, y-1 {
		r[x], r[y] = r[y], r[x]
	}
	return srcStatic(string(r))
}

// srcJoin joins a list's strings with sep.
func srcJoin(sep, l srcVal) srcVal {
	if !sep.static || sep.isList || !l.known() {
		return srcVal{}
	}
	if !l.isList {
		return l
	}
	out := strings.Join(l.strs(), sep.s)
	if len(out) > srcMaxEvalLen {
		return srcVal{}
	}
	return srcStatic(out)
}

// srcTr is Ruby's String#tr for plain character lists.
func srcTr(s, from, to string) srcVal {
	if strings.ContainsAny(from, "-^\\") || strings.ContainsAny(to, "-\\") || to == "" {
		return srcVal{}
	}
	f, t := []rune(from), []rune(to)
	out := []rune(s)
	for k, r := range out {
		for x, fr := range f {
			if r == fr {
				out[k] = t[min(x, len(t)-1)]
				break
			}
		}
	}
	return srcStatic(string(out))
}

// srcSprintf evaluates sprintf(format, args…) for %s and %d.
func srcSprintf(vals []srcVal) srcVal {
	if len(vals) == 0 || !vals[0].static {
		return srcVal{}
	}
	var args []srcVal
	for _, v := range vals[1:] {
		if v.isList {
			args = append(args, v.list...)
		} else {
			args = append(args, v)
		}
	}
	out, ok := srcFormat(vals[0].s, args)
	if !ok {
		return srcVal{}
	}
	return srcStatic(out)
}

// srcFormat substitutes %s, %d and %% in f.
func srcFormat(f string, args []srcVal) (string, bool) {
	var b strings.Builder
	n := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		if i+1 >= len(f) {
			return "", false
		}
		i++
		switch f[i] {
		case '%':
			b.WriteByte('%')
		case 's', 'd', 'i', 'r':
			if n >= len(args) || !args[n].static || args[n].isList {
				return "", false
			}
			b.WriteString(args[n].s)
			n++
		default:
			return "", false
		}
		if b.Len() > srcMaxEvalLen {
			return "", false
		}
	}
	return b.String(), true
}

// srcPyFormat evaluates str.format with {} and {N} fields.
func srcPyFormat(f string, args []srcVal) (string, bool) {
	var b strings.Builder
	n := 0
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c == '}' && i+1 < len(f) && f[i+1] == '}' {
			b.WriteByte('}')
			i++
			continue
		}
		if c != '{' {
			b.WriteByte(c)
			continue
		}
		if i+1 < len(f) && f[i+1] == '{' {
			b.WriteByte('{')
			i++
			continue
		}
		end := strings.IndexByte(f[i:], '}')
		if end < 0 {
			return "", false
		}
		field := f[i+1 : i+end]
		k := n
		if field != "" {
			var err error
			k, err = strconv.Atoi(field)
			if err != nil {
				return "", false
			}
		} else {
			n++
		}
		if k < 0 || k >= len(args) || !args[k].static || args[k].isList {
			return "", false
		}
		b.WriteString(args[k].s)
		if b.Len() > srcMaxEvalLen {
			return "", false
		}
		i += end
	}
	return b.String(), true
}
