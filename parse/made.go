package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Directories a script made (issue 12, git-quiltimport):
//
//	mkdir $tmp_dir || exit 2
//	…
//	rm -rf $tmp_dir || exit 5
//
// A plain mkdir (without -p, which succeeds on a directory that exists)
// whose failure stops the script (CMD || exit, or set -e in force at the
// top level) proves that the directory did not exist and is the script's.
// A later top-level rm of a word written exactly as the mkdir's operand
// deletes that directory, when nothing between them can change what the
// word names: no assignment, read, for, getopts, unset, declare or
// printf -v of a variable in it, no cd, pushd or popd, no eval or source,
// no call of a function the script defines. The word may only hold
// literal text and plain $NAME / ${NAME} expansions (no .., no glob, no
// substitution, no ${x:-…}). madeWords returns the offsets of such rm
// operands (Word.Made).

// madeWords finds, in the top-level statements of a script, the rm operands
// that name a directory the script made.
func madeWords(stmts []*syntax.Stmt, errexit bool) map[int]bool {
	var out map[int]bool
	funcs := map[string]bool{}
	nameref := false
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name != nil {
				funcs[fd.Name.Value] = true
			}
			if dc, ok := n.(*syntax.DeclClause); ok {
				for _, a := range dc.Args {
					if a.Name == nil && a.Value != nil {
						if v := a.Value.Lit(); strings.HasPrefix(v, "-") && strings.Contains(v, "n") || v == "" {
							// declare -n r=d: r=/ assigns d
							// under another name.
							nameref = true
						}
					}
				}
			}
			return true
		})
	}
	if nameref {
		return nil
	}
	for i, st := range stmts {
		if on, ok := setErrexit(st); ok {
			errexit = on
			continue
		}
		if errexit && mayUnsetErrexit(st, funcs) {
			errexit = false // f() { set +e; }; f, eval, $cmd (cdback.go)
		}
		words := madeBy(st, errexit)
		if len(words) == 0 {
			continue
		}
		for _, w := range words {
			src := wordSource(w)
			names, ok := plainNames(w)
			if !ok || src == "" {
				continue
			}
			for _, later := range stmts[i+1:] {
				if changes(later, names, funcs) {
					// d=/ && rm -rf $d: a statement that changes
					// the word quiets none of its own rms either.
					break
				}
				for _, off := range rmOf(later, src) {
					if out == nil {
						out = map[int]bool{}
					}
					out[off] = true
				}
			}
		}
	}
	return out
}

// setErrexit reports a top-level set -e / set +e (also -o errexit).
func setErrexit(st *syntax.Stmt) (on, ok bool) {
	ce, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || len(ce.Args) < 2 || cmdLit(ce.Args[0]) != "set" || st.Negated || len(st.Redirs) > 0 {
		return false, false
	}
	for i, a := range ce.Args[1:] {
		v := a.Lit()
		switch {
		case (v == "-o" || v == "+o") && i+2 < len(ce.Args) && ce.Args[i+2].Lit() == "errexit":
			on, ok = v == "-o", true
		case len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "e"):
			on, ok = true, true
		case len(v) > 1 && v[0] == '+' && strings.Contains(v, "e"):
			on, ok = false, true
		}
	}
	return on, ok
}

// madeBy returns the operands of a plain mkdir whose failure stops the
// script: the statement is the mkdir (under set -e) or mkdir … || EXIT.
func madeBy(st *syntax.Stmt, errexit bool) []*syntax.Word {
	if st.Negated || st.Background {
		return nil
	}
	var ce *syntax.CallExpr
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if !errexit {
			return nil
		}
		ce = x
	case *syntax.BinaryCmd:
		if x.Op != syntax.OrStmt || !exitLike(x.Y) || x.X.Negated || x.X.Background {
			return nil
		}
		c, ok := x.X.Cmd.(*syntax.CallExpr)
		if !ok {
			return nil
		}
		ce = c
	default:
		return nil
	}
	if len(ce.Assigns) > 0 || len(ce.Args) < 2 {
		return nil
	}
	if n := cmdLit(ce.Args[0]); n != "mkdir" && n != "/bin/mkdir" && n != "/usr/bin/mkdir" {
		return nil
	}
	var ops []*syntax.Word
	for i := 1; i < len(ce.Args); i++ {
		a := ce.Args[i]
		v := a.Lit()
		switch {
		case v == "-m":
			i++ // the mode
		case strings.HasPrefix(v, "--mode=") || v == "-v" || v == "--verbose" || strings.HasPrefix(v, "-m") && len(v) > 2:
		case v == "--":
		case strings.HasPrefix(v, "-") && v != "":
			return nil // -p, --parents, anything else
		case v == "" && len(a.Parts) == 0:
			return nil
		default:
			ops = append(ops, a)
		}
	}
	return ops
}

// wordSource is the word as written.
func wordSource(w *syntax.Word) string {
	var sb strings.Builder
	syntax.NewPrinter().Print(&sb, w)
	return sb.String()
}

// plainNames returns the variables a word expands, when it holds only
// literal text without a glob or .., and plain $NAME / ${NAME}, possibly
// in double quotes.
func plainNames(w *syntax.Word) ([]string, bool) {
	var names []string
	var walk func(parts []syntax.WordPart) bool
	walk = func(parts []syntax.WordPart) bool {
		for _, part := range parts {
			switch x := part.(type) {
			case *syntax.Lit:
				if strings.ContainsAny(x.Value, "*?[\\~{") || strings.Contains(x.Value, "..") {
					return false
				}
			case *syntax.SglQuoted:
				if strings.Contains(x.Value, "..") || x.Dollar {
					return false
				}
			case *syntax.DblQuoted:
				if x.Dollar || !walk(x.Parts) {
					return false
				}
			case *syntax.ParamExp:
				if x.Param == nil || x.Excl || x.Length || x.Width || x.Index != nil || x.Slice != nil || x.Repl != nil || x.Names != 0 || x.Exp != nil {
					return false
				}
				n := x.Param.Value
				if n == "" || !(n[0] == '_' || n[0] >= 'a' && n[0] <= 'z' || n[0] >= 'A' && n[0] <= 'Z') {
					return false // $1, $@, $$ …: not read here
				}
				if shellSets(n) {
					return false // $_, $REPLY, $OPTARG: the shell changes them
				}
				names = append(names, n)
			default:
				return false
			}
		}
		return true
	}
	if !walk(w.Parts) || len(names) == 0 && len(w.Parts) == 0 {
		return nil, false
	}
	return names, true
}

// rmOf returns the offsets of the operands of an rm in a top-level
// statement (also in an && / || list) written exactly as src.
func rmOf(st *syntax.Stmt, src string) []int {
	var out []int
	var visit func(st *syntax.Stmt)
	visit = func(st *syntax.Stmt) {
		if st == nil || st.Background {
			return
		}
		switch x := st.Cmd.(type) {
		case *syntax.BinaryCmd:
			if x.Op == syntax.AndStmt || x.Op == syntax.OrStmt {
				visit(x.X)
				visit(x.Y)
			}
		case *syntax.CallExpr:
			if len(x.Assigns) > 0 || len(x.Args) < 2 {
				return
			}
			if n := cmdLit(x.Args[0]); n != "rm" && n != "/bin/rm" && n != "/usr/bin/rm" && n != "rmdir" {
				return
			}
			for _, a := range x.Args[1:] {
				if wordSource(a) == src {
					out = append(out, int(a.Pos().Offset()))
				}
			}
		}
	}
	visit(st)
	return out
}

// changes reports whether a statement may change what a word of the given
// variables names: it assigns, reads into or unsets one of them, changes
// directory, runs code not seen here (eval, source) or calls a function of
// the script.
func changes(st *syntax.Stmt, names []string, funcs map[string]bool) bool {
	in := map[string]bool{}
	for _, n := range names {
		in[n] = true
	}
	changed := false
	syntax.Walk(st, func(n syntax.Node) bool {
		if changed {
			return false
		}
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name != nil && in[x.Name.Value] {
				changed = true
			}
		case *syntax.ForClause:
			if wi, ok := x.Loop.(*syntax.WordIter); ok && wi.Name != nil && in[wi.Name.Value] {
				changed = true
			}
			if _, ok := x.Loop.(*syntax.WordIter); !ok {
				changed = true // for ((…)): arithmetic may assign
			}
		case *syntax.ArithmCmd, *syntax.ArithmExp, *syntax.LetClause, *syntax.BinaryArithm, *syntax.UnaryArithm:
			changed = true // also ${a[d=0]}
		case *syntax.BinaryTest:
			switch x.Op {
			case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
				changed = true // [[ $x -eq 0 ]] evaluates x='d=0'
			}
		case *syntax.DeclClause:
			// export/local/declare NAME…: the Assign case sees
			// the names; a name not written literally is a change.
			for _, a := range x.Args {
				if a.Name == nil {
					changed = true
				}
			}
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				return true
			}
			name := cmdLit(x.Args[0])
			if mentionsMove(x) {
				changed = true // sudo mv ~/data "$d"/, xargs mv, find -exec mv
			}
			switch name {
			case "printf":
				for _, a := range x.Args[1:] {
					if strings.HasPrefix(a.Lit(), "-v") {
						changed = true // printf -v NAME
					}
				}
			case "read", "getopts", "unset", "mapfile", "readarray", "export", "readonly":
				// Changes the variables it names: any of ours, or
				// a name not written literally, is a change.
				for _, a := range x.Args[1:] {
					v := a.Lit()
					v, _, _ = strings.Cut(v, "=")
					if v == "" || in[v] {
						changed = true
					}
				}
			case "wait":
				changed = waitNames(x).all || len(waitNames(x).names) > 0 // wait -p NAME
			case "mv", "/bin/mv", "/usr/bin/mv", "rsync", "mount", "/bin/mount":
				changed = true // mv ~/data "$d"/; rm -rf "$d"
			case "set", "shift":
				// positional parameters only: not read here
			case "", "cd", "pushd", "popd", "eval", ".", "source", "declare", "typeset", "local", "exec", "builtin", "command", "trap":
				changed = true
			default:
				if funcs[name] {
					changed = true
				}
			}
		case *syntax.ParamExp:
			// ${x:=v}, ${x=v} assign.
			if x.Exp != nil && (x.Exp.Op == syntax.AssignUnset || x.Exp.Op == syntax.AssignUnsetOrNull) {
				changed = true
			}
		}
		return true
	})
	return changed
}
