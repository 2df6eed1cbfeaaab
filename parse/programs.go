package parse

import "strings"

// A runOption is an option by which an innocent-looking program runs another
// command (GTFOBins catalogues many).
type runOption struct {
	prog string
	// names are the option's spellings: "--pre" matches "--pre CMD" and
	// "--pre=CMD"; a short "-P" matches "-P CMD" and "-PCMD".
	names []string
	// prefix, when set, is stripped from the value before it is parsed:
	// "exec=" of tar --checkpoint-action=exec=CMD.
	prefix string
	// attached is set for options whose value must be attached (-HCMD).
	attached bool
}

// runOptions is the table of such options for programs whose option
// parser package programs cannot describe yet (zip's two-letter -TT). The
// others are data in package programs (table_runners.go: rg, man, sort,
// tar, split, tcpdump, vim, scp, sftp, nodemon, gdb, mysql, ag; rsync in
// table.go), read by runOptionValues. A value is parsed as a command line;
// one that cannot be resolved statically is a finding.
var runOptions = []runOption{
	{prog: "zip", names: []string{"-TT", "--unzip-command"}},
}

// gitRunKeys are git configuration keys whose value git runs as a command.
var gitRunKeys = []string{"core.pager", "core.sshcommand", "core.editor", "core.fsmonitor", "core.askpass",
	"diff.external", "credential.helper", "sequence.editor", "gpg.program", "gpg.ssh.program", "uploadpack.packobjectshook",
	"core.hookspath", "pager.", "alias.", "difftool.", "mergetool.", "filter.", "merge.", "diff."}

// programs looks for options by which a program runs a command.
func (p *parser) programs(c *Command, name string, args []Word) {
	p.redteam6Programs(c, name, args) // npx -c, go -exec, vim system(), emacs deletes (redteam6.go)
	p.redteam7Programs(c, name, args) // gdb and lldb commands, cargo runners (redteam7.go)
	switch name {
	case "git":
		p.git(c, args)
		return
	case "scp", "sftp":
		for i := 0; i < len(args); i++ {
			if args[i].Value == "-o" && i+1 < len(args) {
				p.sshOption(c, args[i+1].Value)
			} else if strings.HasPrefix(args[i].Value, "-o") && len(args[i].Value) > 2 {
				p.sshOption(c, args[i].Value[2:])
			}
		}
	case "vim", "vi", "nvim", "ex", "view", "vimdiff":
		for _, a := range args {
			if v, ok := strings.CutPrefix(a.Value, "+"); ok {
				if _, cmd, ok := strings.Cut(v, "!"); ok {
					p.codeText(c, name+" +!", cmd, a.Static, []Word{a})
				}
			}
		}
	case "less", "more", "most":
		for _, a := range args {
			if strings.HasPrefix(a.Value, "+") {
				if _, cmd, ok := strings.Cut(a.Value, "!"); ok {
					p.codeText(c, name+" +!", cmd, a.Static, []Word{a})
				}
			}
		}
	case "ed", "red":
		if c.StdinStatic {
			p.bangLines(c, name, c.StdinText, "!")
		}
	case "sed", "gsed":
		p.sed(c, args)
	case "rpm", "rpmbuild", "rpmspec":
		p.rpmMacros(c, name, args)
	case "sqlite3", "psql", "mysql", "mariadb", "duckdb":
		for _, a := range args {
			p.bangLines(c, name, a.Value, ".shell ", ".system ", "\\! ", "\\!", "system ")
		}
		if c.StdinStatic {
			p.bangLines(c, name, c.StdinText, ".shell ", ".system ", "\\! ", "\\!", "system ")
		}
	case "emacs", "emacsclient":
		for _, a := range args {
			p.quotedCalls(c, name+" --eval", a, "(shell-command ", "(call-process-shell-command ", "(async-shell-command ")
		}
	case "osascript", "tclsh", "wish":
		for i := 0; i+1 < len(args); i++ {
			if args[i].Value == "-e" || args[i].Value == "--eval" || args[i].Value == "-E" {
				p.quotedCalls(c, name+" -e", args[i+1], "os.execute(", "io.popen(", "system(", "system2(", "run(`", "do shell script ", "exec ", "shell(")
			}
		}
	}
	p.runOptionValues(c, name, args)
	for _, ro := range runOptions {
		if ro.prog != name {
			continue
		}
		for i := 0; i < len(args); i++ {
			a := args[i]
			for _, opt := range ro.names {
				val, ok := optionValue(args, i, opt, ro.attached)
				if !ok {
					continue
				}
				p.runValue(c, name+" "+opt, ro.prefix, val)
			}
			if a.Value == "--" {
				break
			}
		}
	}
}

// optionValue returns the value of option opt at args[i], in its "--opt=V",
// "--opt V", "-oV" or "-o V" spelling.
func optionValue(args []Word, i int, opt string, attached bool) (Word, bool) {
	a := args[i]
	v := a.Value
	if v == opt && !attached {
		if i+1 < len(args) {
			return args[i+1], true
		}
		return Word{}, false
	}
	if strings.HasPrefix(opt, "--") {
		if rest, ok := strings.CutPrefix(v, opt+"="); ok {
			a.Value = rest
			return a, true
		}
		return Word{}, false
	}
	if rest, ok := strings.CutPrefix(v, opt); ok && rest != "" && len(opt) == 2 {
		a.Value = rest
		return a, true
	}
	return Word{}, false
}

// runValue parses an option value that a program runs.
func (p *parser) runValue(c *Command, label, prefix string, val Word) {
	if !val.Static {
		p.dynamicProgram(c, label, val)
		return
	}
	text := val.Value
	if prefix != "" {
		t, ok := strings.CutPrefix(strings.TrimLeft(text, ": "), prefix)
		if !ok {
			return
		}
		text = t
	}
	p.payload(label, text, val, c.Line, false)
}

// git handles git -c KEY=VALUE and --config-env for the keys whose value git
// runs.
func (p *parser) git(c *Command, args []Word) {
	p.redteam6Git(c, args) // GIT_CONFIG_KEY_n in the environment, git grep -O (redteam6.go)
	for i := 0; i < len(args); i++ {
		a := args[i].Value
		var kv Word
		switch {
		case a == "-c" && i+1 < len(args):
			kv = args[i+1]
			i++
		case strings.HasPrefix(a, "-c") && len(a) > 2:
			kv = args[i]
			kv.Value = a[2:]
		case a == "rebase" || a == "bisect" || a == "submodule" || a == "difftool" || a == "fetch" || a == "clone" || a == "pull" || a == "ls-remote" || a == "push" || a == "archive":
			p.gitSub(c, a, args[i+1:])
			return
		case a == "config" && i+2 < len(args):
			// git config [--global] KEY VALUE stores a command for later.
			rest := args[i+1:]
			for len(rest) > 0 && strings.HasPrefix(rest[0].Value, "-") {
				if gitConfigValued(rest[0].Value) && len(rest) > 1 {
					rest = rest[1:] // git config -f FILE KEY VALUE (redteam7.go)
				}
				rest = rest[1:]
			}
			if len(rest) >= 2 && gitRuns(strings.ToLower(rest[0].Value), rest[1].Value) {
				w := rest[1]
				w.Value = strings.TrimPrefix(w.Value, "!")
				prev := p.deferred
				p.deferred = true
				p.runValue(c, "git config "+rest[0].Value, "", w)
				p.deferred = prev
			}
			return
		case !strings.HasPrefix(a, "-"):
			return
		default:
			continue
		}
		key, val, _ := strings.Cut(kv.Value, "=")
		key = strings.ToLower(key)
		if !gitRuns(key, val) {
			continue
		}
		w := kv
		w.Value = strings.TrimPrefix(val, "!")
		p.runValue(c, "git -c "+key, "", w)
	}
}

func gitRuns(key, val string) bool {
	for _, k := range gitRunKeys {
		if strings.HasSuffix(k, ".") {
			if strings.HasPrefix(key, k) {
				if k == "alias." {
					return strings.HasPrefix(val, "!")
				}
				if k == "credential." || k == "merge." || k == "diff." {
					return strings.HasSuffix(key, ".driver") || strings.HasSuffix(key, ".command") || strings.HasSuffix(key, ".textconv") || strings.HasSuffix(key, ".helper")
				}
				return true
			}
			continue
		}
		if key == k {
			return key != "core.hookspath"
		}
	}
	return redteam6RunKey(key)
}

// bangLines parses the rest of each line of text that starts with one of the
// prefixes as shell: ed's !cmd, sqlite3's .shell cmd, psql's \! cmd.
func (p *parser) bangLines(c *Command, name, text string, prefixes ...string) {
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		for _, pre := range prefixes {
			if rest, ok := strings.CutPrefix(line, pre); ok && strings.TrimSpace(rest) != "" {
				rest = strings.TrimSuffix(strings.TrimSpace(rest), ";")
				p.payload(name+" "+strings.TrimSpace(pre), rest, Word{Value: rest, Static: true, Start: c.Start, End: c.End}, c.Line, false)
				break
			}
		}
	}
}

// quotedCalls finds call(" … ") and call(` … `) in code and parses the
// quoted text as shell.
func (p *parser) quotedCalls(c *Command, label string, w Word, calls ...string) {
	if !w.Static {
		return
	}
	src := w.Value
	for _, call := range calls {
		for i := 0; ; {
			j := strings.Index(src[i:], call)
			if j < 0 {
				break
			}
			k := i + j + len(call)
			k += len(src[k:]) - len(strings.TrimLeft(src[k:], " "))
			if k < len(src) {
				q := src[k]
				if call[len(call)-1] == '`' {
					q = '`'
					k--
				}
				if q == '"' || q == '\'' || q == '`' {
					if end := strings.IndexByte(src[k+1:], q); end >= 0 {
						text := src[k+1 : k+1+end]
						p.payload(label, text, w, c.Line, false)
					}
				}
			}
			i = k
			if i >= len(src) {
				break
			}
		}
	}
}

// sed finds GNU sed's e command and s///e flag, which run shell commands.
func (p *parser) sed(c *Command, args []Word) {
	var scripts []Word
	explicit := false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case (v == "-e" || v == "--expression") && i+1 < len(args):
			scripts = append(scripts, args[i+1])
			explicit = true
			i++
		case strings.HasPrefix(v, "--expression="):
			w := args[i]
			w.Value = strings.TrimPrefix(v, "--expression=")
			scripts = append(scripts, w)
			explicit = true
		case v == "-f" || v == "--file":
			explicit = true
			i++
		case !strings.HasPrefix(v, "-") && !explicit:
			scripts = append(scripts, args[i])
			explicit = true
		}
	}
	for _, w := range scripts {
		for _, cmd := range strings.FieldsFunc(w.Value, func(r rune) bool { return r == ';' || r == '\n' }) {
			cmd = strings.TrimSpace(cmd)
			// Strip an address (1, $, /re/, 1,5) and the braces of a
			// block: 1{s|.*|…|e}.
			cmd = strings.TrimLeft(cmd, "0123456789,$ {")
			if strings.HasPrefix(cmd, "/") {
				if end := strings.IndexByte(cmd[1:], '/'); end >= 0 {
					cmd = strings.TrimSpace(cmd[end+2:])
				}
			}
			cmd = strings.TrimLeft(cmd, "{ ")
			cmd = strings.TrimRight(cmd, "} ")
			if rest, ok := strings.CutPrefix(cmd, "e "); ok || cmd == "e" {
				if !w.Static {
					p.dynamicProgram(c, "sed e", w)
					continue
				}
				if ok {
					p.payload("sed e", rest, w, c.Line, false)
				} else {
					c.CodeSource, c.CodeDetail = "dynamic", "sed e runs the pattern space"
				}
			}
			if strings.HasPrefix(cmd, "s") && len(cmd) > 2 {
				d := cmd[1]
				parts := sedSplit(cmd[2:], d)
				if len(parts) >= 3 && strings.Contains(sedFlags(parts[len(parts)-1]), "e") {
					switch {
					case w.Static && (parts[0] == ".*" || parts[0] == "^.*$" || parts[0] == "^.*") && !strings.ContainsAny(parts[1], `&\`):
						// The whole line becomes the replacement, which
						// runs: s/.*/rm -rf ~/e.
						p.payload("sed s///e", parts[1], w, c.Line, false)
					case c.CodeSource == "":
						c.CodeSource, c.CodeDetail = "dynamic", "sed s///e runs the pattern space as a command"
					}
				}
			}
		}
	}
}

// gitSub handles git subcommands that run a command: rebase --exec, bisect
// run, submodule foreach, difftool --extcmd, --upload-pack and
// --receive-pack, and ext:: remote URLs.
func (p *parser) gitSub(c *Command, sub string, args []Word) {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if strings.HasPrefix(v, "ext::") {
			p.runValue(c, "git ext::", "", Word{Value: extCommand(strings.TrimPrefix(v, "ext::")), Static: args[i].Static, Start: args[i].Start, End: args[i].End})
			continue
		}
		for _, opt := range []string{"--exec", "-x", "--extcmd", "--upload-pack", "-u", "--receive-pack", "--exec-path"} {
			if opt == "-x" && sub != "rebase" && sub != "difftool" || opt == "-u" && sub != "clone" && sub != "fetch" && sub != "ls-remote" {
				continue
			}
			if w, ok := optionValue(args, i, opt, false); ok {
				p.runValue(c, "git "+sub+" "+opt, "", w)
			}
		}
	}
	switch sub {
	case "bisect":
		if len(args) > 1 && args[0].Value == "run" {
			p.inner(c, "git bisect run", args[1:], nil)
		}
	case "submodule":
		for i, a := range args {
			if a.Value == "foreach" {
				rest := args[i+1:]
				for len(rest) > 0 && strings.HasPrefix(rest[0].Value, "-") {
					rest = rest[1:]
				}
				if len(rest) > 0 {
					text, static := joinArgs(rest)
					p.codeText(c, "git submodule foreach", text, static, rest)
				}
				return
			}
		}
	}
}

// extCommand turns a git ext:: remote command into a shell command line:
// arguments split at spaces, "% " is a space inside an argument, "%%" a %.
func extCommand(s string) string {
	var argv []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '%' && i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '%'):
			cur.WriteByte(s[i+1])
			i++
		case s[i] == '%' && i+1 < len(s):
			i++ // %S, %s, %G: placeholders git fills in
		case s[i] == ' ':
			if cur.Len() > 0 {
				argv = append(argv, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteByte(s[i])
		}
	}
	if cur.Len() > 0 {
		argv = append(argv, cur.String())
	}
	for i, a := range argv {
		argv[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(argv, " ")
}

// sedSplit splits the rest of an s command at its delimiter d, outside
// backslash escapes; an escaped delimiter stands for itself.
func sedSplit(s string, d byte) []string {
	var parts []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == d:
			cur.WriteByte(d)
			i++
		case s[i] == '\\' && i+1 < len(s):
			cur.WriteByte(s[i])
			cur.WriteByte(s[i+1])
			i++
		case s[i] == d:
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(s[i])
		}
	}
	return append(parts, cur.String())
}
