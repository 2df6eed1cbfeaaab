package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The same write in the branches of one if or case (issue 12, the held-out
// set: thoughtbot/laptop's append_to_zshrc):
//
//	if [ "$skip_new_line" -eq 1 ]; then
//	  printf "%s\n" "$text" >> "$zshrc"
//	else
//	  printf "\n%s\n" "$text" >> "$zshrc"
//	fi
//
// Only one branch runs, so the two writes are one event: the same text
// appended to the same file. In a script file, a write is a twin
// (Command.Repeat with Branch set) of the same write in another branch of
// the same if/elif/else chain or case when:
//
//   - each is the whole of its branch (one statement: nothing before it in
//     the branch may change a variable, the directory or the file);
//   - both are plain writers (echo, printf or cat with one > or >>
//     redirection, or a pipe of one into [sudo] tee [-a] FILE), with no
//     command substitution in them;
//   - the file is spelled the same way in both (a variable too: the
//     branches start from the same state), with the same operator;
//   - the text is the same words, but for the newlines that start or end
//     a printf format ("%s\n" and "\n%s\n" print the same line, after a
//     blank one).
//
// The rules give the twins one fact (rules/dupes.go), so the later is
// folded into the first's finding of the same rule; unless its text comes
// from a download or a decoder.

// twinWrites adds to out the twins of the branches in stmts.
func twinWrites(text string, stmts []*syntax.Stmt, out map[int]RepeatWrite) map[int]RepeatWrite {
	if !strings.Contains(text, "else") && !strings.Contains(text, "elif") && !strings.Contains(text, "esac") {
		return out
	}
	inner := map[*syntax.IfClause]bool{}
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			var branches [][]*syntax.Stmt
			switch x := n.(type) {
			case *syntax.IfClause:
				if inner[x] {
					return true
				}
				branches = append(branches, x.Then)
				for e := x.Else; e != nil; e = e.Else {
					inner[e] = true
					branches = append(branches, e.Then)
				}
			case *syntax.CaseClause:
				for _, it := range x.Items {
					branches = append(branches, it.Stmts)
				}
			default:
				return true
			}
			first := map[string]int{}
			for _, b := range branches {
				if len(b) != 1 {
					continue
				}
				key, at, ok := twinKey(text, b[0])
				if !ok {
					continue
				}
				f, seen := first[key]
				if !seen {
					first[key], f = at, at
				}
				if _, taken := out[at]; taken {
					continue
				}
				if out == nil {
					out = map[int]RepeatWrite{}
				}
				out[at] = RepeatWrite{First: f, Target: key, Branch: true}
			}
			out = targetTwins(text, branches, out) // dupes7.go
			return true
		})
	}
	// A write with no twin is no repeat.
	n := map[int]int{}
	for _, r := range out {
		if r.Branch {
			n[r.First]++
		}
	}
	for at, r := range out {
		if r.Branch && n[r.First] < 2 && !r.TargetTwin {
			delete(out, at)
		}
	}
	return out
}

// twinKey returns what a plain write in a branch writes, as a key (the
// writer, its words with a printf format's newlines and blanks left out,
// the operator and the file as written), and the offset of its writer.
func twinKey(text string, st *syntax.Stmt) (string, int, bool) {
	if st.Negated || st.Background || st.Coprocess {
		return "", 0, false
	}
	src := func(n syntax.Node) string {
		a, b := int(n.Pos().Offset()), int(n.End().Offset())
		if a < 0 || b > len(text) || a > b {
			return "\x00"
		}
		return text[a:b]
	}
	var sb strings.Builder
	writer := func(ce *syntax.CallExpr) bool {
		if len(ce.Args) == 0 || len(ce.Assigns) > 0 || argsRun(ce.Args) {
			return false
		}
		name := litWord(ce.Args[0])
		switch name {
		case "echo", "printf", "cat":
		default:
			return false
		}
		sb.WriteString(name)
		for i, a := range ce.Args[1:] {
			w := src(a)
			if name == "printf" && i == 0 {
				w = blankLines(a, w)
			}
			sb.WriteString("\x00" + w)
		}
		return true
	}
	redirs := func(rs []*syntax.Redirect, outOK bool) (string, bool) {
		target := ""
		for _, r := range rs {
			switch r.Op {
			case syntax.RdrOut, syntax.AppOut:
				if !outOK || target != "" || r.N != nil && r.N.Value != "1" || hasSubst(r.Word) {
					return "", false
				}
				target = r.Op.String() + src(r.Word)
			case syntax.Hdoc, syntax.DashHdoc:
				if r.Hdoc == nil || hasSubst(r.Hdoc) {
					return "", false
				}
				sb.WriteString("\x00<<" + src(r.Hdoc))
			default:
				return "", false
			}
		}
		return target, true
	}
	if b, isPipe := st.Cmd.(*syntax.BinaryCmd); isPipe && b.Op == syntax.Pipe && len(st.Redirs) == 0 {
		x, ok := b.X.Cmd.(*syntax.CallExpr)
		if !ok || b.X.Negated || b.X.Background || !writer(x) {
			return "", 0, false
		}
		if _, ok := redirs(b.X.Redirs, false); !ok {
			return "", 0, false
		}
		y, ok := b.Y.Cmd.(*syntax.CallExpr)
		if !ok || len(b.Y.Redirs) > 0 || len(y.Assigns) > 0 || argsRun(y.Args) {
			return "", 0, false
		}
		args := y.Args
		if len(args) > 0 && litWord(args[0]) == "sudo" {
			args = args[1:]
		}
		if len(args) < 2 || litWord(args[0]) != "tee" {
			return "", 0, false
		}
		sb.WriteString("\x00|tee")
		files := 0
		for _, a := range args[1:] {
			switch v := litWord(a); {
			case v == "-a" || v == "--append":
				sb.WriteString("\x00-a")
			case strings.HasPrefix(v, "-"):
				return "", 0, false
			default:
				files++
				sb.WriteString("\x00" + src(a))
			}
		}
		if files != 1 {
			return "", 0, false
		}
		return sb.String(), int(b.Y.Pos().Offset()), true
	}
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || !writer(ce) {
		return "", 0, false
	}
	target, ok := redirs(st.Redirs, true)
	if !ok || target == "" {
		return "", 0, false
	}
	return sb.String() + "\x00" + target, int(st.Pos().Offset()), true
}

// blankLines returns a printf format word, as written in src, without the
// \n sequences at its start and end: the blank lines around the text.
// A format that is not one literal string is returned as it is.
func blankLines(w *syntax.Word, src string) string {
	if len(w.Parts) != 1 {
		return src
	}
	var v string
	switch x := w.Parts[0].(type) {
	case *syntax.SglQuoted:
		v = x.Value
	case *syntax.DblQuoted:
		if len(x.Parts) != 1 {
			return src
		}
		l, ok := x.Parts[0].(*syntax.Lit)
		if !ok {
			return src
		}
		v = l.Value
	case *syntax.Lit:
		v = x.Value
	default:
		return src
	}
	for strings.HasPrefix(v, `\n`) {
		v = v[2:]
	}
	for strings.HasSuffix(v, `\n`) && !strings.HasSuffix(v, `\\n`) {
		v = v[:len(v)-2]
	}
	return "'" + v + "'"
}
