package check

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/guardsh/guardsh/rules"
)

// scriptFinish runs the scanner over a script the way a reviewer needs it
// (issue 12): per command line, not the whole file at once; within the
// run's time budget (Options.Deadline); without tirith's
// analysis_incomplete notes; and merged with guardsh's own findings, so one
// line that both report is one finding. Its findings carry the line they
// are on.
func scriptFinish(ctx context.Context, text string, res *Result, opts Options) *Result {
	var info *TirithInfo
	var found []rules.Finding
	skipped := 0
	off := 0
	lines := strings.SplitAfter(text, "\n")
	for i := 0; i < len(lines); i++ {
		start, lineNo := off, i+1
		cmd := lines[i]
		off += len(lines[i])
		// A backslash continuation is one command.
		for strings.HasSuffix(strings.TrimRight(cmd, "\r\n"), "\\") && i+1 < len(lines) {
			i++
			cmd += lines[i]
			off += len(lines[i])
		}
		t := strings.TrimSpace(cmd)
		if t == "" || strings.HasPrefix(t, "#") || !opts.Scanner.Wants(t) {
			continue
		}
		if !opts.Deadline.IsZero() && time.Now().After(opts.Deadline) {
			skipped++
			continue
		}
		began := time.Now()
		in, fs := safeScan(ctx, opts.Scanner, t)
		if in == nil {
			continue
		}
		if info == nil {
			info = &TirithInfo{Ran: in.Ran, Action: in.Action}
		}
		if in.MS == 0 {
			in.MS = float64(time.Since(began).Microseconds()) / 1000
		}
		info.MS += in.MS
		if in.Error != "" && info.Error == "" {
			info.Error = in.Error
		}
		lead := strings.Index(cmd, t)
		for _, f := range fs {
			if f.Rule == "tirith:analysis_incomplete" {
				continue
			}
			f.Start, f.End = start+lead, start+lead+len(t)
			f.Line = lineNo
			found = append(found, f)
		}
	}
	if info == nil && skipped > 0 {
		info = &TirithInfo{}
	}
	if info == nil {
		return res
	}
	if skipped > 0 && info.Error == "" {
		what := "commands"
		if skipped == 1 {
			what = "command"
		}
		info.Error = fmt.Sprintf("time budget spent: %d %s not given to tirith", skipped, what)
	}
	res.Tirith = info
	promote(found, opts.Promoted)
	for _, f := range found {
		if merged := mergeInto(res.Findings, f); merged {
			continue
		}
		res.Findings = append(res.Findings, f)
	}
	res.Verdict = verdictOf(res.Findings)
	return res
}

// alsoNote starts the note in a finding's reason that names the scanner
// rules folded into it.
const alsoNote = " (tirith agrees: "

// mergeInto folds a scanner finding into one already reported on the same
// line (by guardsh or by an earlier tirith rule): its rule is named in that
// finding's reason instead of being a finding of its own. A hardline
// scanner finding is never folded into a dangerous one.
func mergeInto(list []rules.Finding, f rules.Finding) bool {
	for i := range list {
		g := &list[i]
		line := g.Line
		if line == 0 {
			continue
		}
		if line != f.Line || f.Tier == rules.Hardline && g.Tier != rules.Hardline {
			continue
		}
		if !strings.Contains(g.Reason, f.Rule) {
			// One note for all of them: "(tirith agrees: a, b)".
			if r, ok := strings.CutSuffix(g.Reason, ")"); ok && strings.Contains(r, alsoNote) {
				g.Reason = r + ", " + f.Rule + ")"
			} else {
				g.Reason += alsoNote + f.Rule + ")"
			}
		}
		return true
	}
	return false
}
