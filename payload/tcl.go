package payload

import "strings"

// LangTcl is Tcl, for tclsh: its exec command runs a program. It is not a
// language of [Scan]; only exec and file delete are read, by [TclExecs].
const LangTcl Lang = 1000

// TclExecs returns, as shell command lines, the programs Tcl code runs with
// exec (exec rm -rf /, [exec sh -c …]) and the trees it deletes with
// file delete -force. Braces and quotes group words as Tcl does; anything
// with a substitution ($x, [cmd]) is kept as written, which the shell
// parser then reads as dynamic.
func TclExecs(src string) []string {
	var out []string
	for _, stmt := range tclCommands(src) {
		w := tclWords(stmt)
		for len(w) > 0 && (w[0] == "catch" || w[0] == "eval") && len(w) == 2 {
			w = tclWords(w[1])
		}
		if len(w) == 0 {
			continue
		}
		switch {
		case w[0] == "exec" && len(w) > 1:
			args := w[1:]
			for len(args) > 0 && strings.HasPrefix(args[0], "-") {
				if args[0] == "--" {
					args = args[1:]
					break
				}
				args = args[1:]
			}
			var q []string
			for _, a := range args {
				if a == "&" || strings.HasPrefix(a, ">") || strings.HasPrefix(a, "<") || strings.HasPrefix(a, "2>") {
					break
				}
				q = append(q, tclShellQuote(a))
			}
			if len(q) > 0 {
				out = append(out, strings.Join(q, " "))
			}
		case w[0] == "file" && len(w) > 2 && w[1] == "delete":
			args := w[2:]
			force := false
			for len(args) > 0 && strings.HasPrefix(args[0], "-") {
				force = force || args[0] == "-force"
				args = args[1:]
			}
			flag := "-f"
			if force {
				flag = "-rf"
			}
			for _, a := range args {
				out = append(out, "rm "+flag+" "+tclShellQuote(a))
			}
		}
		// [exec …] inside other commands.
		for _, part := range strings.Split(stmt, "[")[1:] {
			if inner, _, ok := strings.Cut(part, "]"); ok && strings.HasPrefix(strings.TrimSpace(inner), "exec ") {
				out = append(out, TclExecs(inner)...)
			}
		}
	}
	return out
}

// tclCommands splits Tcl source at newlines and semicolons outside braces
// and quotes.
func tclCommands(src string) []string {
	var out []string
	depth, quote, start := 0, false, 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '{':
			if !quote {
				depth++
			}
		case '}':
			if !quote && depth > 0 {
				depth--
			}
		case '"':
			if depth == 0 {
				quote = !quote
			}
		case '\n', ';':
			if depth == 0 && !quote {
				out = append(out, strings.TrimSpace(src[start:i]))
				start = i + 1
			}
		}
	}
	out = append(out, strings.TrimSpace(src[start:]))
	return out
}

// tclWords splits one Tcl command into words: {…} and "…" group.
func tclWords(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) || s[i] == '#' && len(out) == 0 {
			break
		}
		switch s[i] {
		case '{':
			depth, j := 0, i
			for ; j < len(s); j++ {
				if s[j] == '{' {
					depth++
				} else if s[j] == '}' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			out = append(out, s[i+1:min(j, len(s))])
			i = j + 1
		case '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			out = append(out, s[i+1:min(j, len(s))])
			i = j + 1
		default:
			j := i
			for j < len(s) && s[j] != ' ' && s[j] != '\t' {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out
}

// tclShellQuote quotes a word for the shell parser, keeping $x and [cmd]
// visible as dynamic parts.
func tclShellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t'\"\\;&|<>()`*?~#") {
		return s
	}
	if strings.ContainsAny(s, "$[") {
		return `"$TCL_VALUE"`
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
