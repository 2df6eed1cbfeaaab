package parse

import (
	"encoding/base64"
	"fmt"
	"path"
	"strings"
	"unicode/utf16"

	"github.com/guardsh/guardsh/payload"
	"github.com/guardsh/guardsh/programs"
)

// wrappers maps programs that run the rest of their arguments as a command to
// their option grammar. Each is stepped through to reach that command.
var wrappers = map[string]optSpec{
	"pkexec":              {long: []string{"disable-internal-agent", "keep-cwd"}, longVal: []string{"user"}},
	"command":             {short: "pvV"},
	"builtin":             {},
	"exec":                {short: "cl", shortVal: "a"},
	"busybox":             {},
	"toybox":              {},
	"lvm":                 {}, // misses6: lvm vgreduce … is vgreduce … (one binary, every LVM tool)
	"unbuffer":            {short: "p"},
	"caffeinate":          {short: "dimsu", shortVal: "tw"},
	"torsocks":            {short: "iqd", shortVal: "uPaP"},
	"proxychains":         {short: "q", shortVal: "f"},
	"proxychains4":        {short: "q", shortVal: "f"},
	"fakeroot":            {shortVal: "ils", long: []string{"unknown-is-real"}, longVal: []string{"lib", "faked"}},
	"gosu":                {},
	"su-exec":             {},
	"numactl":             {short: "al", shortVal: "CNmpiPw", allShort: true},
	"systemd-run":         {allShort: true, shortVal: "pEuMH", longVal: []string{"unit", "property", "description", "slice", "uid", "gid", "working-directory", "setenv", "machine", "host", "on-calendar"}},
	"firejail":            {allShort: true},
	"strace":              {allShort: true, shortVal: "abeEIoOpPsSuUX"},
	"ltrace":              {allShort: true, shortVal: "aeEhlLnoOpsuxX"},
	"valgrind":            {allShort: true},
	"catchsegv":           {},
	"eatmydata":           {},
	"rlwrap":              {allShort: true, shortVal: "abCDefFhHlmOopPqsSwz"},
	"sg":                  {},
	"parallel":            {allShort: true, shortVal: "jSIaBdEnNPlLs", longVal: []string{"jobs", "sshlogin", "arg-file", "delimiter", "joblog", "results", "timeout", "retries", "tmpdir", "workdir"}},
	"sshpass":             {short: "ev", shortVal: "pfdP"},
	"noglob":              {},
	"nocorrect":           {},
	"repeat":              {},
	"s6-setuidgid":        {},
	"toolbox":             {},
	"direnv":              {},
	"mise":                {},
	"conda":               {},
	"micromamba":          {},
	"pixi":                {},
	"ansible":             {},
	"salt":                {},
	"salt-ssh":            {},
	"salt-call":           {},
	"pdsh":                {},
	"pssh":                {},
	"parallel-ssh":        {},
	"clush":               {},
	"gcloud":              {},
	"nix-shell":           {},
	"nix":                 {},
	"npm":                 {},
	"pnpm":                {},
	"yarn":                {},
	"capsh":               {},
	"start-stop-daemon":   {},
	"run0":                {allShort: true, shortVal: "uDg", longVal: []string{"user", "group", "chdir", "description", "slice", "property", "unit", "setenv", "nice", "machine", "background"}},
	"coreutils":           {longVal: []string{"coreutils-prog", "coreutils-prog-shebang"}},
	"npx":                 {allShort: true, shortVal: "pc", longVal: []string{"package", "call"}},
	"bunx":                {allShort: true},
	"mosh":                {},
	"uv":                  {},
	"poetry":              {},
	"pipenv":              {},
	"bundle":              {},
	"pdm":                 {},
	"hatch":               {},
	"machinectl":          {},
	"vagrant":             {},
	"lxc":                 {},
	"incus":               {},
	"logsave":             {short: "asv"},
	"faketime":            {allShort: true, shortVal: "f"},
	"cpulimit":            {allShort: true, shortVal: "lpe", long: []string{"foreground", "kill", "restore", "verbose", "lazy"}, longVal: []string{"limit", "pid", "exe"}},
	"daemonize":           {allShort: true, shortVal: "aceEglopPuv"},
	"bwrap":               {allShort: true},
	"flatpak-spawn":       {allShort: true},
	"distrobox-host-exec": {},
	"dtach":               {},
	"abduco":              {short: "aAcnflpr", shortVal: "e"},
	"zpty":                {},
	"arch":                {allShort: true, long: []string{"x86_64", "arm64", "arm64e", "i386"}},
	"xvfb-run":            {short: "al", shortVal: "nsfepw", longVal: []string{"server-num", "server-args", "auth-file", "error-file", "xauth-protocol", "wait"}, long: []string{"auto-servernum", "listen-tcp"}},
	"dbus-launch":         {allShort: true, long: []string{"exit-with-session", "exit-with-x11", "sh-syntax", "csh-syntax", "autolaunch", "binary-syntax", "close-stderr"}, longVal: []string{"config-file"}},
	"dbus-run-session":    {longVal: []string{"config-file", "dbus-daemon"}},
	"proot":               {allShort: true, shortVal: "rbwvq", longVal: []string{"rootfs", "bind", "cwd", "verbose"}},
	"cgexec":              {shortVal: "g", long: []string{"sticky"}},
	"tsp":                 {allShort: true, shortVal: "LDNE"},
	"ts":                  {allShort: true, shortVal: "LDNE"},
	"chpst":               {allShort: true, shortVal: "uUeC/n lLmdofpc"},
	"ip":                  {},
	"perf":                {},
	"screen":              {},
	"tmux":                {},
	"docker":              {},
	"podman":              {},
	"nerdctl":             {},
	"docker-compose":      {},
	"podman-compose":      {},
	"kubectl":             {},
	"crontab":             {},
	"nodemon":             {},
	"expect":              {},
	"socat":               {},
}

// unwrap looks at what a command runs: wrappers, shells, eval, interpreters
// and programs with options that run programs.
func (p *parser) unwrap(c *Command) {
	if len(c.Args) == 0 || p.stopped {
		return
	}
	if !c.Args[0].Static {
		p.dynamicShell(c)
		return
	}
	prev := p.cur
	p.cur = c
	defer func() { p.cur = prev }()
	if len(c.Via) > 64 {
		p.issue(IssueLimit, "more than 64 nested wrappers", c.Start, c.End)
		rawScan(p.res, c.String())
		return
	}
	name := c.Name()
	args := c.Args[1:]
	if body, ok := p.aliases[c.Args[0].Value]; ok && len(c.Via) < 32 {
		// An alias defined earlier in the same input, now used.
		text := body
		if rest, _ := joinArgs(args); rest != "" {
			text += " " + rest
		}
		p.payload("alias "+c.Args[0].Value, text, c.Args[0], c.Line, false)
	}
	p.envPayloads(c)
	p.envLoadedFiles(c) // envload.go
	p.envEval(c)
	p.builtinEval(c)
	if p.runPath(c) {
		return
	}
	if vals, ok := loaders()[name]; ok {
		// loaders.go; gdb's -ex shell … is read below too.
		p.loaderRun(c, name, vals, args)
	}
	p.scriptFiles(c, name, args) // loaders.go
	if g := programs.Wrapper(name); g != nil {
		p.wrapper(c, name, optSpec{}, g, args)
		return
	}
	if p.ptyTerminal(c, name, args) { // terminals and their remote controls (redteam6.go)
		return
	}
	if spec, ok := wrappers[name]; ok {
		if name == "npx" {
			p.redteam6Programs(c, name, args) // npx -c CMD (redteam6.go)
		}
		p.wrapper(c, name, spec, nil, args)
		return
	}
	switch {
	case shells()[name]:
		p.shell(c, name, args)
	case name == "guardsh" || name == "-guardsh":
		p.guardsh(c, args)
	case name == "eval":
		// eval runs in this shell: its code sees this shell's variables.
		prev, adopt := p.inherit, p.adopt
		p.inherit, p.adopt = true, true
		p.code(c, "eval", args)
		p.inherit, p.adopt = prev, adopt
		p.codeMoves(c, args) // eval cd: the shell moved (redteam4.go)
	case name == "source" || name == ".":
		// source runs in this shell: its assignments are this shell's.
		known := false
		prev, adopt := p.inherit, p.adopt
		p.inherit, p.adopt = true, true
		if len(args) > 0 && !args[0].Static {
			p.substCode(c, name, args[0])
			if args[0].Code != "" {
				known = true
				p.codeMoves(c, []Word{{Value: args[0].Code, Static: true}})
			}
		} else if len(args) > 0 && (args[0].Value == "/dev/stdin" || args[0].Value == "/proc/self/fd/0" || args[0].Value == "/dev/fd/0" || args[0].Value == "-") ||
			len(args) == 0 && (c.StdinFrom != nil && !idiomStage(c.StdinFrom) || c.StdinText != "" || c.stdinRedirect() != nil) {
			// fish's source, with no file or -, reads its standard input
			// (echo 'rm -rf ~' | source).
			p.stdinCode(c, name)
			if c.StdinStatic {
				known = true
				p.codeMoves(c, []Word{{Value: c.StdinText, Static: true}})
			}
		} else if len(args) > 0 {
			// A file on disk or written by the line is read; one
			// that is neither makes source fail, and does nothing.
			p.runFile(c, name, args[0], 0, false, true)
			known = true
		}
		p.inherit, p.adopt = prev, adopt
		p.sourced(c, args, known)
	case name == "alias":
		for _, a := range args {
			if n, body, ok := strings.Cut(a.Value, "="); ok && !strings.HasPrefix(n, "-") {
				p.res.define(n)
				if !a.Static {
					p.res.anyAlias = true
				}
				if a.Static {
					if p.aliases == nil {
						p.aliases = map[string]string{}
					}
					p.aliases[n] = body
				}
				p.runLater(c, "alias "+n, Word{Value: body, Static: a.Static, Origin: a.Origin, Start: a.Start, End: a.End}, true)
			}
		}
	case name == "trap":
		if len(args) > 2 && args[0].Value == "--" {
			args = args[1:] // trap -- CODE SIGNAL
		}
		if len(args) > 1 && args[0].Value != "-" && !strings.HasPrefix(args[0].Value, "-") {
			p.runLater(c, "trap", args[0], false)
			p.trapEvery(args) // DEBUG, RETURN, ERR: before or after other commands
		}
	case name == "complete" || name == "compgen":
		if w, ok := optAnywhere(args, "-C"); ok {
			p.runLater(c, "complete -C", w, true)
		}
	case name == "find":
		p.find(c, args)
	case name == "at" || name == "batch":
		if w, ok := optAnywhere(args, "-f"); ok {
			p.runFile(c, name+" -f", w, 0, false, true)
			return
		}
		p.stdinCode(c, name)
	case tclShells()[name]:
		p.tclsh(c, name, args)
	case name == "make" || name == "gmake" || name == "bmake":
		p.make(c, name, args)
	case name == "cmd" || name == "cmd.exe":
		// Windows cmd /c: the rules read its arguments directly.
	default:
		if l := payload.LangOf(name); l != 0 {
			p.interpreter(c, name, l, args)
			return
		}
		if l := payload.CallLangOf(name); l != 0 {
			p.callInterpreter(c, name, l, args)
			return
		}
		p.programs(c, name, args)
		if name == "gdb" || name == "lldb" {
			// gdb --args PROG ARG…: gdb runs PROG.
			for i, a := range args {
				if a.Value == "--args" || name == "lldb" && a.Value == "--" {
					p.inner(c, name+" --args", args[i+1:], nil)
					return
				}
			}
		}
		p.guessRunner(c, name, args)
		p.deletesWithoutRm(c, name, args)
	}
}

// deletesWithoutRm records what a program deletes as a side effect, as an
// rm -rf of it marked Guessed (reported only where rm -rf would be
// hardline): rsync --delete into DEST, tar --remove-files, zip -m, 7z -sdel,
// gzip -r, mv of whole trees, rimraf. The rm is marked Implied: only what
// would be hardline is reported.
func (p *parser) deletesWithoutRm(c *Command, name string, args []Word) {
	switch name {
	case "rsync", "tar", "bsdtar", "zip", "7z", "7za", "7zz", "gzip", "bzip2", "xz", "zstd", "pigz", "mv", "rimraf", "del-cli", "trash":
	default:
		return
	}
	var ops []Word
	a := optSpec{allShort: true, shortVal: "efCTIbXjVHgKNoF", longVal: []string{"exclude", "include", "filter", "rsh", "rsync-path", "files-from", "directory", "file", "suffix", "target-directory"}}.parse(args)
	rest := args[a.rest:]
	for _, w := range rest {
		if !strings.HasPrefix(w.Value, "-") {
			ops = append(ops, w)
		}
	}
	has := func(prefixes ...string) bool {
		for _, w := range args {
			for _, pre := range prefixes {
				if strings.HasPrefix(w.Value, pre) {
					return true
				}
			}
		}
		return false
	}
	var victims []Word
	switch name {
	case "rsync":
		if has("--delete", "--del", "--remove-source-files") && len(ops) > 0 {
			victims = ops[len(ops)-1:]
			if has("--remove-source-files") {
				victims = ops[:len(ops)-1]
			}
		}
	case "tar", "bsdtar":
		if has("--remove-files") {
			victims = ops
		}
	case "zip":
		if has("-m", "--move") || a.has("-m") {
			if len(ops) > 1 {
				victims = ops[1:]
			}
		}
	case "7z", "7za", "7zz":
		if has("-sdel") && len(ops) > 2 {
			victims = ops[2:]
		}
	case "gzip", "bzip2", "xz", "zstd", "pigz":
		if a.has("-r", "--recursive") {
			victims = ops
		}
	case "mv":
		// Moving / or home away is deleting them from where they are.
		for _, w := range ops[:max(0, len(ops)-1)] {
			if RootLike(w.Value) || HomeLike(w.Value) {
				victims = append(victims, w)
			}
		}
	case "rimraf", "del-cli", "trash":
		victims = ops
	}
	if len(victims) == 0 {
		return
	}
	argv := []Word{{Value: "rm", Static: true, Start: c.Start, End: c.End}, {Value: "-rf", Static: true, Start: c.Start, End: c.End}}
	in := p.inner(c, name+" (deletes)", append(argv, victims...), nil)
	if in != nil && name != "rimraf" && name != "del-cli" {
		// rimraf and del-cli are rm -rf by another name: every rule of
		// rm reads them. The others delete as a side effect.
		in.Implied = true
	}
}

// destructive are programs whose name in the argv of an unknown program
// suggests that the program runs them: run0 rm -rf /, setarch x86_64 dd ….
var destructive = set("rm", "dd", "mkfs", "mke2fs", "wipefs", "shred", "chmod", "chown", "sh", "bash", "zsh", "dash",
	"sudo", "find", "truncate", "srm")

// dataCommands take words as data, never as a command to run.
var dataCommands = set("echo", "printf", "grep", "egrep", "fgrep", "rg", "ag", "ack", "man", "which", "type", "whereis",
	"whatis", "apropos", "info", "tldr", "help", "hash", "test", "[", "cat", "less", "more", "head", "tail", "wc", "sort",
	"uniq", "tr", "cut", "jq", "yq", "diff", "cmp", "file", "stat", "ls", "locate", "history", "read", "print", "say",
	"notify-send", "logger", "printenv", "apt", "apt-get", "dnf", "yum", "brew", "pacman", "apk", "pip", "pip3", "npm",
	"cargo", "go", "gem", "snap", "flatpak", "dpkg", "rpm", "port", "nix-env", "zypper", "emerge", "mkdir", "touch",
	"basename", "dirname", "realpath", "readlink", "du", "df", "tree", "git", "gh", "glab", "curl", "wget", "docker", "kubectl",
	"systemctl", "journalctl", "make", "cmake", "ninja", "tar", "zip", "unzip", "gzip", "xz", "cp", "mv", "ln", "rsync",
	"scp", "install", "alias", "unalias", "complete", "compgen", "bind", "zle", "bindkey", "set", "unset", "export",
	"declare", "local", "typeset", "readonly", "trap", "cd", "pushd", "popd", "source", ".", "eval", "exec", "command",
	"builtin", "time", "tmux", "screen", "ssh", "git-lfs", "z", "j", "fzf", "sed", "awk", "perl", "python", "python3",
	"node", "ruby", "php", "mail", "wall", "write", "banner", "figlet", "cowsay", "tput", "column", "fold", "fmt", "nl",
	"od", "xxd", "hexdump", "strings", "base64", "md5sum", "sha256sum", "sha1sum", "cksum", "date", "cal", "sleep",
	"true", "false", ":", "yes", "seq", "expr", "bc", "dc", "let", "shift", "getopts", "wait", "jobs", "fg", "bg",
	"disown", "ulimit", "umask", "dircolors", "tabs", "clear", "reset", "stty", "tty", "id", "whoami", "groups", "who",
	"w", "last", "uptime", "free", "top", "htop", "ps", "pgrep", "lsof", "netstat", "ss", "ip", "ping", "dig", "host",
	"nslookup", "traceroute", "code", "vim", "vi", "nvim", "emacs", "nano", "open", "xdg-open", "pbcopy", "xclip")

// guessRunner handles an unknown program given what looks like a command
// line as its arguments (run0 rm -rf /, setpriv … rm -rf /, conda run rm …):
// the rest is checked as a command the program may run. Hardline findings on
// such a guess are asked about, not blocked.
func (p *parser) guessRunner(c *Command, name string, args []Word) {
	if dataCommands()[name] || len(args) == 0 || c.Guessed || len(c.Via) > 8 {
		return
	}
	for i, a := range args {
		if !a.Static {
			continue
		}
		n := path.Base(a.Value)
		if !destructive()[n] && !strings.HasPrefix(n, "mkfs.") {
			continue
		}
		rest := args[i:]
		if len(rest) < 2 {
			return
		}
		if in := p.inner(c, name+" (may run)", rest, nil); in != nil {
			in.Guessed = true
		}
		return
	}
}

// wrapperDir moves the working directory for the command a wrapper runs
// in another one (env -C DIR, sudo -D DIR, run0 --chdir DIR), until the
// returned function restores it.
func (p *parser) wrapperDir(name string, o parsed) (restore func(), ok bool) {
	var d string
	switch name {
	case "env":
		d, ok = o.get("-C", "--chdir")
	case "sudo", "run0":
		d, ok = o.get("-D", "--chdir")
	}
	if !ok {
		return nil, false
	}
	cwd, was := p.cwd, p.inWrapDir
	switch {
	case strings.HasPrefix(d, "/") || strings.HasPrefix(d, "~"):
		p.setCwd(cleanDir(d))
	case p.cwd != "" && d != "" && !strings.Contains(d, "$"):
		p.setCwd(cleanDir(p.cwd + "/" + d))
	default:
		p.setCwd("")
	}
	p.inWrapDir = true
	return func() { p.setCwd(cwd); p.inWrapDir = was }, true
}

// inner records the command a wrapper runs.
func (p *parser) inner(c *Command, carrier string, args []Word, env []Assign) *Command {
	if len(args) == 0 {
		return nil
	}
	if args[0].glob {
		// sudo /bin/r[m]: the shell expanded the word.
		args = p.globCommand(args)
	}
	in := *c
	in.Args = args
	in.Env = env
	in.Via = append(append([]string(nil), c.Via...), carrier)
	in.Wrapper = false
	in.CodeSource, in.CodeDetail = "", ""
	in.Inner = nil
	in.Outer = c
	in.Guessed = c.Guessed
	in.Implied = false
	if p.inWrapDir {
		in.Dir = p.cwd
		in.Moved = p.moved()
	}
	c.Wrapper = true
	if c.Inner == nil {
		c.Inner = &in
	}
	p.add(&in)
	p.unwrap(&in)
	return &in
}

// wrapper checks the command a wrapper runs. g is the wrapper's grammar
// in package programs, with its Run entries; a wrapper programs has no
// grammar for yet is read by spec.
func (p *parser) wrapper(c *Command, name string, spec optSpec, g *programs.Grammar, args []Word) {
	if name == "xargs" {
		args = xargsOptional(args)
	}
	if name == "nice" && len(args) > 0 && len(args[0].Value) > 1 && args[0].Value[0] == '-' && isDigits(args[0].Value[1:]) {
		args = args[1:] // nice -10 cmd: an old-style adjustment
	}
	var o parsed
	var pp *programs.Parsed
	var words []string
	if g != nil {
		o, pp, words = readWrapper(g, args, c.Env)
	} else {
		o = spec.parse(args)
	}
	rest := args[o.rest:]
	if restore, ok := p.wrapperDir(name, o); ok {
		defer restore()
	}
	run := func(label string, rest []Word, env []Assign) {
		p.inner(c, label, rest, env)
		if o.unknown && o.alt <= len(args) && o.alt != o.rest {
			// Fail closed: an unknown option may have taken a value.
			p.inner(c, label, args[o.alt:], env)
		}
	}
	switch name {
	case "xargs", "flock", "script", "su", "runuser", "ssh":
		// Read below: their input, their files, their user's shell.
	default:
		if g != nil {
			p.runByGrammar(c, name, g.Runs(pp, words), o, pp, args)
			return
		}
	}
	switch name {
	case "command":
		if o.has("-v", "-V") {
			return
		}
		run(name, rest, nil)
	case "exec", "builtin", "busybox", "toybox", "lvm", "unbuffer", "caffeinate",
		"torsocks", "proxychains", "proxychains4", "fakeroot", "strace", "ltrace", "valgrind", "catchsegv",
		"eatmydata", "rlwrap", "pkexec", "firejail", "systemd-run",
		"sshpass", "arch", "xvfb-run", "dbus-launch", "dbus-run-session", "proot", "cgexec", "tsp", "ts", "chpst", "run0", "coreutils", "npx",
		"bunx", "setpriv", "cpulimit", "daemonize", "flatpak-spawn", "distrobox-host-exec":
		if name == "coreutils" {
			// coreutils --coreutils-prog=rm -rf ~ is rm -rf ~: the
			// program's arguments follow the option.
			for i, a := range args {
				prog, ok := strings.CutPrefix(a.Value, "--coreutils-prog=")
				if !ok && a.Value == "--coreutils-prog" && i+1 < len(args) {
					prog, ok, i = args[i+1].Value, true, i+1
				}
				if ok {
					argv := append([]Word{{Value: prog, Static: a.Static, Start: a.Start, End: a.End}}, args[i+1:]...)
					p.inner(c, name, argv, nil)
					return
				}
			}
		}
		run(name, rest, nil)
	case "s6-setuidgid":
		if len(rest) > 1 {
			run(name, rest[1:], nil)
		}
	case "dtach", "abduco", "zpty":
		p.ptySession(c, name, args) // redteam5.go
	case "logsave", "faketime":
		// logsave LOGFILE CMD, faketime TIME CMD.
		if len(rest) > 1 {
			run(name, rest[1:], nil)
		}
	case "gosu", "su-exec", "sg":
		if len(rest) > 1 {
			if name == "sg" {
				switch rest[0].Value {
				case "run", "scan", "new", "test", "lsp", "completions", "help":
					return // ast-grep, not sg(1)
				}
				cmd := rest[1:]
				if w, ok := optAnywhere(rest, "-c"); ok {
					cmd = []Word{w}
				}
				text, static := joinArgs(cmd)
				p.codeText(c, "sg", text, static, cmd)
				return
			}
			run(name, rest[1:], nil)
		}
	case "numactl", "noglob", "nocorrect":
		run(name, rest, nil)
	case "repeat":
		if len(rest) > 1 {
			run(name, rest[1:], nil)
		}
	case "xargs":
		if len(rest) == 0 {
			rest = []Word{{Value: "echo", Static: true, Start: c.Start, End: c.End}}
		}
		if f, ok := o.get("-a", "--arg-file"); ok {
			// xargs -a FILE: the arguments come from the file.
			n := path.Base(rest[0].Value)
			s := p.vars.files.open(c.Dir, f, shells()[n] || payload.LangOf(n) != 0)
			if s.found && s.static {
				rest = xargsArgs(rest, o, s.text, c)
			} else if s.found && shells()[n] {
				c.fileCode(originOf(s.origin), "xargs -a "+s.where+": "+s.why)
			}
			run("xargs", rest, nil)
			return
		}
		if c.StdinStatic {
			// Static input: xargs's arguments are known.
			rest = xargsArgs(rest, o, c.StdinText, c)
		}
		run("xargs", rest, nil)
		p.xargsShellCode(c, o, rest)
	case "flock":
		if v, ok := o.get("-c", "--command"); ok {
			w := Word{Value: v, Static: true, Start: c.Start, End: c.End}
			p.payload("flock -c", v, w, c.Line, false)
			return
		}
		if len(rest) > 2 && (rest[1].Value == "-c" || rest[1].Value == "--command") {
			p.codeText(c, "flock -c", rest[2].Value, rest[2].Static, rest[2:3])
			return
		}
		if len(rest) > 1 {
			run("flock", rest[1:], nil)
		}
	case "parallel":
		var cmd, inputs []Word
		fileInputs := false
		for i, w := range rest {
			if strings.HasPrefix(w.Value, ":::") {
				inputs = rest[i+1:]
				fileInputs = w.Value == "::::"
				break
			}
			cmd = append(cmd, w)
		}
		if len(cmd) == 0 {
			// No command: each input line is a command (parallel < x,
			// parallel ::: 'rm -rf ~', parallel -a x, parallel :::: x).
			p.parallelLines(c, o, inputs, fileInputs)
			return
		}
		if len(cmd) > 0 {
			text, static := joinArgs(cmd)
			if len(inputs) > 0 && len(inputs) <= 8 {
				// Each input is substituted for {} or appended.
				for _, in := range inputs {
					t := text
					if strings.Contains(t, "{}") {
						t = strings.ReplaceAll(t, "{}", in.Value)
					} else {
						t += " " + in.Value
					}
					p.codeText(c, "parallel", t, static && in.Static, cmd)
				}
				return
			}
			p.codeText(c, "parallel", text, static, cmd)
		}
	case "script":
		if runs := g.Runs(pp, words); len(runs) > 0 {
			p.runByGrammar(c, name, runs, o, pp, args) // script -c TEXT
			return
		}
		if p.bsdScript(c, args) { // redteam5.go: script -q FILE CMD…
			return
		}
		// script [FILE] runs $SHELL, which reads what reaches the pty.
		p.loginStdin(c, "script")
	case "su", "runuser":
		if runs := g.Runs(pp, words); len(runs) > 0 {
			p.runByGrammar(c, name, runs, o, pp, args) // su -c TEXT, su --comm=TEXT, runuser -u USER CMD…
			return
		}
		if user := o.rest; user < len(args) {
			// su [-] USER ARG…: the ARGs go to the user's shell, which
			// reads -c (and su's own --command) alike.
			if args[user].Value == "-" {
				user++
			}
			tail := args[min(user+1, len(args)):]
			to, tpp, tw := readWrapper(g, tail, c.Env)
			if runs := g.Runs(tpp, tw); len(runs) > 0 && runs[0].Opt != "" {
				p.runByGrammar(c, name, runs[:1], to, tpp, tail)
				return
			}
		}
		// Options may follow the user: su - root -c CMD.
		if w, ok := optAnywhere(args, "-c", "--command", "--session-command"); ok {
			p.codeText(c, name+" -c", w.Value, w.Static, []Word{w})
			return
		}
		if name == "runuser" && o.has("-u", "--user") {
			run(name, rest, nil)
			return
		}
		// su [USER]: the user's shell reads the input.
		p.loginStdin(c, name)
	case "bwrap":
		run(name, bwrapCommand(args), nil)
	case "ssh":
		p.ssh(c, o, args, rest, g.Runs(pp, words))
	default:
		p.subcommandRunners(c, name, args)
	}
}

// subcommandRunners handles programs whose subcommands run a command: ip
// netns exec, perf record|stat, screen -dm, tmux new-session and send-keys,
// docker and kubectl exec (inside a container: Contained), crontab,
// nodemon --exec, expect spawn, socat EXEC:.
func (p *parser) subcommandRunners(c *Command, name string, args []Word) {
	skipOpts := func(ws []Word, withValue ...string) []Word {
		for len(ws) > 0 && strings.HasPrefix(ws[0].Value, "-") {
			if ws[0].Value == "--" {
				return ws[1:]
			}
			if contains(withValue, ws[0].Value) && len(ws) > 1 {
				ws = ws[1:]
			}
			ws = ws[1:]
		}
		return ws
	}
	val := func(w Word) []Word { return []Word{w} }
	switch name {
	case "toolbox", "direnv", "mise", "conda", "micromamba", "pixi":
		// toolbox run CMD, direnv exec DIR CMD, mise exec -- CMD, conda run -n ENV CMD.
		for i, a := range args {
			if a.Value == "run" || a.Value == "exec" || a.Value == "x" {
				rest := args[i+1:]
				if j := indexWord(rest, "--"); j >= 0 {
					rest = rest[j+1:]
				} else {
					rest = skipOpts(rest, "-n", "--name", "-p", "--prefix", "-c", "--container", "-r", "--release", "-e", "--environment")
					if name == "direnv" && len(rest) > 0 {
						rest = rest[1:] // the directory
					}
				}
				p.inner(c, name+" "+a.Value, rest, nil)
				return
			}
			if !strings.HasPrefix(a.Value, "-") {
				return
			}
		}
	case "nix-shell", "nix":
		if name == "nix" {
			// nix develop|shell … -c CMD ARG…: every word after -c
			// (--command) is the command, run without a shell.
			for i, a := range args {
				if a.Value == "-c" || a.Value == "--command" {
					p.inner(c, "nix "+a.Value, args[i+1:], nil)
					return
				}
			}
			return
		}
		if w, ok := optAnywhere(args, "--run", "--command", "-c"); ok {
			p.codeText(c, name+" --run", w.Value, w.Static, val(w))
		}
	case "npm", "pnpm", "yarn":
		p.redteam6Programs(c, name, args) // exec -c CMD, --script-shell (redteam6.go)
		for i, a := range args {
			if a.Value == "exec" || a.Value == "x" || a.Value == "dlx" {
				rest := args[i+1:]
				if j := indexWord(rest, "--"); j >= 0 {
					rest = rest[j+1:]
				} else {
					rest = skipOpts(rest, "-p", "--package", "-c", "--call", "-w", "--workspace")
				}
				p.inner(c, name+" "+a.Value, rest, nil)
				return
			}
			if !strings.HasPrefix(a.Value, "-") {
				p.packageBin(c, name, args[i:]) // yarn BIN, pnpm BIN (misses5.go)
				return
			}
		}
	case "capsh":
		if i := indexWord(args, "--"); i >= 0 {
			p.shell(c, "bash", args[i+1:])
		}
	case "start-stop-daemon":
		if w, ok := optAnywhere(args, "-x", "--exec", "-a", "--startas"); ok {
			argv := []Word{w}
			if i := indexWord(args, "--"); i >= 0 {
				argv = append(argv, args[i+1:]...)
			}
			p.inner(c, "start-stop-daemon", argv, nil)
		}
	case "mosh":
		if i := indexWord(args, "--"); i >= 0 && i+1 < len(args) {
			text, static := joinArgs(args[i+1:])
			p.codeText(c, "mosh", text, static, args[i+1:])
		}
	case "uv", "poetry", "pipenv", "pdm", "hatch", "bundle":
		sub := "run"
		if name == "bundle" {
			sub = "exec"
		}
		for i, a := range args {
			if a.Value == sub {
				rest := skipOpts(args[i+1:], "--with", "--python", "-p", "--env", "-e", "--directory", "--project", "--group", "--extra", "--package")
				p.inner(c, name+" "+sub, rest, nil)
				return
			}
			if !strings.HasPrefix(a.Value, "-") {
				return
			}
		}
	case "machinectl":
		for i, a := range args {
			if a.Value == "shell" && i+2 < len(args) {
				p.inner(c, "machinectl shell", args[i+2:], nil)
				return
			}
		}
	case "ansible":
		if m, ok := optAnywhere(args, "-m", "--module-name"); ok {
			switch strings.TrimPrefix(m.Value, "ansible.builtin.") {
			case "shell", "command", "raw", "script":
			default:
				return // other modules take key=value arguments
			}
		}
		if w, ok := optAnywhere(args, "-a", "--args"); ok {
			p.codeText(c, "ansible -a", w.Value, w.Static, val(w))
		}
	case "salt", "salt-ssh", "salt-call":
		for i, a := range args {
			if (a.Value == "cmd.run" || a.Value == "cmd.shell" || a.Value == "cmd.exec_code") && i+1 < len(args) {
				p.codeText(c, "salt "+a.Value, args[i+1].Value, args[i+1].Static, args[i+1:i+2])
			}
		}
	case "pdsh", "pssh", "parallel-ssh", "clush":
		rest := skipOpts(args, "-w", "-x", "-g", "-l", "-R", "-f", "-t", "-u", "-h", "-H", "-p", "-o", "-O", "-b")
		if len(rest) > 0 {
			text, static := joinArgs(rest)
			p.codeText(c, name, text, static, rest)
		}
	case "gcloud":
		if w, ok := optAnywhere(args, "--command"); ok {
			p.codeText(c, "gcloud ssh --command", w.Value, w.Static, val(w))
		}
	case "vagrant":
		if len(args) > 0 && args[0].Value == "ssh" {
			if w, ok := optAnywhere(args, "-c", "--command"); ok {
				p.codeText(c, "vagrant ssh -c", w.Value, w.Static, val(w))
			}
		}
	case "lxc", "incus":
		if len(args) > 0 && args[0].Value == "exec" {
			if i := indexWord(args, "--"); i >= 0 {
				p.inContainer(c, name+" exec", args[i+1:])
			}
		}
	case "ip":
		for i := 0; i+2 < len(args); i++ {
			if args[i].Value == "netns" && args[i+1].Value == "exec" && i+3 < len(args) {
				p.inner(c, "ip netns exec", args[i+3:], nil)
				return
			}
		}
	case "perf":
		if len(args) > 0 && (args[0].Value == "record" || args[0].Value == "stat" || args[0].Value == "trace") {
			p.inner(c, "perf "+args[0].Value, skipOpts(args[1:], "-e", "-o", "-p", "-t", "-F", "-c", "-g", "-r", "-C", "-G", "-j", "-m", "--event", "--output"), nil)
		}
	case "screen":
		var rest []Word
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			if !strings.HasPrefix(v, "-") {
				rest = args[i:]
				break
			}
			if v == "-Logfile" || len(v) > 1 && strings.ContainsAny(v[len(v)-1:], "SceLhpstTX") && v != "-L" {
				i++ // the option takes the next word
			}
		}
		if len(rest) > 0 {
			p.inner(c, "screen", rest, nil)
		}
	case "tmux":
		for i := 0; i < len(args); i++ {
			switch args[i].Value {
			case "new", "new-session", "new-window", "neww", "split-window", "splitw", "respawn-pane", "respawnp", "run-shell", "run":
				rest := skipOpts(args[i+1:], "-s", "-n", "-t", "-c", "-x", "-y", "-F", "-e", "-l", "-f", "-w", "-L", "-S")
				if len(rest) > 0 {
					text, static := joinArgs(rest)
					p.codeText(c, "tmux "+args[i].Value, text, static, rest)
				}
				return
			case "send-keys", "send":
				rest := skipOpts(args[i+1:], "-t", "-N")
				var typed []Word
				for _, w := range rest {
					if w.Value == "Enter" || w.Value == "C-m" || w.Value == "KPEnter" {
						break
					}
					typed = append(typed, w)
				}
				if len(typed) > 0 {
					text, static := joinArgs(typed)
					p.codeText(c, "tmux send-keys", text, static, typed)
				}
				return
			}
		}
	case "docker-compose", "podman-compose":
		p.containerRun(c, name, args)
	case "docker", "podman", "kubectl", "nerdctl":
		if p.containerRun(c, name, args) {
			return
		}
		for i := 0; i < len(args); i++ {
			if args[i].Value != "exec" {
				if !strings.HasPrefix(args[i].Value, "-") {
					return
				}
				continue
			}
			rest := args[i+1:]
			if name == "kubectl" {
				if j := indexWord(rest, "--"); j >= 0 {
					p.inContainer(c, name+" exec", rest[j+1:])
				}
				return
			}
			rest = skipOpts(rest, "-e", "--env", "-u", "--user", "-w", "--workdir", "--env-file", "--detach-keys")
			if len(rest) > 1 {
				p.inContainer(c, name+" exec", rest[1:])
			}
			return
		}
	case "crontab":
		text := c.StdinText
		if !c.StdinStatic && c.StdinFrom != nil && c.StdinFrom.groupOut != "" {
			// (crontab -l; echo '* * * * * rm -rf ~') | crontab -: the
			// lines added to the old table.
			text = c.StdinFrom.groupOut
		}
		if text != "" && (len(args) == 0 || args[len(args)-1].Value == "-") {
			for _, line := range strings.Split(text, "\n") {
				if job := cronCommand(line); job != "" {
					p.payload("crontab", job, Word{Value: job, Static: true, Start: c.Start, End: c.End}, c.Line, false)
				}
			}
		}
	case "nodemon":
		if w, ok := optAnywhere(args, "--exec", "-x"); ok {
			p.codeText(c, "nodemon --exec", w.Value, w.Static, val(w))
		}
	case "expect":
		if w, ok := optAnywhere(args, "-c"); ok && w.Static {
			for _, stmt := range strings.FieldsFunc(w.Value, func(r rune) bool { return r == ';' || r == '\n' }) {
				if rest, ok := strings.CutPrefix(strings.TrimSpace(stmt), "spawn "); ok {
					p.payload("expect spawn", rest, w, c.Line, false)
				}
			}
		}
	case "socat":
		for _, a := range args {
			low := strings.ToLower(a.Value)
			for _, pre := range []string{"exec:", "system:"} {
				if strings.HasPrefix(low, pre) {
					cmd, _, _ := strings.Cut(a.Value[len(pre):], ",")
					p.codeText(c, "socat "+strings.ToUpper(strings.TrimSuffix(pre, ":")), cmd, a.Static, val(a))
				}
			}
		}
	}
}

func indexWord(ws []Word, v string) int {
	for i, w := range ws {
		if w.Value == v {
			return i
		}
	}
	return -1
}

// contained records a command that runs inside a container: rules see it,
// but it cannot harm the host the way it reads.
func (p *parser) inContainer(c *Command, label string, args []Word) {
	p.runInContainer(c, label, args, nil, "")
}

// cronCommand returns the command of a crontab line, or "".
func cronCommand(line string) string {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return ""
	}
	f := strings.Fields(line)
	if strings.HasPrefix(f[0], "@") && len(f) > 1 {
		return strings.Join(f[1:], " ")
	}
	if len(f) > 5 && !strings.Contains(f[0], "=") {
		return strings.Join(f[5:], " ")
	}
	return ""
}

// env steps through env(1): options, NAME=value assignments, -S strings.
func (p *parser) env(c *Command, o parsed, args, rest []Word) {
	if s, ok := o.get("-S", "--split-string"); ok {
		w := Word{Value: s, Static: true, Start: c.Start, End: c.End}
		text := s
		if len(rest) > 0 {
			more, _ := joinArgs(rest)
			text += " " + more
		}
		p.payload("env -S", text, w, c.Line, false)
		return
	}
	env, rest := assignments(rest)
	in := p.inner(c, "env", rest, env)
	if in != nil && o.unknown && o.alt < len(args) {
		p.inner(c, "env", args[o.alt:], env)
	}
}

// ssh finds the remote command and the local commands ssh options run.
func (p *parser) ssh(c *Command, o parsed, args, rest []Word, runs []programs.Ran) {
	// Several -o options may be given: scan them all.
	for i := 0; i+1 < len(args); i++ {
		if args[i].Value == "-o" {
			p.sshOption(c, args[i+1].Value)
		} else if strings.HasPrefix(args[i].Value, "-o") && len(args[i].Value) > 2 {
			p.sshOption(c, args[i].Value[2:])
		}
	}
	// The remote command, by ssh's grammar and Run entry (programs):
	// options may follow the host (ssh HOST -p 22 CMD).
	var cmd []Word
	for _, r := range runs {
		if r.Kind == programs.RunsRemote {
			cmd = args[r.Word:]
		}
	}
	if len(cmd) == 0 {
		if len(rest) == 1 && !o.has("-N", "-W", "-O") {
			// ssh HOST: the remote login shell reads the input.
			prev := p.remote
			p.remote = true
			p.loginStdin(c, "ssh "+rest[0].Value)
			p.remote = prev
		}
		return
	}
	host := rest[0].Value
	text, static := joinArgs(cmd)
	if !static {
		c.CodeSource, c.CodeDetail = origin(cmd[0]), "ssh "+host+" "+text
		return
	}
	p.payload("ssh "+host, text, cmd[0], c.Line, true)
	if shells()[path.Base(cmd[0].Value)] && c.StdinStatic {
		// ssh host bash <<EOF: the remote shell reads the heredoc.
		p.payload("ssh "+host+" "+cmd[0].Value+" <<EOF", c.StdinText, cmd[0], c.Line, true)
	}
}

func (p *parser) sshOption(c *Command, opt string) {
	key, val, ok := strings.Cut(opt, "=")
	if !ok {
		key, val, ok = strings.Cut(opt, " ")
	}
	if !ok {
		return
	}
	switch strings.ToLower(strings.TrimSpace(key)) {
	case "proxycommand", "localcommand", "knownhostscommand", "remotecommand":
		w := Word{Value: val, Static: true, Start: c.Start, End: c.End}
		p.payload("ssh -o "+strings.TrimSpace(key), strings.ReplaceAll(val, "%", ""), w, c.Line, false)
	}
}

// shellOpts is the option grammar shared by sh, bash, dash, ksh and zsh.
var shellOpts = optSpec{short: "abcefhikmnprstuvxBCDEHIlPTVXy0123456789", shortVal: "oO", plus: true, allShort: true,
	long:    []string{"login", "noprofile", "norc", "posix", "restricted", "verbose", "version", "help", "debugger", "dump-strings", "dump-po-strings", "noediting", "pretty-print", "protected", "wordexp"},
	longVal: []string{"rcfile", "init-file"}}

// shell handles sh -c PAYLOAD, a shell reading a script from its input, and a
// shell given a script file.
func (p *parser) shell(c *Command, name string, args []Word) {
	if name == "fish" {
		p.fish(c, args)
		return
	}
	o := shellOpts.parse(args)
	rest := args[o.rest:]
	p.shellStartup(c, name, o)
	if o.has("-c") {
		if len(rest) == 0 {
			return
		}
		w := rest[0]
		label := name + " -c"
		if !w.Static {
			c.CodeSource, c.CodeDetail = origin(w), label+" "+w.Value
			p.dialect = shellDialect(name)
			p.visiblePayload(c, label, w, c.Line)
			p.dialect = ""
			return
		}
		p.args = staticArgs(rest[1:])
		p.dialect, p.childEnv = shellDialect(name), p.envOf(c)
		p.payload(label, w.Value, w, c.Line, false)
		p.args, p.dialect, p.childEnv = nil, "", nil
		return
	}
	if len(rest) > 0 && !o.has("-s") {
		// A script file. A process substitution or /dev/stdin is code
		// from elsewhere.
		w := rest[0]
		if !w.Static {
			p.substCode(c, name, w)
			return
		}
		if p.fdScript(c, name, w) {
			return
		}
		if w.Value != "/dev/stdin" && w.Value != "-" && w.Value != "/dev/fd/0" && w.Value != "/proc/self/fd/0" {
			p.dialect = shellDialect(name)
			p.runFile(c, name, w, 0, false, true)
			p.dialect = ""
			return
		}
	}
	p.dialect, p.childEnv = shellDialect(name), p.envOf(c)
	p.stdinCode(c, name)
	p.dialect, p.childEnv = "", nil
}

// shellStartup checks the start-up files a shell reads before its command:
// BASH_ENV and ENV given to it, --rcfile and --init-file.
func (p *parser) shellStartup(c *Command, name string, o parsed) {
	for _, a := range c.Env {
		if a.Name == "BASH_ENV" || a.Name == "ENV" {
			p.runFile(c, a.Name+"=", a.Value, 0, false, true)
		}
	}
	if v, ok := o.get("--rcfile", "--init-file"); ok {
		p.runFile(c, name+" --rcfile", Word{Value: v, Static: true, Start: c.Start, End: c.End}, 0, false, true)
		p.rcfileSubst(c, name) // --rcfile <(…) (redteam7.go)
	}
}

func (p *parser) fish(c *Command, args []Word) {
	spec := optSpec{allShort: true, shortVal: "cCdfo", longVal: []string{"command", "init-command", "debug", "features", "debug-output", "profile"}}
	o := spec.parse(args)
	for _, key := range []string{"-c", "--command", "-C", "--init-command"} {
		if v, ok := o.set[key]; ok {
			w := Word{Value: v, Static: true, Start: c.Start, End: c.End}
			p.payload("fish "+key, v, w, c.Line, false)
		}
	}
	if !o.has("-c", "--command") && len(args[o.rest:]) == 0 {
		p.stdinCode(c, "fish")
	}
}

// loginStdin handles a program that starts a login shell on its input (su,
// script, ssh HOST): static input and files are checked; the output of an
// unknown command is reported only when it comes from the network or a
// decoder (x | script is rare, and usually not meant as code).
func (p *parser) loginStdin(c *Command, name string) {
	if c.StdinFrom == nil && c.stdinRedirect() == nil && c.stdinCarrier == nil {
		return // the terminal
	}
	p.stdinCode(c, name)
	if c.CodeSource == "dynamic" && c.CodeDetail == "| "+name {
		c.CodeSource, c.CodeDetail = "", ""
	}
}

// stdinCode handles a program that runs the code on its standard input.
func (p *parser) stdinCode(c *Command, name string) {
	spanPipeline(c)
	label := "| " + name
	for _, r := range c.Redirs {
		switch r.Op {
		case "<<", "<<-":
			label = name + " <<EOF"
		case "<<<":
			label = name + " <<<"
		}
	}
	if c.StdinStatic {
		w := Word{Value: c.StdinText, Static: true, Start: c.Start, End: c.End}
		p.codeOnStdin = true
		p.payload(label, c.StdinText, w, c.Line, false)
		p.codeOnStdin = false
		return
	}
	if s, ok := p.stdinFile(c); ok {
		p.runScript(c, label, s, 0)
		return
	}
	if c.StdinFrom != nil && c.StdinFrom.groupOut != "" && c.stdinRedirect() == nil {
		// (echo 'rm -rf ~'; cat x) | sh: the known part is code too.
		w := Word{Value: c.StdinFrom.groupOut, Static: true, Start: c.Start, End: c.End}
		p.codeOnStdin = true
		p.payload(label, w.Value, w, c.Line, false)
		p.codeOnStdin = false
	}
	if src := stdinSource(c); src != "" && src != "file" && src != "tty" && src != "local" {
		c.CodeSource, c.CodeDetail = src, label
	}
}

// stdinSource says where a command's standard input comes from, when it is
// not static: "network", "decoder", "dynamic", "file" (a redirect from a
// file, cat FILE) or "tty" (nothing: the terminal).
func stdinSource(c *Command) string {
	for i := len(c.Redirs) - 1; i >= 0; i-- {
		r := c.Redirs[i]
		if r.Fd != "" && r.Fd != "0" {
			continue
		}
		switch r.Op {
		case "<<", "<<-", "<<<":
			if !r.BodyStatic {
				return "dynamic"
			}
			return ""
		case "<":
			if !r.Target.Static {
				return origin(r.Target)
			}
			return "file"
		}
	}
	if c.StdinFrom == nil {
		return "tty"
	}
	src := "file"
	for s := c.StdinFrom; s != nil; s = s.StdinFrom {
		if len(s.Args) == 0 {
			src = worseOrigin(src, "dynamic")
			continue
		}
		name := s.Name()
		switch {
		case !s.Args[0].Static:
			src = worseOrigin(src, "dynamic")
		case networkTools()[name] && name != "openssl" && name != "gh":
			src = worseOrigin(src, "network")
		case localTool(s):
			src = worseOrigin(src, "local")
		case decoders()[name]:
			if _, ok := output(s); !ok {
				src = worseOrigin(src, "decoder")
			}
		case name == "cat" || name == "tee" || name == "head" || name == "tail":
			for _, r := range s.Redirs {
				if r.Op == "<" && !r.Target.Static {
					src = worseOrigin(src, origin(r.Target))
				}
			}
			for _, a := range s.Args[1:] {
				if !a.Static {
					src = worseOrigin(src, origin(a))
				}
			}
		case name == "echo" || name == "printf":
			for _, a := range s.Args[1:] {
				if !a.Static {
					src = worseOrigin(src, origin(a))
				}
			}
		default:
			src = worseOrigin(src, "dynamic")
		}
	}
	if src == "file" {
		return "file"
	}
	return src
}

// origin returns where a dynamic word comes from.
func origin(w Word) string {
	if w.Static {
		return ""
	}
	if w.Origin == "" {
		return "dynamic"
	}
	return w.Origin
}

// code handles eval ARGS: the arguments joined are shell code.
func (p *parser) code(c *Command, label string, args []Word) {
	if len(args) == 0 {
		return
	}
	text, static := joinArgs(args)
	p.codeText(c, label, text, static, args)
}

func (p *parser) codeText(c *Command, label, text string, static bool, args []Word) {
	if static {
		p.payload(label, text, args[0], c.Line, false)
		return
	}
	src := ""
	for _, a := range args {
		src = worseOrigin(src, origin(a))
	}
	if src != "local" {
		c.CodeSource, c.CodeDetail = src, label+" "+text
	}
	p.visiblePayload(c, label, Word{Value: text, Start: args[0].Start, End: args[len(args)-1].End}, c.Line)
}

// find unwraps -exec, -execdir, -ok and -okdir.
func (p *parser) find(c *Command, args []Word) {
	for i := 0; i < len(args); i++ {
		switch args[i].Value {
		case "-exec", "-execdir", "-ok", "-okdir":
			label := "find " + args[i].Value
			j := i + 1
			for ; j < len(args) && args[j].Value != ";" && args[j].Value != "+"; j++ {
			}
			p.inner(c, label, args[i+1:j], nil)
			i = j
		}
	}
}

func decodeUTF16Base64(s string) (string, bool) {
	b, err := base64.StdEncoding.DecodeString(strip(s))
	if err != nil || len(b)%2 != 0 {
		return "", false
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
	}
	return string(utf16.Decode(u)), true
}

// envPayloads treats environment prefixes that name a program to run
// (PAGER, GIT_SSH_COMMAND, LESSOPEN, …) as shell code.
func (p *parser) envPayloads(c *Command) {
	for _, a := range c.Env {
		if !isCommandVar(a.Name) || a.Value.Value == "" {
			continue
		}
		v := editorCode(c, a.Name, varCode(a.Name, a.Value.Value))
		if !a.Value.Static && !(origin(a.Value) == "dynamic" && knownProgramOnly(v)) {
			if c.CodeSource == "" {
				c.CodeSource, c.CodeDetail = origin(a.Value), a.Name+"="+a.Value.Value
			}
			continue
		}
		p.payload(a.Name+"=", v, a.Value, c.Line, false)
	}
}

// varCode returns the shell code of a command variable's value: less's
// LESSOPEN and LESSCLOSE start with its own markers (| for a pipe, || and
// - for other modes) and name the file %s.
func varCode(name, v string) string {
	if name == "LESSOPEN" || name == "LESSCLOSE" {
		v = strings.TrimLeft(v, "|")
		v = strings.TrimPrefix(v, "-")
	}
	return strings.ReplaceAll(v, "%s", "FILE")
}

// commandVars are environment variables whose value programs run as a
// command.
var commandVars = set("PAGER", "MANPAGER", "GIT_PAGER", "GIT_SSH_COMMAND", "GIT_SSH", "GIT_EDITOR", "EDITOR", "SUDO_EDITOR",
	"VISUAL", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS", "SSH_ASKPASS", "SUDO_ASKPASS", "LESSOPEN", "LESSCLOSE",
	"BROWSER", "SYSTEMD_PAGER", "PSQL_PAGER", "MYSQL_PAGER", "GIT_SEQUENCE_EDITOR", "PROMPT_COMMAND")

func (p *parser) dynamicProgram(c *Command, what string, w Word) {
	if c.CodeSource == "" {
		c.CodeSource, c.CodeDetail = origin(w), fmt.Sprintf("%s %s", what, w.Value)
	}
}

// spanPipeline widens the span of a command that runs its input as code to
// the whole pipeline feeding it, so a report shows curl … | sh, not sh.
func spanPipeline(c *Command) {
	for s := c.StdinFrom; s != nil; s = s.StdinFrom {
		if s.Start < c.Start && s.Start >= 0 {
			c.Start = s.Start
		}
	}
}

// runLater parses code stored to run later — an alias body, a trap handler,
// PROMPT_COMMAND — as if it ran now.
func (p *parser) runLater(c *Command, label string, w Word, deferred bool) {
	if !w.Static {
		if o := origin(w); o != "local" && c.CodeSource == "" && !(o == "dynamic" && knownProgramOnly(w.Value)) {
			c.CodeSource, c.CodeDetail = o, label+" "+w.Value
		}
		if !p.knownParts(w.Value) {
			return
		}
		// PROMPT_COMMAND="$PROMPT_COMMAND; cmd": the known parts are
		// still code; the unknown ones stay as ${name} and $(…).
	}
	prev, prevDeferred := p.cur, p.deferred
	p.cur, p.deferred = c, p.deferred || deferred
	defer func() { p.cur, p.deferred = prev, prevDeferred }()
	// Stored code runs in this shell: it sees this shell's variables.
	p.inherit = true
	p.withLater(func() { p.payload(label, w.Value, w, c.Line, false) })
	p.inherit = false
}

// substCode handles a shell or source reading code from a process
// substitution: parsed when its output is static, else judged by origin.
func (p *parser) substCode(c *Command, name string, w Word) {
	if w.Code != "" {
		p.payload(name+" <(…)", w.Code, w, c.Line, false)
		return
	}
	if o := origin(w); o != "local" {
		c.CodeSource, c.CodeDetail = o, name+" "+w.Value
	}
}

// dynamicShell handles a command word that stays dynamic but is given -c
// CODE, as $SHELL -c '…' or "$BASH" -c '…' are: the code is parsed as shell
// in case the program is one.
//
// A name that says which interpreter it is ("$PY", "python$V", "${NODE}")
// runs its payload in that language instead. For a name that says nothing
// ("$X -c …"), the code is still parsed as shell, but text that is not
// valid shell is not reported: it is most likely another language.
func (p *parser) dynamicShell(c *Command) {
	if l := dynamicLang(c.Args[0].Value); l != 0 {
		prev := p.cur
		p.cur = c
		p.interpreter(c, c.Args[0].Value, l, c.Args[1:])
		p.cur = prev
		return
	}
	if _, names := splitDynamic(c.Args[0].Value); len(c.Args) > 1 && len(names) == 1 && strings.HasSuffix(strings.ToLower(names[0]), "sh_c") {
		// $sh_c 'CODE', the installers' idiom for sh -c or sudo sh -c.
		w := c.Args[1]
		prev := p.cur
		p.cur = c
		p.codeText(c, c.Args[0].Value, w.Value, w.Static, []Word{w})
		p.cur = prev
		return
	}
	for i := 1; i+1 < len(c.Args); i++ {
		if c.Args[i].Value == "-c" || strings.HasPrefix(c.Args[i].Value, "-") && strings.HasSuffix(c.Args[i].Value, "c") && len(c.Args[i].Value) <= 4 {
			w := c.Args[i+1]
			prev, lenient := p.cur, p.lenient
			p.cur = c
			p.lenient = !shellLike(c.Args[0].Value)
			p.codeText(c, c.Args[0].Value+" -c", w.Value, w.Static, []Word{w})
			p.cur, p.lenient = prev, lenient
			return
		}
	}
	if shellLike(c.Args[0].Value) && readsStdinScript(c.Args[1:]) {
		// curl … | "$BASH", | $SHELL -s: a shell named by a variable runs
		// its standard input as a script, as | bash does.
		if src := stdinSource(c); src != "" && src != "file" && src != "tty" && src != "local" {
			c.CodeSource, c.CodeDetail = src, "| "+c.Args[0].Value
		}
		return
	}
	p.dynamicPrefix(c) // dynprefix.go: $SUDO rm -rf ~, | $SUDO bash
}

// readsStdinScript reports shell arguments that leave the script to
// standard input: options only (-e, -x, -o pipefail, -), or -s and the
// script's own arguments. A first operand is a script file.
func readsStdinScript(args []Word) bool {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-s" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "s"):
			return true
		case v == "-o" || v == "+o":
			i++
		case strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+"):
		default:
			return false
		}
	}
	return true
}

// dynamicLang returns the interpreter a dynamic command word names: the
// static part of "python$V" or "/usr/bin/node${X}", or the variable of "$PY",
// "${PYTHON3}", "$NODE_BIN"; 0 when it names none.
func dynamicLang(word string) payload.Lang {
	static, names := splitDynamic(word)
	if b := path.Base(static); static != "" && b != "." && b != "/" {
		if l := payload.LangOf(b); l != 0 {
			return l
		}
	}
	for _, n := range names {
		n = strings.ToLower(n)
		for _, suf := range []string{"_bin", "_exe", "_cmd", "_path", "bin", "exe", "cmd"} {
			n = strings.TrimSuffix(n, suf)
		}
		n = strings.TrimRight(n, "0123456789_")
		switch n {
		case "py", "pyexe", "python", "pypy", "python_interpreter", "interpreter":
			return payload.LangPython
		}
		if l := payload.LangOf(n); l != 0 {
			return l
		}
	}
	return 0
}

// shellLike reports whether a dynamic command word names a shell: $SHELL,
// "$BASH", ${ZSH_BIN}, $sh_c, …
func shellLike(word string) bool {
	static, names := splitDynamic(word)
	if b := path.Base(static); static != "" && shells()[b] {
		return true
	}
	for _, n := range names {
		n = strings.ToLower(n)
		if n == "shell" || n == "sh_c" || strings.HasSuffix(strings.TrimRight(n, "_c"), "sh") || strings.Contains(n, "shell") {
			return true
		}
	}
	return false
}

// splitDynamic splits a dynamic word as kept in Word.Value ("python${V}")
// into its static text ("python") and the variable names it reads ("V").
func splitDynamic(word string) (string, []string) {
	var static strings.Builder
	var names []string
	for i := 0; i < len(word); i++ {
		if word[i] != '$' {
			static.WriteByte(word[i])
			continue
		}
		j := i + 1
		if j < len(word) && word[j] == '{' {
			k := strings.IndexByte(word[j:], '}')
			if k < 0 {
				break
			}
			inner := word[j+1 : j+k]
			end := strings.IndexAny(inner, ":-=+?#%/[")
			if end >= 0 {
				inner = inner[:end]
			}
			names = append(names, inner)
			i = j + k
			continue
		}
		k := j
		for k < len(word) && (word[k] == '_' || word[k] >= 'a' && word[k] <= 'z' || word[k] >= 'A' && word[k] <= 'Z' || word[k] >= '0' && word[k] <= '9') {
			k++
		}
		if k > j {
			names = append(names, word[j:k])
		}
		i = k - 1
	}
	return static.String(), names
}

// optAnywhere finds an option's value anywhere in args: "-c V", "--command=V".
func optAnywhere(args []Word, names ...string) (Word, bool) {
	for i, a := range args {
		for _, n := range names {
			if a.Value == n && i+1 < len(args) {
				return args[i+1], true
			}
			if v, ok := strings.CutPrefix(a.Value, n+"="); ok && strings.HasPrefix(n, "--") {
				a.Value = v
				return a, true
			}
		}
	}
	return Word{}, false
}

// staticArgs returns the values of words when all are static, else nil.
func staticArgs(ws []Word) []string {
	out := []string{}
	for _, w := range ws {
		if !w.Static {
			return nil
		}
		out = append(out, w.Value)
	}
	return out
}

// xargsArgs builds the command xargs runs from static input: -I REPL
// replaces REPL by each line; otherwise the input's words are appended.
func xargsArgs(cmd []Word, o parsed, in string, c *Command) []Word {
	mk := func(v string) Word { return Word{Value: v, Static: true, Start: c.Start, End: c.End} }
	if repl, ok := o.get("-I", "--replace", "-i"); ok {
		if repl == "" {
			repl = "{}"
		}
		line, _, _ := strings.Cut(strings.TrimLeft(in, "\n"), "\n")
		out := make([]Word, len(cmd))
		for i, w := range cmd {
			w.Value = strings.ReplaceAll(w.Value, repl, line)
			out[i] = w
		}
		return out
	}
	out := append([]Word(nil), cmd...)
	fields := strings.Fields(in)
	if o.has("-0", "--null") {
		fields = nil
		for _, f := range strings.Split(in, "\x00") {
			if f = strings.TrimRight(f, "\n"); f != "" {
				fields = append(fields, f)
			}
		}
	}
	if len(fields) > 64 {
		fields = fields[:64]
	}
	for _, f := range fields {
		out = append(out, mk(f))
	}
	return out
}

// forkLoop reports interpreter code that forks inside an endless loop:
// perl -e 'fork while fork', ruby -e 'loop { fork }', python's
// while True: os.fork().
func forkLoop(code string) bool {
	low := strings.ToLower(code)
	if !strings.Contains(low, "fork") {
		return false
	}
	for _, loop := range []string{"while", "loop", "until", "for(;;)", "for (;;)", "setinterval"} {
		if strings.Contains(low, loop) {
			return true
		}
	}
	return false
}

// assignments splits leading NAME=value words (as env and sudo take them)
// from the command that follows.
func assignments(ws []Word) ([]Assign, []Word) {
	var env []Assign
	for len(ws) > 0 {
		name, val, ok := strings.Cut(ws[0].Value, "=")
		if !ok || name == "" || strings.ContainsAny(name, "/ ") {
			break
		}
		env = append(env, Assign{Name: name, Value: Word{Value: val, Static: ws[0].Static, Start: ws[0].Start, End: ws[0].End}})
		ws = ws[1:]
	}
	return env, ws
}

// guardsh unwraps a nested guardsh: in $SHELL mode (guardsh -c CODE, a
// script on its standard input) it runs its payload like bash; `guardsh gate
// -c CODE` and `guardsh check -c CODE | -- ARG... | -` carry the line they
// judge, which is checked like a payload so that a nested guardsh can never
// hide what the line it is given would do.
func (p *parser) guardsh(c *Command, args []Word) {
	if len(args) == 0 || strings.HasPrefix(args[0].Value, "-") || strings.HasPrefix(args[0].Value, "+") {
		p.shell(c, "guardsh", args)
		return
	}
	verb := args[0].Value
	if verb != "gate" && verb != "check" {
		return
	}
	rest := args[1:]
	for i := 0; i < len(rest); i++ {
		v := strings.TrimPrefix(rest[i].Value, "-")
		switch {
		case v == "c" || v == "-c":
			if i+1 < len(rest) {
				w := rest[i+1]
				p.codeText(c, "guardsh "+verb+" -c", w.Value, w.Static, []Word{w})
			}
			return
		case strings.HasPrefix(v, "c=") || strings.HasPrefix(v, "-c="):
			w := rest[i]
			_, code, _ := strings.Cut(w.Value, "=")
			p.codeText(c, "guardsh "+verb+" -c", code, w.Static, []Word{w})
			return
		case rest[i].Value == "--" && verb == "check":
			if more := rest[i+1:]; len(more) > 0 {
				text, static := joinArgs(more)
				p.codeText(c, "guardsh check --", text, static, more)
			}
			return
		case rest[i].Value == "-" && verb == "check":
			p.stdinCode(c, "guardsh check")
			return
		}
	}
}
