package parse

import "strings"

// fishToBash rewrites fish syntax into the bash the parser reads, keeping
// every command where it is: (cmd) becomes $(cmd); the block keywords
// become bash's (if … end → if …; then …; fi, while/for … end → do … done,
// begin/function/switch … end → { … }); and, or, not at command position
// are dropped (what follows is still a command); case labels become no-ops.
// Text inside quotes is left alone. The result is for analysis only: it
// runs the same commands, not necessarily with the same logic.
func fishToBash(src string) string {
	s, _ := fishToBashMap(src)
	return s
}

// fishToBashMap is [fishToBash] with the way back: at[k] is the offset in
// src of byte k of the rewrite (text guardsh wrote in, such as "then" or
// "$(", is at the offset of the fish word or separator it stands for), and
// at[len(rewrite)] is len(src). Findings then point at the fish command
// itself, not the whole line.
func fishToBashMap(src string) (string, []int) {
	var out fishWriter
	out.at = make([]int, 0, len(src)+16)
	var stack []string     // what each open block's "end" becomes
	pending := ""          // "then" or "do", written at the end of the statement
	atCmd := true          // at command position
	opened := false        // a { was just written
	skip := [2]int{-1, -1} // the "| psub …" of a (… | psub) written as <(…) (redteam6.go)
	for i := 0; i < len(src); {
		if i == skip[0] {
			i = skip[1]
			continue
		}
		out.pos = i
		c := src[i]
		switch {
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(src) && src[j] != c {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(src))
			out.copy(src, i, j)
			i, atCmd = j, false
			continue
		case c == '\\' && i+1 < len(src):
			out.copy(src, i, i+2)
			i += 2
			atCmd = false
			continue
		case c == '#' && (i == 0 || src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' || src[i-1] == ';'):
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				j = len(src) - i
			}
			i += j
			continue
		case c == ';' || c == '\n' || c == '|' || c == '&':
			switch {
			case pending != "" && (c == ';' || c == '\n'):
				// if COND; → if COND; then
				out.WriteString("; " + pending + " ")
				pending = ""
			case opened && c == ';':
				// { ; is not bash: drop the separator after an opening.
			default:
				out.WriteByte(c)
			}
			opened = false
			i++
			atCmd = true
			continue
		case c == '(' && (i == 0 || src[i-1] != '$'):
			if from, to, ok := psubTail(src, i); ok {
				// (cmd | psub): a file holding cmd's output, as bash's
				// <(cmd) is.
				out.WriteString("<(")
				skip = [2]int{from, to}
				i++
				atCmd = true
				continue
			}
			out.WriteString("$(")
			i++
			atCmd = true
			continue
		case c == ' ' || c == '\t' || c == ')' || c == '(':
			if c != ' ' && c != '\t' {
				opened = false
			}
			out.WriteByte(c)
			i++
			atCmd = atCmd && c != ')'
			continue
		}
		// A word.
		j := i
		for j < len(src) && !strings.ContainsRune(" \t\n;|&()'\"", rune(src[j])) {
			if src[j] == '\\' {
				j++
			}
			j++
		}
		j = min(j, len(src))
		if j == i {
			// Cannot happen with the cases above; never loop.
			out.WriteByte(c)
			i++
			continue
		}
		word := src[i:j]
		if !atCmd {
			out.copy(src, i, j)
			i = j
			continue
		}
		switch word {
		case "and", "or":
			// Keep the command that follows.
			i = j
			continue
		case "not":
			out.WriteString("!")
		case "if":
			out.WriteString("if")
			stack = append(stack, "fi")
			pending = "then"
		case "while":
			out.WriteString("while")
			stack = append(stack, "done")
			pending = "do"
		case "for":
			out.WriteString("for")
			stack = append(stack, "done")
			pending = "do"
		case "else":
			rest := strings.TrimLeft(src[j:], " \t")
			if strings.HasPrefix(rest, "if ") {
				out.WriteString("elif")
				j = len(src) - len(rest) + 2
				pending = "then"
			} else {
				out.WriteString("else")
			}
		case "begin":
			out.WriteString("{")
			stack = append(stack, "}")
		case "switch":
			out.WriteString(":")
			stack = append(stack, "}")
			pending = "{"
		case "set":
			// set -l D /etc → D=/etc (misses5.go).
			if pre, next, ok := fishSet(src, j); ok {
				out.WriteString(pre)
				i, atCmd, opened = next, false, false
				continue
			}
			out.copy(src, i, j)
		case "case":
			out.WriteString(":")
		case "function":
			// function NAME [options]; body; end → NAME() { body; }
			rest := strings.TrimLeft(src[j:], " \t")
			k := strings.IndexAny(rest, ";\n")
			if k < 0 {
				k = len(rest)
			}
			name := strings.Fields(rest[:k])
			if len(name) > 0 {
				out.WriteString(name[0] + "() {")
			} else {
				out.WriteString("{")
			}
			stack = append(stack, "}")
			j = len(src) - len(rest) + k
		case "end":
			if n := len(stack); n > 0 {
				out.WriteString(stack[n-1])
				stack = stack[:n-1]
			} else {
				out.copy(src, i, j)
			}
		default:
			out.copy(src, i, j)
		}
		i = j
		opened = word == "begin" || word == "function" || word == "else"
		atCmd = word == "not" || word == "begin" || word == "else" || word == "command" || word == "builtin" || word == "exec"
	}
	if pending != "" {
		out.pos = len(src)
		out.WriteString("; " + pending)
	}
	return out.String(), append(out.at, len(src))
}

// fishWriter builds the rewrite and, for each byte written, the offset in
// the fish source it came from: copied text maps byte for byte from pos,
// written-in text maps to pos.
type fishWriter struct {
	strings.Builder
	at  []int
	pos int // the source offset of what is written next
	// copying is set while the text written next is a copy of the source
	// from pos on.
	copying bool
}

func (w *fishWriter) WriteString(s string) (int, error) {
	for k := range len(s) {
		if w.copying {
			w.at = append(w.at, w.pos+k)
		} else {
			w.at = append(w.at, w.pos)
		}
	}
	return w.Builder.WriteString(s)
}

func (w *fishWriter) WriteByte(c byte) error {
	w.at = append(w.at, w.pos)
	return w.Builder.WriteByte(c)
}

// copy writes src[i:j], a verbatim part of the source.
func (w *fishWriter) copy(src string, i, j int) {
	w.pos, w.copying = i, true
	w.WriteString(src[i:j])
	w.copying = false
}
