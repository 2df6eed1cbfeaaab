package parse

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// countsOnly reports whether a command substitution prints only a count:
// one pipeline of two or more commands whose last one is grep -c or wc
// reading that pipe (no file operands, so no file name is printed). Its
// output is digits whatever the earlier commands read (helm's get-helm-3:
// n=$(gpg --verify … | grep -c GOODSIG); [[ $n -lt 2 ]]), so it cannot carry
// code into an arithmetic context, whatever classify says of gpg or curl.
func countsOnly(stmts []*syntax.Stmt) bool {
	if len(stmts) != 1 || stmts[0].Background || stmts[0].Coprocess || len(stmts[0].Redirs) > 0 {
		return false
	}
	b, ok := stmts[0].Cmd.(*syntax.BinaryCmd)
	if !ok || b.Op != syntax.Pipe {
		return false
	}
	last := b.Y
	if len(last.Redirs) > 0 || last.Background || last.Negated {
		return false
	}
	ce, ok := last.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 || len(ce.Assigns) > 0 {
		return false
	}
	var args []string
	for _, a := range ce.Args {
		s, ok := quotedLit(a)
		if !ok {
			// An expansion: its value is not known to be an option.
			return false
		}
		args = append(args, s)
	}
	switch path.Base(args[0]) {
	case "wc":
		for _, a := range args[1:] {
			switch a {
			case "-l", "-c", "-w", "-m", "-L", "--lines", "--bytes", "--words", "--chars":
			default:
				return false
			}
		}
		return len(args) > 1
	case "grep", "egrep", "fgrep":
		count, operands := false, 0
		for i := 1; i < len(args); i++ {
			a := args[i]
			switch {
			case a == "-c" || a == "--count":
				count = true
			case a == "-e" || a == "-f" || a == "--regexp" || a == "--file":
				// The pattern is the next word, not a file.
				i++
				operands--
			case a == "-H" || a == "--with-filename" || strings.HasPrefix(a, "-r") || strings.HasPrefix(a, "-R") || strings.HasPrefix(a, "--recursive") ||
				strings.HasPrefix(a, "--dereference-recursive") || a == "--null" || a == "-Z":
				return false
			case strings.HasPrefix(a, "--"):
			case strings.HasPrefix(a, "-") && len(a) > 1:
				if strings.ContainsAny(a[1:], "HrRZef") {
					return false
				}
				if strings.Contains(a[1:], "c") {
					count = true
				}
			default:
				operands++
			}
		}
		// The pattern alone: the pipe is what it counts.
		return count && operands <= 1
	}
	return false
}

// quotedLit returns the text of a word made only of literal parts, quoted
// or not ('^ok', "GOODSIG", -c).
func quotedLit(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, part := range w.Parts {
		switch x := part.(type) {
		case *syntax.Lit:
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			if x.Dollar {
				return "", false
			}
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), len(w.Parts) > 0
}
