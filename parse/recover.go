package parse

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxRecoveries bounds how many parse errors one input may recover from;
// after that the rest of the input is one unparsed region.
const maxRecoveries = 64

// maxReparse bounds the blanked text that recovery passes lex again, in
// all: past it, the rest of the input is only raw-scanned. It keeps the
// cost of many errors far into a long input linear.
const maxReparse = 16 << 20

// streamAbove is the input size above which the top level is parsed one
// statement at a time; below it, one Parse call is cheaper.
const streamAbove = 64 << 10

// closers are the words that end a compound command. A line starting with
// one, right after a recovered error, belongs to the statement that failed.
var closers = []string{"fi", "done", "esac", "}", ")", "then", "else", "elif", "do", ";;", "end"}

// parseTop parses and walks a whole top-level input, statement by
// statement. A parse error costs only the statement it is in: the error is
// reported from the start of that statement to the end of the line of the
// error, and parsing resumes on the next line, so the statements around it
// are still checked (a script with one syntax error and a curl | sh still
// reports the curl | sh). The text already consumed is blanked out, not cut,
// so that offsets and line numbers stay those of the input.
//
// Above streamAbove bytes, each statement is walked as soon as it is parsed,
// and parsing stops with the walk at a limit (maxCommands): a long input is
// never held as one syntax tree, so memory follows the statement, not the
// input. Such an input gets no look-ahead for temporary names (laterTemps):
// a cleanup function defined before its mktemp sees an unknown name there.
func (p *parser) parseTop(text string) {
	stream := len(text) > streamAbove
	if !stream {
		if f, err := shParse(p.opts.variant(), text); err == nil {
			// The common case: no error, one pass.
			p.later, p.laterBad = laterAssigns(f.Stmts)
			p.laterOf(text, f.Stmts)
			if p.opts.File && p.outer == nil && !exportedShadowed(p.opts.Shell) {
				p.made = madeWords(f.Stmts, p.errexit)
				rms, repos := absentWordsIf(text, f.Stmts, p.errexit, p.opts.Shell)
				for off := range rms {
					if p.made == nil {
						p.made = map[int]bool{}
					}
					p.made[off] = true
				}
				p.ownRepo = repos
				if p.opts.Image {
					p.removed = imageRemovedIf(text, f.Stmts, p.errexit, p.opts.Shell) // owntemp.go
				}
				p.restores = restoreMoves(text, f.Stmts) // restore.go
				p.rewritten = rewrittenWordsIf(text, f.Stmts, p.errexit, p.opts.variant())
				p.scratch = scratchWordsIf(text, f.Stmts, p.errexit)
				p.repeats = twinWrites(text, f.Stmts, repeatWritesIf(text, f.Stmts))
				p.res.Staged = stagedCopies(text, f.Stmts)         // dupes7.go
				p.res.exportNames = resolvedExports(text, f.Stmts) // dupes7.go
			}
			if p.outer == nil {
				p.dirStmts = dirStmts(text, f.Stmts)
			}
			p.hist = newHistPush(text, p.histShell()).pass(f.Stmts)
			p.stmts(f.Stmts, ctx{})
			return
		}
	}
	// input is the text before any repair: the raw scan reads it, so a
	// repair that did not help hides nothing from it.
	input := text
	from := 0
	recovered, reparsed := 0, 0
	tried := map[int]bool{}
	var repairs []repair
	ended := false
	hist := newHistPush(text, p.histShell())
	for {
		var good []*syntax.Stmt
		src := text
		if from > 0 {
			src = blank(text[:from]) + text[from:]
		}
		walked, lastEnd, sawEnd := 0, -1, false
		err := eachStmt(syntax.NewParser(syntax.Variant(p.opts.variant()), syntax.KeepComments(false)),
			src, func(st *syntax.Stmt) bool {
				walked++
				lastEnd = int(st.End().Offset())
				if !stream {
					good = append(good, st)
					return true
				}
				p.stmt(st, ctx{})
				sawEnd = sawEnd || ends(st)
				return !p.stopped
			})
		if !stream {
			if bad := p.failedRepairs(good, repairs); len(bad) > 0 {
				// A repaired region did not land where its kind
				// belongs: take the repair back and parse again; the
				// error it hid stays a finding.
				for _, r := range bad {
					text = text[:r.start] + r.orig + text[r.end:]
				}
				p.src = text
				repairs = slices.DeleteFunc(repairs, func(r repair) bool { return slices.Contains(bad, r) })
				continue
			}
			if p.later == nil {
				p.later, p.laterBad = laterAssigns(good)
				p.laterOf(text, good)
			}
			p.hist = hist.pass(good)
			ended = p.walkTop(good) || ended
		} else {
			ended = p.endsTop(sawEnd) || ended
		}
		if err == nil || p.stopped {
			return
		}
		if ended {
			// exec PROG or exit at the top: the shell reads no
			// further (the #!/bin/sh + exec python trampoline), so
			// what does not parse after it is not a finding.
			return
		}
		pos, ok := errPos(err)
		stmtStart := from
		if lastEnd >= 0 {
			stmtStart = lastEnd
		}
		stmtStart = skipSpace(text, stmtStart)
		if ok && !stream && len(repairs) < maxRepairs {
			if r, found := p.findRepair(text, min(int(pos.Offset()), len(text)), stmtStart, err.Error(), tried); found {
				tried[r.start] = true
				if r.kind == repairAlways && lastEnd >= 0 && strings.TrimSpace(text[lastEnd:r.start]) == "" {
					r.blankOnly = true
				}
				repairs = append(repairs, r)
				text = r.apply(text)
				p.src = text
				if lastEnd > from {
					// The statements before the error were walked.
					from = lastEnd
				}
				continue
			}
		}
		if at := lastNest(text, stmtStart, min(len(text), pos2(err, len(text))+2)); at >= 0 && !tried[at] {
			// ((cmd …) …) is two subshells when it is not
			// arithmetic; bash and dash read it so, the parser
			// does not. Read it again as ( (cmd …) …).
			if fixed, ok := unnest(text, at); ok {
				tried[at] = true
				text = fixed
				p.src = fixed
				continue
			}
		}
		errAt := len(text)
		if ok {
			errAt = min(max(int(pos.Offset()), stmtStart), len(text))
		}
		lineEnd := len(text)
		if i := strings.IndexByte(text[errAt:], '\n'); i >= 0 {
			lineEnd = errAt + i
		}
		incomplete := syntax.IsIncomplete(err) || !ok
		if incomplete {
			lineEnd = len(text)
		}
		if recovered == 0 && incomplete && lineEnd == len(text) && strings.TrimSpace(text[lineEnd:]) == "" {
			// An interactive shell would ask for the rest of the line.
			p.res.Incomplete = true
		}
		// A stray closer right after a recovery is the end of the
		// statement that failed before: no second finding for it.
		stray := recovered > 0 && startsWithCloser(text[strings.LastIndexByte(text[:errAt], '\n')+1:lineEnd])
		if last := len(p.res.Issues) - 1; !stray && recovered > 0 && last >= 0 && p.res.Issues[last].Kind == IssueParse &&
			(walked == 0 || strings.Count(text[min(p.res.Issues[last].End, errAt):errAt], "\n") <= 2) {
			// Errors one after the other, with nothing or a line or
			// two parsed between them, are one broken region.
			p.res.Issues[last].End = lineEnd
			stray = true
		}
		if !stray {
			p.res.Issues = append(p.res.Issues, Issue{Kind: IssueParse, Detail: err.Error(),
				Start: min(errAt, stmtStartOfLine(text, errAt, stmtStart)), End: lineEnd})
			// The raw scan covers whole lines: a statement that
			// parsed may share its line with the one that failed.
			from := strings.LastIndexByte(text[:stmtStart], '\n') + 1
			rawScanFrom(p.res, input[from:lineEnd], from)
		}
		recovered++
		hist.gap()
		if incomplete || lineEnd >= len(text) {
			return
		}
		if recovered >= maxRecoveries || reparsed+lineEnd > maxReparse {
			p.res.Issues = append(p.res.Issues, Issue{Kind: IssueParse,
				Detail: fmt.Sprintf("more than %d parse errors, or errors too far into a long input; the rest was not checked", maxRecoveries), Start: lineEnd + 1, End: len(text)})
			rawScanFrom(p.res, input[lineEnd:], lineEnd)
			return
		}
		// Each pass lexes the blanked text before from again.
		reparsed += lineEnd
		from = lineEnd + 1
	}
}

// stmtStartOfLine returns where the reported span of an error starts: the
// start of the failed statement when it is on the error's line, else the
// start of the error's line, so the finding's line is the error's.
func stmtStartOfLine(text string, errAt, stmtStart int) int {
	ls := strings.LastIndexByte(text[:errAt], '\n') + 1
	for ls < errAt && (text[ls] == ' ' || text[ls] == '\t') {
		ls++
	}
	return max(ls, stmtStart)
}

func startsWithCloser(s string) bool {
	s = strings.TrimSpace(s)
	for _, c := range closers {
		if s == c || strings.HasPrefix(s, c+" ") || strings.HasPrefix(s, c+";") || strings.HasPrefix(s, c+"\t") {
			return true
		}
	}
	return false
}

// errPos returns the position of a parse error.
func errPos(err error) (syntax.Pos, bool) {
	var pe syntax.ParseError
	if errors.As(err, &pe) {
		return pe.Pos, true
	}
	var le syntax.LangError
	if errors.As(err, &le) {
		return le.Pos, true
	}
	return syntax.Pos{}, false
}

// blank replaces every byte of s but newlines with a space.
func blank(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c != '\n' {
			b[i] = ' '
		}
	}
	return string(b)
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == ';' || s[i] == '\r') {
		i++
	}
	return i
}

// walkTop walks top-level statements and reports whether one of them is
// one after which a shell reads no more of its input (see ends).
//
// Every statement is still walked: what parses is checked, wherever it is.
func (p *parser) walkTop(list []*syntax.Stmt) bool {
	p.stmts(list, ctx{})
	if p.funcs.at("exit") != nil || p.funcs.at("exec") != nil || p.aliases["exit"] != "" || p.aliases["exec"] != "" {
		return false
	}
	for _, st := range list {
		if ends(st) {
			return true
		}
	}
	return false
}

// endsTop is walkTop for statements walked as they were parsed: sawEnd says
// whether one of them ends the shell at the top.
func (p *parser) endsTop(sawEnd bool) bool {
	if p.funcs.at("exit") != nil || p.funcs.at("exec") != nil || p.aliases["exit"] != "" || p.aliases["exec"] != "" {
		return false
	}
	return sawEnd
}

// lastNest returns the offset of the last (( in text[from:to] that is not
// $((, or -1.
func lastNest(text string, from, to int) int {
	for to > from {
		i := strings.LastIndex(text[from:to], "((")
		if i < 0 {
			return -1
		}
		at := from + i
		if at == 0 || text[at-1] != '$' {
			return at
		}
		to = at
	}
	return -1
}

// pos2 returns the offset of a parse error, or def.
func pos2(err error, def int) int {
	if pos, ok := errPos(err); ok {
		return int(pos.Offset())
	}
	return def
}

// ends reports whether a top-level statement is one after which a shell
// reads no more of its input: exec with a program, or exit. A script's
// text after it never runs (and is often another language).
func ends(st *syntax.Stmt) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Background || len(ce.Args) == 0 {
		return false
	}
	switch litWord(ce.Args[0]) {
	case "exec":
		return len(ce.Args) > 1
	case "exit":
		return true
	}
	return false
}

// litWord returns the value of a word made only of literal and quoted
// literal parts (the trampoline's ”'exec' is exec), or "".
func litWord(w *syntax.Word) string {
	var sb strings.Builder
	for _, part := range w.Parts {
		switch x := part.(type) {
		case *syntax.Lit:
			sb.WriteString(x.Value)
		case *syntax.SglQuoted:
			sb.WriteString(x.Value)
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return ""
				}
				sb.WriteString(l.Value)
			}
		default:
			return ""
		}
	}
	return sb.String()
}

// unnest rewrites the (( at offset at as ( (, taking one blank out of the
// next run of two blanks (indentation, most often), so that the offsets and
// lines of everything after it stay the same.
func unnest(text string, at int) (string, bool) {
	for j := at + 2; j+1 < len(text); j++ {
		if (text[j] == ' ' || text[j] == '\t') && (text[j+1] == ' ' || text[j+1] == '\t') {
			return text[:at] + "( " + text[at+1:j] + text[j+1:], true
		}
	}
	return "", false
}
