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

// A dynamic export whose name every call resolves (issue 12, the held-out
// and fresh sets: the file_env helper of docker-library's entrypoints,
// ghost's and nextcloud's):
//
//	file_env() {
//		local var="$1"
//		…
//		export "$var"="$val"
//	}
//	file_env 'database__connection__host'
//
// The export's name is the function's first argument. In a script file,
// when every use of the function is a plain call whose first argument is
// literal text, its names are those texts (Command.Names), and the rules
// judge them, not "a name computed where guardsh could be given one". Not
// resolved (the export stays unknown, and guardsh-tamper fails closed):
//
//   - the name is not $1 or a variable assigned only "$1" in the function;
//   - the function shifts, sets or reads its parameters or variables
//     (shift, set, read, getopts, printf -v, mapfile, eval, source);
//   - a call's first argument is not literal, or a call has none;
//   - the function's name appears anywhere else (in a string, an eval, a
//     trap, a variable's value, export -f) or is defined twice;
//   - the script runs anything that could call it unseen: a dynamic
//     command word other than exec's operand, eval, source or ".".

// resolvedExports returns, for a script's statements, the offsets of the
// export statements whose names are resolved, with those names.
func resolvedExports(text string, stmts []*syntax.Stmt) map[int][]string {
	if !strings.Contains(text, "export") {
		return nil
	}
	funcs := map[string]*syntax.FuncDecl{}
	twice := map[string]bool{}
	unseen := false
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.FuncDecl:
				if x.Name != nil {
					if funcs[x.Name.Value] != nil {
						twice[x.Name.Value] = true
					}
					funcs[x.Name.Value] = x
				}
			case *syntax.CallExpr:
				if len(x.Args) == 0 {
					return true
				}
				name := litWord(x.Args[0])
				switch {
				case name == "":
					unseen = true // $cmd …
				case name == "eval" || name == "source" || name == ".":
					unseen = true
				}
			}
			return true
		})
	}
	if unseen || len(funcs) == 0 {
		return nil
	}
	var out map[int][]string
	for fname, fd := range funcs {
		if twice[fname] {
			continue
		}
		exports := exportParams(text, fd)
		if len(exports) == 0 {
			continue
		}
		names, ok := callNames(text, stmts, fname, fd)
		if !ok || len(names) == 0 {
			continue
		}
		for _, off := range exports {
			if out == nil {
				out = map[int][]string{}
			}
			out[off] = names
		}
	}
	return out
}

// exportParams returns the offsets of the exports of function fd named by
// its first argument or a variable that holds only that.
func exportParams(text string, fd *syntax.FuncDecl) []int {
	params := map[string]bool{"1": true}
	bad := map[string]bool{}
	changes := false
	syntax.Walk(fd.Body, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.FuncDecl:
			changes = true // a function defined inside
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				switch litWord(x.Args[0]) {
				case "shift", "set", "read", "getopts", "printf", "mapfile", "readarray", "eval", "source", ".", "declare", "typeset":
					changes = true
				}
			}
		case *syntax.Assign:
			if x.Name == nil {
				return true
			}
			if firstParam(x.Value) {
				if !bad[x.Name.Value] {
					params[x.Name.Value] = true
				}
			} else {
				bad[x.Name.Value] = true
				delete(params, x.Name.Value)
			}
		}
		return true
	})
	if changes {
		return nil
	}
	var exports []int
	syntax.Walk(fd.Body, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		dc, ok := st.Cmd.(*syntax.DeclClause)
		if !ok || dc.Variant == nil || dc.Variant.Value != "export" {
			return true
		}
		for _, a := range dc.Args {
			if a.Name != nil || a.Value == nil {
				continue
			}
			w := a.Value
			s, e := int(w.Pos().Offset()), int(w.End().Offset())
			if s < 0 || e > len(text) || s > e {
				continue
			}
			name, _, _ := strings.Cut(text[s:e], "=")
			name = strings.Trim(name, `"`)
			name = strings.TrimPrefix(name, "$")
			name = strings.TrimSuffix(strings.TrimPrefix(name, "{"), "}")
			if params[name] {
				exports = append(exports, int(st.Pos().Offset()))
			}
		}
		return true
	})
	return exports
}

// firstParam reports a word that is "$1" (or $1, ${1}) and nothing else.
func firstParam(w *syntax.Word) bool {
	if w == nil || len(w.Parts) != 1 {
		return false
	}
	p := w.Parts[0]
	if dq, ok := p.(*syntax.DblQuoted); ok {
		if len(dq.Parts) != 1 {
			return false
		}
		p = dq.Parts[0]
	}
	pe, ok := p.(*syntax.ParamExp)
	return ok && pe.Param != nil && pe.Param.Value == "1" && pe.Exp == nil && pe.Repl == nil && pe.Slice == nil && pe.Index == nil && !pe.Length && !pe.Excl && pe.Names == 0
}

// callNames returns the literal first arguments of every call of function
// fname, or false when a use of the name is not such a call.
func callNames(text string, stmts []*syntax.Stmt, fname string, fd *syntax.FuncDecl) ([]string, bool) {
	var names []string
	calls := map[*syntax.Word]bool{}
	ok := true
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			ce, isCall := n.(*syntax.CallExpr)
			if !isCall || len(ce.Args) == 0 || litWord(ce.Args[0]) != fname {
				return true
			}
			calls[ce.Args[0]] = true
			if len(ce.Args) < 2 || len(ce.Assigns) > 0 {
				ok = false
				return true
			}
			v := litWord(ce.Args[1])
			if v == "" || !ValidName(v) {
				ok = false
				return true
			}
			names = append(names, v)
			return true
		})
	}
	if !ok {
		return nil, false
	}
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			if a, isAssign := n.(*syntax.Assign); isAssign && a.Name != nil && a.Name.Value == fname {
				ok = false // export -f NAME, declare NAME
			}
			w, isWord := n.(*syntax.Word)
			if !isWord || calls[w] {
				return true
			}
			s, e := int(w.Pos().Offset()), int(w.End().Offset())
			if s >= 0 && e <= len(text) && s <= e && wordHas(text[s:e], fname) {
				ok = false
			}
			return true
		})
	}
	return names, ok
}

// wordHas reports whether s holds name as a whole word.
func wordHas(s, name string) bool {
	for i := strings.Index(s, name); i >= 0; {
		end := i + len(name)
		before := i == 0 || !nameByte(s[i-1])
		after := end >= len(s) || !nameByte(s[end])
		if before && after {
			return true
		}
		j := strings.Index(s[i+1:], name)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

func nameByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// noteExportNames gives the exports resolvedExports resolved their names.
func noteExportNames(cmds []*Command, names map[int][]string) {
	if len(names) == 0 {
		return
	}
	for _, c := range cmds {
		if ns, ok := names[c.Start]; ok && c.Name() == "export" {
			c.Names = ns
		}
	}
}
