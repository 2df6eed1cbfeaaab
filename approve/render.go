package approve

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/rules"
)

// style holds the escape sequences of one rendering; all empty without
// colour.
type style struct {
	mark, rule, hard, warn, dim, key, reset string
}

var (
	plain  = style{}
	colour = style{mark: "\x1b[1;4;31m", rule: "\x1b[1m", hard: "\x1b[1;31m", warn: "\x1b[1;33m",
		dim: "\x1b[2m", key: "\x1b[1;36m", reset: "\x1b[0m"}
)

func (s style) paint(code, text string) string {
	if code == "" {
		return text
	}
	return code + text + s.reset
}

// personsWay replaces, for a person at their own guarded shell prompt, a
// rule's advice to run a command "by hand outside guardsh": they are at a
// terminal already, and the hook's own off switch is the true way.
var personsWay = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer(
		"run it by hand in a terminal outside guardsh", "type guardsh-off to pause checking, run it, then guardsh-on",
		"run it by hand outside guardsh", "type guardsh-off to pause checking, run it, then guardsh-on")
})

// blockMessage explains a block for standard error. For a person at their
// own shell prompt (person), advice to run the command "outside guardsh"
// becomes the true way from where they are: guardsh-off pauses the hook.
func blockMessage(res *check.Result, hard []rules.Finding, person bool) string {
	hint := "hint: no approval, allowlist or GUARDSH_YOLO lets it through; see 'guardsh explain RULE-ID'"
	if person {
		shown := make([]rules.Finding, len(hard))
		for i, f := range hard {
			f.Suggest = personsWay().Replace(f.Suggest)
			shown[i] = f
		}
		hard = shown
		hint = "hint: no approval or allowlist lets it through; guardsh-off pauses checking in this shell, guardsh-on resumes it"
	}
	return "guardsh: blocked: " + listIDs(ruleIDs(hard)) + " is a hardline rule: this command never runs through guardsh\n" +
		describe(res, hard, plain) + hint
}

// refusal explains an ask that was refused, for standard error.
func refusal(res *check.Result, asks []rules.Finding) string {
	s := needs(ruleIDs(asks)) + "\n" + describe(res, asks, plain)
	return strings.TrimSuffix(s, "\n")
}

// describe writes the command, with the matched parts marked, and one block
// per finding: rule, title, reason, what matched and through which carriers,
// and the safer alternative.
func describe(res *check.Result, fs []rules.Finding, st style) string {
	var b strings.Builder
	b.WriteString(markCommand(res.Command, fs, st))
	for _, f := range dedupe(fs) {
		id := f.Rule
		if id == "" {
			id = "guardsh"
		}
		tierStyle := st.warn
		if f.Tier == rules.Hardline {
			tierStyle = st.hard
		}
		fmt.Fprintf(&b, "  %s %s", st.paint(tierStyle, "●"), st.paint(st.rule, id))
		if f.Title != "" {
			fmt.Fprintf(&b, ": %s", sanitize(f.Title))
		}
		if f.Source == "tirith" {
			b.WriteString(st.paint(st.dim, " (tirith)"))
		}
		b.WriteByte('\n')
		if f.Reason != "" {
			fmt.Fprintf(&b, "    why: %s\n", sanitize(f.Reason))
		}
		if f.Text != "" {
			fmt.Fprintf(&b, "    matched: %s", sanitize(clipText(f.Text, maxShownLine)))
			if len(f.Via) > 0 {
				fmt.Fprintf(&b, " %s", st.paint(st.dim, "(via "+sanitize(strings.Join(f.Via, " → "))+")"))
			}
			b.WriteByte('\n')
		} else if len(f.Via) > 0 {
			fmt.Fprintf(&b, "    via %s\n", sanitize(strings.Join(f.Via, " → ")))
		}
		if f.Suggest != "" {
			fmt.Fprintf(&b, "    instead: %s\n", sanitize(f.Suggest))
		}
	}
	return b.String()
}

// dedupe drops findings repeating the rule and text of an earlier one.
func dedupe(fs []rules.Finding) []rules.Finding {
	var out []rules.Finding
	seen := map[string]bool{}
	for _, f := range fs {
		k := f.Rule + "\x00" + f.Text
		if !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}

// markCommand shows the command, indented, with "$ " before the first line.
// The bytes findings point at are painted with colour, or underlined with
// carets on the next line without it.
//
// Of a command longer than maxMarked bytes only the start is looked at, so
// the work and memory stay bounded (a 60 MiB script in $SHELL mode); the
// findings past it are still listed below it, each with what it matched.
func markCommand(cmd string, fs []rules.Finding, st style) string {
	rest := 0
	if len(cmd) > maxMarked {
		n := runeCut(cmd, maxMarked)
		rest, cmd = len(cmd)-n, cmd[:n]
	}
	// Spans are added as +1 at the start and -1 at the end, then summed
	// once: linear in the command and the findings, however they overlap.
	depth := make([]int32, len(cmd)+1)
	for _, f := range fs {
		start, end := f.Start, f.End
		if rest > 0 && 0 <= start && start < end {
			if start >= len(cmd) {
				continue // past what is shown
			}
			end = min(end, len(cmd))
		}
		if !(0 <= start && start < end && end <= len(cmd)) {
			// No usable offsets (tirith, a script): find the text.
			start = -1
			if f.Text != "" && len(f.Text) <= 4096 {
				if i := strings.Index(cmd, f.Text); i >= 0 {
					start, end = i, i+len(f.Text)
				}
			}
		}
		if start >= 0 && start < end {
			depth[start]++
			depth[end]--
		}
	}
	marked := make([]bool, len(cmd))
	var open int32
	for i := range marked {
		open += depth[i]
		marked[i] = open > 0
	}
	var b strings.Builder
	lines := splitLines(cmd)
	show := linesToShow(lines, marked)
	skipped := 0
	for n, line := range lines {
		if !show[n] {
			skipped++
			continue
		}
		if skipped > 0 {
			fmt.Fprintf(&b, "    %s\n", st.paint(st.dim, fmt.Sprintf("… %d more lines …", skipped)))
			skipped = 0
		}
		if len(b.String()) == 0 {
			b.WriteString("  $ ")
		} else {
			b.WriteString("    ")
		}
		cutFront := 0
		if line.end-line.start > maxShownLine {
			// Show a window that starts a little before the first match.
			for j := line.start; j < line.end; j++ {
				if marked[j] {
					if j-line.start > maxShownLine/2 {
						cutFront = j - 40 - line.start
					}
					break
				}
			}
			for cutFront > 0 && !utf8Start(cmd[line.start+cutFront]) {
				cutFront--
			}
			line.start += cutFront
			if line.end-line.start > maxShownLine {
				line.end = line.start + maxShownLine
				for line.end > line.start && !utf8Start(cmd[line.end]) {
					line.end--
				}
			}
		}
		var carets strings.Builder
		if cutFront > 0 {
			front := fmt.Sprintf("…(%d bytes) ", cutFront)
			b.WriteString(st.paint(st.dim, front))
			carets.WriteString(strings.Repeat(" ", utf8.RuneCountInString(front)))
		}
		anyMark := false
		in := false
		for i := line.start; i < line.end; {
			r, size := utf8.DecodeRuneInString(cmd[i:])
			text := sanitizeRune(r, cmd[i:i+size])
			m := marked[i]
			if m != in && st.mark != "" {
				if m {
					b.WriteString(st.mark)
				} else {
					b.WriteString(st.reset)
				}
			}
			in = m
			b.WriteString(text)
			c := " "
			if m {
				c, anyMark = "^", true
			}
			carets.WriteString(strings.Repeat(c, utf8.RuneCountInString(text)))
			i += size
		}
		if in && st.mark != "" {
			b.WriteString(st.reset)
		}
		if line.end < lines[n].end {
			b.WriteString(st.paint(st.dim, fmt.Sprintf(" …(%d more bytes)", lines[n].end-line.end)))
		}
		b.WriteByte('\n')
		if anyMark && st.mark == "" {
			b.WriteString("    " + strings.TrimRight(carets.String(), " ") + "\n")
		}
	}
	if skipped > 0 {
		fmt.Fprintf(&b, "    %s\n", st.paint(st.dim, fmt.Sprintf("… %d more lines", skipped)))
	}
	if rest > 0 {
		fmt.Fprintf(&b, "    %s\n", st.paint(st.dim, fmt.Sprintf("… and %d more bytes, not shown", rest)))
	}
	return b.String()
}

// Limits of what is shown of a long command or script.
const (
	maxShownLines = 12  // all of a command with at most this many lines
	maxShownMarks = 8   // else the first line and this many lines with a match
	maxShownLine  = 400 // bytes of one line
	maxMarked     = 1 << 20
)

// linesToShow picks the lines of a long script worth showing: the first
// one and those with a match.
func linesToShow(lines []span, marked []bool) []bool {
	show := make([]bool, len(lines))
	if len(lines) <= maxShownLines {
		for i := range show {
			show[i] = true
		}
		return show
	}
	show[0] = true
	n := 0
	for i, l := range lines {
		if n == maxShownMarks {
			break
		}
		for j := l.start; j < l.end; j++ {
			if marked[j] {
				show[i] = true
				n++
				break
			}
		}
	}
	return show
}

type span struct{ start, end int }

func splitLines(s string) []span {
	var out []span
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, span{start, i})
			start = i + 1
		}
	}
	return append(out, span{start, len(s)})
}

// Printable returns s made safe to print on a terminal: control characters
// (newlines included), invalid bytes, and invisible or bidirectional code
// points are shown as escapes such as \e, \x07 or <U+202E>, so the text
// cannot redraw the screen or hide what it says.
func Printable(s string) string { return sanitize(s) }

// clipText cuts s to at most n bytes on a rune boundary, marking the cut.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8Start(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// sanitize makes text safe to print on a terminal: control characters,
// invalid bytes and invisible or bidirectional code points are shown as
// escapes, so a command cannot redraw or disguise the prompt.
func sanitize(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == '\n' {
			b.WriteString(`\n`)
		} else {
			b.WriteString(sanitizeRune(r, s[i:i+size]))
		}
		i += size
	}
	return b.String()
}

func sanitizeRune(r rune, raw string) string {
	switch {
	case r == utf8.RuneError && len(raw) == 1:
		return fmt.Sprintf(`\x%02x`, raw[0])
	case r == '\t':
		return "    "
	case r == 0x1b:
		return `\e`
	case unicode.IsControl(r):
		if r < 0x100 {
			return fmt.Sprintf(`\x%02x`, r)
		}
		return fmt.Sprintf("<U+%04X>", r)
	case invisible(r):
		return fmt.Sprintf("<U+%04X>", r)
	}
	return raw
}

// invisible reports bidirectional controls and zero-width code points.
func invisible(r rune) bool {
	switch {
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
		return true
	case r >= 0x200B && r <= 0x200D, r == 0x2060, r == 0xFEFF, r == 0x00AD:
		return true
	}
	return unicode.Is(unicode.Cf, r)
}
