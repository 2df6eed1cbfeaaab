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
// untracked files, branches, stashes, reflogs or unreachable history.
func gitDiscards(c *parse.Command) bool {
	if c.OwnRepo || c.Rewritten {
		return false // a repository the script made (parse.absentWords), paths its own checkout wrote (parse.rewrittenGit)
	}
	g, ok := readSub(c)
	if !ok {
		return false
	}
	ops := g.operands()
	switch g.sub(0) {
	case "clean":
		return g.Has("force") && !g.Has("dry-run") && !g.Has("interactive")
	case "branch":
		// -D, -d --force, and -f NAME, which moves an existing branch
		// away from its commits. -M and -C (rename or copy over an
		// existing name) stay quiet: git branch -M main is how every new
		// repository renames its first branch.
		if g.Has("D") || g.Has("delete") && g.Has("force") {
			return true
		}
		return g.Has("force") && !g.Has("delete", "move", "M", "copy", "C", "list") && len(ops) > 0
	case "checkout":
		// --patch asks hunk by hunk; --ours, --theirs, --merge and
		// --conflict resolve a conflict, the file holding only the
		// conflicted merge.
		if g.Has("patch") {
			return false
		}
		if g.Has("ours", "theirs", "merge", "conflict") {
			// Only a file the user names: on a path that is not
			// unmerged these check out the index, so --theirs . or a
			// directory discards the edits of every file the merge
			// did not touch (pred_redteam4.go).
			return manyPaths(g)
		}
		if g.Has("force") {
			return true
		}
		// git checkout [TREE] -- PATHS, git checkout TREE PATHS, and any
		// pathspec that is not a branch name (., ./src) overwrite the
		// uncommitted changes of the paths. A single bare word is a branch
		// (or, when no branch has that name, a path: git decides on disk).
		if g.Has("pathspec-from-file") || len(g.afterDashDash()) > 0 || len(ops) >= 2 && !g.Has("b", "B", "orphan") {
			return true
		}
		for _, w := range ops {
			if pathspecWord(w.Value) {
				return true
			}
		}
	case "restore":
		// Without --staged, or with --worktree, restore writes the work
		// tree: the uncommitted changes of the paths are gone.
		if g.Has("patch") || g.Has("staged") && !g.Has("worktree") {
			return false
		}
		return len(ops) > 0 || g.Has("pathspec-from-file")
	case "reset":
		// --merge drops staged changes (tested with git 2.39: a staged
		// edit of a file the reset does not touch is gone too). --keep
		// keeps every uncommitted change or refuses, and --hard is its
		// own rule.
		return g.Has("merge")
	case "stash":
		return g.sub(1) == "clear" || g.sub(1) == "drop"
	case "reflog":
		// git reflog expire on its default schedule (90/30 days) is what
		// gc does anyway; an explicit --expire=now or any other time
		// drops the entries that let a lost commit be found again.
		if g.Has("dry-run") {
			return false
		}
		if g.sub(1) == "delete" {
			return true
		}
		if g.sub(1) == "expire" {
			for _, k := range []string{"expire", "expire-unreachable"} {
				if v, ok := g.Get(k); ok && v != "never" && v != "false" {
					return true
				}
			}
		}
	case "gc":
		// --prune=now deletes every unreachable object at once: dropped
		// stashes, commits of a deleted branch, blobs of a discarded
		// git add. The default waits two weeks.
		v, ok := g.Get("prune")
		return ok && (v == "now" || v == "all")
	case "prune":
		// git prune without --expire deletes every unreachable object.
		if g.Has("dry-run") {
			return false
		}
		v, ok := g.Get("expire")
		return !ok || v == "now" || v == "all"
	case "filter-branch", "filter-repo":
		return !helpOnly(ops)
	case "switch":
		return g.Has("force", "discard-changes")
	case "update-ref":
		// -d, or a "delete REF" command read from standard input (--stdin).
		if g.Has("d") {
			return true
		}
		if g.Has("stdin") {
			for _, l := range strings.FieldsFunc(c.StdinText, func(r rune) bool { return r == '\n' || r == 0 }) {
				if strings.HasPrefix(strings.TrimSpace(l), "delete ") {
					return true
				}
			}
		}
	case "worktree":
		return g.sub(1) == "remove" && g.Has("force")
	case "rm":
		// git rm -f deletes files whose uncommitted changes git would
		// otherwise refuse to lose; --cached keeps the files.
		return g.Has("force") && !g.Has("cached") && !g.Has("dry-run") && (len(ops) > 0 || g.Has("pathspec-from-file"))
	case "submodule":
		// git submodule deinit -f removes the submodule's work tree even
		// with local changes (without -f it refuses).
		rest := ops[1:]
		if len(rest) > 0 && rest[0].Value == "--quiet" {
			rest = rest[1:]
		}
		if len(rest) == 0 || rest[0].Value != "deinit" {
			return false
		}
		for _, w := range rest[1:] {
			if w.Value == "--" {
				break
			}
			if w.Value == "--force" || w.Value == "-f" || shortBundle(w.Value, 'f') {
				return true
			}
		}
	case "show":
		return showOverwrites(c, ops)
	case "lfs":
		// git lfs migrate import|export rewrites every commit it touches
		// (--no-rewrite adds one commit instead).
		rest := ops[1:]
		if len(rest) < 2 || rest[0].Value != "migrate" || rest[1].Value != "import" && rest[1].Value != "export" {
			return false
		}
		for _, w := range rest[2:] {
			if w.Value == "--no-rewrite" || w.Value == "-h" || w.Value == "--help" {
				return false
			}
		}
		return true
	case "config":
		// git config alias.NAME 'reset --hard': a later git NAME runs a
		// discard that no rule sees.
		return gitAliasDefinesDiscard(c, g)
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

// pathspecWord reports a checkout operand that can only be a path: the
// whole tree, or a path spelled relative (./src, ../x), absolute or as a
// pathspec magic (:/, :(top)); no branch has such a name.
func pathspecWord(v string) bool {
	return wholeTree(v) || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "/") ||
		strings.HasPrefix(v, ":/") || strings.HasPrefix(v, ":(") || v == ".."
}

// shortBundle reports a bundle of short options (-qf) holding letter b.
func shortBundle(w string, b byte) bool {
	if len(w) < 2 || w[0] != '-' || w[1] == '-' {
		return false
	}
	return strings.IndexByte(w[1:], b) >= 0
}

// helpOnly reports operands that only ask for help (git filter-repo -h).
func helpOnly(ops []parse.Word) bool {
	for _, w := range ops {
		switch w.Value {
		case "-h", "--help", "--version":
			return true
		}
	}
	return false
}

// showOverwrites reports git show REV:PATH > PATH: the file is replaced
// by the other version, as git checkout REV -- PATH would.
func showOverwrites(c *parse.Command, ops []parse.Word) bool {
	for _, r := range c.Redirs {
		if r.Op != ">" && r.Op != ">|" && r.Op != "&>" {
			continue
		}
		target := strings.TrimPrefix(r.Target.Value, "./")
		for _, w := range ops {
			if _, p, ok := strings.Cut(w.Value, ":"); ok && p != "" && strings.TrimPrefix(p, "./") == target {
				return true
			}
		}
	}
	return false
}

// gitAliasDefinesDiscard reports git config [--global] alias.NAME BODY
// (or git config set alias.NAME BODY) whose BODY, run as git BODY, is a
// discard, a hard reset or a force push. Shell aliases (!…) are parsed
// as shell by package parse.
func gitAliasDefinesDiscard(c *parse.Command, g subLine) bool {
	ops := g.operands()
	if len(ops) > 0 && ops[0].Value == "set" {
		ops = ops[1:]
	}
	if len(ops) < 2 {
		return false
	}
	key := strings.ToLower(ops[0].Value)
	if !strings.HasPrefix(key, "alias.") || strings.HasPrefix(ops[1].Value, "!") {
		return false
	}
	body := ops[1].Value
	if strings.HasSuffix(strings.TrimSpace(body), " --") {
		body += " FILE" // 'checkout --' is written to be given paths
	}
	return gitBodyDestroys(c, body)
}

// gitBodyDestroys reports whether git BODY would be flagged by a git rule.
func gitBodyDestroys(c *parse.Command, body string) bool {
	words := strings.Fields(body)
	if len(words) == 0 {
		return false
	}
	synth := *c
	synth.Args = []parse.Word{{Value: "git", Static: true, Start: c.Start, End: c.End}}
	for _, w := range words {
		synth.Args = append(synth.Args, parse.Word{Value: strings.Trim(w, `"'`), Static: true, Start: c.Start, End: c.End})
	}
	synth.Redirs = nil
	return gitDiscards(&synth) || gitPushForce(&synth) || gitResetHard(&synth)
}

// gitResetHard reports git reset --hard (--har, --h: every prefix is it).
func gitResetHard(c *parse.Command) bool {
	if c.OwnRepo {
		return false
	}
	g, ok := readSub(c)
	return ok && g.sub(0) == "reset" && g.Has("hard")
}
