package payload

import "strings"

// srcMaxFuncs bounds the functions whose parameters are bound, which keeps
// the name checks below linear.
const srcMaxFuncs = 64

// A srcFunc is a function defined in the payload: its parameters and
// their defaults.
type srcFunc struct {
	params   []string
	defaults []srcArg // token range of each default, b == a when none
	method   bool     // Python: the first parameter is self or cls
}

// params binds the parameters of functions defined in the payload to the
// arguments of their calls, so that a helper such as
//
//	def run(cmd): subprocess.run(cmd, shell=True)
//	run("git status")
//
// resolves. A parameter gets every value it is called with; a call with an
// unknown value, or none at all, leaves it unknown.
func (sc *srcScanner) params(st *srcStream) {
	switch st.lang {
	case LangPython, LangNode, LangRuby, LangPHP:
	default:
		return
	}
	funcs := map[string]*srcFunc{}
	toks := st.toks
	for i := 0; i+2 < len(toks); i++ {
		t := &toks[i]
		if t.kind != srcIdent {
			continue
		}
		var name string
		var open int
		switch {
		case (t.text == "def" || t.text == "function") && toks[i+1].kind == srcIdent && st.is(i+2, "("):
			name, open = toks[i+1].text, i+2
		case st.lang == LangRuby && t.text == "def" && toks[i+1].kind == srcIdent:
			// def name args (no parentheses) is rare in payloads.
			continue
		case st.lang == LangNode && (t.text == "const" || t.text == "let" || t.text == "var") && toks[i+1].kind == srcIdent && st.is(i+2, "="):
			// const name = (a, b) => …, const name = function (a, b) {…}
			k := i + 3
			if st.isWord(k, "async") {
				k++
			}
			if st.isWord(k, "function") {
				k++
			}
			if !st.is(k, "(") {
				continue
			}
			if m := st.close(k, len(toks)); !st.is(m+1, "=>") && !st.isWord(i+3, "function") && !st.isWord(i+4, "function") {
				continue
			}
			name, open = toks[i+1].text, k
		default:
			continue
		}
		if strings.ContainsAny(name, ".") || funcs[name] != nil {
			funcs[name] = &srcFunc{} // defined twice: leave its parameters unknown
			continue
		}
		f := &srcFunc{}
		end := st.close(open, len(toks))
		for n, a := range st.args(open+1, end) {
			p := &toks[a.a]
			if a.kw {
				// Python name=default, parsed as a keyword argument.
				f.params = append(f.params, a.key)
				f.defaults = append(f.defaults, srcArg{a: a.a, b: a.b})
				continue
			}
			if p.kind != srcIdent {
				f.params = append(f.params, "")
				f.defaults = append(f.defaults, srcArg{})
				continue
			}
			pn := p.text
			if n == 0 && st.lang == LangPython && (pn == "self" || pn == "cls") {
				f.method = true
			}
			def := srcArg{}
			for k := a.a + 1; k < a.b; k++ {
				if st.is(k, "=") {
					def = srcArg{a: k + 1, b: a.b}
					break
				}
			}
			f.params = append(f.params, pn)
			f.defaults = append(f.defaults, def)
		}
		funcs[name] = f
	}
	if len(funcs) == 0 || len(funcs) > srcMaxFuncs {
		return
	}
	// Binding is only sound when every call is in sight: not with code
	// run from strings or names looked up at run time, and not for a
	// function that is used other than by a direct call.
	for i := range toks {
		t := &toks[i]
		switch t.kind {
		case srcIdent:
			if srcHidesCalls(st.lang, t.text) || st.lang == LangPHP && strings.HasPrefix(t.text, "$") && st.is(i+1, "(") {
				return
			}
			f := funcs[t.text]
			if f == nil {
				continue
			}
			def := i > 0 && (st.isWord(i-1, "def") || st.isWord(i-1, "function") || st.lang == LangNode && i > 0 && (st.isWord(i-1, "const") || st.isWord(i-1, "let") || st.isWord(i-1, "var")))
			if !def && !st.is(i+1, "(") {
				f.params = nil // a reference: called where the scanner cannot see
			}
			if def && st.lang == LangPython && i > 1 && st.toks[i-1].nl && srcDecorated(st, i-1) {
				f.params = nil
			}
		case srcStr:
			if v, ok := t.static(); ok {
				for name, f := range funcs {
					if srcContainsWord(v, name) {
						f.params = nil
					}
				}
			}
		}
	}
	for i := 0; i+1 < len(toks); i++ {
		t := &toks[i]
		f := funcs[t.text]
		if t.kind != srcIdent || f == nil || !st.is(i+1, "(") {
			continue
		}
		if i > 0 && (st.isWord(i-1, "def") || st.isWord(i-1, "function")) {
			continue
		}
		first := 0
		if i > 0 && (st.is(i-1, ".") || st.is(i-1, "->") || st.is(i-1, "::") || st.is(i-1, "?.")) {
			if !f.method {
				continue // a method of something else: subprocess.run(…)
			}
			first = 1 // obj.method(args) binds self
		}
		end := st.close(i+1, len(toks))
		bound := make([]bool, len(f.params))
		pos := 0
		for _, a := range st.args(i+2, end) {
			k := -1
			if a.kw {
				for n, p := range f.params {
					if p == a.key {
						k = n
					}
				}
			} else {
				k = first + pos
				pos++
				if toks[a.a].kind == srcPunct && (toks[a.a].text == "*" || toks[a.a].text == "...") {
					// A spread: the rest of the parameters are unknown.
					for n := k; n < len(f.params); n++ {
						sc.bind(f.params[n], srcVal{text: st.text(a.a, a.b)})
						bound[n] = true
					}
					break
				}
			}
			if k < 0 || k >= len(f.params) {
				continue
			}
			v := sc.eval(st, a.a, a.b, 0)
			for j := a.a; j < a.b; j++ {
				if toks[j].kind == srcIdent && srcListHas(f.params, toks[j].text) {
					v = srcVal{text: st.text(a.a, a.b)} // recursion: f(c + "x")
				}
			}
			sc.bind(f.params[k], v)
			bound[k] = true
		}
		for n, b := range bound {
			if b || n < first {
				continue
			}
			if d := f.defaults[n]; d.b > d.a {
				sc.bind(f.params[n], sc.eval(st, d.a, d.b, 0))
			} else {
				sc.bind(f.params[n], srcVal{text: f.params[n]})
			}
		}
	}
}

// bind adds a value a parameter is called with.
func (sc *srcScanner) bind(name string, v srcVal) {
	if name == "" || name == "self" || name == "cls" {
		return
	}
	sc.setVar(name, v)
}

func srcListHas(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// srcHidesCalls reports whether a name can call a function the scanner
// does not see called: eval, getattr, send and their kin.
func srcHidesCalls(lang Lang, name string) bool {
	switch name {
	case "eval", "exec", "compile", "Function", "instance_eval", "class_eval", "module_eval",
		"instance_exec", "send", "public_send", "__send__", "method", "define_method",
		"call_user_func", "call_user_func_array", "create_function", "assert", "__import__",
		"getattr", "globals", "locals", "vars", "setTimeout", "setInterval", "execfile",
		"runpy", "importlib", "apply", "Reflect", "constructor", "bind", "__getattribute__":
		return true
	}
	return false
}

// srcDecorated reports whether the Python def at token i has a decorator
// on the lines before it.
func srcDecorated(st *srcStream, i int) bool {
	for j := i - 1; j >= 0 && i-j < 64; j-- {
		if st.is(j, "@") && (j == 0 || st.toks[j].nl) {
			return true
		}
		if st.toks[j].nl && !st.is(j, "@") {
			// The line before the def (or the decorator's line) starts
			// with something else: look no further than one line.
			return st.is(j, "@")
		}
	}
	return false
}

// srcContainsWord reports whether s holds name as a whole identifier.
func srcContainsWord(s, name string) bool {
	for off := 0; off < len(s); {
		k := strings.Index(s[off:], name)
		if k < 0 {
			return false
		}
		k += off
		before := k == 0 || !srcIsIdentByte(s[k-1])
		after := k+len(name) >= len(s) || !srcIsIdentByte(s[k+len(name)])
		if before && after {
			return true
		}
		off = k + 1
	}
	return false
}
