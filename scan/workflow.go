package scan

import (
	"regexp"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/rules"
)

// RuleScriptInjection is the id of the finding for a run: step that
// interpolates text an attacker controls.
const RuleScriptInjection = "workflow-script-injection"

// Rules are the rules of this package, registered with the rule table.
var Rules = []*rules.Rule{{
	ID: RuleScriptInjection, Tier: rules.Dangerous, NeverPermanent: true,
	Title: "Workflow run: step interpolates attacker-controlled text",
	Reason: "GitHub pastes ${{ … }} into the script before the shell reads it, so an issue title, a pull request body, " +
		"a branch name or a comment can end the string and run its own commands with the job's token and secrets.",
	Suggest: "pass the value through env: (env: TITLE: ${{ github.event.issue.title }}) and use \"$TITLE\" in the script",
	Match:   []string{`run: echo "${{ github.event.issue.title }}"`},
	NoMatch: []string{`run: echo "${{ matrix.os }}"`},
}}

func init() { rules.Register(Rules...) }

// An Injection is a ${{ … }} expression of attacker-controlled context in
// a run: step.
type Injection struct {
	// Rule is the finding's rule: RuleScriptInjection when "", else
	// RuleCodeUnknown (a line that is nothing but an expression).
	Rule string
	Line int    // file line
	Expr string // the expression, ${{ … }} included
	// Start and End are its offsets in the file; Col its byte column
	// (1-based) on Line, 0 when not known.
	Start, End, Col int
	// More lists the lines of the same job's other steps with code that
	// is an expression (RuleCodeUnknown): one finding stands for them.
	More []int
}

// Placeholder is the word a ${{ … }} expression is replaced with before
// the step's code is parsed: one plain word, as most expressions expand
// to (matrix.os, secrets.TOKEN, github.sha).
const Placeholder = "GITHUB_EXPR"

// SecretPlaceholder is the placeholder of an expression that holds a
// secret (${{ secrets.X }}, ${{ github.token }}): rules see that the word
// is a secret (workflow-secret-saved).
const SecretPlaceholder = "GITHUB_SECRET"

// secretExpr reports an expression that reads a secret or the job's token.
func secretExpr(e string) bool {
	return strings.Contains(e, "secrets.") || strings.Contains(e, "secrets[") || strings.Contains(e, "github.token")
}

var (
	expr = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\{\{(?:[^}]|\}[^}])*\}\}`) })
	// untrusted are the contexts an outsider writes: GitHub's hardening
	// guide's list, as actionlint checks it. An action's or a reusable
	// workflow's inputs.* are its caller's values, and a
	// workflow_dispatch's github.event.inputs.* are typed by someone with
	// write access: neither is an outsider's (zizmor rates them low
	// confidence; one action.yml of the fresh set gave 26 findings).
	untrusted = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`github\.event\.(issue\.(title|body)|pull_request\.(title|body|head\.(ref|label|repo\.default_branch))|` +
			`comment\.body|review\.body|review_comment\.body|discussion\.(title|body)|pages[.[][^ }]*\.page_name|` +
			`commits[.[][^ }]*\.(message|author\.(email|name))|head_commit\.(message|author\.(email|name))|` +
			`workflow_run\.(head_branch|head_commit\.(message|author\.(email|name))|display_title|pull_requests[.[][^ }]*\.head\.ref))|` +
			`github\.head_ref`)
	})
)

// Workflow returns the run: steps of a GitHub Actions workflow and the
// script injections in them. Each step's shell: (or the job's or the
// workflow's defaults: run: shell:) picks the dialect: bash and sh are
// parsed as bash, pwsh and powershell steps are given to pwsh -Command,
// python steps to python -c, and cmd steps to cmd /c, so their own
// scanners read them. ${{ … }} expressions are replaced by a placeholder
// word before parsing, so that they do not make the step unparsable.
// Text that looks like a workflow but is not YAML guardsh can follow is
// read line by line, never skipped silently.
func Workflow(text string) ([]Snippet, []Injection) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	starts := LineStarts(text)
	var out []Snippet
	var inj []Injection
	var jobs []jobInfo
	jobsRead := false
	unknownOf := map[*jobInfo]int{} // a job's RuleCodeUnknown finding
	for i := 0; i < len(lines); i++ {
		key, col, v, ok := keyAt(lines[i], "run")
		var act *codeAction // an action that runs the input as shell code
		if !ok {
			key, col, v, act, ok = codeInputAt(lines, i)
			if !ok {
				continue
			}
		} else if isDefaults(lines, i, col) {
			continue
		}
		if !jobsRead {
			jobs, jobsRead = workflowJobs(text, len(lines)), true
		}
		runLine := i + 1
		var b builder
		switch {
		case v == "" || strings.HasPrefix(v, "|") || strings.HasPrefix(v, ">"):
			folded := strings.HasPrefix(v, ">")
			blockIndent := -1
			first := true
			for i+1 < len(lines) {
				n := lines[i+1]
				if strings.TrimSpace(n) == "" {
					if !first {
						b.add("\n", i+2, -1)
					}
					i++
					continue
				}
				ni := indentOf(n)
				if ni <= col-key {
					break
				}
				if blockIndent < 0 {
					blockIndent = ni
				}
				if !first {
					sep := "\n"
					if folded && ni == blockIndent {
						sep = " "
					}
					b.add(sep, i+2, min(blockIndent, ni)-len(sep))
				}
				b.add(n[min(blockIndent, ni):], i+2, min(blockIndent, ni))
				first = false
				i++
			}
		default:
			if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
				v = unquoteDouble(v[1 : len(v)-1])
			} else if len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' {
				v = strings.ReplaceAll(v[1:len(v)-1], "''", "'")
			} else if j := strings.Index(v, " #"); j >= 0 {
				v = v[:j]
			}
			b.add(v, i+1, strings.Index(lines[i], v))
		}
		s := b.snippet("")
		// Script injection, then the placeholder.
		for _, m := range expr().FindAllStringIndex(s.Text, -1) {
			e := s.Text[m[0]:m[1]]
			if untrusted().MatchString(e) {
				in := Injection{Line: s.Line(m[0]), Expr: e}
				if _, col := s.Pos(m[0]); col >= 0 {
					in.Start = s.FileOffset(m[0], starts)
					in.End, in.Col = in.Start+len(e), col+1
				}
				inj = append(inj, in)
			}
		}
		injected := map[int]bool{}
		for _, in := range inj {
			injected[in.Start] = true
		}
		j, st := jobAt(jobs, runLine)
		variants, unknown := expandStep(s, j, st)
		for _, off := range unknown {
			e := expr().FindString(s.Text[off:])
			in := Injection{Rule: RuleCodeUnknown, Line: s.Line(off), Expr: e}
			if _, col := s.Pos(off); col >= 0 {
				in.Start = s.FileOffset(off, starts)
				in.End, in.Col = in.Start+len(e), col+1
			}
			if injected[in.Start] && in.Col != 0 {
				continue
			}
			if k, ok := unknownOf[j]; ok && j != nil {
				inj[k].More = append(inj[k].More, in.Line)
				continue
			}
			unknownOf[j] = len(inj)
			inj = append(inj, in)
		}
		sh := stepShell(lines, i, col)
		if exprShell(sh) {
			// shell: ${{ matrix.shell }}: not known before the run;
			// read as the runners' default, bash, rather than not
			// at all (Homebrew/install's tests.yml hid every step).
			sh = ""
		}
		for _, s := range variants {
			switch d := ShellOf(sh); {
			case sh == "" || d != "":
				s.Shell = d
			default:
				prog, _, _ := strings.Cut(strings.TrimSpace(sh), " ")
				var argv []string
				switch strings.ToLower(prog) {
				case "pwsh", "powershell":
					argv = []string{prog, "-Command", s.Text}
				case "python", "python3":
					argv = []string{prog, "-c", s.Text}
				case "cmd":
					argv = []string{"cmd", "/c", s.Text}
				default:
					// A custom shell: its program runs the file.
					argv = []string{prog, s.Text}
				}
				s = Snippet{Text: QuoteArgs(argv), Shell: "bash", marks: []int{0}, lines: []int{s.Line(0)}}
			}
			if j != nil {
				s.Secrets = secretNames(j, st)
				s.Runner, s.Why = j.ephemeral, j.why
				dir := ""
				if st != nil {
					dir = st.dir
				}
				for _, p := range j.saves {
					if p.cache || p.line > runLine {
						s.Persist = append(s.Persist, savedFrom(p.path, dir))
					}
				}
			}
			if act != nil && act.Remote != "" {
				s.Runner, s.Why = false, "the code runs on "+act.Remote
			}
			if strings.TrimSpace(s.Text) != "" {
				out = append(out, s)
			}
		}
	}
	return out, append(inj, scriptInjections(lines, starts)...)
}

// placeholder is the word that stands for the expression e: as long as e
// (GITHUB_EXPR padded with _, or cut short), so offsets still map to lines
// and columns and the expression can be put back in a finding's text.
func placeholder(e string) string {
	if secretExpr(e) && len(e) >= len(SecretPlaceholder) {
		return SecretPlaceholder + strings.Repeat("_", len(e)-len(SecretPlaceholder))
	}
	if len(e) <= len(Placeholder) {
		return Placeholder[:len(e)]
	}
	return Placeholder + strings.Repeat("_", len(e)-len(Placeholder))
}

// keyAt reports whether line holds the mapping key name (also as the first
// key of a list item, "- run: …"), with the key's column, the offset of
// the key inside the line's indentation and list marker, and its value.
func keyAt(line, name string) (off, col int, value string, ok bool) {
	ind := indentOf(line)
	t := line[ind:]
	col = ind
	if strings.HasPrefix(t, "- ") {
		t = strings.TrimLeft(t[2:], " ")
		col = len(line) - len(t)
	}
	v, found := strings.CutPrefix(t, name+":")
	if !found || v != "" && v[0] != ' ' && v[0] != '\t' {
		return 0, 0, "", false
	}
	return col - ind, col, strings.TrimSpace(v), true
}

func indentOf(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }

// isDefaults reports whether the run: key at line i, column col, is the
// run: of a defaults: mapping, not a step.
func isDefaults(lines []string, i, col int) bool {
	for j := i - 1; j >= 0; j-- {
		l := lines[j]
		if strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		if ind := indentOf(l); ind < col {
			return strings.TrimSpace(l) == "defaults:"
		}
	}
	return false
}

// stepShell returns the shell: of the step whose run: key is at column col
// and ends before line end, else the nearest enclosing defaults: run:
// shell:, else "".
func stepShell(lines []string, end, col int) string {
	// The step's keys: same column, from the item's "- " to the next one.
	start := end
	for ; start >= 0; start-- {
		l := lines[start]
		if strings.TrimSpace(l) == "" {
			continue
		}
		ind := indentOf(l)
		if ind < col-2 || ind == col-2 && !strings.HasPrefix(l[ind:], "- ") {
			break
		}
		if ind == col-2 && strings.HasPrefix(l[ind:], "- ") {
			break
		}
	}
	for j := max(start, 0); j < len(lines); j++ {
		if j > end {
			l := lines[j]
			if t := strings.TrimSpace(l); t != "" && (indentOf(l) < col || indentOf(l) == col-2) {
				break
			}
		}
		if _, c, v, ok := keyAt(lines[j], "shell"); ok && c == col {
			return strings.Trim(v, `"'`)
		}
	}
	// defaults: run: shell: of the job, else of the workflow: a
	// defaults: key that is a sibling of one of the step's ancestors,
	// the deepest one.
	best, bestInd := "", -1
	for j, l := range lines {
		if strings.TrimSpace(l) != "defaults:" {
			continue
		}
		ind := indentOf(l)
		if ind >= col || ind <= bestInd {
			continue
		}
		same := true
		for k := min(j, end) + 1; k < max(j, end); k++ {
			if t := strings.TrimSpace(lines[k]); t != "" && t[0] != '#' && indentOf(lines[k]) < ind {
				same = false
				break
			}
		}
		if sh := defaultsShell(lines, j, ind); same && sh != "" {
			best, bestInd = sh, ind
		}
	}
	return best
}

// defaultsShell reads defaults: / run: / shell: below line j.
func defaultsShell(lines []string, j, ind int) string {
	inRun := -1
	for k := j + 1; k < len(lines); k++ {
		l := lines[k]
		if strings.TrimSpace(l) == "" {
			continue
		}
		ki := indentOf(l)
		if ki <= ind {
			break
		}
		if strings.TrimSpace(l) == "run:" {
			inRun = ki
			continue
		}
		if inRun >= 0 && ki > inRun {
			if _, _, v, ok := keyAt(l, "shell"); ok {
				return strings.Trim(v, `"'`)
			}
		}
	}
	return ""
}

// unquoteDouble undoes the escapes of a YAML double-quoted scalar that
// matter to a shell: \" \\ \n \t.
func unquoteDouble(s string) string {
	r := strings.NewReplacer(`\\`, `\`, `\"`, `"`, `\n`, "\n", `\t`, "\t")
	return r.Replace(s)
}
