package parse

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// quietColour drops, in a script file (Options.File), the escape issues
// made only of colour sequences (SGR: ESC [ params m) that sit inside
// quoted text: a banner's or a log helper's raw colour bytes,
// echo "ESC[1;32mdone ESC[0m", are data printed to the terminal, not a
// command hidden from the reader (issue 12). Kept as findings: any other
// escape (cursor moves, erasing, OSC), SGR 8 (concealed text), an escape
// outside quotes or inside a command substitution, and everything when the
// text also holds NULs, invalid UTF-8 or 8-bit controls (their offsets are
// not followed here) or does not parse as a whole. Whatever the escapes
// surround is still analysed: they were stripped before parsing.
func quietColour(res *Result, src string, opts Options) {
	if !opts.File || opts.Shell == "fish" || !strings.Contains(src, "\x1b") {
		return
	}
	escapes := 0
	for _, is := range res.Issues {
		switch is.Kind {
		case IssueEscape:
			escapes++
		case IssueNUL, IssueUTF8:
			return
		}
	}
	if escapes == 0 {
		return
	}
	// Where each escape was in the normalized input, and whether it is
	// colour only. With only ESC sequences removed, an offset in the
	// input is the offset in src less the escape bytes before it.
	type seq struct {
		at     int
		colour bool
	}
	var seqs []seq
	var st sgrState // colours in force across sequences (redteam4.go)
	removed := 0
	for i := 0; i < len(src); {
		c := src[i]
		if c == 0x1b {
			n := escapeLen(src[i:])
			seqs = append(seqs, seq{at: i - removed, colour: isColour(src[i:i+n]) && !st.conceals(src[i:i+n])})
			removed += n
			i += n
			continue
		}
		if c == 0xc2 && i+1 < len(src) && src[i+1] >= 0x80 && src[i+1] <= 0x9f {
			return // an 8-bit control: removed too
		}
		i++
	}
	if len(src)-removed != len(res.Input) {
		return
	}
	f, err := shParse(opts.variant(), res.Input)
	if err != nil {
		return
	}
	// The quoted text: inside '…', and the literal parts of "…".
	var spans [][2]int
	syntax.Walk(f, func(n syntax.Node) bool {
		switch q := n.(type) {
		case *syntax.SglQuoted:
			if !q.Dollar {
				spans = append(spans, [2]int{int(q.Left.Offset()) + 1, int(q.Right.Offset())})
			}
		case *syntax.DblQuoted:
			for _, p := range q.Parts {
				if l, ok := p.(*syntax.Lit); ok {
					spans = append(spans, [2]int{int(l.Pos().Offset()), int(l.End().Offset())})
				}
			}
			if len(q.Parts) == 0 {
				spans = append(spans, [2]int{int(q.Left.Offset()) + 1, int(q.Right.Offset())})
			}
		}
		return true
	})
	quoted := func(at int) bool {
		for _, s := range spans {
			if s[0] <= at && at <= s[1] {
				return true
			}
		}
		return false
	}
	kept := res.Issues[:0]
	for _, is := range res.Issues {
		if is.Kind == IssueEscape {
			data, any := true, false
			for _, s := range seqs {
				if s.at < is.Start || s.at > is.End {
					continue
				}
				any = true
				if !s.colour || !quoted(s.at) {
					data = false
					break
				}
			}
			if any && data {
				continue
			}
		}
		kept = append(kept, is)
	}
	res.Issues = kept
}

// isColour reports whether an escape sequence only sets colours or
// attributes (SGR: ESC [ digits and ; or : then m), without SGR 8, which
// conceals the text after it.
func isColour(s string) bool {
	if len(s) < 3 || s[1] != '[' || s[len(s)-1] != 'm' {
		return false
	}
	params := s[2 : len(s)-1]
	for i := 0; i < len(params); i++ {
		if c := params[i]; (c < '0' || c > '9') && c != ';' && c != ':' {
			return false
		}
	}
	ps := strings.Split(params, ";")
	fg, bg := "", "" // the colours set, to tell text drawn in its background's colour
	for i := 0; i < len(ps); i++ {
		switch p := strings.TrimLeft(ps[i], "0"); {
		case p == "8":
			return false
		case p == "38" || p == "48" || p == "58":
			// A colour by index (5;N) or by value (2;R;G;B): its
			// numbers are not attributes.
			n := 0
			if i+1 < len(ps) && ps[i+1] == "5" {
				n = 2
			} else if i+1 < len(ps) && ps[i+1] == "2" {
				n = 4
			}
			c := strings.Join(ps[i+1:min(len(ps), i+1+n)], ";")
			if p == "38" {
				fg = c
			} else if p == "48" {
				bg = c
			}
			i += n
		case len(p) == 2 && (p[0] == '3' || p[0] == '9') && p[1] <= '7':
			fg = sgrIndex(p)
		case len(p) == 2 && p[0] == '4' && p[1] <= '7' || len(p) == 3 && p[:2] == "10" && p[2] <= '7':
			bg = sgrIndex(p)
		}
	}
	// Black on black (30;40, 38;5;16;48;5;16) conceals as SGR 8 does.
	return fg == "" || fg != bg
}

// sgrIndex is the 256-colour index an 8-colour SGR parameter (30–37,
// 40–47, 90–97, 100–107) names, in the form 38;5;N uses: "5;N".
func sgrIndex(p string) string {
	n := int(p[len(p)-1] - '0')
	if p[0] == '9' || len(p) == 3 {
		n += 8
	}
	return "5;" + strconv.Itoa(n)
}
