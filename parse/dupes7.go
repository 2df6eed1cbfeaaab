package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The same file written in two branches of one if or case by different
// commands (issue 12, the held-out set: mvdan/sh's workflow edits
// /etc/docker/daemon.json with sed -i when it exists and writes it with
// tee when it does not; rclone's installer puts /usr/bin/rclone in place
// in its Linux and its BSD branch, with a chmod in one and a chown in the
// other before it):
//
//	if [[ -e "$config" ]]; then
//	  sudo sed -i -e 's/{/{ "experimental": true, /' "$config"
//	else
//	  echo '{ "experimental": true }' | sudo tee "$config"
//	fi
//
// Only one branch runs, so the file is changed once: one fact, whichever
// command does it. A write is a target twin (RepeatWrite.TargetTwin) of a
// write in another branch of the same if/elif/else chain or case when:
//
//   - it writes exactly one file, spelled the same way in both branches:
//     sed -i FILE, tee [-a] FILE (after a pipe), cp/mv/install/ln with
//     FILE the last of two or more operands (no -t), or echo, printf or
//     cat with one > or >> redirection; optionally under a sudo without
//     options;
//   - nothing before it in its branch can change what the spelling
//     names: each earlier statement is a plain call of chmod, chown, chgrp,
//     touch, mkdir, cp, install, mv, ln, echo, printf, strip, true or :
//     (no assignment, cd, function call, eval or source), without command
//     substitutions;
//   - it is its branch's first write of that file (a second write in the
//     same branch runs too, and is its own fact).
//
// The rules give target twins of system-config-write and
// download-install-bin one fact (rules/dupes.go): the first branch's
// finding survives and names the others. A credential or start-up file
// is different: there the text is code, so two texts stay two findings
// (twins.go's text twins).

// targetTwins marks, in out, the target twins among branches (see above):
// each write's First is the offset of the first branch's write of the
// same file.
func targetTwins(text string, branches [][]*syntax.Stmt, out map[int]RepeatWrite) map[int]RepeatWrite {
	first := map[string]int{}
	count := map[string]int{}
	type cand struct {
		at  int
		key string
	}
	var cands []cand
	for _, b := range branches {
		seen := map[string]bool{}
		for _, st := range b {
			if key, at, ok := oneTarget(text, st); ok && !seen[key] {
				seen[key] = true
				if _, ok := first[key]; !ok {
					first[key] = at
				}
				count[key]++
				cands = append(cands, cand{at, key})
			}
			if !inertStmt(st) {
				break
			}
		}
	}
	for _, c := range cands {
		if count[c.key] < 2 {
			continue
		}
		if out == nil {
			out = map[int]RepeatWrite{}
		}
		r, taken := out[c.at]
		if taken && !r.Branch {
			continue // an append after an earlier write: repeat.go's
		}
		if !taken {
			r = RepeatWrite{First: c.at, Target: c.key, Branch: true}
		}
		r.TargetTwin, r.TargetFirst = true, first[c.key]
		out[c.at] = r
	}
	return out
}

// sudoArgs returns a call's words after a sudo without options.
func sudoArgs(ce *syntax.CallExpr) []*syntax.Word {
	args := ce.Args
	if len(args) > 1 && litWord(args[0]) == "sudo" && !strings.HasPrefix(litWord(args[1]), "-") {
		args = args[1:]
	}
	return args
}

// oneTarget returns the one file a statement writes, as spelled in the
// text (prefixed by "\x01target\x00"), and the offset of its writer.
func oneTarget(text string, st *syntax.Stmt) (string, int, bool) {
	if st.Negated || st.Background || st.Coprocess {
		return "", 0, false
	}
	src := func(w *syntax.Word) string {
		a, b := int(w.Pos().Offset()), int(w.End().Offset())
		if a < 0 || b > len(text) || a > b {
			return ""
		}
		return text[a:b]
	}
	key := func(w *syntax.Word) (string, bool) {
		s := src(w)
		if s == "" || hasSubst(w) || strings.ContainsAny(s, "*?[`") {
			return "", false
		}
		return "\x01target\x00" + s, true
	}
	if b, isPipe := st.Cmd.(*syntax.BinaryCmd); isPipe && b.Op == syntax.Pipe && len(st.Redirs) == 0 {
		y, ok := b.Y.Cmd.(*syntax.CallExpr)
		if !ok || len(b.Y.Redirs) > 0 || len(y.Assigns) > 0 || argsRun(y.Args) {
			return "", 0, false
		}
		if x, ok := b.X.Cmd.(*syntax.CallExpr); !ok || argsRun(x.Args) || len(b.X.Redirs) > 0 {
			return "", 0, false
		}
		args := sudoArgs(y)
		if len(args) < 2 || litWord(args[0]) != "tee" {
			return "", 0, false
		}
		var file *syntax.Word
		for _, a := range args[1:] {
			switch v := litWord(a); {
			case v == "-a" || v == "--append":
			case strings.HasPrefix(v, "-") || file != nil:
				return "", 0, false
			default:
				file = a
			}
		}
		if file == nil {
			return "", 0, false
		}
		k, ok := key(file)
		return k, int(b.Y.Pos().Offset()), ok
	}
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 || len(ce.Assigns) > 0 || argsRun(ce.Args) {
		return "", 0, false
	}
	args := sudoArgs(ce)
	at := int(st.Pos().Offset())
	var outs []*syntax.Word
	for _, r := range st.Redirs {
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut:
			if r.N != nil && r.N.Value != "1" {
				return "", 0, false
			}
			outs = append(outs, r.Word)
		case syntax.Hdoc, syntax.DashHdoc, syntax.RdrIn:
		default:
			return "", 0, false
		}
	}
	name := litWord(args[0])
	switch name {
	case "echo", "printf", "cat":
		if len(outs) != 1 {
			return "", 0, false
		}
		k, ok := key(outs[0])
		return k, at, ok
	case "sed", "cp", "mv", "install", "ln":
	default:
		return "", 0, false
	}
	if len(outs) > 0 {
		return "", 0, false
	}
	var ops []*syntax.Word
	inPlace, script := false, false
	for i := 1; i < len(args); i++ {
		v := litWord(args[i])
		switch {
		case name == "sed" && (v == "-e" || v == "--expression" || v == "-f" || v == "--file"):
			i++ // the script
			script = true
		case name == "sed" && (v == "-i" || strings.HasPrefix(v, "--in-place") || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "i")):
			inPlace = true
		case name == "sed" && strings.HasPrefix(v, "-") && v != "-":
			if strings.ContainsAny(v, "ef") || strings.HasPrefix(v, "--") && !strings.HasPrefix(v, "--in-place") && v != "--regexp-extended" && v != "--posix" {
				return "", 0, false // a clustered -ne SCRIPT, --separate …
			}
		case v == "-t" || strings.HasPrefix(v, "--target-directory") || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "t"):
			return "", 0, false
		case name == "install" && (v == "-m" || v == "-o" || v == "-g" || v == "--mode" || v == "--owner" || v == "--group"):
			i++
		case strings.HasPrefix(v, "-") && v != "-":
		default:
			ops = append(ops, args[i])
		}
	}
	if name == "sed" {
		if !script && len(ops) > 0 {
			ops = ops[1:] // the script
		}
		if !inPlace || len(ops) != 1 {
			return "", 0, false
		}
		k, ok := key(ops[0])
		return k, at, ok
	}
	if len(ops) < 2 {
		return "", 0, false
	}
	k, ok := key(ops[len(ops)-1])
	return k, at, ok
}

// inertStmt reports a statement that cannot change what a later word of
// its branch names (see targetTwins).
func inertStmt(st *syntax.Stmt) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || len(ce.Assigns) > 0 || len(ce.Args) == 0 || argsRun(ce.Args) {
		return false
	}
	for _, r := range st.Redirs {
		if r.Hdoc != nil && hasSubst(r.Hdoc) || r.Word != nil && hasSubst(r.Word) {
			return false
		}
	}
	switch litWord(sudoArgs(ce)[0]) {
	case "chmod", "chown", "chgrp", "touch", "mkdir", "cp", "install", "mv", "ln", "echo", "printf", "strip", "true", ":":
		return true
	}
	return false
}

// A staging copy (issue 12, the held-out set: rclone's installer):
//
//	cp rclone /usr/bin/rclone.new
//	chmod 755 /usr/bin/rclone.new
//	chown root:root /usr/bin/rclone.new
//	mv /usr/bin/rclone.new /usr/bin/rclone
//
// puts the file in place under a name of its own and moves it onto the
// program's name, so that no one runs a half-written /usr/bin/rclone: one
// install, reported at the mv. A cp or install of one file P is staged
// (Result.Staged) when a later statement of the same list is mv [-f] P T
// (P spelled the same way, two operands), and each statement between them
// is inert (see inertStmt) and names P, if at all, only as chmod, chown,
// chgrp, touch or strip do: nothing runs, reads or replaces P meanwhile.

// stagedCopies returns, for a script's statements, the offsets of staging
// copies mapped to the offsets of the mv that moves each into place.
func stagedCopies(text string, stmts []*syntax.Stmt) map[int]int {
	if !strings.Contains(text, "mv ") {
		return nil
	}
	var out map[int]int
	list := func(l []*syntax.Stmt) {
		for i, st := range l {
			key, at, ok := oneTarget(text, st)
			if !ok || !copyStmt(st) {
				continue
			}
			spelled := strings.TrimPrefix(key, "\x01target\x00")
			for _, later := range l[i+1:] {
				if to, ok := moveOf(text, later, spelled); ok {
					if out == nil {
						out = map[int]int{}
					}
					out[at] = to
					break
				}
				if !inertStmt(later) || strings.Contains(stmtSrc(text, later), spelled) && !modeOnly(later) {
					break
				}
			}
		}
	}
	list(stmts)
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.Block:
				list(x.Stmts)
			case *syntax.Subshell:
				list(x.Stmts)
			case *syntax.IfClause:
				list(x.Then)
			case *syntax.CaseItem:
				list(x.Stmts)
			case *syntax.WhileClause:
				list(x.Do)
			case *syntax.ForClause:
				list(x.Do)
			}
			return true
		})
	}
	return out
}

// stmtSrc is a statement's text.
func stmtSrc(text string, st *syntax.Stmt) string {
	a, b := int(st.Pos().Offset()), int(st.End().Offset())
	if a < 0 || b > len(text) || a > b {
		return ""
	}
	return text[a:b]
}

// copyStmt reports a cp or install (under an optionless sudo).
func copyStmt(st *syntax.Stmt) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return false
	}
	n := litWord(sudoArgs(ce)[0])
	return n == "cp" || n == "install"
}

// modeOnly reports a chmod, chown, chgrp, touch or strip: it changes a
// file's mode, owner, times or symbols, and runs nothing.
func modeOnly(st *syntax.Stmt) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return false
	}
	switch litWord(sudoArgs(ce)[0]) {
	case "chmod", "chown", "chgrp", "touch", "strip":
		return true
	}
	return false
}

// moveOf reports a statement mv [-f] FROM TO with FROM spelled as from, and
// the offset of the mv.
func moveOf(text string, st *syntax.Stmt, from string) (int, bool) {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || len(ce.Assigns) > 0 || len(st.Redirs) > 0 || argsRun(ce.Args) {
		return 0, false
	}
	args := sudoArgs(ce)
	if len(args) == 0 || litWord(args[0]) != "mv" {
		return 0, false
	}
	var ops []*syntax.Word
	for _, a := range args[1:] {
		switch v := litWord(a); {
		case v == "-f" || v == "--force" || v == "--":
		case strings.HasPrefix(v, "-"):
			return 0, false
		default:
			ops = append(ops, a)
		}
	}
	if len(ops) != 2 {
		return 0, false
	}
	a, b := int(ops[0].Pos().Offset()), int(ops[0].End().Offset())
	if a < 0 || b > len(text) || text[a:b] != from {
		return 0, false
	}
	return int(st.Pos().Offset()), true
}

// A file a script downloads is its own as much as one it writes with >
// (issue 12, the held-out set: tensorflow's install_bazel.sh runs
// curl -O …/bazel-3.1.0-installer-linux-x86_64.sh in /bazel, runs it, and
// deletes /bazel/bazel-3.1.0-installer-linux-x86_64.sh): curl -o FILE, curl
// -O (the URL's last part) and wget -O FILE overwrite FILE, so an rm of it
// (without -r) removes no more than the download did (written.go). A wget
// without -O keeps an existing file and saves FILE.1, and curl
// --no-clobber does the same: neither counts. A relative name is also
// given in the directory the download ran in, when that is known. The
// download itself stays what it is: running it is download-run.

// downloadTargets returns the files a curl or wget command overwrites.
func downloadTargets(c *Command) []string {
	switch c.Name() {
	case "curl":
		for _, w := range c.Args[1:] {
			if w.Value == "--no-clobber" {
				return nil
			}
		}
	case "wget":
		named := false
		for _, w := range c.Args[1:] {
			v := w.Value
			if v == "-O" || strings.HasPrefix(v, "--output-document") || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "O") {
				named = true
			}
		}
		if !named {
			return nil
		}
	default:
		return nil
	}
	var out []string
	for _, f := range downloadFiles(c) {
		if f == "" || f == "-" || strings.HasPrefix(f, "/dev/") {
			continue
		}
		out = append(out, f)
		if !strings.HasPrefix(f, "/") && c.Dir != "" && !c.DirUnsure {
			out = append(out, c.Resolve(f))
		}
	}
	return out
}
