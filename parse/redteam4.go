package parse

import (
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
	for k := range v.val {
		if positional(k) || k == "0" {
			continue
		}
		delete(v.val, k)
		v.dyn[k] = "dynamic"
		delete(v.alts, k)
	}
	for k := range v.list {
		if k == "@" {
			continue
		}
		delete(v.list, k)
		v.dyn[k] = "dynamic"
	}
	for k := range v.shape {
		delete(v.shape, k)
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
		if validName(name) {
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
		case !w.Static || !validName(name):
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
		syntax.Walk(w, func(n syntax.Node) bool {
			pe, ok := n.(*syntax.ParamExp)
			if !ok || pe.Param == nil || !numericSpecial(pe.Param.Value) {
				return true
			}
			if pe.Length || pe.Width || pe.Excl || pe.Slice != nil || pe.Repl != nil || pe.Index != nil || pe.Exp != nil && pe.Exp.Op != syntax.DefaultUnset && pe.Exp.Op != syntax.DefaultUnsetOrNull {
				r.taint("dynamic")
			}
			return true
		})
	}
}

// laterEmptied returns the variables that some assignment of the input sets
// to the empty string and another to a value: a trap defined between them
// may run with either (d=$(mktemp -d); trap 'rm -rf "$d"/*' EXIT; d= is rm
// -rf /* at exit).
func laterEmptied(stmts []*syntax.Stmt) map[string]bool {
	var empty map[string]bool
	valued := map[string]bool{}
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
	var sb strings.Builder
	pr := syntax.NewPrinter(syntax.Minify(true))
	for i, st := range stmts {
		if sb.Len() > 4096 {
			break
		}
		if i > 0 {
			sb.WriteString("; ")
		}
		pr.Print(&sb, st)
	}
	return sb.String()
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
	p.laterEmpty = laterEmptied(stmts)
}

// emptiedLater returns the variables with a value now that the input also
// sets empty: a trap walked now may run after the empty assignment.
func (p *parser) emptiedLater() []string {
	var out []string
	for name := range p.laterEmpty {
		if v, ok := p.vars.val[name]; ok && v != "" {
			out = append(out, name)
		} else if _, ok := p.vars.dyn[name]; ok {
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
