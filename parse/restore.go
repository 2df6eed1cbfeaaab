package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A script putting a file's own backup back where the file is absent
// (issue 12: uninstallers, and CI scripts that move a system file aside and
// back; the fresh held-out sets: systemd's unit_tests.sh CLEANUP phase,
// Oh My Zsh's uninstall.sh):
//
//	if [ -e "$zdot/.zshrc" ]; then mv "$zdot/.zshrc" "$ZSHRC_SAVE"; fi
//	…
//	if [ -e "$ZSHRC_ORIG" ]; then mv "$ZSHRC_ORIG" "$zdot/.zshrc"; fi   # ZSHRC_ORIG="$zdot/.zshrc.pre-oh-my-zsh"
//
//	if [ ! -f /etc/machine-id ] && [ -w /etc/machine-id.bak ]; then
//		mv /etc/machine-id.bak /etc/machine-id
//	fi
//
// mv B F (or cp B F) is a restore (Command.Restores; rules/restore.go
// decides which findings that quiets) when, comparing words after putting
// in the variables the file assigns once (restoreWords):
//
//   - B is F's own name with a suffix (F.bak, F.pre-oh-my-zsh, F~, F-old):
//     a file next to F, in a directory only who may write F may write;
//   - every write of B in the file is a copy of F (mv F B, cp F B,
//     sed -i.SUFFIX F): B holds F's owner's own earlier file, never text the
//     script made;
//   - F is absent where the restore runs, so nothing of it is lost: the
//     restore is in the then-branch of an if whose condition requires it
//     ([ ! -e F ], [ ! -f F ], test ! -e F, also in an && list), or an
//     earlier statement of the same list moved F aside (if [ -e F ] [|| [ -h
//     F ]]; then … mv F X; fi, or [ -e F ] && mv F X), with nothing between
//     that names F, calls a function of the script, evals or sources.
//
// Anything else — a dynamic B (a loop's pick), a B the script wrote, a
// restore over a file that may be there, a B in another directory — is
// not a restore.

// restoreMoves returns the offsets of the restores of a script file.
func restoreMoves(text string, stmts []*syntax.Stmt) (out map[int]bool) {
	if !hasWord(text, "mv") && !hasWord(text, "cp") {
		return nil
	}
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	r := &restoreScan{vars: map[string]string{}, once: map[string]*syntax.Word{}, count: map[string]int{}, last: map[string]int{}, nested: map[string]bool{}, funcs: map[string]bool{}, writes: map[string][]bool{}}
	r.prepare(stmts)
	r.lists(stmts)
	return r.out
}

type restoreScan struct {
	// vars are the variables assigned once in the file, with their value
	// (normalized); count counts the assignments of each name, last is the
	// offset of its last one, and nested is set for a name assigned in a
	// function, loop, condition or subshell (not a plain top-level
	// statement of the file).
	vars   map[string]string
	once   map[string]*syntax.Word
	count  map[string]int
	last   map[string]int
	nested map[string]bool
	funcs  map[string]bool
	// writes lists, by path, whether each write of it is a copy of a
	// file of which it is a suffixed name (see prepare).
	writes map[string][]bool
	out    map[int]bool
}

// prepare counts assignments, functions and the writes of every path.
func (r *restoreScan) prepare(stmts []*syntax.Stmt) {
	assigns := map[string]*syntax.Word{}
	top := map[*syntax.Assign]bool{}
	for _, st := range stmts {
		if ce, ok := st.Cmd.(*syntax.CallExpr); ok && len(ce.Args) == 0 && len(st.Redirs) == 0 && !st.Background {
			for _, as := range ce.Assigns {
				top[as] = true
			}
		}
	}
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.Assign:
				if x.Name != nil {
					name := x.Name.Value
					r.count[name]++
					assigns[name] = x.Value
					r.last[name] = max(r.last[name], int(x.Pos().Offset()))
					if x.Append || x.Array != nil || x.Index != nil {
						r.count[name]++
					}
					if !top[x] {
						r.nested[name] = true
					}
				}
			case *syntax.WordIter:
				r.count[x.Name.Value] += 2
				r.nested[x.Name.Value] = true
			case *syntax.ArithmCmd, *syntax.ArithmExp, *syntax.LetClause:
				return false // $((x=1)): not followed; such names are rare in paths
			case *syntax.FuncDecl:
				if x.Name != nil {
					r.funcs[x.Name.Value] = true
				}
			case *syntax.CallExpr:
				if len(x.Args) > 0 {
					switch x.Args[0].Lit() {
					case "read", "getopts", "mapfile", "readarray", "printf", "unset", "export", "declare", "typeset", "local", "readonly":
						for _, w := range x.Args[1:] {
							if v := w.Lit(); v != "" && !strings.HasPrefix(v, "-") {
								name, _, _ := strings.Cut(v, "=")
								r.count[name] += 2
								r.nested[name] = true
							}
						}
					}
				}
			}
			return true
		})
	}
	for name, w := range assigns {
		if r.count[name] == 1 && w != nil {
			r.once[name] = w
		}
	}
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.Stmt:
				for _, rd := range x.Redirs {
					switch rd.Op {
					case syntax.RdrOut, syntax.AppOut, syntax.ClbOut, syntax.RdrAll, syntax.AppAll, syntax.RdrInOut:
						if v, ok := r.norm(rd.Word); ok {
							r.writes[v] = append(r.writes[v], false)
						}
					}
				}
			case *syntax.CallExpr:
				r.noteWrite(x)
			}
			return true
		})
	}
}

// noteWrite records the paths a command writes: mv, cp, tee, sed -i,
// install, ln, touch, dd of=; a copy of F onto a suffixed name of F is
// marked true.
func (r *restoreScan) noteWrite(ce *syntax.CallExpr) {
	args := ce.Args
	for len(args) > 1 && (args[0].Lit() == "command" || args[0].Lit() == "builtin" || args[0].Lit() == "sudo") {
		args = args[1:]
	}
	if len(args) == 0 {
		return
	}
	name := args[0].Lit()
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	var ops []string
	opts := ""
	for _, w := range args[1:] {
		v, ok := r.norm(w)
		if !ok {
			ops = append(ops, "\x00") // unknown
			continue
		}
		if strings.HasPrefix(v, "-") && len(v) > 1 {
			opts += v
			continue
		}
		ops = append(ops, v)
	}
	switch name {
	case "mv", "cp":
		if len(ops) == 0 {
			return
		}
		dst := ops[len(ops)-1]
		copyOf := len(ops) == 2 && ops[0] != "\x00" && backupName(ops[0], dst) && !strings.ContainsAny(opts, "tslbS")
		r.writes[dst] = append(r.writes[dst], copyOf)
	case "sed":
		for _, w := range args[1:] {
			v := w.Lit()
			if suf, ok := strings.CutPrefix(v, "-i"); ok && suf != "" && len(ops) == 2 {
				r.writes[ops[1]+suf] = append(r.writes[ops[1]+suf], true)
			}
		}
		for _, o := range ops[min(1, len(ops)):] {
			r.writes[o] = append(r.writes[o], false)
		}
	case "tee", "install", "ln", "touch", "truncate", "rsync", "tar", "unzip", "curl", "wget", "dd":
		for _, o := range ops {
			r.writes[o] = append(r.writes[o], false)
		}
		for _, w := range args[1:] {
			if v, ok := r.norm(w); ok && strings.HasPrefix(v, "of=") {
				r.writes[v[3:]] = append(r.writes[v[3:]], false)
			}
		}
	}
}

// backupName reports b as f's own name with a suffix (f.bak, f~, f-old).
func backupName(f, b string) bool {
	rest, ok := strings.CutPrefix(b, f)
	return ok && f != "" && rest != "" && strings.IndexByte("._-~", rest[0]) >= 0 && !strings.ContainsAny(rest, "/\x00*?[") && f[len(f)-1] != '/'
}

// norm returns the word as text, with the variables assigned once (before
// the word) put in, and those never assigned, or assigned only by plain
// top-level statements before the word, kept as they are written ($HOME,
// ${ZDOTDIR:-$HOME}: one value from there on); false for a substitution, a
// variable assigned elsewhere or later, or one being resolved.
func (r *restoreScan) norm(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", false
	}
	var sb strings.Builder
	var walk func(parts []syntax.WordPart) bool
	walk = func(parts []syntax.WordPart) bool {
		for _, p := range parts {
			switch x := p.(type) {
			case *syntax.Lit:
				sb.WriteString(x.Value)
			case *syntax.SglQuoted:
				sb.WriteString(x.Value)
			case *syntax.DblQuoted:
				if !walk(x.Parts) {
					return false
				}
			case *syntax.ParamExp:
				if x.Param == nil || x.Excl || x.Length || x.Width || x.Index != nil || x.Slice != nil || x.Repl != nil || x.Names != 0 {
					return false
				}
				name := x.Param.Value
				at := int(x.Pos().Offset())
				if v, ok := r.value(name); ok && x.Exp == nil && r.last[name] < at {
					sb.WriteString(v)
					continue
				}
				if r.count[name] > 0 && (r.nested[name] || r.last[name] > at) {
					// Assigned where it may differ between two uses: in
					// a function, a loop, a branch, or after this one.
					return false
				}
				if x.Exp != nil {
					// ${NAME:-WORD} of a name never assigned: as written.
					if x.Exp.Word != nil {
						if _, ok := r.norm(x.Exp.Word); !ok {
							return false
						}
					}
					var pb strings.Builder
					syntax.NewPrinter().Print(&pb, x)
					sb.WriteString(pb.String())
					continue
				}
				sb.WriteString("${" + name + "}")
			default:
				return false
			}
		}
		return true
	}
	if !walk(w.Parts) {
		return "", false
	}
	return sb.String(), true
}

// lists walks every statement list of the file.
func (r *restoreScan) lists(stmts []*syntax.Stmt) {
	r.list(stmts)
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.Block:
				r.list(x.Stmts)
			case *syntax.IfClause:
				r.list(x.Then)
			case *syntax.CaseClause:
				for _, it := range x.Items {
					r.list(it.Stmts)
				}
			case *syntax.WhileClause:
				r.list(x.Do)
			case *syntax.ForClause:
				r.list(x.Do)
			case *syntax.Subshell:
				r.list(x.Stmts)
			}
			return true
		})
	}
}

// list finds the restores of one statement list: a statement that is a
// restore, or an if holding one, after what makes F absent.
func (r *restoreScan) list(stmts []*syntax.Stmt) {
	for i, st := range stmts {
		for _, rs := range r.restoresIn(st) {
			if rs.guarded || r.movedAside(stmts[:i], rs.f) {
				if r.out == nil {
					r.out = map[int]bool{}
				}
				r.out[rs.off] = true
			}
		}
	}
}

// A restoreCand is a mv B F of a backup name, and whether a condition
// of its if requires F absent.
type restoreCand struct {
	off     int
	f       string
	guarded bool
}

// restoresIn returns the restores st is, or holds in the then-branch of
// its if (directly, or in an if there): mv or cp B F with B F's backup
// name whose every write is a copy of F, and nothing before it in the
// branch naming F.
func (r *restoreScan) restoresIn(st *syntax.Stmt) []restoreCand {
	if f, off, ok := r.restoreCmd(st); ok {
		return []restoreCand{{off: off, f: f}}
	}
	ic, ok := st.Cmd.(*syntax.IfClause)
	if !ok || len(st.Redirs) > 0 {
		return nil
	}
	var out []restoreCand
	for _, th := range ic.Then {
		for _, c := range r.restoresIn(th) {
			if r.absentCond(ic.Cond, c.f) {
				c.guarded = true
			}
			out = append(out, c)
		}
		if len(out) > 0 || r.names(th, "") {
			break // a later statement of the branch: F may be back
		}
	}
	return out
}

// restoreCmd reports a statement that is mv or cp B F, B F's backup name
// that the file writes only as a copy of F.
func (r *restoreScan) restoreCmd(st *syntax.Stmt) (string, int, bool) {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(st.Redirs) > 0 || st.Background || st.Negated {
		return "", 0, false
	}
	args := ce.Args
	for len(args) > 1 && (args[0].Lit() == "command" || args[0].Lit() == "builtin") {
		args = args[1:]
	}
	if len(args) < 3 {
		return "", 0, false
	}
	name := args[0].Lit()
	if name != "mv" && name != "cp" && name != "/bin/mv" && name != "/bin/cp" && name != "/usr/bin/mv" && name != "/usr/bin/cp" {
		return "", 0, false
	}
	var ops []string
	for _, w := range args[1:] {
		v, ok := r.norm(w)
		if !ok {
			return "", 0, false
		}
		if strings.HasPrefix(v, "-") {
			if strings.Trim(v, "-fpv") != "" && v != "--force" {
				return "", 0, false
			}
			continue
		}
		ops = append(ops, v)
	}
	if len(ops) != 2 || !backupName(ops[1], ops[0]) {
		return "", 0, false
	}
	for _, copyOf := range r.writes[ops[0]] {
		if !copyOf {
			return "", 0, false
		}
	}
	return ops[1], int(ce.Pos().Offset()), true
}

// absentCond reports an if condition that holds only where f is absent:
// its last statement is a test ! -e|-f|-h|-L f, or an && list with one.
func (r *restoreScan) absentCond(cond []*syntax.Stmt, f string) bool {
	if len(cond) == 0 {
		return false
	}
	var test func(st *syntax.Stmt) bool
	test = func(st *syntax.Stmt) bool {
		switch x := st.Cmd.(type) {
		case *syntax.BinaryCmd:
			return x.Op == syntax.AndStmt && (test(x.X) || test(x.Y))
		case *syntax.CallExpr:
			args := x.Args
			if len(args) > 0 && args[0].Lit() == "[" && len(args) == 5 && args[4].Lit() == "]" {
				args = args[:4]
			} else if len(args) == 0 || args[0].Lit() != "test" || len(args) != 4 {
				return false
			}
			v, ok := r.norm(args[3])
			return ok && args[1].Lit() == "!" && existsOp(args[2].Lit()) && v == f
		case *syntax.TestClause:
			u, ok := x.X.(*syntax.UnaryTest)
			if !ok || u.Op != syntax.TsNot {
				return false
			}
			inner, ok := u.X.(*syntax.UnaryTest)
			if !ok {
				return false
			}
			w, ok := inner.X.(*syntax.Word)
			if !ok {
				return false
			}
			v, okv := r.norm(w)
			return okv && v == f && (inner.Op == syntax.TsExists || inner.Op == syntax.TsRegFile || inner.Op == syntax.TsSmbLink)
		}
		return false
	}
	last := cond[len(cond)-1]
	return !last.Negated && test(last)
}

// existsOp is a test operator true for an existing file.
func existsOp(op string) bool {
	return op == "-e" || op == "-f" || op == "-h" || op == "-L" || op == "-a"
}

// movedAside reports that the statements before (of the same list) end
// with F moved aside: if [ -e F ] [|| [ -h F ]]; then … mv F X; fi (no
// else), or [ -e F ] && mv F X; and nothing after it names F, calls a
// function of the script, evals or sources.
func (r *restoreScan) movedAside(before []*syntax.Stmt, f string) bool {
	for i := len(before) - 1; i >= 0; i-- {
		st := before[i]
		if r.movesAside(st, f) {
			return true
		}
		if r.names(st, f) {
			return false
		}
	}
	return false
}

// movesAside reports the statement that leaves f absent (see movedAside).
func (r *restoreScan) movesAside(st *syntax.Stmt, f string) bool {
	switch x := st.Cmd.(type) {
	case *syntax.IfClause:
		if x.Else != nil || len(x.Then) == 0 || !r.existsCond(x.Cond, f) {
			return false
		}
		last := x.Then[len(x.Then)-1]
		for _, t := range x.Then[:len(x.Then)-1] {
			if r.names(t, f) {
				return false
			}
		}
		return r.movesF(last, f)
	case *syntax.BinaryCmd:
		return x.Op == syntax.AndStmt && r.existsCond([]*syntax.Stmt{x.X}, f) && r.movesF(x.Y, f)
	}
	return false
}

// existsCond reports a condition true wherever f exists: a test -e f, or
// an || list of such tests (-e, -f, -h, -L) of f.
func (r *restoreScan) existsCond(cond []*syntax.Stmt, f string) bool {
	if len(cond) != 1 {
		return false
	}
	var test func(st *syntax.Stmt) bool
	test = func(st *syntax.Stmt) bool {
		if st.Negated {
			return false
		}
		switch x := st.Cmd.(type) {
		case *syntax.BinaryCmd:
			return x.Op == syntax.OrStmt && test(x.X) && test(x.Y)
		case *syntax.CallExpr:
			args := x.Args
			if len(args) == 4 && args[0].Lit() == "[" && args[3].Lit() == "]" {
				args = args[:3]
			} else if len(args) != 3 || args[0].Lit() != "test" {
				return false
			}
			v, ok := r.norm(args[2])
			return ok && existsOp(args[1].Lit()) && v == f
		}
		return false
	}
	// (-f alone misses a directory, into which mv B F moves B without
	// replacing anything, and a dangling link, which it replaces: no data.)
	return test(cond[0])
}

// movesF reports mv F X (X not F, no option but -f).
func (r *restoreScan) movesF(st *syntax.Stmt, f string) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(st.Redirs) > 0 || st.Negated || st.Background {
		return false
	}
	args := ce.Args
	for len(args) > 1 && (args[0].Lit() == "command" || args[0].Lit() == "builtin") {
		args = args[1:]
	}
	if len(args) != 3 && !(len(args) == 4 && args[1].Lit() == "-f") {
		return false
	}
	if n := args[0].Lit(); n != "mv" && n != "/bin/mv" && n != "/usr/bin/mv" {
		return false
	}
	src, ok := r.norm(args[len(args)-2])
	if !ok || src != f {
		return false
	}
	dst, ok := r.norm(args[len(args)-1])
	return !ok || dst != f && !strings.HasSuffix(dst, "/")
}

// names reports a statement that may change f: a word or a redirection
// equal to f, or an unknown word or redirection target (when f is set),
// a call of a function of the script, eval, source or exec.
func (r *restoreScan) names(st *syntax.Stmt, f string) bool {
	found := false
	syntax.Walk(st, func(n syntax.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				switch c := x.Args[0].Lit(); {
				case r.funcs[c], c == "eval", c == ".", c == "source", c == "exec", c == "":
					found = true
				}
				for _, w := range x.Args[1:] {
					if v, ok := r.norm(w); f != "" && ok && v == f {
						found = true
					}
				}
			}
		case *syntax.Redirect:
			if v, ok := r.norm(x.Word); f != "" && ok && v == f {
				found = true
			}
		}
		return !found
	})
	return found
}

// value returns the normalized value of a variable assigned once,
// resolved on first use ("" while being resolved: a self-reference fails).
func (r *restoreScan) value(name string) (string, bool) {
	if v, ok := r.vars[name]; ok {
		return v, v != ""
	}
	w := r.once[name]
	if w == nil {
		return "", false
	}
	r.vars[name] = ""
	v, ok := r.norm(w)
	if !ok || v == "" {
		return "", false
	}
	r.vars[name] = v
	return v, true
}
