package parse

import (
	"sort"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Directories a script proved absent and then created (issue 12,
// git-new-workdir):
//
//	if test -d "$new_workdir"; then
//		if test $(ls -a1 "$new_workdir/." | wc -l) -ne 2; then die "not empty"; fi
//		cleandir="$new_workdir/.git"
//	else
//		cleandir="$new_workdir"
//	fi
//	mkdir -p "$new_workdir/.git" || failed
//	cleandir=$(cd "$cleandir" && pwd) || failed
//	cleanup () { rm -rf "$cleandir"; }
//
// A small abstract interpreter follows the top-level statements of a script
// file, one state per path through its branches (if, case, && and ||). A
// state holds a symbolic value for each variable (literal text and opaque
// atoms: a value not known is an atom of its own, so a reassignment gives a
// new value and no fact about the old one applies to it), the working
// directory as such a value, set -e, and facts about paths, keyed by their
// value joined to the working directory:
//
//   - absent: a test of it (test -e, [ -e ], [[ -e ]]) whose success ends
//     the script (&& exit, && die, if …; then …; exit; fi);
//   - not a directory: the same with -d;
//   - empty: $(ls -a1 DIR/. | wc -l) is 2 (a failed ls counts 0);
//   - own: a mkdir (with or without -p) or a cp that succeeded (its failure
//     ends the script: || exit, set -e, &&, if) made the directory at a
//     path proved absent (a mkdir -p below a path proved not a directory, or
//     an entry of an empty directory): the name is the script's to delete.
//     A directory mkdir made is a real directory (not a symlink): its
//     entries are the script's too. cp -R of a symlink copies the symlink
//     (GNU cp 9.1: cp -Rp link copy makes copy -> real), so only the copied
//     name is own, unless -L (or --dereference) is given.
//
// Facts of absence, emptiness and real directories die at any command that
// might create or replace a file (anything but a short list of commands
// that create nothing, and any redirection to a file). An rm operand (in a
// top-level statement, a branch, a loop body, or a function defined once at
// the top level, see funcState) is own when, in every state that reaches
// it, it names an own path, or an entry directly inside an own real
// directory (or a directory that was empty). Its offset goes into
// parser.made (Word.Made).
//
// Refused: a path with .. after its first component (a/../b: the test fails
// on a missing a, mkdir -p makes a, b may exist), a glob, ~, braces,
// positional parameters; an unquoted variable in the rm (it may split);
// a path written with a trailing slash (it follows a symlink). The analysis
// is off for the whole file when the script defines a function named like a
// command it reads (rm, mkdir, cd, test, …), uses alias, enable, hash,
// unset -f, declare -n, set -P, or a trap whose code changes variables or
// the working directory.
//
// Assumed, not proved: no other process changes the paths meanwhile
// (symlink races); an unquoted variable in the test ([ -e $d ]) holds one
// field (a value with spaces makes [ fail with a usage error, which the
// script reads as absent); a value from the caller ($2, $GOOS) holds no ..;
// a cd to a relative name does not go through an exported CDPATH; functions
// from a sourced file do not change the script's variables (as madeWords
// assumes); cd is logical (cd .. drops the last component), as bash and dash
// do by default.

// Fact bits about a path.
const (
	fAbsent uint8 = 1 << iota // does not exist
	fNotDir                   // is not a directory
	fEmpty                    // is an empty directory, or does not exist
	fOwn                      // the script made it: the name is its own
	fDir                      // a real directory the script made (with fOwn)
	fOwnIn                    // every entry in it is the script's (it was empty)
	fRepo                     // a git repository git init or git clone made here
)

// fPast are the facts any command that may create a file can make false.
const fPast = fAbsent | fNotDir | fEmpty | fDir | fOwnIn | fRepo

const (
	absAtom  = "\x00" // atoms are \x00ID\x00
	absMark  = "\x01" // a value known to be absolute: \x01KEY
	absMaybe = "\x02" // after a component that may be empty
)

// prefixOK reports whether a path may be read as a directory holding what
// is written below it: not a value that may be empty.
func prefixOK(p string) bool { return !strings.HasSuffix(p, absMaybe) }

// noteNonEmpty records, in n, that a word naming a path that exists (or was
// made) is not empty when it is one value not known.
func (a *absent) noteNonEmpty(n, s *absState, w *syntax.Word) {
	v, ok := a.value(s, w, true)
	if ok && v != "" && !strings.Contains(v, "/") && stripAtoms(v) == "" {
		n.nonEmpty[v] = true
	}
}

// absState is what is known on one path through the script.
type absState struct {
	vals    map[string]string
	cwd     string
	errexit bool
	facts   map[string]uint8
	// epoch names the values of the variables never assigned here (from
	// the environment); eval or source gives them new ones.
	epoch string
	// nonEmpty are the values (atoms not known) proved not empty: a
	// path made or found there ("" is no path, and "$d/x" is then /x).
	nonEmpty map[string]bool
	// oldpwd is the directory cd - goes back to ("" when not known), dirs
	// the directories popd goes back to, last first, and dirsKnown that
	// nothing is below them (see cdback.go).
	oldpwd    string
	dirs      []string
	dirsKnown bool
	// marks are the writes and chmods of a RUN step still in place, by
	// the offset of their command, with the key of their path ("": not
	// known), image mode only (owntemp.go).
	marks map[int]string
	// backups maps the key of a file that holds a copy of another's
	// content from before the step changed it (cp F F.bak, sed -i.bak F)
	// to that other's key, image mode only (owntemp.go).
	backups map[string]string
}

func (s *absState) clone() *absState {
	n := &absState{vals: make(map[string]string, len(s.vals)), cwd: s.cwd, errexit: s.errexit, facts: make(map[string]uint8, len(s.facts)), epoch: s.epoch, nonEmpty: make(map[string]bool, len(s.nonEmpty)),
		oldpwd: s.oldpwd, dirs: s.dirs, dirsKnown: s.dirsKnown}
	if s.marks != nil {
		n.marks = make(map[int]string, len(s.marks))
		for k, v := range s.marks {
			n.marks[k] = v
		}
	}
	if s.backups != nil {
		n.backups = make(map[string]string, len(s.backups))
		for k, v := range s.backups {
			n.backups[k] = v
		}
	}
	for k := range s.nonEmpty {
		n.nonEmpty[k] = true
	}
	for k, v := range s.vals {
		n.vals[k] = v
	}
	for k, v := range s.facts {
		n.facts[k] = v
	}
	return n
}

// signature is the state as text, to tell equal states apart.
func (s *absState) signature() string {
	var sb strings.Builder
	sb.WriteString(s.cwd)
	sb.WriteByte('|')
	s.dirSignature(&sb)
	sb.WriteString(s.epoch)
	if s.errexit {
		sb.WriteString("|e")
	}
	for _, m := range []map[string]string{s.vals} {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			sb.WriteString("|" + k + "=" + m[k])
		}
	}
	keys := make([]string, 0, len(s.facts))
	for k, v := range s.facts {
		if v != 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		sb.WriteString("|" + k + ":" + strconv.Itoa(int(s.facts[k])))
	}
	keys = keys[:0]
	for k := range s.nonEmpty {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	sb.WriteString("|n:" + strings.Join(keys, ","))
	if len(s.marks) > 0 {
		offs := make([]int, 0, len(s.marks))
		for off := range s.marks {
			offs = append(offs, off)
		}
		sort.Ints(offs)
		for _, off := range offs {
			sb.WriteString("|m" + strconv.Itoa(off) + "=" + s.marks[off])
		}
	}
	if len(s.backups) > 0 {
		bs := make([]string, 0, len(s.backups))
		for k, v := range s.backups {
			bs = append(bs, k+">"+v)
		}
		sort.Strings(bs)
		sb.WriteString("|b" + strings.Join(bs, ","))
	}
	return sb.String()
}

// absFunc is what the analysis knows of a function the script defines.
type absFunc struct {
	defs  int
	body  *syntax.Stmt
	top   bool // defined by a top-level statement
	exits int  // 0 unknown, 1 yes, 2 no
	clob  *clobber
}

// clobber is what a piece of code may change: variables, all of them, the
// working directory.
type clobber struct {
	names map[string]bool
	all   bool
	cwd   bool
	// fn: the code is a function's body; args: it runs its arguments
	// ("$@", unquoted too when argsUnquoted); shifts: shift or set changes
	// them first (cdback.go).
	fn, args, argsUnquoted, shifts bool
	// errexitOff: it may run set +e (in this shell: a function, a loop
	// body, eval).
	errexitOff bool
}

type absent struct {
	gen     int
	funcs   map[string]*absFunc
	out     map[int]bool // rm operand offset → own (false once not own on a path)
	repo    map[int]bool // git command offset → runs in a repository the script made
	noRepo  bool         // the script sets GIT_* variables: no git command is judged
	evals   bool         // the script runs eval: it may define any function
	sources bool         // the script sources a file (its functions are not seen)
	inFunc  bool
	snaps   map[*syntax.FuncDecl][]*absState
	order   []*syntax.FuncDecl
	topIdx  map[*syntax.FuncDecl]int
	stmts   []*syntax.Stmt
	visited int
	// cdpathEnv: a CDPATH may come from the environment, physicalEnv: a
	// start-up file may make cd physical (cdback.go).
	cdpathEnv, physicalEnv bool
	// errexitFn caches funcErrexit, calls the scan it reads; later what
	// may run after each top-level function's definition (laterEffects).
	errexitFn map[string]int
	calls     *callScanned
	later     map[*syntax.FuncDecl]laterFx
	// image: a RUN step's writes removed again (owntemp.go): shipMade
	// are the commands that wrote or chmodded a path, shipBad those
	// where it was not followed to the end; noFlow counts the walks
	// whose states do not go on (subshells, loop bodies, pipelines).
	image             bool
	shipMade, shipBad map[int]bool
	noFlow            int
	// restores are the mv and cp commands of a RUN step that put a
	// backup back (owntemp.go): true where every state reaching them
	// held the backup, false where one did not.
	restores map[int]bool
	// safe are the cp and mv commands of a RUN step that copy nothing
	// it changed (owntemp.go: safeCopy).
	safe map[*syntax.CallExpr]bool
}

// absentMaxStates bounds the paths followed at once; above it the states
// are joined (what all of them know).
const absentMaxStates = 16

// absentMaxVisits bounds the work on one file.
const absentMaxVisits = 200000

// absentWords returns the offsets of the rm operands of a script that name
// what it proved absent and then made, and of the git commands that run in
// a repository the script made (git init or git clone into a path proved
// absent or empty: its configuration and its work tree are the script's).
func absentWords(stmts []*syntax.Stmt, errexit bool) (res, repos map[int]bool) {
	return absentWordsShell(stmts, errexit, "")
}

// absentWordsShell is absentWords for a script of the given shell ("zsh"
// reads ~/.zshenv, which may set cdpath: see cdback.go).
func absentWordsShell(stmts []*syntax.Stmt, errexit bool, shell string) (res, repos map[int]bool) {
	defer func() {
		if recover() != nil {
			res, repos = nil, nil // a tree the analysis did not expect: nothing is own
		}
	}()
	a := &absent{funcs: map[string]*absFunc{}, out: map[int]bool{}, repo: map[int]bool{}, snaps: map[*syntax.FuncDecl][]*absState{}, topIdx: map[*syntax.FuncDecl]int{}, stmts: stmts}
	if !a.prepare(stmts) {
		return nil, nil
	}
	s := &absState{vals: map[string]string{}, cwd: a.atom("c"), errexit: errexit, facts: map[string]uint8{}, epoch: a.epoch(), nonEmpty: map[string]bool{}, dirsKnown: true}
	a.cdpathEnv, a.physicalEnv = cdpathInherited(shell)
	a.list(stmts, []*absState{s})
	for _, fd := range a.order {
		f := a.funcs[fd.Name.Value]
		if f == nil || f.defs != 1 || !f.top {
			continue
		}
		in := a.funcState(fd)
		if len(in) == 0 {
			continue
		}
		a.inFunc = true
		a.list([]*syntax.Stmt{fd.Body}, in)
		a.inFunc = false
	}
	if a.visited > absentMaxVisits {
		return nil, nil
	}
	for off, ok := range a.out {
		if ok {
			if res == nil {
				res = map[int]bool{}
			}
			res[off] = true
		}
	}
	for off, ok := range a.repo {
		if ok && !a.noRepo {
			if repos == nil {
				repos = map[int]bool{}
			}
			repos[off] = true
		}
	}
	return res, repos
}

// absentShadowed are the commands whose meaning the analysis reads: a
// function of the same name turns it off.
var absentShadowed = map[string]bool{
	"rm": true, "mkdir": true, "cp": true, "cd": true, "test": true, "[": true, "pwd": true, "ls": true, "wc": true,
	"exit": true, "set": true, "unset": true, "eval": true, "source": true, ".": true, "command": true, "builtin": true,
	"trap": true, "echo": true, "printf": true, "read": true, "true": true, "false": true, ":": true, "ln": true,
	"pushd": true, "popd": true, "git": true, "export": true, "local": true, "declare": true, "typeset": true, "chmod": true, "rmdir": true,
}

// prepare collects the functions and refuses the files the analysis cannot
// follow.
func (a *absent) prepare(stmts []*syntax.Stmt) bool {
	ok := true
	top := map[*syntax.Stmt]bool{}
	for i, st := range stmts {
		top[st] = true
		if fd, isFd := st.Cmd.(*syntax.FuncDecl); isFd {
			a.topIdx[fd] = i
		}
	}
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			if !ok {
				return false
			}
			switch x := n.(type) {
			case *syntax.FuncDecl:
				if x.Name == nil {
					ok = false
					return false
				}
				name := x.Name.Value
				if absentShadowed[name] {
					ok = false
					return false
				}
				f := a.funcs[name]
				if f == nil {
					f = &absFunc{}
					a.funcs[name] = f
				}
				f.defs++
				f.body = x.Body
				_, isTop := a.topIdx[x]
				f.top = isTop
				if isTop {
					a.order = append(a.order, x)
				}
			case *syntax.Assign:
				if x.Name != nil && strings.HasPrefix(x.Name.Value, "GIT_") {
					a.noRepo = true
				}
			case *syntax.DeclClause:
				for _, as := range x.Args {
					if as.Name != nil && strings.HasPrefix(as.Name.Value, "GIT_") || as.Value != nil && strings.HasPrefix(as.Value.Lit(), "GIT_") {
						a.noRepo = true
					}
					if as.Name == nil && as.Value != nil {
						if v := as.Value.Lit(); v == "" || strings.HasPrefix(v, "-") && strings.Contains(v, "n") {
							ok = false
						}
					}
				}
			case *syntax.CallExpr:
				if len(x.Args) == 0 {
					return true
				}
				for _, w := range x.Args[1:] {
					if strings.HasPrefix(w.Lit(), "GIT_") {
						a.noRepo = true // export GIT_DIR, read GIT_DIR, …
					}
				}
				switch cmdLit(x.Args[0]) {
				case "eval":
					a.evals = true
				case ".", "source":
					a.sources = true
				case "alias", "enable", "hash", "shopt", "setopt", "unsetopt", "emulate":
					ok = false
				case "unset":
					for _, w := range x.Args[1:] {
						if v := w.Lit(); v == "" || strings.HasPrefix(v, "-") && strings.Contains(v, "f") {
							ok = false
						}
					}
				case "set":
					for i, w := range x.Args[1:] {
						v := w.Lit()
						if len(v) > 1 && (v[0] == '-' || v[0] == '+') && v[1] != '-' && v[1] != 'o' && strings.Contains(v, "P") {
							ok = false
						}
						if (v == "-o" || v == "+o") && i+2 < len(x.Args) && x.Args[i+2].Lit() == "physical" {
							ok = false
						}
					}
				}
			}
			return true
		})
	}
	if !ok {
		return false
	}
	// A trap's code may run at any point after it is set: it must change
	// nothing the analysis follows.
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			ce, isCall := n.(*syntax.CallExpr)
			if !ok || !isCall || len(ce.Args) < 2 || cmdLit(ce.Args[0]) != "trap" {
				return ok
			}
			args := ce.Args[1:]
			if args[0].Lit() == "--" {
				args = args[1:]
			}
			if len(args) == 0 {
				return true
			}
			codes, lit := a.trapCodes(args[0])
			if !lit {
				ok = false
				return false
			}
			for _, code := range codes {
				if code == "-" || code == "" || strings.HasPrefix(code, "-") {
					continue
				}
				f, err := syntax.NewParser().Parse(strings.NewReader(code), "")
				if err != nil {
					ok = false
					return false
				}
				c := &clobber{names: map[string]bool{}}
				for _, s := range f.Stmts {
					a.clobbers(s, c, 0)
				}
				if c.all || c.cwd || len(c.names) > 0 || c.errexitOff {
					ok = false
				}
			}
			return false
		})
	}
	return ok
}

// litText is the text of a word written without expansions.
func litText(w *syntax.Word) (string, bool) {
	var sb strings.Builder
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
			sb.WriteString(x.Value)
		case *syntax.SglQuoted:
			if x.Dollar {
				return "", false
			}
			sb.WriteString(x.Value)
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				l, isLit := q.(*syntax.Lit)
				if !isLit {
					return "", false
				}
				sb.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return sb.String(), true
}

func (a *absent) atom(kind string) string {
	a.gen++
	return absAtom + kind + strconv.Itoa(a.gen) + absAtom
}

// funcState is the state a function defined once at the top level may run
// in: the states at its definition (it cannot run before), with every
// variable that anything after it, or any function, may change given a new
// value, the working directory too if anything may change it, and only the
// facts no later command can undo (own names).
func (a *absent) funcState(fd *syntax.FuncDecl) []*absState {
	snap := a.snaps[fd]
	if len(snap) == 0 {
		return nil
	}
	c, moves := a.laterEffects(fd)
	// Code that may run before a call and change anything, or move data
	// into a name: the body is read from nothing known (what it makes
	// itself is still its own, cdback.go).
	fresh := c.all || moves
	var out []*absState
	for _, s := range snap {
		n := s.clone()
		if fresh {
			n.vals, n.nonEmpty, n.facts, n.epoch = map[string]string{}, map[string]bool{}, map[string]uint8{}, a.epoch()
			n.vals["CDPATH"] = a.atom("v")
			if !c.all {
				delete(n.vals, "CDPATH") // only a move: CDPATH is as inherited
			}
			a.lostDir(n)
		}
		for name := range c.names {
			n.vals[name] = a.atom("v")
		}
		if c.cwd {
			a.lostDir(n)
		}
		a.forgotVars(n, c)
		for k, v := range n.facts {
			n.facts[k] = v &^ fPast
		}
		n.errexit = a.funcErrexit(fd)
		out = append(out, n)
	}
	return out
}

// list walks statements in order.
func (a *absent) list(stmts []*syntax.Stmt, in []*absState) []*absState {
	for _, st := range stmts {
		if len(in) == 0 {
			// Not reached (the script ended on every path): the uses
			// below stay unknown.
			return nil
		}
		ok, fail := a.run(st, in, false)
		in = joinCap(a, append(ok, fail...))
	}
	return in
}

// joinCap keeps at most absentMaxStates states, joining them when there are
// more.
func joinCap(a *absent, in []*absState) []*absState {
	if len(in) > 1 {
		// The same state on two paths (a test that says nothing) is
		// followed once.
		seen := make(map[string]bool, len(in))
		out := in[:0:0]
		for _, s := range in {
			if sig := s.signature(); !seen[sig] {
				seen[sig] = true
				out = append(out, s)
			}
		}
		in = out
	}
	if len(in) <= absentMaxStates {
		return in
	}
	j := in[0].clone()
	for _, s := range in[1:] {
		for k, v := range j.vals {
			if w, ok := s.vals[k]; !ok || w != v {
				j.vals[k] = a.atom("v")
			}
		}
		for k := range s.vals {
			if _, ok := j.vals[k]; !ok {
				j.vals[k] = a.atom("v")
			}
		}
		a.joinDir(j, s)
		if s.epoch != j.epoch {
			j.epoch = a.epoch()
		}
		j.errexit = j.errexit && s.errexit
		for k, v := range j.facts {
			j.facts[k] = v & s.facts[k]
		}
		for k := range j.nonEmpty {
			if !s.nonEmpty[k] {
				delete(j.nonEmpty, k)
			}
		}
		for off, k := range s.marks {
			// A write still in place on any path is in place.
			if j.marks == nil {
				j.marks = map[int]string{}
			}
			if jk, ok := j.marks[off]; ok && jk != k {
				k = ""
			}
			j.marks[off] = k
		}
		for b, f := range j.backups {
			// A backup known on every path is known.
			if s.backups[b] != f {
				delete(j.backups, b)
			}
		}
	}
	return []*absState{j}
}

// run walks one statement: the states in which it succeeded and failed (and
// the script goes on). cond is set where a failure does not stop the script
// under set -e (a condition, a part of an && or || list but the last).
func (a *absent) run(st *syntax.Stmt, in []*absState, cond bool) (ok, fail []*absState) {
	a.visited++
	if a.visited > absentMaxVisits {
		return nil, nil
	}
	if st.Background || st.Coprocess {
		// Runs beside the script: nothing it does is followed, and
		// it may make files.
		a.subshell(st, in)
		out := a.forget(in, true, nil)
		return out, out
	}
	if st.Negated {
		ok, fail = a.cmd(st, in, true)
		return fail, ok
	}
	writes := redirWrites(st.Redirs)
	ok, fail = a.cmd(st, in, cond)
	if writes {
		ok, fail = a.forget(ok, true, nil), a.forget(fail, true, nil)
		if a.image {
			ok, fail = a.markRedirs(st, ok), a.markRedirs(st, fail)
		}
	}
	if a.image && a.stmtCopies(st) {
		ok, fail = blurMarks(ok), blurMarks(fail) // owntemp.go
	}
	return ok, fail
}

// redirWrites reports a redirection that may create a file.
func redirWrites(rs []*syntax.Redirect) bool {
	for _, r := range rs {
		switch r.Op {
		case syntax.RdrIn, syntax.DplIn, syntax.DplOut, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			if r.Op == syntax.DplOut && r.Word != nil {
				if v := r.Word.Lit(); v != "-" && strings.Trim(v, "0123456789") != "" {
					return true // >&file
				}
			}
			continue
		}
		if r.Word != nil && r.Word.Lit() == "/dev/null" {
			continue
		}
		return true
	}
	return false
}

// forget drops, in copies of the states, the facts a command that may make
// files can undo (all of them when past), and gives the names in c (all
// variables, the directory) new values.
func (a *absent) forget(in []*absState, past bool, c *clobber) []*absState {
	out := make([]*absState, 0, len(in))
	for _, s := range in {
		n := s.clone()
		if past {
			for k, v := range n.facts {
				n.facts[k] = v &^ fPast
			}
		}
		if c != nil {
			if c.all || c.errexitOff {
				n.errexit = false // eval 'set +e', f() { set +e; }
			}
			if c.all {
				n.vals = map[string]string{}
				n.nonEmpty = map[string]bool{}
				n.epoch = a.epoch()
				a.lostDir(n)
			}
			for k := range c.names {
				n.vals[k] = a.atom("v")
			}
			if c.cwd {
				a.lostDir(n)
			}
			a.forgotVars(n, c)
		}
		out = append(out, n)
	}
	return out
}

// subshell walks code that runs in a copy of the shell, for its uses only.
func (a *absent) subshell(st *syntax.Stmt, in []*absState) {
	cp := make([]*absState, len(in))
	for i, s := range in {
		cp[i] = s.clone()
	}
	x := *st
	x.Background, x.Coprocess = false, false
	a.noFlow++
	a.run(&x, cp, true)
	a.noFlow--
}

// effects is what a piece of code may do to the states: change variables
// and the directory, make files.
func (a *absent) effects(n syntax.Node) (*clobber, bool) {
	c := &clobber{names: map[string]bool{}}
	if st, ok := n.(*syntax.Stmt); ok {
		a.clobbers(st, c, 0)
	} else {
		a.clobberNode(n, c, 0)
	}
	return c, a.makes(n)
}

// cmd walks the command of a statement.
func (a *absent) cmd(st *syntax.Stmt, in []*absState, cond bool) (ok, fail []*absState) {
	if st.Cmd == nil {
		return in, in // redirections only
	}
	if _, simple := st.Cmd.(*syntax.CallExpr); cond && !simple {
		// set -e is ignored in everything a condition (or a part of
		// an && or || list but the last) runs: { mkdir d; rm -rf d; } || true.
		on := false
		for _, s := range in {
			on = on || s.errexit
		}
		if on {
			off := a.forget(in, false, nil)
			for _, s := range off {
				s.errexit = false
			}
			ok, fail = a.cmd(st, off, cond)
			sets := false
			syntax.Walk(st, func(n syntax.Node) bool {
				if ce, isCall := n.(*syntax.CallExpr); isCall && len(ce.Args) > 0 && cmdLit(ce.Args[0]) == "set" {
					sets = true
				}
				return !sets
			})
			back := func(list []*absState) []*absState {
				out := a.forget(list, false, nil)
				for _, s := range out {
					// The states that entered had set -e on
					// (or some did): on again after, unless
					// the code runs set itself.
					if !sets {
						s.errexit = true
					}
				}
				return out
			}
			if len(in) == 1 || allErrexit(in) {
				return back(ok), back(fail)
			}
			// Some states had set -e and some not: none is on after.
			return ok, fail
		}
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		for _, s := range in {
			o, f := a.call(x, s, cond)
			ok, fail = append(ok, o...), append(fail, f...)
		}
		return ok, fail
	case *syntax.BinaryCmd:
		switch x.Op {
		case syntax.AndStmt:
			okX, failX := a.run(x.X, in, true)
			okY, failY := a.run(x.Y, okX, cond)
			return okY, append(failX, failY...)
		case syntax.OrStmt:
			okX, failX := a.run(x.X, in, true)
			okY, failY := a.run(x.Y, failX, cond)
			return append(okX, okY...), failY
		default: // pipes: every part in a subshell (or the last in this shell)
			a.subshell(x.X, in)
			a.subshell(x.Y, in)
			c, mk := a.effects(x)
			out := a.forget(in, mk, c)
			return out, out
		}
	case *syntax.Block:
		out := a.list(x.Stmts, in)
		return out, out
	case *syntax.Subshell:
		cp := a.forget(in, false, nil)
		a.noFlow++
		a.list(x.Stmts, cp)
		a.noFlow--
		_, mk := a.effects(x)
		out := a.forget(in, mk, nil)
		if cond {
			return out, out
		}
		return out, a.noErrexit(out)
	case *syntax.IfClause:
		if a.image {
			return a.ifStatus(x, in) // owntemp.go
		}
		return a.ifClause(x, in)
	case *syntax.CaseClause:
		if x.Word != nil {
			c, mk := a.effects(x.Word)
			in = a.forget(in, mk, c)
		}
		var out, carry, failed []*absState
		def := false
		for _, item := range x.Items {
			for _, p := range item.Patterns {
				if p.Lit() == "*" {
					def = true
				}
			}
			// ;& runs the next body, ;;& goes on matching: what a
			// body leaves reaches the next one (and, for ;;&, the
			// end when nothing else matches).
			start := joinCap(a, append(a.forget(in, false, nil), carry...))
			var o []*absState
			if a.image {
				// The case's status is its body's (owntemp.go).
				var f []*absState
				o, f = a.listStatus(item.Stmts, start)
				failed = append(failed, f...)
				if item.Op != syntax.Break {
					o = append(o, f...)
				}
			} else {
				o = a.list(item.Stmts, start)
			}
			carry = nil
			switch item.Op {
			case syntax.Fallthrough, syntax.Resume, syntax.ResumeKorn:
				carry = o
				if item.Op != syntax.Fallthrough {
					def = false
				}
			}
			out = append(out, o...)
		}
		if !def {
			out = append(out, in...)
		}
		out = joinCap(a, out)
		if a.image {
			return out, joinCap(a, failed)
		}
		return out, out
	case *syntax.WhileClause, *syntax.ForClause:
		// The body may run any number of times: it is walked once in
		// states where everything it may change is already changed.
		c, mk := a.effects(x)
		h := a.forget(in, mk, c)
		a.noFlow++
		defer func() { a.noFlow-- }()
		switch l := x.(type) {
		case *syntax.WhileClause:
			cs := a.forget(h, false, nil)
			for _, st := range l.Cond {
				o, f := a.run(st, cs, true)
				cs = joinCap(a, append(o, f...))
			}
			a.list(l.Do, a.forget(h, false, nil))
		case *syntax.ForClause:
			a.list(l.Do, a.forget(h, false, nil))
		}
		return h, h
	case *syntax.FuncDecl:
		if _, top := a.topIdx[x]; top && !a.inFunc {
			a.snaps[x] = append(a.snaps[x], a.forget(in, false, nil)...)
		}
		return in, nil
	case *syntax.DeclClause:
		c, mk := a.effects(x)
		out := a.forget(in, mk, c)
		return out, out
	case *syntax.TestClause:
		in = a.forget(in, a.makes(x), testClobbers(a, x))
		for _, s := range in {
			o, f := a.testClause(x, s)
			ok, fail = append(ok, o...), append(fail, f...)
		}
		return ok, fail
	}
	// Arithmetic, let, time, select, coproc, …: what they may change is
	// changed.
	c, mk := a.effects(st.Cmd)
	out := a.forget(in, mk, c)
	return out, out
}

// noErrexit keeps the states in which a failure does not stop the script.
func (a *absent) noErrexit(in []*absState) []*absState {
	var out []*absState
	for _, s := range in {
		if !s.errexit {
			out = append(out, s)
		}
	}
	return out
}

func (a *absent) ifClause(x *syntax.IfClause, in []*absState) (ok, fail []*absState) {
	var out []*absState
	for cl := x; cl != nil; cl = cl.Else {
		if len(cl.Cond) == 0 { // else
			out = append(out, a.list(cl.Then, in)...)
			in = nil
			break
		}
		for _, st := range cl.Cond[:len(cl.Cond)-1] {
			o, f := a.run(st, in, true)
			in = joinCap(a, append(o, f...))
		}
		o, f := a.run(cl.Cond[len(cl.Cond)-1], in, true)
		out = append(out, a.list(cl.Then, o)...)
		in = f
	}
	out = joinCap(a, append(out, in...))
	return out, out
}

// absentQuiet are the commands that create, replace or move no file (nor
// run code), so that facts about paths survive them.
var absentQuiet = map[string]bool{
	"echo": true, "printf": true, "test": true, "[": true, ":": true, "true": true, "false": true, "pwd": true,
	"cd": true, "unset": true, "export": true, "readonly": true, "shift": true, "set": true, "read": true, "getopts": true,
	"basename": true, "dirname": true, "ls": true, "wc": true, "cat": true, "grep": true, "head": true, "tail": true,
	"id": true, "uname": true, "date": true, "whoami": true, "sleep": true, "type": true, "umask": true, "rm": true,
	"rmdir": true, "chmod": true, "trap": true, "wait": true, "exit": true, "return": true, "local": true,
	"declare": true, "typeset": true,
}

// makes reports whether code may create or replace a file: a command not
// known to make none, a redirection, a function of the script.
func (a *absent) makes(n syntax.Node) bool {
	mk := false
	syntax.Walk(n, func(n syntax.Node) bool {
		if mk {
			return false
		}
		switch x := n.(type) {
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				return true
			}
			name := cmdLit(x.Args[0])
			if name == "command" && len(x.Args) > 1 && (x.Args[1].Lit() == "-v" || x.Args[1].Lit() == "-V") {
				return true
			}
			// rm makes nothing, but code walked as a whole (a loop)
			// may delete a repository's .git and then come back.
			if !absentQuiet[name] || a.funcs[name] != nil || name == "rm" || name == "rmdir" {
				mk = true
			}
		case *syntax.Stmt:
			if redirWrites(x.Redirs) {
				mk = true
			}
		case *syntax.ProcSubst:
			mk = true
		}
		return true
	})
	return mk
}

// clobbers adds what code may change (variables, the directory), following
// the functions of the script it calls.
func (a *absent) clobbers(st *syntax.Stmt, c *clobber, depth int) {
	a.clobberNode(st, c, depth)
}

func (a *absent) clobberNode(n syntax.Node, c *clobber, depth int) {
	if depth > 8 {
		c.all = true
		return
	}
	syntax.Walk(n, func(n syntax.Node) bool {
		if c.all {
			return false
		}
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name != nil {
				c.names[x.Name.Value] = true
			}
		case *syntax.ForClause:
			if wi, ok := x.Loop.(*syntax.WordIter); ok && wi.Name != nil {
				c.names[wi.Name.Value] = true
			}
		case *syntax.ParamExp:
			if x.Exp != nil && (x.Exp.Op == syntax.AssignUnset || x.Exp.Op == syntax.AssignUnsetOrNull) && x.Param != nil {
				c.names[x.Param.Value] = true
			}
		case *syntax.BinaryArithm:
			switch x.Op {
			case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
				syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
				a.arithName(x.X, c)
			}
		case *syntax.UnaryArithm:
			if x.Op == syntax.Inc || x.Op == syntax.Dec {
				a.arithName(x.X, c)
			}
		case *syntax.DeclClause:
			for _, as := range x.Args {
				if as.Name != nil {
					c.names[as.Name.Value] = true
				} else if as.Value != nil && !strings.HasPrefix(as.Value.Lit(), "-") {
					c.all = true // a name not written literally
				}
			}
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				return true
			}
			name := cmdLit(x.Args[0])
			switch name {
			case "":
				if is, quoted := wrapperArgs(x.Args[0]); is && c.fn {
					// "$@" in a function: what its arguments do
					// (added at each call, see cdback.go).
					c.args, c.argsUnquoted = true, c.argsUnquoted || !quoted
					return true
				}
				if pathWord(x.Args[0]) {
					return true // "$src"/configure: a file, never a function or builtin
				}
				c.all = true // a command word not written literally
			case "shift":
				c.shifts = true
			case "set":
				if setsErrexitOff(x.Args[1:]) {
					c.errexitOff = true
				}
				for i := 1; i < len(x.Args); i++ {
					if v := x.Args[i].Lit(); v == "-o" || v == "+o" {
						i++
					} else if v == "" || v == "--" || v == "-" || !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+") {
						c.shifts = true // set -- a b: other arguments
					}
				}
			case "eval", ".", "source", "exec", "command", "builtin", "let":
				c.all = true
			case "cd", "pushd", "popd":
				c.cwd = true
			case "wait":
				w := waitNames(x)
				c.all = c.all || w.all
				for k := range w.names {
					c.names[k] = true
				}
			case "read", "getopts", "mapfile", "readarray", "unset", "export", "readonly", "printf":
				for _, w := range x.Args[1:] {
					v := w.Lit()
					v, _, _ = strings.Cut(v, "=")
					if v == "" {
						if name != "printf" {
							c.all = true
						}
						continue
					}
					c.names[v] = true
				}
			default:
				if f := a.funcs[name]; f != nil {
					if f.clob == nil {
						f.clob = &clobber{names: map[string]bool{}, fn: true}
						if f.defs != 1 || f.body == nil {
							f.clob.all = true
						} else {
							a.clobberNode(f.body, f.clob, depth+1)
						}
					}
					for k := range f.clob.names {
						c.names[k] = true
					}
					c.all = c.all || f.clob.all
					c.cwd = c.cwd || f.clob.cwd
					c.errexitOff = c.errexitOff || f.clob.errexitOff
					if f.clob.args {
						a.wrapperCall(x, f.clob, c, depth)
					}
				}
			}
		}
		return true
	})
}

func (a *absent) arithName(e syntax.ArithmExpr, c *clobber) {
	if w, ok := e.(*syntax.Word); ok {
		if v := w.Lit(); v != "" {
			c.names[v] = true
			return
		}
	}
	c.all = true
}

// exits reports whether a call of the command name ends the script: exit,
// a function of the script whose body ends in such a call, or (not defined
// here: from a sourced library) a name that says it dies.
func (a *absent) exits(name string, depth int) bool {
	if name == "exit" {
		return true
	}
	if name == "return" {
		return a.inFunc // at the top level bash prints an error and goes on
	}
	f := a.funcs[name]
	if f == nil && a.evals {
		return false // eval 'die() { :; }' defines what the script calls
	}
	if f == nil && !a.sources {
		return false // not a function: command not found, and the script goes on
	}
	if f == nil {
		switch name {
		case "die", "fatal", "bail", "abort", "panic":
			return true
		}
		return strings.HasPrefix(name, "die_") || strings.HasPrefix(name, "fatal_") || strings.HasSuffix(name, "_die") || strings.HasSuffix(name, "_fatal")
	}
	if f.defs != 1 || f.body == nil || depth > 8 {
		return false
	}
	if f.exits == 0 {
		f.exits = 2
		if !hasReturn(f.body) && a.stmtExits(f.body, depth+1) {
			f.exits = 1
		}
	}
	return f.exits == 1
}

// stmtExits reports whether a statement always ends the script.
func (a *absent) stmtExits(st *syntax.Stmt, depth int) bool {
	if st == nil || st.Background || st.Negated {
		return false
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Args) == 0 {
			return false
		}
		name := cmdLit(x.Args[0])
		if name == "return" {
			return false // from the function: the caller goes on
		}
		return a.exits(name, depth)
	case *syntax.Block:
		return len(x.Stmts) > 0 && a.stmtExits(x.Stmts[len(x.Stmts)-1], depth)
	}
	return false
}

// call walks a simple command in one state.
func (a *absent) call(ce *syntax.CallExpr, s *absState, cond bool) (ok, fail []*absState) {
	if len(ce.Args) == 0 {
		// Assignments: NAME=VALUE …
		n := s.clone()
		substs := false
		for _, as := range ce.Assigns {
			if as.Name == nil {
				continue
			}
			v, sub, okv := a.assignValue(n, as)
			substs = substs || sub
			if !okv {
				v = a.atom("v")
			}
			n.vals[as.Name.Value] = v
		}
		a.assignedDirVars(n, ce.Assigns)
		c, mk := a.effectsWords(ce)
		for k := range c.names {
			assigned := false
			for _, as := range ce.Assigns {
				assigned = assigned || as.Name != nil && as.Name.Value == k
			}
			if !assigned {
				n.vals[k] = a.atom("v") // ${x:=…}, $((x=1)) inside
			}
		}
		if c.all || c.cwd {
			return a.forget([]*absState{n}, mk, c), nil
		}
		out := a.forget([]*absState{n}, mk, nil)
		if a.image {
			a.mktempNonEmpty(out[0], ce.Assigns) // owntemp.go
		}
		if !substs {
			return out, nil
		}
		// The status is that of the last substitution.
		f := a.forget([]*absState{n}, mk, nil)
		for _, as := range ce.Assigns {
			if as.Name != nil {
				f[0].vals[as.Name.Value] = a.atom("v")
			}
		}
		if cond {
			return out, f
		}
		return out, a.noErrexit(f)
	}
	name := cmdLit(ce.Args[0])
	// What the words and prefix assignments do in this shell.
	c, mkw := a.effectsWords(ce)
	for _, as := range ce.Assigns {
		if as.Name != nil {
			c.names[as.Name.Value] = true
		}
	}
	base := a.forget([]*absState{s}, mkw, c)[0]
	done := func(o, f []*absState) ([]*absState, []*absState) {
		if !cond {
			f = a.noErrexit(f)
		}
		return o, f
	}
	if name == "" && pathWord(ce.Args[0]) {
		out := a.forget([]*absState{base}, true, nil) // "$src"/configure: a program
		return done(out, out)
	}
	if name == "" {
		out := a.forget([]*absState{base}, true, &clobber{all: true})
		return done(out, out)
	}
	if a.exits(name, 0) {
		return nil, nil
	}
	if f := a.funcs[name]; f != nil {
		fc := &clobber{names: map[string]bool{}}
		a.clobberNode(&syntax.CallExpr{Args: ce.Args}, fc, 0) // the arguments too: a wrapper runs them
		out := a.forget([]*absState{base}, true, fc)
		return done(out, out)
	}
	args := ce.Args[1:]
	switch name {
	case "exec":
		if len(args) > 0 {
			return nil, nil
		}
		return []*absState{base}, nil
	case "return":
		if a.inFunc {
			return nil, nil
		}
		return done([]*absState{base}, []*absState{base})
	case "true", ":":
		return []*absState{base}, nil
	case "false":
		return done(nil, []*absState{base})
	case "set":
		n := base.clone()
		if on, isSet := setErrexitArgs(args); isSet {
			n.errexit = on
		}
		if setsErrexitOff(args) {
			n.errexit = false // set $opts
		}
		return []*absState{n}, nil
	case "command":
		if len(args) > 0 && (args[0].Lit() == "-v" || args[0].Lit() == "-V") {
			return done([]*absState{base}, []*absState{base})
		}
		out := a.forget([]*absState{base}, true, &clobber{all: true})
		return done(out, out)
	case "eval", ".", "source", "builtin", "let":
		out := a.forget([]*absState{base}, true, &clobber{all: true})
		return done(out, out)
	case "read", "getopts", "mapfile", "readarray", "unset", "export", "readonly", "printf":
		cl := &clobber{names: map[string]bool{}}
		a.clobberNode(ce, cl, 0)
		out := a.forget([]*absState{base}, false, cl)
		if name == "unset" {
			a.unsetCDPATH(out, args)
		}
		return done(out, out)
	case "pushd", "popd", "dirs":
		return done(a.dirStack(name, args, base))
	case "cd":
		return done(a.cd(args, base))
	case "test", "[":
		if name == "[" {
			if len(args) == 0 || args[len(args)-1].Lit() != "]" {
				return done([]*absState{base}, []*absState{base})
			}
			args = args[:len(args)-1]
		}
		return done(a.test(args, base))
	case "mv", "/bin/mv", "/usr/bin/mv", "rsync", "/usr/bin/rsync", "mount", "/bin/mount", "/usr/bin/mount":
		// mv ~/data "$d"/; rm -rf "$d": what it moved in is not the
		// script's; a bind mount over it neither.
		out := a.forgetBits(base, fPast|fOwn)
		if a.image && strings.HasSuffix(name, "mv") {
			if n := a.restoreBackup(ce, out[0], true); n != nil {
				return done([]*absState{n}, out) // owntemp.go
			}
		}
		return done(out, out)
	case "wait":
		out := a.forget([]*absState{base}, false, waitNames(ce))
		return done(out, out)
	case "rm", "/bin/rm", "/usr/bin/rm":
		a.rmUse(args, base)
		// rm -rf "$d/.git" leaves git to look for a repository
		// above the one the script made.
		out := a.forgetBits(base, fRepo)
		if a.image {
			if n := a.dropMarks(args, out[0]); n != nil {
				return done([]*absState{n}, out) // owntemp.go
			}
		}
		return done(out, out)
	case "mkdir", "/bin/mkdir", "/usr/bin/mkdir":
		o, f := a.mkdir(args, base)
		return done(o, f)
	case "cp", "/bin/cp", "/usr/bin/cp":
		o, f := a.cp(args, base)
		if a.image {
			o = a.copyBackup(ce, o) // owntemp.go
		}
		return done(o, f)
	case "git", "/usr/bin/git", "/bin/git":
		o, f := a.git(ce, args, base)
		return done(o, f)
	}
	if mentionsMove(ce) {
		out := a.forgetBits(base, fPast|fOwn) // sudo mv ~/data "$d"/
		return done(out, out)
	}
	out := []*absState{base}
	if !absentQuiet[name] {
		out = a.forget(out, true, nil)
	}
	if a.image && (name == "chmod" || name == "/bin/chmod" || name == "/usr/bin/chmod") {
		out = a.markChmod(ce, out) // owntemp.go
	}
	if a.image && (name == "sed" || name == "/bin/sed" || name == "/usr/bin/sed") {
		out = a.markSed(ce, out) // owntemp.go
	}
	return done(out, out)
}

// effectsWords is what the words of a command do in this shell (${x:=…},
// $((x=1))) and whether their substitutions may make files.
func (a *absent) effectsWords(ce *syntax.CallExpr) (*clobber, bool) {
	c := &clobber{names: map[string]bool{}}
	mk := false
	words := append([]*syntax.Word(nil), ce.Args...)
	for _, as := range ce.Assigns {
		if as.Value != nil {
			words = append(words, as.Value)
		}
	}
	for _, w := range words {
		syntax.Walk(w, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.CmdSubst, *syntax.ProcSubst:
				if a.makes(x) {
					mk = true
				}
				return false // a subshell: its assignments stay there
			case *syntax.ParamExp:
				if x.Exp != nil && (x.Exp.Op == syntax.AssignUnset || x.Exp.Op == syntax.AssignUnsetOrNull) && x.Param != nil {
					c.names[x.Param.Value] = true
				}
				if x.Index != nil || x.Slice != nil {
					a.clobberNode(x, c, 0) // ${a[d=0]}
				}
			case *syntax.ArithmExp:
				a.clobberNode(x, c, 0)
				return false
			}
			return true
		})
	}
	return c, mk
}

// setErrexitArgs reads set -e / +e / -o errexit.
func setErrexitArgs(args []*syntax.Word) (on, ok bool) {
	for i, w := range args {
		v := w.Lit()
		switch {
		case (v == "-o" || v == "+o") && i+1 < len(args) && args[i+1].Lit() == "errexit":
			on, ok = v == "-o", true
		case len(v) > 1 && v[0] == '-' && v[1] != '-' && v[1] != 'o' && strings.Contains(v, "e"):
			on, ok = true, true
		case len(v) > 1 && v[0] == '+' && v[1] != 'o' && strings.Contains(v, "e"):
			on, ok = false, true
		}
	}
	return on, ok
}

// assignValue is the value an assignment gives, and whether it holds a
// command substitution. $(cd DIR && pwd) and $(pwd) give the absolute
// name of a known directory.
func (a *absent) assignValue(s *absState, as *syntax.Assign) (string, bool, bool) {
	if as.Append || as.Array != nil || as.Index != nil || as.Naked {
		return "", false, false
	}
	if as.Value == nil || len(as.Value.Parts) == 0 {
		return "", false, true
	}
	w := as.Value
	if len(w.Parts) == 1 {
		var cs *syntax.CmdSubst
		switch x := w.Parts[0].(type) {
		case *syntax.CmdSubst:
			cs = x
		case *syntax.DblQuoted:
			if len(x.Parts) == 1 {
				cs, _ = x.Parts[0].(*syntax.CmdSubst)
			}
		}
		if cs != nil {
			v, ok := a.pwdOf(s, cs)
			return v, true, ok
		}
	}
	v, ok := a.value(s, w, true)
	return v, false, ok
}

// pwdOf reads $(pwd), $(cd DIR && pwd) and $(cd DIR; pwd): the last only
// for a directory the script made (the cd cannot fail; if it did, pwd would
// print the directory the script is in).
func (a *absent) pwdOf(s *absState, cs *syntax.CmdSubst) (string, bool) {
	isPwd := func(st *syntax.Stmt) bool {
		ce, ok := st.Cmd.(*syntax.CallExpr)
		return ok && len(ce.Args) == 1 && len(ce.Assigns) == 0 && cmdLit(ce.Args[0]) == "pwd" && len(st.Redirs) == 0 && !st.Negated
	}
	cdTo := func(st *syntax.Stmt) (*syntax.Word, bool) {
		ce, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(ce.Args) != 2 || len(ce.Assigns) > 0 || cmdLit(ce.Args[0]) != "cd" || st.Negated || st.Background {
			return nil, false
		}
		for _, r := range st.Redirs {
			if r.Op != syntax.RdrOut && r.Op != syntax.DplOut || r.Word == nil || r.Word.Lit() != "/dev/null" {
				return nil, false
			}
		}
		return ce.Args[1], true
	}
	switch {
	case len(cs.Stmts) == 1 && isPwd(cs.Stmts[0]):
		return absMark + s.cwd, true
	case len(cs.Stmts) == 1:
		b, ok := cs.Stmts[0].Cmd.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.AndStmt || !isPwd(b.Y) {
			return "", false
		}
		w, ok := cdTo(b.X)
		if !ok {
			return "", false
		}
		k, ok := a.key(s, w, true, false)
		if !ok {
			return "", false
		}
		return absMark + k, true
	case len(cs.Stmts) == 2 && isPwd(cs.Stmts[1]):
		w, ok := cdTo(cs.Stmts[0])
		if !ok {
			return "", false
		}
		k, ok := a.key(s, w, true, false)
		if !ok || s.facts[k]&fDir == 0 {
			return "", false
		}
		return absMark + k, true
	}
	return "", false
}

// value is the symbolic value of a word: literal text and the values of
// plain $NAME / ${NAME} expansions. An unquoted expansion is allowed only
// where unquoted says so (a test operand).
func (a *absent) value(s *absState, w *syntax.Word, unquoted bool) (string, bool) {
	var sb strings.Builder
	var walk func(parts []syntax.WordPart, quoted bool) bool
	walk = func(parts []syntax.WordPart, quoted bool) bool {
		for i, part := range parts {
			switch x := part.(type) {
			case *syntax.Lit:
				if strings.ContainsAny(x.Value, "\\\x00\x01") {
					return false
				}
				if !quoted && (strings.ContainsAny(x.Value, "*?[{}") || i == 0 && strings.HasPrefix(x.Value, "~")) {
					return false
				}
				sb.WriteString(x.Value)
			case *syntax.SglQuoted:
				if x.Dollar || strings.ContainsAny(x.Value, "\x00\x01") {
					return false
				}
				sb.WriteString(x.Value)
			case *syntax.DblQuoted:
				if x.Dollar || !walk(x.Parts, true) {
					return false
				}
			case *syntax.ParamExp:
				if !quoted && !unquoted {
					return false
				}
				if x.Param == nil || x.Excl || x.Length || x.Width || x.Index != nil || x.Slice != nil || x.Repl != nil || x.Names != 0 || x.Exp != nil {
					return false
				}
				n := x.Param.Value
				if n == "" || !(n[0] == '_' || n[0] >= 'a' && n[0] <= 'z' || n[0] >= 'A' && n[0] <= 'Z') {
					return false // $1, $@, $$, …
				}
				if shellSets(n) {
					return false // $_, $REPLY, $OPTARG, $PWD: the shell itself changes them
				}
				v, ok := s.vals[n]
				if !ok {
					// From the environment: one value for the
					// whole run, until assigned.
					v = absAtom + "e" + s.epoch + ":" + n + absAtom
				}
				if !quoted && strings.ContainsAny(strings.ReplaceAll(stripAtoms(v), absMark, ""), " \t\n*?[") {
					return false
				}
				sb.WriteString(v)
			default:
				return false
			}
		}
		return true
	}
	if !walk(w.Parts, false) {
		return "", false
	}
	return sb.String(), true
}

func stripAtoms(v string) string {
	var sb strings.Builder
	for {
		i := strings.Index(v, absAtom)
		if i < 0 {
			sb.WriteString(v)
			return sb.String()
		}
		sb.WriteString(v[:i])
		j := strings.Index(v[i+1:], absAtom)
		if j < 0 {
			return sb.String()
		}
		v = v[i+1+j+1:]
	}
}

// key is the path a word names, as a key of facts: its value joined to the
// working directory, with . and empty components dropped. A logical key
// (cd) drops a component before ..; any other keeps .. only at the start of
// a relative word, and refuses it elsewhere.
func (a *absent) key(s *absState, w *syntax.Word, logical, unquoted bool) (string, bool) {
	v, ok := a.value(s, w, unquoted)
	if !ok {
		return "", false
	}
	return a.keyOf(s, v, logical)
}

// keyOf turns a value into a key; logical is for cd.
func (a *absent) keyOf(s *absState, v string, logical bool) (string, bool) {
	if v == "" || strings.Contains(v, absMark) && !strings.HasPrefix(v, absMark) {
		return "", false
	}
	base := ""
	switch {
	case strings.HasPrefix(v, absMark):
		v = v[1:]
	case strings.HasPrefix(v, "/"):
	default:
		base = s.cwd
	}
	var comps []string
	if base != "" {
		comps = strings.Split(base, "/")
	}
	lead := base != ""
	parts := strings.Split(v, "/")
	if base != "" && stripAtoms(parts[0]) == "" && !s.nonEmpty[parts[0]] {
		// "$d/x" with d empty is /x: a value that may be empty is
		// marked, and nothing is read as inside it (prefixOK).
		parts[0] += absMaybe
	}
	for _, c := range parts {
		switch c {
		case "", ".":
			continue
		case "..":
			if logical && len(comps) > 0 && comps[len(comps)-1] != ".." && comps[len(comps)-1] != "" && !strings.Contains(comps[len(comps)-1], absAtom) {
				comps = comps[:len(comps)-1]
				continue
			}
			if !logical && !lead {
				return "", false
			}
			comps = append(comps, c)
			continue
		}
		lead = false
		comps = append(comps, c)
	}
	k := strings.Join(comps, "/")
	if base == "" && strings.HasPrefix(v, "/") || base != "" && strings.HasPrefix(base, "/") {
		if !strings.HasPrefix(k, "/") {
			k = "/" + k
		}
	}
	if k == "" {
		return "", false
	}
	return k, true
}

// test reads test -e/-d PATH, ! -e PATH, and the emptiness count
// $(ls -a1 DIR/. | wc -l) -ne 2 (or -eq 2, = 2, != 2).
func (a *absent) test(args []*syntax.Word, s *absState) (ok, fail []*absState) {
	neg := false
	if len(args) > 0 && args[0].Lit() == "!" {
		neg, args = true, args[1:]
	}
	with := func(k string, f uint8) *absState {
		n := s.clone()
		n.facts[k] |= f
		return n
	}
	var t, e []*absState
	switch {
	case len(args) == 2 && (args[0].Lit() == "-n" || args[0].Lit() == "-z"):
		n := s.clone()
		a.noteNonEmpty(n, s, args[1])
		t, e = []*absState{n}, []*absState{s}
		if a.image && a.knownNonEmpty(s, args[1]) {
			e = nil // owntemp.go: a value not empty is never empty
		}
		if args[0].Lit() == "-z" {
			t, e = e, t
		}
	case len(args) == 2 && (args[0].Lit() == "-e" || args[0].Lit() == "-a" || args[0].Lit() == "-d"):
		k, okk := a.key(s, args[1], false, true)
		if !okk {
			return []*absState{s}, []*absState{s}
		}
		f := fAbsent
		if v, _ := a.value(s, args[1], true); args[0].Lit() == "-d" || strings.HasSuffix(v, "/") || strings.HasSuffix(v, "/.") {
			// X/ and X/. are missing when X is a file, too.
			f = fNotDir
		}
		n := s.clone()
		a.noteNonEmpty(n, s, args[1]) // it exists: not ""
		t, e = []*absState{n}, []*absState{with(k, f)}
	case len(args) == 3:
		v, okk := a.lsCount(s, args[0])
		op, two := args[1].Lit(), args[2].Lit() == "2"
		if !okk || !two {
			return []*absState{s}, []*absState{s}
		}
		// Two lines: DIR is an empty directory, so DIR is not ""
		// (that would be /.).
		empty := s.clone()
		if x := strings.TrimSuffix(v, "/."); !strings.Contains(x, "/") && stripAtoms(x) == "" {
			empty.nonEmpty[x] = true
		}
		k, okk := a.keyOf(empty, v, false)
		if !okk {
			return []*absState{s}, []*absState{s}
		}
		empty.facts[k] |= fEmpty
		switch op {
		case "-ne", "!=":
			t, e = []*absState{s}, []*absState{empty}
		case "-eq", "=":
			t, e = []*absState{empty}, []*absState{s}
		default:
			return []*absState{s}, []*absState{s}
		}
	default:
		return []*absState{s}, []*absState{s}
	}
	if neg {
		return e, t
	}
	return t, e
}

// testClause reads [[ -e PATH ]], [[ -d PATH ]] and [[ ! … ]].
func (a *absent) testClause(x *syntax.TestClause, s *absState) (ok, fail []*absState) {
	e := x.X
	neg := false
	if u, isU := e.(*syntax.UnaryTest); isU && u.Op == syntax.TsNot {
		neg, e = true, u.X
	}
	u, isU := e.(*syntax.UnaryTest)
	if !isU || u.Op != syntax.TsExists && u.Op != syntax.TsDirect {
		return []*absState{s}, []*absState{s}
	}
	w, isW := u.X.(*syntax.Word)
	if !isW {
		return []*absState{s}, []*absState{s}
	}
	k, okk := a.key(s, w, false, true)
	if !okk {
		return []*absState{s}, []*absState{s}
	}
	n := s.clone()
	if u.Op == syntax.TsDirect {
		n.facts[k] |= fNotDir
	} else {
		n.facts[k] |= fAbsent
	}
	if neg {
		return []*absState{n}, []*absState{s}
	}
	return []*absState{s}, []*absState{n}
}

// lsCount reads $(ls -a1 DIR/. | wc -l) and returns DIR/.'s value: a count of 2
// means DIR is an empty directory (. and ..; an ls that fails prints
// nothing, a name with a newline counts more).
func (a *absent) lsCount(s *absState, w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	cs, ok := w.Parts[0].(*syntax.CmdSubst)
	if !ok || len(cs.Stmts) != 1 {
		return "", false
	}
	b, ok := cs.Stmts[0].Cmd.(*syntax.BinaryCmd)
	if !ok || b.Op != syntax.Pipe {
		return "", false
	}
	ls, ok1 := b.X.Cmd.(*syntax.CallExpr)
	wc, ok2 := b.Y.Cmd.(*syntax.CallExpr)
	if !ok1 || !ok2 || len(wc.Args) != 2 || cmdLit(wc.Args[0]) != "wc" || wc.Args[1].Lit() != "-l" || len(ls.Args) < 2 || cmdLit(ls.Args[0]) != "ls" {
		return "", false
	}
	var dir *syntax.Word
	all := false
	for _, arg := range ls.Args[1:] {
		v := arg.Lit()
		if strings.HasPrefix(v, "-") && len(v) > 1 {
			if strings.Trim(v[1:], "a1") != "" {
				return "", false
			}
			all = all || strings.Contains(v, "a")
			continue
		}
		if dir != nil {
			return "", false
		}
		dir = arg
	}
	if dir == nil || !all {
		return "", false
	}
	v, ok := a.value(s, dir, false)
	if !ok || !strings.HasSuffix(v, "/.") {
		return "", false // DIR/. : a symlink to a file or nothing fails
	}
	return v, true
}

// mkdir follows mkdir [-p] [-m MODE] DIR…: on success, each DIR proved
// absent (or below a path proved absent or not a directory, with -p, or an
// entry of an empty directory) is the script's.
func (a *absent) mkdir(args []*syntax.Word, s *absState) (ok, fail []*absState) {
	parents := false
	var ops []*syntax.Word
	dashdash := false
	for i := 0; i < len(args); i++ {
		v := args[i].Lit()
		switch {
		case dashdash || !strings.HasPrefix(v, "-") || v == "-":
			ops = append(ops, args[i])
		case v == "--":
			dashdash = true
		case v == "-m" || v == "--mode":
			i++
		case strings.HasPrefix(v, "--mode=") || v == "-v" || v == "--verbose" || v == "--parents":
			parents = parents || v == "--parents"
		case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--"):
			rest := v[1:]
			for j := 0; j < len(rest); j++ {
				switch rest[j] {
				case 'p':
					parents = true
				case 'v':
				case 'm':
					if j == len(rest)-1 {
						i++
					}
					j = len(rest)
				default:
					return []*absState{s}, []*absState{s}
				}
			}
		default:
			return []*absState{s}, []*absState{s}
		}
	}
	n := s.clone()
	for _, w := range ops {
		k, okk := a.key(s, w, false, false)
		if !okk {
			continue
		}
		a.made(n, s, k, parents)
		if !parents {
			// mkdir without -p fails on anything there: a fresh
			// real directory (cdback.go).
			n.facts[k] |= fOwn | fDir | fEmpty
		}
		a.rekey(n, s, w, k)
	}
	return []*absState{n}, []*absState{s}
}

// rekey: a path made exactly at a word is not empty; what is known of it is
// known under its key as a value not empty.
func (a *absent) rekey(n, s *absState, w *syntax.Word, k string) {
	a.noteNonEmpty(n, s, w)
	if k2, ok := a.key(n, w, false, false); ok && k2 != k {
		n.facts[k2] |= n.facts[k]
	}
}

// made records what a successful mkdir of k made, from the facts of s.
func (a *absent) made(n, s *absState, k string, parents bool) {
	for p, f := range s.facts {
		if f&(fAbsent|fNotDir|fEmpty) == 0 {
			continue
		}
		under := strings.HasPrefix(k, p+"/") && prefixOK(p)
		if p != k && !under {
			continue
		}
		switch {
		case f&(fAbsent|fNotDir) != 0 && (p == k || parents):
			// A mkdir that succeeded made a directory where none was
			// (and the one it names is empty).
			n.facts[p] |= fOwn | fDir
			n.facts[k] |= fOwn | fDir | fEmpty
		case f&fEmpty != 0 && under:
			first, _, _ := strings.Cut(k[len(p)+1:], "/")
			if first == ".." || !parents && k != p+"/"+first {
				continue
			}
			n.facts[p+"/"+first] |= fOwn | fDir
			if p+"/"+first == k {
				n.facts[k] |= fEmpty
			}
			n.facts[p] |= fOwnIn
		case f&fEmpty != 0 && p == k:
			if parents {
				n.facts[p] |= fOwnIn
			} else {
				n.facts[p] |= fOwn | fDir
			}
		}
	}
	// What is there now exists, and is no longer empty.
	for p := range n.facts {
		if p == k || strings.HasPrefix(k, p+"/") {
			n.facts[p] &^= fAbsent | fNotDir
			if p != k {
				n.facts[p] &^= fEmpty
			}
		}
	}
}

// cp follows cp -R/-r/-a SRC DST onto a DST proved absent: DST is the
// script's name. Only with -L is it a real directory (cp -R copies a
// symlink SRC as a symlink).
func (a *absent) cp(args []*syntax.Word, s *absState) (ok, fail []*absState) {
	deref := false
	var ops []*syntax.Word
	for _, w := range args {
		v := w.Lit()
		if !strings.HasPrefix(v, "-") || v == "-" {
			ops = append(ops, w)
			continue
		}
		switch v {
		case "--recursive", "--archive", "--verbose", "--no-dereference", "--preserve", "--no-target-directory":
			continue
		case "--dereference":
			deref = true
			continue
		}
		if strings.HasPrefix(v, "--preserve=") {
			continue
		}
		if strings.HasPrefix(v, "--") || strings.Trim(v[1:], "RrapPdLvT") != "" {
			// -t DIR, -u, -l, -s, --backup, …: not read.
			out := a.forget([]*absState{s}, true, nil)
			return out, out
		}
		if strings.Contains(v, "L") {
			deref = true
		}
		if strings.ContainsAny(v, "Pd") {
			deref = false
		}
	}
	out := a.forget([]*absState{s}, true, nil)
	if len(ops) != 2 {
		return out, out
	}
	k, okk := a.key(s, ops[1], false, false)
	if !okk || s.facts[k]&fAbsent == 0 {
		return out, out
	}
	n := out[0].clone()
	n.facts[k] |= fOwn
	if deref {
		n.facts[k] |= fDir
	}
	a.rekey(n, s, ops[1], k)
	return []*absState{n}, out
}

// rmUse marks each rm operand own when it names, in this state, a name the
// script made, or an entry directly in a real directory it made (or one
// that was empty).
func (a *absent) rmUse(args []*syntax.Word, s *absState) {
	dashdash := false
	for _, w := range args {
		v := w.Lit()
		if !dashdash && strings.HasPrefix(v, "-") {
			if v == "--" {
				dashdash = true
			}
			continue
		}
		off := int(w.Pos().Offset())
		own := false
		if val, ok := a.value(s, w, false); ok && !strings.HasSuffix(val, "/") && !strings.HasSuffix(val, "/.") {
			if k, ok := a.keyOf(s, val, false); ok {
				own = a.ownName(s, k)
			}
		}
		if prev, seen := a.out[off]; !seen || prev {
			a.out[off] = own
		}
	}
}

// ownName reports whether deleting k deletes only what the script made.
func (a *absent) ownName(s *absState, k string) bool {
	if s.facts[k]&fOwn != 0 {
		return true
	}
	i := strings.LastIndex(k, "/")
	if i <= 0 {
		return false
	}
	parent, last := k[:i], k[i+1:]
	if last == ".." || last == "" || strings.Contains(last, absAtom) || !prefixOK(parent) {
		return false
	}
	f := s.facts[parent]
	return f&(fOwn|fDir) == fOwn|fDir || f&fOwnIn != 0
}

// forgetBits drops some facts in a copy of the state.
func (a *absent) forgetBits(s *absState, bits uint8) []*absState {
	n := s.clone()
	for k, v := range n.facts {
		n.facts[k] = v &^ bits
	}
	return []*absState{n}
}

// git follows a git command: git init DIR and git clone URL DIR make a
// repository there; any other command is recorded as run in a repository
// the script made when the directory it runs in (after -C) is exactly the
// top of one (below it, a symlink from the repository's content may lead
// anywhere). A command that may change where the repository or its work
// tree is (config, init, clone, submodule, worktree, -c, --git-dir,
// --work-tree) undoes every fact; any other keeps what is known of the
// repositories the script made and undoes the rest.
func (a *absent) git(ce *syntax.CallExpr, args []*syntax.Word, s *absState) (ok, fail []*absState) {
	all := a.forget([]*absState{s}, true, nil)
	dir := s.cwd
	known := len(ce.Assigns) == 0
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Lit()
		switch v {
		case "-C":
			if i+1 >= len(args) {
				return all, all
			}
			i++
			val, okv := a.value(s, args[i], false)
			if !okv {
				known = false
				continue
			}
			t := *s
			t.cwd = dir
			k, okk := a.keyOf(&t, val, false)
			if !okk {
				known = false
				continue
			}
			dir = k
			continue
		case "--no-pager", "-p", "--paginate", "-P", "--no-replace-objects", "--literal-pathspecs", "--no-optional-locks":
			continue
		}
		break
	}
	if i >= len(args) {
		return all, all
	}
	if strings.HasPrefix(args[i].Lit(), "-") {
		// -c NAME=VALUE (core.worktree), --git-dir, --work-tree, …
		return all, all
	}
	sub := args[i].Lit()
	switch sub {
	case "init", "clone":
		if !known || dir != s.cwd {
			return all, all
		}
		return a.gitMake(sub, args[i+1:], s, all)
	case "config", "submodule", "worktree", "filter-branch", "":
		return all, all
	}
	off := int(ce.Pos().Offset())
	own := known && s.facts[dir]&fRepo != 0
	if prev, seen := a.repo[off]; !seen || prev {
		a.repo[off] = own
	}
	n := s.clone()
	for k, v := range n.facts {
		if v&fRepo != 0 {
			n.facts[k] = v &^ (fPast &^ (fRepo | fDir))
		} else {
			n.facts[k] = v &^ fPast
		}
	}
	return []*absState{n}, []*absState{n}
}

// gitMake follows git init [-q] [-b B] DIR and git clone [opts] URL DIR onto
// a DIR proved absent (or empty: both accept an empty directory).
func (a *absent) gitMake(sub string, args []*syntax.Word, s *absState, all []*absState) (ok, fail []*absState) {
	var ops []*syntax.Word
	for i := 0; i < len(args); i++ {
		v := args[i].Lit()
		switch {
		case v == "-q" || v == "--quiet" || v == "--single-branch" || v == "--no-single-branch" || v == "--no-checkout" || v == "-n" ||
			v == "--no-tags" || v == "--recurse-submodules" || v == "--recursive" || v == "--shallow-submodules" || v == "--progress" || v == "--dissociate":
		case v == "-b" || v == "--branch" || v == "--initial-branch" || v == "-o" || v == "--origin" || v == "--depth" || v == "-j" || v == "--jobs":
			i++
		case strings.HasPrefix(v, "--depth=") || strings.HasPrefix(v, "--branch=") || strings.HasPrefix(v, "--initial-branch=") ||
			strings.HasPrefix(v, "--origin=") || strings.HasPrefix(v, "--filter=") || strings.HasPrefix(v, "--jobs="):
		case strings.HasPrefix(v, "-") && v != "-":
			// --template, --separate-git-dir, --bare, --mirror, -c,
			// --reference, --shared, … : not read.
			return all, all
		default:
			ops = append(ops, args[i])
		}
	}
	want := 2
	if sub == "init" {
		want = 1
	}
	if sub == "init" && len(ops) == 0 {
		return a.gitMade(s.cwd, s, all) // git init: here
	}
	if sub == "clone" && len(ops) == 1 {
		// git clone URL: the URL's last component (cdback.go).
		name, okn := cloneName(ops[0])
		if !okn {
			return all, all
		}
		k, okk := a.keyOf(s, name, false)
		if !okk {
			return all, all
		}
		return a.cloned(k, all)
	}
	if len(ops) != want {
		return all, all
	}
	for _, w := range ops {
		// An unquoted or substituted word may be options
		// (--separate-git-dir, --template, -c core.worktree=…).
		if _, okv := a.value(s, w, false); !okv {
			return all, all
		}
	}
	k, okk := a.key(s, ops[want-1], false, false)
	if !okk {
		return all, all
	}
	if sub == "clone" {
		// It succeeded: DIR was absent or an empty directory.
		ok, fail = a.cloned(k, all)
	} else {
		ok, fail = a.gitMade(k, s, all)
	}
	if len(ok) == 1 && ok[0] != all[0] {
		a.rekey(ok[0], s, ops[want-1], k)
	}
	return ok, fail
}

// gitMade records a repository made at k, if k was proved absent or empty.
func (a *absent) gitMade(k string, s *absState, all []*absState) (ok, fail []*absState) {
	f := s.facts[k]
	n := all[0].clone()
	n.facts[k] |= f & (fOwn | fDir) // git init does not replace the directory
	switch {
	case f&fAbsent != 0:
		n.facts[k] |= fOwn | fDir | fRepo
	case f&fEmpty != 0:
		n.facts[k] |= fOwnIn | fRepo
	default:
		return all, all
	}
	return []*absState{n}, all
}

// epoch is a new name for the values of variables not assigned here.
func (a *absent) epoch() string {
	a.gen++
	return "E" + strconv.Itoa(a.gen)
}

func allErrexit(in []*absState) bool {
	for _, s := range in {
		if !s.errexit {
			return false
		}
	}
	return true
}
