package parse

import (
	"path"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/guardsh/guardsh/payload"
)

// runFile checks the file named by w that command c runs: as shell code
// when lang is 0 and shell is set, as lang's code otherwise; shebang runs it
// the way the kernel does (./x: its #! line decides). label says how it is
// run (sh, source, BASH_ENV=). disk allows reading a script that exists
// already. It reports whether the file's content was known.
func (p *parser) runFile(c *Command, label string, w Word, lang payload.Lang, shebang, disk bool) bool {
	fs := p.vars.files
	if fs == nil || !w.Static || w.Value == "" || w.Value == "-" || strings.HasPrefix(w.Value, "/dev/") || strings.HasPrefix(w.Value, "/proc/") || strings.HasPrefix(w.Value, "/sys/") {
		return false
	}
	name := w.Value
	cwd := c.Dir
	if label == "source" || label == "." {
		name = fs.lookPath(cwd, name)
	}
	s := fs.open(cwd, name, disk)
	if s.copyOf != "" {
		// cp FILE x: the copy holds what FILE holds on disk.
		s = fs.open(cwd, s.copyOf, disk)
		s.where = w.Value + " (a copy of " + s.where + ")"
	}
	if !s.found {
		return false
	}
	key := fileKey(cwd, name)
	if fs.active[key] {
		return true // a script that sources itself: already being checked
	}
	if fs.active == nil {
		fs.active = map[string]bool{}
	}
	fs.active[key] = true
	defer delete(fs.active, key)
	via := label + " " + s.where
	if s.why != "" {
		// Content guardsh cannot know; or appended to it: the known
		// part is checked below, the rest needs a human.
		c.fileCode(originOf(s.origin), via+": "+s.why)
		c.fileFrom(s)
		if s.text == "" || s.static {
			return true
		}
	}
	if s.lang == "c" {
		for _, cmd := range cSystemCalls(s.text) {
			p.payload(via+": system()", cmd, w, c.Line, false)
		}
		return true
	}
	if shebang {
		prog, l := shebangLang(s.text)
		switch {
		case l != 0:
			lang = l
			via = prog + " " + s.where
		case !shells()[prog]:
			return true // a program guardsh does not read
		default:
			p.dialect = shellDialect(prog)
			defer func() { p.dialect = "" }()
		}
	}
	cw := Word{Value: s.text, Static: true, Start: w.Start, End: w.End}
	if lang != 0 {
		prev := p.diskCode
		p.diskCode = strings.HasSuffix(s.where, "(on disk)")
		p.source(c, via, lang, cw)
		p.diskCode = prev
		return true
	}
	prev := p.script
	if strings.HasSuffix(s.where, "(on disk)") {
		p.script, p.diskTop = name, true
	}
	p.payload(via, s.text, cw, c.Line, false)
	p.script, p.diskTop = prev, false
	return true
}

func originOf(o string) string {
	switch o {
	case "network", "decoder":
		return o
	}
	return "dynamic"
}

// cSystemCalls returns the string literals passed to system() and popen()
// in C source.
func cSystemCalls(src string) []string {
	var out []string
	for _, fn := range []string{"system(", "popen("} {
		rest := src
		for {
			i := strings.Index(rest, fn)
			if i < 0 {
				break
			}
			rest = strings.TrimLeft(rest[i+len(fn):], " \t")
			if strings.HasPrefix(rest, `"`) {
				end := strings.Index(rest[1:], `"`)
				if end >= 0 {
					out = append(out, strings.ReplaceAll(rest[1:1+end], `\n`, "\n"))
				}
			}
		}
	}
	return out
}

// runStdinFile gives a shell or interpreter that reads its standard input
// the content of the file that input comes from: bash < x, cat x | sh,
// cat x | head -1 | sh. It reports whether it found one.
func (p *parser) stdinFile(c *Command) (script, bool) {
	fs := p.vars.files
	if fs == nil {
		return script{}, false
	}
	if c.stdinCarrier != nil && c.stdinRedirect() == nil && c.StdinFrom == c.stdinCarrier.StdinFrom {
		return p.stdinFile(c.stdinCarrier)
	}
	for i := len(c.Redirs) - 1; i >= 0; i-- {
		r := c.Redirs[i]
		if r.Fd != "" && r.Fd != "0" {
			continue
		}
		switch r.Op {
		case "<":
			if !r.Target.Static {
				return script{}, false
			}
			s := fs.open(c.Dir, r.Target.Value, true)
			return s, s.found
		case "<<", "<<-", "<<<", "<>":
			return script{}, false
		}
	}
	// A pipeline: cat FILE, then filters whose output is known.
	var chain []*Command
	s := c.StdinFrom
	for ; s != nil && len(chain) < 8; s = s.StdinFrom {
		chain = append(chain, s)
	}
	if len(chain) == 0 || s != nil {
		return script{}, false
	}
	first := chain[len(chain)-1]
	if first.Inner != nil {
		first = first.Inner
	}
	if first.Name() != "cat" || len(first.Args) != 2 || !first.Args[1].Static {
		return script{}, false
	}
	f := fs.open(first.Dir, first.Args[1].Value, true)
	if !f.found || !f.static {
		return f, f.found
	}
	text := f.text
	for i := len(chain) - 2; i >= 0; i-- {
		st := chain[i]
		in := *st
		in.StdinText, in.StdinStatic, in.StdinFrom = text, true, nil
		out, ok := output(&in)
		if !ok {
			return script{found: true, origin: "dynamic", where: f.where, why: "the output of " + st.String() + " on " + f.where + " is not known"}, true
		}
		text = out
	}
	f.text = text
	return f, true
}

// hashPath follows hash -p PATH NAME and PATH put in front by the line:
// the file a command name runs, when the line decided it.
func (p *parser) commandFile(c *Command) string {
	fs := p.vars.files
	if fs == nil || len(c.Args) == 0 || !c.Args[0].Static {
		return ""
	}
	n := c.Args[0].Value
	if strings.Contains(n, "/") {
		return n
	}
	if h, ok := fs.hashed[n]; ok {
		return h
	}
	for _, d := range append(envPathDirs(c), fs.pathDirs...) {
		f := path.Join(d, n)
		if fs.get(c.Dir, f) != nil {
			return f
		}
	}
	return ""
}

// writtenStdin is the standard input of a command redirected from a file
// the line wrote with static content: sh < x after printf … > x.
func (p *parser) writtenStdin(c *Command) (string, bool) {
	for i := len(c.Redirs) - 1; i >= 0; i-- {
		r := c.Redirs[i]
		if r.Fd != "" && r.Fd != "0" {
			continue
		}
		if r.Op == "<" && r.Target.Static {
			if st := p.vars.files.get(c.Dir, r.Target.Value); st != nil && st.static {
				return st.text, true
			}
		}
		return "", false
	}
	return "", false
}

// runScript checks code a command reads from its standard input, found in
// a file (bash < x, cat x | sh): as shell code, or lang's.
func (p *parser) runScript(c *Command, label string, s script, lang payload.Lang) {
	via := label + " " + s.where
	if s.why != "" {
		c.fileCode(originOf(s.origin), via+": "+s.why)
		c.fileFrom(s)
		if s.text == "" || s.static {
			return
		}
	}
	w := Word{Value: s.text, Static: true, Start: c.Start, End: c.End}
	if lang != 0 {
		p.source(c, via, lang, w)
		return
	}
	prev := p.script
	if strings.HasSuffix(s.where, "(on disk)") {
		p.script, p.diskTop = strings.TrimSuffix(s.where, " (on disk)"), true
	}
	p.codeOnStdin = true
	p.payload(via, s.text, w, c.Line, false)
	p.codeOnStdin = false
	p.script, p.diskTop = prev, false
}

// runPath handles a command whose program the line made: ./x after
// printf … > x, a copy or link of a program under another name
// (cp /bin/rm ./ls; ./ls -rf ~), hash -p PATH NAME, a name found first in a
// directory the line put in front of PATH. It reports whether it did.
func (p *parser) runPath(c *Command) bool {
	fs := p.vars.files
	if fs == nil || len(c.Args) == 0 || !c.Args[0].Static {
		return false
	}
	f := p.commandFile(c)
	if f == "" {
		return false
	}
	st := fs.get(c.Dir, f)
	program := ""
	switch {
	case st != nil && st.program != "":
		program = st.program
	case st == nil && fs.hashed[c.Args[0].Value] == f:
		program = path.Base(f)
	case st == nil:
		return false
	}
	if program != "" {
		if program == c.Name() {
			return false
		}
		argv := append([]Word{{Value: program, Static: true, Start: c.Args[0].Start, End: c.Args[0].End}}, c.Args[1:]...)
		p.inner(c, c.Args[0].Value+" (is "+program+")", argv, c.Env)
		return true
	}
	p.runFile(c, c.Args[0].Value, Word{Value: f, Static: true, Start: c.Args[0].Start, End: c.Args[0].End}, 0, true, false)
	return true
}

// hashed records hash -p PATH NAME: NAME now runs PATH.
func (p *parser) hashed(c *Command) {
	fs := p.vars.files
	if fs == nil || len(c.Args) < 4 || c.Args[0].Value != "hash" {
		return
	}
	for i := 1; i+2 < len(c.Args); i++ {
		if c.Args[i].Value == "-p" && c.Args[i+1].Static && c.Args[i+2].Static {
			if fs.hashed == nil {
				fs.hashed = map[string]string{}
			}
			fs.hashed[c.Args[i+2].Value] = c.Args[i+1].Value
			return
		}
	}
}

// pathSet records the directories an assignment to PATH puts in front:
// PATH=DIR:$PATH, export PATH=/tmp/x:$PATH.
func (p *parser) pathSet(v Word) {
	fs := p.vars.files
	if fs == nil {
		return
	}
	var dirs []string
	for _, d := range strings.Split(v.Value, ":") {
		if strings.Contains(d, "$") {
			break
		}
		if d != "" {
			dirs = append(dirs, cleanDir(d))
		}
	}
	if len(dirs) > 0 {
		fs.pathDirs = append(dirs, fs.pathDirs...)
		if len(fs.pathDirs) > 16 {
			fs.pathDirs = fs.pathDirs[:16]
		}
	}
}

// writtenFile is the content of a file the line wrote with static text,
// for $(< FILE).
func (r *resolver) writtenFile(w *syntax.Word) (string, bool) {
	sub := newResolver(r.vars)
	sub.depth = r.depth + 1
	name, err := expand.Literal(&sub.cfg, w)
	if err != nil || sub.dynamic {
		return "", false
	}
	st := r.vars.files.get(r.vars.val.at("PWD"), name)
	if st == nil || !st.static {
		return "", false
	}
	return st.text, true
}

// parallelLines checks the commands GNU parallel runs when it is given no
// command: its inputs, each line a command.
func (p *parser) parallelLines(c *Command, o parsed, inputs []Word, fromFiles bool) {
	var files []Word
	if f, ok := o.get("-a", "--arg-file"); ok {
		files = append(files, Word{Value: f, Static: true, Start: c.Start, End: c.End})
	}
	if fromFiles {
		files, inputs = append(files, inputs...), nil
	}
	for _, in := range inputs {
		p.codeText(c, "parallel :::", in.Value, in.Static, []Word{in})
	}
	for _, f := range files {
		s := p.vars.files.open(c.Dir, f.Value, true)
		if !f.Static || s.found && !s.static {
			c.CodeSource, c.CodeDetail = "dynamic", "parallel -a "+f.Value
			continue
		}
		if s.found {
			p.runScript(c, "parallel -a", s, 0)
		}
	}
	if len(inputs) == 0 && len(files) == 0 {
		p.stdinCode(c, "parallel")
	}
}

// fileCode records that the command runs code from a file guardsh cannot
// read, and says which file in the command's via chain.
func (c *Command) fileCode(origin, detail string) {
	if c.CodeSource != "" && originRank()[c.CodeSource] >= originRank()[origin] {
		return
	}
	c.CodeSource, c.CodeDetail = origin, detail
	c.Via = append(append([]string(nil), c.Via...), detail)
}

// bwrapCommand returns the command bwrap runs: what follows its options,
// some of which take one, two or three values.
func bwrapCommand(args []Word) []Word {
	two := set("--bind", "--bind-try", "--dev-bind", "--dev-bind-try", "--ro-bind", "--ro-bind-try", "--symlink",
		"--setenv", "--file", "--bind-data", "--ro-bind-data", "--chmod", "--overlay-src")
	one := set("--proc", "--dev", "--tmpfs", "--dir", "--remount-ro", "--chdir", "--uid", "--gid", "--hostname",
		"--unsetenv", "--seccomp", "--add-seccomp-fd", "--info-fd", "--lock-file", "--sync-fd", "--block-fd", "--userns",
		"--userns2", "--pidns", "--cap-add", "--cap-drop", "--perms", "--size", "--argv0", "--exec-label", "--file-label",
		"--args", "--json-status-fd", "--userns-block-fd", "--mqueue", "--level-prefix", "--tmp-overlay", "--ro-overlay")
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--":
			return args[i+1:]
		case v == "--overlay":
			i += 3
		case two()[v]:
			i += 2
		case one()[v]:
			i++
		case strings.HasPrefix(v, "-"):
		default:
			return args[i:]
		}
	}
	return nil
}

// arrayIndexWord returns an array index that is a plain word ([5]=), or an
// empty word.
func arrayIndexWord(x syntax.ArithmExpr) *syntax.Word {
	if w, ok := x.(*syntax.Word); ok {
		return w
	}
	return &syntax.Word{}
}

// unquotedGlob reports a word with an unquoted *, ? or [ in it: the shell
// matches it against the file system (/???/r?, /bin/r[m]).
func unquotedGlob(w *syntax.Word) bool {
	for _, part := range w.Parts {
		if l, ok := part.(*syntax.Lit); ok && strings.ContainsAny(l.Value, "*?[") {
			return true
		}
	}
	return false
}

// globCommand expands a command word that is a glob against the file
// system, as the shell will: the first match is the program, the others
// its first arguments. A pattern without a match stays as written (bash
// keeps it, and the command is not found).
func (p *parser) globCommand(args []Word) []Word {
	pat := args[0].Value
	if !args[0].Static || !strings.ContainsAny(pat, "*?[") {
		return args
	}
	if !strings.HasPrefix(pat, "/") {
		d := diskPath(fileKey(p.cwd, "."), "")
		if p.cwd == "" || d == "" {
			return args
		}
		pat = path.Join(d, pat)
	}
	matches, err := filepath.Glob(pat)
	if err != nil || len(matches) == 0 {
		return args
	}
	if len(matches) > 64 {
		matches = matches[:64]
	}
	out := make([]Word, 0, len(args)+len(matches))
	for _, m := range matches {
		if !strings.HasPrefix(args[0].Value, "/") {
			m = strings.TrimPrefix(m, pat[:len(pat)-len(args[0].Value)])
		}
		w := args[0]
		w.Value = m
		out = append(out, w)
	}
	return append(out, args[1:]...)
}

// xargsOptional rewrites GNU xargs's options with an optional attached
// value (-i[REPL], -l[N], -e[EOF]) into their long-standing equivalents
// with a separate value (-I REPL, -L N, -E EOF), so xargs -i rm {} reads
// rm as the command, as xargs does.
func xargsOptional(args []Word) []Word {
	var out []Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if v == "--" || !strings.HasPrefix(v, "-") || strings.HasPrefix(v, "--") || v == "-" {
			return append(out, args[i:]...)
		}
		if strings.ContainsRune("ile", rune(v[1])) {
			opt, val := map[byte]string{'i': "-I", 'l': "-L", 'e': "-E"}[v[1]], v[2:]
			if val == "" {
				val = map[byte]string{'i': "{}", 'l': "1", 'e': ""}[v[1]]
			}
			if val != "" {
				out = append(out, Word{Value: opt, Static: true, Start: a.Start, End: a.End}, Word{Value: val, Static: a.Static, Start: a.Start, End: a.End})
			}
			continue
		}
		out = append(out, a)
		if len(v) == 2 && strings.ContainsRune("adEILnPsS", rune(v[1])) && i+1 < len(args) {
			// An option with a value: the value is not an option.
			i++
			out = append(out, args[i])
		}
	}
	return out
}

// groupOutput returns what the commands of a subshell or brace group print,
// in order, as far as it is known, and whether all of it is: the commands
// found while walking it (cmds) that run directly in it.
func (p *parser) groupOutput(st *syntax.Stmt, cmds []*Command, in *Command, subst bool) (string, bool) {
	switch st.Cmd.(type) {
	case *syntax.Subshell, *syntax.Block:
	default:
		return "", false
	}
	var sb strings.Builder
	known := true
	for _, c := range cmds {
		if len(c.Via) != len(p.via) || c.Subst != subst || c.StdinFrom != in || c.Background {
			continue
		}
		if c.Wrapper && c.Inner != nil {
			continue // its inner command is listed too
		}
		if len(c.Redirs) > 0 && c.Redirs[len(c.Redirs)-1].Writes() {
			continue // prints into a file
		}
		if silent(c) && !p.res.redefined(c.Args[0].Value) {
			continue // [ -n "$x" ], true: print nothing
		}
		out, ok := output(c)
		if !ok {
			known = false
			continue
		}
		sb.WriteString(out)
		if sb.Len() > maxVarValue {
			return sb.String(), false
		}
	}
	return sb.String(), known
}

// wroteArgs returns the static text of the files the line wrote earlier
// that the command names in an argument: FILE, --opt=FILE, -fFILE is not
// read (too many short options take other values), and the last word of
// an argument such as 'source x.sql' or '.read x.sql'.
func (p *parser) wroteArgs(c *Command) map[string]string {
	fs := p.vars.files
	if fs == nil || len(fs.m) == 0 || len(c.Args) < 2 {
		return nil
	}
	var out map[string]string
	for _, w := range c.Args[1:] {
		if !w.Static || w.Value == "" {
			continue
		}
		name := w.Value
		if _, v, ok := strings.Cut(name, "="); ok && strings.HasPrefix(name, "-") {
			name = v
		} else if f := strings.Fields(name); len(f) == 2 {
			name = strings.TrimSuffix(f[1], ";")
		}
		if st := fs.get(c.Dir, name); st != nil && st.static {
			if out == nil {
				out = map[string]string{}
			}
			out[w.Value] = st.text
		}
	}
	return out
}
