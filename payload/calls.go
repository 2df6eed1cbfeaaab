package payload

import (
	"strings"
)

// Languages read by [CallLines] only (not by [Scan]): their calls that run
// programs or delete files are reported as shell command lines.
const (
	// LangLua is Lua (lua, luajit): os.execute, io.popen, os.remove.
	LangLua Lang = 1001 + iota
	// LangJulia is Julia: run(`…`), read(`…`), success(`…`),
	// pipeline(`…`), Cmd([…]), rm(PATH; recursive=true).
	LangJulia
	// LangR is R (Rscript, R): system, system2, shell, unlink,
	// file.remove.
	LangR
)

// CallLang reports whether lang is read by CallLines.
func CallLang(lang Lang) bool { return lang >= LangLua && lang <= LangR || jvmLang(lang) }

// CallLangOf maps an interpreter's name to a CallLines language, or 0:
// lua, lua5.4, luajit, julia, Rscript, R.
func CallLangOf(name string) Lang {
	switch strings.TrimRight(name, "0123456789.") {
	case "lua", "luajit", "texlua":
		return LangLua
	case "julia":
		return LangJulia
	case "Rscript", "R":
		return LangR
	}
	return jvmLangOf(name)
}

// A callTok is a token of CallLines' lexer: an identifier (with dots, as
// os.execute), a string's value, a Julia command literal, or one byte of
// punctuation.
type callTok struct {
	kind byte // 'i' identifier, 's' string, 'c' command literal, 'p' punctuation
	text string
	// static is false for a string with interpolation ($x, $(…)).
	static bool
}

// callLex splits src into tokens, dropping comments: -- and --[[ ]] in
// Lua, # and #= =# in Julia, # in R; strings in '…', "…", Lua's [[…]],
// Julia's """…""" and `…`, R's r"(…)".
func callLex(lang Lang, src string) []callTok {
	var out []callTok
	for i := 0; i < len(src) && len(out) < 1<<18; {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case lang == LangLua && strings.HasPrefix(src[i:], "--"):
			if n := longBracket(src[i+2:]); n > 0 {
				i += 2 + n
				continue
			}
			i = lineEnd(src, i)
		case lang == LangJulia && strings.HasPrefix(src[i:], "#="):
			if j := strings.Index(src[i+2:], "=#"); j >= 0 {
				i += j + 4
			} else {
				i = len(src)
			}
		case (lang == LangJulia || lang == LangR) && c == '#':
			i = lineEnd(src, i)
		case lang == LangLua && c == '[' && longBracket(src[i:]) > 0:
			n := longBracket(src[i:])
			body := src[i:min(len(src), i+n)]
			open := strings.IndexByte(body[1:], '[') + 2
			close := len(body) - open
			if close < open {
				close = open
			}
			out = append(out, callTok{kind: 's', text: strings.TrimPrefix(body[open:close], "\n"), static: true})
			i += n
		case lang == LangJulia && strings.HasPrefix(src[i:], `"""`):
			j := strings.Index(src[i+3:], `"""`)
			if j < 0 {
				j = len(src) - i - 3
			}
			body := src[i+3 : i+3+j]
			out = append(out, callTok{kind: 's', text: body, static: !strings.Contains(body, "$")})
			i += j + 6
		case c == '"' || c == '\'' || c == '`':
			if lang == LangJulia && c == '\'' {
				// A Char literal, or the adjoint operator.
				out = append(out, callTok{kind: 'p', text: "'"})
				i++
				continue
			}
			raw := lang == LangR && i > 0 && (src[i-1] == 'r' || src[i-1] == 'R') && i+1 < len(src) && strings.IndexByte("([{", src[i+1]) >= 0
			val, n, static := callString(lang, src[i:], raw)
			kind := byte('s')
			if c == '`' && lang == LangJulia {
				kind = 'c'
			}
			if raw && len(out) > 0 && out[len(out)-1].kind == 'i' && (out[len(out)-1].text == "r" || out[len(out)-1].text == "R") {
				out = out[:len(out)-1]
			}
			out = append(out, callTok{kind: kind, text: val, static: static})
			i += n
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(src) && (src[j] == '_' || src[j] == '.' || src[j] == '!' && lang == LangJulia ||
				src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9') {
				if src[j] == '.' && j+1 < len(src) && src[j+1] == '.' {
					break // Lua's .. concatenation
				}
				j++
			}
			out = append(out, callTok{kind: 'i', text: src[i:j]})
			i = j
		default:
			if c == '.' && i+1 < len(src) && src[i+1] == '.' {
				out = append(out, callTok{kind: 'p', text: ".."})
				i += 2
				continue
			}
			out = append(out, callTok{kind: 'p', text: src[i : i+1]})
			i++
		}
	}
	return out
}

func lineEnd(s string, i int) int {
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j + 1
	}
	return len(s)
}

// longBracket returns the length of a Lua long bracket at the start of s
// ([[…]], [==[…]==]), or 0.
func longBracket(s string) int {
	if len(s) < 2 || s[0] != '[' {
		return 0
	}
	eq := 0
	for 1+eq < len(s) && s[1+eq] == '=' {
		eq++
	}
	if 1+eq >= len(s) || s[1+eq] != '[' {
		return 0
	}
	end := "]" + strings.Repeat("=", eq) + "]"
	j := strings.Index(s[2+eq:], end)
	if j < 0 {
		return len(s)
	}
	return 2 + eq + j + len(end)
}

// callString reads a quoted string at the start of s, returning its value,
// its length in s, and whether it is static (no interpolation).
func callString(lang Lang, s string, raw bool) (string, int, bool) {
	q := s[0]
	if raw {
		// R's r"(…)": up to )" .
		closer := map[byte]byte{'(': ')', '[': ']', '{': '}'}[s[1]]
		end := string([]byte{closer, q})
		j := strings.Index(s[2:], end)
		if j < 0 {
			return s[2:], len(s), true
		}
		return s[2 : 2+j], j + 4, true
	}
	var sb strings.Builder
	static := true
	i := 1
	for ; i < len(s); i++ {
		c := s[i]
		if c == q {
			return sb.String(), i + 1, static
		}
		if c == '\\' && i+1 < len(s) {
			i++
			switch s[i] {
			case 'n':
				sb.WriteByte('\n')
			case 't':
				sb.WriteByte('\t')
			case '$', '`', '"', '\'', '\\':
				sb.WriteByte(s[i])
			default:
				sb.WriteByte('\\')
				sb.WriteByte(s[i])
			}
			continue
		}
		if c == '$' && (lang == LangJulia || lang == LangGroovy && q == '"') || c == '#' && lang == LangElixir && q == '"' && i+1 < len(s) && s[i+1] == '{' {
			static = false // interpolation: $x, ${x} (Groovy GStrings), #{x} (Elixir)
		}
		sb.WriteByte(c)
	}
	return sb.String(), i, static
}

// CallLines returns, as shell command lines, what code in lang (LangLua,
// LangJulia, LangR) runs and deletes: os.execute("rm -rf /") is
// "rm -rf /", Julia's run(`rm -rf $d`) is "rm -rf $d" (dynamic to the
// shell parser), rm(homedir(); recursive=true) and R's unlink("~",
// recursive=TRUE) are "rm -r -f ~", os.remove(p) and file.remove(p) are
// "rm -f p". A value it cannot resolve is kept as $(…), which the shell
// parser reads as unknown. It is a heuristic scanner: linear, bounded, and
// it never panics on any input.
func CallLines(lang Lang, src string) []string {
	if !CallLang(lang) {
		return nil
	}
	toks := callLex(lang, src)
	if jvmLang(lang) {
		return jvmCallLines(lang, toks)
	}
	var out []string
	for i := 0; i < len(toks) && len(out) < 64; i++ {
		t := toks[i]
		if t.kind == 'c' && lang == LangJulia {
			// A command literal anywhere: run, read, success,
			// pipeline, open, … all run it.
			out = append(out, juliaCmd(t))
			continue
		}
		if t.kind != 'i' || i+1 >= len(toks) {
			continue
		}
		name := t.text
		// Lua calls a function with one string without parentheses:
		// os.execute "rm -rf /".
		if lang == LangLua && toks[i+1].kind == 's' {
			if line, ok := luaCall(name, []callArg{{toks: toks[i+1 : i+2]}}); ok {
				out = append(out, line)
			}
			continue
		}
		if toks[i+1].text != "(" || !callName(name) {
			continue
		}
		args, end := callArgs(toks, i+1)
		if end >= len(toks) {
			// Not closed: nothing after it is outside this call.
			break
		}
		var line string
		ok := false
		switch lang {
		case LangLua:
			line, ok = luaCall(name, args)
		case LangJulia:
			line, ok = juliaCall(name, args)
		case LangR:
			line, ok = rCall(name, args)
		}
		if ok {
			out = append(out, line)
			if lang != LangJulia {
				i = end
			}
		}
	}
	return out
}

// callName reports the functions CallLines reads, in any of its
// languages.
func callName(name string) bool {
	switch name {
	case "os.execute", "io.popen", "os.remove", "rm", "run", "Base.run", "Base.rm", "Filesystem.rm", "Base.Filesystem.rm", "Cmd", "system", "shell",
		"system2", "unlink", "file.remove":
		return true
	}
	return false
}

// A callArg is one argument of a call: its tokens, and its keyword when
// it is name=value.
type callArg struct {
	key  string
	toks []callTok
}

// callArgs splits the arguments of the call whose "(" is toks[open] at
// the top-level commas (and Julia's ;), and returns them with the index of
// the closing ")".
func callArgs(toks []callTok, open int) ([]callArg, int) {
	var args []callArg
	depth := 0
	start := open + 1
	i := open
	for ; i < len(toks); i++ {
		t := toks[i]
		if t.kind != 'p' {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				args = appendArg(args, toks[start:i])
				return args, i
			}
		case ",", ";":
			if depth == 1 {
				args = appendArg(args, toks[start:i])
				start = i + 1
			}
		}
	}
	return args, i
}

func appendArg(args []callArg, ts []callTok) []callArg {
	if len(ts) == 0 {
		return args
	}
	a := callArg{toks: ts}
	if len(ts) > 2 && ts[0].kind == 'i' && ts[1].text == "=" && (len(ts) < 3 || ts[2].text != "=") {
		a.key, a.toks = ts[0].text, ts[2:]
	}
	return append(args, a)
}

// argValue evaluates an argument to a path or text: string literals and
// their concatenation (.. in Lua, * in Julia, paste0 in R), the home
// directory (homedir(), ENV["HOME"], os.getenv("HOME"), Sys.getenv("HOME"),
// path.expand("~")), joinpath and file.path. Anything else is "$(…)".
func argValue(ts []callTok) (string, bool) { return argValueDepth(ts, 0) }

func argValueDepth(ts []callTok, depth int) (string, bool) {
	if len(ts) == 0 || depth > 8 {
		return "$(…)", false
	}
	var parts []string
	static := true
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		switch {
		case t.kind == 's':
			parts = append(parts, t.text)
			static = static && t.static
		case t.kind == 'p' && (t.text == ".." || t.text == "*" || t.text == "+"):
		case t.kind == 'i' && i+1 < len(ts) && ts[i+1].text == "(":
			args, end := callArgs(ts, i+1)
			text := joinText(ts[i : end+1])
			switch {
			case HomeExpr(text):
				parts = append(parts, "~")
			case t.text == "joinpath" || t.text == "file.path" || t.text == "paste0" || t.text == "normpath" || t.text == "abspath" ||
				t.text == "expanduser" || t.text == "path.expand" || t.text == "normalizePath":
				var sub []string
				for _, a := range args {
					v, ok := argValueDepth(a.toks, depth+1)
					static = static && ok
					sub = append(sub, v)
				}
				if t.text == "paste0" {
					parts = append(parts, strings.Join(sub, ""))
				} else {
					parts = append(parts, strings.Join(sub, "/"))
				}
			default:
				parts = append(parts, "$(…)")
				static = false
			}
			i = end
		case t.kind == 'i' || t.kind == 'p':
			text := joinText(ts[i:])
			if HomeExpr(text) {
				return strings.Join(append(parts, "~"), ""), static
			}
			parts = append(parts, "$(…)")
			return strings.Join(parts, ""), false
		}
	}
	return strings.Join(parts, ""), static
}

func joinText(ts []callTok) string {
	var sb strings.Builder
	for _, t := range ts {
		switch t.kind {
		case 's':
			sb.WriteString(`"` + t.text + `"`)
		default:
			sb.WriteString(t.text)
		}
	}
	return sb.String()
}

// shellArg quotes a resolved value for the shell line: a static value is
// single-quoted, except a leading ~ which the shell must see bare; an
// unknown one is kept as $(…).
func shellArg(v string, static bool) string {
	if !static {
		return `"$(…)"`
	}
	if v == "~" || strings.HasPrefix(v, "~/") {
		return "~" + shellQuoteRest(v[1:])
	}
	return "'" + strings.ReplaceAll(v, "'", `'\''`) + "'"
}

func shellQuoteRest(s string) string {
	if s == "" {
		return ""
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// textArg returns a string argument as shell text (os.execute's command).
func textArg(a callArg) (string, bool) {
	v, static := argValue(a.toks)
	if !static {
		return "", false
	}
	return v, true
}

func rmLine(target string, static, recursive bool) string {
	if recursive {
		return "rm -r -f " + shellArg(target, static)
	}
	return "rm -f " + shellArg(target, static)
}

func luaCall(name string, args []callArg) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	switch name {
	case "os.execute", "io.popen":
		if s, ok := textArg(args[0]); ok {
			return s, true
		}
		return `"$(…)"`, true
	case "os.remove":
		v, static := argValue(args[0].toks)
		return rmLine(v, static, false), true
	}
	return "", false
}

func juliaCall(name string, args []callArg) (string, bool) {
	name = strings.TrimPrefix(strings.TrimPrefix(name, "Base."), "Filesystem.")
	switch name {
	case "rm":
		if len(args) == 0 {
			return "", false
		}
		recursive := false
		for _, a := range args[1:] {
			if a.key == "recursive" && len(a.toks) == 1 && a.toks[0].text != "false" {
				recursive = true
			}
		}
		v, static := argValue(args[0].toks)
		return rmLine(v, static, recursive), true
	case "Cmd":
		// Cmd(["rm", "-rf", "/"]).
		if len(args) == 0 {
			return "", false
		}
		var argv []string
		for _, t := range args[0].toks {
			if t.kind == 's' {
				argv = append(argv, shellArg(t.text, t.static))
			}
		}
		if len(argv) == 0 {
			return `"$(…)"`, true
		}
		return strings.Join(argv, " "), true
	case "run":
		// run(`…`) and run(pipeline(`…`)) are read by their command
		// literals, run(Cmd([…])) by Cmd; run(x) runs what x holds.
		for _, a := range args {
			for _, t := range a.toks {
				if t.kind == 'c' || t.kind == 'i' && (t.text == "Cmd" || t.text == "pipeline" || t.text == "Base.Cmd") {
					return "", false
				}
			}
		}
		return `"$(…)"`, true
	}
	return "", false
}

// juliaCmd is the shell line of a Julia command literal: its words as
// written; an interpolated $x stays a shell variable, unknown to the shell
// parser.
func juliaCmd(t callTok) string { return t.text }

func rCall(name string, args []callArg) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	switch name {
	case "system", "shell":
		if s, ok := textArg(args[0]); ok {
			return s, true
		}
		return `"$(…)"`, true
	case "system2":
		cmd, ok := textArg(args[0])
		if !ok {
			return `"$(…)"`, true
		}
		line := cmd
		for _, a := range args[1:] {
			if a.key != "" && a.key != "args" {
				continue
			}
			ts := a.toks
			if len(ts) > 2 && ts[0].text == "c" && ts[1].text == "(" {
				ts = ts[2:]
			}
			for _, t := range ts {
				if t.kind == 's' {
					// system2 pastes its args into a shell line.
					line += " " + t.text
				}
			}
		}
		return line, true
	case "unlink", "file.remove":
		recursive := false
		for _, a := range args[1:] {
			if a.key == "recursive" && len(a.toks) == 1 && (a.toks[0].text == "TRUE" || a.toks[0].text == "T") {
				recursive = true
			}
		}
		v, static := argValue(args[0].toks)
		return rmLine(v, static, recursive && name == "unlink"), true
	}
	return "", false
}
