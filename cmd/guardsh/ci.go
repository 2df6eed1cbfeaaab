package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/rules"
)

// ciFlags are the flags of `guardsh check` for scans in CI (issue 12):
// the exit code policy, inline suppressions, the project file, baselines,
// output volume and the files left out.
type ciFlags struct {
	failOn        string // hardline, dangerous, never; "" = the project's or dangerous
	quiet         bool
	excludes      []string
	baseline      string
	writeBaseline string
}

// scanBudget is how long a file scan may spend in tirith, in all.
const scanBudget = 30 * time.Second

// parseCIFlag parses one CI flag at args[*i]; ok is false for any other
// argument.
func parseCIFlag(args []string, i *int, f *ciFlags) (ok bool, err error) {
	a := args[*i]
	value := func(name string) (string, error) {
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v, nil
		}
		if *i+1 >= len(args) {
			return "", fmt.Errorf("%s needs a value", name)
		}
		*i++
		return args[*i], nil
	}
	is := func(name string) bool { return a == name || strings.HasPrefix(a, name+"=") }
	switch {
	case a == "-q" || a == "--quiet":
		f.quiet = true
	case is("--fail-on"):
		v, err := value("--fail-on")
		if err != nil {
			return true, err
		}
		if err := validFailOn(v); err != nil {
			return true, err
		}
		f.failOn = v
	case is("--exclude"):
		v, err := value("--exclude")
		if err != nil {
			return true, err
		}
		f.excludes = append(f.excludes, v)
	case is("--baseline"):
		v, err := value("--baseline")
		if err != nil {
			return true, err
		}
		f.baseline = v
	case is("--write-baseline"):
		v, err := value("--write-baseline")
		if err != nil {
			return true, err
		}
		f.writeBaseline = v
	default:
		return false, nil
	}
	return true, nil
}

func validFailOn(v string) error {
	switch v {
	case "hardline", "dangerous", "never":
		return nil
	}
	return fmt.Errorf("--fail-on %q: want hardline, dangerous or never", v)
}

// exitFor returns the exit code of a scan whose worst verdict is v under
// the fail-on policy: dangerous fails on ask (2) and block (1), hardline
// only on block, never on neither.
func exitFor(v check.Verdict, failOn string) int {
	switch failOn {
	case "never":
		return 0
	case "hardline":
		if v == check.Block {
			return 1
		}
		return 0
	}
	return v.ExitCode()
}

// A project is the .guardsh.toml at the root of the repository being
// checked: the directory of the first one found from the working
// directory up, stopping at a directory with .git.
type project struct {
	FailOn  string   `toml:"fail_on"`
	Exclude []string `toml:"exclude"`
	Rules   struct {
		Disable []string `toml:"disable"`
	} `toml:"rules"`
	root string
}

// loadProject finds and reads .guardsh.toml; nil when there is none.
func loadProject() (*project, error) {
	dir, err := os.Getwd()
	if err != nil {
		return nil, nil
	}
	for {
		p := filepath.Join(dir, ".guardsh.toml")
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			var pr project
			md, err := toml.DecodeFile(p, &pr)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", p, err)
			}
			if un := md.Undecoded(); len(un) > 0 {
				return nil, fmt.Errorf("%s: unknown key %s (known: fail_on, exclude, rules.disable)", p, un[0])
			}
			if pr.FailOn != "" {
				if err := validFailOn(pr.FailOn); err != nil {
					return nil, fmt.Errorf("%s: fail_on: %v", p, err)
				}
			}
			for _, id := range pr.Rules.Disable {
				r, ok := rules.Lookup(id)
				if !ok {
					return nil, fmt.Errorf("%s: rules.disable: no rule %q", p, id)
				}
				if r.Tier == rules.Hardline {
					return nil, fmt.Errorf("%s: rules.disable: %s is a hardline rule and cannot be disabled", p, id)
				}
			}
			pr.root = dir
			return &pr, nil
		}
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return nil, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, nil
		}
		dir = parent
	}
}

// excluded reports whether a path matches one of the glob patterns: a
// pattern with a / matches the path (relative to the working directory, **
// for any number of directories), one without matches any component.
func excluded(p string, patterns []string) bool {
	p = filepath.ToSlash(filepath.Clean(p))
	for _, pat := range patterns {
		pat = strings.TrimPrefix(filepath.ToSlash(pat), "./")
		if !strings.Contains(pat, "/") {
			for _, comp := range strings.Split(p, "/") {
				if ok, _ := filepath.Match(pat, comp); ok {
					return true
				}
			}
			continue
		}
		if globRE(strings.TrimSuffix(pat, "/")).MatchString(p) {
			return true
		}
	}
	return false
}

// globRE compiles a path glob with ** into a regexp matching the path or
// any path below it.
func globRE(pat string) *regexp.Regexp {
	var sb strings.Builder
	sb.WriteString("^")
	for i := 0; i < len(pat); i++ {
		switch c := pat[i]; c {
		case '*':
			if i+1 < len(pat) && pat[i+1] == '*' {
				sb.WriteString(".*")
				i++
				if i+1 < len(pat) && pat[i+1] == '/' {
					i++
					sb.WriteString("(/|)")
				}
			} else {
				sb.WriteString("[^/]*")
			}
		case '?':
			sb.WriteString("[^/]")
		default:
			sb.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	sb.WriteString("(/.*)?$")
	re, err := regexp.Compile(sb.String())
	if err != nil {
		return regexp.MustCompile(`^\x00$`)
	}
	return re
}

// dedupeInputs drops inputs that are the same file as an earlier one
// (through a symlink, or named twice): each file is scanned once.
func dedupeInputs(names []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		key := n
		if n != "-" {
			if r, err := filepath.EvalSymlinks(n); err == nil {
				if a, err := filepath.Abs(r); err == nil {
					key = a
				}
			}
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, n)
	}
	return out
}

// A suppression is a `# guardsh:ignore RULE[,RULE…] -- reason` comment. It
// covers findings on its own line and on the next line. The reason is
// mandatory: one without it is reported and suppresses nothing. Only
// `guardsh check` reads them; the prompt, $SHELL mode and the agent hooks
// never do.
type suppression struct {
	line   int
	rules  []string
	reason string
	used   bool
}

// ignoreRE matches a suppression comment; compiled on first use.
var ignoreRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`#\s*guardsh:\s?ignore\b(.*)$`) })

// suppressions reads the guardsh:ignore comments of a file; bad lists the
// malformed ones, as messages.
func suppressions(text string) (list []*suppression, bad []string) {
	for i, l := range strings.Split(text, "\n") {
		m := ignoreRE().FindStringSubmatch(strings.TrimSuffix(l, "\r"))
		if m == nil {
			continue
		}
		spec, reason, found := strings.Cut(m[1], "--")
		reason = strings.TrimSpace(reason)
		var ids []string
		for _, id := range strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
			ids = append(ids, id)
		}
		switch {
		case len(ids) == 0:
			bad = append(bad, fmt.Sprintf("%d: guardsh:ignore names no rule", i+1))
		case !found || reason == "":
			bad = append(bad, fmt.Sprintf("%d: guardsh:ignore %s has no reason (write: # guardsh:ignore %s -- why it is safe)", i+1, strings.Join(ids, ","), strings.Join(ids, ",")))
		default:
			for _, id := range ids {
				if r, ok := rules.Lookup(id); !ok {
					bad = append(bad, fmt.Sprintf("%d: guardsh:ignore: no rule %q", i+1, id))
				} else if r.Tier == rules.Hardline {
					bad = append(bad, fmt.Sprintf("%d: guardsh:ignore: %s is a hardline rule and cannot be suppressed", i+1, id))
				}
			}
			list = append(list, &suppression{line: i + 1, rules: ids, reason: reason})
		}
	}
	return list, bad
}

func (s *suppression) hardline() bool {
	for _, id := range s.rules {
		if r, ok := rules.Lookup(id); ok && r.Tier == rules.Hardline {
			return true
		}
	}
	return false
}

func (s *suppression) covers(f rules.Finding) bool {
	if f.Tier == rules.Hardline || f.Line != s.line && f.Line != s.line+1 {
		return false
	}
	for _, id := range s.rules {
		// f.Is: also a rule the finding's covers (cloud-destroy for
		// iac-destroy), as the system policy's promotions do.
		if f.Is(id) {
			return true
		}
	}
	return false
}

// A baseline is the set of findings a repository had when it adopted
// guardsh: findings in it are not reported again. An entry names the file,
// the rule and a hash of the matched text, not the line, so edits above a
// finding do not bring it back.
type baseline struct {
	Version  int             `json:"version"`
	Findings []baselineEntry `json:"findings"`
}

type baselineEntry struct {
	File string `json:"file"`
	Rule string `json:"rule"`
	Hash string `json:"hash"`
	Line int    `json:"line"` // informative only
}

func entryOf(file string, f rules.Finding) baselineEntry {
	h := sha256.Sum256([]byte(strings.Join(strings.Fields(f.Text), " ")))
	return baselineEntry{File: filepath.ToSlash(file), Rule: f.Rule, Hash: hex.EncodeToString(h[:8]), Line: f.Line}
}

func readBaseline(name string) (map[[3]string]int, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("baseline: %v", err)
	}
	var bl baseline
	if err := json.Unmarshal(b, &bl); err != nil {
		return nil, fmt.Errorf("baseline %s: %v", name, err)
	}
	m := map[[3]string]int{}
	for _, e := range bl.Findings {
		m[[3]string{e.File, e.Rule, e.Hash}]++
	}
	return m, nil
}

func writeBaselineFile(name string, entries []baselineEntry) error {
	sort.Slice(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Rule < b.Rule
	})
	if entries == nil {
		entries = []baselineEntry{}
	}
	b, err := json.MarshalIndent(baseline{Version: 1, Findings: entries}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(name, append(b, '\n'), 0o644)
}

// fileFilter applies, to the result of one file, the suppressions in it
// and the baseline; it collects the baseline entries to write, and warns
// about malformed and unused suppressions on w.
type fileFilter struct {
	base    map[[3]string]int
	written []baselineEntry
	warn    io.Writer
}

// inBaseline takes one baseline entry for e, written under e's rule or
// one it covers (a baseline written before a pack took cloud-destroy's
// commands still holds them).
func (ff *fileFilter) inBaseline(e baselineEntry, covers []string) bool {
	for _, id := range append([]string{e.Rule}, covers...) {
		if k := [3]string{e.File, id, e.Hash}; ff.base[k] > 0 {
			ff.base[k]--
			return true
		}
	}
	return false
}

func (ff *fileFilter) apply(name, text string, res *check.Result) {
	sups, bad := suppressions(text)
	for _, m := range bad {
		l, msg, _ := strings.Cut(m, ": ")
		fmt.Fprintf(ff.warn, "%s:%s: warning: %s\n", name, l, msg)
	}
	kept := res.Findings[:0]
	for _, f := range res.Findings {
		// A finding over the rest of a file (past a limit, a region
		// that did not parse) names its start, not megabytes of text;
		// start and end still give the whole span. The baseline hash
		// is of the text as it is reported.
		if len(f.Text) > maxFindingText {
			f.Text = f.Text[:cutRune(f.Text, maxFindingText)] + " …"
		}
		suppressed := false
		for _, s := range sups {
			if s.covers(f) {
				s.used, suppressed = true, true
			}
		}
		if suppressed {
			continue
		}
		e := entryOf(name, f)
		ff.written = append(ff.written, e)
		if f.Tier != rules.Hardline && ff.inBaseline(e, f.Covers) {
			continue
		}
		kept = append(kept, f)
	}
	// One fact reported by two rules is one finding (rules/dupes.go),
	// among the findings left: a suppressed or baselined survivor does
	// not take the other with it.
	res.Findings = rules.FoldDupes(kept, "")
	// In the order of the file, as a reviewer reads it (the parse errors,
	// the workflow injections and the tirith findings come first from
	// their passes).
	sort.SliceStable(res.Findings, func(i, j int) bool {
		a, b := res.Findings[i], res.Findings[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	for _, s := range sups {
		if !s.used && !s.hardline() {
			fmt.Fprintf(ff.warn, "%s:%d: warning: unused guardsh:ignore %s (nothing it names is found on this line or the next)\n", name, s.line, strings.Join(s.rules, ","))
		}
	}
	v := check.Allow
	for _, f := range res.Findings {
		if f.Tier == rules.Hardline {
			v = check.Block
			break
		}
		v = check.Ask
	}
	if res.Error != "" && v == check.Allow {
		v = check.Ask
	}
	res.Verdict = v
	// The matched statements, not the whole file.
	var texts []string
	seen := map[string]bool{}
	for _, f := range res.Findings {
		t := strings.TrimSpace(f.Text)
		if !seen[t] {
			seen[t] = true
			texts = append(texts, t)
		}
	}
	res.Command = strings.Join(texts, "\n")
}

// maxFindingText is the most text of a file a finding carries.
const maxFindingText = 4096

// writeGCC writes one line per finding, as gcc and shellcheck -f gcc do:
// file:line:col: tier: rule: message. Clean files print nothing.
func writeGCC(w io.Writer, res *check.Result) {
	name := res.File
	if name == "" {
		name = "-"
	}
	if res.Error != "" && len(res.Findings) == 0 {
		fmt.Fprintf(w, "%s:1:1: error: %s\n", name, res.Error)
	}
	for _, f := range res.Findings {
		level := "warning"
		if f.Tier == rules.Hardline {
			level = "error"
		}
		line := max(1, f.Line)
		col := max(1, f.Col)
		if res.File == "" {
			_, c, _ := markSpan(res.Command, f.Start, f.End)
			col = c + 1
		}
		fmt.Fprintf(w, "%s:%d:%d: %s: %s: %s: %s\n", name, line, col, level, f.Rule, f.Title, oneLine(f.Text))
	}
}
