package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Work-tree files whose content the script's own git checkout wrote (issue
// 12, x/tools internal/diff/lcs/git.sh):
//
//	set -eu
//	file=internal/protocol/tsprotocol.go
//	tmp=$(mktemp -d)
//	git log $file | awk '/^commit / {print $2}' | nl -ba -nrz |
//	  while read n hash; do
//	    git checkout --quiet $hash $file   # discards the user's edits: reported
//	    cp -f $file $tmp/$n
//	  done
//	(cd $tmp && zip -q - *) > testdata.zip
//	rm -fr $tmp
//	git restore --staged $file
//	git restore $file                      # discards what that checkout wrote
//
// A git checkout that writes a path (D1, git checkout REV [--] F…) and
// succeeds leaves in F a blob of the repository's object store. A later git
// discard of the same path (D2: git restore F, git checkout [REV] -- F)
// loses nothing while F still holds that, or anything else the script
// itself put there: the user's edits of F were lost at D1, and D1 is the
// finding that reports them. rewrittenGit returns the offsets of such D2
// commands (Command.Rewritten; rules.gitDiscards is quiet for them). Only
// for a script file, at its top level, under set -e:
//
//   - D1 is a top-level statement, or the first git command of the body of
//     a loop (the last stage of its pipeline, so that a failure in the
//     body fails the statement and set -e stops the script). A loop may run
//     no time: its D1 counts only once a later statement shows that the
//     body ran, from a directory only the body writes to after D1: a
//     variable assigned $(mktemp -d) (new and empty), the body's cp into
//     "$T/…", and then, under set -e, (cd "$T" && P *) or P "$T"/*, with P
//     a program that fails on an operand that does not exist (zip with
//     only that input, tar -c, cat, ls). An empty directory leaves * as it
//     is written (no shopt anywhere: nullglob would drop it), P fails, the
//     script stops.
//   - F is written the same in D1 and D2, holds only literal text and
//     variables the script assigned a literal value (no blank, glob, .. or
//     leading - or :) at its top level.
//   - F is shown not to be a directory after D1: a cp of it without -r
//     (which fails on a directory; in the loop, the body's cp after D1) or
//     test -f / [ -f ] of it, under set -e. git checkout REV -- DIR writes
//     only the files REV has there, while git restore DIR rewrites every
//     file of the index below it: an edit of a file REV lacks would be
//     lost at D2 first.
//   - Between them every command is one known not to move the user's data
//     into F or to change what F names: no mv, rsync or mount (anywhere in
//     its words), no cp -l or -s (F would be the user's file), no cd at the
//     top level (a subshell's cd stays there), no assignment to F's
//     variables or to GIT_*, no function of the script, no eval or source,
//     no program outside a short list (an editor or an unknown program
//     could leave the user's text there; zip -m and tar --remove-files move
//     files into their archive, so zip and tar count only in the proof
//     that the loop ran, read in full). What these programs write into F
//     (a redirection, a copy) is the script's output, and its source is
//     still where it was.
//
// The whole file is skipped when it defines a function named like one of
// the commands read here, uses alias, enable, shopt, setopt, hash or
// declare -n, assigns IFS (not as a command's prefix), runs anything in the
// background (&, coproc) or sets a trap on anything but EXIT: such code may
// run between D1 and D2.
//
// Assumed, not proved: an unknown word before the path of D1 (the loop's
// own read variable, as $hash above) is a revision or empty, not an option
// such as -b (which would make D1 write nothing); this is the reading the
// git-discard rule reports D1 by. $TMPDIR holds no glob character. No other
// process writes F meanwhile (one the script started through another
// program, at or systemd-run, included), and the repository's own hooks
// and filters (post-checkout, smudge) bring no other data into F.

// rewrittenWordsIf is rewrittenGit for a script that names git checkout
// or git restore at all.
func rewrittenWordsIf(text string, stmts []*syntax.Stmt, errexit bool, lang syntax.LangVariant) map[int]bool {
	if lang == syntax.LangZsh || !hasWord(text, "git") || !hasWord(text, "checkout") && !hasWord(text, "restore") {
		return nil
	}
	return rewrittenGit(stmts, errexit, lang == syntax.LangBash)
}

// rwReaders are the commands, besides absentQuiet's, that read files and
// write only their own outputs (they remove or move no file).
var rwReaders = map[string]bool{
	"nl": true, "sort": true, "uniq": true, "cut": true, "tr": true, "mktemp": true,
	"cp": true, "awk": true, "git": true,
}

// rwGitSubs are the git subcommands allowed between D1 and D2: they read,
// or write paths from the object store.
var rwGitSubs = map[string]bool{
	"log": true, "rev-list": true, "show": true, "diff": true, "status": true, "rev-parse": true,
	"ls-files": true, "cat-file": true, "restore": true, "checkout": true,
}

// Facts about a path D1 wrote.
const (
	wWrote uint8 = 1 << iota // holds what D1 wrote
	wFile                    // not a directory, shown after D1
)

type rwScan struct {
	funcs   map[string]bool
	bash    bool
	lits    map[string]bool  // variables holding a safe literal value
	written map[string]uint8 // paths (as written): wWrote, wFile
	fresh   map[string]bool  // variables naming a new empty directory
	pending *rwPending
	out     map[int]bool
}

// rwPending is a D1 in a loop body: its paths count once the loop is shown
// to have run (the directory dir is not empty).
type rwPending struct {
	files []string
	dir   string
}

// rewrittenGit finds, in the top-level statements of a script file, the git
// discards of paths that hold what an earlier git checkout of the script
// wrote there.
func rewrittenGit(stmts []*syntax.Stmt, errexit, bash bool) map[int]bool {
	s := &rwScan{funcs: map[string]bool{}, bash: bash, lits: map[string]bool{}, written: map[string]uint8{}, fresh: map[string]bool{}}
	off := false
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.FuncDecl:
				if x.Name != nil {
					s.funcs[x.Name.Value] = true
					if n := x.Name.Value; absentQuiet[n] || rwReaders[n] || n == "zip" || n == "tar" || n == "break" || n == "continue" {
						off = true
					}
				}
			case *syntax.DeclClause:
				for _, a := range x.Args {
					if a.Name == nil && a.Value != nil {
						if v := a.Value.Lit(); strings.HasPrefix(v, "-") && strings.Contains(v, "n") || v == "" {
							off = true // declare -n
						}
					}
				}
			case *syntax.CoprocClause:
				off = true
			case *syntax.Stmt:
				if x.Background || x.Coprocess {
					off = true // ( sleep 1; mv ~/notes "$f" ) & runs between D1 and D2
				}
			case *syntax.CallExpr:
				if len(x.Args) > 0 {
					switch x.Args[0].Lit() {
					case "alias", "enable", "shopt", "setopt", "hash":
						off = true
					case "trap":
						// A DEBUG, ERR or RETURN trap (or a signal's)
						// runs between any two statements.
						for _, a := range x.Args[2:] {
							if v := a.Lit(); v != "EXIT" && v != "0" {
								off = true
							}
						}
					}
				} else {
					for _, a := range x.Assigns {
						if a.Name != nil && a.Name.Value == "IFS" {
							off = true
						}
					}
				}
			}
			return !off
		})
		if off {
			return nil
		}
	}
	for _, st := range stmts {
		s.step(st, &errexit)
	}
	return s.out
}

// step reads one top-level statement.
func (s *rwScan) step(st *syntax.Stmt, errexit *bool) {
	if on, ok := setErrexit(st); ok {
		*errexit = on
		return
	}
	if substitutes(st) && !s.callsOK(st) {
		s.reset() // x=$(mv ~/notes "$f"), git log $(vi "$f")
		return
	}
	if t, ok := mktempDir(st); ok {
		s.forget(t)
		if *errexit {
			s.fresh[t] = true
		}
		return
	}
	if name, safe, ok := litAssign(st); ok {
		s.forget(name)
		if safe {
			s.lits[name] = true
		}
		return
	}
	if p := s.loopWrites(st, *errexit); p != nil {
		s.pending = p
		return // it writes into the new directory, after D1
	}
	if *errexit && s.pending != nil && s.fresh[s.pending.dir] && s.ranProof(st, s.pending.dir) {
		// The body ran: its D1 wrote the paths, and its cp after D1
		// showed they are not directories.
		for _, f := range s.pending.files {
			s.written[f] = wWrote | wFile
		}
		s.pending, s.fresh = nil, map[string]bool{}
		return // its form is read in full by ranProof
	}
	if !s.quiet(st) {
		s.fresh, s.pending = map[string]bool{}, nil // it may make an entry there
	}
	if at, ok := s.discard(st); ok {
		if s.out == nil {
			s.out = map[int]bool{}
		}
		s.out[at] = true
		return // it writes them from the index as well
	}
	if *errexit && simpleStmt(st) && !outRedir(st.Redirs) {
		if ce, ok := st.Cmd.(*syntax.CallExpr); ok {
			if files, ok := s.checkoutWrites(ce, nil); ok {
				for _, f := range files {
					s.written[f] = wWrote
				}
				return
			}
		}
	}
	if !s.keeps(st) {
		s.reset()
		return
	}
	if ce, ok := st.Cmd.(*syntax.CallExpr); ok && *errexit && simpleStmt(st) {
		s.fileProof(ce)
	}
	if runsGit(st, "checkout") {
		for f := range s.written {
			s.written[f] &^= wFile // git checkout BRANCH may make F a directory
		}
	}
}

// forget drops every fact that reads the variable name.
func (s *rwScan) forget(name string) {
	delete(s.lits, name)
	delete(s.fresh, name)
	if s.pending != nil && s.pending.dir == name {
		s.pending = nil
	}
	for f := range s.written {
		if strings.Contains(f, name) {
			delete(s.written, f) // "$name" in it, or a longer name: drop
		}
	}
	if s.pending != nil {
		for _, f := range s.pending.files {
			if strings.Contains(f, name) {
				s.pending = nil
				break
			}
		}
	}
}

func (s *rwScan) reset() {
	s.lits, s.written, s.fresh, s.pending = map[string]bool{}, map[string]uint8{}, map[string]bool{}, nil
}

// names are the variables the facts read.
func (s *rwScan) names() []string {
	var out []string
	for n := range s.lits {
		out = append(out, n)
	}
	for n := range s.fresh {
		out = append(out, n)
	}
	return out
}

// simpleStmt is a statement run as such: not negated, not in the
// background.
func simpleStmt(st *syntax.Stmt) bool {
	return st != nil && !st.Negated && !st.Background && !st.Coprocess
}

// litAssign reads NAME=VALUE alone at the top level; safe is set for a
// literal value with no blank, glob, .., and no leading - or :.
func litAssign(st *syntax.Stmt) (name string, safe, ok bool) {
	ce, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || len(ce.Args) > 0 || len(ce.Assigns) != 1 || !simpleStmt(st) || len(st.Redirs) > 0 {
		return "", false, false
	}
	a := ce.Assigns[0]
	if a.Name == nil || a.Append || a.Index != nil || a.Array != nil || a.Naked {
		return "", false, false
	}
	if a.Value == nil {
		return a.Name.Value, false, true
	}
	v, lit := litText(a.Value)
	safe = lit && v != "" && !strings.ContainsAny(v, " \t\n*?[]{}~\\$`'\"") && !strings.Contains(v, "..") &&
		!strings.HasPrefix(v, "-") && !strings.HasPrefix(v, ":")
	return a.Name.Value, safe, true
}

// mktempDir reads T=$(mktemp -d [TEMPLATE]) alone at the top level.
func mktempDir(st *syntax.Stmt) (string, bool) {
	ce, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || len(ce.Args) > 0 || len(ce.Assigns) != 1 || !simpleStmt(st) || len(st.Redirs) > 0 {
		return "", false
	}
	a := ce.Assigns[0]
	if a.Name == nil || a.Append || a.Index != nil || a.Array != nil || a.Value == nil || len(a.Value.Parts) != 1 {
		return "", false
	}
	var cs *syntax.CmdSubst
	switch x := a.Value.Parts[0].(type) {
	case *syntax.CmdSubst:
		cs = x
	case *syntax.DblQuoted:
		if len(x.Parts) == 1 {
			cs, _ = x.Parts[0].(*syntax.CmdSubst)
		}
	}
	if cs == nil || len(cs.Stmts) != 1 || !simpleStmt(cs.Stmts[0]) || len(cs.Stmts[0].Redirs) > 0 {
		return "", false
	}
	m, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(m.Assigns) > 0 || len(m.Args) < 2 || m.Args[0].Lit() != "mktemp" {
		return "", false
	}
	dir := false
	for _, w := range m.Args[1:] {
		v, lit := litText(w)
		if !lit {
			return "", false
		}
		switch v {
		case "-d", "--directory":
			dir = true
		case "-q", "--quiet", "-t":
		case "-u", "--dry-run":
			return "", false // prints a name, makes nothing
		default:
			if strings.HasPrefix(v, "-") && strings.Contains(v, "u") {
				return "", false
			}
			if v == "-dt" || v == "-td" || v == "-dq" || v == "-qd" {
				dir = true
			}
		}
	}
	return a.Name.Value, dir
}

// pathWord reports a path operand that the facts may hold: literal text
// and variables with a safe literal value, no leading - or :.
func (s *rwScan) pathWord(w *syntax.Word) (string, bool) {
	names, ok := plainNames(w)
	if !ok {
		return "", false
	}
	for _, n := range names {
		if !s.lits[n] {
			return "", false
		}
	}
	if len(w.Parts) > 0 {
		if l, isLit := w.Parts[0].(*syntax.Lit); isLit && (strings.HasPrefix(l.Value, "-") || strings.HasPrefix(l.Value, ":")) {
			return "", false
		}
	}
	src := wordSource(w)
	if src == "" || src == "--" {
		return "", false
	}
	return src, true
}

// checkoutWrites reads D1, git checkout [-q] [-f] REV [--] F…, and returns
// the paths it writes. loopVars are the variables the enclosing loop sets
// (REV may be one of them).
func (s *rwScan) checkoutWrites(ce *syntax.CallExpr, loopVars map[string]bool) ([]string, bool) {
	if len(ce.Assigns) > 0 || len(ce.Args) < 4 || ce.Args[0].Lit() != "git" || ce.Args[1].Lit() != "checkout" {
		return nil, false
	}
	var before, after []*syntax.Word
	dashdash := false
	for _, w := range ce.Args[2:] {
		v, lit := litText(w)
		switch {
		case lit && v == "--" && !dashdash:
			dashdash = true
		case lit && !dashdash && (v == "-q" || v == "--quiet" || v == "-f" || v == "--force"):
		case lit && !dashdash && strings.HasPrefix(v, "-"):
			return nil, false
		case dashdash:
			after = append(after, w)
		default:
			before = append(before, w)
		}
	}
	if !dashdash {
		if len(before) < 2 {
			return nil, false // git checkout X: a branch, or a path
		}
		before, after = before[:1], before[1:]
	}
	if len(before) > 1 || len(after) == 0 {
		return nil, false
	}
	if len(before) == 1 && !revWord(before[0], loopVars) {
		return nil, false
	}
	var files []string
	for _, w := range after {
		src, ok := s.pathWord(w)
		if !ok {
			return nil, false
		}
		files = append(files, src)
	}
	return files, true
}

// revWord is the revision of D1: a literal that is no option, or a
// variable the loop itself reads ($hash of while read n hash).
func revWord(w *syntax.Word, loopVars map[string]bool) bool {
	if v, lit := litText(w); lit {
		return v != "" && !strings.HasPrefix(v, "-")
	}
	names, ok := plainNames(w)
	if !ok || len(names) != 1 || !loopVars[names[0]] {
		return false
	}
	src := wordSource(w)
	return src == "$"+names[0] || src == `"$`+names[0]+`"` || src == "${"+names[0]+"}" || src == `"${`+names[0]+`}"`
}

// pipeStages returns the stages of a pipeline (a | b | c), or the
// statement itself.
func pipeStages(st *syntax.Stmt) []*syntax.Stmt {
	if bc, ok := st.Cmd.(*syntax.BinaryCmd); ok && bc.Op == syntax.Pipe && !st.Negated && !st.Background && len(st.Redirs) == 0 {
		return append(pipeStages(bc.X), pipeStages(bc.Y)...)
	}
	return []*syntax.Stmt{st}
}

// outRedir reports a redirection that may write a file.
func outRedir(rs []*syntax.Redirect) bool {
	for _, r := range rs {
		switch r.Op {
		case syntax.RdrIn, syntax.DplIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		default:
			if v, lit := litText(r.Word); lit && v == "/dev/null" || r.Op == syntax.DplOut {
				continue
			}
			return true
		}
	}
	return false
}

// loopWrites reads a loop whose body runs D1 and then writes into a new
// directory (see rewrittenGit).
func (s *rwScan) loopWrites(st *syntax.Stmt, errexit bool) *rwPending {
	if !errexit || !simpleStmt(st) || outRedir(st.Redirs) || !s.callsOK(st) {
		return nil // callsOK: also the loop's words, substitutions
	}
	stages := pipeStages(st)
	last := stages[len(stages)-1]
	if !simpleStmt(last) || outRedir(last.Redirs) {
		return nil
	}
	for _, sg := range stages[:len(stages)-1] {
		ce, ok := sg.Cmd.(*syntax.CallExpr)
		if !ok || !simpleStmt(sg) || outRedir(sg.Redirs) || len(ce.Args) == 0 || !s.allowed(ce) || !s.quietCall(ce) || mentions(sg, s.fresh) {
			return nil
		}
	}
	vars := map[string]bool{}
	var body []*syntax.Stmt
	switch x := last.Cmd.(type) {
	case *syntax.WhileClause:
		if x.Until || len(x.Cond) != 1 || !simpleStmt(x.Cond[0]) || len(x.Cond[0].Redirs) > 0 {
			return nil
		}
		rd, ok := x.Cond[0].Cmd.(*syntax.CallExpr)
		if !ok || len(rd.Assigns) > 0 || len(rd.Args) < 2 || rd.Args[0].Lit() != "read" {
			return nil
		}
		for _, a := range rd.Args[1:] {
			v, lit := litText(a)
			if !lit || v == "" {
				return nil
			}
			if v == "-r" {
				continue
			}
			if strings.HasPrefix(v, "-") {
				return nil
			}
			vars[v] = true
		}
		body = x.Do
	case *syntax.ForClause:
		wi, ok := x.Loop.(*syntax.WordIter)
		if !ok || wi.Name == nil {
			return nil
		}
		vars[wi.Name.Value] = true
		body = x.Do
	default:
		return nil
	}
	for v := range vars {
		if s.lits[v] || s.fresh[v] {
			return nil // the loop reassigns a path's variable
		}
	}
	var files []string
	dir := ""
	for _, b := range body {
		ce, ok := b.Cmd.(*syntax.CallExpr)
		if !ok || !simpleStmt(b) || outRedir(b.Redirs) || len(ce.Args) == 0 {
			return nil
		}
		switch ce.Args[0].Lit() {
		case "break", "continue", "exit", "return", "set":
			return nil // set +e: a failed D1 would not stop the body
		}
		if files == nil {
			if f, ok := s.checkoutWrites(ce, vars); ok {
				files = f
				continue
			}
			if !s.allowed(ce) || !s.quietCall(ce) || mentions(b, s.fresh) {
				return nil // before D1: nothing may make an entry there
			}
			continue
		}
		if d, srcs, ok := s.cpInto(ce); ok {
			for _, f := range files {
				if !srcs[f] {
					return nil // a cp of F shows it is no directory
				}
			}
			dir = d
			continue
		}
		if !s.allowed(ce) || !s.quietCall(ce) {
			return nil
		}
	}
	if files == nil || dir == "" || changes(st, s.names(), s.funcs) {
		return nil
	}
	return &rwPending{files: files, dir: dir}
}

// cpInto reads cp [-f] SRC… "$T/…" with T a new directory, and returns T
// and the sources as written.
func (s *rwScan) cpInto(ce *syntax.CallExpr) (string, map[string]bool, bool) {
	srcs, ok := cpSources(ce)
	if !ok {
		return "", nil, false
	}
	d, ok := s.underFresh(ce.Args[len(ce.Args)-1])
	return d, srcs, ok
}

// cpSources reads cp [-f] [-p] SRC… DEST, a copy that fails when a source
// is a directory (no -r, -R, -a, no -t), and returns the sources as
// written.
func cpSources(ce *syntax.CallExpr) (map[string]bool, bool) {
	if len(ce.Assigns) > 0 || len(ce.Args) < 3 || ce.Args[0].Lit() != "cp" {
		return nil, false
	}
	srcs := map[string]bool{}
	for _, w := range ce.Args[1 : len(ce.Args)-1] {
		v, lit := litText(w)
		if lit && strings.HasPrefix(v, "-") {
			if v != "-f" && v != "-p" && v != "-fp" && v != "-pf" {
				return nil, false // -t DIR, -r, -a, …
			}
			continue
		}
		srcs[wordSource(w)] = true
	}
	return srcs, true
}

// fileProof reads, at the top level under set -e, a cp of written paths
// (see cpSources) or test -f / [ -f ] of one: they are not directories.
func (s *rwScan) fileProof(ce *syntax.CallExpr) {
	if srcs, ok := cpSources(ce); ok {
		for f := range srcs {
			if s.written[f]&wWrote != 0 {
				s.written[f] |= wFile
			}
		}
		return
	}
	if len(ce.Assigns) > 0 || len(ce.Args) < 3 {
		return
	}
	name, args := ce.Args[0].Lit(), ce.Args[1:]
	if name == "[" {
		if args[len(args)-1].Lit() != "]" {
			return
		}
		args = args[:len(args)-1]
	} else if name != "test" {
		return
	}
	if len(args) != 2 || args[0].Lit() != "-f" {
		return
	}
	if f := wordSource(args[1]); s.written[f]&wWrote != 0 {
		s.written[f] |= wFile
	}
}

// underFresh reports a word "$T/…" or $T/… with T a new directory.
func (s *rwScan) underFresh(w *syntax.Word) (string, bool) {
	if len(w.Parts) < 2 {
		return "", false
	}
	var name string
	switch x := w.Parts[0].(type) {
	case *syntax.ParamExp:
		if x.Param != nil && rwPlainParam(x) {
			name = x.Param.Value
		}
	case *syntax.DblQuoted:
		if len(x.Parts) >= 1 {
			if pe, ok := x.Parts[0].(*syntax.ParamExp); ok && pe.Param != nil && rwPlainParam(pe) {
				name = pe.Param.Value
				if len(x.Parts) > 1 {
					if l, ok := x.Parts[1].(*syntax.Lit); ok && strings.HasPrefix(l.Value, "/") {
						return name, s.fresh[name]
					}
					return "", false
				}
			}
		}
	}
	if name == "" || !s.fresh[name] {
		return "", false
	}
	if l, ok := w.Parts[1].(*syntax.Lit); ok && strings.HasPrefix(l.Value, "/") {
		return name, true
	}
	return "", false
}

func rwPlainParam(x *syntax.ParamExp) bool {
	return !x.Excl && !x.Length && !x.Width && x.Index == nil && x.Slice == nil && x.Repl == nil && x.Names == 0 && x.Exp == nil
}

// ranProof reads a statement that succeeds only if the directory variable
// dir names holds an entry: (cd "$T" && P *), (cd "$T"; P *) or
// P "$T"/*, P failing on an operand that does not exist.
func (s *rwScan) ranProof(st *syntax.Stmt, dir string) bool {
	if !simpleStmt(st) || redirsMention(st.Redirs) || substitutes(st) {
		return false
	}
	switch x := st.Cmd.(type) {
	case *syntax.Subshell:
		var cd, p *syntax.Stmt
		switch len(x.Stmts) {
		case 1:
			bc, ok := x.Stmts[0].Cmd.(*syntax.BinaryCmd)
			if !ok || bc.Op != syntax.AndStmt || !simpleStmt(x.Stmts[0]) || len(x.Stmts[0].Redirs) > 0 {
				return false
			}
			cd, p = bc.X, bc.Y
		case 2:
			cd, p = x.Stmts[0], x.Stmts[1]
		default:
			return false
		}
		if !simpleStmt(cd) || !simpleStmt(p) || len(cd.Redirs) > 0 || len(p.Redirs) > 0 {
			return false
		}
		c, ok := cd.Cmd.(*syntax.CallExpr)
		if !ok || len(c.Assigns) > 0 || len(c.Args) != 2 || c.Args[0].Lit() != "cd" {
			return false
		}
		src := wordSource(c.Args[1])
		quoted := src == `"$`+dir+`"` || src == `"${`+dir+`}"`
		if !quoted && !(s.bash && (src == "$"+dir || src == "${"+dir+"}")) {
			return false // dash's cd a b goes to a
		}
		pc, ok := p.Cmd.(*syntax.CallExpr)
		return ok && failsOnMissing(pc, func(w *syntax.Word) bool {
			l, ok := w.Parts[0].(*syntax.Lit)
			return len(w.Parts) == 1 && ok && (l.Value == "*" || l.Value == "./*")
		})
	case *syntax.CallExpr:
		return failsOnMissing(x, func(w *syntax.Word) bool {
			src := wordSource(w)
			return src == `"$`+dir+`"/*` || src == `"${`+dir+`}"/*`
		})
	}
	return false
}

// substitutes reports a node that runs code of its own: a command or
// process substitution, arithmetic.
func substitutes(n syntax.Node) bool {
	found := false
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp, *syntax.ArithmCmd:
			found = true
		}
		return !found
	})
	return found
}

// redirsMention reports a redirection whose target is not literal text:
// it might create the entry the glob then finds.
func redirsMention(rs []*syntax.Redirect) bool {
	for _, r := range rs {
		if _, lit := litText(r.Word); !lit {
			return true
		}
	}
	return false
}

// failsOnMissing reports P with glob as its only input, P one that fails
// when that input does not exist: zip [-q -r -0…-9] ARCHIVE GLOB (zip
// only warns about a missing name when another one is there), tar
// -c…f ARCHIVE GLOB, cat GLOB, ls GLOB.
func failsOnMissing(ce *syntax.CallExpr, glob func(*syntax.Word) bool) bool {
	if len(ce.Assigns) > 0 || len(ce.Args) < 2 {
		return false
	}
	args := ce.Args[1:]
	switch ce.Args[0].Lit() {
	case "zip":
		var ops []*syntax.Word
		for _, w := range args {
			v, lit := litText(w)
			if !lit {
				ops = append(ops, w)
				continue
			}
			switch {
			case v == "-":
				ops = append(ops, w)
			case v == "-q" || v == "-r" || v == "-qr" || v == "-rq" || len(v) == 2 && v[0] == '-' && v[1] >= '0' && v[1] <= '9':
			case strings.HasPrefix(v, "-"):
				return false // -@ reads names from stdin, -i, -x, …
			default:
				ops = append(ops, w)
			}
		}
		return len(ops) == 2 && !glob(ops[0]) && glob(ops[1])
	case "tar":
		if len(args) != 3 {
			return false
		}
		v, lit := litText(args[0])
		v = strings.TrimPrefix(v, "-")
		if !lit || !strings.HasPrefix(v, "c") || !strings.HasSuffix(v, "f") || strings.Trim(v, "czjJvf") != "" {
			return false
		}
		return !glob(args[1]) && glob(args[2])
	case "cat", "ls":
		return len(args) == 1 && glob(args[0])
	}
	return false
}

// discard reads D2: git restore [-q] [-W] [--] F… or git checkout [-q]
// [REV] -- F… (git checkout F… without --), every F one the facts hold,
// alone or followed by || exit.
func (s *rwScan) discard(st *syntax.Stmt) (int, bool) {
	if !simpleStmt(st) {
		return 0, false
	}
	cmd := st
	if bc, ok := st.Cmd.(*syntax.BinaryCmd); ok && bc.Op == syntax.OrStmt && exitLike(bc.Y) && len(st.Redirs) == 0 {
		cmd = bc.X
	}
	ce, ok := cmd.Cmd.(*syntax.CallExpr)
	if !ok || !simpleStmt(cmd) || outRedir(cmd.Redirs) && redirsMention(cmd.Redirs) || len(ce.Assigns) > 0 || len(ce.Args) < 3 || ce.Args[0].Lit() != "git" {
		return 0, false
	}
	sub := ce.Args[1].Lit()
	if sub != "restore" && sub != "checkout" {
		return 0, false
	}
	var before, after []*syntax.Word
	dashdash, force := false, false
	for _, w := range ce.Args[2:] {
		v, lit := litText(w)
		switch {
		case lit && v == "--" && !dashdash:
			dashdash = true
		case lit && !dashdash && (v == "-q" || v == "--quiet"):
		case lit && !dashdash && sub == "restore" && (v == "-W" || v == "--worktree"):
		case lit && !dashdash && sub == "checkout" && (v == "-f" || v == "--force"):
			force = true
		case lit && !dashdash && strings.HasPrefix(v, "-"):
			return 0, false
		case dashdash:
			after = append(after, w)
		default:
			before = append(before, w)
		}
	}
	ops := after
	switch {
	case sub == "restore" && !dashdash:
		ops = before
	case sub == "restore" && len(before) > 0:
		return 0, false
	case sub == "checkout" && !dashdash:
		if force {
			return 0, false // git checkout -f BRANCH
		}
		ops = before
	case sub == "checkout" && len(before) > 1:
		return 0, false
	case sub == "checkout" && len(before) == 1 && !revWord(before[0], nil):
		return 0, false
	}
	if len(ops) == 0 {
		return 0, false
	}
	for _, w := range ops {
		src, ok := s.pathWord(w)
		if !ok || s.written[src] != wWrote|wFile {
			return 0, false
		}
	}
	return int(ce.Pos().Offset()), true
}

// keeps reports whether a statement leaves the facts true: it changes no
// variable they read, not the directory (a subshell's cd stays there), no
// GIT_* variable, and runs only commands of the short lists.
func (s *rwScan) keeps(st *syntax.Stmt) bool {
	if sub, ok := st.Cmd.(*syntax.Subshell); ok && simpleStmt(st) {
		for _, in := range sub.Stmts {
			if !s.callsOK(in) {
				return false
			}
		}
		return true
	}
	return !changes(st, s.names(), s.funcs) && s.callsOK(st)
}

// callsOK reports a node whose commands are all allowed and that assigns
// or exports no GIT_* variable.
func (s *rwScan) callsOK(n syntax.Node) bool {
	ok := true
	syntax.Walk(n, func(n syntax.Node) bool {
		if !ok {
			return false
		}
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name == nil || strings.HasPrefix(x.Name.Value, "GIT_") {
				ok = false
			}
		case *syntax.DeclClause, *syntax.FuncDecl, *syntax.ProcSubst, *syntax.CoprocClause:
			ok = false
		case *syntax.CallExpr:
			if len(x.Args) > 0 && !s.allowed(x) {
				ok = false
			}
		}
		return true
	})
	return ok
}

// allowed reports a command of the short lists: one that creates nothing,
// or reads and writes only its own outputs; git with a subcommand that
// reads or writes from the object store and no global option; awk with a
// literal program that writes no file and runs nothing.
func (s *rwScan) allowed(ce *syntax.CallExpr) bool {
	name := ce.Args[0].Lit()
	if name == "" || s.funcs[name] || mentionsMove(ce) {
		return false
	}
	for _, w := range ce.Args[1:] {
		if v := w.Lit(); strings.HasPrefix(v, "GIT_") || v == "-i" || strings.HasPrefix(v, "--in-place") {
			return false // export GIT_DIR, sed -i
		}
	}
	switch name {
	case "cp":
		for _, w := range ce.Args[1:] {
			v := w.Lit()
			if v == "--link" || v == "--symbolic-link" || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsAny(v, "ls") {
				return false // cp -l ~/notes F: F is then the user's file
			}
		}
		return true
	case "git":
		return len(ce.Args) > 1 && rwGitSubs[ce.Args[1].Lit()]
	case "awk":
		for _, w := range ce.Args[1:] {
			v, lit := litText(w)
			if !lit || strings.ContainsAny(v, ">|") || strings.Contains(v, "system") {
				return false
			}
		}
		return true
	case "exec", "eval", "source", ".", "command", "builtin", "trap":
		return false
	}
	return absentQuiet[name] || rwReaders[name]
}

// quietCall reports a command that makes no file at all.
func (s *rwScan) quietCall(ce *syntax.CallExpr) bool {
	name := ce.Args[0].Lit()
	return absentQuiet[name] && name != "rm" && name != "rmdir" && name != "chmod" && name != "cd" ||
		name == "nl" || name == "sort" || name == "uniq" || name == "cut" || name == "tr" || name == "awk" ||
		name == "git" && len(ce.Args) > 1 && (ce.Args[1].Lit() == "log" || ce.Args[1].Lit() == "rev-list" || ce.Args[1].Lit() == "show")
}

// quiet reports a statement that makes no file: what keeps a new
// directory empty.
func (s *rwScan) quiet(st *syntax.Stmt) bool {
	q := !mentions(st, s.fresh)
	syntax.Walk(st, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CallExpr:
			if len(x.Args) > 0 && !s.quietCall(x) {
				q = false
			}
		case *syntax.Redirect:
			if outRedir([]*syntax.Redirect{x}) {
				q = false
			}
		}
		return q
	})
	return q
}

// runsGit reports a node that runs git SUB.
func runsGit(n syntax.Node, sub string) bool {
	found := false
	syntax.Walk(n, func(n syntax.Node) bool {
		if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 1 && ce.Args[0].Lit() == "git" && ce.Args[1].Lit() == sub {
			found = true
		}
		return !found
	})
	return found
}

// mentions reports a node that expands one of the variables.
func mentions(n syntax.Node, vars map[string]bool) bool {
	found := false
	syntax.Walk(n, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && vars[pe.Param.Value] {
			found = true
		}
		return !found
	})
	return found
}
