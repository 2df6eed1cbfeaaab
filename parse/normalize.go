package parse

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Normalize prepares text for parsing. NUL bytes are removed and invalid UTF-8
// replaced, ANSI escape sequences (CSI, OSC, DCS, SOS, PM, APC, 8-bit C1) are
// stripped, each reported as an [Issue]; invisible and bidi code points stay
// in the text and are reported too. A run of adjacent bad bytes or
// characters of one kind is one issue, and each kind has at most
// maxIssuesPerKind issues (the last one stretches over the rest), so the
// issues stay few however the text is made.
func Normalize(src string) (string, []Issue) {
	if isPlainASCII(src) {
		return src, nil
	}
	var runs issueRuns
	var sb strings.Builder
	sb.Grow(len(src))
	prev := rune(0) // the last character written
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == 0:
			if !runs.extend(IssueNUL, sb.Len(), sb.Len()) {
				runs.add(Issue{Kind: IssueNUL, Detail: "the command contains a NUL byte, which shells drop or stop at", Start: sb.Len(), End: sb.Len()})
			}
			i++
			continue
		case c == 0x1b:
			n := escapeLen(src[i:])
			if !runs.extend(IssueEscape, sb.Len(), sb.Len()) {
				runs.add(Issue{Kind: IssueEscape, Detail: fmt.Sprintf("a terminal escape sequence %q was hidden in the command", src[i:i+n]), Start: sb.Len(), End: sb.Len()})
			}
			i += n
			continue
		case c < utf8.RuneSelf:
			sb.WriteByte(c)
			prev = rune(c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		if r == utf8.RuneError && size <= 1 {
			if !runs.extend(IssueUTF8, sb.Len(), sb.Len()+3) {
				runs.add(Issue{Kind: IssueUTF8, Detail: fmt.Sprintf("byte 0x%02x is not valid UTF-8", c), Start: sb.Len(), End: sb.Len() + 3})
			}
			sb.WriteRune(utf8.RuneError)
			i++
			continue
		}
		if r >= 0x80 && r <= 0x9f {
			n := c1Len(src[i:])
			if !runs.extend(IssueEscape, sb.Len(), sb.Len()) {
				runs.add(Issue{Kind: IssueEscape, Detail: fmt.Sprintf("an 8-bit control sequence %q was hidden in the command", src[i:i+n]), Start: sb.Len(), End: sb.Len()})
			}
			i += n
			continue
		}
		if name := invisible(r); name != "" && !emojiPart(prev, r, src[i+size:]) {
			if !runs.extend(IssueInvisible, sb.Len(), sb.Len()+size) {
				runs.add(Issue{Kind: IssueInvisible, Detail: fmt.Sprintf("invisible character U+%04X (%s)", r, name), Start: sb.Len(), End: sb.Len() + size})
			}
		}
		sb.WriteString(src[i : i+size])
		prev = r
		i += size
	}
	return sb.String(), runs.done()
}

// emojiPart reports an invisible character that is part of an emoji as
// every terminal draws it, and so hides nothing: the variation selector
// U+FE0F after a symbol (🛠️, ❤️, ©️) or in a keycap (1️⃣), and the
// zero-width joiner between two symbols (👨‍👩‍👧). After a letter or a
// digit, or alone, they stay reported.
func emojiPart(prev, r rune, rest string) bool {
	next, _ := utf8.DecodeRuneInString(rest)
	switch r {
	case 0xfe0f, 0xfe0e:
		if emojiBase(prev) {
			return true
		}
		// A keycap: 1, U+FE0F, U+20E3.
		return (prev >= '0' && prev <= '9' || prev == '#' || prev == '*') && next == 0x20e3
	case 0x200d:
		return emojiBase(prev) && (emojiBase(next) || next == 0x2640 || next == 0x2642)
	}
	return false
}

// emojiBase reports a symbol an emoji sequence is built on: the pictographs
// and symbols of U+2000 and up, and © ®.
func emojiBase(r rune) bool {
	if r == 0xa9 || r == 0xae {
		return true
	}
	if r < 0x2000 {
		return false
	}
	return r >= 0x1f000 || unicode.Is(unicode.So, r) || unicode.Is(unicode.Sm, r) || unicode.Is(unicode.Sk, r) && r >= 0x1f3fb && r <= 0x1f3ff
}

// maxIssuesPerKind caps the issues of one kind that Normalize reports.
const maxIssuesPerKind = 32

// issueRuns collects Normalize's issues, merging each with the last one when
// it is of the same kind and adjacent, or when its kind has reached the cap.
type issueRuns struct {
	issues []Issue
	count  []int
	last   map[string]int // kind → index of its last issue
	kinds  map[string]int // kind → issues of it
}

// extend merges an issue of kind spanning [start, end) into an earlier one
// and reports whether it did; the caller adds a new issue when it did not.
func (a *issueRuns) extend(kind string, start, end int) bool {
	if n := len(a.issues); n > 0 && a.issues[n-1].Kind == kind && a.issues[n-1].End == start {
		// The common case: the run goes on.
		a.issues[n-1].End = end
		a.count[n-1]++
		return true
	}
	i, ok := a.last[kind]
	if !ok {
		return false
	}
	prev := &a.issues[i]
	if i == len(a.issues)-1 && prev.End == start || a.kinds[kind] >= maxIssuesPerKind {
		prev.End = max(prev.End, end)
		a.count[i]++
		return true
	}
	return false
}

func (a *issueRuns) add(is Issue) {
	if a.last == nil {
		a.last, a.kinds = map[string]int{}, map[string]int{}
	}
	a.last[is.Kind] = len(a.issues)
	a.kinds[is.Kind]++
	a.issues = append(a.issues, is)
	a.count = append(a.count, 1)
}

func (a *issueRuns) done() []Issue {
	for i, n := range a.count {
		if n > 1 {
			a.issues[i].Detail += fmt.Sprintf(", and %d more like it", n-1)
		}
	}
	return a.issues
}

func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == 0 || c == 0x1b || c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// escapeLen returns the length of the ECMA-48 escape sequence at the start of
// s, which begins with ESC.
func escapeLen(s string) int {
	if len(s) < 2 {
		return 1
	}
	switch s[1] {
	case '[': // CSI: parameters, intermediates, a final byte 0x40–0x7e
		for i := 2; i < len(s); i++ {
			if s[i] >= 0x40 && s[i] <= 0x7e {
				return i + 1
			}
		}
		return len(s)
	case ']', 'P', 'X', '^', '_': // OSC, DCS, SOS, PM, APC: up to BEL or ST
		for i := 2; i < len(s); i++ {
			if s[i] == 0x07 {
				return i + 1
			}
			if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
		}
		return len(s)
	}
	if s[1] >= 0x20 && s[1] <= 0x7e {
		return 2
	}
	return 1
}

// c1Len returns the length of the 8-bit control sequence (U+0080–U+009F) at the
// start of s.
func c1Len(s string) int {
	r, size := utf8.DecodeRuneInString(s)
	switch r {
	case 0x9b: // CSI
		for i := size; i < len(s); i++ {
			if s[i] >= 0x40 && s[i] <= 0x7e {
				return i + 1
			}
		}
		return len(s)
	case 0x9d, 0x90, 0x98, 0x9e, 0x9f: // OSC, DCS, SOS, PM, APC
		for i := size; i < len(s); i++ {
			if s[i] == 0x07 {
				return i + 1
			}
			if strings.HasPrefix(s[i:], "\u009c") {
				return i + 2
			}
			if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
		}
		return len(s)
	}
	return size
}

// invisible names a code point that renders as nothing or reorders text, or
// returns "".
func invisible(r rune) string {
	switch {
	case r >= 0x200b && r <= 0x200d, r == 0x2060, r == 0xfeff, r == 0x180e, r == 0x034f:
		return "zero-width"
	case r == 0x200e, r == 0x200f, r == 0x061c:
		return "direction mark"
	case r >= 0x202a && r <= 0x202e:
		return "bidi override"
	case r >= 0x2066 && r <= 0x2069:
		return "bidi isolate"
	case r >= 0x2061 && r <= 0x2064:
		return "invisible operator"
	case r >= 0xe0000 && r <= 0xe007f:
		return "tag character"
	case r == 0x00ad:
		return "soft hyphen"
	case r == 0x115f, r == 0x1160, r == 0x3164, r == 0xffa0:
		return "Hangul filler"
	case r >= 0xfe00 && r <= 0xfe0f, r >= 0xe0100 && r <= 0xe01ef:
		return "variation selector"
	}
	return ""
}

// Fold returns the NFKC-folded copy of text with invisible code points
// removed and look-alike letters of other scripts in Latin words replaced
// (see foldLookalikes), and whether it differs from text. Fullwidth "ｒｍ"
// and Cyrillic "rм" fold to "rm".
func Fold(text string) (string, bool) {
	if isPlainASCII(text) {
		return text, false
	}
	// The dot leaders and the ellipsis (… is ...) are kept: a shell
	// reads them as themselves, and no command is spelled with them, but
	// their folded dots read as .. in a path.
	var kept strings.Builder
	for _, r := range text {
		if invisible(r) != "" {
			continue
		}
		kept.WriteRune(r)
	}
	f := foldLookalikes(foldKeepDots(kept.String()))
	return f, f != text
}

// folded analyses the folded copy of the input. Commands that exist only
// there — spelled with look-alike characters — are added, marked Folded.
// The copy is analysed as the input is, with the same knowledge of the
// script's own files (made.go, absent.go), so that a folded comment or
// banner character (´, ™, ²) does not turn an own-directory delete into
// a spoof. Its offsets are not the input's: a command found only there is
// reported at its line of the input when folding kept the lines, at the
// whole input otherwise.
func (p *parser) folded(text string) {
	seen := map[string]bool{}
	for _, c := range p.res.Commands {
		seen[c.String()] = true
	}
	sub := &Result{Input: text, Image: p.res.Image}
	fp := &parser{res: sub, opts: p.opts, src: text, vars: newVars()}
	fp.vars.files = newFiles(p.opts)
	fp.errexit = p.errexit
	fp.setCwd(startDir(p.opts.Dir))
	if p.fishSrc {
		fp.src, fp.fishAt = fishToBashMap(text)
		fp.fishLines = lineStarts(text)
		fp.fishSrc = true
		if !fp.parse(fp.src) {
			rawScan(sub, text)
		}
	} else {
		fp.parseTop(fp.src)
	}
	noteBuilds(sub.Commands)
	if p.opts.File {
		noteWritten(sub.Commands)
		noteRepeats(sub.Commands, fp.repeats)
	}
	at := foldedLines(p.res.Input, text)
	for _, c := range sub.Commands {
		if seen[c.String()] {
			continue
		}
		c.Folded = true
		c.Start, c.End, c.Line = at(c.Line)
		for i := range c.Args {
			c.Args[i].Start, c.Args[i].End = c.Start, c.End
		}
		for i := range c.Redirs {
			c.Redirs[i].Target.Start, c.Redirs[i].Target.End = c.Start, c.End
		}
		p.res.Commands = append(p.res.Commands, c)
	}
	for _, is := range sub.Issues {
		if is.Kind == IssueHardlineRaw {
			is.Start, is.End = 0, len(p.res.Input)
			p.res.Issues = append(p.res.Issues, is)
		}
	}
}

// foldedLines returns the span and line of the input that a line of its
// folded copy stands for: that line, when folding kept every line break,
// the whole input otherwise.
func foldedLines(input, folded string) func(line int) (start, end, at int) {
	starts := lineStarts(input)
	if strings.Count(input, "\n") != strings.Count(folded, "\n") {
		return func(int) (int, int, int) { return 0, len(input), 1 }
	}
	return func(line int) (int, int, int) {
		if line < 1 || line > len(starts) {
			return 0, len(input), 1
		}
		start, end := starts[line-1], len(input)
		if line < len(starts) {
			end = starts[line] - 1
		}
		return start, end, line
	}
}

// foldKeepDots is NFKC with U+2024–U+2026 (․ ‥ …) left as they are.
func foldKeepDots(s string) string {
	if !strings.ContainsAny(s, "\u2024\u2025\u2026") {
		return norm.NFKC.String(s)
	}
	var sb strings.Builder
	for {
		i := strings.IndexAny(s, "\u2024\u2025\u2026")
		if i < 0 {
			sb.WriteString(norm.NFKC.String(s))
			return sb.String()
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		sb.WriteString(norm.NFKC.String(s[:i]))
		sb.WriteString(s[i : i+n])
		s = s[i+n:]
	}
}
