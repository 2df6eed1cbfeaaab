package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Repeated writes to a file the script just wrote (issue 12, pytorch's
// install_rocm.sh):
//
//	echo "[ROCm]" > /etc/yum.repos.d/rocm.repo
//	echo "name=ROCm" >> /etc/yum.repos.d/rocm.repo
//	echo "baseurl=${rocm_baseurl}" >> /etc/yum.repos.d/rocm.repo
//
// The first write is the finding a reviewer needs; each append after it to
// the same file adds a line to what that finding already points at. In a
// script file, an append is a repeat (Command.Repeat) of an earlier write
// when:
//
//   - both are in the same list of statements (the same block, branch,
//     loop or function body: a write in a branch that may not run, or in a
//     function called later, is never the first of one outside it), the
//     earlier one first, or joined to it by && (the later runs only after
//     the earlier succeeded);
//   - both are plain writers — echo, printf, cat, or tee (also sudo tee)
//     at the end of a pipeline — with exactly one file written, spelled
//     the same static way (no $, no glob);
//   - everything between them is another such write (to any file) or an
//     assignment: a delete, a move, a cd, a function call or any other
//     command in between ends the run, and so do background jobs.
//
// The rules then fold a repeat into the first write's finding of the same
// rule (rules.Match says how many follow), unless the repeat is worse: a
// rule of its own (NOPASSWD, gpgcheck=0 and code in the text are other
// rules), text from a download or a decoder, a hardline shape, or a file in
// which each line is a grant or a program of its own (see rules).

// A RepeatWrite marks a write that repeats an earlier write of the same
// file: see repeat.go.
type RepeatWrite struct {
	// First is the offset (Command.Start) of the statement that wrote the
	// file first.
	First int
	// Target is the file, as written.
	Target string
	// Branch is set for a twin: the same write as First's in another
	// branch of the same if or case (twins.go), not an append after it.
	// First's own write is marked too, with First its own offset.
	Branch bool
	// TargetTwin is set for a target twin (dupes7.go): the same file
	// written, by any writer, in another branch of the same if or case;
	// TargetFirst is the offset of the first branch's write of it.
	TargetTwin  bool
	TargetFirst int
}

// repeatWritesIf is repeatWrites for a text that has an append at all.
func repeatWritesIf(text string, stmts []*syntax.Stmt) map[int]RepeatWrite {
	if !strings.Contains(text, ">>") && !strings.Contains(text, "tee") {
		return nil
	}
	var out map[int]RepeatWrite
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			var lists [][]*syntax.Stmt
			switch x := n.(type) {
			case *syntax.Block:
				lists = append(lists, x.Stmts)
			case *syntax.Subshell:
				lists = append(lists, x.Stmts)
			case *syntax.IfClause:
				lists = append(lists, x.Then)
			case *syntax.WhileClause:
				lists = append(lists, x.Do)
			case *syntax.ForClause:
				lists = append(lists, x.Do)
			case *syntax.CaseItem:
				lists = append(lists, x.Stmts)
			}
			for _, l := range lists {
				out = repeatsIn(l, out)
			}
			return true
		})
	}
	return repeatsIn(stmts, out)
}

// repeatsIn records the repeated writes of one list of statements.
func repeatsIn(list []*syntax.Stmt, out map[int]RepeatWrite) map[int]RepeatWrite {
	first := map[string]int{}
	for _, st := range list {
		for _, u := range andUnits(st, nil) {
			target, at, appends, ok := plainWrite(u)
			if !ok {
				if !assignOnly(u) {
					clear(first) // anything else may change the files
				}
				continue
			}
			f, seen := first[target]
			if seen && appends {
				if out == nil {
					out = map[int]RepeatWrite{}
				}
				out[at] = RepeatWrite{First: f, Target: target}
				continue
			}
			first[target] = at
		}
	}
	return out
}

// andUnits flattens a statement of commands joined by && into them, in
// order; any other statement is itself.
func andUnits(st *syntax.Stmt, out []*syntax.Stmt) []*syntax.Stmt {
	if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.AndStmt && !st.Negated && !st.Background && !st.Coprocess && len(st.Redirs) == 0 {
		return andUnits(b.Y, andUnits(b.X, out))
	}
	return append(out, st)
}

// assignOnly reports a statement that only assigns variables (x=1, local
// x=1, export x): it writes no file.
func assignOnly(st *syntax.Stmt) bool {
	if st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return false
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Args) > 0 {
			return false
		}
		for _, a := range x.Assigns {
			if a.Value != nil && hasSubst(a.Value) {
				return false
			}
		}
		return true
	case *syntax.DeclClause:
		switch x.Variant.Value {
		case "local", "export", "declare", "typeset", "readonly":
		default:
			return false
		}
		for _, a := range x.Args {
			if a.Value != nil && hasSubst(a.Value) || a.Naked && a.Name == nil {
				return false
			}
		}
		return true
	}
	return false
}

// hasSubst reports a word with a command or process substitution, which
// runs code.
func hasSubst(w *syntax.Word) bool {
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			found = true
		}
		return !found
	})
	return found
}

// plainWrite reads a statement that only writes one file: echo, printf or
// cat with one > or >> redirection to a static path, or a pipeline into
// tee [-a] PATH (sudo tee too), whose other stages are echo, printf or cat.
// It returns the path, the offset of the statement that writes it (the tee
// stage of a pipeline), and whether it appends.
func plainWrite(st *syntax.Stmt) (target string, at int, appends, ok bool) {
	if st.Negated || st.Background || st.Coprocess {
		return "", 0, false, false
	}
	if b, isPipe := st.Cmd.(*syntax.BinaryCmd); isPipe && b.Op == syntax.Pipe && len(st.Redirs) == 0 {
		if !plainSource(b.X) {
			return "", 0, false, false
		}
		return teeWrite(b.Y)
	}
	ce, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || len(ce.Args) == 0 || len(ce.Assigns) > 0 {
		return "", 0, false, false
	}
	switch litWord(ce.Args[0]) {
	case "echo", "printf", "cat":
	default:
		return "", 0, false, false
	}
	if argsRun(ce.Args) {
		return "", 0, false, false
	}
	for _, r := range st.Redirs {
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut:
			if target != "" || r.N != nil && r.N.Value != "1" {
				return "", 0, false, false
			}
			target, appends = staticPath(r.Word), r.Op == syntax.AppOut
			if target == "" {
				return "", 0, false, false
			}
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc, syntax.DplOut:
			if r.Op == syntax.DplOut && litWord(r.Word) != "1" && litWord(r.Word) != "2" {
				return "", 0, false, false
			}
		default:
			return "", 0, false, false
		}
	}
	if target == "" {
		return "", 0, false, false
	}
	return target, int(st.Pos().Offset()), appends, true
}

// plainSource reports a pipeline stage that only prints: echo, printf or
// cat, with no redirection of its output.
func plainSource(st *syntax.Stmt) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 || st.Negated || st.Background {
		return false
	}
	for _, r := range st.Redirs {
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		default:
			return false
		}
	}
	switch litWord(ce.Args[0]) {
	case "echo", "printf", "cat":
		return !argsRun(ce.Args)
	}
	return false
}

// teeWrite reads the last stage of a pipeline: tee [-a|--append] PATH,
// also after sudo, its output discarded or not.
func teeWrite(st *syntax.Stmt) (string, int, bool, bool) {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) < 2 || len(ce.Assigns) > 0 || st.Negated || st.Background {
		return "", 0, false, false
	}
	for _, r := range st.Redirs {
		if r.Op != syntax.RdrOut || litWord(r.Word) != "/dev/null" {
			return "", 0, false, false
		}
	}
	args := ce.Args
	if litWord(args[0]) == "sudo" {
		args = args[1:]
	}
	if len(args) < 2 || litWord(args[0]) != "tee" {
		return "", 0, false, false
	}
	target, appends := "", false
	for _, a := range args[1:] {
		switch v := litWord(a); {
		case v == "-a" || v == "--append":
			appends = true
		case target == "" && v != "" && !strings.HasPrefix(v, "-"):
			target = staticPath(a)
			if target == "" {
				return "", 0, false, false
			}
		default:
			return "", 0, false, false // another file, or an option
		}
	}
	if target == "" {
		return "", 0, false, false
	}
	return target, int(st.Pos().Offset()), appends, true
}

// argsRun reports words with a command or process substitution: the
// writer then also runs code.
func argsRun(args []*syntax.Word) bool {
	for _, a := range args {
		if hasSubst(a) {
			return true
		}
	}
	return false
}

// staticPath returns a file word that names one file without expansion:
// no $, no glob, no brace; "" otherwise.
func staticPath(w *syntax.Word) string {
	v := litWord(w)
	if v == "" || v == "/dev/null" || strings.HasPrefix(v, "/dev/") || strings.HasPrefix(v, "/proc/") {
		return ""
	}
	if len(w.Parts) == 1 {
		if l, ok := w.Parts[0].(*syntax.Lit); ok && strings.ContainsAny(l.Value, "*?[{\\") {
			return ""
		}
	}
	return v
}

// noteRepeats marks the commands of the repeated writes: the writer itself
// (echo, printf, cat, tee, and the sudo of sudo tee) as the input has it.
func noteRepeats(cmds []*Command, repeats map[int]RepeatWrite) {
	if len(repeats) == 0 {
		return
	}
	for _, c := range cmds {
		r, ok := repeats[c.Start]
		if !ok || len(c.Via) > 1 || len(c.Via) == 1 && c.Via[0] != "sudo" {
			continue
		}
		switch c.Name() {
		case "echo", "printf", "cat", "tee", "sudo":
			rc := r
			c.Repeat = &rc
		case "sed", "cp", "mv", "install", "ln":
			if r.TargetTwin {
				rc := r
				c.Repeat = &rc
			}
		}
	}
}
