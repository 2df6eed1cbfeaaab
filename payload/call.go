package payload

import "strings"

// srcOp says how a call runs commands or deletes files.
type srcOp uint8

const (
	srcOpShell     srcOp = iota + 1 // arg k is a command line, or an argv list
	srcOpSystem                     // Perl/Ruby system: one argument is a command line, several an argv
	srcOpSubproc                    // Python subprocess.*: a command line or argv; shell=True with a list runs list[0]
	srcOpProgList                   // arg k is the program, arg k+1 its argument list
	srcOpProgArgs                   // arg k is the program, args k+2… its arguments (os.execl)
	srcOpArgv                       // args k… are the argv
	srcOpEval                       // arg k is code in the same language
	srcOpEvalStr                    // like srcOpEval, but only a string runs as code (setTimeout)
	srcOpRm                         // args k… are deleted
	srcOpRmOpt                      // arg k is deleted, recursively if the options say so
	srcOpDynamic                    // runs something that cannot be resolved
	srcOpPerlOpen                   // Perl open with a pipe mode
	srcOpPipeOpen                   // Ruby open("|cmd")
	srcOpSend                       // Ruby send(:name, …), PHP call_user_func("name", …)
	srcOpSendArray                  // PHP call_user_func_array("name", [...])
	srcOpDenoCmd                    // new Deno.Command(prog, {args: [...]})
	srcOpDenoRun                    // Deno.run({cmd: [...]})
	srcOpSpawn                      // Node spawn: a program and its argument list, or a command line
	srcOpWrite                      // arg k is a path written to
	srcOpOpen                       // arg k is a path opened with the mode or flags of arg k+1
	srcOpFile                       // writes, moves, links or chmods a file: see srcFileHandler
	srcOpPathObj                    // Python pathlib.Path(p), then a method that may write
	srcOpHTTP                       // an HTTP request; with a body it may send what the code read (send_misses6.go)
)

type srcHandler struct {
	op  srcOp
	k   int  // index of the first relevant positional argument
	rec bool // srcOpRm: the deletion is recursive
	run bool // runs commands (as opposed to deleting files)
	// guess is set for a handler found by the method name alone, which
	// counts only when called.
	guess bool
	// fop is what a srcOpFile call does (OpWrite, OpMove, …); mode is
	// the index of its open-mode argument (srcNoMode: none, it always
	// writes); all takes every argument as a file (chmod MODE, FILES…).
	fop  string
	mode int
	all  bool
}

func srcH(op srcOp, k int) srcHandler {
	return srcHandler{op: op, k: k, run: op != srcOpRm && op != srcOpRmOpt && op != srcOpWrite && op != srcOpOpen}
}

func srcRm(rec bool) srcHandler { return srcHandler{op: srcOpRm, rec: rec} }

// srcPyHandler knows the Python calls that run commands or delete files.
func srcPyHandler(name string) (srcHandler, bool) {
	switch name {
	case "os.system", "os.popen", "os.popen2", "os.popen3", "os.popen4", "commands.getoutput",
		"commands.getstatusoutput", "subprocess.getoutput", "subprocess.getstatusoutput",
		"platform.popen", "popen2.popen2", "popen2.popen3", "popen2.popen4", "pty.spawn",
		"asyncio.create_subprocess_shell", "ctypes.system", "libc.system":
		return srcH(srcOpShell, 0), true
	case "subprocess.run", "subprocess.call", "subprocess.check_call", "subprocess.check_output",
		"subprocess.Popen", "sh.Command":
		return srcH(srcOpSubproc, 0), true
	case "os.execl", "os.execle", "os.execlp", "os.execlpe":
		return srcH(srcOpProgArgs, 0), true
	case "os.execv", "os.execve", "os.execvp", "os.execvpe", "os.posix_spawn", "os.posix_spawnp":
		return srcH(srcOpProgList, 0), true
	case "os.spawnl", "os.spawnle", "os.spawnlp", "os.spawnlpe":
		return srcH(srcOpProgArgs, 1), true
	case "os.spawnv", "os.spawnve", "os.spawnvp", "os.spawnvpe":
		return srcH(srcOpProgList, 1), true
	case "asyncio.create_subprocess_exec":
		return srcH(srcOpArgv, 0), true
	case "exec", "eval", "execfile":
		return srcH(srcOpEval, 0), true
	case "urllib.request.urlopen", "urllib.urlopen", "urllib2.urlopen", "urllib.request.Request", "urllib2.Request",
		"requests.post", "requests.put", "requests.patch", "requests.request", "httpx.post", "httpx.put", "httpx.patch", "httpx.request":
		return srcHandler{op: srcOpHTTP}, true
	case "shutil.rmtree":
		return srcRm(true), true
	case "os.remove", "os.unlink", "os.rmdir", "os.removedirs":
		return srcRm(false), true
	case "open", "io.open", "builtins.open", "codecs.open", "os.open", "io.FileIO", "_io.open", "_io.FileIO":
		return srcH(srcOpOpen, 0), true
	}
	if strings.HasSuffix(name, ".system") && !strings.HasPrefix(name, "platform.") {
		// A libc handle from ctypes, or an os module reached some other way.
		h := srcH(srcOpShell, 0)
		h.guess = true
		return h, true
	}
	return srcHandler{}, false
}

// srcJSHandler knows the JavaScript calls (Node, Deno, Bun).
func srcJSHandler(name string, cp bool) (srcHandler, bool) {
	last := name
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		last = name[i+1:]
	}
	qual := strings.TrimSuffix(name, last)
	// With child_process loaded, a bare exec() or a receiver named like
	// the module is taken for it; x.exec() on anything else is not
	// (RegExp#exec). The …Sync names are distinctive everywhere.
	cpName := qual == "child_process."
	if cp {
		switch strings.ToLower(qual) {
		case "", "cp.", "child.", "childprocess.", "child_process.", "proc.", "processes.", "subprocess.", "childproc.":
			cpName = true
		}
	}
	switch last {
	case "execSync", "execFileSync", "spawnSync":
		if qual == "" || cpName || qual == "?." || cp && qual != "fs." && qual != "Deno." && qual != "Bun." {
			return srcJSCP(last), true
		}
	case "exec", "execFile", "spawn":
		if cpName {
			return srcJSCP(last), true
		}
	}
	if last == "constructor" && qual != "" {
		// x.constructor.constructor("code") is the Function constructor.
		return srcH(srcOpEvalStr, 0), true
	}
	switch name {
	case "eval", "Function", "vm.runInThisContext", "vm.runInNewContext", "vm.runInContext",
		"vm.Script", "vm.compileFunction", "AsyncFunction":
		return srcH(srcOpEval, 0), true
	case "setTimeout", "setInterval", "setImmediate":
		return srcH(srcOpEvalStr, 0), true
	case "fs.rmSync", "fs.rm", "fs.rmdirSync", "fs.rmdir", "fsPromises.rm", "fsPromises.rmdir", "Deno.remove", "Deno.removeSync":
		return srcH(srcOpRmOpt, 0), true
	case "fse.removeSync", "fse.remove", "fs-extra.removeSync", "fs-extra.remove", "fs-extra.emptyDirSync",
		"fs-extra.emptyDir", "rimraf", "rimraf.sync", "rimraf.rimraf", "rimrafSync", "rimraf.rimrafSync",
		"del.deleteSync", "del.deleteAsync":
		return srcRm(true), true
	case "fs.unlinkSync", "fs.unlink", "fsPromises.unlink":
		return srcRm(false), true
	case "fs.writeFileSync", "fs.writeFile", "fs.appendFileSync", "fs.appendFile", "fsPromises.writeFile", "fsPromises.appendFile",
		"fs.createWriteStream", "fs.truncateSync", "fs.truncate", "Deno.writeFileSync", "Deno.writeFile", "Deno.writeTextFile",
		"Deno.writeTextFileSync", "Bun.write":
		return srcH(srcOpWrite, 0), true
	case "fs.openSync", "fs.open", "fsPromises.open", "Deno.openSync", "Deno.open", "Bun.file":
		return srcH(srcOpOpen, 0), true
	case "Bun.spawn", "Bun.spawnSync", "execa", "execaSync":
		if name == "execa" || name == "execaSync" {
			return srcH(srcOpProgList, 0), true
		}
		return srcH(srcOpShell, 0), true
	case "execaCommand", "execaCommandSync", "shelljs.exec", "shell.exec":
		return srcH(srcOpShell, 0), true
	case "Deno.Command":
		return srcH(srcOpDenoCmd, 0), true
	case "Deno.run":
		return srcH(srcOpDenoRun, 0), true
	case "process.binding", "process._linkedBinding", "process.dlopen":
		return srcH(srcOpDynamic, 0), true
	}
	return srcHandler{}, false
}

func srcJSCP(last string) srcHandler {
	switch last {
	case "exec", "execSync":
		return srcH(srcOpShell, 0)
	}
	return srcH(srcOpSpawn, 0)
}

// srcPerlHandler knows the Perl calls.
func srcPerlHandler(name string) (srcHandler, bool) {
	switch name {
	case "system", "exec":
		return srcH(srcOpSystem, 0), true
	case "readpipe":
		return srcH(srcOpShell, 0), true
	case "open", "sysopen":
		return srcH(srcOpPerlOpen, 0), true
	case "open2", "IPC.Open2.open2":
		return srcH(srcOpArgv, 2), true
	case "open3", "IPC.Open3.open3":
		return srcH(srcOpArgv, 3), true
	case "IPC.Run.run", "IPC.Run.start", "IPC.Cmd.run", "IPC.System.Simple.system", "IPC.System.Simple.capture", "capturex", "systemx":
		return srcH(srcOpSystem, 0), true
	case "eval":
		return srcH(srcOpEvalStr, 0), true
	case "rmtree", "remove_tree", "File.Path.rmtree", "File.Path.remove_tree":
		return srcRm(true), true
	case "unlink", "rmdir", "File.Path.rmdir":
		return srcRm(false), true
	}
	return srcHandler{}, false
}

// srcRubyHandler knows the Ruby calls.
func srcRubyHandler(name string) (srcHandler, bool) {
	switch name {
	case "system", "exec", "spawn", "Process.spawn", "Process.exec", "IO.popen", "PTY.spawn",
		"Open3.popen3", "Open3.popen2", "Open3.popen2e", "Open3.capture2", "Open3.capture2e",
		"Open3.capture3", "Open3.pipeline", "Open3.pipeline_r", "Open3.pipeline_w",
		"Open3.pipeline_rw", "Open3.pipeline_start", "popen3", "capture2", "capture2e", "capture3":
		return srcH(srcOpSystem, 0), true
	case "open", "IO.read", "IO.readlines", "IO.write", "IO.foreach", "IO.binread", "URI.open":
		return srcH(srcOpPipeOpen, 0), true
	case "File.open", "File.new", "IO.sysopen", "IO.new":
		return srcH(srcOpOpen, 0), true
	case "File.write", "File.binwrite", "IO.binwrite", "File.truncate":
		return srcH(srcOpWrite, 0), true
	case "eval", "instance_eval", "class_eval", "module_eval", "binding.eval", "instance_exec":
		return srcH(srcOpEvalStr, 0), true
	case "send", "public_send", "__send__", "Object.send", "Object.public_send":
		return srcH(srcOpSend, 0), true
	case "`":
		return srcH(srcOpShell, 0), true
	case "FileUtils.rm_rf", "FileUtils.rm_r", "FileUtils.remove_dir", "FileUtils.remove_entry",
		"FileUtils.remove_entry_secure", "FileUtils.rmtree", "FileUtils.rmdir", "rm_rf", "rm_r", "Pathname.rmtree", "?.rmtree":
		return srcRm(name != "FileUtils.rmdir"), true
	case "FileUtils.rm", "FileUtils.rm_f", "FileUtils.remove", "FileUtils.remove_file", "File.delete",
		"File.unlink", "Dir.rmdir", "Dir.delete", "Dir.unlink":
		return srcRm(false), true
	}
	if strings.HasSuffix(name, ".send") || strings.HasSuffix(name, ".public_send") || strings.HasSuffix(name, ".__send__") {
		return srcH(srcOpSend, 0), true
	}
	return srcHandler{}, false
}

// srcPHPHandler knows the PHP calls; name is in lower case.
func srcPHPHandler(name string) (srcHandler, bool) {
	switch name {
	case "system", "exec", "shell_exec", "passthru", "popen", "proc_open", "expect_popen":
		return srcH(srcOpShell, 0), true
	case "pcntl_exec":
		return srcH(srcOpProgList, 0), true
	case "eval", "assert":
		return srcH(srcOpEvalStr, 0), true
	case "create_function":
		return srcH(srcOpEvalStr, 1), true
	case "call_user_func", "forward_static_call":
		return srcH(srcOpSend, 0), true
	case "call_user_func_array", "forward_static_call_array":
		return srcH(srcOpSendArray, 0), true
	case "unlink", "rmdir":
		return srcRm(false), true
	case "fopen", "dio_open", "splfileobject":
		return srcH(srcOpOpen, 0), true
	case "file_put_contents":
		return srcH(srcOpWrite, 0), true
	}
	return srcHandler{}, false
}

// handler returns what a call to name does in lang.
func (sc *srcScanner) handler(lang Lang, name string) (srcHandler, bool) {
	switch lang {
	case LangPython:
		return srcPyHandler(name)
	case LangNode:
		return srcJSHandler(name, sc.cp)
	case LangPerl:
		return srcPerlHandler(name)
	case LangRuby:
		return srcRubyHandler(name)
	case LangPHP:
		return srcPHPHandler(name)
	case LangAwk:
		if name == "system" {
			return srcH(srcOpShell, 0), true
		}
	}
	return srcHandler{}, false
}

// srcParenless reports whether lang allows calling name without
// parentheses.
func srcParenless(lang Lang, name string) bool {
	switch lang {
	case LangPerl, LangRuby:
		return true
	case LangPython:
		return name == "exec" // Python 2's exec statement
	}
	return false
}

// srcTermStart reports whether t can start an argument.
func srcTermStart(t *srcTok) bool {
	switch t.kind {
	case srcStr, srcCmd, srcWords, srcSym, srcNum:
		return true
	case srcIdent:
		return !srcOperatorWord(LangPerl, t.text) || t.text == "split" || t.text == "join" || t.text == "map" || t.text == "grep"
	case srcPunct:
		return t.text == "[" || t.text == "\\" || t.text == "{" || t.text == "("
	}
	return false
}

// call handles a call or reference at token i and returns the index to go
// on from (i if there is nothing here).
func (sc *srcScanner) call(st *srcStream, i, depth int) int {
	toks := st.toks
	if i > 0 && toks[i-1].kind == srcPunct {
		switch toks[i-1].text {
		case ".", "->", "::", "?.":
			if st.lang != LangRuby && st.lang != LangNode && st.lang != LangPython {
				return i
			}
			// A method call on an expression: x().system(…).
			if i+1 < len(toks) && st.is(i+1, "(") {
				if h, ok := sc.handler(st.lang, "?."+toks[i].text); ok {
					sc.apply(st, h, "?."+toks[i].text, i, i+1, depth)
				}
				if st.lang == LangPython && toks[i-1].text == "." && i >= 2 && st.is(i-2, ")") {
					// (Path.home() / "x").write_text(…): the receiver is the
					// parenthesised group before the dot.
					if open := st.match[i-2]; open >= 0 && open < i-2 {
						sc.pathObjRecv(st, open, i-1)
					}
				}
			}
			return i + 1
		}
	}
	name, j, inner := sc.chain(st, i, len(toks), depth)
	for _, r := range inner {
		sc.scanRange(st, r[0], r[1], depth+1)
	}
	if name == "" {
		return i
	}
	h, ok := sc.handler(st.lang, name)
	if !ok && st.lang == LangPython && !strings.Contains(name, ".") {
		for mod := range sc.star {
			if h, ok = srcPyHandler(mod + "." + name); ok {
				name = mod + "." + name
				break
			}
		}
	}
	if !ok && st.lang == LangPHP && strings.HasPrefix(name, "$") && st.is(j, "(") {
		// $f = "system"; $f("…")
		if v, found := sc.lookup(st, name); found && v.static {
			name = strings.ToLower(strings.TrimPrefix(v.s, `\`))
			h, ok = srcPHPHandler(name)
		}
	}
	if !ok && st.lang == LangPython && st.is(j, "(") && sc.pathVarMethod(st, name, j) {
		return j // p = Path("/etc/x"); p.unlink() (pathlib_misses5.go)
	}
	if !ok {
		fname := name
		if st.lang == LangPHP {
			fname = strings.ToLower(strings.TrimPrefix(name, `\`))
		}
		h, ok = srcFileHandler(st.lang, fname)
	}
	if ok {
		sc.apply(st, h, name, i, j, depth)
	} else if st.is(j, "(") {
		sc.indirect(st, name, i, j, depth)
	}
	return j
}

// indirect handles a runner called through fn.call(this, …),
// fn.apply(this, [...]) (JavaScript) or fn.__call__(…) (Python).
func (sc *srcScanner) indirect(st *srcStream, name string, i, j, depth int) {
	dot := strings.LastIndexByte(name, '.')
	if dot <= 0 {
		return
	}
	base, how := name[:dot], name[dot+1:]
	switch {
	case st.lang == LangNode && (how == "call" || how == "apply"):
	case st.lang == LangPython && how == "__call__":
	default:
		return
	}
	h, ok := sc.handler(st.lang, base)
	if !ok || h.guess {
		return
	}
	end := st.close(j, len(st.toks))
	call := st.text(i, end+1)
	pos := srcPositional(st.args(j+1, end))
	var vals []srcVal
	switch how {
	case "call":
		for k := 1; k < len(pos); k++ {
			vals = append(vals, sc.eval(st, pos[k].a, pos[k].b, 0))
		}
	case "apply":
		if len(pos) < 2 {
			sc.dynamic(call)
			return
		}
		l := sc.eval(st, pos[1].a, pos[1].b, 0)
		if !l.isList {
			sc.dynamic(call)
			return
		}
		vals = l.list
	default:
		for _, p := range pos {
			vals = append(vals, sc.eval(st, p.a, p.b, 0))
		}
	}
	sc.applyVals(st, h, base, vals, call, depth)
}

// apply runs handler h for the call of name whose chain spans [i, j).
func (sc *srcScanner) apply(st *srcStream, h srcHandler, name string, i, j, depth int) {
	toks := st.toks
	var args []srcArg
	var end int
	switch {
	case j < len(toks) && st.is(j, "("):
		end = st.close(j, len(toks))
		args = st.args(j+1, end)
		end++
	case j < len(toks) && st.lang == LangNode && toks[j].kind == srcStr && toks[j].text == "`" && !toks[j].sp:
		// A tagged template: fn`…`.
		args = []srcArg{{a: j, b: j + 1}}
		end = j + 1
	case j < len(toks) && srcParenless(st.lang, name) && srcTermStart(&toks[j]) && (toks[j].sp || toks[j].kind != srcIdent) && !(toks[j].nl && st.lang != LangPerl):
		if st.is(j, "{") && st.lang == LangRuby {
			return // a block
		}
		var ok bool
		end, ok = st.stmtEndOK(j, false)
		if !ok {
			sc.dynamic(st.text(i, end))
			return
		}
		args = st.args(j, end)
	default:
		// A reference passed as a value: map(os.system, cmds).
		if h.run && !h.guess && (st.lang == LangPython || st.lang == LangNode) && (st.is(j, ",") || st.is(j, ")")) && j > i {
			sc.dynamic(st.text(i, j))
		}
		if name == "unlink" && st.lang == LangPerl {
			sc.delete("unlink", srcVal{text: "$_"}, false)
		}
		return
	}
	call := st.text(i, end)
	pos := srcPositional(args)
	if len(pos) == 0 && h.op != srcOpSubproc {
		// Keyword arguments: os.system(command="…"), rmtree(path=…).
		for _, a := range args {
			switch a.key {
			case "command", "cmd", "args", "path", "source", "code", "object", "file", "argv":
				pos = append(pos, srcArg{a: a.a, b: a.b})
			}
		}
	}
	arg := func(k int) srcVal {
		if k < len(pos) {
			return sc.eval(st, pos[k].a, pos[k].b, 0)
		}
		return srcVal{text: call}
	}
	argText := func(k int) string {
		if k < len(pos) {
			return st.text(pos[k].a, pos[k].b)
		}
		return ""
	}
	switch h.op {
	case srcOpShell:
		if h.k >= len(pos) {
			if name == "system" || name == "exec" {
				sc.dynamic(call)
			}
			return
		}
		v := arg(h.k)
		if st.lang == LangPHP && name == "popen" || name == "os.popen" {
			sc.pipeToShell(v, arg(1), call)
		}
		sc.runShell(v, call)
	case srcOpSubproc:
		sc.subprocess(st, args, pos, call)
	case srcOpSystem:
		sc.system(st, pos, h.k, call)
	case srcOpSpawn:
		v := arg(0)
		if len(pos) > 1 {
			if l := arg(1); l.isList {
				sc.runProg(v, l.list, call)
				return
			}
		}
		sc.runShell(v, call)
	case srcOpProgList:
		prog := arg(h.k)
		if len(pos) <= h.k+1 {
			sc.runShell(prog, call)
			return
		}
		l := arg(h.k + 1)
		if !l.isList {
			sc.dynamic(call)
			return
		}
		rest := l.list
		if st.lang == LangPython && len(rest) > 0 {
			rest = rest[1:] // argv[0]
		}
		sc.runProg(prog, rest, call)
	case srcOpProgArgs:
		prog := arg(h.k)
		var rest []srcVal
		for k := h.k + 2; k < len(pos); k++ {
			if strings.HasSuffix(name, "e") && k == len(pos)-1 {
				break // the environment
			}
			rest = append(rest, arg(k))
		}
		sc.runProg(prog, rest, call)
	case srcOpArgv:
		var argv []srcVal
		for k := h.k; k < len(pos); k++ {
			v := arg(k)
			if v.isList {
				argv = append(argv, v.list...)
			} else {
				argv = append(argv, v)
			}
		}
		if len(argv) == 0 {
			sc.dynamic(call)
			return
		}
		sc.runShell(srcVal{isList: true, list: argv}, call)
	case srcOpEval, srcOpEvalStr:
		if h.k >= len(pos) {
			if h.op == srcOpEval {
				sc.dynamic(call)
			}
			return
		}
		if h.op == srcOpEvalStr {
			// Only a string runs as code: eval { … } and setTimeout(fn) do not.
			p := pos[h.k]
			if t := &toks[p.a]; t.kind == srcPunct && (t.text == "{" || t.text == "(" && st.lang == LangNode) || st.lang == LangNode && srcJSFunc(st, p.a, p.b) {
				return
			}
		}
		sc.evalCode(st.lang, arg(h.k), call, depth)
	case srcOpRm:
		if len(pos) == 0 && name == "unlink" {
			sc.delete(name, srcVal{text: "$_"}, h.rec)
		}
		for k := h.k; k < len(pos); k++ {
			if st.lang == LangPerl && toks[pos[k].a].kind == srcPunct && toks[pos[k].a].text == "{" {
				continue // an options hash
			}
			sc.delete(name, arg(k), h.rec)
		}
	case srcOpRmOpt:
		rec := false
		for k := 1; k < len(pos); k++ {
			if srcOptTrue(st, pos[k], "recursive") {
				rec = true
			}
		}
		sc.delete(name, arg(h.k), rec)
	case srcOpDynamic:
		sc.dynamic(call)
	case srcOpPerlOpen:
		sc.perlOpen(pos, arg, call)
	case srcOpFile:
		sc.fileCall(h, name, len(pos), arg, argText, func() (srcVal, string, bool) {
			for _, key := range []string{"mode", "flags"} {
				if a, ok := srcKeyword(args, key); ok {
					return sc.eval(st, a.a, a.b, 0), st.text(a.a, a.b), true
				}
			}
			return srcVal{}, "", false
		})
	case srcOpPathObj:
		if len(pos) > 0 {
			sc.pathObj(st, arg(0), end)
		}
	case srcOpPipeOpen:
		v := arg(0)
		if v.static && strings.HasPrefix(strings.TrimSpace(v.s), "|") {
			sc.runShell(srcStatic(strings.TrimSpace(v.s)[1:]), call)
		} else if v.isList && len(v.list) > 0 && v.list[0].static && v.list[0].s == "|" {
			sc.runShell(srcVal{isList: true, list: v.list[1:]}, call)
		} else if name == "IO.write" || name == "open" && len(pos) > 1 && srcModeWrites(arg(1)) {
			sc.write(v)
		}
	case srcOpWrite:
		if h.k < len(pos) {
			sc.write(arg(h.k))
		}
	case srcOpOpen:
		if h.k >= len(pos) {
			return
		}
		var mode srcVal
		if h.k+1 < len(pos) {
			mode = arg(h.k + 1)
		}
		for _, a := range args {
			if a.kw && (a.key == "mode" || a.key == "flags" || a.key == "flag") {
				mode = sc.eval(st, a.a, a.b, 0)
			}
		}
		if srcModeWrites(mode) || st.lang == LangNode && h.k+1 < len(pos) && (srcOptTrue(st, pos[h.k+1], "write") || srcOptTrue(st, pos[h.k+1], "append")) {
			sc.write(arg(h.k))
		} else if st.lang == LangPython {
			sc.read(arg(h.k))
		}
	case srcOpHTTP:
		sc.httpCall(name, len(pos), arg, args)
	case srcOpSend, srcOpSendArray:
		if len(pos) == 0 {
			return
		}
		f := arg(0)
		if !f.static {
			if st.lang == LangPHP || st.lang == LangRuby {
				sc.dynamic(call)
			}
			return
		}
		fn := f.s
		if st.lang == LangPHP {
			fn = strings.ToLower(strings.TrimPrefix(fn, `\`))
		}
		if strings.HasPrefix(name, "Object.") || st.lang == LangRuby && strings.HasPrefix(fn, "Kernel.") {
			fn = strings.TrimPrefix(fn, "Kernel.")
		}
		h2, ok := sc.handler(st.lang, fn)
		if dot := strings.LastIndexByte(name, '.'); st.lang == LangRuby && dot > 0 {
			// IO.send(:popen, …) calls IO.popen.
			if h3, ok3 := sc.handler(st.lang, name[:dot]+"."+fn); ok3 {
				h2, ok, fn = h3, true, name[:dot]+"."+fn
			}
		}
		if !ok || h2.op == srcOpSend || h2.op == srcOpSendArray {
			return
		}
		var rest []srcVal
		if h.op == srcOpSendArray {
			if l := arg(1); l.isList {
				rest = l.list
			} else {
				sc.dynamic(call)
				return
			}
		} else {
			for k := 1; k < len(pos); k++ {
				rest = append(rest, arg(k))
			}
		}
		sc.applyVals(st, h2, fn, rest, call, depth)
	case srcOpDenoCmd:
		prog := arg(0)
		var list []srcVal
		if len(pos) > 1 {
			if v, ok := sc.objField(st, pos[1], "args"); ok {
				if !v.isList {
					sc.dynamic(call)
					return
				}
				list = v.list
			}
		}
		sc.runProg(prog, list, call)
	case srcOpDenoRun:
		if len(pos) > 0 {
			if v, ok := sc.objField(st, pos[0], "cmd"); ok {
				sc.runShell(v, call)
				return
			}
		}
		sc.dynamic(call)
	}
}

// applyVals runs a handler on already evaluated arguments (send, call_user_func).
func (sc *srcScanner) applyVals(st *srcStream, h srcHandler, name string, args []srcVal, call string, depth int) {
	get := func(k int) srcVal {
		if k < len(args) {
			return args[k]
		}
		return srcVal{text: call}
	}
	switch h.op {
	case srcOpShell:
		sc.runShell(get(h.k), call)
	case srcOpSystem, srcOpArgv:
		if len(args) == 1 && h.op == srcOpSystem {
			sc.runShell(args[0], call)
			return
		}
		var argv []srcVal
		for _, a := range args[min(h.k, len(args)):] {
			if a.isList {
				argv = append(argv, a.list...)
			} else {
				argv = append(argv, a)
			}
		}
		sc.runShell(srcVal{isList: true, list: argv}, call)
	case srcOpEval, srcOpEvalStr:
		sc.evalCode(st.lang, get(h.k), call, depth)
	case srcOpRm, srcOpRmOpt:
		for _, a := range args[min(h.k, len(args)):] {
			sc.delete(name, a, h.rec)
		}
	case srcOpProgList, srcOpSpawn, srcOpSubproc:
		if h.op == srcOpSubproc || len(args) <= h.k+1 {
			sc.runShell(get(h.k), call)
			return
		}
		if l := get(h.k + 1); l.isList {
			sc.runProg(get(h.k), l.list, call)
		} else {
			sc.runShell(get(h.k), call)
		}
	default:
		sc.dynamic(call)
	}
}

// subprocess handles Python's subprocess calls.
func (sc *srcScanner) subprocess(st *srcStream, args, pos []srcArg, call string) {
	var v srcVal
	if len(pos) > 0 {
		v = sc.eval(st, pos[0].a, pos[0].b, 0)
	} else if a, ok := srcKeyword(args, "args"); ok {
		v = sc.eval(st, a.a, a.b, 0)
	} else {
		sc.dynamic(call)
		return
	}
	shellTrue := false
	if a, ok := srcKeyword(args, "shell"); ok {
		s := st.text(a.a, a.b)
		shellTrue = s != "False" && s != "0" && s != "None"
	}
	if shellTrue && v.isList && len(v.list) > 0 {
		v = v.list[0]
	}
	sc.runShell(v, call)
	if a, ok := srcKeyword(args, "input"); ok {
		if srcReadsCommands(v) {
			sc.runShell(sc.eval(st, a.a, a.b, 0), call)
		}
	}
}

// system handles Perl and Ruby system/exec/spawn: one argument is a command
// line, several an argv; Ruby allows a leading environment hash and a
// trailing options hash.
func (sc *srcScanner) system(st *srcStream, pos []srcArg, k int, call string) {
	var vals []srcVal
	for n, p := range pos {
		if n < k {
			continue
		}
		t := &st.toks[p.a]
		if t.kind == srcPunct && t.text == "{" {
			if st.lang == LangPerl && n == k {
				// exec { $prog } @args: the program is indirect.
				sc.dynamic(call)
				return
			}
			continue // a Ruby environment or options hash
		}
		if st.lang == LangRuby && p.b > p.a+1 && st.is(p.a+1, "=>") {
			continue
		}
		vals = append(vals, sc.eval(st, p.a, p.b, 0))
	}
	switch len(vals) {
	case 0:
		sc.dynamic(call)
	case 1:
		v := vals[0]
		if st.lang == LangRuby && v.isList && len(v.list) == 2 && !v.list[0].isList {
			// Ruby's [cmd, argv0] form: the program is cmd.
			v = srcVal{isList: true, list: v.list[:1]}
		}
		sc.runShell(v, call)
	default:
		var argv []srcVal
		for n, v := range vals {
			if v.isList && !(n == 0 && st.lang == LangRuby) {
				argv = append(argv, v.list...)
			} else if v.isList && len(v.list) > 0 {
				argv = append(argv, v.list[0])
			} else {
				argv = append(argv, v)
			}
		}
		sc.runShell(srcVal{isList: true, list: argv}, call)
	}
}

// perlOpen handles Perl's open with a pipe: open(F, "cmd|"), open(F, "|cmd"),
// open(my $f, "-|", "cmd", @args).
func (sc *srcScanner) perlOpen(pos []srcArg, arg func(int) srcVal, call string) {
	switch {
	case len(pos) >= 3 && strings.HasPrefix(call, "sysopen"):
		// sysopen(F, PATH, O_WRONLY…).
		if srcModeWrites(srcVal{text: arg(2).text + " " + arg(2).s}) {
			sc.write(arg(1))
		}
	case len(pos) == 2:
		m := arg(1)
		if !m.static {
			return
		}
		s := strings.TrimSpace(m.s)
		switch {
		case strings.HasPrefix(s, ">") || strings.HasPrefix(s, "+<") || strings.HasPrefix(s, "+>"):
			// open(F, ">/dev/sda"), open F, "+</dev/sda".
			sc.write(srcStatic(strings.TrimSpace(strings.TrimLeft(s, "+<>&"))))
		case strings.HasPrefix(s, "|") && s != "|-":
			cmd := srcStatic(strings.TrimSpace(s[1:]))
			sc.runShell(cmd, call)
			sc.pipeToShell(cmd, srcStatic("w"), call)
		case strings.HasSuffix(s, "|") && s != "-|":
			sc.runShell(srcStatic(strings.TrimSpace(strings.TrimSuffix(s, "|"))), call)
		}
	case len(pos) >= 3:
		m := arg(1)
		if !m.static {
			return
		}
		mode := strings.TrimSpace(m.s)
		if strings.HasPrefix(mode, ">") || strings.HasPrefix(mode, "+<") || strings.HasPrefix(mode, "+>") {
			// open(my $f, ">", "/dev/sda"), open(F, ">:raw", $p).
			sc.write(arg(2))
			return
		}
		if mode != "-|" && mode != "|-" {
			return
		}
		var v srcVal
		if len(pos) == 3 {
			v = arg(2)
		} else {
			v.isList = true
			for k := 2; k < len(pos); k++ {
				e := arg(k)
				if e.isList {
					v.list = append(v.list, e.list...)
				} else {
					v.list = append(v.list, e)
				}
			}
		}
		sc.runShell(v, call)
		if mode == "|-" {
			sc.pipeToShell(v, srcStatic("w"), call)
		}
	}
}

// srcReadsCommands reports whether a command line is a shell reading its
// commands from standard input ("sh", "bash -s", ["/bin/sh"]).
func srcReadsCommands(v srcVal) bool {
	if !v.known() {
		return false
	}
	var f []string
	if v.isList {
		f = v.strs()
	} else {
		f = strings.Fields(v.s)
	}
	if len(f) == 0 {
		return false
	}
	switch path0 := f[0]; path0[strings.LastIndexByte(path0, '/')+1:] {
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "fish", "busybox", "python", "python3", "perl", "ruby", "node", "php":
	default:
		return false
	}
	for _, a := range f[1:] {
		if a == "-c" || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsRune(a, 'c') {
			return false
		}
		if !strings.HasPrefix(a, "-") {
			return false // a script file
		}
	}
	return true
}

// pipeToShell reports a write pipe into a shell, whose input the scanner
// cannot see: popen("sh", "w").
func (sc *srcScanner) pipeToShell(cmd, mode srcVal, call string) {
	if mode.static && strings.Contains(mode.s, "w") && srcReadsCommands(cmd) {
		sc.dynamic(call)
	}
}

// srcOptTrue reports whether an options argument sets key to true:
// {recursive: true}, {"recursive": true}, recursive=True.
func srcOptTrue(st *srcStream, a srcArg, key string) bool {
	if a.kw && a.key == key {
		v := st.text(a.a, a.b)
		return v != "false" && v != "False" && v != "0" && v != "nil" && v != "null"
	}
	if !st.is(a.a, "{") {
		return false
	}
	end := st.close(a.a, a.b)
	for _, f := range st.args(a.a+1, end) {
		t := &st.toks[f.a]
		k := t.text
		if t.kind == srcStr {
			k, _ = t.static()
		}
		if k != key {
			continue
		}
		if f.b == f.a+1 {
			return true // {recursive} shorthand
		}
		if st.is(f.a+1, ":") && f.b > f.a+2 {
			v := st.text(f.a+2, f.b)
			return v != "false" && v != "0" && v != "null" && v != "undefined"
		}
	}
	return false
}

// objField evaluates the field key of an object literal argument.
func (sc *srcScanner) objField(st *srcStream, a srcArg, key string) (srcVal, bool) {
	if !st.is(a.a, "{") {
		return srcVal{}, false
	}
	end := st.close(a.a, a.b)
	for _, f := range st.args(a.a+1, end) {
		t := &st.toks[f.a]
		k := t.text
		if t.kind == srcStr {
			k, _ = t.static()
		}
		if k == key && st.is(f.a+1, ":") {
			return sc.eval(st, f.a+2, f.b, 0), true
		}
	}
	return srcVal{}, false
}

// srcJSFunc reports whether tokens [a, b) are a function expression.
func srcJSFunc(st *srcStream, a, b int) bool {
	if st.isWord(a, "function") || st.isWord(a, "async") {
		return true
	}
	for j := a; j < b; j++ {
		if st.is(j, "=>") {
			return true
		}
		if st.is(j, "(") {
			j = st.close(j, b)
		}
	}
	return false
}

// awkPipe handles awk's "cmd" | getline and print … | "cmd" at the | at i.
func (sc *srcScanner) awkPipe(st *srcStream, i int) {
	toks := st.toks
	if st.isWord(i+1, "getline") {
		// The command is the expression before the |.
		s := i
		for s > 0 && i-s < srcMaxEvalToks {
			p := &toks[s-1]
			if p.kind == srcPunct {
				if p.text == ")" {
					if m := st.match[s-1]; m >= 0 && m < s-1 {
						s = m
						continue
					}
				}
				if p.text != "$" {
					break
				}
			}
			if p.kind == srcIdent && (p.text == "print" || p.text == "printf" || p.text == "return") {
				break
			}
			s--
			if toks[s].nl {
				break
			}
		}
		if s < i {
			sc.runShell(sc.eval(st, s, i, 0), st.text(s, i+2))
		}
		return
	}
	end, ok := st.stmtEndOK(i+1, false)
	if end <= i+1 {
		return
	}
	if !ok {
		sc.dynamic(st.text(i, end))
		return
	}
	call := st.text(i, end)
	cmd := sc.eval(st, i+1, end, 0)
	sc.runShell(cmd, call)
	if !srcReadsCommands(cmd) {
		return
	}
	// print DATA | "sh": the data is the command.
	for p := i - 1; p >= 0 && i-p < srcMaxEvalToks; p-- {
		if st.isWord(p, "print") || st.isWord(p, "printf") {
			if p+1 < i {
				sc.runShell(sc.eval(st, p+1, i, 0), call)
			} else {
				sc.dynamic(call)
			}
			return
		}
		if toks[p].kind == srcPunct && (toks[p].text == ";" || toks[p].text == "{" || toks[p].text == "}") || toks[p].nl {
			break
		}
	}
	sc.dynamic(call)
}

// phpExprCall handles a call of a parenthesized expression in PHP:
// ("sys"."tem")("ls").
func (sc *srcScanner) phpExprCall(st *srcStream, i, depth int) {
	m := st.match[i]
	if m <= i || m+1 >= len(st.toks) || !st.is(m+1, "(") {
		return
	}
	if i > 0 && (st.toks[i-1].kind == srcIdent || st.is(i-1, ")") || st.is(i-1, "]")) {
		return // an ordinary call
	}
	v := sc.eval(st, i+1, m, 0)
	if !v.static {
		return
	}
	name := strings.ToLower(strings.TrimPrefix(v.s, `\`))
	h, ok := srcPHPHandler(name)
	if !ok || h.op == srcOpSend || h.op == srcOpSendArray {
		return
	}
	end := st.close(m+1, len(st.toks))
	var vals []srcVal
	for _, a := range srcPositional(st.args(m+2, end)) {
		vals = append(vals, sc.eval(st, a.a, a.b, 0))
	}
	sc.applyVals(st, h, name, vals, st.text(i, end+1), depth)
}

// phpCallback reports a runner's name passed as a callback:
// array_map("system", $cmds).
func (sc *srcScanner) phpCallback(st *srcStream, i int) {
	v, ok := st.toks[i].static()
	if !ok || len(v) > 32 {
		return
	}
	name := strings.ToLower(strings.TrimPrefix(v, `\`))
	h, ok := srcPHPHandler(name)
	if !ok || !h.run || h.op == srcOpSend || h.op == srcOpSendArray {
		return
	}
	// Find the call this string is an argument of.
	open := -1
	for j := i - 1; j >= 0 && i-j < 64; j-- {
		if st.is(j, ")") || st.is(j, "]") {
			if m := st.match[j]; m >= 0 && m < j {
				j = m
				continue
			}
		}
		if st.is(j, "(") {
			open = j
			break
		}
		if st.is(j, ";") || st.is(j, "{") || st.is(j, "}") {
			return
		}
	}
	if open <= 0 || st.toks[open-1].kind != srcIdent {
		return
	}
	switch strings.ToLower(st.toks[open-1].text) {
	case "function_exists", "is_callable", "method_exists", "in_array", "ini_get", "print", "echo",
		"var_dump", "printf", "sprintf", "str_replace", "strpos", "call_user_func", "call_user_func_array":
		return
	}
	sc.dynamic(st.text(open-1, st.close(open, len(st.toks))+1))
}
