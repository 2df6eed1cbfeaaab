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

// runOptions is the table of such options. Their value is parsed as a
// command line; one that cannot be resolved statically is a finding.
var runOptions = []runOption{
	{prog: "rg", names: []string{"--pre", "--hostname-bin"}},
	{prog: "man", names: []string{"-P", "--pager", "--html"}},
	{prog: "man", names: []string{"-H"}, attached: true},
	{prog: "sort", names: []string{"--compress-program"}},
	{prog: "ag", names: []string{"--pager"}},
	{prog: "tar", names: []string{"--to-command", "--use-compress-program", "-I", "--info-script", "-F", "--new-volume-script", "--rsh-command"}},
	{prog: "tar", names: []string{"--checkpoint-action"}, prefix: "exec="},
	{prog: "rsync", names: []string{"-e", "--rsh", "--rsync-path"}},
	{prog: "zip", names: []string{"-TT", "--unzip-command"}},
	{prog: "split", names: []string{"--filter"}},
	{prog: "tcpdump", names: []string{"-z"}},
	{prog: "less", names: []string{}},
	{prog: "git", names: []string{}},
	{prog: "vim", names: []string{"-c", "--cmd"}, prefix: "!"},
	{prog: "vi", names: []string{"-c", "--cmd"}, prefix: "!"},
	{prog: "nvim", names: []string{"-c", "--cmd"}, prefix: "!"},
	{prog: "gdb", names: []string{"-ex", "--ex", "-eval-command", "--eval-command"}, prefix: "shell "},
	{prog: "gdb", names: []string{"-ex", "--ex", "-eval-command", "--eval-command"}, prefix: "!"},
	{prog: "mysql", names: []string{"--pager"}},
	{prog: "psql", names: []string{}},
	{prog: "journalctl", names: []string{}},
	{prog: "nmap", names: []string{}},
	{prog: "dpkg", names: []string{}},
}

// gitRunKeys are git configuration keys whose value git runs as a command.
var gitRunKeys = []string{"core.pager", "core.sshcommand", "core.editor", "core.fsmonitor", "core.askpass",
	"diff.external", "credential.helper", "sequence.editor", "gpg.program", "gpg.ssh.program", "uploadpack.packobjectshook",
	"core.hookspath", "pager.", "alias.", "difftool.", "mergetool.", "filter.", "merge.", "diff."}

// programs looks for options by which a program runs a command.
func (p *parser) programs(c *Command, name string, args []Word) {
	if name == "git" {
		p.git(c, args)
		return
	}
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
		case a == "config" && i+2 < len(args):
			// git config [--global] KEY VALUE stores a command for later.
			rest := args[i+1:]
			for len(rest) > 0 && strings.HasPrefix(rest[0].Value, "-") {
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
	return false
}
