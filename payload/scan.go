// Package payload reads the code an interpreter is given on a command line
// (python -c, perl -e, ruby -e, node -e, php -r, awk programs, PowerShell
// -Command, Tcl) and reports what that code does to the machine: the shell
// command lines it runs, the files and trees it deletes, the files it
// writes, moves, links or changes the mode of. That is its one job.
//
// It is a heuristic scanner, not a parser or an interpreter. It never
// imports package parse: it returns shell text and records, and parse
// turns them into commands for the rules.
package payload

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Lang is a source language an interpreter payload is written in.
type Lang int

// The languages [Scan] knows.
const (
	LangPython Lang = iota + 1
	LangPerl
	LangRuby
	LangNode
	LangPHP
	LangAwk
	LangPowerShell
)

// String returns the language's name in lower case.
func (l Lang) String() string {
	switch l {
	case LangPython:
		return "python"
	case LangPerl:
		return "perl"
	case LangRuby:
		return "ruby"
	case LangNode:
		return "node"
	case LangPHP:
		return "php"
	case LangAwk:
		return "awk"
	case LangPowerShell:
		return "powershell"
	}
	return "unknown"
}

// A Result is what Scan found in a payload.
type Result struct {
	// Shell holds shell command lines the code runs, each as the shell
	// would get it: os.system("rm -rf /") gives "rm -rf /"; an argv list
	// such as subprocess.run(["rm", "-rf", "/"]) is joined with each part
	// shell-quoted. In PowerShell every external program a payload runs
	// (anything but a cmdlet or a read-only alias) is a Shell line.
	Shell []string
	// Dynamic holds calls that run commands built at run time, which cannot be
	// resolved statically: os.system(cmd), exec(`rm ${x}`), system($ARGV[0]).
	// Each entry is the call's source text, shortened to at most 200 bytes.
	Dynamic []string
	// Deletes holds tree or file deletions: shutil.rmtree(p), os.remove,
	// fs.rmSync(p, {recursive:true}), FileUtils.rm_rf, unlink, Remove-Item -Recurse.
	Deletes []Delete
	// Writes holds the static paths the code opens for writing:
	// open("/dev/sda", "wb"), perl's open(F, ">/dev/sda"),
	// fs.writeFileSync(p), fopen(p, "w").
	Writes []string
	// Files holds the other changes to files: writes, moves, copies,
	// links, FIFOs and mode changes.
	Files []File
}

// A Delete is one deletion call found by [Scan].
type Delete struct {
	// Call is the function as resolved, such as "shutil.rmtree" or
	// "Remove-Item".
	Call string
	// Target is the path: a string literal's value when Static, else the
	// expression's source text ("(pipeline)" for PowerShell input).
	Target string
	// Static reports whether Target is exactly known.
	Static bool
	// Recursive is set for deletions of whole trees.
	Recursive bool
}

// Empty reports whether the scan found nothing.
func (s *Result) Empty() bool {
	return len(s.Shell) == 0 && len(s.Dynamic) == 0 && len(s.Deletes) == 0 && len(s.Writes) == 0 && len(s.Files) == 0
}

// LangOf maps an interpreter's program name (python, python3, python3.12,
// perl, ruby, node, nodejs, deno, bun, php, awk, gawk, mawk, nawk, pwsh,
// powershell; with or without a directory or .exe) to its Lang; 0 if none.
func LangOf(name string) Lang {
	name = strings.ToLower(path.Base(strings.ReplaceAll(name, `\`, "/")))
	name = strings.TrimSuffix(name, ".exe")
	base := strings.TrimRight(name, "0123456789.")
	switch base {
	case "python", "pypy", "python-dbg", "ipython":
		return LangPython
	case "perl":
		return LangPerl
	case "ruby", "jruby", "truffleruby":
		return LangRuby
	case "node", "nodejs", "deno", "bun":
		return LangNode
	case "php", "php-cli":
		return LangPHP
	case "awk", "gawk", "mawk", "nawk", "original-awk", "onetrue-awk":
		return LangAwk
	case "pwsh", "powershell", "pwsh-preview", "powershell_ise":
		return LangPowerShell
	}
	return 0
}

// srcMaxShow is how much of a call's source text a Dynamic entry keeps.
const srcMaxShow = 200

// Scan scans src, a program in lang, for the shell commands it runs
// and the files it deletes. It is a heuristic scanner, not a parser: it
// tells code from strings and comments, follows imports and aliases,
// constant strings, concatenation, escapes and static base64 or hex
// decoding, and reports what it cannot resolve as Dynamic. It takes time
// linear in len(src) and never panics. An unknown lang scans as nothing.
func Scan(lang Lang, src string) (out Result) {
	if lang < LangPython || lang > LangPowerShell {
		return out
	}
	defer func() {
		if r := recover(); r != nil {
			out.Dynamic = append(out.Dynamic, "source scan failed: "+srcShorten(srcPanicText(r)))
		}
	}()
	sc := &srcScanner{
		out:    &out,
		env:    map[string][]srcVal{},
		alias:  map[string]string{},
		star:   map[string]bool{},
		seen:   map[string]bool{},
		budget: 4*len(src) + 1<<16,
	}
	sc.nested(lang, src, 0)
	sc.sendsRead() // send_misses6.go
	return out
}

func srcPanicText(r any) string {
	if e, ok := r.(error); ok {
		return e.Error()
	}
	if s, ok := r.(string); ok {
		return s
	}
	return "panic"
}

// srcVal is the value of an expression: a string, a list, or unknown.
type srcVal struct {
	s      string
	static bool
	list   []srcVal
	isList bool
	alts   []srcVal // a variable with several possible values
	text   string   // source text, for dynamic values
	module string   // a module object, such as require("child_process")
}

func srcStatic(s string) srcVal { return srcVal{s: s, static: true} }

// known reports whether v is a string or a list of strings, all static.
func (v srcVal) known() bool {
	if v.isList {
		for _, e := range v.list {
			if !e.known() {
				return false
			}
		}
		return true
	}
	return v.static
}

// strs returns a known list's elements, or a string as one element.
func (v srcVal) strs() []string {
	if !v.isList {
		return []string{v.s}
	}
	out := make([]string, 0, len(v.list))
	for _, e := range v.list {
		out = append(out, e.strs()...)
	}
	return out
}

// srcStream is one token sequence with its bracket pairs.
type srcStream struct {
	lang  Lang
	src   string
	toks  []srcTok
	match []int
}

func srcNewStream(lang Lang, src string, toks []srcTok) *srcStream {
	st := &srcStream{lang: lang, src: src, toks: toks, match: make([]int, len(toks))}
	var stack []int
	for i := range toks {
		st.match[i] = -1
		if toks[i].kind != srcPunct {
			continue
		}
		switch toks[i].text {
		case "(", "[", "{":
			stack = append(stack, i)
		case ")", "]", "}":
			if n := len(stack); n > 0 && srcCloser(toks[stack[n-1]].text[0]) == toks[i].text[0] {
				st.match[stack[n-1]] = i
				st.match[i] = stack[n-1]
				stack = stack[:n-1]
			}
		}
	}
	for _, o := range stack {
		st.match[o] = len(toks)
	}
	return st
}

// is reports whether token i is the punctuation p.
func (st *srcStream) is(i int, p string) bool {
	return i >= 0 && i < len(st.toks) && st.toks[i].kind == srcPunct && st.toks[i].text == p
}

// isWord reports whether token i is the identifier w.
func (st *srcStream) isWord(i int, w string) bool {
	return i >= 0 && i < len(st.toks) && st.toks[i].kind == srcIdent && st.toks[i].text == w
}

// close returns the index of the bracket closing the one at i, bounded by b.
func (st *srcStream) close(i, b int) int {
	m := st.match[i]
	if m < 0 || m > b {
		return b
	}
	return m
}

// text returns the source of tokens [a, b).
func (st *srcStream) text(a, b int) string {
	if a >= b || a >= len(st.toks) {
		return ""
	}
	if b > len(st.toks) {
		b = len(st.toks)
	}
	s, e := st.toks[a].pos, st.toks[b-1].end
	if s < 0 || e > len(st.src) || s > e {
		return ""
	}
	return st.src[s:e]
}

type srcScanner struct {
	out    *Result
	env    map[string][]srcVal
	alias  map[string]string // local name → canonical name
	star   map[string]bool   // Python: from MODULE import *
	seen   map[string]bool   // nested code already scanned, and results
	budget int
	cp     bool // JavaScript: child_process is loaded
	// reads are the files the code opens for reading, sends the URLs of
	// HTTP requests that carry a body (send_misses6.go).
	reads, sends []string
}

// nested scans code in lang, at nesting depth.
func (sc *srcScanner) nested(lang Lang, code string, depth int) {
	key := lang.String() + "\x00" + code
	if sc.seen[key] {
		return
	}
	sc.seen[key] = true
	sc.budget -= len(code) + 16
	if sc.budget < 0 || depth > srcMaxDepth {
		sc.dynamic("code nested too deeply to scan: " + code)
		return
	}
	if lang == LangPowerShell {
		sc.pwsh(code, depth)
		return
	}
	toks, tooDeep := srcLex(lang, code, depth)
	if tooDeep {
		sc.dynamic("code nested too deeply to scan: " + code)
	}
	if lang == LangNode && (strings.Contains(code, "child_process") || strings.Contains(code, "spawn_sync")) {
		sc.cp = true
	}
	st := srcNewStream(lang, code, toks)
	sc.params(st)
	sc.scan(st, depth)
}

func srcShorten(s string) string {
	s = strings.TrimSpace(s)
	if len(s) <= srcMaxShow {
		return s
	}
	cut := srcMaxShow
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// appendNew appends v to s unless s holds it already or has limit elements.
func appendNew[T comparable](s []T, v T, limit int) []T {
	if len(s) >= limit || slices.Contains(s, v) {
		return s
	}
	return append(s, v)
}

func (sc *srcScanner) dynamic(text string) {
	text = srcShorten(text)
	sc.out.Dynamic = appendNew(sc.out.Dynamic, text, 256)
}

func (sc *srcScanner) shell(line string) {
	sc.out.Shell = appendNew(sc.out.Shell, line, 1024)
}

// srcJoinArgv joins an argv list into a shell line, quoting each part.
func srcJoinArgv(argv []string) (string, bool) {
	var b strings.Builder
	for i, a := range argv {
		q, err := syntax.Quote(a, syntax.LangBash)
		if err != nil {
			return "", false
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(q)
	}
	return b.String(), true
}

// runShell reports a command line (a string) or an argv (a list) that the
// code runs; call is the source text for Dynamic.
func (sc *srcScanner) runShell(v srcVal, call string) {
	if len(v.alts) > 0 {
		for _, a := range v.alts {
			sc.runShell(a, call)
		}
		return
	}
	if v.isList && !v.known() {
		if line, ok := srcHomeArgv(v.list); ok {
			sc.shell(line)
			return
		}
	}
	if !v.known() {
		sc.dynamic(call)
		return
	}
	if v.isList {
		sc.runArgv(v.strs(), call)
		return
	}
	if strings.IndexByte(v.s, 0) >= 0 {
		sc.dynamic(call)
		return
	}
	if strings.TrimSpace(v.s) != "" {
		sc.shell(v.s)
	}
}

// srcHomeArgv joins an argv whose elements are static strings or the home
// directory (system "rm", "-rf", $ENV{HOME}; ["rm", "-rf",
// os.path.expanduser("~")]) into a command line, the home directory as ~.
func srcHomeArgv(list []srcVal) (string, bool) {
	var b strings.Builder
	for i, e := range list {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case !e.isList && len(e.alts) == 0 && e.static:
			q, err := syntax.Quote(e.s, syntax.LangBash)
			if err != nil {
				return "", false
			}
			b.WriteString(q)
		case !e.isList && len(e.alts) == 0 && !e.static && HomeExpr(strings.TrimSpace(e.text)):
			b.WriteByte('~')
		default:
			return "", false
		}
	}
	return b.String(), len(list) > 0
}

// runArgv reports an argv that the code runs.
func (sc *srcScanner) runArgv(argv []string, call string) {
	if len(argv) == 0 {
		return
	}
	line, ok := srcJoinArgv(argv)
	if !ok {
		sc.dynamic(call)
		return
	}
	sc.shell(line)
}

// runProg reports a program and its argument list: spawn("rm", ["-rf", "/"]).
func (sc *srcScanner) runProg(prog srcVal, args []srcVal, call string) {
	argv := []srcVal{prog}
	argv = append(argv, args...)
	sc.runShell(srcVal{isList: true, list: argv}, call)
}

func (sc *srcScanner) delete(call string, v srcVal, recursive bool) {
	if len(v.alts) > 0 {
		for _, a := range v.alts {
			sc.delete(call, a, recursive)
		}
		return
	}
	if v.isList {
		for _, e := range v.list {
			sc.delete(call, e, recursive)
		}
		return
	}
	d := Delete{Call: call, Recursive: recursive, Static: v.static}
	if v.static {
		d.Target = v.s
	} else {
		d.Target = srcShorten(v.text)
	}
	sc.out.Deletes = appendNew(sc.out.Deletes, d, 256)
}

// write records a path the code opens for writing, when it is static; in
// Files, static or not.
func (sc *srcScanner) write(v srcVal) {
	sc.file("write", OpWrite, v, srcVal{})
	if len(v.alts) > 0 {
		for _, a := range v.alts {
			sc.write(a)
		}
		return
	}
	if !v.static || v.s == "" || len(sc.out.Writes) >= 256 {
		return
	}
	for _, w := range sc.out.Writes {
		if w == v.s {
			return
		}
	}
	sc.out.Writes = append(sc.out.Writes, v.s)
}

// srcModeWrites reports whether an open mode or flags value writes: a mode
// string with w, a, x or + ("wb", "r+", "a"), or flags naming O_WRONLY,
// O_RDWR, O_TRUNC, O_APPEND or O_CREAT.
func srcModeWrites(v srcVal) bool {
	if v.static {
		return strings.ContainsAny(v.s, "wax+") && len(v.s) <= 4
	}
	for _, f := range []string{"O_WRONLY", "O_RDWR", "O_TRUNC", "O_APPEND", "O_CREAT", "WRONLY", "RDWR"} {
		if strings.Contains(v.text, f) {
			return true
		}
	}
	return false
}

// evalCode scans a string that the code runs as code in lang.
func (sc *srcScanner) evalCode(lang Lang, v srcVal, call string, depth int) {
	if len(v.alts) > 0 {
		for _, a := range v.alts {
			sc.evalCode(lang, a, call, depth)
		}
		return
	}
	if !v.static || v.isList {
		sc.dynamic(call)
		return
	}
	sc.nested(lang, v.s, depth+1)
}

// scan walks a token stream.
func (sc *srcScanner) scan(st *srcStream, depth int) {
	sc.scanRange(st, 0, len(st.toks), depth)
}

// scanRange walks tokens [a, b) of a stream.
func (sc *srcScanner) scanRange(st *srcStream, a, b, depth int) {
	toks := st.toks
	if b > len(toks) {
		b = len(toks)
	}
	if depth > 4*srcMaxDepth {
		sc.dynamic("code nested too deeply to scan: " + st.text(a, b))
		return
	}
	for i := a; i < b; {
		t := &toks[i]
		for _, p := range t.parts {
			if p.isCode && len(p.code) > 0 {
				sc.scan(srcNewStream(st.lang, st.src, p.code), depth+1)
			}
		}
		if t.subst != "" {
			sc.nested(LangPerl, t.subst, depth+1)
		}
		switch t.kind {
		case srcCmd:
			sc.runShell(sc.strVal(st, t), t.text)
			i++
			continue
		case srcStr:
			if st.lang == LangPHP {
				sc.phpCallback(st, i)
			}
			if st.lang == LangNode && t.text == "`" && i > 0 {
				// A tagged template: $`cmd` (zx, Bun shell).
				if p := &toks[i-1]; p.kind == srcIdent && p.text == "$" {
					sc.runShell(sc.strVal(st, t), st.text(i-1, i+1))
				}
			}
			i++
			continue
		case srcIdent:
			if next := sc.statement(st, i, depth); next > i {
				i = next
				continue
			}
			if next := sc.call(st, i, depth); next > i {
				i = next
				continue
			}
		case srcPunct:
			if st.lang == LangAwk && (t.text == "|" || t.text == "|&") {
				sc.awkPipe(st, i)
			}
			if st.lang == LangAwk && (t.text == ">" || t.text == ">>") {
				sc.awkOut(st, i)
			}
			if st.lang == LangPHP && t.text == "(" {
				sc.phpExprCall(st, i, depth)
			}
		}
		i++
	}
}

// stmtEnd returns the end of the statement or paren-less argument list that
// starts at i: the first ; or newline (in languages where it ends a
// statement) at bracket depth 0, an unmatched closer, or a low-precedence
// keyword.
func (st *srcStream) stmtEnd(i int) int {
	end, _ := st.stmtEndOK(i, false)
	return end
}

// srcMaxStmt bounds the tokens stmtEnd looks at, which keeps the scan
// linear in languages where a newline does not end a statement.
const srcMaxStmt = 256

// stmtEndOK is stmtEnd that reports false when the statement is too long
// to find its end, so that its value must be taken as unknown.
func (st *srcStream) stmtEndOK(i int, comma bool) (int, bool) {
	toks := st.toks
	steps := 0
	for j := i; j < len(toks); j++ {
		if steps++; steps > srcMaxStmt {
			return j, false
		}
		t := &toks[j]
		if j > i && t.nl && st.lang != LangPerl && st.lang != LangPHP {
			if prev := &toks[j-1]; st.lang == LangPython || !(prev.kind == srcPunct && srcContinues(prev.text)) {
				return j, true
			}
		}
		switch t.kind {
		case srcPunct:
			switch t.text {
			case ";", ")", "]", "}":
				return j, true
			case ",":
				if comma && st.lang != LangPerl {
					return j, true
				}
			case "(", "[", "{":
				m := st.match[j]
				if m < 0 || m >= len(toks) {
					return len(toks), true
				}
				j = m
			case "||", "&&":
				if st.lang == LangPerl || st.lang == LangRuby {
					return j, true
				}
			}
		case srcIdent:
			if j > i && (st.lang == LangPerl || st.lang == LangRuby) {
				switch t.text {
				case "or", "and", "if", "unless", "while", "until", "for", "foreach", "xor", "rescue", "do", "then":
					return j, true
				}
			}
		}
	}
	return len(toks), true
}

// srcContinues reports whether an operator at the end of a line continues
// the statement on the next.
func srcContinues(op string) bool {
	switch op {
	case "+", "-", "*", "/", ".", ",", "=", "(", "[", "{", "&&", "||", "\\", "+=", "=>", "::", "->", "?.":
		return true
	}
	return false
}

// srcArg is one argument of a call: its token range and, for a keyword
// argument (Python name=value, Ruby key: value), the keyword.
type srcArg struct {
	a, b int
	key  string
	kw   bool // a keyword argument, whose keyword is key
}

// args splits tokens [a, b) at top-level commas.
func (st *srcStream) args(a, b int) []srcArg {
	var out []srcArg
	start := a
	add := func(end int) {
		if end <= start {
			return
		}
		arg := srcArg{a: start, b: end}
		t := &st.toks[start]
		if end-start >= 2 && (t.kind == srcIdent || t.kind == srcStr || t.kind == srcSym) {
			n := &st.toks[start+1]
			if n.kind == srcPunct && (n.text == "=" && st.lang == LangPython || n.text == ":" && st.lang == LangRuby || n.text == "=>" && st.lang != LangPerl) {
				arg.key, arg.kw = t.text, true
				if t.kind == srcStr {
					arg.key, _ = t.static()
				}
				arg.a = start + 2
			}
		}
		if t.kind == srcSym && st.lang == LangRuby && end-start >= 2 && st.is(start+1, "=>") {
			arg.key, arg.kw = t.text, true
			arg.a = start + 2
		}
		if arg.a >= arg.b {
			return
		}
		out = append(out, arg)
	}
	for j := a; j < b; j++ {
		t := &st.toks[j]
		if t.kind != srcPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			j = st.close(j, b)
		case ",":
			add(j)
			start = j + 1
		case "=>":
			if st.lang == LangPerl {
				add(j)
				start = j + 1
			}
		}
	}
	add(b)
	return out
}

// positional returns the arguments without a keyword.
func srcPositional(args []srcArg) []srcArg {
	var out []srcArg
	for _, a := range args {
		if !a.kw {
			out = append(out, a)
		}
	}
	return out
}

// keyword returns the keyword argument key, if any.
func srcKeyword(args []srcArg, key string) (srcArg, bool) {
	for _, a := range args {
		if a.kw && a.key == key {
			return a, true
		}
	}
	return srcArg{}, false
}
