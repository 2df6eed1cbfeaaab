package rules

import (
	"path/filepath"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// globLinkOut is symlinkOut for a component that is a glob (rm -rf
// node_module[s]/, rm -rf *.egg-info/): the shell expands it to the
// entries on disk, and a link among them leads the rm where it points.
// cur is the directory the glob is matched in, rest the components after
// it. At most 64 matches are looked at; more count as a link.
func globLinkOut(dir, cur, glob string, rest []string) bool {
	matches, err := filepath.Glob(filepath.Join(cur, glob))
	if err != nil {
		return true
	}
	if len(matches) > 64 {
		return true
	}
	for _, m := range matches {
		rel, err := filepath.Rel(dir, m)
		if err != nil || strings.HasPrefix(rel, "..") {
			return true
		}
		comps := append(strings.Split(rel, "/"), rest...)
		if symlinkOut(dir, comps) {
			return true
		}
	}
	return false
}

// linkRegenerable reports whether a symlink's resolved target, inside the
// working directory root, is itself a build output or cache: a link
// dist -> src (or -> .git, or -> the directory itself) is not, and
// rm -rf dist/ or dist/* through it deletes the sources.
func linkRegenerable(root, target string) bool {
	if target == root {
		return false
	}
	rel := strings.TrimPrefix(target, root+"/")
	for _, comp := range strings.Split(rel, "/") {
		if comp == ".git" {
			return false
		}
		if regenerableName(comp) {
			return true
		}
	}
	return false
}

// smallUnknown reports a kill operand that is a number the parser could
// not know: digits (with a sign) from a length or arithmetic over values
// not written out (-${#?}, ${#@}, -$((RANDOM%2)), -${?:0:1}). Such a
// number is often 0 or 1, so -N may be -1 (every process) and N may be 0
// (the caller's process group). neg is set for a leading minus.
func smallUnknown(w parse.Word) (neg, ok bool) {
	if w.Static || w.Subst != "" {
		return false, false
	}
	v := strings.TrimSpace(w.Value)
	if strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+") {
		neg, v = v[0] == '-', v[1:]
	}
	if v == "" {
		return false, false
	}
	for _, c := range v {
		// $, {, }, ?, #: what is left of ${?} or ${#} after a slice
		// the parser took of their names (-${?:0:1}).
		if (c < '0' || c > '9') && !strings.ContainsRune("${}?#", c) {
			return false, false
		}
	}
	return neg, true
}

// manyPaths reports a git checkout --ours/--theirs/--merge/--conflict
// whose paths may name files the user did not mean: the whole tree, a
// directory, a glob, a pathspec file. On a path that is not unmerged these
// forms check out the index and discard its unstaged edits (reproduced:
// echo EDIT > a; git checkout --ours . left a as committed).
func manyPaths(g subLine) bool {
	if g.Has("pathspec-from-file") {
		return true
	}
	paths := g.afterDashDash()
	if len(paths) == 0 {
		paths = g.operands()
	}
	for _, w := range paths {
		v := w.Value
		if wholeTree(v) || strings.HasSuffix(v, "/") || strings.ContainsAny(v, "*?[") || strings.HasPrefix(v, ":") || v == ".." {
			return true
		}
	}
	return false
}
