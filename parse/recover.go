package parse

import (
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxRecoveries bounds how many parse errors one input may recover from;
// after that the rest of the input is one unparsed region.
const maxRecoveries = 64

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
func (p *parser) parseTop(text string) {
	if f, err := syntax.NewParser(syntax.Variant(p.opts.variant()), syntax.KeepComments(false)).
		Parse(strings.NewReader(text), ""); err == nil {
		// The common case: no error, one pass.
		p.stmts(f.Stmts, ctx{})
		return
	}
	from := 0
	recovered := 0
	for {
		var good []*syntax.Stmt
		src := text
		if from > 0 {
			src = blank(text[:from]) + text[from:]
		}
		err := syntax.NewParser(syntax.Variant(p.opts.variant()), syntax.KeepComments(false)).
			Stmts(strings.NewReader(src), func(st *syntax.Stmt) bool {
				good = append(good, st)
				return true
			})
		p.stmts(good, ctx{})
		if err == nil || p.stopped {
			return
		}
		pos, ok := errPos(err)
		stmtStart := from
		if n := len(good); n > 0 {
			stmtStart = int(good[n-1].End().Offset())
		}
		stmtStart = skipSpace(text, stmtStart)
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
		if !stray {
			p.res.Issues = append(p.res.Issues, Issue{Kind: IssueParse, Detail: err.Error(),
				Start: min(errAt, stmtStartOfLine(text, errAt, stmtStart)), End: lineEnd})
			// The raw scan covers whole lines: a statement that
			// parsed may share its line with the one that failed.
			rawScan(p.res, text[strings.LastIndexByte(text[:stmtStart], '\n')+1:lineEnd])
		}
		recovered++
		if incomplete || lineEnd >= len(text) {
			return
		}
		if recovered >= maxRecoveries {
			p.res.Issues = append(p.res.Issues, Issue{Kind: IssueParse,
				Detail: fmt.Sprintf("more than %d parse errors; the rest was not checked", maxRecoveries), Start: lineEnd + 1, End: len(text)})
			rawScan(p.res, text[lineEnd:])
			return
		}
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
