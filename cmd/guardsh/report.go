package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/rules"
)

// reporter writes check results in one of the output formats.
type reporter struct {
	w       io.Writer
	format  string
	color   bool
	results []*check.Result
	// quiet leaves out clean results (--quiet).
	quiet bool
}

func newReporter(e *env, format, color string) *reporter {
	return &reporter{w: e.stdout, format: format, color: colorOK(e.stdout, color)}
}

func (r *reporter) add(res *check.Result) {
	if r.quiet && len(res.Findings) == 0 && res.Error == "" {
		return
	}
	switch r.format {
	case "gcc":
		writeGCC(r.w, res)
	case "json":
		enc := json.NewEncoder(r.w)
		enc.SetEscapeHTML(false)
		enc.Encode(res)
	case "text":
		writeText(r.w, res, r.color)
	default:
		r.results = append(r.results, res)
	}
}

func (r *reporter) flush() error {
	if r.format != "sarif" {
		return nil
	}
	enc := json.NewEncoder(r.w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(sarif(r.results))
}

const (
	red    = "\x1b[31m"
	yellow = "\x1b[33m"
	green  = "\x1b[32m"
	bold   = "\x1b[1m"
	dim    = "\x1b[2m"
	reset  = "\x1b[0m"
)

func paint(on bool, code, s string) string {
	if !on {
		return s
	}
	return code + s + reset
}

// writeText writes a result for people: the verdict, the command with the
// matched part marked, and each finding with its rule, reason, safer
// alternative and carrier chain.
func writeText(w io.Writer, res *check.Result, color bool) {
	where := ""
	if res.File != "" {
		where = res.File + ": "
	}
	if len(res.Findings) == 0 {
		if res.Error != "" {
			fmt.Fprintf(w, "%s%s %s\n", where, paint(color, yellow, "ask"), res.Error)
			return
		}
		if res.File == "" {
			fmt.Fprintf(w, "%s %s\n", paint(color, green, "allow"), oneLine(res.Command))
		} else {
			fmt.Fprintf(w, "%s%s\n", where, paint(color, green, "allow"))
		}
		return
	}
	verdictColor := yellow
	if res.Verdict == check.Block {
		verdictColor = red
	}
	if res.File != "" {
		for _, f := range res.Findings {
			tierColor := yellow
			if f.Tier == rules.Hardline {
				tierColor = red
			}
			fmt.Fprintf(w, "%s:%d: %s %s\n", res.File, f.Line, paint(color, bold+tierColor, verdictOf(f)), oneLine(f.Text))
			writeFinding(w, f, nil, color)
		}
	} else {
		verdict := string(res.Verdict)
		shown := oneLine(res.Command)
		fmt.Fprintf(w, "%s %s\n", paint(color, bold+verdictColor, verdict), shown)
		groups := spanGroups(res.Findings)
		// A command the verdict line shows whole is marked there, every
		// span on one line, and each span's findings follow its text.
		// Otherwise each span gets its line and its marks.
		under := shown == res.Command
		if under {
			marks := []rune(strings.Repeat(" ", utf8.RuneCountInString(verdict)+1+utf8.RuneCountInString(shown)))
			for _, g := range groups {
				_, col, n := markSpan(res.Command, g[0].f.Start, g[0].f.End)
				for k := range max(1, n) {
					if i := utf8.RuneCountInString(verdict) + 1 + col + k; i < len(marks) {
						marks[i] = '^'
					}
				}
			}
			fmt.Fprintln(w, paint(color, verdictColor, strings.TrimRight(string(marks), " ")))
		}
		for _, g := range groups {
			f0 := g[0].f
			tierColor := yellow
			for _, m := range g {
				if m.f.Tier == rules.Hardline {
					tierColor = red
				}
			}
			switch {
			case under && len(groups) > 1:
				fmt.Fprintf(w, "  %s\n", paint(color, bold, "at: "+oneLine(spanText(res.Command, f0.Start, f0.End))))
			case !under:
				line, col, n := markSpan(res.Command, f0.Start, f0.End)
				fmt.Fprintf(w, "  %s\n  %s%s\n", line, strings.Repeat(" ", col), paint(color, tierColor, strings.Repeat("^", max(1, n))))
			}
			for _, m := range g {
				writeFinding(w, m.f, m.also, color)
			}
		}
	}
	if res.Tirith != nil && res.Tirith.Error != "" {
		fmt.Fprintf(w, "  %s\n", paint(color, dim, "tirith: "+res.Tirith.Error))
	}
}

// spanText is text[start:end], clamped to text.
func spanText(text string, start, end int) string {
	start = max(0, min(start, len(text)))
	return text[start:max(start, min(end, len(text)))]
}

// A shownFinding is a finding of the text report with the tirith findings
// on the same text merged into it.
type shownFinding struct {
	f    rules.Finding
	also []rules.Finding
}

// spanGroups groups findings by the span they mark, in the order of their
// first finding, so a span shared by several findings is shown once; in a
// group, a tirith finding goes into a guardsh finding of the same text
// (shown as one block that names both), unless it is worse.
func spanGroups(fs []rules.Finding) [][]shownFinding {
	var groups [][]shownFinding
	at := map[[2]int]int{}
	for _, f := range fs {
		k := [2]int{f.Start, f.End}
		i, ok := at[k]
		if !ok {
			i = len(groups)
			at[k] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], shownFinding{f: f})
	}
	for gi, g := range groups {
		host := -1
		for i, m := range g {
			if m.f.Source != "tirith" && (host < 0 || m.f.Tier == rules.Hardline && g[host].f.Tier != rules.Hardline) {
				host = i
			}
		}
		if host < 0 {
			continue
		}
		merged := func(i int) bool {
			m := g[i].f
			return m.Source == "tirith" && i != host && (m.Tier != rules.Hardline || g[host].f.Tier == rules.Hardline)
		}
		for i := range g {
			if merged(i) {
				g[host].also = append(g[host].also, g[i].f)
			}
		}
		var kept []shownFinding
		for i := range g {
			if !merged(i) {
				kept = append(kept, g[i])
			}
		}
		groups[gi] = kept
	}
	return groups
}

// writeFinding writes one finding's block: its rule, tier and title, why,
// what to do instead and its carrier chain; tirith findings on the same
// text (also) are named on one line.
func writeFinding(w io.Writer, f rules.Finding, also []rules.Finding, color bool) {
	tierColor := yellow
	mark := "!"
	if f.Tier == rules.Hardline {
		tierColor, mark = red, "✗"
	}
	tier := f.Tier.String()
	if f.Source == "tirith" {
		tier += ", tirith"
	}
	fmt.Fprintf(w, "  %s %s (%s): %s\n", paint(color, tierColor, mark), paint(color, bold, f.Rule), tier, f.Title)
	fmt.Fprintf(w, "    %s\n", f.Reason)
	if f.Suggest != "" {
		fmt.Fprintf(w, "    instead: %s\n", f.Suggest)
	}
	if len(f.Via) > 0 {
		fmt.Fprintf(w, "    via: %s\n", strings.Join(f.Via, " → "))
	}
	if len(also) > 0 {
		var names []string
		for _, t := range also {
			names = append(names, t.Rule+" ("+t.Title+")")
		}
		fmt.Fprintf(w, "    tirith agrees: %s\n", strings.Join(names, ", "))
	}
}

func verdictOf(f rules.Finding) string {
	if f.Tier == rules.Hardline {
		return "block"
	}
	return "ask"
}

// oneLine shows a command on one line, at most 200 bytes of it.
func oneLine(s string) string {
	if len(s) > 4096 {
		s = s[:cutRune(s, 4096)]
	}
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	if len(s) > 200 {
		s = s[:cutRune(s, 200)] + "…"
	}
	return s
}

// cutRune returns the largest n' ≤ n that does not split a rune of s.
func cutRune(s string, n int) int {
	if n >= len(s) {
		return len(s)
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return n
}

// spanWindow is how many bytes of a line markSpan shows before and after
// the start of a span: a finding on a long line shows that part of it,
// whatever the line's length, so the output stays bounded.
const spanWindow = 80

// markSpan returns the part of the line of text holding start that is
// shown for a finding (at most spanWindow bytes each side of start, with …
// where it is cut), the column of start in it (in runes) and the number of
// runes to mark in it.
func markSpan(text string, start, end int) (string, int, int) {
	start = max(0, min(start, len(text)))
	end = max(start, min(end, len(text)))
	from := max(0, start-spanWindow)
	ls := strings.LastIndexByte(text[from:start], '\n') + 1 + from
	if ls == from && from > 0 {
		ls = cutRune(text, from)
	}
	to := min(len(text), start+spanWindow)
	le := strings.IndexByte(text[start:to], '\n')
	if le < 0 {
		le = cutRune(text, to)
	} else {
		le += start
	}
	if end > le {
		end = le
	}
	prefix, suffix := "", ""
	if ls > 0 && text[ls-1] != '\n' {
		prefix = "…"
	}
	if le < len(text) && text[le] != '\n' {
		suffix = "…"
	}
	line := prefix + text[ls:le] + suffix
	col := utf8.RuneCountInString(prefix) + utf8.RuneCountInString(text[ls:start])
	n := utf8.RuneCountInString(text[start:end])
	return line, col, n
}

// sarif builds a SARIF 2.1.0 log of the results, for code scanning.
func sarif(results []*check.Result) any {
	type msg struct {
		Text string `json:"text"`
	}
	type rule struct {
		ID               string         `json:"id"`
		ShortDescription msg            `json:"shortDescription"`
		FullDescription  msg            `json:"fullDescription"`
		Help             msg            `json:"help"`
		Properties       map[string]any `json:"properties"`
	}
	type region struct {
		StartLine   int  `json:"startLine"`
		StartColumn int  `json:"startColumn,omitempty"`
		Snippet     *msg `json:"snippet,omitempty"`
	}
	type physical struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region region `json:"region"`
	}
	type location struct {
		PhysicalLocation physical `json:"physicalLocation"`
	}
	type result struct {
		RuleID    string     `json:"ruleId"`
		Level     string     `json:"level"`
		Message   msg        `json:"message"`
		Locations []location `json:"locations"`
	}
	var rs []rule
	var out []result
	seen := map[string]bool{}
	for _, res := range results {
		for _, f := range res.Findings {
			if !seen[f.Rule] {
				seen[f.Rule] = true
				// The rule's own text, not this finding's (a parse
				// error's reason names its line and column).
				title, reason, suggest := f.Title, f.Reason, f.Suggest
				if r, ok := rules.Lookup(f.Rule); ok && r.ID == f.Rule {
					title, reason, suggest = r.Title, r.Reason, r.Suggest
				}
				help := reason
				if suggest != "" {
					help += " Instead: " + suggest + "."
				}
				rs = append(rs, rule{ID: f.Rule, ShortDescription: msg{title}, FullDescription: msg{reason}, Help: msg{help},
					Properties: map[string]any{"tier": f.Tier.String(), "source": f.Source}})
			}
			level := "warning"
			if f.Tier == rules.Hardline {
				level = "error"
			}
			var loc location
			uri := res.File
			if uri == "" || uri == "-" {
				uri = "stdin"
			}
			loc.PhysicalLocation.ArtifactLocation.URI = uri
			loc.PhysicalLocation.Region = region{StartLine: max(1, f.Line), StartColumn: f.Col, Snippet: &msg{oneLine(f.Text)}}
			text := f.Title + ": " + f.Reason
			if len(f.Via) > 0 {
				text += " (via " + strings.Join(f.Via, " → ") + ")"
			}
			out = append(out, result{RuleID: f.Rule, Level: level, Message: msg{text}, Locations: []location{loc}})
		}
	}
	if rs == nil {
		rs = []rule{}
	}
	if out == nil {
		out = []result{}
	}
	return map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs": []any{map[string]any{
			"tool": map[string]any{"driver": map[string]any{
				"name": "guardsh", "informationUri": "https://github.com/guardsh/guardsh", "version": currentBuild().Version, "rules": rs,
			}},
			"results": out,
		}},
	}
}
