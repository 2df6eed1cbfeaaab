package rules

import (
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// The git rules read git's command line by its grammar (package programs):
// global options before the subcommand (-C dir, -c k=v, --git-dir=…), the
// subcommand's own options by parse-options' rules (bundles -fdx,
// abbreviations --forc, --har, negations --no-force, options after
// operands), and "--". A line git refuses (an ambiguous abbreviation such
// as git push --forc, which could be --force-with-lease or
// --force-if-includes) matches nothing: git does nothing with it.

// gitPushForce reports a push that rewrites or deletes remote history.
func gitPushForce(c *parse.Command) bool {
	g, ok := readSub(c)
	if !ok || g.sub(0) != "push" {
		return false
	}
	if g.Has("force", "mirror", "delete", "prune") {
		return true
	}
	for i, w := range g.operands() {
		v := w.Value
		if i > 0 && (strings.HasPrefix(v, "+") || strings.HasPrefix(v, ":") && len(v) > 1) {
			return true // +main forces, :branch deletes
		}
	}
	return false
}

// wholeTree reports a pathspec that names the whole work tree.
func wholeTree(v string) bool {
	return v == "." || v == ":/" || v == "*" || v == "./" || v == ":(top)" || v == ":/*"
}

// gitDiscards reports git commands that throw away uncommitted work,
// untracked files, branches, stashes or reflogs.
func gitDiscards(c *parse.Command) bool {
	g, ok := readSub(c)
	if !ok {
		return false
	}
	ops := g.operands()
	switch g.sub(0) {
	case "clean":
		return g.Has("force") && !g.Has("dry-run") && !g.Has("interactive")
	case "branch":
		// -D and -d --force. Moving a branch with -f, -M or -C is
		// everyday work (git branch -f main origin/main): the corpus
		// keeps it quiet, and the commits stay in the reflog.
		return g.Has("D") || g.Has("delete") && g.Has("force")
	case "checkout":
		if g.Has("patch") {
			return false // asks hunk by hunk
		}
		if g.Has("force") {
			return true
		}
		// git checkout [TREE] [--] PATHSPEC over the whole tree
		// overwrites every uncommitted change. A single named file is
		// what the user asked for (git checkout -- file.txt stays quiet).
		for _, w := range ops {
			if wholeTree(w.Value) {
				return true
			}
		}
	case "restore":
		// Without --staged, restore writes the work tree; over the
		// whole tree it discards every uncommitted change.
		if g.Has("patch") || g.Has("staged") && !g.Has("worktree") {
			return false
		}
		for _, w := range ops {
			if wholeTree(w.Value) {
				return true
			}
		}
	case "stash":
		return g.sub(1) == "clear" || g.sub(1) == "drop"
	case "reflog":
		return (g.sub(1) == "expire" || g.sub(1) == "delete") && !g.Has("dry-run")
	case "filter-branch", "filter-repo":
		return true
	case "switch":
		return g.Has("force", "discard-changes")
	case "update-ref":
		return g.Has("d")
	case "worktree":
		return g.sub(1) == "remove" && g.Has("force")
	case "rm":
		if g.Has("r") && g.Has("force") && !g.Has("cached") && !g.Has("dry-run") {
			for _, w := range ops {
				if wholeTree(w.Value) {
					return true
				}
			}
		}
	case "checkout-index", "read-tree":
		// No grammar for these: their options are operands here.
		rest := ops[1:]
		a := args(subCommand(c, rest, g.sub(0)))
		if g.sub(0) == "checkout-index" {
			return a.has("f", "force") && a.has("a", "all") && !a.has("prefix")
		}
		return a.has("reset") && a.has("u")
	}
	return false
}

// gitSub returns git's subcommand and its arguments, skipping global options.
func gitSub(c *parse.Command) (string, []parse.Word) {
	return sub(c, "-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env", "--super-prefix")
}
