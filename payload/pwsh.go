package payload

// PowerShell payloads (pwsh -Command …). PowerShell is a shell: every
// command in it that is not a cmdlet is an external program, reported as a
// shell line. Invoke-Expression, Start-Process, Remove-Item and a few .NET
// calls are understood; names are case-insensitive.

import (
	"encoding/binary"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// srcPwshLexer tokenizes PowerShell into srcToks: bare words and parameters
// are srcIdent, variables srcIdent with their $ (lower case), strings srcStr.
type srcPwshLexer struct {
	src    string
	i      int
	toks   []srcTok
	sp, nl bool
	depth  int
	inner  bool
	parens int
	done   bool
	deep   bool
}

func srcPwshLex(src string, depth int) ([]srcTok, bool) {
	lx := &srcPwshLexer{src: src, depth: depth}
	lx.run()
	return lx.toks, lx.deep
}

func (lx *srcPwshLexer) emit(t srcTok) {
	if len(lx.toks) >= srcMaxTokens {
		lx.i = len(lx.src)
		lx.deep = true
		return
	}
	t.sp, t.nl = lx.sp, lx.nl
	lx.sp, lx.nl = false, false
	lx.toks = append(lx.toks, t)
}

// srcPwshQuote classifies a rune as a single quote (1), double quote (2) or
// neither; PowerShell accepts the typographic quotes too.
func srcPwshQuote(r rune) int {
	switch r {
	case '\'', '\u2018', '\u2019', '\u201a', '\u201b':
		return 1
	case '"', '\u201c', '\u201d', '\u201e':
		return 2
	}
	return 0
}

func srcPwshWordEnd(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', ';', '|', '&', '(', ')', '{', '}', ',', '"', '\'', '$', '[', ']':
		return true
	}
	return false
}

func (lx *srcPwshLexer) run() {
	src := lx.src
	for lx.i < len(src) && !lx.done {
		c := src[lx.i]
		r, n := utf8.DecodeRuneInString(src[lx.i:])
		switch {
		case c == '\n':
			lx.i++
			lx.sp, lx.nl = true, true
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || r == '\u00a0':
			lx.i += n
			lx.sp = true
		case c == '`' && lx.i+1 < len(src) && (src[lx.i+1] == '\n' || src[lx.i+1] == '\r'):
			lx.i += 2
			lx.sp = true
		case c == '#':
			nl := strings.IndexByte(src[lx.i:], '\n')
			if nl < 0 {
				lx.i = len(src)
			} else {
				lx.i += nl
			}
		case c == '<' && strings.HasPrefix(src[lx.i:], "<#"):
			end := strings.Index(src[lx.i+2:], "#>")
			if end < 0 {
				lx.i = len(src)
			} else {
				lx.i += end + 4
			}
			lx.sp = true
		case c == '@' && lx.i+1 < len(src) && (src[lx.i+1] == '"' || src[lx.i+1] == '\'') && lx.hereString():
		case srcPwshQuote(r) != 0:
			lx.str(srcPwshQuote(r) == 2, n)
		case c == '$':
			lx.variable()
		case c == '(' || c == ')' || c == '{' || c == '}' || c == '[' || c == ']' || c == ';' || c == ',' || c == '|' || c == '&' || c == '=' || c == '+' || c == '@' || c == '!':
			if lx.inner {
				if c == '(' {
					lx.parens++
				} else if c == ')' {
					if lx.parens == 0 {
						lx.i++
						lx.done = true
						return
					}
					lx.parens--
				}
			}
			p := src[lx.i : lx.i+1]
			if c == '&' && strings.HasPrefix(src[lx.i:], "&&") || c == '|' && strings.HasPrefix(src[lx.i:], "||") {
				p = src[lx.i : lx.i+2]
			}
			if c == '=' && lx.i+1 < len(src) && src[lx.i+1] == '=' {
				p = "=="
			}
			lx.emit(srcTok{kind: srcPunct, text: p, pos: lx.i, end: lx.i + len(p)})
			lx.i += len(p)
		case c == ':' && strings.HasPrefix(src[lx.i:], "::"):
			lx.emit(srcTok{kind: srcPunct, text: "::", pos: lx.i, end: lx.i + 2})
			lx.i += 2
		default:
			lx.word()
		}
	}
}

// word lexes a bare word, decoding backtick escapes.
func (lx *srcPwshLexer) word() {
	src := lx.src
	start := lx.i
	var b strings.Builder
	for lx.i < len(src) {
		c := src[lx.i]
		if c == '`' && lx.i+1 < len(src) {
			b.WriteByte(src[lx.i+1])
			lx.i += 2
			continue
		}
		if srcPwshWordEnd(c) {
			break
		}
		if c == ':' && strings.HasPrefix(src[lx.i:], "::") {
			break
		}
		if c >= 0x80 {
			r, n := utf8.DecodeRuneInString(src[lx.i:])
			if srcPwshQuote(r) != 0 || r == '\u00a0' {
				break
			}
			b.WriteString(src[lx.i : lx.i+n])
			lx.i += n
			continue
		}
		b.WriteByte(c)
		lx.i++
	}
	if lx.i == start {
		lx.i++
		b.WriteByte(src[start])
	}
	lx.emit(srcTok{kind: srcIdent, text: b.String(), pos: start, end: lx.i})
}

// variable lexes $name, ${name}, $env:NAME, or $( … ).
func (lx *srcPwshLexer) variable() {
	src := lx.src
	start := lx.i
	j := start + 1
	if j < len(src) && src[j] == '(' {
		lx.emit(srcTok{kind: srcPunct, text: "$", pos: start, end: j})
		lx.i = j
		return
	}
	if j < len(src) && src[j] == '{' {
		end := strings.IndexByte(src[j:], '}')
		if end < 0 {
			lx.emit(srcTok{kind: srcIdent, text: "$" + strings.ToLower(src[j+1:]), pos: start, end: len(src)})
			lx.i = len(src)
			return
		}
		lx.emit(srcTok{kind: srcIdent, text: "$" + strings.ToLower(src[j+1:j+end]), pos: start, end: j + end + 1})
		lx.i = j + end + 1
		return
	}
	for j < len(src) && (srcIsIdentByte(src[j]) || src[j] == ':' && j+1 < len(src) && srcIsIdentByte(src[j+1]) || src[j] == '?' && j == start+1 || src[j] == '$' && j == start+1) {
		j++
	}
	lx.emit(srcTok{kind: srcIdent, text: strings.ToLower(src[start:j]), pos: start, end: j})
	lx.i = j
}

// str lexes a quoted string whose opening quote is n bytes long.
func (lx *srcPwshLexer) str(double bool, n int) {
	src := lx.src
	start := lx.i
	i := start + n
	var parts []srcPart
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			parts = append(parts, srcPart{lit: b.String()})
			b.Reset()
		}
	}
	for i < len(src) {
		r, rn := utf8.DecodeRuneInString(src[i:])
		q := srcPwshQuote(r)
		if q == 1 && !double || q == 2 && double {
			// A doubled quote stands for itself.
			if i+rn < len(src) {
				r2, rn2 := utf8.DecodeRuneInString(src[i+rn:])
				if srcPwshQuote(r2) == q {
					b.WriteRune(r)
					i += rn + rn2
					continue
				}
			}
			i += rn
			flush()
			lx.emit(srcTok{kind: srcStr, text: src[start:i], pos: start, end: i, parts: srcNonNil(parts)})
			lx.i = i
			return
		}
		if double && r == '`' && i+1 < len(src) {
			i += 1 + srcPwshEscape(&b, src[i+1])
			continue
		}
		if double && r == '$' && i+1 < len(src) && (src[i+1] == '(' || src[i+1] == '{' || srcIsIdentStart(src[i+1])) {
			flush()
			if src[i+1] == '(' {
				toks, after := lx.inner2(i + 2)
				parts = append(parts, srcPart{isCode: true, code: toks, expr: src[i:min(after, len(src))]})
				i = after
				continue
			}
			sub := &srcPwshLexer{src: src, i: i}
			sub.variable()
			if len(sub.toks) == 1 {
				parts = append(parts, srcPart{isCode: true, code: sub.toks, expr: sub.toks[0].text})
			}
			i = max(sub.i, i+1)
			continue
		}
		b.WriteString(src[i : i+rn])
		i += rn
	}
	flush()
	lx.emit(srcTok{kind: srcStr, text: src[start:], pos: start, end: len(src), parts: srcNonNil(parts)})
	lx.i = len(src)
}

// srcPwshEscape decodes a backtick escape and returns its length.
func srcPwshEscape(b *strings.Builder, c byte) int {
	switch c {
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case 'r':
		b.WriteByte('\r')
	case '0':
		b.WriteByte(0)
	case 'a':
		b.WriteByte(7)
	case 'b':
		b.WriteByte(8)
	case 'e':
		b.WriteByte(27)
	case 'f':
		b.WriteByte('\f')
	case 'v':
		b.WriteByte('\v')
	default:
		b.WriteByte(c)
	}
	return 1
}

// inner2 lexes a $( … ) subexpression starting after the (.
func (lx *srcPwshLexer) inner2(i int) ([]srcTok, int) {
	if lx.depth >= srcMaxDepth {
		lx.deep = true
		end := strings.IndexByte(lx.src[i:], ')')
		if end < 0 {
			return nil, len(lx.src)
		}
		return nil, i + end + 1
	}
	in := &srcPwshLexer{src: lx.src, i: i, depth: lx.depth + 1, inner: true}
	in.run()
	if in.deep {
		lx.deep = true
	}
	return in.toks, in.i
}

// hereString lexes @' … '@ and @" … "@.
func (lx *srcPwshLexer) hereString() bool {
	src := lx.src
	start := lx.i
	q := src[start+1]
	nl := strings.IndexByte(src[start:], '\n')
	if nl < 0 || strings.TrimSpace(src[start+2:start+nl]) != "" {
		return false
	}
	bodyStart := start + nl + 1
	end := strings.Index(src[bodyStart:], "\n"+string(q)+"@")
	var body string
	after := len(src)
	if end >= 0 {
		body = src[bodyStart : bodyStart+end]
		after = bodyStart + end + 3
	} else if strings.HasPrefix(src[bodyStart:], string(q)+"@") {
		after = bodyStart + 2
	} else {
		body = src[bodyStart:]
	}
	body = strings.TrimSuffix(body, "\r")
	var parts []srcPart
	if q == '"' && (strings.Contains(body, "$") || strings.Contains(body, "`")) {
		sub := &srcPwshLexer{src: "\"" + strings.ReplaceAll(body, "\"", "\"\"") + "\"", depth: lx.depth}
		sub.str(true, 1)
		if len(sub.toks) == 1 {
			parts = sub.toks[0].parts
			for k := range parts {
				parts[k].code = nil // positions refer to another text
				if parts[k].isCode {
					parts[k].opaque = true
				}
			}
		}
		if sub.deep {
			lx.deep = true
		}
	}
	if parts == nil {
		parts = []srcPart{{lit: body}}
	}
	lx.emit(srcTok{kind: srcStr, text: src[start:after], pos: start, end: after, parts: parts})
	lx.i = after
	return true
}

// pwsh scans PowerShell code.
func (sc *srcScanner) pwsh(code string, depth int) {
	toks, deep := srcPwshLex(code, depth)
	if deep {
		sc.dynamic("code nested too deeply to scan: " + code)
	}
	sc.pwshStream(srcNewStream(LangPowerShell, code, toks), depth)
}

func (sc *srcScanner) pwshStream(st *srcStream, depth int) {
	toks := st.toks
	for i := range toks {
		t := &toks[i]
		for _, p := range t.parts {
			if p.isCode && len(p.code) > 0 {
				sc.pwshStream(srcNewStream(LangPowerShell, st.src, p.code), depth+1)
			} else if p.isCode && p.opaque && strings.HasPrefix(p.expr, "$(") {
				sc.nested(LangPowerShell, strings.TrimSuffix(p.expr[2:], ")"), depth+1)
			}
		}
		if t.kind == srcIdent && strings.HasPrefix(t.text, "$") && st.is(i+1, "=") {
			end := srcPwshEnd(st, i+2)
			if end > i+2 && !(st.toks[i+2].kind == srcIdent && !strings.HasPrefix(st.toks[i+2].text, "$")) {
				sc.setVar(t.text, sc.pwshExpr(st, i+2, end, depth))
			} else {
				sc.setVar(t.text, srcVal{text: st.text(i+2, end)})
			}
		}
		if srcPwshCommandStart(st, i) {
			sc.pwshCommand(st, i, depth)
		}
		if t.kind == srcIdent && strings.HasSuffix(strings.ToLower(t.text), ".invokecommand.invokescript") && st.is(i+1, "(") {
			// $ExecutionContext.InvokeCommand.InvokeScript("code")
			m := st.close(i+1, len(toks))
			sc.evalCode(LangPowerShell, sc.pwshExpr(st, i+2, m, depth), st.text(i, m+1), depth)
		}
		if t.kind == srcPunct && t.text == "[" {
			sc.pwshStatic(st, i, depth)
		}
	}
}

// srcPwshCommandStart reports whether token i begins a command.
func srcPwshCommandStart(st *srcStream, i int) bool {
	t := &st.toks[i]
	if t.kind != srcIdent && t.kind != srcStr && !(t.kind == srcPunct && t.text == "&") {
		return false
	}
	if t.kind == srcStr && !(i > 0 && st.is(i-1, "&")) {
		return false
	}
	if t.kind == srcIdent && strings.HasPrefix(t.text, "$") {
		return false
	}
	if i == 0 || t.nl {
		return true
	}
	p := &st.toks[i-1]
	if p.kind != srcPunct {
		return false
	}
	switch p.text {
	case ";", "|", "&&", "||", "{", "(", "=":
		return true
	case "&":
		return t.kind != srcPunct
	}
	return false
}

// srcPwshEnd returns the end of the command that starts at i.
func srcPwshEnd(st *srcStream, i int) int {
	for j := i; j < len(st.toks); j++ {
		t := &st.toks[j]
		if j > i && t.nl {
			return j
		}
		if t.kind != srcPunct {
			continue
		}
		switch t.text {
		case ";", "|", "&&", "||", ")", "}":
			return j
		case "(", "{", "[":
			j = st.close(j, len(st.toks))
			if j >= len(st.toks) {
				return len(st.toks)
			}
		}
	}
	return len(st.toks)
}

// srcPwshArgs splits a command into arguments: tokens run together without
// space form one argument; bracket groups are one token.
func srcPwshArgs(st *srcStream, a, b int) []srcArg {
	var out []srcArg
	for j := a; j < b; {
		start := j
		for {
			if st.is(j, "(") || st.is(j, "{") || st.is(j, "[") {
				j = st.close(j, b)
			}
			if st.is(j, "$") || st.is(j, "@") {
				j++
				continue
			}
			j++
			if j >= b || st.toks[j].sp && !st.is(j, ",") && !st.is(j-1, ",") {
				break
			}
		}
		out = append(out, srcArg{a: start, b: min(j, b)})
	}
	return out
}

// pwshAliases maps the aliases and cmdlets guardsh treats specially to
// their canonical names; other Verb-Noun words are cmdlets that run nothing.
func srcPwshCanon(name string) string {
	n := strings.ToLower(name)
	n = strings.TrimPrefix(n, "microsoft.powershell.utility\\")
	n = strings.TrimPrefix(n, "microsoft.powershell.management\\")
	switch n {
	case "iex", "invoke-expression":
		return "Invoke-Expression"
	case "saps", "start", "start-process":
		return "Start-Process"
	case "del", "ri", "rd", "erase", "remove-item":
		return "Remove-Item"
	case "icm", "invoke-command":
		return "Invoke-Command"
	case "sal", "nal", "set-alias", "new-alias":
		return "Set-Alias"
	}
	return ""
}

// srcPwshBuiltin reports whether a command name is a cmdlet, alias, function
// or keyword rather than an external program.
func srcPwshBuiltin(name string) bool {
	n := strings.ToLower(name)
	if strings.Contains(n, "-") && !strings.HasPrefix(n, "-") && !strings.ContainsAny(n, "/\\.") {
		return true // Verb-Noun
	}
	switch n {
	case "if", "else", "elseif", "foreach", "for", "while", "do", "switch", "function", "filter",
		"param", "return", "break", "continue", "try", "catch", "finally", "throw", "trap", "begin",
		"process", "end", "exit", "class", "using", "until", "data", "in", "enum", "dynamicparam",
		// Aliases of read-only cmdlets. Those that name a native program
		// on Unix (ls, cat, rm, cp, kill, …) are external there and left
		// out.
		"echo", "write", "gc", "type", "dir", "gci", "cd", "sl", "pwd", "gl", "cls", "select", "where", "?",
		"%", "measure", "ft", "fl", "gm", "gps", "history", "h", "help", "gp", "gi", "gv", "oh",
		"ghy", "gal", "gcm", "gdr", "gjb", "gsv", "gu", "ipmo", "popd", "pushd", "rvpa", "gcb", "fc",
		"fw", "group", "epal", "ipal", "ipcsv", "sls", "ogv", "true", "false":
		return true
	}
	return false
}

// pwshCommand handles the command at token i.
func (sc *srcScanner) pwshCommand(st *srcStream, i, depth int) {
	toks := st.toks
	end := srcPwshEnd(st, i)
	call := st.text(i, end)
	if st.is(i, "&") || st.isWord(i, ".") {
		i++
		if i >= end {
			return
		}
	}
	first := i + 1
	if st.is(i, "(") {
		first = st.close(i, end) + 1
	}
	args := append([]srcArg{{a: i, b: first}}, srcPwshArgs(st, first, end)...)
	t := &toks[i]
	var name string
	if t.kind == srcStr || t.kind == srcPunct || toks[i].kind == srcIdent && i > 0 && st.is(i-1, "&") {
		v := sc.pwshVal(st, args[0], depth)
		if !v.static {
			sc.dynamic(call)
			return
		}
		name = v.s
	} else {
		name = t.text
	}
	if a, ok := sc.alias["ps:"+strings.ToLower(name)]; ok {
		name = a // Set-Alias x iex
	}
	// Parameters and positional arguments.
	type param struct {
		name string
		val  srcVal
		has  bool
	}
	var params []param
	var pos []srcArg
	for k := 1; k < len(args); k++ {
		a := args[k]
		w := &toks[a.a]
		if w.kind == srcIdent && strings.HasPrefix(w.text, "-") && len(w.text) > 1 && !strings.HasPrefix(w.text, "--") {
			p := param{name: strings.ToLower(strings.TrimPrefix(w.text, "-"))}
			if pn, val, ok := strings.Cut(w.text[1:], ":"); ok {
				// -Name:value, the value in the same word or the next tokens.
				p.name = strings.ToLower(pn)
				v := srcStatic(val)
				if a.b > a.a+1 {
					v = srcConcat(v, sc.pwshVal(st, srcArg{a: a.a + 1, b: a.b}, depth))
				}
				p.val, p.has = v, val != "" || a.b > a.a+1
			} else if k+1 < len(args) && srcPwshTakesValue(srcPwshCanon(name), p.name) {
				p.val, p.has = sc.pwshVal(st, args[k+1], depth), true
				k++
			}
			params = append(params, p)
			continue
		}
		pos = append(pos, a)
	}
	get := func(names []string, k int) (srcVal, bool) {
		for _, p := range params {
			for _, n := range names {
				if p.has && len(p.name) >= 2 && strings.HasPrefix(n, p.name) {
					return p.val, true
				}
			}
		}
		if k >= 0 && k < len(pos) {
			return sc.pwshVal(st, pos[k], depth), true
		}
		return srcVal{}, false
	}
	flag := func(n string, minLen int) bool {
		for _, p := range params {
			if len(p.name) >= minLen && strings.HasPrefix(n, p.name) {
				return true
			}
		}
		return false
	}
	switch srcPwshCanon(name) {
	case "Set-Alias":
		n, ok1 := get([]string{"name"}, 0)
		v, ok2 := get([]string{"value"}, 1)
		if ok1 && ok2 && n.static && v.static {
			sc.alias["ps:"+strings.ToLower(n.s)] = v.s
		} else if ok2 && (!v.static || srcPwshCanon(v.s) != "") {
			sc.dynamic(call)
		}
		return
	case "Invoke-Expression":
		a, ok := get([]string{"command"}, 0)
		if !ok {
			// "code" | iex: the code comes down the pipeline.
			if v, ok := srcPwshPiped(sc, st, i, depth); ok {
				sc.evalCode(LangPowerShell, v, call, depth)
				return
			}
			sc.dynamic(call)
			return
		}
		sc.evalCode(LangPowerShell, a, call, depth)
		return
	case "Start-Process":
		a, ok := get([]string{"filepath"}, 0)
		if !ok {
			return
		}
		prog := a
		line := prog
		if l, ok := get([]string{"argumentlist", "args"}, 1); ok {
			v := l
			if v.isList {
				v = srcJoin(srcStatic(" "), v)
			}
			if q, ok := srcJoinArgv([]string{prog.s}); ok && prog.static && v.static {
				line = srcStatic(q + " " + v.s)
			} else {
				line = srcVal{}
			}
		} else if prog.static {
			if q, ok := srcJoinArgv([]string{prog.s}); ok {
				line = srcStatic(q)
			}
		}
		sc.runShell(line, call)
		return
	case "Remove-Item":
		rec := flag("recurse", 1)
		a, ok := get([]string{"path", "literalpath"}, 0)
		if !ok {
			sc.delete("Remove-Item", srcVal{text: "(pipeline)"}, rec)
			return
		}
		sc.delete("Remove-Item", a, rec)
		return
	case "Invoke-Command":
		// A script block's commands are scanned where they stand.
		if _, ok := get([]string{"filepath"}, -1); ok {
			sc.dynamic(call)
		}
		return
	}
	if srcPwshBuiltin(name) {
		return
	}
	// An external program.
	base := strings.ToLower(name[strings.LastIndexAny(name, `/\`)+1:])
	base = strings.TrimSuffix(base, ".exe")
	argv := []srcVal{srcStatic(name)}
	for k := 1; k < len(args); k++ {
		argv = append(argv, sc.pwshVal(st, args[k], depth))
	}
	if base == "powershell" || base == "pwsh" {
		sc.pwshEncoded(argv, call, depth)
	}
	sc.runShell(srcVal{isList: true, list: argv}, call)
}

// srcPwshTakesValue reports whether parameter p (a prefix, lower case) of a
// cmdlet takes a value rather than being a switch.
func srcPwshTakesValue(cmdlet, p string) bool {
	var values, switches []string
	switch cmdlet {
	case "Remove-Item":
		values = []string{"path", "literalpath", "filter", "include", "exclude", "credential", "stream"}
		switches = []string{"recurse", "force", "whatif", "confirm", "verbose", "debug"}
	case "Start-Process":
		values = []string{"filepath", "argumentlist", "args", "workingdirectory", "verb", "windowstyle",
			"redirectstandardoutput", "redirectstandarderror", "redirectstandardinput", "credential", "environment"}
		switches = []string{"wait", "nonewwindow", "passthru", "loaduserprofile", "usenewenvironment"}
	case "Invoke-Expression":
		values = []string{"command"}
	case "Invoke-Command":
		values = []string{"scriptblock", "filepath", "computername", "argumentlist", "session", "credential"}
	case "Set-Alias":
		values = []string{"name", "value", "scope", "description", "option"}
		switches = []string{"asjob", "hidecomputername", "noNewScope"}
	default:
		return false
	}
	for _, s := range switches {
		if strings.HasPrefix(s, p) {
			return false
		}
	}
	for _, v := range values {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return false
}

// pwshEncoded scans the script of powershell -EncodedCommand BASE64.
func (sc *srcScanner) pwshEncoded(argv []srcVal, call string, depth int) {
	for k := 1; k+1 < len(argv); k++ {
		p := strings.ToLower(strings.TrimLeft(argv[k].s, "-/"))
		if len(p) >= 1 && (strings.HasPrefix("encodedcommand", p) && p[0] == 'e' && p != "ex" && p != "exec" && p != "executionpolicy" || p == "ec") {
			v := argv[k+1]
			if !v.static {
				sc.dynamic(call)
				return
			}
			if s, ok := srcPwshUTF16(v.s); ok {
				sc.nested(LangPowerShell, s, depth+1)
			} else {
				sc.dynamic(call)
			}
			return
		}
	}
}

// srcPwshUTF16 decodes base64 of UTF-16LE text, as -EncodedCommand takes it.
func srcPwshUTF16(b64 string) (string, bool) {
	raw, ok := srcB64(b64)
	if !ok || len(raw)%2 != 0 {
		return "", false
	}
	u := make([]uint16, len(raw)/2)
	for k := range u {
		u[k] = binary.LittleEndian.Uint16([]byte(raw[2*k : 2*k+2]))
	}
	return string(utf16.Decode(u)), true
}

// pwshVal evaluates one argument.
func (sc *srcScanner) pwshVal(st *srcStream, a srcArg, depth int) srcVal {
	for j := a.a; j < a.b; j++ {
		if st.is(j, ",") {
			return sc.pwshExpr(st, a.a, a.b, depth)
		}
		if st.is(j, "(") || st.is(j, "{") || st.is(j, "[") {
			j = st.close(j, a.b)
		}
	}
	var out srcVal
	first := true
	for j := a.a; j < a.b; {
		v, next := sc.pwshTerm(st, j, a.b, depth)
		if next <= j {
			next = j + 1
		}
		if first {
			out, first = v, false
		} else {
			out = srcConcat(out, v)
		}
		j = next
	}
	if !out.static && !out.isList {
		out.text = st.text(a.a, a.b)
	}
	return out
}

// pwshTerm evaluates the operand at j.
func (sc *srcScanner) pwshTerm(st *srcStream, j, b, depth int) (srcVal, int) {
	toks := st.toks
	if j >= b || j >= len(toks) {
		return srcVal{}, j + 1
	}
	t := &toks[j]
	switch t.kind {
	case srcStr:
		return sc.pwshStr(st, t), j + 1
	case srcIdent:
		if strings.HasPrefix(t.text, "$") {
			switch t.text {
			case "$true", "$false", "$null":
				return srcStatic(t.text), j + 1
			}
			v, _ := sc.lookup(st, t.text)
			return v, j + 1
		}
		return srcStatic(t.text), j + 1
	case srcPunct:
		switch t.text {
		case "(", "@", "$":
			k := j
			if t.text != "(" {
				k++
			}
			if !st.is(k, "(") {
				return srcVal{}, j + 1
			}
			m := st.close(k, b)
			return sc.pwshExpr(st, k+1, m, depth), m + 1
		case "[":
			return sc.pwshStaticVal(st, j, b, depth)
		}
	}
	return srcVal{}, j + 1
}

func (sc *srcScanner) pwshStr(st *srcStream, t *srcTok) srcVal {
	if s, ok := t.static(); ok {
		return srcStatic(s)
	}
	var b strings.Builder
	for _, p := range t.parts {
		if !p.isCode {
			b.WriteString(p.lit)
			continue
		}
		if len(p.code) != 1 || p.code[0].kind != srcIdent {
			return srcVal{text: t.text}
		}
		v, ok := sc.lookup(st, p.code[0].text)
		if !ok || !v.static {
			return srcVal{text: t.text}
		}
		b.WriteString(v.s)
	}
	return srcStatic(b.String())
}

// pwshExpr evaluates an expression: operands joined by + or , and -join.
func (sc *srcScanner) pwshExpr(st *srcStream, a, b, depth int) srcVal {
	if depth > srcMaxEvalDeep || b-a > srcMaxEvalToks {
		return srcVal{text: st.text(a, b)}
	}
	var items []srcVal
	var cur srcVal
	have := false
	for j := a; j < b; {
		switch {
		case st.is(j, "+"):
			v, next := sc.pwshTerm(st, j+1, b, depth+1)
			cur, j = srcConcat(cur, v), next
		case st.is(j, ","):
			items = append(items, cur)
			have = false
			j++
		case st.isWord(j, "-join") || st.isWord(j, "-JOIN") || st.isWord(j, "-Join"):
			l := cur
			if len(items) > 0 {
				l = srcVal{isList: true, list: append(items, cur)}
				items = nil
			}
			sep, next := sc.pwshTerm(st, j+1, b, depth+1)
			cur, j = srcJoin(sep, l), next
		default:
			if have {
				return srcVal{text: st.text(a, b)}
			}
			v, next := sc.pwshTerm(st, j, b, depth+1)
			cur, j, have = v, next, true
		}
	}
	if len(items) > 0 {
		return srcVal{isList: true, list: append(items, cur)}
	}
	return cur
}

// srcPwshStaticName reads [Type]::Member.Member at j and returns the lower-case
// dotted name without "system." and the index after it.
func srcPwshStaticName(st *srcStream, j, b int) (string, int) {
	m := st.close(j, b)
	typ := strings.ToLower(strings.TrimSpace(st.text(j+1, m)))
	typ = strings.TrimPrefix(typ, "system.")
	k := m + 1
	name := typ
	if st.is(k, "::") && k+1 < b && st.toks[k+1].kind == srcIdent {
		name += "::" + strings.ToLower(st.toks[k+1].text)
		k += 2
	}
	return name, k
}

// pwshStaticVal evaluates [char]N, [Convert]::FromBase64String(s) and
// [Text.Encoding]::Unicode.GetString(bytes).
func (sc *srcScanner) pwshStaticVal(st *srcStream, j, b, depth int) (srcVal, int) {
	name, k := srcPwshStaticName(st, j, b)
	argsOf := func(k int) ([]srcVal, int) {
		if !st.is(k, "(") {
			return nil, k
		}
		m := st.close(k, b)
		var vals []srcVal
		for _, a := range st.args(k+1, m) {
			vals = append(vals, sc.pwshExpr(st, a.a, a.b, depth+1))
		}
		return vals, m + 1
	}
	switch {
	case name == "char" && k < b:
		v, next := sc.pwshTerm(st, k, b, depth+1)
		return srcMapChr(srcVal{isList: true, list: []srcVal{v}}), next
	case name == "string" && k < b:
		return sc.pwshTerm(st, k, b, depth+1)
	case name == "convert::frombase64string":
		vals, next := argsOf(k)
		if len(vals) == 1 && vals[0].static {
			if s, ok := srcB64(vals[0].s); ok {
				return srcStatic(s), next
			}
		}
		return srcVal{}, next
	case strings.HasPrefix(name, "text.encoding::") && strings.HasSuffix(name, ".getstring"):
		enc := strings.TrimSuffix(strings.TrimPrefix(name, "text.encoding::"), ".getstring")
		vals, next := argsOf(k)
		if len(vals) == 1 && vals[0].static {
			if enc != "unicode" {
				return vals[0], next
			}
			raw := vals[0].s
			if len(raw)%2 == 0 {
				u := make([]uint16, len(raw)/2)
				for x := range u {
					u[x] = binary.LittleEndian.Uint16([]byte(raw[2*x : 2*x+2]))
				}
				return srcStatic(string(utf16.Decode(u))), next
			}
		}
		return srcVal{}, next
	}
	m := st.close(j, b)
	return srcVal{}, max(k, m+1)
}

// pwshStatic handles .NET static calls that run programs or delete trees:
// [Diagnostics.Process]::Start(…), [IO.Directory]::Delete(p, $true).
func (sc *srcScanner) pwshStatic(st *srcStream, j, depth int) {
	b := len(st.toks)
	name, k := srcPwshStaticName(st, j, b)
	if !st.is(k, "(") {
		return
	}
	m := st.close(k, b)
	call := st.text(j, m+1)
	var vals []srcVal
	for _, a := range st.args(k+1, m) {
		vals = append(vals, sc.pwshExpr(st, a.a, a.b, depth+1))
	}
	switch name {
	case "diagnostics.process::start":
		if len(vals) == 0 {
			sc.dynamic(call)
			return
		}
		prog := vals[0]
		if !prog.static {
			sc.dynamic(call)
			return
		}
		q, ok := srcJoinArgv([]string{prog.s})
		if !ok {
			sc.dynamic(call)
			return
		}
		if len(vals) > 1 {
			if !vals[1].static {
				sc.dynamic(call)
				return
			}
			q += " " + vals[1].s
		}
		sc.shell(q)
	case "io.directory::delete":
		if len(vals) > 0 {
			rec := len(vals) > 1 && strings.EqualFold(vals[1].s, "$true")
			sc.delete("[IO.Directory]::Delete", vals[0], rec)
		}
	case "io.file::delete":
		if len(vals) > 0 {
			sc.delete("[IO.File]::Delete", vals[0], false)
		}
	case "management.automation.powershell::create", "management.automation.scriptblock::create",
		"scriptblock::create", "powershell::create":
		if len(vals) > 0 {
			sc.evalCode(LangPowerShell, vals[0], call, depth)
		}
	}
}

// srcPwshPiped returns the value piped into the command at i when the
// previous pipeline stage is a single expression: "code" | iex.
func srcPwshPiped(sc *srcScanner, st *srcStream, i, depth int) (srcVal, bool) {
	if i < 2 || !st.is(i-1, "|") {
		return srcVal{}, false
	}
	s := i - 2
	if st.is(s, ")") {
		if m := st.match[s]; m >= 0 && m < s {
			s = m
		}
	}
	if st.is(s-1, "$") || st.is(s-1, "@") {
		s--
	}
	if s > 0 && !st.toks[s].nl {
		if p := &st.toks[s-1]; !(p.kind == srcPunct && (p.text == ";" || p.text == "{" || p.text == "(" || p.text == "=")) {
			return srcVal{}, false
		}
	}
	v := sc.pwshExpr(st, s, i-1, depth)
	return v, v.static
}
