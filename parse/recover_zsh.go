package parse

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Repairs of constructs the parser rejects but the shell runs (issue 12: the
// zsh function files this machine ships did not parse, and each error was a
// finding). When a parse error falls inside one of them, the construct's
// data is rewritten, in place and at the same length (offsets and lines stay
// those of the input), into a form the parser reads, and the parse is tried
// again:
//
//   - a zsh pattern after = == != in [[ … ]] or a case pattern, with zsh's
//     groups, (#b) flags, <-> ranges and spaces inside parentheses: the
//     pattern becomes a word of underscores;
//   - an arithmetic expression the parser cannot read ($(( $op $1 )),
//     zsh's (( ? ))): it becomes (( _ ));
//   - a parameter expansion combining operators (zsh's ${#x//pat}): it
//     becomes ${___}, an unknown value;
//   - zsh's { … } always { … }: the always becomes a ;, and both blocks are
//     walked.
//
// Only data is rewritten, never code: a region holding a command
// substitution (`…`, $( … )) or zsh's ${(…)…} flags (which can evaluate
// text) is left alone, and after the parse every rewritten region must lie
// inside the node of its kind (a case or [[ ]] pattern word, an arithmetic
// expression, a parameter expansion), or the repair is taken back and the
// error stays a finding.

// maxRepairs bounds the repairs tried in one input.
const maxRepairs = 64

// A repair is one rewritten region.
type repair struct {
	kind       int
	start, end int    // the region rewritten, in the input
	orig       string // its text before
	// blankOnly, for an always, says that the block before it is a
	// statement already walked: the always becomes blanks.
	blankOnly bool
}

const (
	repairPattern = iota
	repairArith
	repairParam
	repairAlways
)

// findRepair returns a repair for the parse error at errAt, in the text of
// the failed statement from stmtStart, or false.
func (p *parser) findRepair(text string, errAt, stmtStart int, msg string, tried map[int]bool) (repair, bool) {
	if errAt < 0 || errAt > len(text) {
		return repair{}, false
	}
	stmtStart = min(max(0, stmtStart), errAt)
	zsh := p.isZsh()
	var cands []repair
	if zsh {
		if r, ok := alwaysRepair(text, errAt); ok {
			cands = append(cands, r)
		}
		cands = append(cands, testPatternRepairs(text, errAt, stmtStart)...)
		if r, ok := casePatternRepair(text, errAt); ok {
			cands = append(cands, r)
		}
		if r, ok := paramRepair(text, errAt, stmtStart); ok && strings.Contains(msg, "parameter expansion") {
			cands = append(cands, r)
		}
	}
	if r, ok := arithRepair(text, errAt, stmtStart); ok {
		cands = append(cands, r)
	}
	for _, r := range cands {
		if !tried[r.start] && !holdsCode(r.orig) {
			return r, true
		}
	}
	return repair{}, false
}

// holdsCode reports whether a region's text can run or evaluate anything.
func holdsCode(s string) bool {
	return strings.Contains(s, "$(") || strings.Contains(s, "`") || strings.Contains(s, "${(") ||
		strings.Contains(s, "<(") || strings.Contains(s, ">(") || strings.Contains(s, "=(")
}

// apply returns text with the repair's region rewritten.
func (r repair) apply(text string) string {
	b := []byte(text)
	seg := b[r.start:r.end]
	switch r.kind {
	case repairAlways:
		for i := range seg {
			seg[i] = ' '
		}
		if !r.blankOnly {
			seg[0] = ';'
		}
	case repairParam:
		// ${…} → ${___}
		for i := 2; i < len(seg)-1; i++ {
			seg[i] = '_'
		}
	case repairArith:
		first := true
		for i, c := range seg {
			if c == '\n' {
				continue
			}
			if first {
				seg[i] = '_'
				first = false
				continue
			}
			seg[i] = ' '
		}
	default:
		for i, c := range seg {
			if c != '\n' {
				seg[i] = '_'
			}
		}
	}
	return string(b)
}

// alwaysRepair finds the always of } always { at errAt.
func alwaysRepair(text string, errAt int) (repair, bool) {
	if !strings.HasPrefix(text[errAt:], "always") {
		return repair{}, false
	}
	after := text[errAt+len("always"):]
	after = strings.TrimLeft(after, " \t")
	if !strings.HasPrefix(after, "{") {
		return repair{}, false
	}
	before := strings.TrimRight(text[:errAt], " \t")
	if !strings.HasSuffix(before, "}") {
		return repair{}, false
	}
	return repair{kind: repairAlways, start: errAt, end: errAt + len("always"), orig: "always"}, true
}

// patternEnd returns the end of a zsh pattern word starting at i: the first
// blank, newline, ; & or unbalanced ) outside quotes, brackets and
// parentheses. close reports that it ended at an unbalanced ), at the
// returned offset. ok is false when the word does not end before limit.
func patternEnd(text string, i, limit int) (end int, close bool, ok bool) {
	depth := 0
	bracket := false
	for j := i; j < limit; j++ {
		c := text[j]
		switch {
		case c == '\\':
			j++
			continue
		case c == '\'' && !bracket:
			k := strings.IndexByte(text[j+1:limit], '\'')
			if k < 0 {
				return 0, false, false
			}
			j += k + 1
			continue
		case c == '"' && !bracket:
			k := j + 1
			for ; k < limit && text[k] != '"'; k++ {
				if text[k] == '\\' {
					k++
				}
			}
			if k >= limit {
				return 0, false, false
			}
			j = k
			continue
		case bracket:
			if c == ']' {
				bracket = false
			} else if c == '[' && j+1 < limit && text[j+1] == ':' {
				// [:class:]
				if k := strings.Index(text[j:limit], ":]"); k > 0 {
					j += k + 1
				}
			}
			continue
		case c == '[':
			bracket = true
			// A ] right after [ or [^ / [! is part of the set.
			if j+1 < limit && (text[j+1] == '^' || text[j+1] == '!') {
				j++
			}
			if j+1 < limit && text[j+1] == ']' {
				j++
			}
			continue
		case c == '$' && j+1 < limit && text[j+1] == '{':
			// ${…}: skip to its brace.
			k := strings.IndexByte(text[j:limit], '}')
			if k < 0 {
				return 0, false, false
			}
			j += k
			continue
		case c == '(':
			depth++
		case c == ')':
			if depth == 0 {
				return j, true, true
			}
			depth--
		case depth == 0 && (c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&'):
			return j, false, true
		case c == '\n':
			return 0, false, false
		}
	}
	return 0, false, false
}

// testPatternRepairs finds, in the [[ … ]] at or before errAt, the pattern
// words after = == != that hold zsh's parentheses.
func testPatternRepairs(text string, errAt, stmtStart int) []repair {
	lo := max(0, stmtStart)
	open := strings.LastIndex(text[lo:min(len(text), errAt+2)], "[[")
	if open < 0 {
		return nil
	}
	open += lo
	var out []repair
	j := open + 2
	prevOp := false
	for j < len(text) {
		// Skip blanks and backslash-newlines.
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if strings.HasPrefix(text[j:], "\\\n") {
			j += 2
			continue
		}
		if j >= len(text) || text[j] == '\n' {
			return out
		}
		if strings.HasPrefix(text[j:], "]]") && (j+2 == len(text) || strings.IndexByte(" \t\n;&|)", text[j+2]) >= 0) {
			return out
		}
		end, closed, ok := patternEnd(text, j, len(text))
		if !ok {
			return out
		}
		if closed && end == j {
			// A ) closing a group of the test.
			j++
			prevOp = false
			continue
		}
		w := text[j:end]
		if prevOp && strings.ContainsAny(w, "()") {
			out = append(out, repair{kind: repairPattern, start: j, end: end, orig: w})
		}
		prevOp = w == "=" || w == "==" || w == "!="
		if end == j {
			j++
			continue
		}
		j = end
	}
	return out
}

// casePatternRepair finds the case pattern that starts the line of errAt
// and holds zsh's parentheses: (a (b|c)*) or a(b|c)).
func casePatternRepair(text string, errAt int) (repair, bool) {
	ls := strings.LastIndexByte(text[:errAt], '\n') + 1
	for ls < len(text) && (text[ls] == ' ' || text[ls] == '\t') {
		ls++
	}
	le := len(text)
	if i := strings.IndexByte(text[ls:], '\n'); i >= 0 {
		le = ls + i
	}
	if ls >= le {
		return repair{}, false
	}
	if text[ls] == '(' {
		// The optional ( of the pattern: the pattern is what is inside
		// it, to its matching ).
		// Match parentheses, skipping quotes and brackets.
		j := ls + 1
		depth := 1
		for j < le && depth > 0 {
			end, closed, ok := patternEnd(text, j, le)
			if !ok {
				return repair{}, false
			}
			if closed {
				// patternEnd stops at an unbalanced ): ours.
				depth--
				if depth == 0 {
					if end <= ls+1 || !strings.ContainsAny(text[ls+1:end], "() ") {
						return repair{}, false
					}
					return repair{kind: repairPattern, start: ls + 1, end: end, orig: text[ls+1 : end]}, true
				}
				j = end + 1
				continue
			}
			// A blank inside the pattern's parentheses: zsh allows
			// it there.
			j = end + 1
		}
		return repair{}, false
	}
	end, closed, ok := patternEnd(text, ls, le)
	if !ok || !closed || end <= ls || !strings.ContainsAny(text[ls:end], "()") {
		return repair{}, false
	}
	return repair{kind: repairPattern, start: ls, end: end, orig: text[ls:end]}, true
}

// paramRepair finds the ${…} at or before errAt.
func paramRepair(text string, errAt, stmtStart int) (repair, bool) {
	lo := max(0, stmtStart)
	open := strings.LastIndex(text[lo:min(len(text), errAt+2)], "${")
	if open < 0 {
		return repair{}, false
	}
	open += lo
	depth := 0
	for j := open; j < len(text) && text[j] != '\n'; j++ {
		switch text[j] {
		case '\\':
			j++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				if j+1-open < 4 {
					return repair{}, false
				}
				return repair{kind: repairParam, start: open, end: j + 1, orig: text[open : j+1]}, true
			}
		}
	}
	return repair{}, false
}

// arithRepair finds the (( … )) or $(( … )) around errAt and returns its
// inside.
func arithRepair(text string, errAt, stmtStart int) (repair, bool) {
	lo := max(0, stmtStart)
	hi := min(len(text), errAt+2)
	for hi > lo {
		i := strings.LastIndex(text[lo:hi], "((")
		if i < 0 {
			return repair{}, false
		}
		open := lo + i
		// Its matching )).
		depth := 0
		for j := open; j < len(text); j++ {
			switch text[j] {
			case '(':
				depth++
			case ')':
				depth--
			}
			if depth == 0 {
				if j > open+1 && text[j-1] == ')' && j-1 > errAt-1 {
					inner := text[open+2 : j-1]
					if strings.TrimSpace(inner) == "" {
						return repair{}, false
					}
					return repair{kind: repairArith, start: open + 2, end: j - 1, orig: inner}, true
				}
				break
			}
		}
		hi = open + 1
		if open > 0 && text[open-1] == '(' {
			hi = open
		}
	}
	return repair{}, false
}

func repairHolds(st *syntax.Stmt, r repair) bool {
	ok := false
	covers := func(n syntax.Node) bool {
		return n != nil && int(n.Pos().Offset()) <= r.start && r.end <= int(n.End().Offset())
	}
	walk := func(n syntax.Node) bool {
		if ok || n == nil {
			return false
		}
		switch x := n.(type) {
		case *syntax.CaseItem:
			if r.kind == repairPattern {
				for _, w := range x.Patterns {
					if covers(w) {
						ok = true
					}
				}
			}
		case *syntax.TestClause:
			if r.kind == repairPattern && covers(x) {
				syntax.Walk(x.X, func(m syntax.Node) bool {
					if b, isBin := m.(*syntax.BinaryTest); isBin {
						switch b.Op {
						case syntax.TsMatch, syntax.TsNoMatch, syntax.TsMatchShort:
							if covers(b.Y) {
								ok = true
							}
						}
					}
					return !ok
				})
			}
		case *syntax.ArithmCmd:
			if r.kind == repairArith && covers(x) {
				ok = true
			}
		case *syntax.ArithmExp:
			if r.kind == repairArith && covers(x) {
				ok = true
			}
		case *syntax.ParamExp:
			if r.kind == repairParam && int(x.Pos().Offset()) == r.start && int(x.End().Offset()) == r.end {
				ok = true
			}
		}
		return !ok
	}
	syntax.Walk(st, walk)
	return ok
}

// failedRepairs returns the repairs inside the statements that do not lie
// in the node of their kind.
func (p *parser) failedRepairs(stmts []*syntax.Stmt, reps []repair) []repair {
	if len(reps) == 0 {
		return nil
	}
	var bad []repair
	for _, st := range stmts {
		from, to := int(st.Pos().Offset()), int(st.End().Offset())
		for _, r := range reps {
			if r.start < from || r.end > to || r.kind == repairAlways {
				continue
			}
			if !repairHolds(st, r) {
				bad = append(bad, r)
			}
		}
	}
	return bad
}

// repairPayload parses a payload (eval's text, sh -c's) again after the
// repairs its parse errors call for, and returns the tree when every repair
// holds.
func (p *parser) repairPayload(text string, err error) (*syntax.File, bool) {
	tried := map[int]bool{}
	var reps []repair
	for attempt := 0; attempt < 16; attempt++ {
		pos, ok := errPos(err)
		if !ok {
			return nil, false
		}
		r, found := p.findRepair(text, min(int(pos.Offset()), len(text)), 0, err.Error(), tried)
		if !found {
			return nil, false
		}
		tried[r.start] = true
		reps = append(reps, r)
		text = r.apply(text)
		f, perr := syntax.NewParser(syntax.Variant(p.opts.variant()), syntax.KeepComments(false)).
			Parse(strings.NewReader(text), "")
		if perr == nil {
			bad := p.failedRepairs(f.Stmts, reps)
			if len(bad) == 0 {
				return f, true
			}
			// Take back what did not hold and look again.
			for _, b := range bad {
				text = text[:b.start] + b.orig + text[b.end:]
			}
			reps = slices.DeleteFunc(reps, func(r repair) bool { return slices.Contains(bad, r) })
			_, perr = syntax.NewParser(syntax.Variant(p.opts.variant()), syntax.KeepComments(false)).
				Parse(strings.NewReader(text), "")
			if perr == nil {
				return nil, false
			}
		}
		err = perr
	}
	return nil, false
}
