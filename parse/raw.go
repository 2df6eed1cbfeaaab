package parse

import (
	"strings"
)

// rawScan looks at text that could not be analysed (a parse error, a limit)
// for the shapes of hardline commands, without parsing it: rm -rf / and the
// system directories, mkfs, writes to a raw disk, fork bombs, shutdown. What
// it finds is an [IssueHardlineRaw]. It reads the whole text, however large,
// in time and memory linear in its size (one segment at a time).
func rawScan(res *Result, text string) {
	rawScanFrom(res, text, 0)
}

// rawScanFrom is [rawScan] of text that starts at offset start of the
// input: what it finds is reported from there to the end of the input (a
// script's rest past a limit or a parse error is not reported at line 1).
func rawScanFrom(res *Result, text string, start int) {
	start = min(max(start, 0), len(res.Input))
	text = strings.ReplaceAll(text, "\\\n", "")
	seen := map[string]bool{}
	for _, is := range res.Issues {
		if is.Kind == IssueHardlineRaw {
			seen[is.Detail] = true
		}
	}
	add := func(detail string) {
		if seen[detail] || len(seen) >= 64 {
			return
		}
		seen[detail] = true
		res.Issues = append(res.Issues, Issue{Kind: IssueHardlineRaw, Detail: detail, Start: start, End: len(res.Input)})
	}
	if forkBombRaw(text) {
		add("a fork bomb")
	}
	g := &rawSeg{add: add}
	g.reset()
	segments(text, g)
}

// rawSeg scans one segment token by token. Any rm, dd, mkfs, shutdown or
// reboot inside it starts a command (sh -c rm -rf / may have lost its
// quotes), which takes every token after it as an argument: the leftmost
// rm and dd see the most, so only they are followed. Nothing of the
// segment is kept, so a segment of any length costs no memory.
type rawSeg struct {
	add      func(string)
	wrappers bool // still in the wrappers before the first command
	redirect bool // the token before was > or >>
	rm, dd   bool // an rm or dd started
	rec      bool // a recursive flag after the rm
	danger   string
	dev      string
}

func (g *rawSeg) reset() {
	*g = rawSeg{add: g.add, wrappers: true}
}

func rawBase(n string) string {
	if i := strings.LastIndexByte(n, '/'); i >= 0 {
		return n[i+1:]
	}
	return n
}

func (g *rawSeg) token(a string) {
	if g.redirect && BlockDevice(a) {
		g.add("a write to " + a)
	}
	g.redirect = a == ">" || a == ">>" || a == "&>"
	name, first := a, false
	if g.wrappers {
		switch rawBase(a) {
		case "sudo", "doas", "exec", "command", "nohup", "env":
		default:
			name, first, g.wrappers = rawBase(a), true, false
		}
	}
	// a is an argument of the rm and dd started before it.
	if g.rm {
		if a == "--recursive" || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsAny(a, "rR") {
			g.rec = true
		}
		if g.danger == "" && (RootLike(a) || SystemDir(a) || HomeLike(a)) {
			g.danger = a
		}
	}
	if g.dd && g.dev == "" {
		if v, ok := strings.CutPrefix(a, "of="); ok && BlockDevice(v) {
			g.dev = v
		}
	}
	switch {
	case name == "rm":
		g.rm = true
	case name == "dd":
		g.dd = true
	case name == "mkfs" || strings.HasPrefix(name, "mkfs.") || first && (name == "mke2fs" || name == "wipefs"):
		g.add(name + " on a device")
	case name == "shutdown" || name == "reboot" || first && (name == "halt" || name == "poweroff"):
		g.add(name)
	}
}

func (g *rawSeg) end() {
	if g.rm && g.rec && g.danger != "" {
		g.add("rm -r of " + g.danger)
	}
	if g.dd && g.dev != "" {
		g.add("dd to " + g.dev)
	}
	g.reset()
}

// forkBombRaw looks for the fork bomb shapes in text with its blanks
// removed, a chunk at a time (each chunk keeps the end of the one before),
// so that its memory does not grow with the text.
func forkBombRaw(text string) bool {
	const chunk, keep = 1 << 20, 256
	buf := make([]byte, 0, min(len(text), chunk)+keep)
	check := func() bool {
		s := string(buf)
		return strings.Contains(s, "(){:|:&") || strings.Contains(s, "(){:|:;") || forkShape(s)
	}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case ' ', '\t', '\n':
		default:
			buf = append(buf, c)
		}
		if len(buf) >= chunk+keep {
			if check() {
				return true
			}
			buf = append(buf[:0], buf[len(buf)-keep:]...)
		}
	}
	return check()
}

// forkShape finds NAME(){NAME|NAME&} with any name.
func forkShape(s string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], "(){")
		if j < 0 {
			return false
		}
		j += i
		k := j
		for k > 0 && !strings.ContainsRune(";&|\n{}()", rune(s[k-1])) {
			k--
		}
		name := s[k:j]
		if name != "" && strings.HasPrefix(s[j+3:], name+"|"+name) {
			return true
		}
		i = j + 3
	}
}

// maxRawToken is the longest token the raw scan keeps; a longer one (no
// path or option is that long) stands as "…", which matches no shape.
const maxRawToken = 4096

// rawTok builds one token of segments: a slice of the text while it is
// contiguous, a copy only once quotes or a substitution break it up.
type rawTok struct {
	text  string
	start int // -1: no token
	n     int // bytes in the token so far
	clean bool
	buf   []byte
}

func (t *rawTok) begin(i int) {
	if t.start < 0 {
		t.start, t.n, t.clean, t.buf = i, 0, true, t.buf[:0]
	}
}

func (t *rawTok) dirty() {
	if t.clean {
		t.buf = append(t.buf[:0], t.text[t.start:t.start+min(t.n, maxRawToken+1)]...)
		t.clean = false
	}
}

// byteAt adds text[i] to the token.
func (t *rawTok) byteAt(i int) {
	t.begin(i)
	if t.clean && i == t.start+t.n {
		t.n++
		return
	}
	t.dirty()
	if len(t.buf) <= maxRawToken {
		t.buf = append(t.buf, t.text[i])
	}
	t.n++
}

// insert adds s (what $HOME stands for) to the token.
func (t *rawTok) insert(i int, s string) {
	t.begin(i)
	t.dirty()
	if len(t.buf) <= maxRawToken {
		t.buf = append(t.buf, s...)
	}
	t.n += len(s)
}

// take returns the token and starts a new one; "" when there is none.
func (t *rawTok) take() string {
	if t.start < 0 || t.n == 0 {
		t.start = -1
		return ""
	}
	var s string
	switch {
	case t.n > maxRawToken:
		s = "…"
	case t.clean:
		s = t.text[t.start : t.start+t.n]
	default:
		s = string(t.buf)
	}
	t.start = -1
	return s
}

// segments splits text into simple-command-like tokens at shell operators,
// removing quotes, and gives them to g one at a time. It is a rough,
// fail-closed tokenizer; tokens are slices of text where they can be, so
// its memory does not grow with the text.
func segments(text string, g *rawSeg) {
	tok := rawTok{text: text, start: -1}
	flush := func() {
		if s := tok.take(); s != "" {
			g.token(s)
		}
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch c {
		case '\'', '"', '\\':
			continue
		case ' ', '\t':
			flush()
		case ';', '&', '|', '\n', '(', ')', '`', '{', '}':
			flush()
			g.end()
		case '>':
			flush()
			op := ">"
			if i+1 < len(text) && text[i+1] == '>' {
				op = ">>"
				i++
			}
			g.token(op)
		case '$':
			if strings.HasPrefix(text[i:], "${IFS}") {
				flush()
				i += 5
				continue
			}
			if strings.HasPrefix(text[i:], "$HOME") {
				tok.insert(i, "~")
				i += 4
				continue
			}
			if strings.HasPrefix(text[i:], "${HOME}") {
				tok.insert(i, "~")
				i += 6
				continue
			}
			tok.byteAt(i)
		default:
			tok.byteAt(i)
		}
	}
	flush()
	g.end()
}
