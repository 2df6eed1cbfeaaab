package parse

import (
	"os"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A script's own directory after it went into it and came back (issue 12,
// public CI scripts):
//
//	mkdir cmake-build; cd cmake-build; ../configure; make; cd ..; rm -rf cmake-build
//	git clone https://…/sccache; cd sccache; cargo build; cd ..; rm -rf sccache
//	mkdir b; cd b; …; cd - && rm -rf b
//	pushd build >/dev/null; …; popd; rm -rf build
//
// The absent-then-made analysis (absent.go) follows the working directory
// as a key; this file makes its changes of directory exact enough that a
// proof made before a cd still applies after a provable return:
//
//   - cd DIR (and cd -L DIR) to a name whose value is known moves the key
//     logically (bash, dash, ksh and zsh all default to cd -L: .. drops the
//     last component of $PWD, so cd .. after entering a symlink comes back
//     through it); cd -P, set -P (the analysis is off) and setopt (zsh
//     chase_links, chase_dots, auto_cd, cdable_vars: off) are not followed.
//   - cd - and cd "$OLDPWD" go to the directory the last cd left, when it is
//     known and the script did not assign OLDPWD (also as a prefix:
//     OLDPWD=/etc cd -). pushd DIR pushes the directory it leaves, popd
//     goes back to it; dirs, DIRSTACK, pushd/popd with options or +N do not
//     keep the stack. A subshell's cd ends with it, as before.
//   - CDPATH: cd NAME (not /…, ./…, ../…, . or ..) searches CDPATH first
//     in bash and dash, also in a script when CDPATH is exported: an
//     inherited CDPATH=/home/u makes cd build enter /home/u/build, and the
//     rm -rf build after cd .. deletes the user's. Such a cd is followed
//     only when the script itself set CDPATH empty (CDPATH=, unset CDPATH)
//     or, for bash and sh scripts, CDPATH and BASH_ENV (which could set it)
//     are both empty in the environment guardsh runs in — the script's own
//     in $SHELL mode and in CI, a guess for a file scanned elsewhere. A zsh
//     script reads ~/.zshenv, which may set cdpath: its searchable cds are
//     never followed. A CDPATH the script sets to anything else, or that
//     eval or source may set, makes the directory unknown. For the same
//     reason a cd through .. is not followed in a zsh script (~/.zshenv may
//     set chase_links or chase_dots) or a bash one with BASH_ENV set (it
//     may run set -P): cd .. out of a link would go to where it led.
//   - A mkdir without -p that succeeded made a fresh real directory (it
//     fails on anything there, a dangling symlink too): the name and every
//     entry made in it are the script's, as if absence had been proved.
//   - git clone URL [DIR] that succeeded proves DIR was absent or an empty
//     directory (it refuses a file, a dangling symlink and a non-empty
//     directory): the name is the script's, its entries too (an empty
//     directory held no data; a symlink to an empty directory is deleted as
//     a link). Without DIR the directory is the URL's last component
//     without /, .git and /.git, read only for a literal URL whose name is
//     plain. git init proves nothing (it reinitialises a directory in
//     place).
//   - tar: an extraction is not a proof (tar merges into a directory that
//     exists, and an archive decides its own names and may hold symlinks):
//     what a tar extracts is the script's only inside a directory the script
//     made (an entry of its own real directory), never by the name alone.
//   - set -e in a function: a function defined once at the top level runs
//     with set -e when every state at its definition has it, no set +e is
//     written anywhere (and no eval or source could run one), and every
//     call of it is a command of its own outside a condition, a && / ||
//     list, a pipeline, a substitution or the background; otherwise its
//     body is read without set -e, as before.
//   - A wrapper function whose body runs its arguments ("$@", $@) without
//     shift or set: a call changes what its arguments do as a command
//     (hide_output make changes nothing in this shell, hide_output cd x
//     changes the directory), not everything.
//   - A trap whose code is a variable ("$on_err") is read as each literal
//     value the variable is assigned in the file, when nothing else can
//     assign it.

// cdpathInherited reports whether a cd to a searchable name may go
// through a CDPATH the script does not set itself, and whether a start-up
// file the script reads may have made cd physical (set -P in $BASH_ENV,
// setopt chase_links or chase_dots in ~/.zshenv).
func cdpathInherited(shell string) (cdpath, physical bool) {
	switch shell {
	case "zsh":
		return true, true // ~/.zshenv: cdpath=(…), setopt chase_dots
	case "", "bash":
		if os.Getenv("BASH_ENV") != "" {
			return true, true
		}
	}
	return os.Getenv("CDPATH") != "", false
}

// lostDir makes the working directory, OLDPWD and the directory stack of a
// state unknown.
func (a *absent) lostDir(n *absState) {
	n.cwd = a.atom("c")
	n.oldpwd = ""
	n.dirs, n.dirsKnown = nil, false
}

// forgotVars applies to the directory state what a change of the variables
// in c does: OLDPWD (cd -), DIRSTACK (popd), cdpath (zsh's CDPATH).
func (a *absent) forgotVars(n *absState, c *clobber) {
	if c == nil {
		return
	}
	if c.all {
		n.vals["CDPATH"] = a.atom("v") // eval 'CDPATH=/'
		n.oldpwd = ""
		n.dirs, n.dirsKnown = nil, false
	}
	if c.names["OLDPWD"] {
		n.oldpwd = ""
	}
	if c.names["DIRSTACK"] {
		n.dirs, n.dirsKnown = nil, false
	}
	if c.names["cdpath"] {
		n.vals["CDPATH"] = a.atom("v")
	}
}

// assignedDirVars is forgotVars for plain assignments (OLDPWD=/etc).
func (a *absent) assignedDirVars(n *absState, as []*syntax.Assign) {
	c := &clobber{names: map[string]bool{}}
	for _, x := range as {
		if x.Name != nil {
			c.names[x.Name.Value] = true
		}
	}
	a.forgotVars(n, c)
}

// joinDir keeps, in j, what s knows of the directory too.
func (a *absent) joinDir(j, s *absState) {
	if s.cwd != j.cwd {
		j.cwd = a.atom("c")
	}
	if s.oldpwd != j.oldpwd {
		j.oldpwd = ""
	}
	if j.dirsKnown != s.dirsKnown || strings.Join(j.dirs, "\x03") != strings.Join(s.dirs, "\x03") {
		j.dirs, j.dirsKnown = nil, false
	}
}

// dirSignature writes OLDPWD and the stack for absState.signature.
func (s *absState) dirSignature(sb *strings.Builder) {
	sb.WriteString(s.oldpwd)
	sb.WriteByte('|')
	if s.dirsKnown {
		sb.WriteString("d")
	}
	sb.WriteString(":" + strings.Join(s.dirs, "\x03"))
	sb.WriteByte('|')
}

// searches reports whether cd to the value v may go through CDPATH.
func (a *absent) searches(s *absState, v string) bool {
	if strings.HasPrefix(v, "/") || strings.HasPrefix(v, absMark) {
		return false
	}
	if first, _, _ := strings.Cut(v, "/"); first == "." || first == ".." {
		return false
	}
	cp, set := s.vals["CDPATH"]
	if !set {
		return a.cdpathEnv
	}
	for _, e := range strings.Split(cp, ":") {
		if e != "" && e != "." {
			return true // CDPATH=/x, or a value not known
		}
	}
	return false
}

// isOldpwd reports a word that is just $OLDPWD ("$OLDPWD", ${OLDPWD}).
func isOldpwd(w *syntax.Word) bool {
	pe := simpleParam(w)
	return pe != nil && pe.Param.Value == "OLDPWD"
}

// cd follows a change of directory: the states where it succeeded and
// where it failed (the shell stays).
func (a *absent) cd(args []*syntax.Word, s *absState) (ok, fail []*absState) {
	for len(args) > 0 && args[0].Lit() == "-L" {
		args = args[1:]
	}
	if len(args) > 0 && args[0].Lit() == "--" {
		args = args[1:]
	}
	n := s.clone()
	if len(args) != 1 || strings.HasPrefix(args[0].Lit(), "-") && args[0].Lit() != "-" {
		// cd (home), cd -P, cd -e, zsh's cd OLD NEW: not followed.
		a.lostDir(n)
		return []*absState{n}, []*absState{n}
	}
	if args[0].Lit() == "-" || isOldpwd(args[0]) {
		if s.oldpwd == "" {
			a.lostDir(n)
			return []*absState{n}, []*absState{s}
		}
		n.cwd, n.oldpwd = s.oldpwd, s.cwd
		return []*absState{n}, []*absState{s}
	}
	v, okv := a.value(s, args[0], false)
	if !okv || v == "" {
		a.lostDir(n)
		return []*absState{n}, []*absState{s}
	}
	k, okk := a.keyOf(s, v, true)
	if !okk || a.searches(s, v) || a.physicalEnv && dotdot(v) {
		a.lostDir(n)
		return []*absState{n}, []*absState{s}
	}
	n.cwd, n.oldpwd = k, s.cwd
	return []*absState{n}, []*absState{s}
}

// dirStack follows pushd DIR, popd and dirs.
func (a *absent) dirStack(name string, args []*syntax.Word, s *absState) (ok, fail []*absState) {
	n := s.clone()
	lost := func() ([]*absState, []*absState) {
		a.lostDir(n)
		return []*absState{n}, []*absState{n}
	}
	switch name {
	case "dirs":
		for _, w := range args {
			if v := w.Lit(); v != "-l" && v != "-p" && v != "-v" {
				n.dirs, n.dirsKnown = nil, false // dirs -c clears it
			}
		}
		return []*absState{n}, []*absState{n}
	case "pushd":
		if len(args) != 1 || strings.HasPrefix(args[0].Lit(), "-") || strings.HasPrefix(args[0].Lit(), "+") {
			return lost() // pushd alone or +N rotates, -n pushes without cd
		}
		o, f := a.cd(args, s)
		for _, x := range o {
			x.dirs, x.dirsKnown = append([]string{s.cwd}, s.dirs...), s.dirsKnown
		}
		return o, f
	default: // popd
		if len(args) != 0 || len(s.dirs) == 0 && !s.dirsKnown || a.physicalEnv {
			// (A start-up file may set zsh's auto_pushd: every cd
			// pushes.)
			return lost()
		}
		if len(s.dirs) == 0 {
			return nil, []*absState{s} // popd: directory stack empty
		}
		n.cwd, n.oldpwd = s.dirs[0], s.cwd
		n.dirs = s.dirs[1:]
		f := s.clone()
		a.lostDir(f) // the directory may be gone
		return []*absState{n}, []*absState{f}
	}
}

// unsetCDPATH: unset CDPATH (not unset -f) leaves it empty.
func (a *absent) unsetCDPATH(out []*absState, args []*syntax.Word) {
	for _, w := range args {
		if v := w.Lit(); v == "-f" || strings.HasPrefix(v, "-") && strings.Contains(v, "f") {
			return
		}
	}
	for _, w := range args {
		if w.Lit() == "CDPATH" {
			for _, s := range out {
				s.vals["CDPATH"] = ""
			}
		}
	}
}

// cloneName is the directory git clone URL makes without a DIR: the URL's
// last component without /, .git and /.git, for a literal URL whose name
// is plain.
func cloneName(w *syntax.Word) (string, bool) {
	u, ok := litText(w)
	if !ok || strings.HasPrefix(u, "-") || !strings.ContainsAny(u, "/:") {
		return "", false
	}
	u = strings.TrimRight(u, "/")
	u = strings.TrimSuffix(u, "/.git")
	u = strings.TrimRight(u, "/")
	u = strings.TrimSuffix(u, ".git")
	i := strings.LastIndexAny(u, "/:")
	if i < 0 {
		return "", false
	}
	name := u[i+1:]
	if name == "" || name[0] == '.' || name[0] == '-' || strings.Contains(u[:i+1], "://") && !strings.Contains(u[strings.Index(u, "://")+3:], "/") {
		return "", false // ssh://host: the host's name, not read
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-' || r == '+') {
			return "", false
		}
	}
	return name, true
}

// cloned records the repository a git clone that succeeded made at k.
func (a *absent) cloned(k string, all []*absState) (ok, fail []*absState) {
	n := all[0].clone()
	n.facts[k] |= fOwn | fDir | fRepo
	for p := range n.facts {
		if p == k || strings.HasPrefix(k, p+"/") {
			n.facts[p] &^= fAbsent | fNotDir
			if p != k {
				n.facts[p] &^= fEmpty
			}
		}
	}
	return []*absState{n}, all
}

// funcErrexit reports whether set -e is in force whenever a function
// defined once at the top level runs (see the file comment).
func (a *absent) funcErrexit(fd *syntax.FuncDecl) bool {
	name := fd.Name.Value
	if a.errexitFn == nil {
		a.errexitFn = map[string]int{}
	}
	switch a.errexitFn[name] {
	case 1:
		return true
	case 2, 3:
		return false // 3: being computed (recursion)
	}
	a.errexitFn[name] = 3
	on := a.funcErrexitOf(fd)
	a.errexitFn[name] = 2
	if on {
		a.errexitFn[name] = 1
	}
	return on
}

func (a *absent) funcErrexitOf(fd *syntax.FuncDecl) bool {
	name := fd.Name.Value
	snap := a.snaps[fd]
	if len(snap) == 0 || a.evals || a.sources {
		return false
	}
	for _, s := range snap {
		if !s.errexit {
			return false
		}
	}
	cs := a.callScan()
	if cs.setOff || cs.mentions[name] != cs.calls[name] || cs.bad[name] {
		return false
	}
	for _, g := range cs.deps[name] {
		if !a.funcErrexit(g) {
			return false
		}
	}
	return true
}

// callScanned is what funcErrexit reads of the whole script, once: the
// words that mention each name and the calls of it (equal when every
// mention is a call: no trap 'name' EXIT, xargs name, "$fn"), the calls
// made where set -e is not in force (a condition, && / ||, a pipeline, a
// substitution, the background), the functions whose bodies call a name,
// and whether anything may run set +e.
type callScanned struct {
	mentions, calls map[string]int
	bad             map[string]bool
	deps            map[string][]*syntax.FuncDecl
	setOff          bool
}

func (a *absent) callScan() *callScanned {
	if a.calls != nil {
		return a.calls
	}
	cs := &callScanned{mentions: map[string]int{}, calls: map[string]int{}, bad: map[string]bool{}, deps: map[string][]*syntax.FuncDecl{}}
	a.calls = cs
	tokens := func(v string) {
		for i := 0; i < len(v); {
			if !wordByte(v[i]) {
				i++
				continue
			}
			j := i
			for j < len(v) && wordByte(v[j]) {
				j++
			}
			cs.mentions[v[i:j]]++
			i = j
		}
	}
	for _, st := range a.stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.Lit:
				tokens(x.Value)
			case *syntax.SglQuoted:
				tokens(x.Value)
			case *syntax.FuncDecl:
				if x.Name != nil {
					cs.calls[x.Name.Value]++ // its name, a Lit
				}
			case *syntax.CallExpr:
				if len(x.Args) > 0 && len(x.Args[0].Parts) == 1 {
					cs.calls[cmdLit(x.Args[0])]++
				}
				if len(x.Args) > 0 && cmdLit(x.Args[0]) == "set" && setsErrexitOff(x.Args[1:]) {
					cs.setOff = true // set +e, set +o errexit, set "$opts"
				}
				for _, w := range x.Args {
					if v := w.Lit(); v == "+o" || strings.HasPrefix(v, "+") && strings.Contains(v, "e") {
						cs.setOff = true // w set +e: a wrapper runs it
					}
				}
			}
			return true
		})
	}
	// A Lit of a command word counts once as a mention and once as a
	// call only when the whole word is the name: hasWord's tokens.
	var visit func(stmts []*syntax.Stmt, cond bool, in *syntax.FuncDecl)
	node := func(n syntax.Node) {
		// Anything not read below: a call in it is not known to run
		// with set -e.
		syntax.Walk(n, func(n syntax.Node) bool {
			if ce, isCall := n.(*syntax.CallExpr); isCall && len(ce.Args) > 0 {
				cs.bad[cmdLit(ce.Args[0])] = true
			}
			return true
		})
	}
	visit = func(stmts []*syntax.Stmt, cond bool, in *syntax.FuncDecl) {
		for _, st := range stmts {
			c := cond || st.Negated || st.Background || st.Coprocess
			switch x := st.Cmd.(type) {
			case *syntax.CallExpr:
				for _, w := range x.Args {
					node(w) // $(name): no set -e there
				}
				for _, as := range x.Assigns {
					node(as)
				}
				if len(x.Args) > 0 {
					name := cmdLit(x.Args[0])
					switch {
					case c:
						cs.bad[name] = true
					case in != nil:
						cs.deps[name] = append(cs.deps[name], in)
					}
				}
			case *syntax.Block:
				visit(x.Stmts, c, in)
			case *syntax.Subshell:
				visit(x.Stmts, c, in)
			case *syntax.BinaryCmd:
				if x.Op == syntax.AndStmt || x.Op == syntax.OrStmt {
					visit([]*syntax.Stmt{x.X}, true, in)
					visit([]*syntax.Stmt{x.Y}, c, in)
				} else {
					visit([]*syntax.Stmt{x.X, x.Y}, true, in)
				}
			case *syntax.IfClause:
				for cl := x; cl != nil; cl = cl.Else {
					visit(cl.Cond, true, in)
					visit(cl.Then, c, in)
				}
			case *syntax.WhileClause:
				visit(x.Cond, true, in)
				visit(x.Do, c, in)
			case *syntax.ForClause:
				node(x.Loop)
				visit(x.Do, c, in)
			case *syntax.CaseClause:
				node(x.Word)
				for _, it := range x.Items {
					visit(it.Stmts, c, in)
				}
			case *syntax.FuncDecl:
				// Its body runs where it is called.
				visit([]*syntax.Stmt{x.Body}, false, x)
			default:
				if st.Cmd != nil {
					node(st.Cmd)
				}
			}
			for _, r := range st.Redirs {
				node(r)
			}
		}
	}
	visit(a.stmts, false, nil)
	return cs
}

// wrapperArgs reports a command word that runs a function's arguments:
// "$@", $@, "${@}". quoted is false for the unquoted forms.
func wrapperArgs(w *syntax.Word) (is, quoted bool) {
	pe := simpleParam(w)
	if pe == nil || pe.Param.Value != "@" {
		return false, false
	}
	_, quoted = solePart(w)
	return true, quoted
}

// trapCodes returns the literal values a trap's code word can have: its
// text, or for "$v" every literal value assigned to v in the script, when
// nothing else can change v.
func (a *absent) trapCodes(w *syntax.Word) ([]string, bool) {
	if code, lit := litText(w); lit {
		return []string{code}, true
	}
	pe := simpleParam(w)
	if pe == nil || a.evals || a.sources {
		return nil, false
	}
	v := pe.Param.Value
	if shellSets(v) || v == "" || !(v[0] == '_' || v[0] >= 'a' && v[0] <= 'z' || v[0] >= 'A' && v[0] <= 'Z') {
		return nil, false
	}
	var codes []string
	good := true
	for _, st := range a.stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			if !good {
				return false
			}
			switch x := n.(type) {
			case *syntax.Assign:
				if x.Name == nil || x.Name.Value != v {
					return true
				}
				if x.Append || x.Array != nil || x.Index != nil || x.Naked {
					good = false
					return false
				}
				if x.Value == nil {
					codes = append(codes, "")
					return true
				}
				code, lit := litText(x.Value)
				if !lit {
					good = false
					return false
				}
				codes = append(codes, code)
			case *syntax.DeclClause:
				for _, as := range x.Args {
					if as.Name == nil && as.Value != nil && !strings.HasPrefix(as.Value.Lit(), "-") {
						good = false // a name not written literally
					}
					if as.Name != nil && as.Name.Value == v && as.Value == nil {
						codes = append(codes, "") // local v
					}
				}
			case *syntax.ForClause:
				if wi, isWi := x.Loop.(*syntax.WordIter); !isWi || wi.Name != nil && wi.Name.Value == v {
					good = false
				}
			case *syntax.ParamExp:
				if x.Param != nil && x.Param.Value == v && x.Exp != nil && (x.Exp.Op == syntax.AssignUnset || x.Exp.Op == syntax.AssignUnsetOrNull) {
					good = false
				}
			case *syntax.ArithmCmd, *syntax.ArithmExp, *syntax.LetClause:
				good = false
			case *syntax.CallExpr:
				if len(x.Args) == 0 {
					return true
				}
				switch cmdLit(x.Args[0]) {
				case "read", "getopts", "mapfile", "readarray", "unset", "export", "readonly", "printf", "wait", "":
					for _, w := range x.Args[1:] {
						if n, _, _ := strings.Cut(w.Lit(), "="); n == "" || n == v || strings.HasPrefix(w.Lit(), "-v") {
							good = false
						}
					}
				}
			}
			return true
		})
	}
	if !good || len(codes) == 0 {
		return nil, false
	}
	return codes, true
}

// wrapperCall adds to c what a call of a wrapper function (whose body
// runs its arguments, see clobber.args) does through its arguments.
func (a *absent) wrapperCall(x *syntax.CallExpr, f, c *clobber, depth int) {
	if f.shifts {
		c.all = true
		return
	}
	if len(x.Args) < 2 {
		return
	}
	if f.argsUnquoted {
		// $@ unquoted splits and globs its arguments again: the
		// command word must stay itself (the others stay its
		// arguments).
		if v, lit := litText(x.Args[1]); !lit || v == "" || strings.ContainsAny(v, " \t\n*?[") {
			c.all = true
			return
		}
	}
	a.clobberNode(&syntax.CallExpr{Args: x.Args[1:]}, c, depth+1)
}

// pathWord reports a command word with a slash written in it: the shell
// runs it as a file, never as a function or builtin, whatever its
// expansions hold.
func pathWord(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
			if strings.Contains(x.Value, "/") {
				return true
			}
		case *syntax.SglQuoted:
			if strings.Contains(x.Value, "/") {
				return true
			}
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				if l, ok := q.(*syntax.Lit); ok && strings.Contains(l.Value, "/") {
					return true
				}
			}
		}
	}
	return false
}

// setsErrexitOff reports set arguments that may turn set -e off: +e (also
// in a bundle), +o errexit, or a word not written literally.
func setsErrexitOff(args []*syntax.Word) bool {
	for i, w := range args {
		v := w.Lit()
		switch {
		case v == "":
			return true
		case v == "+o":
			if i+1 >= len(args) || args[i+1].Lit() == "errexit" || args[i+1].Lit() == "" {
				return true
			}
		case strings.HasPrefix(v, "+") && strings.Contains(v, "e"):
			return true
		}
	}
	return false
}

// mayUnsetErrexit reports a statement that may turn set -e off in this
// shell: set +e (also in a loop or a block), a call of a function of the
// script, eval, source, a command word not written literally.
func mayUnsetErrexit(st *syntax.Stmt, funcs map[string]bool) bool {
	off := false
	syntax.Walk(st, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false // a subshell
		case *syntax.Subshell:
			return false
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				return true
			}
			switch name := cmdLit(x.Args[0]); {
			case name == "set" && setsErrexitOff(x.Args[1:]):
				off = true
			case name == "" && !pathWord(x.Args[0]), name == "eval", name == ".", name == "source", funcs[name]:
				off = true
			}
		}
		return !off
	})
	return off
}

// laterFx is what may run after a function's definition: what it may
// change, and whether it may move data into a path (see movesAfter).
type laterFx struct {
	c     *clobber
	moves bool
}

// laterEffects is, for a top-level function, what the statements after
// its definition and every function body may change, and whether they may
// move data: the same as walking them for each function (funcState,
// movesAfter), in one pass from the end of the script.
func (a *absent) laterEffects(fd *syntax.FuncDecl) (*clobber, bool) {
	if a.later == nil {
		a.later = map[*syntax.FuncDecl]laterFx{}
		c := &clobber{names: map[string]bool{}}
		moves := false
		for _, f := range a.funcs {
			if f.body != nil {
				a.clobbers(f.body, c, 0)
				moves = moves || movesIn(f.body)
			}
		}
		for i := len(a.stmts) - 1; i >= 0; i-- {
			if x, ok := a.stmts[i].Cmd.(*syntax.FuncDecl); ok {
				if _, top := a.topIdx[x]; top {
					cp := *c
					cp.names = make(map[string]bool, len(c.names))
					for k := range c.names {
						cp.names[k] = true
					}
					a.later[x] = laterFx{&cp, moves}
				}
			}
			a.clobbers(a.stmts[i], c, 0)
			moves = moves || movesIn(a.stmts[i])
		}
	}
	fx := a.later[fd]
	if fx.c == nil {
		return &clobber{all: true, names: map[string]bool{}}, true
	}
	return fx.c, fx.moves
}

// movesIn reports a command in n whose name is not written literally or
// that may move data (movesAfter's test).
func movesIn(n syntax.Node) bool {
	found := false
	syntax.Walk(n, func(n syntax.Node) bool {
		if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 && (cmdLit(ce.Args[0]) == "" || mentionsMove(ce)) {
			found = true // (not found = …: a later sibling would reset it)
		}
		return !found
	})
	return found
}

// cmdLit is a command word written without quotes or expansions, with its
// backslashes removed: \cd and c\d are cd (the backslash only stops an
// alias), "" otherwise.
func cmdLit(w *syntax.Word) string {
	v := w.Lit()
	if !strings.Contains(v, "\\") {
		return v
	}
	var sb strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			i++
		}
		sb.WriteByte(v[i])
	}
	return sb.String()
}

// dotdot reports a path with a .. component.
func dotdot(v string) bool {
	for _, c := range strings.Split(v, "/") {
		if c == ".." {
			return true
		}
	}
	return false
}

// exportedShadowed reports, for a bash script, a function the environment
// guardsh runs in exports (export -f cd: BASH_FUNC_cd%%) under the name of
// a command the script-ownership analyses read: bash imports it into every
// script, so none of them applies.
func exportedShadowed(shell string) bool {
	if shell != "" && shell != "bash" {
		return false
	}
	for _, kv := range os.Environ() {
		if name, ok := strings.CutPrefix(kv, "BASH_FUNC_"); ok {
			if n, _, _ := strings.Cut(name, "%%"); absentShadowed[n] || n == "mkdir" || n == "rm" {
				return true
			}
		}
	}
	return false
}
