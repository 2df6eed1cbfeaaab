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
		return false
	}
	_, wcol, v, ok := keyAt(lines[w], "with")
	if !ok || v != "" {
		return false
	}
	uses := func(l string) (bool, bool) {
		_, c, v, ok := keyAt(l, "uses")
		if !ok || c != wcol {
			return false, false
		}
		v = strings.Trim(v, `"'`)
		return true, strings.HasPrefix(strings.ToLower(v), "actions/github-script@") || strings.EqualFold(v, "actions/github-script")
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
		if found, gs := uses(l); found {
			return gs
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
		if found, gs := uses(l); found {
			return gs
		}
	}
	return false
}

// exprShell reports whether a step's shell: is an expression
// (${{ matrix.shell }}), known only when the workflow runs.
func exprShell(sh string) bool {
	return strings.Contains(sh, "${{")
}
