package parse

import (
	"os"
	"path"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/guardsh/guardsh/payload"
	"github.com/guardsh/guardsh/programs"
)

// What the seventh red team found guardsh did not follow (notes/redteam7.md).
//
// read from a known input: bash and zsh split the line by IFS into the
// names given, the last name taking the rest of the line, and read -a
// (zsh read -A) into an array. guardsh knew only read with one name, so
// `read a b c <<< 'rm -rf /'; $a $b $c` and `read -a x <<< …; "${x[@]}"`
// ran a known command guardsh did not see (allow).

// readBuiltin records what read assigns from a known standard input
// (a here-string, a here-document, echo … |): each name's field, split as
// the shell splits it, or the array of read -a. It reports whether it knew
// the options and the input; otherwise the caller records the names as
// dynamic.
func (p *parser) readBuiltin(cmd *Command) bool {
	if !cmd.StdinStatic || len(cmd.StdinText) > maxVarValue {
		return false
	}
	args := cmd.Args[1:]
	raw, delim, count, exact, whole := false, byte('\n'), -1, false, false
	var names []string
	array := ""
	withValue := "dinNptu"
	arrayFlag := byte('a')
	if p.isZsh() {
		withValue, arrayFlag = "dku", 'A'
	}
	i := 0
	for ; i < len(args); i++ {
		w := args[i]
		if !w.Static {
			return false
		}
		v := w.Value
		if v == "--" {
			i++
			break
		}
		if len(v) < 2 || v[0] != '-' {
			break
		}
		for j := 1; j < len(v); j++ {
			f := v[j]
			switch {
			case f == 'r':
				raw = true
			case f == 'e' || f == 's':
			case p.isZsh() && strings.IndexByte("zEqcl", f) >= 0:
				return false // from the editor buffer, a prompt's answer or a completion
			case f == arrayFlag || strings.IndexByte(withValue, f) >= 0:
				val := v[j+1:]
				if val == "" {
					if i+1 >= len(args) || !args[i+1].Static {
						return false
					}
					i++
					val = args[i].Value
				}
				switch {
				case f == arrayFlag:
					array = val
				case f == 'd':
					delim = 0 // the NUL byte: the whole input
					if val != "" {
						delim = val[0]
					}
				case f == 'n' || f == 'N' || f == 'k':
					n, err := strconv.Atoi(val)
					if err != nil || n < 0 {
						return false
					}
					count, exact = n, f == 'N'
				case f == 'u':
					if val != "0" {
						return false // another descriptor than the input read here
					}
				case f == 'i' || f == 'p' || f == 't':
				}
				j = len(v)
			default:
				return false
			}
		}
	}
	for _, w := range args[i:] {
		if !w.Static || !ValidName(w.Value) {
			return false
		}
		names = append(names, w.Value)
	}
	if array != "" && !ValidName(array) {
		return false
	}
	if array == "" && len(names) == 0 {
		// No name: REPLY gets the line as it is, unsplit.
		names, whole = []string{"REPLY"}, true
	}
	for _, n := range append(names, array) {
		if n != "" && p.readonlyAssign(n, Word{}) {
			return true // read of a read-only variable fails
		}
	}
	ifs := " \t\n"
	if v, ok := p.vars.val.get("IFS"); ok {
		ifs = v
	} else if p.vars.dyn.has("IFS") || p.vars.list.has("IFS") {
		return false
	}
	for _, a := range cmd.Env {
		if a.Name == "IFS" {
			if !a.Value.Static {
				return false
			}
			ifs = a.Value.Value
		}
	}
	line, next := readRecord(cmd.StdinText, delim, count, exact, raw)
	readFields(p.vars, names, array, line, ifs, exact || whole)
	// A read in a loop or a group after another read takes a later
	// record: those are the names' other values (each is checked).
	for k := 0; k < maxAlts && next < len(cmd.StdinText); k++ {
		var rec string
		rec, next = readRecordAt(cmd.StdinText, next, delim, count, exact, raw)
		other := p.vars.clone()
		readFields(other, names, array, rec, ifs, exact || whole)
		for _, n := range append(names, array) {
			if n == "" {
				continue
			}
			if v, ok := other.val.get(n); ok {
				p.vars.addAlt(n, v)
			} else if l := other.list.at(n); len(l) > 0 {
				p.vars.addAlt(n, strings.Join(l, " "))
			}
		}
	}
	return true
}

// readFields assigns one record read by read to its names, or to the
// array.
func readFields(v *vars, names []string, array, line, ifs string, whole bool) {
	if whole {
		// read -N: the characters as they are, no splitting.
		if array != "" {
			v.setList(array, []string{line})
		} else {
			v.set(names[0], line)
			for _, n := range names[1:] {
				v.set(n, "")
			}
		}
		return
	}
	if array != "" {
		v.setList(array, splitIFS(line, ifs, -1))
		return
	}
	fields := splitIFS(line, ifs, len(names))
	for k, n := range names {
		f := ""
		if k < len(fields) {
			f = fields[k]
		}
		v.set(n, f)
	}
}

// readRecord returns the record read reads from text: up to the delimiter
// (0: the whole text), at most count characters when count ≥ 0, with
// backslash escapes removed unless raw (a backslash-newline joins the next
// line; here-strings and here-documents hold no NUL byte).
func readRecord(text string, delim byte, count int, exact, raw bool) (string, int) {
	return readRecordAt(text, 0, delim, count, exact, raw)
}

// readRecordAt is readRecord from text[from:]; it also returns where the
// next record starts.
func readRecordAt(text string, from int, delim byte, count int, exact, raw bool) (string, int) {
	var b strings.Builder
	n := 0
	i := from
	for ; i < len(text); i++ {
		if count >= 0 && n >= count {
			return b.String(), i
		}
		c := text[i]
		if !raw && c == '\\' && i+1 < len(text) {
			i++
			if text[i] == '\n' {
				continue
			}
			b.WriteByte(text[i])
			n++
			continue
		}
		if !exact && delim != 0 && c == delim {
			return b.String(), i + 1
		}
		b.WriteByte(c)
		n++
	}
	return b.String(), i
}

// splitIFS splits a line read by read into at most n fields (n < 0: all
// of them, for read -a), as the shell does: IFS white space around fields
// is dropped, each other IFS character ends one field, and the last field
// takes the rest of the line, less trailing IFS white space.
func splitIFS(line, ifs string, n int) []string {
	isWS := func(c byte) bool { return (c == ' ' || c == '\t' || c == '\n') && strings.IndexByte(ifs, c) >= 0 }
	isIFS := func(c byte) bool { return strings.IndexByte(ifs, c) >= 0 }
	if ifs == "" {
		return []string{line}
	}
	i := 0
	for i < len(line) && isWS(line[i]) {
		i++
	}
	var out []string
	for i < len(line) {
		if n >= 0 && len(out) == n-1 {
			rest := line[i:]
			for len(rest) > 0 && isWS(rest[len(rest)-1]) {
				rest = rest[:len(rest)-1]
			}
			return append(out, rest)
		}
		j := i
		for j < len(line) && !isIFS(line[j]) {
			j++
		}
		out = append(out, line[i:j])
		for j < len(line) && isWS(line[j]) {
			j++
		}
		if j < len(line) && isIFS(line[j]) && !isWS(line[j]) {
			j++
			for j < len(line) && isWS(line[j]) {
				j++
			}
		}
		i = j
	}
	return out
}

// compoundStdin returns what the commands of a compound command read on
// their standard input when its own redirection gives a known text
// ({ read a; read b; $b; } <<< TEXT, while …; done <<EOF): a placeholder
// whose output is that text; from otherwise.
func compoundStdin(rds []Redirect, from *Command) *Command {
	text, ok := stdinOf(&Command{Redirs: rds})
	if !ok {
		for i := len(rds) - 1; i >= 0; i-- {
			if r := rds[i]; (r.Fd == "" || r.Fd == "0") && (r.Op == "<" || r.Op == "<>" || r.Op == "<<" || r.Op == "<<-" || r.Op == "<<<") {
				return nil // input from a file or an unknown text: not the outer one
			}
		}
		return from
	}
	return &Command{Args: []Word{{Value: "(…)"}}, groupOut: text, groupKnown: true}
}

// Debuggers run commands of their own language given on the command line
// and in command files: gdb -ex/-iex 'CMD', -x/-ix FILE; lldb -o/-O/-k
// 'CMD', -s/-S/-K FILE. Those that reach a shell or Python are checked as
// such (gdb's shell, !, pipe, |, make, python/py/pi, guile's (system "…");
// lldb's platform shell, shell, script; both debuggers' run with its
// arguments, which a shell expands; system("…") called in the debugged
// program). Commands may be abbreviated to a unique prefix (gdb she,
// lldb plat sh), and are read so. A command file the line wrote is read
// line by line; one it wrote with content guardsh cannot know is code
// nobody saw.

// debuggerLines maps the options whose value is one debugger command, and
// those whose value is a file of them, to the debugger.
func debuggerOpts(name string) (one, file []string) {
	if name == "lldb" || strings.HasPrefix(name, "lldb-") {
		return []string{"one-line", "one-line-before-file", "one-line-on-crash"}, []string{"source", "source-before-file", "source-on-crash"}
	}
	return []string{"eval-command", "init-eval-command"}, []string{"command", "init-command"}
}

// debugger reads the commands a gdb or lldb command line gives.
func (p *parser) debugger(c *Command, name string, args []Word) {
	g := programs.Lookup(name)
	if g == nil || !anyOption(args) {
		return
	}
	lldb := name == "lldb" || strings.HasPrefix(name, "lldb-")
	words := wordValues(args)
	pp := g.Parse(words, programs.Env{Lenient: true})
	one, file := debuggerOpts(name)
	for _, o := range pp.Opts {
		if !o.HasValue || o.ValueAt >= len(args) {
			continue
		}
		w := args[o.ValueAt]
		w.Value = o.Value
		switch {
		case anyName(o, one):
			if !w.Static {
				p.dynamicProgram(c, name+" -"+o.Spelled, w)
				continue
			}
			p.debuggerText(c, name, name+" -"+o.Spelled, w, lldb, 0)
		case anyName(o, file):
			p.debuggerFile(c, name, name+" -"+o.Spelled, w, lldb, 0)
		}
	}
}

// anyName reports whether the option has one of the names.
func anyName(o programs.Opt, names []string) bool {
	for _, n := range names {
		if o.Key == n || slices.Contains(o.Names, n) {
			return true
		}
	}
	return false
}

// debuggerFile reads a command file the line wrote.
func (p *parser) debuggerFile(c *Command, name, label string, w Word, lldb bool, depth int) {
	fs := p.vars.files
	if fs == nil || !w.Static || depth > 3 {
		return
	}
	s := fs.open(c.Dir, w.Value, false)
	if !s.found {
		return
	}
	if s.why != "" || !s.static {
		c.fileCode(originOf(s.origin), label+" "+s.where+": "+s.why)
		return
	}
	cw := Word{Value: s.text, Static: true, Start: w.Start, End: w.End}
	p.debuggerText(c, name, label+" "+s.where, cw, lldb, depth+1)
}

// debuggerText checks debugger commands, one a line. gdb's python and
// guile commands without code start a block that ends at a line "end".
func (p *parser) debuggerText(c *Command, name, label string, w Word, lldb bool, depth int) {
	lines := strings.Split(w.Value, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" || line[0] == '#' {
			continue
		}
		verb, rest := debuggerVerb(line, lldb)
		at := w
		at.Value = rest
		if strings.Contains(line, "system(") || strings.Contains(line, "popen(") {
			// call system("…") / print popen("…", "r") run in the debugged program.
			lw := w
			lw.Value = line
			p.quotedCalls(c, label+": system()", lw, "system(", "popen(")
		}
		switch verb {
		case "shell":
			p.payload(label+": shell", rest, at, c.Line, false)
		case "pipe":
			if _, sh, ok := strings.Cut(rest, "|"); ok {
				p.payload(label+": pipe", sh, at, c.Line, false)
			}
		case "make":
			p.payload(label+": make", "make "+rest, at, c.Line, false)
		case "run":
			// The program's arguments are expanded by a shell.
			p.payload(label+": run", ": "+rest, at, c.Line, false)
		case "python", "guile":
			code := rest
			if code == "" && !lldb {
				var b strings.Builder
				for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "end"; i++ {
					b.WriteString(lines[i])
					b.WriteByte('\n')
				}
				code = b.String()
			}
			if code == "" {
				continue
			}
			cw := at
			cw.Value = code
			if verb == "guile" {
				p.quotedCalls(c, label+": guile", cw, "(system ", "(system* ")
				continue
			}
			p.source(c, label+": python", payload.LangPython, cw)
		case "source":
			f := at
			f.Value = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "-v"))
			p.debuggerFile(c, name, label+": source", f, lldb, depth)
		case "pyfile":
			f := at
			f.Value = strings.TrimSpace(rest)
			p.runFile(c, label+": python", f, payload.LangPython, false, false)
		}
	}
}

// debuggerVerb resolves the first word (or two, for lldb's platform
// shell and command source) of a debugger command to what it does:
// "shell", "pipe", "make", "run", "python", "guile", "source", "pyfile"
// or "". rest is the command's text after it, options taken off.
func debuggerVerb(line string, lldb bool) (verb, rest string) {
	if !lldb {
		switch line[0] {
		case '!':
			return "shell", line[1:]
		case '|':
			return "pipe", line
		}
	}
	first, rest := cutWord(line)
	abbrev := func(w, full string, min int) bool { return len(w) >= min && strings.HasPrefix(full, w) }
	if !lldb {
		switch {
		case abbrev(first, "shell", 3):
			return "shell", rest
		case abbrev(first, "pipe", 3):
			return "pipe", rest
		case first == "make" || first == "mak":
			return "make", rest
		case first == "r" || abbrev(first, "run", 2) || first == "start" || first == "starti":
			return "run", rest
		case first == "py" || abbrev(first, "python", 3) || first == "pi" || abbrev(first, "python-interactive", 7):
			return "python", rest
		case first == "gu" || abbrev(first, "guile", 3) || first == "gr" || abbrev(first, "guile-repl", 7):
			return "guile", rest
		case first == "so" || abbrev(first, "source", 3):
			return "source", rest
		}
		return "", rest
	}
	second, after := cutWord(rest)
	switch {
	case abbrev(first, "shell", 3):
		return "shell", rest
	case abbrev(first, "platform", 3) && abbrev(second, "shell", 2):
		return "shell", lldbShellText(after)
	case abbrev(first, "script", 3):
		opts := strings.Fields(rest)
		if len(opts) >= 2 && (opts[0] == "-l" || opts[0] == "--language") {
			if opts[1] != "python" && opts[1] != "default" {
				return "", rest // lua: not read
			}
			_, rest = cutWord(after)
		}
		rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "--"))
		return "python", rest
	case first == "r" || abbrev(first, "run", 2):
		return "run", rest
	case abbrev(first, "process", 3) && abbrev(second, "launch", 2):
		if _, a, ok := strings.Cut(after, "-- "); ok {
			return "run", a
		}
		return "", after
	case abbrev(first, "command", 3) && abbrev(second, "source", 2):
		return "source", strings.TrimSpace(after)
	case abbrev(first, "command", 3) && abbrev(second, "script", 3):
		if third, f := cutWord(after); abbrev(third, "import", 2) {
			return "pyfile", strings.TrimSpace(f)
		}
	}
	return "", rest
}

// lldbShellText takes platform shell's options off its command: -h/--host,
// -s/--shell SHELL, -t/--timeout SEC, -u/--user, up to a "--".
func lldbShellText(s string) string {
	for {
		s = strings.TrimSpace(s)
		w, rest := cutWord(s)
		switch {
		case w == "--":
			return rest
		case w == "-h" || w == "--host" || w == "-u" || w == "--user":
			s = rest
		case w == "-s" || w == "--shell" || w == "-t" || w == "--timeout":
			_, s = cutWord(rest)
		default:
			return s
		}
	}
}

// cutWord splits s at its first run of blanks.
func cutWord(s string) (string, string) {
	s = strings.TrimLeft(s, " \t")
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimLeft(s[i:], " \t")
}

// redteam7Programs reads the programs of this file.
func (p *parser) redteam7Programs(c *Command, name string, args []Word) {
	switch {
	case name == "gdb" || name == "gdb-multiarch" || name == "lldb" || strings.HasPrefix(name, "lldb-"):
		p.debugger(c, name, args)
	case name == "cgdb":
		// cgdb [OPTIONS] [--] GDB-OPTIONS: what follows -- is gdb's.
		for i, a := range args {
			if a.Value == "--" {
				p.debugger(c, "gdb", args[i+1:])
				break
			}
		}
	case name == "cargo":
		p.cargo(c, args)
	case name == "git":
		p.gitConfigFiles(c, args)
		if i := gitSubcommand(args); i >= 0 && (args[i].Value == "apply" || args[i].Value == "am") {
			p.patchApply(c, "git", args[i+1:])
		} else if i >= 0 && args[i].Value == "clone" {
			p.gitTemplateHooks(c, args, i)
		}
	case name == "patch" || name == "gpatch":
		p.patchApply(c, name, args)
	}
}

// isCommandVar reports an environment variable whose value a program
// runs as a command: commandVars, and cargo's and rustc's (below).
func isCommandVar(name string) bool {
	return commandVars()[name] || cargoCommandVar(name) || moreCommandVar(name) || strings.EqualFold(name, "npm_config_script_shell") ||
		strings.EqualFold(name, "npm_config_git") || strings.EqualFold(name, "npm_config_editor") || strings.EqualFold(name, "npm_config_browser") ||
		strings.EqualFold(name, "npm_config_shell")
}

// moreCommandVar reports more variables whose value a program runs as a
// command (each program's manual): gh's GH_PAGER, GH_EDITOR, GH_BROWSER;
// kubectl's KUBE_EDITOR; the AWS CLI's AWS_PAGER; bat's BAT_PAGER; delta's
// DELTA_PAGER; systemctl edit's SYSTEMD_EDITOR; psql's PSQL_EDITOR; git's
// GIT_PROXY_COMMAND (git:// connections); rsync's RSYNC_RSH and
// RSYNC_CONNECT_PROG; cvs's CVS_RSH; fzf's FZF_DEFAULT_COMMAND; yarn's
// YARN_SCRIPT_SHELL; GNU parallel's PARALLEL_SHELL; tmux's and screen's
// default command is the shell they start (TMUX is not one); the Mercurial
// HGEDITOR; the Subversion SVN_EDITOR and SVN_SSH; Jujutsu's JJ_EDITOR.
// (A switch, not a set: nothing is built at start-up.)
func moreCommandVar(name string) bool {
	switch name {
	case "GH_PAGER", "GH_EDITOR", "GH_BROWSER", "KUBE_EDITOR", "AWS_PAGER", "BAT_PAGER", "DELTA_PAGER",
		"SYSTEMD_EDITOR", "PSQL_EDITOR", "GIT_PROXY_COMMAND", "RSYNC_RSH", "RSYNC_CONNECT_PROG", "CVS_RSH", "FZF_DEFAULT_COMMAND",
		"YARN_SCRIPT_SHELL", "PARALLEL_SHELL", "HGEDITOR", "SVN_EDITOR", "SVN_SSH", "JJ_EDITOR", "GIT_SSH_COMMAND":
		return true
	}
	return false
}

// cargo runs programs named in its configuration, given with --config
// KEY=VALUE (also before the subcommand), in CARGO_* variables, or in a
// .cargo/config.toml (the line's own writes are read):
// target.TRIPLE.runner (CARGO_TARGET_TRIPLE_RUNNER) runs every binary cargo
// run, test and bench start; target.TRIPLE.linker links them;
// build.rustc-wrapper (RUSTC_WRAPPER, CARGO_BUILD_RUSTC_WRAPPER),
// build.rustc-workspace-wrapper, build.rustc (RUSTC) and build.rustdoc
// (RUSTDOC) replace the compiler; registry.credential-provider and
// registries.NAME.credential-provider run at publish and login; doc.browser
// opens cargo doc --open. A string value is a program and its arguments
// split at blanks, an array one word each.

// cargoCommandVar reports cargo's and rustc's command variables.
func cargoCommandVar(name string) bool {
	switch name {
	case "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "RUSTC", "RUSTDOC", "CARGO_BUILD_RUSTC_WRAPPER",
		"CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER", "CARGO_BUILD_RUSTC", "CARGO_BUILD_RUSTDOC", "CARGO_REGISTRY_CREDENTIAL_PROVIDER",
		"CARGO_HOST_RUNNER", "CARGO_HOST_LINKER":
		return true
	}
	if t, ok := strings.CutPrefix(name, "CARGO_TARGET_"); ok {
		return strings.HasSuffix(t, "_RUNNER") || strings.HasSuffix(t, "_LINKER")
	}
	if r, ok := strings.CutPrefix(name, "CARGO_REGISTRIES_"); ok {
		return strings.HasSuffix(r, "_CREDENTIAL_PROVIDER")
	}
	return false
}

// cargoRunKey reports a configuration key whose value cargo runs.
func cargoRunKey(key string) bool {
	parts := strings.Split(key, ".")
	if len(parts) < 2 {
		return false
	}
	last := parts[len(parts)-1]
	switch parts[0] {
	case "target", "host":
		return last == "runner" || last == "linker"
	case "build":
		return last == "rustc-wrapper" || last == "rustc-workspace-wrapper" || last == "rustc" || last == "rustdoc"
	case "registry", "registries":
		return last == "credential-provider"
	case "doc":
		return last == "browser"
	}
	return false
}

// cargo reads the --config values of a cargo command line, and the
// .cargo/config.toml (or .cargo/config) this input wrote in the working
// directory.
func (p *parser) cargo(c *Command, args []Word) {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			break
		}
		w, ok := optionValue(args, i, "--config", false)
		if !ok {
			continue
		}
		if v == "--config" {
			i++
		}
		if !w.Static {
			if strings.Contains(w.Value, "runner") || strings.Contains(w.Value, "wrapper") || strings.Contains(w.Value, "linker") {
				p.dynamicProgram(c, "cargo --config", w)
			}
			continue
		}
		key, val, ok := strings.Cut(w.Value, "=")
		if !ok {
			// A configuration file.
			p.cargoConfigFile(c, w)
			continue
		}
		p.cargoValue(c, "cargo --config "+strings.TrimSpace(key), tomlKey(key), val, w)
	}
	for _, name := range []string{".cargo/config.toml", ".cargo/config"} {
		p.cargoConfigFile(c, Word{Value: name, Static: true, Start: c.Start, End: c.End})
	}
}

// writtenConfig opens a configuration file of program what that this input
// wrote (with disk, also one on disk): its text and the label its
// findings name, when the text is known. A file whose text is not known
// (downloaded, written from a variable) marks c with where it came from.
func (p *parser) writtenConfig(c *Command, what, name string, disk bool) (text, label string, ok bool) {
	fs := p.vars.files
	if fs == nil {
		return "", "", false
	}
	s := fs.open(c.Dir, name, disk)
	if !s.found {
		return "", "", false
	}
	label = what + " " + s.where
	if s.why != "" || !s.static {
		c.fileCode(originOf(s.origin), label+": "+s.why)
		return "", "", false
	}
	return s.text, label, true
}

// cargoConfigFile reads a cargo configuration file this input wrote.
func (p *parser) cargoConfigFile(c *Command, w Word) {
	text, label, ok := p.writtenConfig(c, "cargo", w.Value, false)
	if !ok {
		return
	}
	section := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			section = tomlKey(strings.Trim(line, "[] \t"))
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		full := tomlKey(key)
		if section != "" {
			full = section + "." + full
		}
		p.cargoValue(c, label+": "+full, full, val, w)
	}
}

// cargoValue checks a configuration value cargo runs.
func (p *parser) cargoValue(c *Command, label, key, val string, at Word) {
	if !cargoRunKey(key) {
		return
	}
	words, ok := tomlProgram(val)
	if !ok {
		at.Static, at.Origin = false, "dynamic"
		at.Value = val
		p.dynamicProgram(c, label, at)
		return
	}
	quoted := make([]string, len(words))
	for i, x := range words {
		quoted[i] = shellQuote(x)
	}
	at.Value = strings.Join(quoted, " ")
	p.payload(label, at.Value, at, c.Line, false)
}

// tomlKey returns a dotted TOML key with its quotes and blanks taken off
// (target.'cfg(unix)'.runner: target.cfg(unix).runner).
func tomlKey(k string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(k) {
		switch r {
		case '\'', '"', ' ', '\t':
		default:
			b.WriteRune(r)
		}
	}
	return strings.ToLower(b.String())
}

// tomlProgram reads a TOML string (split at blanks, as cargo splits it)
// or array of strings as a program's words.
func tomlProgram(v string) ([]string, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, false
	}
	if v[0] == '[' {
		end := strings.LastIndexByte(v, ']')
		if end < 0 {
			return nil, false
		}
		var out []string
		rest := v[1:end]
		for {
			rest = strings.TrimLeft(rest, " \t,")
			if rest == "" {
				return out, len(out) > 0
			}
			s, r, ok := tomlString(rest)
			if !ok {
				return nil, false
			}
			out = append(out, s)
			rest = r
		}
	}
	s, _, ok := tomlString(v)
	if !ok {
		return strings.Fields(v), true // a bare word (--config's value is TOML, but be lenient)
	}
	return strings.Fields(s), true
}

// tomlString reads one quoted TOML string at the start of s: a basic
// string with \-escapes or a literal one.
func tomlString(s string) (string, string, bool) {
	if s == "" || s[0] != '"' && s[0] != '\'' {
		return "", s, false
	}
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == q:
			return b.String(), s[i+1:], true
		case q == '"' && s[i] == '\\' && i+1 < len(s):
			i++
			switch s[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(s[i])
			}
		default:
			b.WriteByte(s[i])
		}
	}
	return "", s, false
}

// git reads configuration files that the environment names (GIT_CONFIG_GLOBAL,
// GIT_CONFIG_SYSTEM, a HOME or XDG_CONFIG_HOME set for git, GIT_DIR) or that
// git reads anyway (~/.gitconfig, .git/config), when this input wrote
// them, and the files -c include.path names: a key whose value git runs
// (core.pager, core.fsmonitor, alias.X=!…) is checked as the command it is.
// A file named by GIT_CONFIG_GLOBAL, GIT_CONFIG_SYSTEM or include.path is
// also read from disk. git --config-env=KEY=VAR takes KEY's value from VAR.
func (p *parser) gitConfigFiles(c *Command, args []Word) {
	env := p.envOf(c)
	type cfg struct {
		name string
		disk bool
	}
	var files []cfg
	if g, ok := env["GIT_CONFIG_GLOBAL"]; ok {
		files = append(files, cfg{g, true})
	} else {
		h := "~"
		if v, ok := env["HOME"]; ok {
			h = v
		}
		x := h + "/.config"
		if v, ok := env["XDG_CONFIG_HOME"]; ok {
			x = v
		}
		files = append(files, cfg{h + "/.gitconfig", false}, cfg{x + "/git/config", false})
	}
	if s, ok := env["GIT_CONFIG_SYSTEM"]; ok {
		files = append(files, cfg{s, true})
	}
	gitDir := ".git"
	if d, ok := env["GIT_DIR"]; ok {
		gitDir = d
	}
	files = append(files, cfg{gitDir + "/config", false})
	for i := 0; i < len(args); i++ {
		a := args[i].Value
		var kv string
		switch {
		case a == "-c" && i+1 < len(args):
			kv = args[i+1].Value
			i++
		case strings.HasPrefix(a, "-c") && len(a) > 2:
			kv = a[2:]
		case strings.HasPrefix(a, "--config-env="), a == "--config-env" && i+1 < len(args):
			w := args[i]
			spec := strings.TrimPrefix(a, "--config-env=")
			if a == "--config-env" {
				i++
				w, spec = args[i], args[i].Value
			}
			key, name, ok := strings.Cut(spec, "=")
			if !ok {
				continue
			}
			val, known := env[name]
			if !known {
				if vs := p.values(name); len(vs) == 1 {
					val, known = vs[0], true
				}
			}
			key = strings.ToLower(key)
			if known && gitRuns(key, val) {
				w.Value, w.Static = strings.TrimPrefix(val, "!"), true
				p.runValue(c, "git --config-env "+key+"="+name, "", w)
			} else if !known && p.vars.dyn.has(name) && gitRuns(key, "!") {
				w.Static, w.Origin = false, "dynamic"
				p.dynamicProgram(c, "git --config-env "+key, w)
			}
			continue
		case !strings.HasPrefix(a, "-"):
			i = len(args)
			continue
		}
		if k, v, ok := strings.Cut(kv, "="); ok && (strings.EqualFold(k, "include.path") || strings.HasPrefix(strings.ToLower(k), "includeif.") && strings.HasSuffix(strings.ToLower(k), ".path")) {
			files = append(files, cfg{v, true})
		}
	}
	seen := map[string]bool{}
	for _, f := range files {
		p.gitConfigFile(c, f.name, f.disk, seen, 0)
	}
}

// gitConfigFile checks one git configuration file.
func (p *parser) gitConfigFile(c *Command, name string, disk bool, seen map[string]bool, depth int) {
	fs := p.vars.files
	if fs == nil || name == "" || name == "/dev/null" || seen[name] || depth > 3 {
		return
	}
	seen[name] = true
	text, label, ok := p.writtenConfig(c, "git config", name, disk)
	if !ok {
		return
	}
	section := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if line[0] == '[' {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				continue
			}
			head := strings.TrimSpace(line[1:end])
			sec, sub, hasSub := strings.Cut(head, " ")
			section = strings.ToLower(sec)
			if hasSub {
				section += "." + strings.Trim(strings.TrimSpace(sub), `"`)
			}
			line = strings.TrimSpace(line[end+1:])
			if line == "" {
				continue
			}
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		key := section + "." + strings.ToLower(strings.TrimSpace(k))
		v = strings.TrimSpace(v)
		if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
			v = v[1 : len(v)-1]
		}
		if key == "include.path" || strings.HasPrefix(key, "includeif.") && strings.HasSuffix(key, ".path") {
			p.gitConfigFile(c, v, disk, seen, depth+1)
			continue
		}
		if gitRuns(key, v) {
			p.runValue(c, label+": "+key, "", Word{Value: strings.TrimPrefix(v, "!"), Static: true, Start: c.Start, End: c.End})
		}
	}
}

// gitConfigValued reports git config's options that take the next word as
// their value (-f FILE, --blob BLOB, --type TYPE …).
func gitConfigValued(o string) bool {
	switch o {
	case "-f", "--file", "--blob", "-t", "--type", "--default", "--comment", "--value", "--url":
		return true
	}
	return false
}

// envPathDirs returns the directories of a static PATH in the command's
// own environment (env PATH=bin:/usr/bin ls, which the wrapper hands on):
// a program the line wrote into one of them is what runs.
func envPathDirs(c *Command) []string {
	for i := len(c.Env) - 1; i >= 0; i-- {
		if a := c.Env[i]; a.Name == "PATH" && a.Value.Static {
			var dirs []string
			for _, d := range strings.Split(a.Value.Value, ":") {
				if d == "" {
					d = "."
				}
				dirs = append(dirs, d)
			}
			return dirs
		}
	}
	return nil
}

// hookFCEDIT returns the editor a bare fc runs in the user's shell, which
// the bash and zsh hooks pass to guardsh gate as GUARDSH_FCEDIT
// (${FCEDIT:-${EDITOR:-vi}}): FCEDIT=true (or EDITOR=:) set on an earlier
// line, in any way (export, read, eval, a sourced file), makes fc re-run
// the last history entry without showing it. Without it (an agent's hook,
// check -c, $SHELL mode, where fc has no history to re-run) the editor is
// taken as one the person sees.
func hookFCEDIT() (string, bool) {
	return os.LookupEnv("GUARDSH_FCEDIT")
}

// Patches applied from a file or the input write the files they name:
// patch (-i FILE, its second operand, or its standard input), git apply
// and git am (their operands, or the input). The names come from the
// patch's own headers (+++ NAME, diff --git a/X b/Y, rename to, copy to,
// *** NAME for a context diff), with -pN stripped (git's default 1; patch
// without -p: the name as written and its base name) under -d/--directory.
// Each is recorded as a write of that file (a ": > FILE" beside the
// command, so every rule about writes reads it: guardsh's own files, an
// agent's settings, start-up files, hooks); a new file's content (from
// /dev/null) is recorded as the line's write, so running it is checked. A
// patch on disk is read: it is named on the line, not found by search.

// patchApply reads what a patch command writes.
func (p *parser) patchApply(c *Command, name string, args []Word) {
	fs := p.vars.files
	if fs == nil {
		return
	}
	strip, dir, git := -1, "", name == "git"
	var inputs []Word
	var ops []Word
	if git {
		strip = 1
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if !a.Static {
			if !strings.HasPrefix(v, "-") {
				ops = append(ops, a)
			}
			continue
		}
		next := func() (Word, bool) {
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			return Word{}, false
		}
		switch {
		case v == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case v == "-p" || v == "--strip":
			if w, ok := next(); ok {
				strip = atoiOr(w.Value, -1)
			}
		case strings.HasPrefix(v, "-p") && !strings.HasPrefix(v, "--"):
			strip = atoiOr(v[2:], -1)
		case strings.HasPrefix(v, "--strip="):
			strip = atoiOr(strings.TrimPrefix(v, "--strip="), -1)
		case !git && (v == "-d" || v == "--directory"):
			if w, ok := next(); ok {
				dir = w.Value
			}
		case strings.HasPrefix(v, "--directory="):
			dir = strings.TrimPrefix(v, "--directory=")
		case !git && strings.HasPrefix(v, "-d") && len(v) > 2:
			dir = v[2:]
		case !git && (v == "-i" || v == "--input"):
			if w, ok := next(); ok {
				inputs = append(inputs, w)
			}
		case !git && strings.HasPrefix(v, "--input="):
			w := a
			w.Value = strings.TrimPrefix(v, "--input=")
			inputs = append(inputs, w)
		case !git && strings.HasPrefix(v, "-i") && len(v) > 2:
			w := a
			w.Value = v[2:]
			inputs = append(inputs, w)
		case !git && (v == "-o" || v == "--output" || v == "-r" || v == "--reject-file" || v == "-B" || v == "--prefix" ||
			v == "-z" || v == "--suffix" || v == "-D" || v == "--ifdef" || v == "-F" || v == "--fuzz" || v == "-V" ||
			v == "--version-control" || v == "-Y" || v == "--basename-prefix" || v == "--quoting-style" || v == "--merge"):
			if !strings.Contains(v, "=") {
				next()
			}
		case git && (v == "-C" || v == "--exclude" || v == "--include" || v == "--whitespace" || v == "--build-fake-ancestor" ||
			v == "--patch-format" || v == "--resolvemsg"):
			next()
		case v == "--dry-run" || git && (v == "--check" || v == "--stat" || v == "--numstat" || v == "--summary") && !slices.ContainsFunc(args, func(w Word) bool { return w.Value == "--apply" }):
			return // nothing is written
		case strings.HasPrefix(v, "-"):
		default:
			ops = append(ops, a)
		}
	}
	if !git && len(inputs) == 0 && len(ops) >= 2 {
		inputs = ops[1:2] // patch ORIGFILE PATCHFILE
	}
	if git {
		inputs = ops
	}
	var texts []Word
	for _, in := range inputs {
		if !in.Static || in.Value == "-" {
			if in.Value == "-" && c.StdinStatic {
				texts = append(texts, Word{Value: c.StdinText, Static: true, Start: c.Start, End: c.End})
			}
			continue
		}
		s := fs.open(c.Dir, in.Value, true)
		if s.found && s.static {
			texts = append(texts, Word{Value: s.text, Static: true, Start: in.Start, End: in.End})
		}
	}
	if len(inputs) == 0 && c.StdinStatic {
		texts = append(texts, Word{Value: c.StdinText, Static: true, Start: c.Start, End: c.End})
	} else if from := c.StdinFrom; len(inputs) == 0 && from != nil && from.Name() == "cat" && len(from.Args) == 2 && from.Args[1].Static {
		// cat x.patch | git apply
		if s := fs.open(from.Dir, from.Args[1].Value, true); s.found && s.static {
			texts = append(texts, Word{Value: s.text, Static: true, Start: from.Start, End: c.End})
		}
	}
	for _, t := range texts {
		for _, f := range patchFiles(t.Value) {
			var names []string
			switch {
			case strip >= 0:
				if n, ok := stripPath(f.name, strip); ok {
					names = append(names, n)
				}
			default:
				names = append(names, f.name)
				if b := path.Base(f.name); b != f.name {
					names = append(names, b)
				}
			}
			for _, n := range names {
				if strings.HasPrefix(n, "/") || n == ".." || strings.HasPrefix(n, "../") || strings.Contains(n, "/../") {
					continue // patch and git apply refuse such names
				}
				if git && (n == ".git" || strings.HasPrefix(n, ".git/") || strings.Contains(n, "/.git/")) {
					continue // git apply refuses a path inside .git
				}
				if dir != "" {
					n = path.Join(dir, n)
				}
				p.patchWrite(c, name, n, f)
			}
		}
	}
}

// patchWrite records one file a patch writes.
func (p *parser) patchWrite(c *Command, name, file string, f patchFile) {
	ex := cmdAt(c.Start, c.End, c.Line, append(append([]string(nil), p.via...), name+" (writes "+file+")"))
	ex.Args = []Word{{Value: ":", Static: true, Start: c.Start, End: c.End}}
	ex.Redirs = []Redirect{{Op: ">", Target: Word{Value: file, Static: true, Start: c.Start, End: c.End}}}
	ex.Dir, ex.DirUnsure, ex.Script, ex.InFunc = c.Dir, c.DirUnsure, c.Script, c.InFunc
	p.add(ex)
	if f.created {
		p.vars.files.put(c.Dir, file, &fileState{text: f.text, static: true})
	}
}

// A patchFile is one file a patch writes: its name as the patch gives it,
// and for a new file its content.
type patchFile struct {
	name    string
	created bool
	text    string
}

// patchFiles returns the files a unified, context or git diff writes.
func patchFiles(text string) []patchFile {
	var out []patchFile
	lines := strings.Split(text, "\n")
	fromNull := false
	for i := 0; i < len(lines) && len(out) < 64; i++ {
		l := strings.TrimRight(lines[i], "\r")
		switch {
		case strings.HasPrefix(l, "--- "):
			n := patchName(l[4:])
			fromNull = n == "/dev/null"
		case strings.HasPrefix(l, "+++ "):
			n := patchName(l[4:])
			if n == "/dev/null" || n == "" {
				continue
			}
			f := patchFile{name: n, created: fromNull}
			if fromNull {
				var b strings.Builder
				for j := i + 1; j < len(lines); j++ {
					h := strings.TrimRight(lines[j], "\r")
					if strings.HasPrefix(h, "@@") {
						continue
					}
					if !strings.HasPrefix(h, "+") || strings.HasPrefix(h, "+++ ") {
						break
					}
					b.WriteString(h[1:])
					b.WriteByte('\n')
				}
				f.text = b.String()
			}
			out = append(out, f)
		case strings.HasPrefix(l, "rename to "), strings.HasPrefix(l, "copy to "):
			_, n, _ := strings.Cut(l, " to ")
			out = append(out, patchFile{name: "b/" + strings.TrimSpace(n)})
		case strings.HasPrefix(l, "*** ") && !strings.HasPrefix(l, "*** Begin Patch") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "--- "):
			// A context diff names the file in *** OLD and --- NEW.
			if n := patchName(strings.TrimRight(lines[i+1], "\r")[4:]); n != "" && n != "/dev/null" {
				out = append(out, patchFile{name: n})
			}
		}
	}
	return out
}

// patchName takes the date or tab-separated rest off a header's name, and
// the quotes git puts around a name with special characters.
func patchName(s string) string {
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	return s
}

// stripPath takes n leading components off a name, as patch -pN does.
func stripPath(name string, n int) (string, bool) {
	for k := 0; k < n; k++ {
		i := strings.IndexByte(name, '/')
		if i < 0 {
			return "", false
		}
		name = strings.TrimLeft(name[i+1:], "/")
	}
	return name, name != ""
}

// atoiOr returns s as a number, or def.
func atoiOr(s string, def int) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return def
}

// gitSubcommand returns the position of git's subcommand in args (after
// its global options), or -1.
func gitSubcommand(args []Word) int {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-C" || v == "-c" || v == "--git-dir" || v == "--work-tree" || v == "--namespace" || v == "--config-env" || v == "--super-prefix":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			return i
		}
	}
	return -1
}

// A statement that is not the last of its list ({ check; true; }, ( check;
// true ), a function body's check before its last command) does not give
// the list its status: an && or || around the list, or an if around it,
// does not see the check fail. Only set -e stops at it, and not when an
// enclosing condition (if, &&, ||, a function called as one: f || true,
// if f; then) suspends set -e, as bash does. stopsTo meets such a statement
// as a 'b' frame; a negated statement (! check) stops nothing either,
// except as an if's condition, where ifFrame reads the negation.

// barrierStops returns StopsTo at a 'b' frame at index i of the frames,
// with to the extent found inside it.
func (p *parser) barrierStops(to, i int) int {
	if to != 0 || !p.errexit {
		return to
	}
	for _, f := range p.gframes[:i] {
		if f.kind != 'b' {
			return 0 // set -e is off inside a condition
		}
	}
	return -1
}

// nakedCommandVars checks the words of a declaration whose name was
// computed (export "$v"=VALUE, declare -x "$n=$x"), once resolved: a name
// whose value programs run as a command (PROMPT_COMMAND, PAGER, a cargo
// runner) gets code that runs later, as a literal NAME=VALUE does.
func (p *parser) nakedCommandVars(words []Word, start, end, line int) {
	for _, w := range words {
		if !w.Static {
			continue
		}
		name, val, ok := strings.Cut(w.Value, "=")
		if !ok || val == "" || !ValidName(name) || !isCommandVar(name) {
			continue
		}
		lv := Word{Value: varCode(name, val), Static: true, Start: w.Start, End: w.End}
		p.runLater(cmdAt(start, end, line, p.via), name+"=", lv, false)
	}
}

// refToWatched reports a name reference (declare -n r=NAME, typeset -n,
// local -n) to a variable whose assignment alone matters to the rules
// (GUARDSH_YOLO, __guardsh_paused, HISTFILE) or whose value is run as a
// command (PROMPT_COMMAND): every later assignment to r is one to NAME,
// which the walk does not follow. It is recorded as an export of NAME.
func (p *parser) refToWatched(a *syntax.Assign, start, end, line int) {
	if a.Value == nil {
		return
	}
	v := p.literal(a.Value)
	name := v.Value
	if !v.Static || !ValidName(name) {
		if !v.Static && strings.Contains(strings.ToUpper(v.Value), "GUARDSH") {
			name = "GUARDSH_"
		} else {
			return
		}
	}
	if !(strings.HasPrefix(name, "GUARDSH_") || strings.HasPrefix(name, "__guardsh") || watchedVars()[name] || isCommandVar(name)) {
		return
	}
	ex := cmdAt(start, end, line, append(append([]string(nil), p.via...), "declare -n "+a.Name.Value))
	ex.Args = []Word{{Value: "export", Static: true, Start: start, End: end}, {Value: name, Static: true, Start: start, End: end}}
	if isCommandVar(name) {
		ex.CodeSource, ex.CodeDetail = "dynamic", "declare -n "+a.Name.Value+"="+name+": assignments to "+a.Name.Value+" set "+name+", whose value runs as a command"
	}
	p.add(ex)
}

// redteam7Env reads environment variables that give a program options or
// code, for the commands they reach (each from the environment the command
// gets: its own prefixes and what the line exported):
//   - TAR_OPTIONS: GNU tar reads its value as options before the command
//     line's (--to-command=CMD, --checkpoint-action=exec=CMD);
//   - LESS: less reads its value as options, and +!CMD runs CMD;
//   - GIT_CONFIG_PARAMETERS: git reads 'key'='value' pairs as -c options;
//   - BASH_ENV=<(…), ENV=<(…): the shell reads the substitution's output
//     as a start-up file.
func (p *parser) redteam7Env(c *Command) {
	name := c.Name()
	switch {
	case name == "tar" || name == "gtar" || name == "less" || name == "git":
	case shells()[name]:
		for _, a := range c.Env {
			if (a.Name == "BASH_ENV" || a.Name == "ENV") && a.Value.Code != "" {
				p.payload(a.Name+"=<(…)", a.Value.Code, a.Value, c.Line, false)
			}
		}
		return
	default:
		return
	}
	env := p.envOf(c)
	switch name {
	case "tar", "gtar":
		if v, ok := env["TAR_OPTIONS"]; ok && v != "" {
			words := optionWords(v)
			p.runOptionValues(c, "tar", append(words, c.Args[1:]...))
		}
	case "less":
		if v, ok := env["LESS"]; ok {
			for _, w := range optionWords(v) {
				if cmd, ok := strings.CutPrefix(w.Value, "+!"); ok {
					p.codeText(c, "LESS=+!", cmd, true, []Word{w})
				}
			}
		}
	case "git":
		v, ok := env["GIT_CONFIG_PARAMETERS"]
		if !ok {
			for _, a := range c.Env {
				if a.Name == "GIT_CONFIG_PARAMETERS" && !a.Value.Static {
					p.dynamicProgram(c, "GIT_CONFIG_PARAMETERS=", a.Value)
				}
			}
			return
		}
		for _, kv := range optionWords(v) {
			key, val, ok := strings.Cut(kv.Value, "=")
			key = strings.ToLower(key)
			if !ok || !gitRuns(key, val) {
				continue
			}
			w := Word{Value: strings.TrimPrefix(val, "!"), Static: true, Start: c.Start, End: c.End}
			p.runValue(c, "GIT_CONFIG_PARAMETERS "+key, "", w)
		}
	}
}

// optionWords splits an options variable's value as the program does: at
// blanks outside quotes, with single and double quotes and backslashes
// taken off (tar, less and git's GIT_CONFIG_PARAMETERS quote so).
func optionWords(v string) []Word {
	var out []Word
	var b strings.Builder
	in, q := false, byte(0)
	for i := 0; i < len(v); i++ {
		ch := v[i]
		switch {
		case q != 0 && ch == q:
			q = 0
		case q != 0:
			if ch == '\\' && q == '"' && i+1 < len(v) {
				i++
				ch = v[i]
			}
			b.WriteByte(ch)
		case ch == '\'' || ch == '"':
			q, in = ch, true
		case ch == '\\' && i+1 < len(v):
			i++
			b.WriteByte(v[i])
			in = true
		case ch == ' ' || ch == '\t' || ch == '\n':
			if in {
				out = append(out, Word{Value: b.String(), Static: true})
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(ch)
			in = true
		}
	}
	if in {
		out = append(out, Word{Value: b.String(), Static: true})
	}
	return out
}

// gitTemplateHooks checks the hooks a git clone copies from a template
// directory (--template=DIR, GIT_TEMPLATE_DIR, -c init.templateDir=DIR)
// and then runs: post-checkout, when the line wrote it there.
func (p *parser) gitTemplateHooks(c *Command, args []Word, sub int) {
	dir := ""
	if v, ok := p.envOf(c)["GIT_TEMPLATE_DIR"]; ok {
		dir = v
	}
	for i, a := range args {
		v := a.Value
		switch {
		case i < sub && (v == "-c" && i+1 < len(args)):
			if k, d, ok := strings.Cut(args[i+1].Value, "="); ok && strings.EqualFold(k, "init.templateDir") {
				dir = d
			}
		case i > sub && strings.HasPrefix(v, "--template="):
			dir = strings.TrimPrefix(v, "--template=")
		case i > sub && v == "--template" && i+1 < len(args):
			dir = args[i+1].Value
		}
	}
	if dir == "" {
		return
	}
	w := Word{Value: path.Join(dir, "hooks", "post-checkout"), Static: true, Start: c.Start, End: c.End}
	p.runFile(c, "git clone --template hook", w, 0, true, false)
}

// rcfileSubst checks a shell's --rcfile or --init-file given a process
// substitution (bash --rcfile <(echo CODE) -i): the shell reads its output
// as a start-up file.
func (p *parser) rcfileSubst(c *Command, name string) {
	for i := 1; i+1 < len(c.Args); i++ {
		if v := c.Args[i].Value; v == "--rcfile" || v == "--init-file" {
			if w := c.Args[i+1]; w.Code != "" {
				p.payload(name+" "+v+" <(…)", w.Code, w, c.Line, false)
			}
		}
	}
}
