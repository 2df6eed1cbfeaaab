// Interpreters on a command line: parse finds the code that python -c,
// perl -e, ruby -e, node -e, php -r, awk, pwsh or tclsh runs, hands it to
// package payload, and parses what payload reports (shell lines, deletions,
// file changes) back into commands.

package parse

import (
	"fmt"
	"strings"

	"github.com/guardsh/guardsh/payload"
	"github.com/guardsh/guardsh/programs"
)

// tclShells run Tcl code.
var tclShells = set("tclsh", "wish", "jimsh", "tclsh8.6", "tclsh8.5", "tclsh9.0")

// tclsh checks the Tcl code tclsh runs: a script file, or its input.
func (p *parser) tclsh(c *Command, name string, args []Word) {
	for i, a := range args {
		if strings.HasPrefix(a.Value, "-") && a.Value != "-" {
			if a.Value == "-encoding" {
				i++
			}
			continue
		}
		if a.Value != "-" {
			if !a.Static {
				p.substCode(c, name, a)
				return
			}
			p.runFile(c, name, a, payload.LangTcl, false, true)
			return
		}
		break
	}
	if c.StdinStatic {
		p.source(c, name+" <<EOF", payload.LangTcl, Word{Value: c.StdinText, Static: true, Start: c.Start, End: c.End})
		return
	}
	if s, ok := p.stdinFile(c); ok {
		p.runScript(c, "| "+name, s, payload.LangTcl)
		return
	}
	if src := stdinSource(c); src != "" && src != "file" && src != "tty" && src != "local" {
		c.CodeSource, c.CodeDetail = src, "| "+name
	}
}

// interpreter scans the code given to python, perl, ruby, node, php, awk or
// PowerShell for what it runs.
func (p *parser) interpreter(c *Command, name string, lang payload.Lang, args []Word) {
	label := name
	var code []Word
	fromStdin := false
	switch lang {
	case payload.LangPython:
		o := optSpec{short: "bBdEhiIOqsSuvVxRP", shortVal: "cmWX", allShort: true, long: []string{"version", "help"}, longVal: []string{"check-hash-based-pycs"}}.parse(args)
		if v, ok := o.get("-c"); ok {
			label = name + " -c"
			code = []Word{{Value: v, Static: true, Start: c.Start, End: c.End}}
			code[0].Static, code[0].Origin = argStatic(args, v)
		} else if o.has("-m") {
			return
		} else if rest := args[o.rest:]; len(rest) == 0 || rest[0].Value == "-" || rest[0].Value == "/dev/stdin" {
			fromStdin = true
		} else if !rest[0].Static {
			p.substCode(c, name, rest[0])
			return
		} else {
			p.runFile(c, name, rest[0], lang, false, true)
			return
		}
	case payload.LangPerl, payload.LangRuby, payload.LangNode, payload.LangPHP:
		if g := programs.Lookup(name); g.HasOptionRuns() && (lang != payload.LangNode || name == "node" || name == "nodejs") {
			// The code is an option's value by the interpreter's grammar
			// and Run entries (programs/table_interpreters.go).
			var script *Word
			code, label, script, fromStdin = codeByGrammar(c, name, g, args)
			if script != nil {
				if !script.Static {
					p.substCode(c, name, *script)
				} else {
					p.runFile(c, name, *script, lang, false, true)
				}
				return
			}
			break
		}
		if lang == payload.LangNode || lang == payload.LangPHP {
			code, label, fromStdin = p.nodeOrPHP(c, name, lang, args)
			if code == nil && !fromStdin {
				return
			}
			break
		}
		if len(args) > 0 && !args[0].Static && !strings.HasPrefix(args[0].Value, "-") {
			p.substCode(c, name, args[0])
			return
		}
		for i := 0; i < len(args); i++ {
			a := args[i].Value
			if (a == "-e" || a == "-E") && i+1 < len(args) {
				code = append(code, args[i+1])
				i++
				continue
			}
			if strings.HasPrefix(a, "-") && len(a) > 2 && strings.ContainsAny(a[1:], "eE") && !strings.HasPrefix(a, "--") {
				// Bundles such as -pe, -ne, -le: the code follows.
				k := strings.IndexAny(a[1:], "eE") + 2
				if k < len(a) {
					code = append(code, Word{Value: a[k:], Static: args[i].Static, Start: args[i].Start, End: args[i].End})
				} else if i+1 < len(args) {
					code = append(code, args[i+1])
					i++
				}
				continue
			}
			if !strings.HasPrefix(a, "-") || a == "-" {
				fromStdin = a == "-" && len(code) == 0
				if !fromStdin && len(code) == 0 {
					p.runFile(c, name, args[i], lang, false, true)
					return
				}
				break
			}
		}
		if len(code) == 0 && len(args) == 0 {
			fromStdin = true
		}
		label = name + " -e"
	case payload.LangAwk:
		o := optSpec{allShort: true, shortVal: "FvfWiElo", longVal: []string{"field-separator", "assign", "file", "source", "include", "load"}}.parse(args)
		if s, ok := o.get("--source"); ok {
			code = append(code, Word{Value: s, Static: true, Start: c.Start, End: c.End})
		}
		if f, _ := o.get("-f", "--file"); f == "/dev/stdin" || f == "-" {
			fromStdin = true
		} else if o.has("-f", "--file") {
			p.runFile(c, name+" -f", Word{Value: f, Static: true, Start: c.Start, End: c.End}, lang, false, true)
		} else {
			if rest := args[o.rest:]; len(rest) > 0 {
				prog := rest[0]
				// -v name=value: known to the program before it runs.
				var pre strings.Builder
				for i := 0; i+1 < len(args); i++ {
					if args[i].Value == "-v" && args[i+1].Static {
						if n, v, ok := strings.Cut(args[i+1].Value, "="); ok && n != "" {
							fmt.Fprintf(&pre, "BEGIN{%s=%q}\n", n, v)
						}
					}
				}
				if pre.Len() > 0 && prog.Static {
					prog.Value = pre.String() + prog.Value
				}
				code = append(code, prog)
			}
		}
		label = name
	case payload.LangPowerShell:
		for i := 0; i < len(args); i++ {
			a := strings.ToLower(args[i].Value)
			switch {
			case a == "-command" || a == "-c" || a == "/c" || a == "-cmd":
				code = append(code, args[i+1:]...)
				label = name + " -Command"
				i = len(args)
			case strings.HasPrefix(a, "-e") && strings.HasPrefix("-encodedcommand", a) && i+1 < len(args):
				label = name + " -EncodedCommand"
				if dec, ok := decodeUTF16Base64(args[i+1].Value); ok && args[i+1].Static {
					code = append(code, Word{Value: dec, Static: true, Start: args[i+1].Start, End: args[i+1].End})
				} else {
					c.CodeSource, c.CodeDetail = "decoder", label
					return
				}
				i = len(args)
			}
		}
		if len(code) > 1 {
			text, static := joinArgs(code)
			code = []Word{{Value: text, Static: static, Start: code[0].Start, End: code[len(code)-1].End}}
		}
	}
	awkKnown := false
	if lang == payload.LangAwk && len(code) == 1 && code[0].Static && awkRunsLines(code[0].Value) {
		// awk '{system($0)}', awk '{print | "sh"}': each input line
		// runs as a command.
		if in, ok := p.awkInput(c, args); ok {
			p.codeOnStdin = true
			p.payload(name+": system($0)", in, Word{Value: in, Static: true, Start: c.Start, End: c.End}, c.Line, false)
			p.codeOnStdin = false
			awkKnown = c.CodeSource == ""
			defer func() {
				if awkKnown && c.CodeSource == "dynamic" && strings.Count(code[0].Value, "system(")+strings.Count(code[0].Value, "|") <= 1 {
					c.CodeSource, c.CodeDetail = "", "" // the lines were read above
				}
			}()
		}
	}
	if fromStdin {
		spanPipeline(c)
		if c.StdinStatic {
			code = append(code, Word{Value: c.StdinText, Static: true, Start: c.Start, End: c.End})
			label = name + " <<EOF"
		} else if s, ok := p.stdinFile(c); ok {
			p.runScript(c, "| "+name, s, lang)
			return
		} else if src := stdinSource(c); src != "" && src != "file" && src != "tty" && src != "local" {
			c.CodeSource, c.CodeDetail = src, "| "+name
			return
		}
	}
	for _, w := range code {
		if !w.Static {
			if o := origin(w); o != "local" {
				c.CodeSource, c.CodeDetail = o, label+" "+w.Value
			}
			continue
		}
		p.source(c, label, lang, w)
	}
}

// argStatic finds the word holding an option value, to learn whether it
// was static.
func argStatic(args []Word, v string) (bool, string) {
	for _, a := range args {
		if a.Value == v || strings.HasSuffix(a.Value, v) {
			return a.Static, a.Origin
		}
	}
	return true, ""
}

// source scans interpreter code and records what it runs: shell command
// lines as payloads, deletions as rm commands, and dynamic calls.
func (p *parser) source(c *Command, label string, lang payload.Lang, w Word) {
	if lang == payload.LangTcl {
		for _, cmd := range payload.TclExecs(w.Value) {
			p.payload(label+": exec", cmd, w, c.Line, false)
		}
		return
	}
	if payload.CallLang(lang) {
		p.callSource(c, label, lang, w)
		return
	}
	if forkLoop(w.Value) && !p.diskCode && len(w.Value) <= 4096 {
		// fork in a loop: a fork bomb in the interpreter. Recorded as the
		// shape the fork-bomb rule knows: a function calling itself in
		// the background.
		p.add(&Command{Args: []Word{{Value: ":", Static: true, Start: c.Start, End: c.End}}, InFunc: ":", Background: true, ForkBomb: true,
			Via: append(append([]string(nil), c.Via...), label), Line: c.Line, Start: c.Start, End: c.End})
	}
	scan := payload.Scan(lang, w.Value)
	scan.Deletes = append(scan.Deletes, treeDeletes(lang, w.Value)...)
	for _, s := range scan.Shell {
		p.payload(label, s, w, c.Line, false)
	}
	if len(scan.Dynamic) > 0 && c.CodeSource == "" && !p.diskCode {
		c.CodeSource, c.CodeDetail = "dynamic", label+": "+scan.Dynamic[0]
	}
	for _, t := range scan.Writes {
		// A file the code opens for writing, as a redirection of a
		// command standing for it: only hardline rules look at it
		// (a disk, /proc/sysrq-trigger).
		wr := &Command{Args: []Word{{Value: ":", Static: true, Start: w.Start, End: w.End}},
			Redirs: []Redirect{{Op: ">", Target: Word{Value: t, Static: true, Start: w.Start, End: w.End}}},
			Via:    append(append([]string(nil), c.Via...), label+": open for writing"),
			Line:   c.Line, Start: c.Start, End: c.End, Remote: c.Remote, Implied: true, Dir: c.Dir,
			Deferred: c.Deferred, Contained: c.Contained}
		if p.outer != nil {
			wr.Start, wr.End = p.outer[0], p.outer[1]
		}
		p.add(wr)
	}
	for _, d := range scan.Deletes {
		if payload.HomeExpr(d.Target) {
			d.Target, d.Static = home, true
		}
		argv := []Word{{Value: "rm", Static: true, Start: w.Start, End: w.End}}
		if d.Recursive {
			argv = append(argv, Word{Value: "-r", Static: true, Start: w.Start, End: w.End})
		}
		argv = append(argv, Word{Value: "-f", Static: true, Start: w.Start, End: w.End},
			Word{Value: d.Target, Static: d.Static, Origin: "dynamic", Start: w.Start, End: w.End})
		rm := &Command{Args: argv, Via: append(append([]string(nil), c.Via...), label+": "+d.Call),
			Line: c.Line, Start: c.Start, End: c.End, Remote: c.Remote,
			// In a program read from disk, a deletion of a computed path
			// is the program's own business unless it is hardline.
			Implied: p.diskCode && !d.Static}
		if p.outer != nil {
			rm.Start, rm.End = p.outer[0], p.outer[1]
		}
		p.add(rm)
	}
	for _, f := range scan.Files {
		p.add(p.fileCommand(c, label, w, f))
	}
}

// fileCommand records a file an interpreter changes as the shell command
// that would do the same, so the rules on writes apply: a write is a
// redirection alone (>> FILE), a move mv, a copy cp, a link ln -s, a FIFO
// mkfifo and a mode change chmod.
func (p *parser) fileCommand(c *Command, label string, w Word, f payload.File) *Command {
	word := func(v string, static bool) Word {
		if !static {
			if h, ok := payload.HomePath(v); ok {
				v, static = h, true
			}
		}
		out := Word{Value: v, Static: static, Start: w.Start, End: w.End}
		if !static {
			out.Origin = "dynamic"
		}
		return out
	}
	lit := func(v string) Word { return Word{Value: v, Static: true, Start: w.Start, End: w.End} }
	cmd := &Command{Via: append(append([]string(nil), c.Via...), label+": "+f.Call), Line: c.Line, Start: c.Start, End: c.End,
		Remote: c.Remote, Dir: c.Dir, Deferred: p.deferred, Contained: p.contained}
	if p.outer != nil {
		cmd.Start, cmd.End = p.outer[0], p.outer[1]
	}
	target := word(f.Target, f.Static)
	switch f.Op {
	case payload.OpMove:
		cmd.Args = []Word{lit("mv"), lit("--"), word(f.From, f.FromStatic), target}
	case payload.OpCopy:
		cmd.Args = []Word{lit("cp"), lit("--"), word(f.From, f.FromStatic), target}
	case payload.OpLink:
		cmd.Args = []Word{lit("ln"), lit("-s"), lit("--"), word(f.From, f.FromStatic), target}
	case payload.OpFIFO:
		cmd.Args = []Word{lit("mkfifo"), lit("--"), target}
	case payload.OpChmod:
		cmd.Args = []Word{lit("chmod"), lit("--"), lit("?"), target}
	default:
		cmd.Redirs = []Redirect{{Op: ">>", Target: target}}
	}
	return cmd
}

// nodeOrPHP finds the code of node-like interpreters and php spelled in
// a way programs has no grammar for (deno eval, bun -e, node22): code and
// whether it comes on the input; nil and false when it ran a file or
// recorded what it could not read.
func (p *parser) nodeOrPHP(c *Command, name string, lang payload.Lang, args []Word) (code []Word, label string, fromStdin bool) {
	label = name
	switch lang {
	case payload.LangNode:
		if len(args) > 0 && !args[0].Static {
			p.substCode(c, name, args[0])
			return nil, "", false
		}
		for i := 0; i < len(args); i++ {
			a := args[i].Value
			if (a == "-e" || a == "--eval" || a == "-p" || a == "--print") && i+1 < len(args) {
				code = append(code, args[i+1])
				label = name + " " + a
				break
			}
			if v, ok := strings.CutPrefix(a, "--eval="); ok {
				code = append(code, Word{Value: v, Static: args[i].Static, Start: args[i].Start, End: args[i].End})
				break
			}
			if !strings.HasPrefix(a, "-") {
				if name == "deno" && a == "eval" && i+1 < len(args) {
					code = append(code, args[i+1])
				} else if f, ok := denoBunScript(name, args[i:]); ok {
					// deno run x.ts, bun x.ts, bun run x.ts; deno run
					// -A https://… runs what the server sends, outside
					// deno's sandbox.
					if strings.HasPrefix(f.Value, "https://") || strings.HasPrefix(f.Value, "http://") {
						if c.CodeSource == "" && denoUnsandboxed(args[i:]) {
							c.CodeSource, c.CodeDetail = "network", name+" run "+f.Value
						}
						return
					}
					p.runFile(c, name, f, lang, false, true)
					return nil, "", false
				} else if name != "deno" && name != "bun" {
					p.runFile(c, name, args[i], lang, false, true)
					return nil, "", false
				}
				break
			}
		}
		if len(args) == 0 || len(args) == 1 && args[0].Value == "-" {
			fromStdin = true
		}
	case payload.LangPHP:
		for i := 0; i+1 < len(args); i++ {
			if args[i].Value == "-r" {
				code = append(code, args[i+1])
				label = name + " -r"
				break
			}
		}
		if len(args) == 0 {
			fromStdin = true
		}
	}
	return code, label, fromStdin
}

// codeByGrammar reads an interpreter's command line by its grammar and
// Run entries: the code given in options (perl -e, node -p, php -r), else
// the script (the first operand), else the input.
func codeByGrammar(c *Command, name string, g *programs.Grammar, args []Word) (code []Word, label string, script *Word, fromStdin bool) {
	words := wordValues(args)
	pp := g.Parse(words, programs.Env{Lenient: true})
	label = name
	for _, r := range g.Runs(pp, words) {
		if r.Kind != programs.RunsCode || r.Opt == "" {
			continue
		}
		w := args[r.Word]
		w.Value = r.Value
		code = append(code, w)
		label = name + " " + dashed(r.Opt)
	}
	if len(code) > 0 {
		return code, label, nil, false
	}
	if name == "php" || name == "php-cli" {
		// php -f FILE runs FILE; php [options] -- ARGS reads the script
		// on its input and gives it ARGS (curl getcomposer.org/installer
		// | php -- --install-dir=/usr/bin).
		for _, o := range pp.Opts {
			if o.Key == "f" && o.HasValue && o.ValueAt >= 0 && o.ValueAt < len(args) {
				f := args[o.ValueAt]
				f.Value = o.Value
				if f.Value == "-" || f.Value == "/dev/stdin" {
					return nil, label, nil, true
				}
				return nil, label, &f, false
			}
		}
		if pp.DashDash >= 0 && (len(pp.Operands) == 0 || pp.Operands[0] > pp.DashDash) {
			return nil, label, nil, true
		}
	}
	if len(pp.Operands) == 0 {
		return nil, label, nil, true
	}
	first := args[pp.Operands[0]]
	if first.Value == "-" || first.Value == "/dev/stdin" {
		return nil, label, nil, true
	}
	return nil, label, &first, false
}
