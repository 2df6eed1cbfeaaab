package payload

import "strings"

// A File is a file a payload writes, creates, moves, links or
// changes the mode of, found by [Scan]: open(p, "w"),
// fs.writeFileSync(p), File.write(p), os.rename(a, b), os.symlink(t, l),
// os.mkfifo(p), os.chmod(p). Deletions are in [Result.Deletes].
type File struct {
	// Call is the function as resolved, such as "open" or "fs.renameSync".
	Call string
	// Op is what happens to Target: "write" (written, created or
	// truncated), "move" (From is moved to Target: both change), "copy",
	// "link" (Target becomes a link to From), "mkfifo" or "chmod" (its
	// mode or owner).
	Op string
	// Target is the path: a string literal's value when Static, else the
	// expression's source text.
	Target string
	Static bool
	// From is the source of a move, copy or link, as Target.
	From       string
	FromStatic bool
}

// The operations of File.Op.
const (
	OpWrite   = "write"
	OpMove    = "move"
	OpCopy    = "copy"
	OpLink    = "link"
	OpFIFO    = "mkfifo"
	OpChmod   = "chmod"
	srcNoMode = -1 // the call always writes: no mode argument to read
)

// srcFileH returns the handler of a file call: op on argument k (and k+1
// for move, copy and link), with the open mode at argument mode.
func srcFileH(op string, k, mode int) srcHandler {
	return srcHandler{op: srcOpFile, k: k, fop: op, mode: mode}
}

// srcFileHandler knows the calls of each language that write files.
func srcFileHandler(lang Lang, name string) (srcHandler, bool) {
	switch lang {
	case LangPython:
		switch name {
		case "open", "io.open", "codecs.open", "builtins.open", "os.fdopen", "io.FileIO", "gzip.open", "bz2.open", "lzma.open":
			return srcFileH(OpWrite, 0, 1), true
		case "os.open":
			return srcFileH(OpWrite, 0, 1), true
		case "os.truncate", "os.utime":
			return srcFileH(OpWrite, 0, srcNoMode), true
		case "os.mkfifo", "os.mknod":
			return srcFileH(OpFIFO, 0, srcNoMode), true
		case "os.chmod", "os.lchmod", "os.chown", "os.lchown", "shutil.chown":
			return srcFileH(OpChmod, 0, srcNoMode), true
		case "os.rename", "os.replace", "os.renames", "shutil.move":
			return srcFileH(OpMove, 0, srcNoMode), true
		case "shutil.copy", "shutil.copy2", "shutil.copyfile", "shutil.copytree", "shutil.copymode", "shutil.copystat", "distutils.file_util.copy_file":
			return srcFileH(OpCopy, 0, srcNoMode), true
		case "os.symlink", "os.link":
			return srcFileH(OpLink, 0, srcNoMode), true
		case "pathlib.Path", "Path", "pathlib.PosixPath", "PosixPath":
			return srcHandler{op: srcOpPathObj}, true
		}
	case LangNode:
		switch strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(name, "fs.promises."), "fsPromises."), "fs.") {
		case "writeFileSync", "writeFile", "appendFileSync", "appendFile", "createWriteStream", "truncateSync", "truncate",
			"outputFileSync", "outputFile", "writeJsonSync", "writeJson", "outputJsonSync", "outputJson", "utimesSync", "utimes":
			if strings.HasPrefix(name, "fs") || strings.HasPrefix(name, "fse.") || strings.HasPrefix(name, "fs-extra.") || !strings.Contains(name, ".") {
				return srcFileH(OpWrite, 0, srcNoMode), true
			}
		case "openSync", "open":
			if strings.HasPrefix(name, "fs") {
				return srcFileH(OpWrite, 0, 1), true
			}
		case "copyFileSync", "copyFile", "cpSync", "cp", "copySync", "copy":
			if strings.HasPrefix(name, "fs") {
				return srcFileH(OpCopy, 0, srcNoMode), true
			}
		case "renameSync", "rename", "moveSync", "move":
			if strings.HasPrefix(name, "fs") {
				return srcFileH(OpMove, 0, srcNoMode), true
			}
		case "symlinkSync", "symlink", "linkSync", "link", "ensureSymlinkSync", "ensureSymlink":
			if strings.HasPrefix(name, "fs") {
				return srcFileH(OpLink, 0, srcNoMode), true
			}
		case "chmodSync", "chmod", "chownSync", "chown", "lchownSync", "lchown":
			if strings.HasPrefix(name, "fs") {
				return srcFileH(OpChmod, 0, srcNoMode), true
			}
		}
		switch name {
		case "Deno.writeTextFileSync", "Deno.writeTextFile", "Deno.writeFileSync", "Deno.writeFile", "Bun.write", "Deno.truncateSync", "Deno.truncate":
			return srcFileH(OpWrite, 0, srcNoMode), true
		case "Deno.openSync", "Deno.open", "Deno.createSync", "Deno.create":
			return srcFileH(OpWrite, 0, srcNoMode), true
		case "Deno.renameSync", "Deno.rename":
			return srcFileH(OpMove, 0, srcNoMode), true
		case "Deno.copyFileSync", "Deno.copyFile":
			return srcFileH(OpCopy, 0, srcNoMode), true
		case "Deno.symlinkSync", "Deno.symlink", "Deno.linkSync", "Deno.link":
			return srcFileH(OpLink, 0, srcNoMode), true
		case "Deno.chmodSync", "Deno.chmod", "Deno.chownSync", "Deno.chown":
			return srcFileH(OpChmod, 0, srcNoMode), true
		}
	case LangPerl:
		switch name {
		case "rename", "File.Copy.move", "move", "mv", "File.Copy.mv":
			return srcFileH(OpMove, 0, srcNoMode), true
		case "File.Copy.copy", "copy", "cp", "File.Copy.cp", "File.Copy.syscopy":
			return srcFileH(OpCopy, 0, srcNoMode), true
		case "symlink", "link":
			return srcFileH(OpLink, 0, srcNoMode), true
		case "chmod", "chown", "utime":
			// chmod MODE, FILES…; chown UID, GID, FILES…: every argument
			// is taken, the mode as a path harmlessly.
			return srcHandler{op: srcOpFile, fop: OpChmod, mode: srcNoMode, all: true}, true
		case "truncate":
			return srcFileH(OpWrite, 0, srcNoMode), true
		case "POSIX.mkfifo", "mkfifo":
			return srcFileH(OpFIFO, 0, srcNoMode), true
		}
	case LangRuby:
		switch name {
		case "File.write", "IO.write", "File.binwrite", "IO.binwrite", "FileUtils.touch", "File.truncate", "FileUtils.touch_file":
			return srcFileH(OpWrite, 0, srcNoMode), true
		case "File.open", "File.new", "open", "IO.sysopen", "Kernel.open", "Zlib.GzipWriter.open":
			return srcFileH(OpWrite, 0, 1), true
		case "FileUtils.cp", "FileUtils.copy", "FileUtils.cp_r", "FileUtils.install", "FileUtils.copy_file", "FileUtils.copy_entry", "IO.copy_stream":
			return srcFileH(OpCopy, 0, srcNoMode), true
		case "FileUtils.mv", "FileUtils.move", "File.rename":
			return srcFileH(OpMove, 0, srcNoMode), true
		case "FileUtils.ln_s", "FileUtils.ln", "FileUtils.ln_sf", "FileUtils.symlink", "FileUtils.link", "File.symlink", "File.link":
			return srcFileH(OpLink, 0, srcNoMode), true
		case "File.chmod", "FileUtils.chmod", "FileUtils.chmod_R", "File.chown", "FileUtils.chown", "FileUtils.chown_R", "File.lchmod", "File.lchown", "File.utime":
			return srcHandler{op: srcOpFile, fop: OpChmod, mode: srcNoMode, all: true}, true
		case "File.mkfifo":
			return srcFileH(OpFIFO, 0, srcNoMode), true
		}
	case LangPHP:
		switch name {
		case "file_put_contents", "touch", "ftruncate":
			return srcFileH(OpWrite, 0, srcNoMode), true
		case "fopen", "gzopen", "splfileobject":
			return srcFileH(OpWrite, 0, 1), true
		case "copy":
			return srcFileH(OpCopy, 0, srcNoMode), true
		case "rename":
			return srcFileH(OpMove, 0, srcNoMode), true
		case "symlink", "link":
			return srcFileH(OpLink, 0, srcNoMode), true
		case "chmod", "chown", "chgrp", "lchown", "lchgrp":
			return srcFileH(OpChmod, 0, srcNoMode), true
		case "posix_mkfifo":
			return srcFileH(OpFIFO, 0, srcNoMode), true
		}
	}
	return srcHandler{}, false
}

// srcWriteMode reports whether an open mode writes: Python, Ruby, PHP and
// Node "w", "a", "x", "+" (and their flags, O_WRONLY, File::WRONLY …).
func srcWriteMode(m srcVal, text string) bool {
	if m.static {
		s := m.s
		return strings.ContainsAny(s, "wax+") || strings.Contains(s, "WRONLY") || strings.Contains(s, "RDWR")
	}
	for _, f := range []string{"WRONLY", "RDWR", "CREAT", "APPEND", "TRUNC", "\"w", "'w", "\"a", "'a", "+"} {
		if strings.Contains(text, f) {
			return true
		}
	}
	return false
}

// file records one file call.
func (sc *srcScanner) file(call, op string, target, from srcVal) {
	if len(target.alts) > 0 {
		for _, a := range target.alts {
			sc.file(call, op, a, from)
		}
		return
	}
	f := File{Call: call, Op: op, Static: target.static && !target.isList}
	if f.Static {
		f.Target = target.s
	} else {
		f.Target = srcShorten(target.text)
	}
	if op == OpMove || op == OpCopy || op == OpLink {
		f.FromStatic = from.static && !from.isList
		if f.FromStatic {
			f.From = from.s
		} else {
			f.From = srcShorten(from.text)
		}
	}
	sc.out.Files = appendNew(sc.out.Files, f, 256)
}

// fileCall handles a srcOpFile handler's call with its positional
// arguments; arg evaluates one, argText gives its source text.
func (sc *srcScanner) fileCall(h srcHandler, name string, n int, arg func(int) srcVal, argText func(int) string, kwMode func() (srcVal, string, bool)) {
	if h.all {
		for k := 0; k < n; k++ {
			sc.file(name, h.fop, arg(k), srcVal{})
		}
		return
	}
	if h.k >= n {
		return
	}
	if h.mode >= 0 {
		var m srcVal
		var text string
		switch {
		case h.mode < n:
			m, text = arg(h.mode), argText(h.mode)
		default:
			var ok bool
			if m, text, ok = kwMode(); !ok {
				return // the default mode reads
			}
		}
		if !srcWriteMode(m, text) {
			return
		}
	}
	switch h.fop {
	case OpMove, OpCopy, OpLink:
		if h.k+1 >= n {
			return
		}
		sc.file(name, h.fop, arg(h.k+1), arg(h.k))
	default:
		sc.file(name, h.fop, arg(h.k), srcVal{})
	}
}

// pathObj handles pathlib.Path(p) followed by a method that writes or
// deletes: .write_text, .write_bytes, .touch, .open("w"), .symlink_to,
// .rename, .replace, .chmod, .unlink, .rmdir. end is the token after the
// constructor's ")".
func (sc *srcScanner) pathObj(st *srcStream, p srcVal, end int) {
	if !st.is(end, ".") || end+1 >= len(st.toks) || st.toks[end+1].kind != srcIdent {
		return
	}
	m := st.toks[end+1].text
	var args []srcArg
	if st.is(end+2, "(") {
		args = srcPositional(st.args(end+3, st.close(end+2, len(st.toks))))
	}
	arg := func(k int) srcVal {
		if k < len(args) {
			return sc.eval(st, args[k].a, args[k].b, 0)
		}
		return srcVal{}
	}
	call := "Path." + m
	switch m {
	case "write_text", "write_bytes", "touch":
		sc.file(call, OpWrite, p, srcVal{})
	case "read_text", "read_bytes":
		sc.read(p) // send_misses6.go
	case "open":
		if len(args) > 0 && srcWriteMode(arg(0), st.text(args[0].a, args[0].b)) {
			sc.file(call, OpWrite, p, srcVal{})
		}
	case "symlink_to", "hardlink_to":
		sc.file(call, OpLink, p, arg(0))
	case "rename", "replace":
		sc.file(call, OpMove, arg(0), p)
	case "chmod", "lchmod":
		sc.file(call, OpChmod, p, srcVal{})
	case "unlink", "rmdir":
		// Path(p).unlink(missing_ok=True) is os.remove(p).
		sc.delete(call, p, false)
	}
}

// HomePath turns an interpreter's expression for a path in the home
// directory into the ~/… form rules know: os.path.expanduser("~/x"),
// os.environ["HOME"] + "/x", process.env.HOME + "/x", Dir.home + "/x",
// "$ENV{HOME}/x" (Perl).
func HomePath(e string) (string, bool) {
	e = strings.TrimSpace(e)
	for _, pre := range []string{"os.path.expanduser(", "expanduser(", "File.expand_path(", "path.expanduser("} {
		if rest, ok := strings.CutPrefix(e, pre); ok {
			if lit, ok := srcQuoted(strings.TrimSuffix(strings.TrimSpace(rest), ")")); ok && strings.HasPrefix(lit, "~") {
				return lit, true
			}
		}
	}
	if lit, ok := srcQuoted(e); ok {
		for _, h := range []string{"$ENV{HOME}", "${ENV{HOME}}", "$ENV{'HOME'}", `$ENV{"HOME"}`} {
			if rest, ok := strings.CutPrefix(lit, h); ok && (rest == "" || rest[0] == '/') {
				return "~" + rest, true
			}
		}
	}
	if h, rest, ok := strings.Cut(e, "+"); ok && HomeExpr(strings.TrimSpace(h)) || ok && strings.TrimSpace(h) == "process.env.HOME" {
		if lit, ok := srcQuoted(strings.TrimSpace(rest)); ok && strings.HasPrefix(lit, "/") {
			return "~" + lit, true
		}
	}
	return "", false
}

// srcQuoted returns the content of a simple quoted literal: "x" or 'x'.
func srcQuoted(s string) (string, bool) {
	if len(s) < 2 || (s[0] != '"' && s[0] != '\'') || s[len(s)-1] != s[0] || strings.ContainsAny(s[1:len(s)-1], "\"'\\") {
		return "", false
	}
	return s[1 : len(s)-1], true
}

// awkOut handles awk's output redirection, print … > "file" and >>: a
// ">" after print or printf in the same statement, outside parentheses
// (where it compares).
func (sc *srcScanner) awkOut(st *srcStream, i int) {
	depth := 0
	for j := i - 1; j >= 0 && i-j < srcMaxStmt; j-- {
		t := &st.toks[j]
		if t.kind == srcPunct {
			switch t.text {
			case ")", "]":
				depth++
			case "(", "[":
				if depth == 0 {
					return // inside parentheses: a comparison
				}
				depth--
			case ";", "{", "}":
				return
			}
		}
		if t.kind == srcIdent && depth == 0 && (t.text == "print" || t.text == "printf") {
			end := st.stmtEnd(i + 1)
			if end > i+1 {
				sc.file(t.text+" >", OpWrite, sc.eval(st, i+1, end, 0), srcVal{})
			}
			return
		}
		if t.nl {
			return
		}
	}
}

// pathObjRecv handles a pathlib method called on a parenthesised receiver,
// (Path.home() / ".config" / "x").write_text(…) or Path(p).joinpath("x").
// open("w"): open and close are the receiver's brackets; the method follows
// the dot at close+1. Such a receiver is taken as a path expression.
func (sc *srcScanner) pathObjRecv(st *srcStream, open, dot int) {
	switch st.toks[dot+1].text {
	case "write_text", "write_bytes", "touch", "open", "symlink_to", "hardlink_to", "rename", "replace", "chmod", "lchmod", "unlink", "rmdir", "read_text", "read_bytes":
	default:
		return
	}
	if open > 0 && st.toks[open-1].kind == srcIdent {
		switch st.toks[open-1].text {
		case "Path", "PosixPath", "PurePath":
			return // the constructor: pathObj has it
		}
	}
	// The group is often only the last part (joinpath(".config/x")):
	// its text, not a path to resolve, is what rules look at, unless
	// the whole receiver is literals (pathlib_misses5.go).
	if a := pyRecvStart(st, dot); a >= 0 {
		if p, ok := pyPathValue(st, a, dot); ok {
			sc.pathObj(st, srcStatic(p), dot)
			return
		}
	}
	sc.pathObj(st, srcVal{text: st.text(open, dot)}, dot)
}

// HomeExpr reports interpreter expressions for the home directory:
// os.path.expanduser("~"), Path.home(), os.homedir(), Dir.home.
func HomeExpr(e string) bool {
	e = strings.ReplaceAll(strings.ReplaceAll(e, " ", ""), "'", `"`)
	for _, h := range []string{`os.path.expanduser("~")`, `expanduser("~")`, "Path.home()", "pathlib.Path.home()",
		`os.environ["HOME"]`, `os.getenv("HOME")`, "os.homedir()", `require("os").homedir()`, "Dir.home", `ENV["HOME"]`,
		"$ENV{HOME}", `$ENV{"HOME"}`, "$env:USERPROFILE", "$HOME", "~", "process.env.HOME", `process.env["HOME"]`,
		`Deno.env.get("HOME")`, "Bun.env.HOME", `Bun.env["HOME"]`, "homedir()", `Sys.getenv("HOME")`, `path.expand("~")`,
		`normalizePath("~")`, `expanduser("~")`, `getenv("HOME")`, `$_SERVER["HOME"]`, `$_ENV["HOME"]`} {
		if e == h {
			return true
		}
	}
	return false
}
