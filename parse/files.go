package parse

import (
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"github.com/guardsh/guardsh/payload"
)

// Files a line writes, then runs. `printf 'rm -rf ~' > x.sh; sh x.sh` runs
// what the line wrote: guardsh keeps the content of every file the line
// writes with static text (echo, printf, cat of a heredoc, tee, cp of such a
// file), keyed by its path resolved against the line's working directory,
// and checks that content, in its language, where the line runs it: a
// shell or an interpreter given it as a script, source, a shell's standard
// input, BASH_ENV, --rcfile, $(cat FILE), xargs -a, at -f, ./FILE. A file
// the line filled with text guardsh cannot know (a download, a variable,
// another program's output) is dynamic code where it runs: ask.
//
// Scripts that exist already are read from disk where a shell, source or
// an interpreter runs them, when [Options.ReadFiles] is set: at most
// maxScript bytes each (a larger one is an ask), maxScriptFiles files and
// maxScriptTotal bytes per input, regular files only (a FIFO could block).
// The file may change between the check and the run.

const (
	maxScript      = 1 << 20 // bytes of one script read from disk
	maxScriptFiles = 64      // scripts read from disk for one input
	maxScriptTotal = 8 << 20 // bytes of all scripts read for one input
)

// fileState is what the line put into one file.
type fileState struct {
	// text is the content, when static is set.
	text   string
	static bool
	// origin says where dynamic content comes from (see [Word.Origin]).
	origin string
	// from says, for dynamic content, what wrote it, for a finding's
	// reason: "a download (curl https://x/i.sh, line 3)".
	from string
	// program is set for a copy or link of a program: "rm" for
	// cp /bin/rm ./ls.
	program string
	// lang is set for a program compiled by the line from static source
	// (gcc -x c - -o x): the source is text, in this language ("c").
	lang string
	// copyOf is set for a copy of a file the line did not write.
	copyOf string
	// appended is set when text was appended to content the line did
	// not write: the file holds what it held before, then text.
	appended bool
}

// files is the table of files one input writes, shared by every parser of
// the input, and the budget for scripts read from disk.
type files struct {
	m        map[string]*fileState
	read     bool
	dir      string
	nread    int
	readSize int
	// hashed maps names given to hash -p NAME PATH.
	hashed map[string]string
	// pathDirs are directories put in front of PATH by the line.
	pathDirs []string
	// active are the files being checked, so a script that sources
	// itself is read once.
	active map[string]bool
	// shadows are the names the input defines as functions or aliases,
	// refs the variables it declares name references (redteam4.go).
	shadows, refs map[string]bool
}

func newFiles(opts Options) *files {
	return &files{read: opts.ReadFiles, dir: opts.Dir}
}

// key resolves a static path against the working directory cwd (the form
// of [Command.Dir]: "", "/abs", "~" or "~/…"). A relative path under an
// unknown directory keeps a "./" key of its own.
func fileKey(cwd, name string) string {
	if name == "" {
		return ""
	}
	switch {
	case strings.HasPrefix(name, "/"), name == "~", strings.HasPrefix(name, "~/"):
		return cleanDir(name)
	case cwd != "":
		return cleanDir(cwd + "/" + name)
	}
	return "./" + strings.TrimPrefix(path.Clean(name), "./")
}

func (f *files) get(cwd, name string) *fileState {
	if f == nil || f.m == nil {
		return nil
	}
	return f.m[fileKey(cwd, name)]
}

func (f *files) put(cwd, name string, st *fileState) {
	if f == nil {
		return
	}
	k := fileKey(cwd, name)
	if k == "" || strings.HasPrefix(k, "/dev/") || strings.HasPrefix(k, "/proc/") {
		return
	}
	if f.m == nil {
		f.m = map[string]*fileState{}
	}
	if len(f.m) >= 4096 {
		return
	}
	f.m[k] = st
}

// diskPath turns a key into a path on this machine, or "" when it cannot.
func diskPath(k, dir string) string {
	switch {
	case k == home || strings.HasPrefix(k, home+"/"):
		h := os.Getenv("HOME")
		if !strings.HasPrefix(h, "/") {
			return ""
		}
		return path.Clean(h + strings.TrimPrefix(k, home))
	case strings.HasPrefix(k, "./"):
		if dir != "" {
			return path.Join(dir, k)
		}
		return k // the process's own directory
	}
	return k
}

// script is the content of a file a command runs: what the line wrote, or
// what is on disk.
type script struct {
	text   string
	static bool
	origin string // for dynamic content
	why    string // for dynamic content: what guardsh could not read
	from   string // for dynamic content: what wrote it (see fileState.from)
	// where says which file, for the via chain.
	where   string
	program string
	lang    string
	copyOf  string
	found   bool
}

// open returns the content of the file name, as the command in directory
// cwd would read it: the line's own writes first, then (when allowed) the
// disk.
func (f *files) open(cwd, name string, disk bool) script {
	s := script{where: name}
	if st := f.get(cwd, name); st != nil {
		s.found, s.static, s.text, s.origin, s.program, s.lang, s.copyOf = true, st.static, st.text, st.origin, st.program, st.lang, st.copyOf
		s.from = st.from
		s.where = name + " (written by this line)"
		if st.appended {
			// What was there before, then the appended text.
			old := script{}
			if disk && f.read {
				m := f.m
				f.m = nil
				old = f.open(cwd, name, true)
				f.m = m
			}
			switch {
			case old.found && old.static:
				s.text, s.static = old.text+st.text, true
			case disk && f.read && !old.found:
				s.static = true // a new file
			default:
				s.origin, s.why = "dynamic", name+" was appended to by this line; what it held before is not known"
			}
			return s
		}
		if !st.static && st.copyOf == "" && st.program == "" && st.lang == "" {
			s.why = name + " was written by this line with content guardsh cannot know"
		}
		return s
	}
	if f == nil || !disk || !f.read {
		return s
	}
	p := diskPath(fileKey(cwd, name), f.dir)
	if p == "" {
		return s
	}
	if f.nread >= maxScriptFiles || f.readSize >= maxScriptTotal {
		s.found, s.origin, s.why = true, "dynamic", fmt.Sprintf("%s was not read: more than %d scripts or %d MiB read for this line", name, maxScriptFiles, maxScriptTotal>>20)
		return s
	}
	b, size, err := readRegular(p, maxScript)
	if err != nil {
		return s // missing or unreadable: the shell says so itself
	}
	f.nread++
	s.found = true
	if size > maxScript {
		s.origin, s.why = "dynamic", fmt.Sprintf("%s is %d bytes, more than the %d guardsh reads", name, size, maxScript)
		return s
	}
	f.readSize += len(b)
	s.text, s.static = string(b), true
	s.where = name + " (on disk)"
	return s
}

// readRegular reads a regular file of at most limit bytes; for a larger one
// it returns its size and no content. A FIFO, device or directory is an
// error: reading it could block or never end.
func readRegular(name string, limit int64) ([]byte, int64, error) {
	fd, err := openNonBlock(name)
	if err != nil {
		return nil, 0, err
	}
	defer fd.Close()
	st, err := fd.Stat()
	if err != nil {
		return nil, 0, err
	}
	if !st.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("%s is not a regular file", name)
	}
	if st.Size() > limit {
		return nil, st.Size(), nil
	}
	b, err := io.ReadAll(io.LimitReader(fd, limit+1))
	if err != nil {
		return nil, 0, err
	}
	return b, int64(len(b)), nil
}

// lookPath finds a script name without a slash the way source and bash do:
// in PATH (on disk only), else the directory itself.
func (f *files) lookPath(cwd, name string) string {
	if strings.Contains(name, "/") || f == nil {
		return name
	}
	if f.get(cwd, name) != nil || !f.read {
		return name
	}
	for _, d := range strings.Split(os.Getenv("PATH"), ":") {
		if !strings.HasPrefix(d, "/") {
			continue
		}
		if st, err := os.Stat(path.Join(d, name)); err == nil && st.Mode().IsRegular() {
			return path.Join(d, name)
		}
	}
	return name
}

// shebangLang returns the program a script's #! line names and its [Lang]
// when it is an interpreter; "sh" without a #! line (the shell runs such a
// file itself).
func shebangLang(text string) (string, payload.Lang) {
	if !strings.HasPrefix(text, "#!") {
		return "sh", 0
	}
	line, _, _ := strings.Cut(text[2:], "\n")
	f := strings.Fields(line)
	if len(f) == 0 {
		return "sh", 0
	}
	prog := path.Base(f[0])
	if prog == "env" {
		for _, a := range f[1:] {
			if !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") {
				prog = path.Base(a)
				break
			}
		}
	}
	if shells()[prog] {
		return prog, 0
	}
	if l := payload.LangOf(prog); l != 0 {
		return prog, l
	}
	return prog, 0
}

// writes records what a finished command put into files: redirections of
// its output, tee, cp, mv, install and ln, curl -o and wget -O.
func (p *parser) writes(c *Command) {
	fs := p.vars.files
	if fs == nil || len(c.Args) == 0 && len(c.Redirs) == 0 {
		return
	}
	cwd := c.Dir
	var outText string
	var outOK bool
	outDone := false
	out := func() (string, bool) {
		if !outDone {
			outText, outOK = output(c)
			outDone = true
		}
		return outText, outOK
	}
	unknown := func() *fileState {
		o := "dynamic"
		if len(c.Args) > 0 {
			switch n := c.Name(); {
			case networkTools()[n]:
				o = "network"
			case decoders()[n]:
				o = "decoder"
			}
		}
		return &fileState{origin: o, from: p.fromCommand(c, o)}
	}
	for _, r := range c.Redirs {
		if !r.Writes() || !r.Target.Static || r.Fd != "" && r.Fd != "1" || r.Op == "<>" {
			continue
		}
		var st *fileState
		if text, ok := out(); ok && len(c.Args) > 0 {
			st = &fileState{text: text, static: true}
		} else if len(c.Args) == 0 {
			st = &fileState{text: "", static: true} // > x truncates
		} else {
			st = unknown()
		}
		if r.Op == ">>" || r.Op == "&>>" {
			st = appendTo(fs.open(cwd, r.Target.Value, false), st)
		}
		fs.put(cwd, r.Target.Value, st)
		p.startupWrite(c, r.Target.Value, st)
	}
	if len(c.Args) == 0 {
		return
	}
	ops := func(skipVal ...string) []Word {
		var ws []Word
		end := false
		for i := 1; i < len(c.Args); i++ {
			w := c.Args[i]
			if !end && w.Value == "--" {
				end = true
				continue
			}
			if !end && strings.HasPrefix(w.Value, "-") && w.Value != "-" {
				if contains(skipVal, w.Value) {
					i++
				}
				continue
			}
			ws = append(ws, w)
		}
		return ws
	}
	switch c.Name() {
	case "tee":
		st := &fileState{text: c.StdinText, static: c.StdinStatic}
		if !c.StdinStatic {
			st = &fileState{origin: stdinOriginOr(c)}
		}
		appendMode := false
		for _, a := range c.Args[1:] {
			appendMode = appendMode || a.Value == "-a" || a.Value == "--append"
		}
		for _, w := range ops() {
			if w.Static {
				s := st
				if appendMode {
					s = appendTo(fs.open(cwd, w.Value, false), st)
				}
				fs.put(cwd, w.Value, s)
				p.startupWrite(c, w.Value, s)
			}
		}
	case "cp", "mv", "install", "ln", "link":
		ws := ops("-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix", "-t", "--target-directory")
		if len(ws) != 2 || !ws[0].Static || !ws[1].Static {
			return
		}
		src, dst := ws[0].Value, ws[1].Value
		var st *fileState
		if s := fs.get(cwd, src); s != nil {
			cp := *s
			st = &cp
		} else if isProgramPath(src) {
			st = &fileState{program: path.Base(src)}
		} else {
			st = &fileState{copyOf: src}
		}
		if strings.HasSuffix(dst, "/") {
			dst += path.Base(src)
		}
		fs.put(cwd, dst, st)
	case "curl", "wget":
		for _, f := range downloadFiles(c) {
			fs.put(cwd, f, &fileState{origin: "network", from: p.fromCommand(c, "network")})
		}
	case "gcc", "cc", "clang", "g++", "c++", "clang++", "tcc":
		p.compiles(c)
	}
}

func stdinOriginOr(c *Command) string {
	if s := stdinSource(c); s != "" && s != "tty" {
		return s
	}
	return "dynamic"
}

// appendTo is what >> leaves: the old content and the new.
func appendTo(old script, st *fileState) *fileState {
	if !old.found {
		// Unknown content before: only the appended part is known.
		if st.static {
			return &fileState{text: st.text, appended: true}
		}
		return st
	}
	if old.why != "" && !old.static || !st.static {
		return &fileState{origin: worseOrigin(old.origin, st.origin)}
	}
	return &fileState{text: old.text + st.text, static: true}
}

// isProgramPath reports a path in a directory of programs: /bin/rm,
// /usr/local/sbin/x.
func isProgramPath(s string) bool {
	d := path.Dir(s)
	switch d {
	case "/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin", "/opt/homebrew/bin":
		return true
	}
	return false
}

// compiles records the program a C compiler makes from static source
// (gcc -x c - -o x <<< 'int main(){system("…");}'): running it runs the
// commands the source names.
func (p *parser) compiles(c *Command) {
	out := "a.out"
	var src *script
	for i := 1; i < len(c.Args); i++ {
		v := c.Args[i].Value
		switch {
		case v == "-o" && i+1 < len(c.Args):
			out = c.Args[i+1].Value
			i++
		case strings.HasPrefix(v, "-o") && len(v) > 2:
			out = v[2:]
		case v == "-":
			s := script{text: c.StdinText, static: c.StdinStatic, found: true, origin: "dynamic"}
			src = &s
		case strings.HasPrefix(v, "-"):
			if v == "-x" || v == "-I" || v == "-L" || v == "-include" {
				i++
			}
		default:
			if strings.HasSuffix(v, ".c") || strings.HasSuffix(v, ".cc") || strings.HasSuffix(v, ".cpp") {
				s := p.vars.files.open(c.Dir, v, false)
				if s.found {
					src = &s
				}
			}
		}
	}
	if src == nil {
		return
	}
	st := &fileState{origin: "dynamic"}
	if src.static {
		st = &fileState{text: src.text, lang: "c"}
	}
	p.vars.files.put(c.Dir, out, st)
}

// startupFile reports a shell start-up file: what is written there runs in
// every new shell.
func startupFile(k string) bool {
	base := path.Base(k)
	switch base {
	case ".bashrc", ".bash_profile", ".bash_login", ".profile", ".bash_aliases", ".bash_logout", ".zshrc", ".zshenv",
		".zprofile", ".zlogin", ".zlogout", ".kshrc", ".mkshrc":
		return true
	}
	return k == "/etc/profile" || k == "/etc/bash.bashrc" || k == "/etc/zsh/zshrc" ||
		strings.HasPrefix(k, "/etc/profile.d/") || strings.Contains(k, "/.bashrc.d/") || strings.Contains(k, "/.zshrc.d/")
}

// startupWrite checks text written into a shell start-up file as code that
// runs later, in every new shell: echo 'alias ls="rm -rf ~"' >> ~/.bash_aliases.
func (p *parser) startupWrite(c *Command, name string, st *fileState) {
	if !startupFile(fileKey(c.Dir, name)) || st.text == "" {
		return
	}
	p.runLater(c, "written to "+name, Word{Value: st.text, Static: true, Start: c.Start, End: c.End}, true)
}
