package scan

import "strings"

// scriptInjections returns the attacker-controlled ${{ … }} expressions in
// the script: input of actions/github-script steps. GitHub pastes them into
// the JavaScript before it runs, with the job's token, as it does into a
// run: step (GitHub's hardening guide names both).
func scriptInjections(lines []string, starts []int) []Injection {
	var out []Injection
	find := func(li, from int) {
		if li >= len(starts) {
			return
		}
		l := lines[li]
		for _, m := range expr().FindAllStringIndex(l[from:], -1) {
			e := l[from+m[0] : from+m[1]]
			if untrusted().MatchString(e) {
				at := from + m[0]
				out = append(out, Injection{Line: li + 1, Expr: e, Start: starts[li] + at, End: starts[li] + at + len(e), Col: at + 1})
			}
		}
	}
	for i := 0; i < len(lines); i++ {
		_, col, v, ok := keyAt(lines[i], "script")
		if !ok || !githubScriptStep(lines, i, col) {
			continue
		}
		find(i, col)
		if v != "" && v[0] != '|' && v[0] != '>' {
			continue
		}
		for i+1 < len(lines) {
			n := lines[i+1]
			if strings.TrimSpace(n) != "" && indentOf(n) <= col {
				break
			}
			i++
			find(i, 0)
		}
	}
	return out
}

// githubScriptStep reports whether the script: key at line i, column col,
// is an input (under with:) of a step that uses actions/github-script.
func githubScriptStep(lines []string, i, col int) bool {
	return actionIs(withUses(lines, i, col), "actions/github-script")
}

// actionIs reports whether a uses: value names the action name (owner/repo,
// lower case) at some version, or a path inside it.
func actionIs(uses, name string) bool {
	return uses == name || strings.HasPrefix(uses, name+"@") || strings.HasPrefix(uses, name+"/")
}

// withUses returns the uses: value (lower case, unquoted) of the step whose
// with: mapping holds the key at line i, column col; "" when the key is not
// an input of a step that uses an action.
func withUses(lines []string, i, col int) string {
	w := -1
	for j := i - 1; j >= 0; j-- {
		l := lines[j]
		if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if indentOf(l) < col {
			w = j
			break
		}
	}
	if w < 0 {
		return ""
	}
	_, wcol, v, ok := keyAt(lines[w], "with")
	if !ok || v != "" {
		return ""
	}
	uses := func(l string) (string, bool) {
		_, c, v, ok := keyAt(l, "uses")
		if !ok || c != wcol {
			return "", false
		}
		if j := strings.Index(v, " #"); j >= 0 {
			v = v[:j]
		}
		return strings.ToLower(strings.Trim(strings.TrimSpace(v), `"'`)), true
	}
	// The step's other keys: up to its "- " item, and down to the next.
	for j := w; j >= 0; j-- {
		l := lines[j]
		if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if indentOf(l) < wcol-2 {
			break
		}
		if u, found := uses(l); found {
			return u
		}
		if strings.HasPrefix(strings.TrimLeft(l, " "), "- ") {
			break // the step's first key
		}
	}
	for j := w + 1; j < len(lines); j++ {
		l := lines[j]
		if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if indentOf(l) < wcol {
			break // the next step, or the end of the steps
		}
		if u, found := uses(l); found {
			return u
		}
	}
	return ""
}

// exprShell reports whether a step's shell: is an expression
// (${{ matrix.shell }}), known only when the workflow runs.
func exprShell(sh string) bool {
	return strings.Contains(sh, "${{")
}
