package scan

import (
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
	"github.com/guardsh/guardsh/rules"
)

// RuleCodeUnknown is the id of the finding for a run: step line that is
// nothing but a ${{ … }} expression guardsh cannot resolve from the file:
// code no reviewer and no scanner can see.
const RuleCodeUnknown = "workflow-code-unknown"

func init() {
	rules.Register(&rules.Rule{
		ID: RuleCodeUnknown, Tier: rules.Dangerous, NeverPermanent: true,
		Title: "Workflow run: step whose code is an expression",
		Reason: "The step runs the value of a ${{ … }} expression that is known only when the workflow runs (a matrix made by fromJSON, an input, " +
			"a step's output): guardsh cannot check what it runs, and neither can a reviewer of this file.",
		Suggest: "put the commands in the workflow or in a script file of the repository, so they can be checked",
		Match:   []string{`run: ${{ matrix.runs.build }}`},
		NoMatch: []string{`run: make ${{ matrix.target }}`},
	})
}

// A machine is one row of machineTable: which runs-on labels name a
// throwaway machine.
type machine struct {
	Label     *regexp.Regexp
	Ephemeral bool
	Why       string
	// Examples are runs-on labels the row decides (the test runs them).
	Examples []string
}

// machineTable decides, label by label, top to bottom, whether a job's
// runs-on names a GitHub-hosted runner: a virtual machine made for one
// job and deleted after it (rules/runner.go says what that changes). A
// label no row matches is a persistent machine (fails closed): self-hosted
// runners keep their files, services and credentials from job to job, and
// an organisation's larger-runner or runner-group names cannot be told
// from a self-hosted runner's. GitHub compares labels without case.
var machineTable = sync.OnceValue(func() []machine {
	return []machine{
		{Label: regexp.MustCompile(`(?i)^self-hosted$`), Why: "a self-hosted runner keeps its machine between jobs",
			Examples: []string{"self-hosted", "Self-Hosted"}},
		{Label: regexp.MustCompile(`(?i)^ubuntu-(latest|slim|\d\d\.\d\d)(-arm)?$`), Ephemeral: true, Why: "GitHub-hosted Linux runner: a fresh virtual machine per job",
			Examples: []string{"ubuntu-latest", "ubuntu-24.04", "Ubuntu-20.04", "ubuntu-22.04-arm"}},
		{Label: regexp.MustCompile(`(?i)^macos-(latest|\d\d)(-(large|xlarge|intel))?$`), Ephemeral: true, Why: "GitHub-hosted macOS runner: a fresh virtual machine per job",
			Examples: []string{"macos-latest", "macos-14", "macos-15-xlarge", "macos-13-large"}},
		{Label: regexp.MustCompile(`(?i)^windows-(latest|\d{4}|11-arm)$`), Ephemeral: true, Why: "GitHub-hosted Windows runner: a fresh virtual machine per job",
			Examples: []string{"windows-latest", "windows-2022", "windows-11-arm"}},
	}
})

// hostedLabel reports whether label names a GitHub-hosted runner.
func hostedLabel(label string) (bool, string) {
	for _, m := range machineTable() {
		if m.Label.MatchString(strings.TrimSpace(label)) {
			return m.Ephemeral, m.Why
		}
	}
	return false, "runs-on label " + label + " is not a GitHub-hosted runner's: read as a machine that is kept"
}

// A jobInfo is what the file says about the job a run: step belongs to.
type jobInfo struct {
	first, last int // its lines
	ephemeral   bool
	why         string
	// matrix holds the literal values of each strategy.matrix key (its
	// lists and include: entries); a key not in it is unknown.
	matrix map[string][]string
	// env holds the workflow's and the job's env: values, raw.
	env   []envVar
	steps []stepInfo
	// saves are the paths actions/cache and upload-artifact steps save,
	// with the line of the step.
	saves []savedPath
}

type envVar struct {
	name, value string
	line        int
}

type stepInfo struct {
	first, last int
	env         []envVar
	// dir is the step's working-directory: (or the job's or the
	// workflow's defaults: run: working-directory:), "" for the
	// workspace.
	dir string
}

type savedPath struct {
	path  string
	line  int
	cache bool // saved at the end of the job whatever the step's place
}

// workflowJobs reads the jobs of a workflow (or the steps of a composite
// action, as one job of an unknown machine).
func workflowJobs(text string, nlines int) []jobInfo {
	root := readYAML(text)
	top := envOf(root.get("env"))
	var out []jobInfo
	if runs := root.get("runs"); runs != nil {
		// action.yml: the steps of a composite action run on the
		// caller's runner, which the file does not name.
		j := jobInfo{first: 1, last: nlines, why: "a composite action runs on its caller's runner, which this file does not name"}
		j.steps, j.saves = stepsOf(runs.get("steps"), nlines)
		return append(out, j)
	}
	jobs := root.get("jobs")
	if jobs == nil || jobs.Seq {
		return nil
	}
	for i, jn := range jobs.Kids {
		j := jobInfo{first: jn.Line, last: nlines}
		if i+1 < len(jobs.Kids) {
			j.last = jobs.Kids[i+1].Line - 1
		}
		j.matrix = matrixOf(jn.get("strategy").get("matrix"))
		j.env = append(append([]envVar{}, top...), envOf(jn.get("env"))...)
		j.ephemeral, j.why = jobMachine(jn, j.matrix)
		j.steps, j.saves = stepsOf(jn.get("steps"), j.last)
		dir := defaultDir(jn)
		if dir == "" {
			dir = defaultDir(root)
		}
		for k := range j.steps {
			if j.steps[k].dir == "" {
				j.steps[k].dir = dir
			}
		}
		out = append(out, j)
	}
	return out
}

// jobMachine decides whether a job runs on a throwaway machine.
func jobMachine(jn *ynode, matrix map[string][]string) (bool, string) {
	ro := jn.get("runs-on")
	eph, why := runsOn(ro, matrix)
	if c := jn.get("container"); c != nil && (c.Value != "" || len(c.Kids) > 0) {
		if eph {
			return true, "a job container on a GitHub-hosted runner: both are thrown away after the job"
		}
		return false, "a job container on a runner that is kept: the runner mounts its work and home directories into it"
	}
	return eph, why
}

// runsOn decides a runs-on value: a label, a list of labels, a runner
// group, or ${{ matrix.KEY }} with literal values in the matrix.
func runsOn(ro *ynode, matrix map[string][]string) (bool, string) {
	switch {
	case ro == nil:
		return false, "no runs-on (a reusable workflow's call, or not a job guardsh can read): read as a machine that is kept"
	case ro.Unknown:
		return false, "runs-on not read (an alias or tag): read as a machine that is kept"
	case ro.Scalar:
		v := strings.TrimSpace(ro.Value)
		if strings.Contains(v, "${{") {
			m := expr().FindStringSubmatch(v)
			key, fallback, ok := matrixRunsOn(v)
			vals, in := matrix[key]
			if m == nil || len(m[0]) != len(v) || !ok || matrix == nil || in && vals == nil || !in && len(fallback) == 0 {
				// Not one matrix key; a matrix not in the file; a key
				// whose values are not literal; no key and no label.
				return false, "runs-on " + v + " is known only when the workflow runs: read as a machine that is kept"
			}
			for _, l := range append(append([]string{}, vals...), fallback...) {
				if e, why := hostedLabel(l); !e {
					return false, why
				}
			}
			return true, "every value of matrix." + key + " is a GitHub-hosted runner: a fresh virtual machine per job"
		}
		return hostedLabel(v)
	case ro.Seq && len(ro.Kids) > 0:
		why := ""
		for _, k := range ro.Kids {
			e, w := hostedLabel(k.Value)
			if !e || !k.Scalar || strings.Contains(k.Value, "${{") {
				return false, w
			}
			why = w
		}
		return true, why
	}
	return false, "runs-on names a runner group or labels: larger runners and self-hosted runners cannot be told apart: read as a machine that is kept"
}

// matrixRunsOn reads a runs-on expression ${{ matrix.KEY }} or
// ${{ matrix.KEY || 'label' }} (the label when the combination has no KEY).
func matrixRunsOn(e string) (key string, fallback []string, ok bool) {
	in := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(e), "${{"), "}}"))
	if a, b, found := strings.Cut(in, "||"); found {
		b = strings.TrimSpace(b)
		if len(b) < 2 || b[0] != '\'' || b[len(b)-1] != '\'' || strings.Contains(b[1:len(b)-1], "'") {
			return "", nil, false
		}
		in, fallback = strings.TrimSpace(a), []string{b[1 : len(b)-1]}
	}
	key, ok = matrixKey("${{ " + in + " }}")
	return key, fallback, ok
}

// matrixKey returns KEY of an expression that is exactly ${{ matrix.KEY }}.
func matrixKey(e string) (string, bool) {
	in := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(e), "${{"), "}}"))
	k, ok := strings.CutPrefix(in, "matrix.")
	if !ok || k == "" || strings.ContainsAny(k, " .[()|&=!'\"") {
		return "", false
	}
	return k, true
}

// envKey returns NAME of an expression that is exactly ${{ env.NAME }}.
func envKey(e string) (string, bool) {
	in := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(e), "${{"), "}}"))
	k, ok := strings.CutPrefix(in, "env.")
	if !ok || k == "" || strings.ContainsAny(k, " .[()|&=!'\"") {
		return "", false
	}
	return k, true
}

// matrixOf reads the literal values of a strategy.matrix: each key's list
// (a scalar key is one value) and the keys of its include: entries. A
// matrix that is an expression (fromJSON) has no known values.
func matrixOf(m *ynode) map[string][]string {
	if m == nil || m.Scalar || m.Seq || m.Unknown {
		return nil
	}
	out := map[string][]string{}
	bad := map[string]bool{}
	add := func(k string, v *ynode) {
		if v.Unknown || !v.Scalar || strings.Contains(v.Value, "${{") {
			bad[k] = true
			return
		}
		for _, have := range out[k] {
			if have == v.Value {
				return
			}
		}
		out[k] = append(out[k], v.Value)
	}
	for _, kv := range m.Kids {
		switch {
		case kv.Key == "exclude":
		case kv.Key == "include":
			for _, item := range kv.Kids {
				for _, f := range item.Kids {
					add(f.Key, f)
				}
			}
		case kv.Seq:
			for _, v := range kv.Kids {
				add(kv.Key, v)
			}
		default:
			add(kv.Key, kv)
		}
	}
	for k := range bad {
		out[k] = nil // in the matrix, values not known
	}
	return out
}

// envOf reads an env: mapping's scalar values.
func envOf(n *ynode) []envVar {
	if n == nil || n.Seq {
		return nil
	}
	var out []envVar
	for _, kv := range n.Kids {
		if kv.Scalar && !kv.Unknown && parse.ValidName(kv.Key) {
			out = append(out, envVar{name: kv.Key, value: kv.Value, line: kv.Line})
		}
	}
	return out
}

// saveActions are the actions that keep paths of the job's machine after
// it: a cache a later run restores, an artifact anyone with read access
// to the repository downloads. cache is set for those that save at the end
// of the job (actions/cache's post step), whatever their place.
var saveActions = []struct {
	prefix string
	cache  bool
}{
	{"actions/cache/save@", false}, {"actions/cache@", true}, {"actions/upload-artifact@", false}, {"actions/upload-pages-artifact@", false},
}

// setupCaches returns the directories a setup action's cache saves at the
// end of the job (restored by later runs): actions/setup-node cache: npm or
// yarn or pnpm, setup-python cache: pip, setup-go (on unless cache: false),
// setup-java cache: maven or gradle; their default directories. A package
// manager guardsh does not know is a path known only when the job runs.
func setupCaches(uses string, with *ynode) []string {
	c := strings.ToLower(strings.TrimSpace(with.get("cache").valueOr("")))
	switch {
	case strings.HasPrefix(uses, "actions/setup-go@"):
		if c == "false" {
			return nil
		}
		return []string{"~/go/pkg/mod", "~/.cache/go-build"}
	case c == "" || c == "false":
		return nil
	case strings.HasPrefix(uses, "actions/setup-node@"):
		switch c {
		case "npm":
			return []string{"~/.npm"}
		case "yarn":
			return []string{"~/.cache/yarn", "~/.yarn/berry/cache"}
		case "pnpm":
			return []string{"~/.local/share/pnpm/store", "~/Library/pnpm/store"}
		}
	case strings.HasPrefix(uses, "actions/setup-python@"):
		switch c {
		case "pip":
			return []string{"~/.cache/pip"}
		case "pipenv":
			return []string{"~/.local/share/virtualenvs"}
		case "poetry":
			return []string{"~/.cache/pypoetry"}
		}
	case strings.HasPrefix(uses, "actions/setup-java@"):
		switch c {
		case "maven":
			return []string{"~/.m2/repository"}
		case "gradle":
			return []string{"~/.gradle/caches", "~/.gradle/wrapper"}
		case "sbt":
			return []string{"~/.ivy2/cache", "~/.sbt", "~/.cache/coursier"}
		}
	default:
		return nil
	}
	return []string{"${{ unknown cache }}"}
}

// stepsOf reads the steps of a job: their lines and env:, and the paths
// the save actions among them keep.
func stepsOf(n *ynode, last int) ([]stepInfo, []savedPath) {
	if n == nil || !n.Seq {
		return nil, nil
	}
	var steps []stepInfo
	var saves []savedPath
	for i, st := range n.Kids {
		s := stepInfo{first: st.Line, last: last, env: envOf(st.get("env")), dir: st.get("working-directory").valueOr("")}
		if i+1 < len(n.Kids) {
			s.last = n.Kids[i+1].Line - 1
		}
		steps = append(steps, s)
		uses := strings.ToLower(strings.TrimSpace(st.get("uses").valueOr("")))
		for _, p := range setupCaches(uses, st.get("with")) {
			saves = append(saves, savedPath{path: p, line: st.Line, cache: true})
		}
		for _, a := range saveActions {
			if !strings.HasPrefix(uses, a.prefix) {
				continue
			}
			p := st.get("with").get("path")
			if p == nil || p.Unknown {
				saves = append(saves, savedPath{path: "${{ unknown }}", line: st.Line, cache: a.cache})
				continue
			}
			val := p.Value
			if p.Seq {
				var vs []string
				for _, k := range p.Kids {
					vs = append(vs, k.Value)
				}
				val = strings.Join(vs, "\n")
			}
			if a.prefix == "actions/upload-pages-artifact@" && strings.TrimSpace(val) == "" {
				val = "_site/"
			}
			for _, l := range strings.Split(val, "\n") {
				if l = strings.TrimSpace(l); l != "" && l[0] != '!' {
					saves = append(saves, savedPath{path: l, line: st.Line, cache: a.cache})
				}
			}
		}
	}
	return steps, saves
}

// defaultDir reads defaults: run: working-directory: of a job or a
// workflow.
func defaultDir(n *ynode) string {
	return n.get("defaults").get("run").get("working-directory").valueOr("")
}

// savedFrom returns a saved path p as the step's commands name it from its
// working directory dir (relative paths of a workflow's save steps are the
// workspace's): dist/ is . from dist, ../out from src. A dir that is not a
// literal relative path leaves p as it is.
func savedFrom(p, dir string) string {
	dir = strings.TrimPrefix(strings.TrimSpace(dir), "./")
	if dir == "" || dir == "." || strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, "~") || strings.Contains(dir, "$") ||
		strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.Contains(p, "$") {
		return p
	}
	if r, err := filepath.Rel(filepath.Clean(dir), filepath.Clean(p)); err == nil {
		if strings.HasSuffix(p, "/") && r != "." {
			r += "/"
		}
		return filepath.ToSlash(r)
	}
	return p
}

func (n *ynode) valueOr(d string) string {
	if n == nil || !n.Scalar {
		return d
	}
	return n.Value
}

// jobAt returns the job and step holding file line line (1-based), or
// nil.
func jobAt(jobs []jobInfo, line int) (*jobInfo, *stepInfo) {
	for i := range jobs {
		j := &jobs[i]
		if line < j.first || line > j.last {
			continue
		}
		for k := range j.steps {
			if s := &j.steps[k]; line >= s.first && line <= s.last {
				return j, s
			}
		}
		return j, nil
	}
	return nil, nil
}

// maxVariants caps the versions of one step checked for the values its
// matrix keys can have.
const maxVariants = 16

// expandStep returns the versions of step s (its text as the file has it,
// with ${{ … }} expressions) that the job runs: each literal matrix value
// and env: value the file gives is put in, as GitHub does, one version per
// combination of the matrix keys the step uses; the env: of the workflow,
// the job and the step that the code reads is assigned first, as the
// runner exports it. Expressions left are replaced by the placeholder.
// unknown lists the offsets of lines of s that are nothing but expressions
// no version resolves.
func expandStep(s Snippet, j *jobInfo, st *stepInfo) (out []Snippet, unknown []int) {
	raw := s.Text
	var env []envVar
	if j != nil {
		env = append(env, j.env...)
	}
	if st != nil {
		env = append(env, st.env...)
	}
	// The matrix keys the step uses, in its code or in env values it reads.
	used := map[string]bool{}
	reads := func(name string) bool {
		return strings.Contains(raw, "$"+name) || strings.Contains(raw, "${"+name) || strings.Contains(raw, "env."+name)
	}
	var envRead []envVar
	seen := map[string]int{}
	for _, e := range env {
		if !reads(e.name) {
			continue
		}
		if i, ok := seen[e.name]; ok {
			envRead[i] = e // the step's env: over the job's over the workflow's
			continue
		}
		seen[e.name] = len(envRead)
		envRead = append(envRead, e)
	}
	var matrix map[string][]string
	if j != nil {
		matrix = j.matrix
	}
	for _, src := range append([]string{raw}, envValues(envRead)...) {
		for _, m := range expr().FindAllString(src, -1) {
			if k, ok := matrixKey(m); ok && len(matrix[k]) > 0 {
				used[k] = true
			}
		}
	}
	keys := make([]string, 0, len(used))
	for k := range used {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	combos := []map[string]string{{}}
	for _, k := range keys {
		vals := matrix[k]
		if len(combos)*len(vals) > maxVariants {
			continue // left unresolved: the placeholder
		}
		var next []map[string]string
		for _, c := range combos {
			for _, v := range vals {
				n := map[string]string{k: v}
				for a, b := range c {
					n[a] = b
				}
				next = append(next, n)
			}
		}
		combos = next
	}
	resolvedAt := map[int]bool{}
	texts := map[string]bool{}
	for _, combo := range combos {
		known := map[string]string{}
		var prelude []envVar
		for _, e := range envRead {
			if v, ok := resolveText(e.value, combo, known); ok {
				known[e.name] = v
				prelude = append(prelude, envVar{name: e.name, value: v, line: e.line})
			}
		}
		v := substitute(s, prelude, func(e string) (string, bool) {
			if k, ok := matrixKey(e); ok {
				val, ok := combo[k]
				return val, ok
			}
			if k, ok := envKey(e); ok {
				val, ok := known[k]
				return val, ok
			}
			return "", false
		}, resolvedAt)
		if !texts[v.Text] {
			texts[v.Text] = true
			out = append(out, v)
		}
	}
	// Lines that are nothing but expressions, none of them resolved, where
	// a command starts: not the continuation of the line before (a
	// trailing backslash), not the body of a here-document.
	cont, heredoc := false, ""
	for off := 0; off < len(raw); {
		end := strings.IndexByte(raw[off:], '\n')
		if end < 0 {
			end = len(raw)
		} else {
			end += off
		}
		line := raw[off:end]
		t := strings.TrimSpace(line)
		wasCont, inDoc := cont, heredoc != ""
		cont = strings.HasSuffix(t, "\\")
		switch {
		case inDoc:
			if t == heredoc {
				heredoc = ""
			}
		default:
			if m := heredocStart().FindStringSubmatch(line); m != nil {
				heredoc = m[1]
			}
		}
		if t != "" && !wasCont && !inDoc {
			ms := expr().FindAllStringIndex(line, -1)
			rest := expr().ReplaceAllString(line, "")
			if len(ms) > 0 && strings.TrimSpace(rest) == "" {
				open := false
				for _, m := range ms {
					if !resolvedAt[off+m[0]] {
						open = true
					}
				}
				if open {
					unknown = append(unknown, off+ms[0][0])
				}
			}
		}
		off = end + 1
	}
	return out, unknown
}

// heredocStart finds the delimiter of a here-document a line starts.
var heredocStart = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`<<-?\s*['"]?([A-Za-z_][A-Za-z0-9_]*)`) })

// secretNames returns the env: variables of a step (the workflow's, the
// job's, its own) whose value reads a secret.
func secretNames(j *jobInfo, st *stepInfo) []string {
	var out []string
	es := j.env
	if st != nil {
		es = append(append([]envVar{}, es...), st.env...)
	}
	for _, e := range es {
		if secretExpr(e.value) {
			out = append(out, e.name)
		}
	}
	return out
}

func envValues(es []envVar) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.value)
	}
	return out
}

// resolveText puts the matrix and env values into an env: value; ok is
// false when an expression in it is not known from the file.
func resolveText(v string, combo, env map[string]string) (string, bool) {
	ok := true
	out := expr().ReplaceAllStringFunc(v, func(e string) string {
		if k, yes := matrixKey(e); yes {
			if val, have := combo[k]; have {
				return val
			}
		}
		if k, yes := envKey(e); yes {
			if val, have := env[k]; have {
				return val
			}
		}
		ok = false
		return e
	})
	return out, ok
}

// substitute returns s with the expressions value resolves replaced by
// their values and the others by the placeholder, after the assignments
// pre (mapped to their env: lines). The result's Original gives the
// file's text back. resolved collects the offsets of s resolved.
func substitute(s Snippet, pre []envVar, value func(e string) (string, bool), resolved map[int]bool) Snippet {
	var b builder
	var segs []seg
	emit := func(text string, line, col, o0, o1 int, fresh bool) {
		if text == "" {
			return
		}
		n0 := b.sb.Len()
		if fresh {
			b.marks = append(b.marks, n0)
			b.lines = append(b.lines, line)
			b.cols = append(b.cols, col)
			b.sb.WriteString(text)
		} else {
			b.add(text, line, col)
		}
		segs = append(segs, seg{n0: n0, n1: b.sb.Len(), o0: o0, o1: o1})
	}
	for _, p := range pre {
		emit("export "+p.name+"="+QuoteArgs([]string{p.value})+"\n", p.line, -1, -1, -1, true)
	}
	raw := s.Text
	// plain copies raw[a:b] piece by piece along s's line marks.
	plain := func(a, e int, text string) {
		for a < e {
			k := sort.SearchInts(s.marks, a+1) - 1
			stop := e
			if k+1 < len(s.marks) && s.marks[k+1] < stop {
				stop = s.marks[k+1]
			}
			line, col := s.Pos(a)
			emit(text[a:stop], line, col, a, stop, true)
			a = stop
		}
	}
	ph := expr().ReplaceAllStringFunc(raw, placeholder)
	at := 0
	for _, m := range expr().FindAllStringIndex(raw, -1) {
		plain(at, m[0], ph)
		if v, ok := value(raw[m[0]:m[1]]); ok {
			line, col := s.Pos(m[0])
			emit(v, line, col, m[0], m[1], true)
			if v == "" {
				segs = append(segs, seg{n0: b.sb.Len(), n1: b.sb.Len(), o0: m[0], o1: m[1]})
			}
			resolved[m[0]] = true
		} else {
			plain(m[0], m[1], ph)
		}
		at = m[1]
	}
	plain(at, len(raw), ph)
	out := b.snippet(s.Shell)
	out.orig, out.segs = raw, segs
	return out
}

// A seg maps a piece of a Snippet's Text (n0:n1) to the file's text of the
// step (o0:o1; -1 for text guardsh wrote, such as an env: assignment).
type seg struct{ n0, n1, o0, o1 int }

// original maps Text[start:end] to the step's own text through s.segs.
func (s *Snippet) original(start, end int, text string) string {
	o0, o1 := -1, -1
	for _, g := range s.segs {
		if o0 < 0 && start >= g.n0 && start < g.n1 {
			if g.o0 < 0 {
				return text
			}
			o0 = g.o0
			if g.n1-g.n0 == g.o1-g.o0 {
				o0 += start - g.n0
			}
		}
		if end > g.n0 && end <= g.n1 && g.o0 >= 0 {
			o1 = g.o1
			if g.n1-g.n0 == g.o1-g.o0 {
				o1 = g.o0 + end - g.n0
			}
		}
	}
	if o0 < 0 || o1 < o0 || o1 > len(s.orig) {
		return text
	}
	return s.orig[o0:o1]
}
