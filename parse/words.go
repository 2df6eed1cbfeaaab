package parse

import (
	"fmt"
	"io"
	"path"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// home is the value ~ and $HOME resolve to. Rules recognise it; it is never
// the real home directory, so a check does not depend on who runs it.
const home = "~"

// vars is the constant propagation state of one command line: the variables
// assigned static values earlier in it, and the names known to be dynamic.
type vars struct {
	val  pmap[string]
	list pmap[[]string] // arrays, and "@" for the positional parameters
	// dyn maps each variable known to be dynamic to where its value comes
	// from (see [Word.Origin]): x=$(curl …) is "network".
	dyn pmap[string]
	// alts are the other static values a variable may have, from the
	// branches of an earlier if, case, && or || (see flow.go).
	alts pmap[[]string]
	// shape holds, for some dynamic variables, the text they were
	// assigned (see setShape).
	shape pmap[string]
	// subst holds, for dynamic variables assigned a command substitution,
	// its code (x=$(ls /dev/sd*) is "ls /dev/sd*"): see Word.Subst.
	subst pmap[string]
	// from says, for some dynamic variables, where their text comes
	// from, for a finding's reason (see fromSubst).
	from pmap[string]
	// branch is how many conditionals the walk is inside: an assignment
	// outside any forgets the other values.
	branch int
	// ints are the variables declared -i: assignments to them are
	// arithmetic.
	ints pmap[bool]
	// exported are the variables exported (export, declare -x): a child
	// process gets them.
	exported pmap[bool]
	// files are the files the input writes (shared by every parser of
	// one input).
	files *files
	// gone are the variables unset on the line: they expand to nothing
	// (see unsetBuiltin).
	gone pmap[bool]
	// locals are the variables the function being walked declared
	// local: its caller's values come back when it returns.
	locals map[string]bool
	// wasDyn holds, inside a conditional, the origin of each dynamic
	// variable a branch gave a static value (see branchDone).
	wasDyn map[string]string
	// wasFrom holds, alongside wasDyn, where such a variable's text came
	// from (see vars.from).
	wasFrom map[string]string
	// readonly are the variables readonly (or declare -r) made, on some
	// path: an assignment to them fails (see readonly.go).
	readonly map[string]bool
}

func newVars() *vars {
	return &vars{}
}

// clone returns a copy (for a path of the walk, or a function body with
// its own $1, $2). It costs nothing: the maps are shared until one side
// changes (pmap).
func (v *vars) clone() *vars {
	c := &vars{branch: v.branch, locals: v.locals, files: v.files,
		readonly: v.readonly} // readonly is copied before a change (markReadonly)
	c.val.copyFrom(&v.val)
	c.list.copyFrom(&v.list)
	c.dyn.copyFrom(&v.dyn)
	c.alts.copyFrom(&v.alts)
	c.shape.copyFrom(&v.shape)
	c.subst.copyFrom(&v.subst)
	c.from.copyFrom(&v.from)
	c.ints.copyFrom(&v.ints)
	c.exported.copyFrom(&v.exported)
	c.gone.copyFrom(&v.gone)
	return c
}

// setList records a static array (or, for "@", the positional parameters).
func (v *vars) setList(name string, elems []string) {
	v.throughRef(name)
	n := 0
	for _, e := range elems {
		n += len(e)
	}
	if n > maxVarValue {
		v.setDynamic(name)
		return
	}
	v.val.del(name)
	v.dyn.del(name)
	v.gone.del(name)
	v.list.set(name, elems)
	if name == "@" {
		for k := range v.val.all() {
			if isDigits(k) && k != "0" {
				v.val.del(k)
			}
		}
		for i, e := range elems {
			v.val.set(fmt.Sprint(i+1), e)
		}
		v.val.set("#", fmt.Sprint(len(elems)))
	}
}

func (v *vars) set(name, value string) {
	v.throughRef(name)
	if len(value) > maxVarValue {
		v.setDynamic(name)
		return
	}
	v.list.del(name)
	v.val.set(name, value)
	if o, dyn := v.dyn.get(name); dyn && v.branch > 0 {
		if v.wasDyn == nil {
			v.wasDyn = map[string]string{}
		}
		if _, ok := v.wasDyn[name]; !ok {
			v.wasDyn[name] = o
			if d, ok := v.from.get(name); ok {
				if v.wasFrom == nil {
					v.wasFrom = map[string]string{}
				}
				v.wasFrom[name] = d
			}
		}
	}
	v.dyn.del(name)
	v.gone.del(name)
	v.shape.del(name)
	v.subst.del(name)
	v.from.del(name)
	// On the path being walked the variable now has this value only
	// (the other paths' values are merged after a branch: flow.go).
	v.alts.del(name)
}

func (v *vars) setDynamic(name string) { v.setDynamicFrom(name, "dynamic") }

// setDynamicFrom records a dynamic variable and where its value comes from.
func (v *vars) setDynamicFrom(name, origin string) {
	v.throughRef(name)
	if origin == "" {
		origin = "dynamic"
	}
	v.val.del(name)
	v.list.del(name)
	v.gone.del(name)
	v.dyn.set(name, origin)
	v.alts.del(name)
	v.shape.del(name)
	v.subst.del(name)
	v.from.del(name)
}

// setSubst records the code of the command substitution a dynamic
// variable was assigned.
func (v *vars) setSubst(name, code string) {
	if code == "" {
		return
	}
	v.subst.set(name, code)
}

// setShape records a dynamic variable with the text it was assigned, its
// unknown parts kept as written: TMP=$TMPDIR/x.$$ is ${TMPDIR}/x.${$}, so
// that rm -rf "$TMP" is judged as rm -rf "$TMPDIR/x.$$" would be. A value
// with a command substitution keeps only its name.
func (v *vars) setShape(name, origin, shape string) {
	v.setDynamicFrom(name, origin)
	if len(shape) > 256 || strings.Contains(shape, "$(") || strings.Contains(shape, "${"+name+"}") {
		return
	}
	v.shape.set(name, shape)
}

// resolver expands words with a fresh, safe expand.Config: nothing runs, the
// user database is never read, no globbing. It records whether any part of the
// word was not statically known.
type resolver struct {
	resolverState
	cfg expand.Config
}

// resolverState is what a resolver finds while it expands one word (all
// but its expand.Config, kept when a parser reuses it: see getResolver).
type resolverState struct {
	vars  *vars
	depth int
	// unset names variables read as unset, for the alternative reading of
	// words with ${x:-default}.
	unset map[string]bool
	// noSplit turns off word splitting (IFS is empty), for words that are
	// not split: assignment values, redirection targets.
	noSplit bool
	// code is the static output of the word's only process or command
	// substitution, when known: what `source <(echo …)` would run.
	code    string
	substs  int
	dynamic bool
	origin  string
	// subst is the source text of the first command substitution whose
	// output is not known.
	subst string
	// from is, for a word that reads a variable whose text's source is
	// known, "$x, which holds …" (see Word.From).
	from       string
	fromOrigin string
	// libPWD is set while expand.Fields reads PWD for globbing, which is
	// not a use of $PWD in the word.
	libPWD bool
	// zp, when set, is the zsh parser whose words r expands: zsh's own
	// parameter expansions are evaluated first, into zsh.
	zp  *parser
	zsh map[string]*expand.Variable
	// assigned holds what the word assigns itself (${x:=/}, $((i=1))),
	// for the rest of the word only.
	assigned map[string]expand.Variable
	// taints counts the taints of the word, unsetTaints those of the
	// variables read as unset for the alternative reading: when they are
	// all, the alternative reading knows everything but those variables.
	taints, unsetTaints int
}

// fields runs expand.Fields with the resolver.
func (r *resolver) fields(ws ...*syntax.Word) ([]string, error) {
	if r.zp != nil {
		ws = r.zp.zshWords(r, ws)
	}
	r.libPWD = true
	defer func() { r.libPWD = false }()
	r.specialOps(ws)
	return expand.Fields(&r.cfg, ws...)
}

// forZsh makes r read words as zsh does when p parses zsh.
func (r *resolver) forZsh(p *parser) *resolver {
	if p.isZsh() {
		r.zp = p
	}
	return r
}

// taint marks the word dynamic, remembering the worst origin seen.
func (r *resolver) taint(origin string) {
	r.dynamic = true
	r.taints++
	r.origin = worseOrigin(r.origin, origin)
}

func newResolver(v *vars) *resolver {
	r := &resolver{resolverState: resolverState{vars: v}}
	r.cfg = expand.Config{
		Env:       r,
		CmdSubst:  r.cmdSubst,
		ProcSubst: r.procSubst,
	}
	return r
}

// Get implements expand.Environ.
func (r *resolver) Get(name string) expand.Variable {
	str := func(s string) expand.Variable {
		return expand.Variable{Set: true, Kind: expand.String, Str: s}
	}
	if v, ok := r.assigned[name]; ok {
		return v
	}
	if v, ok := r.zsh[name]; ok {
		if v == nil {
			r.taint("dynamic")
			return str("${…}")
		}
		return *v
	}
	if v, ok := r.vars.val.get(name); ok {
		return str(v)
	}
	if l, ok := r.vars.list.get(name); ok {
		return expand.Variable{Set: true, Kind: expand.Indexed, List: l}
	}
	if name == "*" {
		if l, ok := r.vars.list.get("@"); ok {
			if r.noSplit {
				// CMD="$*" in an assignment: the arguments joined by a
				// space, IFS's first character (the empty IFS of an
				// unsplit word would join them with nothing: k3d's
				// runAsRoot ran "cp$SRC$DST").
				return str(strings.Join(l, " "))
			}
			return expand.Variable{Set: true, Kind: expand.Indexed, List: l}
		}
	}
	if name == "PWD" && r.libPWD {
		r.libPWD = false
		return expand.Variable{}
	}
	switch {
	case name == "IFS":
		if r.noSplit {
			return str("")
		}
		return str(" \t\n")
	case name == "HOME":
		return str(home)
	case name == "HOME +" || name == "HOME -":
		// ~+ is $PWD, ~- is $OLDPWD.
		return r.Get(map[string]string{"HOME +": "PWD", "HOME -": "OLDPWD"}[name])
	case strings.HasPrefix(name, "HOME "):
		return str("~" + strings.TrimPrefix(name, "HOME "))
	case r.vars.gone.at(name):
		// unset earlier on the line: nothing.
		return expand.Variable{}
	case r.unset[name]:
		// The alternative reading: this variable is unset, so its
		// default applies (${x:-/} is /).
		r.taint("dynamic")
		r.unsetTaints++
		return expand.Variable{}
	}
	if o, ok := r.vars.dyn.get(name); ok {
		// x=$(curl …); eval "$x" runs what the network sent.
		r.taint(o)
		if code, ok := r.vars.subst.get(name); ok && r.subst == "" {
			r.subst = code
		}
		r.noteFrom(name, o)
		if sh, ok := r.vars.shape.get(name); ok {
			return str(sh)
		}
		return str("${" + name + "}")
	}
	if numericSpecial(name) {
		// $$, $?, $#, $PPID: digits whatever they hold, never code.
		return str("${" + name + "}")
	}
	r.taint("dynamic")
	return str("${" + name + "}")
}

// Each implements expand.Environ.
func (r *resolver) Each(func(name string, vr expand.Variable) bool) {}

// Set implements expand.WriteEnviron for the assignments a word makes
// itself: ${x:=rm} is rm where x is unset, as ${x:-rm} is. They hold for the
// rest of the word only; nothing is assigned for the commands after it.
func (r *resolver) Set(name string, vr expand.Variable) error {
	if r.assigned == nil {
		r.assigned = map[string]expand.Variable{}
	}
	r.assigned[name] = vr
	return nil
}

// cmdSubst resolves $(echo rm) and $(printf %s rm) of static text; any other
// command substitution leaves the word dynamic.
func (r *resolver) cmdSubst(w io.Writer, cs *syntax.CmdSubst) error {
	r.substs++
	if len(cs.Stmts) == 0 {
		// `` and $( ) run nothing and print nothing.
		return nil
	}
	if r.shadowedCall(cs.Stmts) {
		// mktemp() { echo ~; }; d=$(mktemp -d): the function prints.
		r.taint("dynamic")
		if r.subst == "" {
			r.subst = shadowSubst(strings.TrimSpace(r.printStmts(cs.Stmts)))
		}
		io.WriteString(w, "$(…)")
		return nil
	}
	if out, ok := r.staticOutput(cs.Stmts); ok {
		io.WriteString(w, out)
		return nil
	}
	if r.mktempOutput(cs.Stmts) {
		io.WriteString(w, freshTempAt(int(cs.Pos().Offset())))
		return nil
	}
	v, ok := r.mktempFresh(cs.Stmts, int(cs.Pos().Offset()))
	if ok {
		io.WriteString(w, v)
		return nil
	}
	r.taint(classify(cs.Stmts))
	if r.subst == "" {
		// all of it: $(cat x.pid; ps -e -o pid) is not a pid file.
		r.subst = strings.TrimSpace(minified(cs.Stmts))
	}
	io.WriteString(w, "$(…)")
	return nil
}

func (r *resolver) procSubst(ps *syntax.ProcSubst) (string, error) {
	r.substs++
	if out, ok := r.staticOutput(ps.Stmts); ok {
		r.code = out
	}
	r.taint(classify(ps.Stmts))
	return "/dev/fd/63", nil
}

// staticOutput returns what a list of statements prints when it is a single
// echo or printf of static words.
func (r *resolver) staticOutput(stmts []*syntax.Stmt) (string, bool) {
	if r.depth >= 4 || len(stmts) != 1 || stmts[0].Background || stmts[0].Negated {
		return "", false
	}
	// A pipeline of static stages: echo X | base64 -d | rev.
	var stages []*syntax.Stmt
	var collect func(st *syntax.Stmt) bool
	collect = func(st *syntax.Stmt) bool {
		if b, ok := st.Cmd.(*syntax.BinaryCmd); ok {
			if b.Op != syntax.Pipe || len(st.Redirs) > 0 {
				return false
			}
			return collect(b.X) && collect(b.Y)
		}
		stages = append(stages, st)
		return true
	}
	if !collect(stmts[0]) || len(stages) > 8 {
		return "", false
	}
	if st := stages[0]; st.Cmd == nil && len(st.Redirs) == 1 && st.Redirs[0].Op == syntax.RdrIn && len(stages) == 1 {
		// $(< FILE) of a file the line wrote.
		return r.writtenFile(st.Redirs[0].Word)
	}
	out, have := "", false
	for i, st := range stages {
		call, ok := st.Cmd.(*syntax.CallExpr)
		redirs := stdoutRedirs(st.Redirs)
		if !ok || len(call.Assigns) > 0 || len(call.Args) == 0 || len(redirs) > 1 {
			return "", false
		}
		sub := newResolver(r.vars)
		sub.depth = r.depth + 1
		args, err := sub.fields(call.Args...)
		if err != nil || sub.dynamic || len(args) == 0 {
			// $($(…)) of an empty output runs nothing known.
			return "", false
		}
		args[0] = path.Base(args[0])
		if len(redirs) == 1 {
			// $(cat <<'EOF' … EOF): the heredoc is the input.
			rd := redirs[0]
			if i != 0 || rd.N != nil && rd.N.Value != "0" {
				return "", false
			}
			switch rd.Op {
			case syntax.Hdoc, syntax.DashHdoc:
				body, err := expand.Document(&sub.cfg, rd.Hdoc)
				if err != nil || sub.dynamic {
					return "", false
				}
				out, have = decode(args, body)
			case syntax.WordHdoc:
				body, err := expand.Literal(&sub.cfg, rd.Word)
				if err != nil || sub.dynamic {
					return "", false
				}
				out, have = decode(args, body+"\n")
			default:
				return "", false
			}
		} else if i == 0 && args[0] == "cat" && len(args) == 2 && args[1] != "-" {
			// $(cat FILE) of a file the line wrote.
			st := r.vars.files.get(r.vars.val.at("PWD"), args[1])
			if st == nil || !st.static {
				return "", false
			}
			out, have = st.text, true
		} else if i == 0 && args[0] == "pwd" && len(args) <= 2 {
			// $(pwd), $(pwd -L): the directory, when known.
			out, have = r.vars.val.get("PWD")
			out += "\n"
		} else if i == 0 {
			out, have = echoOutput(args)
			if have && args[0] == "mktemp" {
				out = freshTempAt(int(st.Pos().Offset())) + "\n"
			}
			if !have {
				out, have = lookupOutput(args)
			}
		} else {
			in := out
			out, have = decode(args, in)
			if !have {
				out, have = fieldOutput(args, in)
			}
		}
		if !have {
			return "", false
		}
	}
	return out, have
}

// stdoutRedirs drops the redirections of the standard error (2>/dev/null,
// 2>&1, 2>>log) from rs: they do not change what a command prints on its
// standard output, $(which rm 2>/dev/null).
func stdoutRedirs(rs []*syntax.Redirect) []*syntax.Redirect {
	var keep []*syntax.Redirect
	for i, rd := range rs {
		if rd.N != nil && rd.N.Value == "2" && (rd.Op == syntax.RdrOut || rd.Op == syntax.AppOut || rd.Op == syntax.DplOut || rd.Op == syntax.ClbOut) {
			if keep == nil {
				keep = append(make([]*syntax.Redirect, 0, len(rs)), rs[:i]...)
			}
			continue
		}
		if keep != nil {
			keep = append(keep, rd)
		}
	}
	if keep == nil {
		return rs
	}
	return keep
}

// echoOutput returns the output of echo or printf with the given argv.
func echoOutput(argv []string) (string, bool) {
	switch argv[0] {
	case "echo":
		return echo(argv[1:]), true
	case "printf":
		return printf(argv[1:])
	case "dirname", "basename":
		if len(argv) < 2 || strings.HasPrefix(argv[1], "-") {
			return "", false
		}
		if argv[0] == "dirname" {
			return path.Dir(argv[1]) + "\n", true
		}
		return path.Base(argv[1]) + "\n", true
	case "realpath", "readlink":
		var p string
		for _, a := range argv[1:] {
			if !strings.HasPrefix(a, "-") {
				p = a
			}
		}
		if p == "" || !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") {
			return "", false
		}
		return cleanDir(p) + "\n", true
	case "printenv":
		if len(argv) == 2 && argv[1] == "HOME" {
			return home + "\n", true
		}
		return "", false
	case "mktemp":
		// A fresh name under $TMPDIR; only its place matters here.
		for _, a := range argv[1:] {
			if strings.Contains(a, "/") || a == "-p" || strings.HasPrefix(a, "--tmpdir=") {
				return "", false
			}
		}
		return "/tmp/tmp.XXXXXXXXXX\n", true
	}
	return "", false
}

func echo(args []string) string {
	newline, escapes := true, false
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && strings.Trim(args[0][1:], "neE") == "" {
		for _, c := range args[0][1:] {
			switch c {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	s := strings.Join(args, " ")
	if escapes {
		s = unescape(s)
	}
	if newline {
		s += "\n"
	}
	return s
}

// printf implements the subset of printf used to hide text: %s, %b, %c, %%
// and backslash escapes in the format. Anything else is not static.
func printf(args []string) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	if args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return "", false
	}
	format, args := unescape(args[0]), args[1:]
	var sb strings.Builder
	for first := true; first || len(args) > 0; first = false {
		used := false
		for i := 0; i < len(format); i++ {
			c := format[i]
			if c != '%' || i+1 == len(format) {
				sb.WriteByte(c)
				continue
			}
			i++
			next := func() string {
				used = true
				if len(args) == 0 {
					return ""
				}
				a := args[0]
				args = args[1:]
				return a
			}
			switch format[i] {
			case '%':
				sb.WriteByte('%')
			case 's':
				sb.WriteString(next())
			case 'b':
				sb.WriteString(unescape(next()))
			case 'c':
				if a := next(); a != "" {
					sb.WriteByte(a[0])
				}
			default:
				return "", false
			}
		}
		if !used {
			break
		}
		if sb.Len() > maxInput {
			return "", false
		}
	}
	return sb.String(), true
}

// unescape interprets the backslash escapes of echo -e and printf.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			sb.WriteByte(c)
			continue
		}
		i++
		switch s[i] {
		case 'n':
			sb.WriteByte('\n')
		case 't':
			sb.WriteByte('\t')
		case 'r':
			sb.WriteByte('\r')
		case 'a':
			sb.WriteByte('\a')
		case 'b':
			sb.WriteByte('\b')
		case 'f':
			sb.WriteByte('\f')
		case 'v':
			sb.WriteByte('\v')
		case 'e', 'E':
			sb.WriteByte(0x1b)
		case '\\':
			sb.WriteByte('\\')
		case 'x':
			n, j := 0, i+1
			for ; j < len(s) && j < i+3 && isHex(s[j]); j++ {
				n = n*16 + hexVal(s[j])
			}
			if j == i+1 {
				sb.WriteString(`\x`)
				continue
			}
			sb.WriteByte(byte(n))
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			n, j := 0, i
			if s[i] == '0' {
				j++
			}
			for k := j; j < len(s) && j < k+3 && s[j] >= '0' && s[j] <= '7'; j++ {
				n = n*8 + int(s[j]-'0')
			}
			sb.WriteByte(byte(n))
			i = j - 1
		default:
			sb.WriteByte('\\')
			sb.WriteByte(s[i])
		}
	}
	return sb.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) int {
	switch {
	case c >= 'a':
		return int(c-'a') + 10
	case c >= 'A':
		return int(c-'A') + 10
	}
	return int(c - '0')
}

// fields resolves one syntax word into the fields the shell would pass.
// Brace expansion that would produce more than maxBraceFields fields is not
// performed: the word is kept as written and marked dynamic.
func (p *parser) fields(w *syntax.Word) []Word {
	out := p.wordFields(w)
	if p.made[int(w.Pos().Offset())] && p.outer == nil {
		for i := range out {
			out[i].Made = true
		}
	}
	if p.scratch != nil {
		p.markScratch(int(w.Pos().Offset()), out)
	}
	return out
}

func (p *parser) wordFields(w *syntax.Word) []Word {
	start, end := p.span(w.Pos(), w.End())
	if braceSize(w) > maxBraceFields {
		p.issue(IssueLimit, "brace expansion would produce more than 4096 words", start, end)
		return []Word{{Value: p.text(w), Static: false, Origin: "dynamic", Start: start, End: end}}
	}
	if wd, ok := p.plainField(w); ok {
		p.altWords = append(p.altWords, wd)
		return []Word{wd}
	}
	r := p.getResolver().forZsh(p)
	defer p.putResolver(r)
	vals, err := r.fields(w)
	if err != nil {
		return []Word{{Value: p.text(w), Static: false, Start: start, End: end}}
	}
	if r.zp != nil {
		vals = zshGlobValues(w, vals)
	}
	out := make([]Word, 0, len(vals))
	glob := r.zp == nil && unquotedGlob(w)
	for _, v := range vals {
		word := Word{Value: v, Static: !r.dynamic, Origin: r.origin, Start: start, End: end, glob: glob}
		if r.substs == 1 && r.code != "" {
			word.Code = r.code
		}
		if r.substs <= 1 && r.dynamic {
			word.Subst = r.subst
		}
		word.From = r.from
		out = append(out, word)
	}
	if names := p.defaultNames(w); len(names) > 0 {
		// ${x:-/} with x unknown: also read the word with x unset.
		r2 := newResolver(p.vars)
		r2.unset = names
		alt, err := r2.fields(w)
		switch {
		case err != nil:
		case strings.Join(alt, "\x00") != strings.Join(vals, "\x00"):
			p.alt = true
			for _, v := range alt {
				p.altWords = append(p.altWords, Word{Value: v, Static: true, Origin: "dynamic", Start: start, End: end})
			}
			return out
		case r2.taints == r2.unsetTaints && len(alt) == len(out):
			// The same text with the variables set (to anything) and
			// unset, and nothing else unknown: the word does not depend
			// on them (/${x:+} is /).
			for i := range out {
				out[i].Static, out[i].Origin, out[i].Subst, out[i].From = true, "", "", ""
			}
		}
	}
	p.altWords = append(p.altWords, out...)
	return out
}

// defaultNames returns the unknown variables a word reads with a default or
// alternative value: ${x:-…}, ${x-…}, ${x:=…}, ${x:+…}.
func (p *parser) defaultNames(w *syntax.Word) map[string]bool {
	var names map[string]bool
	for _, part := range w.Parts {
		syntax.Walk(part, func(n syntax.Node) bool {
			pe, ok := n.(*syntax.ParamExp)
			if !ok || pe.Exp == nil || pe.Param == nil {
				return true
			}
			switch pe.Exp.Op {
			case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull,
				syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
			default:
				return true
			}
			name := pe.Param.Value
			if _, known := p.vars.val.get(name); known || name == "HOME" || name == "IFS" {
				return true
			}
			if names == nil {
				names = map[string]bool{}
			}
			names[name] = true
			return true
		})
	}
	return names
}

// literal resolves a word used as a single string (an assignment value, a
// redirect target).
func (p *parser) literal(w *syntax.Word) Word {
	if w == nil {
		return Word{Static: true}
	}
	start, end := p.span(w.Pos(), w.End())
	if braceSize(w) > maxBraceFields {
		return Word{Value: p.text(w), Start: start, End: end}
	}
	r := p.getResolver().forZsh(p)
	defer p.putResolver(r)
	r.noSplit = true
	// expand.Literal keeps the backslashes of unquoted text ('a'\''b'),
	// which bash removes in assignments and redirections: expand as
	// fields with no word splitting instead, and join.
	lit := *w
	fields, err := r.fields(&lit)
	if err != nil {
		return Word{Value: p.text(w), Start: start, End: end}
	}
	if r.zp != nil {
		fields = zshGlobValues(w, fields)
	}
	v := strings.Join(fields, " ")
	word := Word{Value: v, Static: !r.dynamic, Origin: r.origin, Start: start, End: end}
	if r.substs == 1 && r.code != "" {
		word.Code = r.code
	}
	if r.substs <= 1 && r.dynamic {
		word.Subst = r.subst
	}
	word.From = r.from
	return word
}

// braceSize estimates how many fields brace expansion makes of a word,
// without expanding it. It overestimates rather than under.
func braceSize(w *syntax.Word) int {
	size := 1
	for _, part := range w.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok || !strings.Contains(lit.Value, "{") {
			continue
		}
		size *= litBraceSize(lit.Value)
		if size > maxBraceFields {
			return size
		}
	}
	return size
}

func litBraceSize(s string) int {
	size := 1
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			continue
		}
		depth, commas, j := 0, 0, i
		for ; j < len(s); j++ {
			switch s[j] {
			case '{':
				depth++
			case '}':
				depth--
			case ',':
				commas++
			}
			if depth == 0 {
				break
			}
		}
		if j >= len(s) {
			return size
		}
		inner := s[i+1 : j]
		n := commas + 1
		if a, b, ok := strings.Cut(inner, ".."); ok && commas == 0 {
			n = rangeSize(a, b)
		}
		size *= n
		if size > maxBraceFields {
			return size
		}
		i = j
	}
	return size
}

func rangeSize(a, b string) int {
	b, _, _ = strings.Cut(b, "..")
	if len(a) == 1 && len(b) == 1 && !isDigitByte(a[0]) {
		d := int(b[0]) - int(a[0])
		return abs(d) + 1
	}
	x, okx := atoi(a)
	y, oky := atoi(b)
	if !okx || !oky {
		return 1
	}
	return abs(y-x) + 1
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

func atoi(s string) (int, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return 0, false
	}
	if len(s) > 12 {
		return 1 << 40, true
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
