package parse

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Redteam4: ways to change a variable, or the meaning of a command, that
// the constant propagation did not follow. Each one let a value the line
// (or the script) set earlier stand for what the shell really holds, so a
// relaxation that trusts that value (rm -rf "$d" with d=dist, a mktemp name
// in a cleanup) was allowed while the shell deleted something else.

// noteShadows records the names the input defines as functions or aliases
// anywhere in it (mktemp() { echo ~; }, alias mktemp=…, function echo …):
// a command substitution of such a name does not run the program guardsh
// reads it as (see shadowedCall). Only for an input parsed whole.
func (p *parser) noteShadows(text string, stmts []*syntax.Stmt) {
	fs := p.vars.files
	if fs == nil || !strings.Contains(text, "(") && !strings.Contains(text, "function") && !strings.Contains(text, "alias") {
		return
	}
	shadow := func(name string) {
		if fs.shadows == nil {
			fs.shadows = map[string]bool{}
		}
		fs.shadows[name] = true
	}
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.FuncDecl:
				if x.Name != nil {
					shadow(x.Name.Value)
				}
			case *syntax.CallExpr:
				if len(x.Args) > 1 && x.Args[0].Lit() == "alias" {
					for _, a := range x.Args[1:] {
						t, ok := litText(a)
						if !ok {
							shadow("")
							continue
						}
						if name, _, ok := strings.Cut(t, "="); ok {
							shadow(name)
						}
					}
				}
			}
			return true
		})
	}
}

// shadowed reports whether the input defines a function or an alias of
// that name (or an alias of a name not written out).
func (v *vars) shadowed(name string) bool {
	if v == nil || v.files == nil || v.files.shadows == nil {
		return false
	}
	return v.files.shadows[name] || v.files.shadows[""]
}

// shadowedCall reports whether the first command of a command
// substitution is a name the input defines as a function or alias: what
// it prints is the function's, not mktemp's or echo's.
func (r *resolver) shadowedCall(stmts []*syntax.Stmt) bool {
	if len(stmts) == 0 {
		return false
	}
	ce, ok := stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return false
	}
	name := ce.Args[0].Lit()
	for (name == "command" || name == "builtin") && len(ce.Args) > 1 {
		// command mktemp skips a function; an alias of command
		// still applies. Read as the name after it, conservatively.
		name = ce.Args[1].Lit()
		break
	}
	return r.vars.shadowed(name) || r.vars.shadowed(ce.Args[0].Lit())
}

// forgetAll makes every variable with a known value dynamic: code guardsh
// cannot follow may have assigned any of them (a nameref assigned, declare
// "$x=…", a sourced text guardsh cannot read at the prompt).
func (v *vars) forgetAll() {
	for k := range v.val.all() {
		if positional(k) || k == "0" {
			continue
		}
		v.val.del(k)
		v.dyn.set(k, "dynamic")
		v.alts.del(k)
	}
	for k := range v.list.all() {
		if k == "@" {
			continue
		}
		v.list.del(k)
		v.dyn.set(k, "dynamic")
	}
	for k := range v.shape.all() {
		v.shape.del(k)
	}
}

// nameref notes a variable declared a name reference (declare -n, typeset
// -n, local -n): an assignment to it assigns the variable it names.
func (v *vars) nameref(name string) {
	if v.files == nil {
		return
	}
	if v.files.refs == nil {
		v.files.refs = map[string]bool{}
	}
	v.files.refs[name] = true
}

// throughRef forgets every value when name is a name reference: which
// variable an assignment to it changes is not followed.
func (v *vars) throughRef(name string) {
	if v.files != nil && v.files.refs[name] {
		v.forgetAll()
	}
}

// declFlags reports the flags of a declaration's option words (-n, -gn,
// -rx …): whether it declares name references.
func declFlags(variant string, args []*syntax.Assign) (ref bool) {
	if variant == "nameref" {
		return true // ksh's typeset -n
	}
	if variant != "declare" && variant != "typeset" && variant != "local" {
		return false
	}
	for _, a := range args {
		if !a.Naked || a.Value == nil {
			continue
		}
		t, ok := litText(a.Value)
		if !ok {
			continue
		}
		if strings.HasPrefix(t, "-") && strings.Contains(t[1:], "n") {
			return true
		}
	}
	return false
}

// declNaked handles a declaration's naked word that is not a plain name:
// declare "d=src" assigns d; declare "$x=src" may assign anything.
func (p *parser) declNaked(a *syntax.Assign) {
	if a.Value == nil {
		return
	}
	t, ok := litText(a.Value)
	if !ok {
		p.vars.forgetAll()
		return
	}
	if strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+") {
		return
	}
	if name, val, ok := strings.Cut(t, "="); ok {
		if ValidName(name) {
			p.vars.set(name, val)
		} else {
			p.vars.forgetAll()
		}
	}
}

// builtinDecl follows builtin declare … and command export … (the
// declaration as a plain command): NAME=VALUE of static text assigns,
// anything else it may assign is forgotten.
func (p *parser) builtinDecl(args []Word) {
	ref := false
	for _, w := range args {
		if strings.HasPrefix(w.Value, "-") && strings.Contains(w.Value[1:], "n") && args[0].Value != "export" {
			ref = true
		}
	}
	for _, w := range args[1:] {
		if strings.HasPrefix(w.Value, "-") || strings.HasPrefix(w.Value, "+") {
			continue
		}
		name, val, ok := strings.Cut(w.Value, "=")
		switch {
		case !w.Static || !ValidName(name):
			p.vars.forgetAll()
			return
		case ref:
			p.vars.setDynamic(name)
			p.vars.nameref(name)
		case ok:
			p.vars.set(name, val)
		}
	}
}

// specialOps marks dynamic a word that applies an operation to $$, $?,
// $# or $PPID (${#?}, ${?:0:1}, ${$/1/2}): the parser keeps those as their
// names (${?}), and the length or a slice of that text is not the
// number's.
func (r *resolver) specialOps(ws []*syntax.Word) {
	for _, w := range ws {
		if w != nil && specialOpIn(w.Parts) {
			r.taint("dynamic")
			return
		}
	}
}

// specialOpIn reports an operation on a numeric special parameter among
// word parts (and in double quotes and the words of expansions), without
// walking the whole tree: most words have no parameter expansion at all.
func specialOpIn(parts []syntax.WordPart) bool {
	for _, part := range parts {
		switch x := part.(type) {
		case *syntax.DblQuoted:
			if specialOpIn(x.Parts) {
				return true
			}
		case *syntax.ParamExp:
			if x.Param != nil && numericSpecial(x.Param.Value) &&
				(x.Length || x.Width || x.Excl || x.Slice != nil || x.Repl != nil || x.Index != nil ||
					x.Exp != nil && x.Exp.Op != syntax.DefaultUnset && x.Exp.Op != syntax.DefaultUnsetOrNull) {
				return true
			}
			if x.Exp != nil && x.Exp.Word != nil && specialOpIn(x.Exp.Word.Parts) {
				return true
			}
		}
	}
	return false
}

// laterEmptied returns the variables that some assignment of the input sets
// to the empty string and another to a value: a trap defined between them
// may run with either (d=$(mktemp -d); trap 'rm -rf "$d"/*' EXIT; d= is rm
// -rf /* at exit).
func laterEmptied(stmts []*syntax.Stmt) map[string]bool {
	var empty, valued map[string]bool
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			a, ok := n.(*syntax.Assign)
			if !ok || a.Name == nil {
				return true
			}
			if a.Array == nil && (a.Value == nil || len(a.Value.Parts) == 0) && !a.Naked {
				if empty == nil {
					empty = map[string]bool{}
				}
				empty[a.Name.Value] = true
			} else {
				if valued == nil {
					valued = map[string]bool{}
				}
				valued[a.Name.Value] = true
			}
			return true
		})
	}
	for k := range empty {
		if !valued[k] {
			delete(empty, k)
		}
	}
	return empty
}

// printStmts prints a command substitution's statements, for a reason.
func (r *resolver) printStmts(stmts []*syntax.Stmt) string {
	return minified(stmts)
}

// assigningOther handles the assigning builtins assigningBuiltins does not
// read: printf -v with a name not written out forgets every value.
func (p *parser) assigningOther(cmd *Command) {
	if cmd.Args[0].Value == "printf" && len(cmd.Args) > 1 && !cmd.Args[1].Static {
		p.vars.forgetAll()
	}
}

// laterOf completes the look-ahead of laterAssigns for an input parsed
// whole: the names it defines as functions (a mktemp function makes no
// temporary name) and the variables it also sets empty.
func (p *parser) laterOf(text string, stmts []*syntax.Stmt) {
	p.noteShadows(text, stmts)
	if p.vars.shadowed("mktemp") {
		p.later = nil
	}
	if !strings.Contains(text, "trap") && !strings.Contains(text, "(") && !strings.Contains(text, "function") {
		return // no trap or function: nothing is walked before it runs (withLater)
	}
	p.laterEmpty = laterEmptied(stmts)
	p.laterInto = intoWords(stmts)
}

// intoWords returns every mv, ln, link, mount and FUSE mount of the
// input: a trap or a function walked where it is defined runs after them
// (trap 'rm -rf "$t"' EXIT; mv ~/Documents "$t").
func intoWords(stmts []*syntax.Stmt) []*syntax.CallExpr {
	var out []*syntax.CallExpr
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			ce, ok := n.(*syntax.CallExpr)
			if !ok || len(ce.Args) < 2 {
				return true
			}
			name := ce.Args[0].Lit()
			name = name[strings.LastIndexByte(name, '/')+1:]
			if name == "mv" || name == "ln" || name == "link" || name == "rsync" || mountsOnto(name) {
				out = append(out, ce)
			}
			return true
		})
	}
	return out
}

// intoLater adds what the input's mv, ln and mounts put somewhere, read
// with the values known now, to what the commands deleting later see
// (Command.Into): for a trap or a function walked where it is defined.
func (p *parser) intoLater() {
	if len(p.laterInto) == 0 {
		return
	}
	for _, ce := range p.laterInto {
		if p.body != nil && ce.Pos().Offset() >= p.body.Pos().Offset() && ce.End().Offset() <= p.body.End().Offset() {
			continue // f() { rm -rf "$M.orig"; mv "$B" "$M.orig"; }: in order
		}
		cmd := &Command{Dir: p.cwd}
		for _, w := range ce.Args {
			cmd.Args = append(cmd.Args, p.literal(w))
		}
		p.recordInto(cmd)
	}
}

// recordInto notes where an mv, ln, link, mount, FUSE mount or rsync
// --remove-source-files puts data or a link (its last operand, or the
// value of -t/--target-directory), and gives every command the set so far
// (Command.Into). A temporary directory holding what was moved there is
// no longer only the line's own: mv ~/Documents /tmp/x; rm -rf /tmp/x.
func (p *parser) recordInto(cmd *Command) {
	name := cmd.Name()
	name = name[strings.LastIndexByte(name, '/')+1:]
	into := false
	switch name {
	case "mv", "ln", "link", "rsync":
		into = name != "rsync"
		for _, w := range cmd.Args[1:] {
			if w.Value == "--remove-source-files" {
				into = true
			}
		}
	default:
		into = mountsOnto(name)
	}
	if into && len(cmd.Args) > 1 {
		var dests, srcs []string
		ops := 0
		for i := 1; i < len(cmd.Args); i++ {
			v := cmd.Args[i].Value
			switch {
			case v == "-t" || v == "--target-directory":
				if i+1 < len(cmd.Args) {
					dests = append(dests, cmd.Args[i+1].Value)
					i++
				}
			case strings.HasPrefix(v, "--target-directory="):
				dests = append(dests, strings.TrimPrefix(v, "--target-directory="))
			case strings.HasPrefix(v, "-t") && len(v) > 2 && name != "mount":
				dests = append(dests, v[2:])
			case strings.HasPrefix(v, "-"):
			default:
				ops++
				srcs = append(srcs, v)
			}
		}
		if len(dests) == 0 && ops > 0 {
			dests = append(dests, cmd.Args[len(cmd.Args)-1].Value)
			srcs = srcs[:len(srcs)-1]
		}
		if len(srcs) > 0 && name != "ln" && allTemp(srcs, cmd) {
			// mv "$d/a" "$d/b": what moves was already the line's own.
			dests = nil
		}
		if p.res.into == nil {
			p.res.into = map[string]bool{}
		}
		for _, d := range dests {
			if d == "" {
				continue
			}
			p.res.into[cleanInto(d)] = true
			if r := cmd.Resolve(d); r != d {
				p.res.into[cleanInto(r)] = true
			}
		}
	}
	cmd.Into = p.res.into
}

// cleanInto is a path as Into keys it: without trailing slashes or ./.
func cleanInto(p string) string {
	if p == "" {
		return "."
	}
	// /tmp//x, /tmp/./x, /tmp/y/../x are /tmp/x (read lexically: more
	// paths match, never fewer).
	return path.Clean(p)
}

// HoldsMoved reports whether deleting path p (as the command wrote it)
// may delete what an earlier mv, ln or mount of the input put somewhere:
// p is such a destination, inside one, or holds one.
func (c *Command) HoldsMoved(p string) bool {
	if len(c.Into) == 0 || p == "" {
		return false
	}
	for _, v := range []string{p, c.Resolve(p)} {
		v = cleanInto(v)
		for d := range c.Into {
			if d == v || strings.HasPrefix(v, strings.TrimSuffix(d, "/")+"/") || strings.HasPrefix(d, strings.TrimSuffix(v, "/")+"/") || d == "." {
				return true
			}
			if strings.ContainsAny(v, "*?[") && globHolds(v, d) {
				return true
			}
		}
	}
	return false
}

// globHolds reports whether a glob path (/tmp/x/*) may match a destination
// or a directory above it.
func globHolds(glob, d string) bool {
	dir := glob[:strings.LastIndexByte(glob, '/')+1]
	return dir == "" || strings.HasPrefix(d, dir) || strings.HasPrefix(strings.TrimSuffix(dir, "/"), d)
}

// allTemp reports whether every path is strictly inside a temporary
// directory or a name mktemp made.
func allTemp(paths []string, cmd *Command) bool {
	for _, s := range paths {
		r := cmd.Resolve(s)
		rest, ok := TempPrefix(r)
		if strings.Contains(r, "..") || !(ok && strings.Trim(rest, "/") != "" || InFresh(r)) {
			return false
		}
	}
	return true
}

// emptiedLater returns the variables with a value now that the input also
// sets empty: a trap walked now may run after the empty assignment.
func (p *parser) emptiedLater() []string {
	var out []string
	for name := range p.laterEmpty {
		if v, ok := p.vars.val.get(name); ok && v != "" {
			out = append(out, name)
		} else if _, ok := p.vars.dyn.get(name); ok {
			out = append(out, name)
		}
	}
	return out
}

// assignsAny reports a node that may assign a variable whose name the
// look-ahead of laterAssigns cannot see: a name reference declared
// (declare -n r=d; r=~ assigns d), a declaration whose word is not written
// out (declare "$x=~"), or a declaration run as a plain command (builtin
// declare d=~, command export d=~).
func assignsAny(n syntax.Node) bool {
	switch x := n.(type) {
	case *syntax.DeclClause:
		if declFlags(x.Variant.Value, x.Args) {
			return true
		}
		for _, a := range x.Args {
			if a.Naked && a.Name == nil && a.Value != nil {
				if t, ok := litText(a.Value); !ok || strings.Contains(t, "=") {
					return true
				}
			}
		}
	case *syntax.CallExpr:
		if len(x.Args) > 1 && x.Args[0].Lit() == "nameref" {
			return true // ksh: typeset -n
		}
		if len(x.Args) > 1 {
			switch x.Args[0].Lit() {
			case "builtin", "command":
				switch x.Args[1].Lit() {
				case "declare", "typeset", "local", "export", "readonly", "read", "printf", "mapfile", "readarray", "getopts", "unset", "eval", ".", "source":
					return true
				}
			}
		}
	}
	return false
}

// mountsOnto reports a program that mounts a file system onto a directory
// it is given (FUSE and mount helpers: bindfs ~ dir, sshfs host:/ dir):
// deleting the directory afterwards deletes what is mounted there.
func mountsOnto(word string) bool {
	base := word[strings.LastIndexByte(word, '/')+1:]
	switch base {
	case "mount", "bindfs", "sshfs", "rclone", "s3fs", "gcsfuse", "goofys", "encfs", "gocryptfs", "securefs", "cryfs",
		"mergerfs", "unionfs", "unionfs-fuse", "fuse-overlayfs", "squashfuse", "archivemount", "fuse-zip", "fuse2fs",
		"guestmount", "ntfs-3g", "mount.fuse", "mount.fuse3", "systemd-mount", "udisksctl", "sshfs-fuse", "rar2fs",
		"ratarmount", "davfs2", "curlftpfs", "jmtpfs", "ifuse", "vmhgfs-fuse", "bwrap", "unshare":
		return true
	}
	return strings.HasPrefix(base, "mount.")
}

// AnyMade is the key of Command.Made that says an earlier command of the
// input may have made any name in its directory, a symlink included: it
// unpacked an archive or checked out files (tar x, unzip, git checkout,
// rsync, patch, cp -a … .).
const AnyMade = "*any*"

// unpacksHere reports a command that writes entries whose names and kinds
// come from its input, not from its words: an archive extracted, a
// checkout, a patch, a copy or sync into the working directory.
func unpacksHere(c *Command) bool {
	name := c.Name()
	name = name[strings.LastIndexByte(name, '/')+1:]
	args := c.Args
	has := func(pred func(string) bool) bool {
		for _, w := range args[1:] {
			if pred(w.Value) {
				return true
			}
		}
		return false
	}
	switch name {
	case "unzip", "7z", "7za", "7zz", "7zr", "unrar", "cpio", "ar", "patch", "svn", "hg", "rsync", "bsdtar", "pax",
		"unsquashfs", "dpkg-deb", "rpm2cpio", "gem", "jar", "unar", "lha", "busybox", "tar", "gtar":
		if name == "tar" || name == "gtar" || name == "bsdtar" {
			return has(func(v string) bool {
				return v == "--extract" || v == "--get" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsRune(v, 'x') ||
					!strings.HasPrefix(v, "-") && strings.ContainsRune(v, 'x') && len(v) < 8 && strings.Trim(v, "xvzfjJpPkOmo") == ""
			})
		}
		return true
	case "git":
		return has(func(v string) bool {
			switch v {
			case "checkout", "switch", "pull", "merge", "rebase", "reset", "stash", "apply", "am", "clone", "restore",
				"cherry-pick", "revert", "worktree", "submodule", "read-tree", "checkout-index", "sparse-checkout":
				return true
			}
			return false
		})
	case "cp", "mv", "ln":
		// cp -a ../other/. . : into the working directory itself.
		last := args[len(args)-1].Value
		return len(args) > 2 && (last == "." || last == "./" || !args[len(args)-1].Static)
	}
	return false
}

// shadowSubst is the Word.Subst of a command substitution whose command is
// a function of the input. The rules read some programs' output by name
// (kill $(pidof x), kill $(cat x.pid)): for those the text is marked, so
// that a function of that name is not read as the program.
func shadowSubst(code string) string {
	name, _, _ := strings.Cut(code, " ")
	switch name {
	case "pidof", "cat", "pgrep", "command", "builtin":
		return "(a function) " + code
	}
	return code
}

// commandBuiltin returns cmd without its leading command (and -p): command
// cd is the builtin cd. command -v/-V only looks the name up.
func commandBuiltin(cmd *Command) *Command {
	args := cmd.Args[1:]
	for len(args) > 0 && args[0].Value == "-p" {
		args = args[1:]
	}
	if len(args) == 0 || args[0].Value == "-v" || args[0].Value == "-V" {
		return cmd
	}
	cp := *cmd
	cp.Args = args
	return &cp
}

// codeMoves marks the working directory unknown after eval or source of
// code that may change it (eval cd, source <(echo cd), . /dev/stdin <<<
// "cd ~"): that code ran in this shell, and its cd is not followed here.
func (p *parser) codeMoves(c *Command, args []Word) {
	for _, w := range args {
		if !w.Static || mayMove(w.Value) {
			p.setCwd("")
			p.away = true
			return
		}
	}
}

// mayMove reports shell text that names cd, pushd or popd as a word, or
// a command word guardsh cannot read (a function, eval …): conservatively,
// anything that may change the directory.
func mayMove(code string) bool {
	for _, f := range strings.FieldsFunc(code, func(r rune) bool { return strings.ContainsRune(" \t\n;&|(){}`'\"", r) }) {
		switch f {
		case "cd", "pushd", "popd", "eval", "source", ".", "builtin", "command":
			return true
		}
	}
	return false
}

// sourced handles what a sourced text may have done that is not
// followed: at the prompt (not in a script file, where a library is
// trusted as absent.go documents), a text guardsh could not read may have
// assigned any variable or changed the directory.
func (p *parser) sourced(c *Command, args []Word, known bool) {
	if known || p.opts.File && p.outer == nil || len(args) == 0 {
		return
	}
	p.vars.forgetAll()
	p.setCwd("")
	p.away = true
}

// trapEvery handles trap CODE DEBUG|RETURN|ERR: bash runs CODE before
// every simple command (DEBUG), after each function or sourced file
// (RETURN) or failed command (ERR). Code that may assign a variable or
// change the directory (trap 'cd; d=src' DEBUG) makes every later value
// and directory unknown. Code made of output commands only (the common
// trap 'echo "$BASH_COMMAND"' DEBUG) does not.
func (p *parser) trapEvery(args []Word) {
	every := false
	for _, s := range args[1:] {
		switch strings.ToUpper(strings.TrimPrefix(s.Value, "SIG")) {
		case "DEBUG", "RETURN", "ERR":
			every = true
		}
	}
	if !every || quietTrap(args[0]) {
		return
	}
	p.everyCmd = true
}

// quietTrap reports trap code that only prints: echo, printf, logger, :,
// true, with no assignment, substitution or redirection to a file.
func quietTrap(w Word) bool {
	if !w.Static {
		return false
	}
	if strings.TrimSpace(w.Value) == "" {
		return true
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(w.Value), "")
	if err != nil {
		return false
	}
	quiet := true
	syntax.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign, *syntax.CmdSubst, *syntax.ProcSubst, *syntax.FuncDecl, *syntax.ArithmExp, *syntax.ArithmCmd:
			quiet = false
		case *syntax.Redirect:
			if x.Op != syntax.DplOut && x.Op != syntax.DplIn {
				quiet = false
			}
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				quiet = false
				break
			}
			switch x.Args[0].Lit() {
			case "echo", "printf", "logger", ":", "true", "false":
				if x.Args[0].Lit() == "printf" && len(x.Args) > 1 && strings.HasPrefix(x.Args[1].Lit(), "-v") {
					quiet = false
				}
			default:
				quiet = false
			}
		case *syntax.ParamExp:
			if x.Exp != nil && (x.Exp.Op == syntax.AssignUnset || x.Exp.Op == syntax.AssignUnsetOrNull) {
				quiet = false
			}
		}
		return quiet
	})
	return quiet
}

// scratchWords are the words a scratch directory's name is made of: a
// script that recreates "work", "tmp", "build-out" or ".stage" is
// resetting its own working area. keptNames alone was a deny-list: rm -rf
// thesis; mkdir thesis, .bitcoin, Library or secrets were scratch too.
var scratchWordSet = set("work", "workdir", "wrk", "tmp", "temp", "tmpdir", "tempdir", "scratch", "stage", "staging",
	"build", "builds", "builddir", "out", "output", "outputs", "outdir", "dist", "cache", "junk", "sandbox", "artifacts",
	"obj", "objs", "gen", "generated", "target", "rootfs", "chroot", "rewrite")

// scratchName reports whether a directory name says it is a working
// area: one of its words (split at -, _, ., digits and case changes) is a
// scratch word.
func scratchName(name string) bool {
	var words []string
	cur := []rune{}
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	prevLower := false
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z':
			cur = append(cur, r)
			prevLower = true
		case r >= 'A' && r <= 'Z':
			if prevLower {
				flush()
			}
			cur = append(cur, r)
			prevLower = false
		default:
			flush()
			prevLower = false
		}
	}
	flush()
	for _, w := range words {
		if scratchWordSet()[w] {
			return true
		}
	}
	return false
}

// sgrState follows the colours SGR sequences leave in force, in the order
// they appear: ESC[30m … ESC[40m draws black on black in two sequences,
// and ESC[38:5:0;48:5:0m writes its colours with colons.
type sgrState struct {
	fg, bg [3]int
	hasFg  bool
	hasBg  bool
}

// conceals applies one escape sequence (a colour one; others leave the
// state) and reports whether text is now drawn in (nearly) the colour of
// its background.
func (st *sgrState) conceals(s string) bool {
	if len(s) < 3 || s[1] != '[' || s[len(s)-1] != 'm' {
		return false
	}
	params := s[2 : len(s)-1]
	if params == "" {
		st.hasFg, st.hasBg = false, false
		return false
	}
	ps := strings.Split(params, ";")
	num := func(x string) (int, bool) {
		n := 0
		if x == "" {
			return 0, true
		}
		for _, c := range x {
			if c < '0' || c > '9' {
				return 0, false
			}
			n = n*10 + int(c-'0')
			if n > 1000 {
				return 0, false
			}
		}
		return n, true
	}
	// colour reads an extended colour (5;N or 2;R;G;B) from words.
	colour := func(words []string, colon bool) ([3]int, int, bool) {
		if len(words) == 0 {
			return [3]int{}, 0, false
		}
		mode, _ := num(words[0])
		switch mode {
		case 5:
			if len(words) > 1 {
				if n, ok := num(words[1]); ok {
					return xterm256(n), 2, true
				}
			}
			return [3]int{}, 2, false
		case 2:
			rgb := words[1:]
			if colon && len(rgb) >= 4 {
				rgb = rgb[1:] // 38:2:CS:R:G:B, a colour space id
			}
			if len(rgb) >= 3 {
				r, ok1 := num(rgb[0])
				g, ok2 := num(rgb[1])
				b, ok3 := num(rgb[2])
				return [3]int{r, g, b}, 4, ok1 && ok2 && ok3
			}
			return [3]int{}, 4, false
		}
		return [3]int{}, 1, false
	}
	for i := 0; i < len(ps); i++ {
		sub := strings.Split(ps[i], ":")
		p, ok := num(sub[0])
		if !ok {
			continue
		}
		switch {
		case p == 0:
			st.hasFg, st.hasBg = false, false
		case p == 39:
			st.hasFg = false
		case p == 49:
			st.hasBg = false
		case p >= 30 && p <= 37, p >= 90 && p <= 97:
			st.fg, st.hasFg = xterm256(p%10+boolInt(p >= 90)*8), true
		case p >= 40 && p <= 47, p >= 100 && p <= 107:
			st.bg, st.hasBg = xterm256(p%10+boolInt(p >= 100)*8), true
		case p == 38 || p == 48 || p == 58:
			var c [3]int
			set := false
			if len(sub) > 1 {
				c, _, set = colour(sub[1:], true)
			} else {
				var n int
				c, n, set = colour(ps[i+1:], false)
				i += n
			}
			if set && p == 38 {
				st.fg, st.hasFg = c, true
			} else if set && p == 48 {
				st.bg, st.hasBg = c, true
			}
		}
	}
	if !st.hasFg || !st.hasBg {
		return false
	}
	d := 0
	for k := 0; k < 3; k++ {
		x := st.fg[k] - st.bg[k]
		d += x * x
	}
	return d < 16*16*3
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// xterm256 is the colour of an xterm 256-colour index (the 16 system
// colours as xterm draws them, the 6x6x6 cube, the grey ramp).
func xterm256(n int) [3]int {
	sys := [16][3]int{{0, 0, 0}, {205, 0, 0}, {0, 205, 0}, {205, 205, 0}, {0, 0, 238}, {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
		{127, 127, 127}, {255, 0, 0}, {0, 255, 0}, {255, 255, 0}, {92, 92, 255}, {255, 0, 255}, {0, 255, 255}, {255, 255, 255}}
	switch {
	case n < 0 || n > 255:
		return [3]int{-1000, -1000, -1000}
	case n < 16:
		return sys[n]
	case n < 232:
		n -= 16
		lv := func(v int) int {
			if v == 0 {
				return 0
			}
			return 55 + v*40
		}
		return [3]int{lv(n / 36), lv(n / 6 % 6), lv(n % 6)}
	default:
		g := 8 + (n-232)*10
		return [3]int{g, g, g}
	}
}

// beforeEvery is what a DEBUG trap that may assign or cd (see trapEvery)
// does before each command: every value and the directory are unknown.
func (p *parser) beforeEvery() {
	if p.everyCmd {
		p.vars.forgetAll()
		p.setCwd("")
		p.away = true
	}
}

// qualRenames reports a zsh glob qualifier group that changes the names
// the pattern gives: modifiers (:h, :a, :s/…/…/), or code that sets REPLY
// or reply (e:CODE:, +func). rm -rf dist(:a:h) deletes the directory dist
// is in.
func qualRenames(group string) bool {
	body := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(group, "(#q"), "("), ")")
	if strings.Contains(body, ":") || strings.Contains(body, "+") {
		return true
	}
	codes, _, ok := qualCodes(body + ")")
	return !ok || len(codes) > 0
}
