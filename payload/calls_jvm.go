package payload

import "strings"

// More languages read by [CallLines]: the JVM scripting languages and
// Elixir, whose -e code a build or an agent runs as readily as perl -e.
const (
	// LangGroovy is Groovy (groovy -e): "CMD".execute(), [argv].execute(),
	// Runtime.getRuntime().exec(…), new ProcessBuilder(argv), and
	// new File(p).deleteDir().
	LangGroovy Lang = 1101 + iota
	// LangElixir is Elixir (elixir -e, mix run -e): System.cmd(PROG,
	// ARGS), System.shell, :os.cmd, File.rm_rf.
	LangElixir
	// LangJShell is the JDK's JavaScript shells (jrunscript, jjs):
	// exec(CMD), Runtime.getRuntime().exec(…), new ProcessBuilder(…).
	LangJShell
)

// jvmLang reports the languages of this file.
func jvmLang(lang Lang) bool { return lang >= LangGroovy && lang <= LangJShell }

// jvmLangOf maps an interpreter's name to a language of this file, or 0.
func jvmLangOf(name string) Lang {
	switch name {
	case "groovy", "groovysh":
		return LangGroovy
	case "elixir", "iex":
		return LangElixir
	case "jrunscript", "jjs":
		return LangJShell
	}
	return 0
}

// jvmCallLines returns the shell command lines the calls among toks run
// or the trees they delete.
func jvmCallLines(lang Lang, toks []callTok) []string {
	var out []string
	for i := 0; i < len(toks) && len(out) < 64; i++ {
		t := toks[i]
		// Groovy: "CMD".execute() and [argv].execute().
		if lang == LangGroovy && t.text == "." && i+1 < len(toks) && toks[i+1].text == "execute" && i > 0 {
			if s := toks[i-1]; s.kind == 's' {
				out = append(out, strArg(s))
			} else if s.text == "]" {
				if open := openBracket(toks, i-1); open >= 0 {
					args, _ := callArgs(toks, open)
					out = append(out, argvLine(args))
				}
			}
			continue
		}
		if t.kind != 'i' || i+1 >= len(toks) {
			continue
		}
		name := strings.TrimPrefix(t.text, ".")
		j := i + 1
		if lang == LangElixir && toks[j].text == "!" && j+1 < len(toks) {
			j++ // File.rm_rf!(…)
		}
		if toks[j].text != "(" {
			continue
		}
		args, end := callArgs(toks, j)
		if end >= len(toks) || len(args) == 0 {
			continue
		}
		var line string
		switch {
		case name == "exec" || strings.HasSuffix(name, ".exec") || name == "System.shell" || name == ":os.cmd" || name == "os.cmd":
			// Runtime.exec(String) and exec(String) split the text at
			// blanks; a String[] is an argv.
			if len(args[0].toks) > 0 && args[0].toks[0].text == "[" {
				inner, _ := callArgs(args[0].toks, 0)
				line = argvLine(inner)
			} else if s, ok := textArg(args[0]); ok {
				line = s
			} else {
				line = `"$(…)"`
			}
		case name == "ProcessBuilder" || strings.HasSuffix(name, ".ProcessBuilder"):
			line = argvLine(args)
		case lang == LangElixir && name == "System.cmd":
			prog, ok := textArg(args[0])
			if !ok {
				line = `"$(…)"`
				break
			}
			line = shellArg(prog, true)
			if len(args) > 1 && len(args[1].toks) > 0 && args[1].toks[0].text == "[" {
				inner, _ := callArgs(args[1].toks, 0)
				if rest := argvLine(inner); rest != "" {
					line += " " + rest
				}
			}
		case lang == LangElixir && (name == "File.rm_rf" || name == "File.rm"):
			v, static := argValue(args[0].toks)
			line = rmLine(v, static, name == "File.rm_rf")
		default:
			continue
		}
		out = append(out, line)
		i = end
	}
	return out
}

// strArg is a string token as one shell command line.
func strArg(t callTok) string {
	if !t.static {
		return `"$(…)"`
	}
	return t.text
}

// argvLine joins call arguments that are an argv into a shell command
// line, each word quoted.
func argvLine(args []callArg) string {
	var words []string
	for _, a := range args {
		v, static := argValue(a.toks)
		words = append(words, shellArg(v, static))
	}
	return strings.Join(words, " ")
}

// openBracket returns the index of the "[" that the "]" at toks[close]
// closes, or -1.
func openBracket(toks []callTok, close int) int {
	depth := 0
	for i := close; i >= 0; i-- {
		switch toks[i].text {
		case "]":
			depth++
		case "[":
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
