package payload

// A small tokenizer for the source code that interpreters get on their
// command line (python -c, perl -e, ruby -e, node -e, php -r, awk). It knows
// each language's strings, comments and interpolation well enough to tell
// code from data; it is not a parser. PowerShell has its own, in
// source_pwsh.go.

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// srcKind is the kind of a source token.
type srcKind uint8

const (
	srcIdent srcKind = iota + 1 // name or keyword; variables keep their sigil ($x, @x)
	srcStr                      // string literal
	srcCmd                      // command literal: `…`, qx{…}, %x(…)
	srcNum                      // number
	srcPunct                    // operator or bracket
	srcRegex                    // regular expression literal
	srcSym                      // Ruby symbol; text is its name
	srcWords                    // word list: Perl qw(), Ruby %w(); parts[0].lit holds the words
)

// A srcPart is a piece of a string literal: literal text, or code that is
// interpolated into it.
type srcPart struct {
	lit    string
	isCode bool
	code   []srcTok // the interpolated code, lexed
	expr   string   // its source text
	opaque bool     // code that was not lexed (nesting too deep, unknown escape)
}

// A srcTok is one token of payload source.
type srcTok struct {
	kind  srcKind
	text  string
	parts []srcPart
	// subst holds the code of a Perl s///e replacement.
	subst    string
	pos, end int
	// sp and nl report whitespace and a newline before the token.
	sp, nl bool
	// ctl marks the ) that closes the head of if, while, for or with.
	ctl bool
}

// static reports whether a string token's value is known, and returns it.
func (t *srcTok) static() (string, bool) {
	if len(t.parts) == 1 && !t.parts[0].isCode {
		return t.parts[0].lit, true
	}
	if len(t.parts) == 0 {
		return "", true
	}
	var b strings.Builder
	for _, p := range t.parts {
		if p.isCode {
			return "", false
		}
		b.WriteString(p.lit)
	}
	return b.String(), true
}

// Limits that keep the scanner linear and its recursion shallow.
const (
	srcMaxDepth  = 24      // nesting of interpolations and nested scans
	srcMaxTokens = 1 << 20 // tokens in one scan
)

// Escape rules of a quoted string.
type srcEsc uint8

const (
	srcEscC      srcEsc = iota // C-like escapes decoded
	srcEscSingle               // only \\ and \<delimiter>
	srcEscRaw                  // backslash keeps itself and the next character
	srcEscNone                 // no escapes at all
)

// Interpolation rules of a quoted string.
type srcInterp uint8

const (
	srcNoInterp srcInterp = iota
	srcInterpPerl
	srcInterpRuby
	srcInterpPHP
	srcInterpJS
	srcInterpPyF
)

type srcDoc struct {
	tok    int // index of the token that receives the body
	tag    string
	indent bool
	dedent bool // <<~: the body's common indentation is removed
	esc    srcEsc
	interp srcInterp
}

type srcLexer struct {
	lang   Lang
	src    string
	i      int
	toks   []srcTok
	depth  int
	sp, nl bool
	docs   []srcDoc
	inner  bool   // lexing an interpolation: stop at an unmatched }
	parens []bool // open parentheses: whether each heads a control statement
	// braceStack holds, for each open brace, whether it opens a block.
	braceStack []bool
	braces     int
	stopped    bool
	tooDeep    bool // an interpolation was too deeply nested to lex
	tooLarge   bool
}

// srcLex tokenizes src as code of lang.
func srcLex(lang Lang, src string, depth int) (toks []srcTok, tooDeep bool) {
	lx := &srcLexer{lang: lang, src: src, depth: depth}
	lx.toks = make([]srcTok, 0, len(src)/8+8)
	lx.run()
	return lx.toks, lx.tooDeep || lx.tooLarge
}

// innerCode lexes interpolated code starting at i up to an unmatched }, and
// returns its tokens and the offset after the }.
func (lx *srcLexer) innerCode(i int) ([]srcTok, int, bool) {
	if lx.depth >= srcMaxDepth {
		// Skip to the matching brace without lexing.
		n := 1
		for j := i; j < len(lx.src); j++ {
			switch lx.src[j] {
			case '{':
				n++
			case '}':
				n--
				if n == 0 {
					lx.tooDeep = true
					return nil, j + 1, false
				}
			}
		}
		lx.tooDeep = true
		return nil, len(lx.src), false
	}
	in := &srcLexer{lang: lx.lang, src: lx.src, i: i, depth: lx.depth + 1, inner: true}
	in.run()
	if in.tooDeep {
		lx.tooDeep = true
	}
	if in.tooLarge {
		lx.tooLarge = true
	}
	return in.toks, in.i, true
}

func (lx *srcLexer) peek(k int) byte {
	if lx.i+k < len(lx.src) {
		return lx.src[lx.i+k]
	}
	return 0
}

func (lx *srcLexer) emit(t srcTok) {
	if len(lx.toks) >= srcMaxTokens {
		lx.tooLarge = true
		lx.i = len(lx.src)
		return
	}
	t.sp, t.nl = lx.sp, lx.nl
	lx.sp, lx.nl = false, false
	lx.toks = append(lx.toks, t)
}

// last returns the previous token, or nil.
func (lx *srcLexer) last() *srcTok {
	if len(lx.toks) == 0 {
		return nil
	}
	return &lx.toks[len(lx.toks)-1]
}

// srcOperatorWord reports whether a keyword of lang, like an operator,
// expects an operand after it: a / after it starts a regular expression.
func srcOperatorWord(lang Lang, w string) bool {
	switch lang {
	case LangNode:
		switch w {
		case "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void",
			"throw", "instanceof", "yield", "await":
			return true
		}
	case LangPerl:
		switch w {
		case "split", "grep", "map", "join", "and", "or", "not", "if", "unless", "while",
			"until", "push", "unshift", "when", "x", "eq", "ne", "lt", "gt", "le", "ge", "cmp",
			"print", "printf", "say", "return", "elsif", "xor", "die", "warn":
			return true
		}
	case LangRuby:
		switch w {
		case "and", "or", "not", "if", "unless", "while", "until", "when", "then", "elsif",
			"return", "puts", "p", "print", "case", "in", "do", "yield", "scan", "match", "split",
			"sub", "gsub", "index":
			return true
		}
	case LangAwk:
		switch w {
		case "print", "printf", "return", "in", "if", "while", "do", "else":
			return true
		}
	}
	return false
}

// blockBrace reports whether a { at lx.i opens a block of statements
// rather than a subscript or an object or hash literal.
func (lx *srcLexer) blockBrace() bool {
	t := lx.last()
	if t == nil {
		return true
	}
	switch t.kind {
	case srcPunct:
		switch t.text {
		case ")", ";", "{", "}":
			return true
		case "=>":
			return lx.lang == LangNode
		}
		return false
	case srcIdent:
		switch lx.lang {
		case LangPerl:
			return !strings.ContainsAny(t.text[:1], "$@%&")
		case LangNode:
			switch t.text {
			case "else", "try", "finally", "do":
				return true
			}
			return false
		}
		return true
	}
	return false
}

// afterOperand reports whether the previous token ends an operand, so that
// a following / is division.
func (lx *srcLexer) afterOperand() bool {
	t := lx.last()
	if t == nil {
		return false
	}
	switch t.kind {
	case srcNum, srcStr, srcCmd, srcRegex, srcSym, srcWords:
		return true
	case srcIdent:
		return !srcOperatorWord(lx.lang, t.text)
	case srcPunct:
		switch t.text {
		case ")":
			// The ) of if (…), while (…), for (…) ends no operand.
			return !t.ctl
		case "}":
			// A } that ends a block ends no operand; one that ends a
			// subscript or an object literal does.
			return !t.ctl
		case "]":
			return true
		}
	}
	return false
}

// srcPuncts are the operators of more than one byte, longest first.
var srcPuncts = []string{
	"<<<", "...", "**=", "//=", "===", "!==", "<=>", "|&",
	"::", "->", "=>", "==", "!=", "<=", ">=", "**", "&&", "||", "<<", ">>",
	"+=", "-=", ".=", "*=", "/=", "%=", "|=", "&=", "^=", "=~", "!~", "?.", "..", "++", "--",
}

func (lx *srcLexer) run() {
	src := lx.src
	if lx.i == 0 && !lx.inner {
		lx.lineStart()
	}
	for lx.i < len(src) && !lx.stopped {
		c := src[lx.i]
		switch {
		case c == '\n':
			lx.i++
			lx.sp, lx.nl = true, true
			if len(lx.docs) > 0 {
				lx.readDocs()
			}
			if lx.lineStart() {
				continue
			}
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			lx.i++
			lx.sp = true
		case c == '\\' && lx.peek(1) == '\n' && lx.lang != LangPHP:
			lx.i += 2
			lx.sp = true
		case lx.comment():
		case lx.quote():
		case srcIsIdentStart(c) || c >= 0x80 || lx.lang == LangNode && (c == '$' || c == '\\' && lx.peek(1) == 'u'):
			lx.ident()
		case c >= '0' && c <= '9':
			j := lx.i + 1
			for j < len(src) && (srcIsIdentByte(src[j]) || src[j] == '.' && j+1 < len(src) && src[j+1] >= '0' && src[j+1] <= '9') {
				j++
			}
			lx.emit(srcTok{kind: srcNum, text: src[lx.i:j], pos: lx.i, end: j})
			lx.i = j
		default:
			lx.punct()
		}
	}
}

// lineStart handles constructs that must begin a line: Perl POD, Ruby
// =begin, __END__. It reports whether it consumed anything.
func (lx *srcLexer) lineStart() bool {
	rest := lx.src[lx.i:]
	switch lx.lang {
	case LangPerl:
		if len(rest) > 1 && rest[0] == '=' && srcIsIdentStart(rest[1]) {
			lx.skipUntilLine("=cut")
			return true
		}
	case LangRuby:
		if strings.HasPrefix(rest, "=begin") {
			lx.skipUntilLine("=end")
			return true
		}
	}
	return false
}

// skipUntilLine skips to the line after one that starts with end.
func (lx *srcLexer) skipUntilLine(end string) {
	for lx.i < len(lx.src) {
		nl := strings.IndexByte(lx.src[lx.i:], '\n')
		line := lx.src[lx.i:]
		if nl >= 0 {
			line = line[:nl]
		}
		if strings.HasPrefix(line, end) {
			if nl < 0 {
				lx.i = len(lx.src)
			} else {
				lx.i += nl + 1
			}
			lx.sp, lx.nl = true, true
			return
		}
		if nl < 0 {
			lx.i = len(lx.src)
			return
		}
		lx.i += nl + 1
	}
}

func (lx *srcLexer) skipLine() {
	nl := strings.IndexByte(lx.src[lx.i:], '\n')
	if nl < 0 {
		lx.i = len(lx.src)
		return
	}
	lx.i += nl
}

// comment skips a comment at lx.i, reporting whether there was one.
func (lx *srcLexer) comment() bool {
	c, d := lx.peek(0), lx.peek(1)
	switch lx.lang {
	case LangPython, LangPerl, LangRuby, LangAwk:
		if c == '#' {
			lx.skipLine()
			lx.sp = true
			return true
		}
	case LangPHP:
		if c == '#' && d != '[' {
			lx.phpLineComment()
			return true
		}
		if c == '/' && d == '/' {
			lx.phpLineComment()
			return true
		}
	case LangNode:
		if c == '/' && d == '/' {
			lx.skipLine()
			lx.sp = true
			return true
		}
		if c == '#' && d == '!' && lx.i == 0 {
			lx.skipLine()
			return true
		}
	}
	if c == '/' && d == '*' && (lx.lang == LangNode || lx.lang == LangPHP) {
		end := strings.Index(lx.src[lx.i+2:], "*/")
		if end < 0 {
			lx.i = len(lx.src)
		} else {
			if strings.Contains(lx.src[lx.i:lx.i+2+end], "\n") {
				lx.nl = true
			}
			lx.i += 2 + end + 2
		}
		lx.sp = true
		return true
	}
	return false
}

// phpLineComment skips a PHP line comment, which also ends at ?>.
func (lx *srcLexer) phpLineComment() {
	for lx.i < len(lx.src) && lx.src[lx.i] != '\n' {
		if strings.HasPrefix(lx.src[lx.i:], "?>") {
			return
		}
		lx.i++
	}
	lx.sp = true
}

func srcIsIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func srcIsIdentByte(c byte) bool {
	return srcIsIdentStart(c) || c >= '0' && c <= '9'
}

// identEnd returns the end of the identifier that starts at i, including
// non-ASCII letters.
func (lx *srcLexer) identEnd(i int) int {
	src := lx.src
	for i < len(src) {
		c := src[i]
		if srcIsIdentByte(c) || lx.lang == LangNode && c == '$' {
			i++
			continue
		}
		if c >= 0x80 {
			r, n := utf8.DecodeRuneInString(src[i:])
			if r == utf8.RuneError || !(unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Pc, r)) {
				break
			}
			i += n
			continue
		}
		if lx.lang == LangNode && c == '\\' && i+1 < len(src) && src[i+1] == 'u' {
			// Unicode escapes are allowed in JavaScript identifiers.
			_, j, ok := srcUnicodeEsc(src, i+2)
			if !ok {
				break
			}
			i = j
			continue
		}
		break
	}
	return i
}

func (lx *srcLexer) ident() {
	src := lx.src
	start := lx.i
	c := src[start]
	if c >= 0x80 {
		r, n := utf8.DecodeRuneInString(src[start:])
		if !unicode.IsLetter(r) && !unicode.Is(unicode.Nl, r) {
			// Not an identifier: a stray symbol.
			lx.emit(srcTok{kind: srcPunct, text: src[start : start+n], pos: start, end: start + n})
			lx.i = start + n
			return
		}
	}
	end := lx.identEnd(start)
	if end == start {
		end = start + 1
	}
	if lx.lang == LangRuby && end < len(src) && (src[end] == '?' || src[end] == '!') && !(end+1 < len(src) && src[end+1] == '=') {
		end++
	}
	name := src[start:end]
	if lx.quoteLike(name, end) {
		return
	}
	lx.emit(srcTok{kind: srcIdent, text: srcNormIdent(lx.lang, name), pos: start, end: end})
	lx.i = end
	if lx.lang == LangPerl || lx.lang == LangRuby {
		if name == "__END__" || name == "__DATA__" && lx.lang == LangPerl {
			lx.i = len(src)
		}
	}
	if lx.lang == LangPHP && strings.EqualFold(name, "__halt_compiler") {
		lx.i = len(src)
	}
}

// srcNormIdent folds an identifier the way the language does: Python
// applies NFKC, JavaScript decodes \u escapes.
func srcNormIdent(lang Lang, name string) string {
	ascii := true
	for i := 0; i < len(name); i++ {
		if name[i] >= 0x80 || name[i] == '\\' {
			ascii = false
			break
		}
	}
	if ascii {
		return name
	}
	if lang == LangNode && strings.Contains(name, `\u`) {
		var b strings.Builder
		for i := 0; i < len(name); {
			if name[i] == '\\' && i+1 < len(name) && name[i+1] == 'u' {
				r, j, ok := srcUnicodeEsc(name, i+2)
				if ok {
					b.WriteRune(r)
					i = j
					continue
				}
			}
			b.WriteByte(name[i])
			i++
		}
		name = b.String()
	}
	return norm.NFKC.String(name)
}

// srcUnicodeEsc decodes XXXX or {X…} at s[i:], after a \u.
func srcUnicodeEsc(s string, i int) (rune, int, bool) {
	if i < len(s) && s[i] == '{' {
		end := strings.IndexByte(s[i:], '}')
		if end < 2 || end > 9 {
			return 0, i, false
		}
		v, err := strconv.ParseUint(s[i+1:i+end], 16, 32)
		if err != nil || v > unicode.MaxRune {
			return 0, i, false
		}
		return rune(v), i + end + 1, true
	}
	if i+4 > len(s) {
		return 0, i, false
	}
	v, err := strconv.ParseUint(s[i:i+4], 16, 32)
	if err != nil {
		return 0, i, false
	}
	return rune(v), i + 4, true
}

func (lx *srcLexer) punct() {
	src := lx.src
	start := lx.i
	c := src[start]
	if lx.inner {
		switch c {
		case '{':
			lx.braces++
		case '}':
			if lx.braces == 0 {
				lx.i++
				lx.stopped = true
				return
			}
			lx.braces--
		}
	}
	switch c {
	case '(', ')', '[', ']', '{', '}', ',', ';':
		tok := srcTok{kind: srcPunct, text: src[start : start+1], pos: start, end: start + 1}
		switch c {
		case '{':
			lx.braceStack = append(lx.braceStack, lx.blockBrace())
		case '}':
			if n := len(lx.braceStack); n > 0 {
				tok.ctl = lx.braceStack[n-1]
				lx.braceStack = lx.braceStack[:n-1]
			}
		case '(':
			t := lx.last()
			lx.parens = append(lx.parens, t != nil && t.kind == srcIdent && (t.text == "if" || t.text == "while" || t.text == "for" || t.text == "with" || t.text == "elsif" || t.text == "unless" || t.text == "until" || t.text == "foreach"))
		case ')':
			if n := len(lx.parens); n > 0 {
				tok.ctl = lx.parens[n-1]
				lx.parens = lx.parens[:n-1]
			}
		}
		lx.emit(tok)
		lx.i = start + 1
		return
	}
	// Variables with a sigil.
	if v := lx.variable(); v > start {
		lx.emit(srcTok{kind: srcIdent, text: srcNormIdent(lx.lang, src[start:v]), pos: start, end: v})
		lx.i = v
		return
	}
	if lx.lang == LangRuby && c == ':' && lx.peek(1) != ':' && !lx.afterOperand() {
		if p := lx.peek(1); srcIsIdentStart(p) || p >= 0x80 {
			end := lx.identEnd(start + 1)
			if end < len(src) && (src[end] == '?' || src[end] == '!' || src[end] == '=') {
				end++
			}
			lx.emit(srcTok{kind: srcSym, text: src[start+1 : end], pos: start, end: end})
			lx.i = end
			return
		}
		if lx.peek(1) == '`' {
			lx.emit(srcTok{kind: srcSym, text: "`", pos: start, end: start + 2})
			lx.i = start + 2
			return
		}
		if p := lx.peek(1); p == '"' || p == '\'' {
			lx.i++
			lx.quote()
			if t := lx.last(); t != nil && t.kind == srcStr {
				if v, ok := t.static(); ok {
					t.kind, t.text = srcSym, v
				}
				t.pos = start
			}
			return
		}
	}
	if c == '/' && (lx.lang == LangNode || lx.lang == LangPerl || lx.lang == LangRuby || lx.lang == LangAwk) && !lx.afterOperand() {
		if lx.regex(start) {
			return
		}
	}
	for _, p := range srcPuncts {
		if strings.HasPrefix(src[start:], p) {
			if p == "<<<" && lx.lang == LangPHP && lx.heredocStart(start+3, true) {
				return
			}
			if p == "<<" && (lx.lang == LangPerl || lx.lang == LangRuby) && lx.heredocStart(start+2, false) {
				return
			}
			if p == "<<<" && lx.lang != LangPHP {
				continue
			}
			lx.emit(srcTok{kind: srcPunct, text: p, pos: start, end: start + len(p)})
			lx.i = start + len(p)
			return
		}
	}
	n := 1
	if c >= 0x80 {
		_, n = utf8.DecodeRuneInString(src[start:])
	}
	lx.emit(srcTok{kind: srcPunct, text: src[start : start+n], pos: start, end: start + n})
	lx.i = start + n
}

// variable returns the end of a sigil variable at lx.i ($x, @x, $_, ${x},
// PHP $x, Ruby @x/$x, awk $1), or lx.i if there is none.
func (lx *srcLexer) variable() int {
	src, i := lx.src, lx.i
	c := src[i]
	switch lx.lang {
	case LangPerl:
		if c != '$' && c != '@' {
			return i
		}
		j := i + 1
		if c == '$' && j < len(src) && src[j] == '#' {
			// $#array or $#{expr} or $#$ref.
			j++
			if j < len(src) && (src[j] == '{' || src[j] == '$') {
				return j
			}
		}
		for j < len(src) && src[j] == '$' && c == '$' {
			j++ // $$ref
		}
		if j < len(src) && (srcIsIdentStart(src[j]) || src[j] == ':' && j+1 < len(src) && src[j+1] == ':') {
			for j < len(src) && (srcIsIdentByte(src[j]) || src[j] == ':' && j+1 < len(src) && src[j+1] == ':' && j+2 < len(src) && srcIsIdentStart(src[j+2])) {
				if src[j] == ':' {
					j += 2
				} else {
					j++
				}
			}
			return j
		}
		if j < len(src) && src[j] >= '0' && src[j] <= '9' {
			for j < len(src) && src[j] >= '0' && src[j] <= '9' {
				j++
			}
			return j
		}
		if c == '$' && j == i+1 && j < len(src) && strings.IndexByte("&`'+!@/\\,;.0_<>[]^:?\"-", src[j]) >= 0 {
			if src[j] == '^' && j+1 < len(src) && src[j+1] >= 'A' && src[j+1] <= 'Z' {
				return j + 2
			}
			return j + 1
		}
		if j > i+1 {
			return j
		}
		return i
	case LangPHP:
		if c == '$' && i+1 < len(src) && (srcIsIdentStart(src[i+1]) || src[i+1] >= 0x80) {
			return lx.identEnd(i + 1)
		}
	case LangRuby:
		if c == '@' || c == '$' {
			j := i + 1
			if c == '@' && j < len(src) && src[j] == '@' {
				j++
			}
			if j < len(src) && (srcIsIdentStart(src[j]) || src[j] >= 0x80) {
				return lx.identEnd(j)
			}
			if c == '$' && j < len(src) && (src[j] >= '0' && src[j] <= '9' || strings.IndexByte("!@&`'+~=/\\,;.<>_*$?:\"", src[j]) >= 0) {
				return j + 1
			}
		}
	case LangAwk:
		if c == '$' {
			return i + 1
		}
	}
	return i
}

// regex lexes a regular expression literal /…/flags at start; false if it
// does not close on the same line (JavaScript, awk), where it is division.
func (lx *srcLexer) regex(start int) bool {
	src := lx.src
	class := false
	for j := start + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '[':
			class = true
		case ']':
			class = false
		case '\n':
			if lx.lang != LangPerl {
				return false
			}
		case '/':
			if class {
				continue
			}
			end := j + 1
			for end < len(src) && srcIsIdentByte(src[end]) {
				end++
			}
			lx.emit(srcTok{kind: srcRegex, text: src[start:end], pos: start, end: end})
			lx.i = end
			return true
		}
	}
	return false
}

// srcCloser returns the closing delimiter for an opening one.
func srcCloser(c byte) byte {
	switch c {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	case '<':
		return '>'
	}
	return c
}

// quoteLike handles Perl q qq qw qx m qr s tr y and Ruby %-literals that
// start with a word, at lx.i where name ends at end.
func (lx *srcLexer) quoteLike(name string, end int) bool {
	if lx.lang != LangPerl {
		return false
	}
	switch name {
	case "q", "qq", "qw", "qx", "m", "qr", "s", "tr", "y":
	default:
		return false
	}
	if t := lx.last(); t != nil && t.kind == srcPunct && (t.text == "->" || t.text == "{" && lx.peekAfterSpace(end) == '}') {
		return false
	}
	j := end
	for j < len(lx.src) && (lx.src[j] == ' ' || lx.src[j] == '\t' || lx.src[j] == '\n' || lx.src[j] == '\r') {
		j++
	}
	if j >= len(lx.src) {
		return false
	}
	d := lx.src[j]
	if j > end && d == '#' || srcIsIdentByte(d) || d >= 0x80 || d == ',' || d == ';' || d == ')' || d == '}' || d == ']' || d == '>' {
		return false
	}
	if d == '=' && j+1 < len(lx.src) && (lx.src[j+1] == '>' || lx.src[j+1] == '=' || lx.src[j+1] == '~') {
		return false
	}
	start := lx.i
	cl := srcCloser(d)
	var esc srcEsc
	var interp srcInterp
	switch name {
	case "q", "qw":
		esc, interp = srcEscSingle, srcNoInterp
	default:
		esc, interp = srcEscC, srcInterpPerl
	}
	if d == '\'' {
		esc, interp = srcEscSingle, srcNoInterp
	}
	parts, after := lx.body(j+1, len(lx.src), d, cl, esc, interp)
	tok := srcTok{pos: start, parts: parts}
	switch name {
	case "q", "qq":
		tok.kind = srcStr
	case "qw":
		tok.kind = srcWords
	case "qx":
		tok.kind = srcCmd
	default:
		tok.kind = srcRegex
	}
	if name == "s" || name == "tr" || name == "y" {
		k, replStart := after, after
		if cl != d {
			for k < len(lx.src) && (lx.src[k] == ' ' || lx.src[k] == '\t' || lx.src[k] == '\n') {
				k++
			}
			if k < len(lx.src) {
				d2 := lx.src[k]
				replStart = k + 1
				_, k = lx.body(k+1, len(lx.src), d2, srcCloser(d2), srcEscRaw, srcNoInterp)
			}
		} else {
			_, k = lx.body(k, len(lx.src), d, d, srcEscRaw, srcNoInterp)
		}
		flagEnd := k
		for flagEnd < len(lx.src) && srcIsIdentByte(lx.src[flagEnd]) {
			flagEnd++
		}
		if name == "s" && strings.ContainsRune(lx.src[k:flagEnd], 'e') && replStart < k {
			// s///e: the replacement is code.
			tok.subst = lx.src[replStart : k-1]
		}
		after = flagEnd
	} else if tok.kind == srcRegex {
		for after < len(lx.src) && srcIsIdentByte(lx.src[after]) {
			after++
		}
	}
	tok.end = after
	tok.text = lx.src[start:after]
	lx.emit(tok)
	lx.i = after
	return true
}

func (lx *srcLexer) peekAfterSpace(i int) byte {
	for i < len(lx.src) && (lx.src[i] == ' ' || lx.src[i] == '\t') {
		i++
	}
	if i < len(lx.src) {
		return lx.src[i]
	}
	return 0
}

// quote lexes a string literal at lx.i, reporting whether there was one.
func (lx *srcLexer) quote() bool {
	src := lx.src
	start := lx.i
	c := src[start]
	switch lx.lang {
	case LangPython:
		// Prefixes: r b u f and combinations.
		j := start
		for j < len(src) && j-start < 3 && strings.IndexByte("rRbBuUfF", src[j]) >= 0 {
			j++
		}
		if j >= len(src) || src[j] != '"' && src[j] != '\'' {
			return false
		}
		if j > start && start > 0 && srcIsIdentByte(src[start-1]) {
			return false
		}
		prefix := strings.ToLower(src[start:j])
		if strings.Count(prefix, "r") > 1 || strings.Count(prefix, "f") > 1 || strings.Count(prefix, "b") > 1 || strings.Count(prefix, "u") > 1 {
			return false
		}
		q := src[j]
		esc, interp := srcEscC, srcNoInterp
		if strings.Contains(prefix, "r") {
			esc = srcEscRaw
		}
		if strings.Contains(prefix, "f") {
			interp = srcInterpPyF
		}
		if strings.HasPrefix(src[j:], strings.Repeat(string(q), 3)) {
			parts, after := lx.bodyTriple(j+3, string([]byte{q, q, q}), esc, interp)
			lx.emitStr(srcStr, start, after, parts)
			return true
		}
		parts, after := lx.body(j+1, len(src), q, q, esc, interp)
		lx.emitStr(srcStr, start, after, parts)
		return true
	case LangNode:
		switch c {
		case '"', '\'':
			parts, after := lx.body(start+1, len(src), c, c, srcEscC, srcNoInterp)
			lx.emitStr(srcStr, start, after, parts)
			return true
		case '`':
			parts, after := lx.body(start+1, len(src), c, c, srcEscC, srcInterpJS)
			lx.emitStr(srcStr, start, after, parts)
			if t := lx.last(); t != nil {
				t.text = "`"
			}
			return true
		}
	case LangPerl:
		switch c {
		case '\'':
			parts, after := lx.body(start+1, len(src), c, c, srcEscSingle, srcNoInterp)
			lx.emitStr(srcStr, start, after, parts)
			return true
		case '"':
			parts, after := lx.body(start+1, len(src), c, c, srcEscC, srcInterpPerl)
			lx.emitStr(srcStr, start, after, parts)
			return true
		case '`':
			parts, after := lx.body(start+1, len(src), c, c, srcEscC, srcInterpPerl)
			lx.emitStr(srcCmd, start, after, parts)
			return true
		}
	case LangRuby:
		switch c {
		case '\'':
			parts, after := lx.body(start+1, len(src), c, c, srcEscSingle, srcNoInterp)
			lx.emitStr(srcStr, start, after, parts)
			return true
		case '"':
			parts, after := lx.body(start+1, len(src), c, c, srcEscC, srcInterpRuby)
			lx.emitStr(srcStr, start, after, parts)
			return true
		case '`':
			parts, after := lx.body(start+1, len(src), c, c, srcEscC, srcInterpRuby)
			lx.emitStr(srcCmd, start, after, parts)
			return true
		case '%':
			return lx.rubyPercent(start)
		case '?':
			// Character literal ?a.
			if !lx.afterOperand() && start+1 < len(src) && src[start+1] > ' ' && (start+2 >= len(src) || !srcIsIdentByte(src[start+2])) && src[start+1] < 0x80 {
				lx.emitStr(srcStr, start, start+2, []srcPart{{lit: src[start+1 : start+2]}})
				return true
			}
		}
	case LangPHP:
		switch c {
		case '\'':
			parts, after := lx.body(start+1, len(src), c, c, srcEscSingle, srcNoInterp)
			lx.emitStr(srcStr, start, after, parts)
			return true
		case '"':
			parts, after := lx.body(start+1, len(src), c, c, srcEscC, srcInterpPHP)
			lx.emitStr(srcStr, start, after, parts)
			return true
		case '`':
			parts, after := lx.body(start+1, len(src), c, c, srcEscC, srcInterpPHP)
			lx.emitStr(srcCmd, start, after, parts)
			return true
		}
	case LangAwk:
		if c == '"' {
			parts, after := lx.body(start+1, len(src), c, c, srcEscC, srcNoInterp)
			lx.emitStr(srcStr, start, after, parts)
			return true
		}
	}
	return false
}

func (lx *srcLexer) emitStr(kind srcKind, start, end int, parts []srcPart) {
	if end > len(lx.src) {
		end = len(lx.src)
	}
	lx.emit(srcTok{kind: kind, text: lx.src[start:end], pos: start, end: end, parts: parts})
	lx.i = end
}

// rubyPercent lexes %q() %Q() %() %w() %W() %i() %x() %r() %s().
func (lx *srcLexer) rubyPercent(start int) bool {
	src := lx.src
	if lx.afterOperand() {
		return false
	}
	j := start + 1
	kind := byte('Q')
	if j < len(src) && strings.IndexByte("qQwWiIxrs", src[j]) >= 0 {
		kind = src[j]
		j++
	}
	if j >= len(src) {
		return false
	}
	d := src[j]
	if srcIsIdentByte(d) || d == ' ' || d == '\n' || d == '\t' || d == '=' || d >= 0x80 {
		return false
	}
	esc, interp := srcEscC, srcInterpRuby
	switch kind {
	case 'q', 'w', 'i', 's':
		esc, interp = srcEscSingle, srcNoInterp
	}
	parts, after := lx.body(j+1, len(src), d, srcCloser(d), esc, interp)
	tk := srcStr
	switch kind {
	case 'x':
		tk = srcCmd
	case 'w', 'W', 'i', 'I':
		tk = srcWords
	case 'r':
		tk = srcRegex
		for after < len(src) && srcIsIdentByte(src[after]) {
			after++
		}
	case 's':
		tk = srcSym
	}
	lx.emitStr(tk, start, after, parts)
	if tk == srcSym {
		if t := lx.last(); t != nil {
			t.text, _ = t.static()
		}
	}
	return true
}

// heredocStart registers a heredoc whose tag starts at i, after << or <<<.
func (lx *srcLexer) heredocStart(i int, php bool) bool {
	src := lx.src
	start := lx.i
	j := i
	indent, dedent := php, false
	if !php && j < len(src) && (src[j] == '~' || src[j] == '-') {
		indent, dedent = true, src[j] == '~'
		j++
	}
	for php && j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if j >= len(src) {
		return false
	}
	esc, interp := srcEscC, srcInterpPerl
	switch lx.lang {
	case LangRuby:
		interp = srcInterpRuby
	case LangPHP:
		interp = srcInterpPHP
	}
	kind := srcStr
	q := src[j]
	var tag string
	switch {
	case q == '"' || q == '\'' || q == '`':
		end := strings.IndexByte(src[j+1:], q)
		if end <= 0 {
			return false
		}
		tag = src[j+1 : j+1+end]
		j += end + 2
		if q == '\'' {
			esc, interp = srcEscNone, srcNoInterp
		}
		if q == '`' {
			kind = srcCmd
		}
	case srcIsIdentStart(q):
		if !php && lx.afterOperand() {
			// x <<EOS is a heredoc argument when the << is spaced from
			// the name before it but not from the tag.
			t := lx.last()
			if t.kind != srcIdent || !lx.sp || !(indent || q >= 'A' && q <= 'Z') {
				return false
			}
		}
		if !php && lx.lang == LangRuby && !indent && !(q >= 'A' && q <= 'Z') {
			return false
		}
		end := j
		for end < len(src) && srcIsIdentByte(src[end]) {
			end++
		}
		tag = src[j:end]
		j = end
	default:
		return false
	}
	for k := 0; k < len(tag); k++ {
		if tag[k] == '\n' {
			return false
		}
	}
	lx.emit(srcTok{kind: kind, text: src[start:j], pos: start, end: j})
	lx.docs = append(lx.docs, srcDoc{tok: len(lx.toks) - 1, tag: tag, indent: indent, dedent: dedent, esc: esc, interp: interp})
	lx.i = j
	return true
}

// readDocs reads the bodies of pending heredocs, starting at lx.i, the
// beginning of a line.
func (lx *srcLexer) readDocs() {
	docs := lx.docs
	lx.docs = nil
	for _, d := range docs {
		bodyStart := lx.i
		bodyEnd := len(lx.src)
		next := len(lx.src)
		for k := lx.i; k < len(lx.src); {
			nl := strings.IndexByte(lx.src[k:], '\n')
			lineEnd := len(lx.src)
			if nl >= 0 {
				lineEnd = k + nl
			}
			line := strings.TrimRight(lx.src[k:lineEnd], "\r")
			if d.indent {
				line = strings.TrimLeft(line, " \t")
			}
			if line == d.tag || lx.lang == LangPHP && strings.HasPrefix(line, d.tag) && !srcIsIdentByte(line[len(d.tag)]) {
				bodyEnd = k
				if lx.lang == LangPHP {
					// The closing tag may be followed by code: ); , ;
					next = k + strings.Index(lx.src[k:], d.tag) + len(d.tag)
				} else {
					next = lineEnd
				}
				break
			}
			if nl < 0 {
				break
			}
			k = lineEnd + 1
		}
		var parts []srcPart
		if d.esc == srcEscNone {
			parts = []srcPart{{lit: lx.src[bodyStart:bodyEnd]}}
		} else {
			parts, _ = lx.body(bodyStart, bodyEnd, 0, 0, d.esc, d.interp)
		}
		if d.dedent {
			parts = srcDedent(parts, lx.src[bodyStart:bodyEnd])
		}
		if lx.lang == LangPHP && len(parts) > 0 && !parts[len(parts)-1].isCode {
			// PHP drops the newline before the closing tag.
			last := &parts[len(parts)-1]
			last.lit = strings.TrimSuffix(strings.TrimSuffix(last.lit, "\n"), "\r")
		}
		if d.tok < len(lx.toks) {
			lx.toks[d.tok].parts = parts
		}
		lx.i = next
	}
}

// srcDedent removes the common indentation of a <<~ heredoc body from the
// literal parts.
func srcDedent(parts []srcPart, raw string) []srcPart {
	n := -1
	for _, line := range strings.Split(raw, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		k := len(line) - len(strings.TrimLeft(line, " \t"))
		if n < 0 || k < n {
			n = k
		}
	}
	if n <= 0 {
		return parts
	}
	atStart := true
	for p := range parts {
		if parts[p].isCode {
			atStart = false
			continue
		}
		var b strings.Builder
		lit := parts[p].lit
		for k := 0; k < len(lit); {
			if atStart {
				strip := 0
				for strip < n && k < len(lit) && (lit[k] == ' ' || lit[k] == '\t') {
					k++
					strip++
				}
				atStart = false
				continue
			}
			b.WriteByte(lit[k])
			if lit[k] == '\n' {
				atStart = true
			}
			k++
		}
		parts[p].lit = b.String()
	}
	return parts
}

// bodyTriple lexes a Python triple-quoted string body.
func (lx *srcLexer) bodyTriple(i int, close string, esc srcEsc, interp srcInterp) ([]srcPart, int) {
	end := i
	for end < len(lx.src) {
		if lx.src[end] == '\\' && esc != srcEscNone {
			end += 2
			continue
		}
		if strings.HasPrefix(lx.src[end:], close) {
			break
		}
		if interp == srcInterpPyF && lx.src[end] == '{' {
			if end+1 < len(lx.src) && lx.src[end+1] == '{' {
				end += 2
				continue
			}
			_, after, _ := lx.innerCode(end + 1)
			end = after
			continue
		}
		end++
	}
	if end > len(lx.src) {
		end = len(lx.src)
	}
	parts, _ := lx.body(i, end, 0, 0, esc, interp)
	after := end + len(close)
	if after > len(lx.src) {
		after = len(lx.src)
	}
	return parts, after
}

// body decodes a quoted body from i up to the closing delimiter close (with
// open nesting when it differs from close), or to end when close is 0. It
// returns the parts and the offset after the closing delimiter.
func (lx *srcLexer) body(i, end int, open, close byte, esc srcEsc, interp srcInterp) ([]srcPart, int) {
	src := lx.src
	if end > len(src) {
		end = len(src)
	}
	var parts []srcPart
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			parts = append(parts, srcPart{lit: b.String()})
			b.Reset()
		}
	}
	code := func(toks []srcTok, expr string, lexed bool) {
		flush()
		parts = append(parts, srcPart{isCode: true, code: toks, expr: expr, opaque: !lexed})
	}
	nest := 0
	for i < end {
		c := src[i]
		if close != 0 && c == close && nest == 0 {
			flush()
			return srcNonNil(parts), i + 1
		}
		if close != 0 && open != close {
			if c == open {
				nest++
			} else if c == close {
				nest--
			}
		}
		if c == '\\' && esc != srcEscNone && i+1 < end {
			n := src[i+1]
			switch esc {
			case srcEscRaw:
				b.WriteByte(c)
				b.WriteByte(n)
				i += 2
				continue
			case srcEscSingle:
				if n == '\\' || n == close || n == open && open != 0 {
					b.WriteByte(n)
				} else {
					b.WriteByte(c)
					b.WriteByte(n)
				}
				i += 2
				continue
			}
			j, unknown := lx.escape(&b, i+1, end, close)
			if unknown {
				code(nil, src[i:j], false)
			}
			i = j
			continue
		}
		if interp != srcNoInterp {
			if j, ok := lx.interpolation(i, end, close, interp, &b, code); ok {
				i = j
				continue
			}
		}
		b.WriteByte(c)
		i++
	}
	flush()
	return srcNonNil(parts), i
}

func srcNonNil(p []srcPart) []srcPart {
	if p == nil {
		return []srcPart{{lit: ""}}
	}
	return p
}

// escape decodes the escape sequence whose letter is at src[i] into b and
// returns the offset after it. unknown is set for escapes whose value the
// scanner cannot know (Perl case modifiers, Python \N{name}).
func (lx *srcLexer) escape(b *strings.Builder, i, end int, close byte) (next int, unknown bool) {
	src := lx.src
	c := src[i]
	switch c {
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case 'r':
		b.WriteByte('\r')
	case 'a':
		b.WriteByte(7)
	case 'b':
		b.WriteByte(8)
	case 'f':
		b.WriteByte('\f')
	case 'v':
		b.WriteByte('\v')
	case 'e':
		if lx.lang == LangPython {
			b.WriteString(`\e`)
		} else {
			b.WriteByte(27)
		}
	case '\n':
		if lx.lang == LangPerl || lx.lang == LangRuby && close == 0 {
			b.WriteByte('\n')
		}
	case 'x':
		j := i + 1
		if j < end && src[j] == '{' && lx.lang != LangPython {
			k := strings.IndexByte(src[j:end], '}')
			if k > 0 {
				if v, err := strconv.ParseUint(strings.TrimSpace(src[j+1:j+k]), 16, 32); err == nil && v <= unicode.MaxRune {
					b.WriteRune(rune(v))
					return j + k + 1, false
				}
			}
			return i + 1, true
		}
		k := j
		for k < end && k < j+2 && srcIsHex(src[k]) {
			k++
		}
		if k == j {
			b.WriteByte('\\')
			b.WriteByte('x')
			return j, false
		}
		v, _ := strconv.ParseUint(src[j:k], 16, 8)
		if lx.lang == LangPython || lx.lang == LangNode {
			b.WriteRune(rune(v))
		} else {
			b.WriteByte(byte(v))
		}
		return k, false
	case 'u', 'U':
		if lx.lang == LangPerl {
			return i + 1, true // \u \U are case modifiers
		}
		if c == 'U' && lx.lang != LangPython {
			b.WriteByte(c)
			break
		}
		width := 4
		if c == 'U' {
			width = 8
		}
		j := i + 1
		if j < end && src[j] == '{' && lx.lang != LangPython {
			r, k, ok := srcUnicodeEsc(src[:end], j)
			if ok {
				b.WriteRune(r)
				return k, false
			}
			return j, true
		}
		if j+width <= end {
			if v, err := strconv.ParseUint(src[j:j+width], 16, 32); err == nil && v <= unicode.MaxRune {
				b.WriteRune(rune(v))
				return j + width, false
			}
		}
		return j, true
	case 'N':
		if lx.lang == LangPython || lx.lang == LangPerl {
			if i+1 < end && src[i+1] == '{' {
				k := strings.IndexByte(src[i+1:end], '}')
				if k > 0 {
					if r, ok := srcCharName(src[i+2 : i+1+k]); ok {
						b.WriteRune(r)
						return i + 2 + k, false
					}
					return i + 2 + k, true
				}
			}
			return i + 1, true
		}
		b.WriteByte(c)
	case 'L', 'Q', 'E', 'l':
		if lx.lang == LangPerl {
			return i + 1, true
		}
		if lx.lang == LangPython {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	case 'c':
		if lx.lang == LangPerl && i+1 < end {
			b.WriteByte(src[i+1] &^ 0x60 & 0x1f)
			return i + 2, false
		}
		if lx.lang == LangPython {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	case '0', '1', '2', '3', '4', '5', '6', '7':
		j := i
		for j < end && j < i+3 && src[j] >= '0' && src[j] <= '7' {
			j++
		}
		if lx.lang == LangNode && j == i+1 && src[i] == '0' {
			b.WriteByte(0)
			return j, false
		}
		v, _ := strconv.ParseUint(src[i:j], 8, 16)
		if lx.lang == LangPython {
			b.WriteRune(rune(v))
		} else {
			b.WriteByte(byte(v))
		}
		return j, false
	case '\'', '"', '\\', '`', '$', '@', '/', '#', '{', '}':
		if lx.lang == LangPython && c != '\'' && c != '"' && c != '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	case '\r':
		if i+1 < end && src[i+1] == '\n' && (lx.lang == LangPython || lx.lang == LangNode) {
			return i + 2, false
		}
		b.WriteByte(c)
	default:
		if lx.lang == LangPython || lx.lang == LangPHP || lx.lang == LangAwk {
			b.WriteByte('\\')
		}
		if c < 0x80 {
			b.WriteByte(c)
			return i + 1, false
		}
		_, n := utf8.DecodeRuneInString(src[i:end])
		b.WriteString(src[i : i+n])
		return i + n, false
	}
	if c == '\n' && (lx.lang == LangPython || lx.lang == LangNode) {
		return i + 1, false
	}
	return i + 1, false
}

func srcIsHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// srcCharName knows the Unicode names of the ASCII letters, digits and
// the punctuation a command line needs; other names are unknown.
func srcCharName(name string) (rune, bool) {
	name = strings.ToUpper(strings.TrimSpace(name))
	if r, ok := strings.CutPrefix(name, "LATIN SMALL LETTER "); ok && len(r) == 1 && r[0] >= 'A' && r[0] <= 'Z' {
		return rune(r[0] - 'A' + 'a'), true
	}
	if r, ok := strings.CutPrefix(name, "LATIN CAPITAL LETTER "); ok && len(r) == 1 && r[0] >= 'A' && r[0] <= 'Z' {
		return rune(r[0]), true
	}
	if r, ok := strings.CutPrefix(name, "U+"); ok {
		if v, err := strconv.ParseUint(r, 16, 32); err == nil && v <= unicode.MaxRune {
			return rune(v), true
		}
	}
	switch name {
	case "SPACE":
		return ' ', true
	case "SOLIDUS":
		return '/', true
	case "HYPHEN-MINUS":
		return '-', true
	case "FULL STOP":
		return '.', true
	case "TILDE":
		return '~', true
	case "SEMICOLON":
		return ';', true
	}
	return 0, false
}

// interpolation handles an interpolated variable or code at src[i].
func (lx *srcLexer) interpolation(i, end int, close byte, interp srcInterp, b *strings.Builder, code func([]srcTok, string, bool)) (int, bool) {
	src := lx.src
	c := src[i]
	next := byte(0)
	if i+1 < end {
		next = src[i+1]
	}
	lexCode := func(from int) int {
		toks, after, ok := lx.innerCode(from)
		if after > end && close != 0 {
			after = end
		}
		code(toks, src[from:max(from, min(after-1, len(src)))], ok)
		return after
	}
	simpleVar := func(from, to int) int {
		sub := &srcLexer{lang: lx.lang, src: src[:to]}
		sub.i = from
		v := sub.variable()
		if v <= from {
			return -1
		}
		name := src[from:v]
		code([]srcTok{{kind: srcIdent, text: name, pos: from, end: v}}, name, true)
		return v
	}
	switch interp {
	case srcInterpJS:
		if c == '$' && next == '{' {
			return lexCode(i + 2), true
		}
	case srcInterpPyF:
		if c == '{' {
			if next == '{' {
				b.WriteByte('{')
				return i + 2, true
			}
			return lexCode(i + 1), true
		}
		if c == '}' && next == '}' {
			b.WriteByte('}')
			return i + 2, true
		}
	case srcInterpRuby:
		if c == '#' && next == '{' {
			return lexCode(i + 2), true
		}
		if c == '#' && (next == '@' || next == '$') {
			if v := simpleVar(i+1, end); v > 0 {
				return v, true
			}
		}
	case srcInterpPerl:
		if (c == '$' || c == '@') && next == '{' {
			// ${name}, ${\ code}, @{[ code ]}
			return lexCode(i + 2), true
		}
		if c == '$' || c == '@' && (srcIsIdentStart(next) || next == '_' || next == ':') {
			if c == '$' && (next == 0 || next == ' ' || next == close || next == '\n' || next == '"') {
				return 0, false
			}
			if v := simpleVar(i, end); v > 0 {
				// $x[…], $x{…}, $x->[…] are part of the variable.
				v = lx.skipSubscripts(v, end, close)
				if v > len(src) {
					v = len(src)
				}
				return v, true
			}
		}
	case srcInterpPHP:
		if c == '{' && next == '$' {
			return lexCode(i + 1), true
		}
		if c == '$' && next == '{' {
			return lexCode(i + 2), true
		}
		if c == '$' && (srcIsIdentStart(next) || next >= 0x80) {
			if v := simpleVar(i, end); v > 0 {
				return lx.skipSubscripts(v, end, close), true
			}
		}
	}
	return 0, false
}

// skipSubscripts extends an interpolated variable over [..], {..} and ->
// subscripts, which make it dynamic anyway.
func (lx *srcLexer) skipSubscripts(i, end int, close byte) int {
	src := lx.src
	for i < end {
		if strings.HasPrefix(src[i:end], "->") && i+2 < end && (src[i+2] == '[' || src[i+2] == '{' || lx.lang == LangPHP && srcIsIdentStart(src[i+2])) {
			i += 2
			if lx.lang == LangPHP && srcIsIdentStart(src[i]) {
				for i < end && srcIsIdentByte(src[i]) {
					i++
				}
				continue
			}
		}
		if i >= end || src[i] != '[' && !(src[i] == '{' && lx.lang == LangPerl) {
			return i
		}
		cl := srcCloser(src[i])
		k := strings.IndexByte(src[i:end], cl)
		if k < 0 || close != 0 && strings.IndexByte(src[i:i+k], close) >= 0 {
			return i
		}
		i += k + 1
	}
	return i
}
