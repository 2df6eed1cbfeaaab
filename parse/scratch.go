package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A script's scratch directory (issue 12, Go's lib/time/update.bash):
//
//	cd $(dirname $0)
//	rm -rf work
//	mkdir work
//	…; cd work; …; cd ../..
//	rm -rf work
//
// A script that deletes a relative directory and then creates it again,
// with nothing between that may change what the word names, resets its own
// scratch directory: it keeps nothing that was there. Deleting it again
// later in the same directory deletes what the script put there. The rules
// are (scratchWords finds the candidates in the syntax, markScratch checks
// the value where the rm runs):
//
//   - Only in a script file (Options.File, not a nested input: never at a
//     prompt, in sh -c, eval or a script written on the command line).
//   - The rm and the mkdir are statements of one list (the file, a
//     function body, a branch, a loop body); the rm may sit anywhere in its
//     statement (a case branch, an && list), the mkdir must start its own
//     statement, so it runs whenever that statement runs: mkdir W, mkdir -p
//     W, mkdir -p W/SUB (or W || exit, W && …). A mkdir on one branch only
//     does not count.
//   - The word holds literal text and plain $NAME only (plainNames); the rm
//     and the mkdir spell it alike (or W/SUB). The statements from the rm
//     to the mkdir may not change what it names (see changes: no
//     assignment of its variables, cd, eval, source, function call, …).
//   - Where the rm runs, the value is known exactly and is one relative
//     name: no /, ~, .., glob, ".", and not a well-known source, home or
//     configuration name (src, lib, .git, docs, Documents, .ssh, … in
//     keptNames: recreating a source directory does not make it scratch).
//     An unknown value (an argument, an option's value such as
//     git filter-branch -d DIR, a variable assigned in another function) is
//     not scratch: the script cannot show that it owns what the caller names.
//   - The shell is still in the directory the script started in (or
//     beneath it, Command.Moved), the last cd did not possibly fail, and no
//     ln, mv, cp or install of the input made the name or one of its parents
//     (mv ~/data work; rm -rf work).
//   - Deleted again: only for a pair in the file's top level. Later
//     top-level statements are followed while none changes the word; a
//     top-level cd to a relative literal path (checked: set -e or || exit;
//     no -P, no set -P) moves a lexical position, as cd -L does (cd work;
//     cd ../.. returns), and an rm of the same word where that position is
//     the mkdir's directory again is scratch when the first rm was.
//     (CDPATH from the environment is not read, as for Command.Moved.)

// keptNames are directory names that hold what a project or a user keeps:
// a script recreating one does not make it scratch (compared in lower case).
var keptNames = set("src", "source", "sources", "lib", "libs", "include", "includes", "pkg", "cmd", "internal",
	"app", "apps", "bin", "sbin", "etc", "conf", "config", "configs", "doc", "docs", "man", "test", "tests",
	"testdata", "spec", "specs", "script", "scripts", "vendor", "third_party", "debian", "data", "db", "assets",
	"static", "public", "resources", "res", "www", "home", "users", "root", "backup", "backups",
	"desktop", "documents", "downloads", "music", "pictures", "videos", "templates", "mail", "maildir",
	"projects", "project", "repos", "code", "workspace", "dropbox", "notes", "photos", ".thunderbird", ".var", ".pki",
	".git", ".hg", ".svn", ".bzr", ".ssh", ".gnupg", ".config", ".local", ".aws", ".azure", ".kube", ".docker",
	".github", ".gitlab", ".vscode", ".idea", ".cargo", ".rustup", ".password-store", ".mozilla")

// scratchWordsIf is scratchWords for a text that names mkdir: without a
// mkdir there is no pair to find, and the walk costs nothing.
func scratchWordsIf(text string, stmts []*syntax.Stmt, errexit bool) map[int]int {
	if !strings.Contains(text, "mkdir") {
		return nil
	}
	return scratchWords(stmts, errexit)
}

// scratchWords finds, in a script file, the rm operands that may delete
// the script's scratch directory. The map gives for each the offset of the
// rm operand whose verdict it takes: itself for an rm followed by the
// mkdir, the first rm for a deletion again later.
func scratchWords(stmts []*syntax.Stmt, errexit bool) map[int]int {
	funcs := map[string]bool{}
	off := false
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.FuncDecl:
				if x.Name != nil {
					funcs[x.Name.Value] = true
				}
			case *syntax.DeclClause:
				for _, a := range x.Args {
					if a.Name == nil && a.Value != nil {
						if v := a.Value.Lit(); strings.HasPrefix(v, "-") && strings.Contains(v, "n") || v == "" {
							off = true // declare -n: another name for a variable
						}
					}
				}
			case *syntax.Assign:
				if x.Name != nil && x.Name.Value == "CDPATH" {
					off = true // cd work goes where CDPATH says: cd .. does not come back
				}
			case *syntax.CallExpr:
				if len(x.Args) > 0 && (x.Args[0].Lit() == "alias" || x.Args[0].Lit() == "enable") {
					off = true // mkdir or rm may not be what they say
				}
			}
			return true
		})
	}
	for _, name := range []string{"rm", "mkdir", "cd", "pushd", "popd", "set", "command", "builtin"} {
		off = off || funcs[name]
	}
	if off {
		return nil
	}
	sc := &scratchScan{funcs: funcs, barrier: map[*syntax.Stmt]bool{}, rms: map[*syntax.Stmt][]*syntax.Word{}, budget: scratchBudget}
	var out map[int]int
	mark := func(at, ref int) {
		if out == nil {
			out = map[int]int{}
		}
		if _, seen := out[at]; !seen || at == ref {
			out[at] = ref
		}
	}
	// errexitAt[k]: set -e in force after the top-level statement k.
	errexitAt := make([]bool, len(stmts))
	for k, st := range stmts {
		if on, ok := setErrexit(st); ok {
			errexit = on
		}
		errexitAt[k] = errexit
	}
	var list func(l []*syntax.Stmt, top bool)
	list = func(l []*syntax.Stmt, top bool) {
		for i, st := range l {
			for _, w := range sc.rmWords(st) {
				key, names, ok := scratchKey(w)
				if !ok || sc.changed(st, names) {
					continue
				}
				for k := i + 1; k < len(l) && k <= i+scratchWindow && sc.budget > 0; k++ {
					sc.budget--
					if mkdirOf(l[k], key) {
						at := int(w.Pos().Offset())
						mark(at, at)
						if top {
							for _, again := range sc.againWords(l, k, key, names, errexitAt[k]) {
								mark(again, at)
							}
						}
						break
					}
					if sc.changed(l[k], names) {
						break
					}
				}
			}
		}
	}
	list(stmts, true)
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.Stmt:
				if chain := andChain(x); len(chain) > 1 {
					list(chain, false) // rm -rf w && mkdir w
				}
			case *syntax.Block:
				list(x.Stmts, false)
			case *syntax.Subshell:
				list(x.Stmts, false)
			case *syntax.IfClause:
				list(x.Then, false)
			case *syntax.WhileClause:
				list(x.Do, false)
			case *syntax.ForClause:
				list(x.Do, false)
			case *syntax.CaseItem:
				list(x.Stmts, false)
			}
			return true
		})
	}
	return out
}

// andChain returns the statements of an && list (a && b && c), nil when
// it mixes in another operator.
func andChain(st *syntax.Stmt) []*syntax.Stmt {
	bc, ok := st.Cmd.(*syntax.BinaryCmd)
	if !ok || st.Negated || st.Background || len(st.Redirs) > 0 {
		return []*syntax.Stmt{st}
	}
	if bc.Op != syntax.AndStmt {
		return nil
	}
	x, y := andChain(bc.X), andChain(bc.Y)
	if x == nil || y == nil {
		return nil
	}
	return append(x, y...)
}

// scratchWindow is how many statements after an rm its mkdir may come;
// scratchBudget bounds the statements all searches of one script step
// through (3,000 rms with a mkdir only at the end would be quadratic).
// Past either, nothing more is found: the deletes stay findings.
const (
	scratchWindow = 256
	scratchBudget = 200_000
)

// scratchScan holds what scratchWords reads of each statement once.
type scratchScan struct {
	funcs   map[string]bool
	barrier map[*syntax.Stmt]bool           // changes with no variable named
	rms     map[*syntax.Stmt][]*syntax.Word // rmWords
	budget  int
}

// changed is changes(st, names, funcs): what holds for any word (cd, eval,
// a function call, …) once per statement, the names when there are any.
func (sc *scratchScan) changed(st *syntax.Stmt, names []string) bool {
	b, ok := sc.barrier[st]
	if !ok {
		b = changes(st, nil, sc.funcs)
		sc.barrier[st] = b
	}
	if b || len(names) == 0 {
		return b
	}
	sc.budget--
	return changes(st, names, sc.funcs)
}

// rmWords is rmWords, once per statement.
func (sc *scratchScan) rmWords(st *syntax.Stmt) []*syntax.Word {
	w, ok := sc.rms[st]
	if !ok {
		w = rmWords(st)
		sc.rms[st] = w
	}
	return w
}

// againWords follows the top-level statements after the mkdir at k and
// returns the rm operands spelled as key that run in the mkdir's directory
// again, while no statement changes what key names.
func (sc *scratchScan) againWords(l []*syntax.Stmt, k int, key string, names []string, errexit bool) []int {
	if sc.changed(l[k], names) {
		return nil // mkdir -p "$d/t" && d=$(cd "$d"; pwd) && cd …
	}
	var out []int
	var rel []string // where the shell is, from the mkdir's directory
	for _, st := range l[k+1:] {
		if sc.budget--; sc.budget <= 0 || physical(st) {
			return out
		}
		if on, ok := setErrexit(st); ok {
			errexit = on
			continue
		}
		if dir, isCd := plainCd(st, errexit); isCd {
			if dir == nil {
				return out // not followed: unknown, or may fail
			}
			for _, c := range dir {
				switch c {
				case "", ".":
				case "..":
					if len(rel) == 0 {
						return out // above the mkdir's directory
					}
					rel = rel[:len(rel)-1]
				default:
					rel = append(rel, c)
				}
			}
			continue
		}
		if sc.changed(st, names) {
			return out
		}
		if len(rel) == 0 {
			for _, w := range sc.rmWords(st) {
				if k, _, ok := scratchKey(w); ok && k == key {
					out = append(out, int(w.Pos().Offset()))
				}
			}
		}
	}
	return out
}

// physical reports a set -P / set -o physical: cd .. then follows the
// directory's real parent, not the lexical one.
func physical(st *syntax.Stmt) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) < 2 || ce.Args[0].Lit() != "set" {
		return false
	}
	for _, a := range ce.Args[1:] {
		v := a.Lit()
		if v == "physical" || len(v) > 1 && (v[0] == '-' || v[0] == '+') && v[1] != '-' && strings.Contains(v, "P") || v == "" {
			return true
		}
	}
	return false
}

// plainCd reads a top-level cd statement: isCd is set for any statement
// that is a cd (or starts with one); dir holds the components of its
// relative literal operand when its failure stops the script (set -e, or
// cd DIR || exit), nil otherwise.
func plainCd(st *syntax.Stmt, errexit bool) (dir []string, isCd bool) {
	if st.Negated || st.Background || len(st.Redirs) > 0 {
		return nil, isCdStmt(st)
	}
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok {
		bc, isBin := st.Cmd.(*syntax.BinaryCmd)
		if !isBin || bc.Op != syntax.OrStmt || !exitCall(bc.Y) || bc.X.Negated || bc.X.Background || len(bc.X.Redirs) > 0 {
			return nil, isCdStmt(st)
		}
		if ce, ok = bc.X.Cmd.(*syntax.CallExpr); !ok {
			return nil, isCdStmt(st)
		}
		errexit = true
	}
	if len(ce.Args) == 0 || ce.Args[0].Lit() != "cd" {
		return nil, isCdStmt(st)
	}
	if !errexit || len(ce.Assigns) > 0 || len(ce.Args) != 2 {
		return nil, true
	}
	v := ce.Args[1].Lit()
	if v == "" || v == "-" || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "-") || strings.ContainsAny(v, "~*?[{\\$") {
		return nil, true
	}
	return strings.Split(v, "/"), true
}

// isCdStmt reports whether a statement's first command is a cd.
func isCdStmt(st *syntax.Stmt) bool {
	for st != nil {
		switch x := st.Cmd.(type) {
		case *syntax.CallExpr:
			return len(x.Args) > 0 && x.Args[0].Lit() == "cd"
		case *syntax.BinaryCmd:
			st = x.X
		default:
			return false
		}
	}
	return false
}

// exitCall reports a plain exit statement.
func exitCall(st *syntax.Stmt) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	return ok && len(ce.Args) > 0 && ce.Args[0].Lit() == "exit" && !st.Negated && !st.Background
}

// rmWords returns the operands of the rm commands a statement runs, not
// those of a function it defines, a substitution or a background job.
func rmWords(st *syntax.Stmt) []*syntax.Word {
	var out []*syntax.Word
	syntax.Walk(st, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Stmt:
			return !x.Background
		case *syntax.FuncDecl, *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.CallExpr:
			if len(x.Assigns) > 0 || len(x.Args) < 2 {
				return true
			}
			if n := x.Args[0].Lit(); n != "rm" && n != "/bin/rm" && n != "/usr/bin/rm" {
				return true
			}
			out = append(out, x.Args[1:]...)
		}
		return true
	})
	return out
}

// mkdirOf reports whether a statement starts with a mkdir that creates
// the path key names: mkdir [-p] KEY or mkdir -p KEY/SUB.
func mkdirOf(st *syntax.Stmt, key string) bool {
	for {
		if st.Negated || st.Background {
			return false
		}
		bc, ok := st.Cmd.(*syntax.BinaryCmd)
		if !ok || bc.Op != syntax.AndStmt && bc.Op != syntax.OrStmt {
			break
		}
		st = bc.X
	}
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Assigns) > 0 || len(ce.Args) < 2 {
		return false
	}
	if n := ce.Args[0].Lit(); n != "mkdir" && n != "/bin/mkdir" && n != "/usr/bin/mkdir" {
		return false
	}
	parents, opts := false, true
	var ops []*syntax.Word
	for i := 1; i < len(ce.Args); i++ {
		a := ce.Args[i]
		v := a.Lit()
		switch {
		case !opts || !strings.HasPrefix(v, "-") || v == "-":
			ops = append(ops, a)
		case v == "--":
			opts = false
		case v == "-m":
			i++
		case v == "-p" || v == "--parents" || v == "-pv" || v == "-vp":
			parents = true
		case v == "-v" || v == "--verbose" || strings.HasPrefix(v, "--mode=") || strings.HasPrefix(v, "-m"):
		default:
			return false // an option not read here
		}
	}
	for _, w := range ops {
		k, _, ok := scratchKey(w)
		if ok && (k == key || parents && strings.HasPrefix(k, key+"/")) {
			return true
		}
	}
	return false
}

// scratchKey spells a word for comparison: its literal text, with each
// plain $NAME as ${NAME}, quoted ones marked. ok is false for a word
// plainNames does not accept (glob, .., ~, substitution, ${x:-…}, $1).
func scratchKey(w *syntax.Word) (string, []string, bool) {
	names, ok := plainNames(w)
	if !ok {
		return "", nil, false
	}
	var sb strings.Builder
	var walk func(parts []syntax.WordPart, quoted bool)
	walk = func(parts []syntax.WordPart, quoted bool) {
		for _, part := range parts {
			switch x := part.(type) {
			case *syntax.Lit:
				sb.WriteString(x.Value)
			case *syntax.SglQuoted:
				sb.WriteString(x.Value)
			case *syntax.DblQuoted:
				walk(x.Parts, true)
			case *syntax.ParamExp:
				if quoted {
					sb.WriteString("\"${" + x.Param.Value + "}\"")
				} else {
					sb.WriteString("${" + x.Param.Value + "}")
				}
			}
		}
	}
	walk(w.Parts, false)
	return sb.String(), names, sb.Len() > 0
}

// markScratch sets Word.Scratch on the field of an rm operand scratchWords
// found, where the rm runs: the value is relative and not a kept name, the
// shell has not left the directory it started in, and no ln, mv, cp or
// install of the input made the name.
func (p *parser) markScratch(off int, out []Word) {
	ref, ok := p.scratch[off]
	if !ok || p.outer != nil || !p.opts.File || len(out) != 1 {
		return
	}
	w := &out[0]
	good := scratchValue(*w) && !p.madeInto(w.Value)
	if ref == off {
		good = good && !p.moved() && !p.cwdUnsure && (p.cwd == "" || !HomeLike(p.cwd) && !SystemDir(p.cwd) && !RootLike(p.cwd))
		if prev, seen := p.scratchOK[off]; seen {
			good = good && prev // walked again (a loop): both must hold
		}
		if p.scratchOK == nil {
			p.scratchOK = map[int]bool{}
		}
		p.scratchOK[off] = good
	} else {
		good = good && p.scratchOK[ref]
	}
	w.Scratch = good
}

// scratchValue reports whether a resolved rm operand may be a scratch
// directory: known exactly, one relative name (./ allowed before it), not
// "." or "..", no glob, not in keptNames. A path through a directory
// (a/b) or with a trailing / is not: a symlink there (a checked-out
// work -> ~) would lead the rm outside.
func scratchValue(w Word) bool {
	v := w.Value
	if !w.Static || w.glob || v == "" || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.ContainsAny(v, "*?[") {
		return false
	}
	v = strings.TrimPrefix(v, "./")
	return v != "" && v != "." && v != ".." && !strings.Contains(v, "/") && !keptNames()[strings.ToLower(v)] && scratchName(v)
}

// madeInto reports whether an ln, mv, cp or install of the input so far
// made the path or one of its parents (see recordMade).
func (p *parser) madeInto(v string) bool {
	if p.res == nil || p.res.made == nil {
		return false
	}
	var comps []string
	for _, c := range strings.Split(v, "/") {
		if c != "" && c != "." {
			comps = append(comps, c)
		}
	}
	for i := range comps {
		j := strings.Join(comps[:i+1], "/")
		if p.res.made[j] || p.res.made["./"+j] || p.res.made[comps[i]] {
			return true
		}
	}
	return false
}

// emptyUntilSet gives the variables withLater set to their later value the
// empty value as another one (Command.IfEmpty), while a trap is walked: a
// trap set before the assignment runs at an exit, a signal or a failed
// mktemp before it, with the variable still empty (trap 'rm -rf "$d"/*'
// EXIT; d=$(mktemp -d) || exit deletes /* when mktemp fails). The
// returned function restores what was there.
func (p *parser) emptyUntilSet(names []string) func() {
	if len(names) == 0 {
		return func() {}
	}
	type was struct {
		alts                   []string
		hadAlts                bool
		maybeEmpty, emptyFirst bool
	}
	saved := map[string]was{}
	for _, name := range names {
		a, ok := p.vars.alts.get(name)
		saved[name] = was{append([]string(nil), a...), ok, p.maybeEmpty[name], p.emptyFirst[name]}
		p.vars.addAlt(name, "")
		if p.maybeEmpty == nil {
			p.maybeEmpty = map[string]bool{}
		}
		if p.emptyFirst == nil {
			p.emptyFirst = map[string]bool{}
		}
		p.maybeEmpty[name], p.emptyFirst[name] = true, true
	}
	return func() {
		for name, w := range saved {
			if w.hadAlts {
				p.vars.alts.set(name, w.alts)
			} else {
				p.vars.alts.del(name)
			}
			if !w.maybeEmpty {
				delete(p.maybeEmpty, name)
			}
			if !w.emptyFirst {
				delete(p.emptyFirst, name)
			}
		}
	}
}
