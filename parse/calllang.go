package parse

import (
	"strings"

	"github.com/guardsh/guardsh/payload"
)

// callInterpreter reads the code lua, luajit, julia, Rscript and R run —
// -e CODE (Julia's -E, --eval; R's --file, -f), the script file named
// first, the program on standard input — with payload.CallLines, and
// parses what it runs and deletes as shell commands.
func (p *parser) callInterpreter(c *Command, name string, lang payload.Lang, args []Word) {
	var vals string // options whose value is the next word
	switch lang {
	case payload.LangLua:
		vals = "-e -l"
	case payload.LangJulia:
		vals = "-e -E --eval --print -L --load -C --cpu-target -J --sysimage -p --procs -t --threads -O --project -H --home --machine-file --code-coverage --track-allocation --depwarn --color --history-file --startup-file --compile --inline --check-bounds --math-mode --warn-overwrite --heap-size-hint --handle-signals --sysimage-native-code"
	case payload.LangR:
		vals = "-e -f --file --args -d --debugger --encoding --gui -g --default-packages"
	case payload.LangGroovy:
		vals = "-e -cp -classpath --classpath -c --encoding -b --basescript --configscript -l"
	case payload.LangElixir:
		vals = "-e --eval -r -pr -pa -pz --sname --name --cookie --erl --logger-otp-reports --logger-sasl-reports"
	case payload.LangJShell:
		vals = "-e -f -cp -classpath -l -J"
	}
	valOpt := func(v string) bool { return strings.Contains(" "+vals+" ", " "+v+" ") }
	codeOpt := func(v string) bool {
		return v == "-e" || lang == payload.LangJulia && (v == "-E" || v == "--eval" || v == "--print") || lang == payload.LangElixir && v == "--eval"
	}
	fileOpt := func(v string) bool {
		return lang == payload.LangR && (v == "-f" || v == "--file") || lang == payload.LangJulia && (v == "-L" || v == "--load") ||
			lang == payload.LangElixir && v == "-r" || lang == payload.LangJShell && v == "-f"
	}
	ran := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if name == "R" && v == "CMD" && i+2 < len(args) && args[i+1].Value == "BATCH" {
			// R CMD BATCH FILE.
			p.callFile(c, name+" CMD BATCH", lang, args[i+2])
			return
		}
		if k := strings.IndexByte(v, '='); k > 0 && strings.HasPrefix(v, "--") {
			w := a
			w.Value = v[k+1:]
			switch {
			case codeOpt(v[:k]):
				p.callSource(c, name+" "+v[:k], lang, w)
				ran = true
			case fileOpt(v[:k]):
				p.callFile(c, name+" "+v[:k], lang, w)
				ran = true
			}
			continue
		}
		if v == "--" {
			if i+1 < len(args) && !ran {
				p.callFile(c, name, lang, args[i+1])
			}
			return
		}
		if strings.HasPrefix(v, "-") && v != "-" {
			if codeOpt(v) && i+1 < len(args) {
				p.callSource(c, name+" "+v, lang, args[i+1])
				ran = true
				i++
				continue
			}
			if strings.HasPrefix(v, "-e") && len(v) > 2 && lang == payload.LangLua {
				w := a
				w.Value = v[2:]
				p.callSource(c, name+" -e", lang, w)
				ran = true
				continue
			}
			if fileOpt(v) && i+1 < len(args) {
				p.callFile(c, name+" "+v, lang, args[i+1])
				ran = true
				i++
				continue
			}
			if valOpt(v) {
				i++
			}
			if v == "--args" {
				return // R: the rest are the script's arguments
			}
			continue
		}
		if ran || v == "-" {
			break
		}
		if name != "R" {
			// The script, then its arguments.
			p.callFile(c, name, lang, a)
			return
		}
	}
	if ran {
		return
	}
	if c.StdinStatic {
		p.callSource(c, name+" <<EOF", lang, Word{Value: c.StdinText, Static: true, Start: c.Start, End: c.End})
		return
	}
	if s, ok := p.stdinFile(c); ok {
		p.runScript(c, "| "+name, s, lang)
		return
	}
	if src := stdinSource(c); src != "" && src != "file" && src != "tty" && src != "local" {
		c.CodeSource, c.CodeDetail = src, "| "+name
	}
}

// callFile reads a script file the interpreter runs: one the line wrote,
// or one on disk.
func (p *parser) callFile(c *Command, label string, lang payload.Lang, w Word) {
	if !w.Static {
		p.substCode(c, label, w)
		return
	}
	p.runFile(c, label, w, lang, false, true)
}

// callSource parses what code of a CallLines language runs.
func (p *parser) callSource(c *Command, label string, lang payload.Lang, w Word) {
	if !w.Static {
		p.dynamicProgram(c, label, w)
		return
	}
	for _, line := range payload.CallLines(lang, w.Value) {
		if line == `"$(…)"` {
			// os.execute(cmd), system(x): a command built at run
			// time, as payload.Scan's Dynamic calls.
			if c.CodeSource == "" && !p.diskCode {
				c.CodeSource, c.CodeDetail = "dynamic", label+": a command built at run time"
			}
			continue
		}
		p.payload(label, line, w, c.Line, false)
	}
}

// denoBunScript returns the script file of deno run [OPTS] FILE, bun
// [run] [OPTS] FILE: for bun, a name with a script's extension or a
// slash (bun run NAME otherwise runs a package.json script).
func denoBunScript(name string, args []Word) (Word, bool) {
	if len(args) == 0 {
		return Word{}, false
	}
	i := 0
	if args[0].Value == "run" {
		i = 1
	} else if name == "deno" {
		return Word{}, false
	}
	for ; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			continue
		}
		if strings.HasPrefix(v, "-") {
			switch v {
			case "-c", "--config", "--import-map", "--lock", "--cert", "--location", "--seed", "-L", "--log-level", "--cwd", "--env-file", "--preload", "-r", "--require":
				i++
			}
			continue
		}
		if name == "bun" && !strings.Contains(v, "/") && !scriptExt(v) {
			return Word{}, false
		}
		return args[i], true
	}
	return Word{}, false
}

// denoUnsandboxed reports deno options that let a script out of its
// sandbox: -A, --allow-all, --allow-run, --allow-write, --allow-ffi,
// --allow-sys, or --allow-read with --allow-net (it may send what it
// reads).
func denoUnsandboxed(args []Word) bool {
	read, net := false, false
	for _, a := range args {
		if strings.Contains(a.Value, "://") {
			break // the script; the words after it are its own
		}
		v, _, _ := strings.Cut(a.Value, "=")
		switch v {
		case "-A", "--allow-all", "--allow-run", "--allow-write", "--allow-ffi", "--allow-sys":
			return true
		case "--allow-read", "-R":
			read = true
		case "--allow-net", "-N":
			net = true
		}
		if strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.Contains(a.Value, "A") {
			return true
		}
	}
	return read && net
}

func scriptExt(v string) bool {
	for _, e := range []string{".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx"} {
		if strings.HasSuffix(v, e) {
			return true
		}
	}
	return false
}
