package rules

import (
	"fmt"
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// suCommandShell reports whether su's words (su and what follows it, as
// sudo runs them) hand over a shell: su or su - USER without -c, or a -c /
// --command / --session-command whose code is itself a bare shell (su -c
// bash, su - root -c 'exec zsh -l') or is not known at all (su -c "$x").
// su [-] USER -c CMD runs the one command CMD through USER's shell and
// returns (util-linux su; options may follow the user): CMD is checked as
// the command it is (parse reads it), like sudo CMD (issue 12, held-out
// set: minikube's cleanup runs sudo su - "$user" -c 'command -v minikube').
func suCommandShell(words []parse.Word) bool {
	var code *parse.Word
	value := func(i *int, rest string) *parse.Word {
		// An option's value: the rest of its word, or the next word.
		if rest != "" {
			w := words[*i]
			w.Value = rest
			return &w
		}
		if *i+1 >= len(words) {
			return nil
		}
		*i++
		return &words[*i]
	}
	user := false
	for i := 1; i < len(words); i++ {
		v := words[i].Value
		switch {
		case !words[i].Static && (strings.HasPrefix(v, "-") || user):
			// Options not known, or a word after the user that may
			// split into options (-c bash --): anything. The user
			// itself may be a variable (su - "$user" -c …).
			return true
		case !words[i].Static || v != "-" && !strings.HasPrefix(v, "-"):
			user = true
		case v == "--":
			i = len(words)
		case v == "-c" || v == "--command" || v == "--session-command":
			if code = value(&i, ""); code == nil {
				return true
			}
		case strings.HasPrefix(v, "--command=") || strings.HasPrefix(v, "--session-command="):
			_, val, _ := strings.Cut(v, "=")
			code = value(&i, val)
		case v == "--shell" || v == "--group" || v == "--supp-group" || v == "--whitelist-environment":
			i++
		case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && len(v) > 1:
			// A cluster of short options: -lc CMD, -cCMD, -ls SHELL.
		cluster:
			for j := 1; j < len(v); j++ {
				switch v[j] {
				case 'f', 'l', 'm', 'p', 'P', 'h', 'V':
				case 'c':
					if code = value(&i, v[j+1:]); code == nil {
						return true
					}
					break cluster
				case 's', 'g', 'G', 'w':
					value(&i, v[j+1:])
					break cluster
				default:
					return true // not su's: not read
				}
			}
		}
	}
	if code == nil {
		return true // su, su -, su - USER: a login shell
	}
	return codeIsShell(*code)
}

// shellValueOpt reports a shell's option that takes the next word as its
// value (bash --rcfile FILE, -o OPT, -O SHOPT, fish -C CMD).
func shellValueOpt(a string) bool {
	switch a {
	case "--rcfile", "--init-file", "-o", "+o", "-O", "+O", "--init-command", "-C":
		return true
	}
	return false
}

// codeIsShell reports whether code given to a shell's -c is, in some part,
// a bare interactive shell (bash, exec zsh -l, id; sh, bash -s, bash
// --rcfile x, su), or is not known enough to tell: one dynamic word ("$x")
// with nothing static after it.
func codeIsShell(w parse.Word) bool {
	seg := strings.FieldsFunc(w.Value, func(r rune) bool {
		return r == ';' || r == '&' || r == '|' || r == '\n' || r == '(' || r == ')'
	})
	if len(seg) == 0 {
		return !w.Static
	}
	for _, s := range seg {
		f := strings.Fields(s)
		for len(f) > 0 {
			switch {
			case f[0] == "exec":
				f = f[1:]
				for len(f) > 0 && strings.HasPrefix(f[0], "-") {
					if f[0] == "-a" && len(f) > 1 {
						f = f[1:]
					}
					f = f[1:]
				}
				continue
			case f[0] == "{" || f[0] == "}" || f[0] == "!" || f[0] == "command" || f[0] == "builtin" || f[0] == "env" || f[0] == "nohup" || f[0] == "time" ||
				strings.Contains(f[0], "=") && !strings.HasPrefix(f[0], "="):
				f = f[1:]
				continue
			}
			break
		}
		if len(f) == 0 {
			continue
		}
		if !w.Static && strings.ContainsAny(f[0], "$`") {
			// "${minikube} delete --all": a program given an operand
			// (a shell would run a script file, not read a terminal);
			// "$x" alone may be a shell.
			operand := false
			for _, a := range f[1:] {
				if !strings.HasPrefix(a, "-") && !strings.ContainsAny(a, "$`") {
					operand = true
				}
			}
			if !operand {
				return true
			}
			continue
		}
		name := path.Base(f[0])
		if name == "su" || name == "sudo" || name == "doas" || name == "login" {
			var ws []parse.Word
			for _, a := range f {
				ws = append(ws, parse.Word{Value: a, Static: w.Static})
			}
			if name != "su" || suCommandShell(ws) {
				return true // su inside: a root shell again; sudo's own rule reads sudo -s
			}
			continue
		}
		if !isShell(name) {
			continue
		}
		bare := true
		for k := 1; k < len(f); k++ {
			a := f[k]
			switch {
			case shellValueOpt(a):
				k++
			case a == "--":
			case strings.HasPrefix(a, "--"):
			case strings.HasPrefix(a, "-") || strings.HasPrefix(a, "+"):
				if strings.Contains(a, "s") {
					return true // -s: commands from the standard input
				}
				if strings.Contains(a, "c") {
					bare = false // bash -c '…': checked as that
				}
			case !strings.ContainsAny(a, "$`"):
				bare = false // bash script.sh: checked as that
			}
		}
		if bare {
			return true
		}
	}
	return false
}

// rmdirUnderHome reports an rmdir operand strictly inside the home
// directory (~/.config/fish/functions): rmdir removes only an empty
// directory, so nothing a user keeps is lost (fzf's uninstaller, held-out
// set). An empty directory under a system path may still be needed (a
// mount point, sshd's /var/empty): those stay reported, as do a glob and
// "..".
func rmdirUnderHome(c *parse.Command, v string) bool {
	if path.Base(c.Name()) != "rmdir" || !strings.HasPrefix(v, "~/") || parse.HomeLike(v) || strings.Contains(v, "..") || strings.ContainsAny(v, "*?[") {
		return false
	}
	return strings.Trim(v[2:], "/.") != ""
}

// findEmptyDirsOnly reports a find whose only action is -delete, on
// directories (-type d) that are empty (-empty), with every test joined by
// and (no -o, ",", !, -not or parentheses) and no symlink following (-L,
// -follow): -delete removes a directory with rmdir, so only empty
// directories go and no file is lost (airflow's clean-logs.sh: find
// "$DIR"/logs -type d -empty -delete).
func findEmptyDirsOnly(c *parse.Command) bool {
	ws := c.Args[1:]
	for len(ws) > 0 && ws[0].Static && (ws[0].Value == "-P" || strings.HasPrefix(ws[0].Value, "-O")) {
		ws = ws[1:]
	}
	for len(ws) > 0 && !(ws[0].Static && (strings.HasPrefix(ws[0].Value, "-") || ws[0].Value == "!" || ws[0].Value == "(")) {
		ws = ws[1:] // the starting points
	}
	typeD, empty, del := false, false, false
	for i, w := range ws {
		if !w.Static {
			return false // find "$D" $more -delete: anything
		}
		switch w.Value {
		case "-o", "-or", ",", "!", "-not", "(", ")", "-L", "-follow", "-H", "-files0-from":
			return false
		case "-exec", "-execdir", "-ok", "-okdir", "-fprint", "-fprint0", "-fprintf", "-fls":
			return false
		case "-type":
			if i+1 < len(ws) && ws[i+1].Value == "d" {
				typeD = true
			}
		case "-empty":
			empty = true
		case "-delete":
			del = true
		}
	}
	return typeD && empty && del
}

// windowsSubdirSwitch reports del's or rd's /S switch (with the whole tree
// below it), as a word of its own (/s, /S, /s/q, /q/s): a Unix path that
// holds "/s" (rmdir ~/.local/share/x) is not one.
func windowsSubdirSwitch(words []string) bool {
	for _, w := range words {
		lw := strings.ToLower(w)
		if strings.HasPrefix(lw, "/") && strings.Trim(lw, "/sq") == "" && strings.Contains(lw, "s") && !strings.Contains(lw, "//") {
			return true
		}
	}
	return false
}

// foldReplaced folds the finding of an rm -f of a file into the finding of
// a later command of the same input that writes that file again (issue
// 12, held-out set: nodesource's setup_20.x runs rm -f
// /usr/share/keyrings/nodesource.gpg before gpg --dearmor -o writes it,
// and rm -f /etc/apt/sources.list.d/nodesource.list before tee writes
// it). What the rm loses is the old content that the write replaces, and
// the write is reported on its own: its reason then says that the file
// is deleted first, so that an append (>>) is not read as keeping the
// old content. Folded only for an rm without -r of static absolute files
// with no glob, each written by one later command that has a finding of
// another rule (and that writes it by name: a redirection, tee, -o FILE,
// --output=FILE, of=FILE, or the last operand of cp, mv, install, ln).
func (m *matcher) foldReplaced() {
	if len(m.out) < 2 {
		return
	}
	cmds := m.res.Commands
	drop := map[int]bool{}
	for i, f := range m.out {
		if f.Rule != "rm-absolute" {
			continue
		}
		rm := commandAt(cmds, f.Start, f.End, "rm")
		if rm == nil {
			continue
		}
		ops, ok := plainFileOperands(rm)
		if !ok {
			continue
		}
		var notes []int
		for _, op := range ops {
			j := -1
			for _, c := range cmds {
				if c.Start <= rm.End || !writesFile(c, op) {
					continue
				}
				if k := findingOf(m.out, c); k >= 0 && m.out[k].Rule != "rm-absolute" && m.out[k].Rule != "rm-recursive" {
					j = k
					break
				}
			}
			if j < 0 {
				notes = nil
				break
			}
			notes = append(notes, j)
		}
		if len(notes) == 0 {
			continue
		}
		drop[i] = true
		for n, j := range notes {
			m.out[j].Reason += fmt.Sprintf(" (line %d deletes %s first: rm -f; this finding stands for it)", f.Line, ops[n])
		}
	}
	if len(drop) == 0 {
		return
	}
	out := m.out[:0]
	for i, f := range m.out {
		if !drop[i] {
			out = append(out, f)
		}
	}
	m.out = out
}

// commandAt returns the command named name whose text is [start, end).
func commandAt(cmds []*parse.Command, start, end int, name string) *parse.Command {
	for _, c := range cmds {
		if c.Start == start && c.End == end && c.Name() == name && len(c.Via) == 0 {
			return c
		}
	}
	return nil
}

// findingOf returns the index of a finding on command c, or -1.
func findingOf(out []Finding, c *parse.Command) int {
	for k, f := range out {
		if f.Start == c.Start && f.End == c.End {
			return k
		}
	}
	return -1
}

// plainFileOperands returns the operands of an rm without -r/-R/-d:
// static absolute paths with no glob, .., trailing slash or ~.
func plainFileOperands(c *parse.Command) ([]string, bool) {
	var ops []string
	dashdash := false
	for _, w := range c.Args[1:] {
		if !w.Static {
			return nil, false
		}
		v := w.Value
		if !dashdash && strings.HasPrefix(v, "-") {
			if v == "--" {
				dashdash = true
				continue
			}
			if v != "-f" && v != "--force" && v != "-v" && v != "--verbose" && v != "-fv" && v != "-vf" {
				return nil, false
			}
			continue
		}
		if !strings.HasPrefix(v, "/") || strings.HasSuffix(v, "/") || strings.Contains(v, "..") || strings.ContainsAny(v, "*?[{~") {
			return nil, false
		}
		ops = append(ops, v)
	}
	return ops, len(ops) > 0
}

// writesFile reports whether command c writes the file f by name: a
// redirection to it, tee f, -o f, --output f, --output=f, of=f, or f as
// the last operand of cp, mv, install or ln.
func writesFile(c *parse.Command, f string) bool {
	for _, r := range c.Redirs {
		switch r.Op {
		case ">", ">>", ">|", "&>", "&>>":
			if r.Target.Static && r.Target.Value == f {
				return true
			}
		}
	}
	args := c.Args
	if len(args) == 0 {
		return false
	}
	switch path.Base(c.Name()) {
	case "tee":
		for _, w := range args[1:] {
			if w.Static && w.Value == f {
				return true
			}
		}
	case "cp", "mv", "install", "ln":
		last := args[len(args)-1]
		return len(args) > 2 && last.Static && last.Value == f
	case "dd":
		for _, w := range args[1:] {
			if w.Static && w.Value == "of="+f {
				return true
			}
		}
	}
	for i, w := range args[1:] {
		if !w.Static {
			continue
		}
		switch w.Value {
		case "-o", "--output", "-O", "--output-document":
			if i+2 < len(args) && args[i+2].Static && args[i+2].Value == f {
				return true
			}
		case "--output=" + f, "--output-document=" + f, "-o" + f:
			return true
		}
	}
	return false
}

// quietImageTrustedLocal: a downgrade-config-insecure finding of a RUN
// step is quiet for a package source the step removes again
// (Command.Removed) whose every trusted=yes entry (deb [ trusted=yes ]
// URI, in echo's or printf's words or a heredoc) is a file:// directory a
// mktemp of the step made (the docker-library images' local repository).
func quietImageTrustedLocal(c *parse.Command) bool {
	if !c.Removed {
		return false
	}
	var text []string
	switch path.Base(c.Name()) {
	case "echo", "printf":
		for _, w := range c.Args[1:] {
			if !w.Static {
				return false
			}
			text = append(text, w.Value)
		}
	case "cat", "tee":
		if !c.StdinStatic {
			return false
		}
		text = append(text, c.StdinText)
	default:
		return false
	}
	trusted := 0
	for _, line := range strings.Split(strings.ReplaceAll(strings.Join(text, " "), `\n`, "\n"), "\n") {
		if !strings.Contains(line, "trusted=yes") {
			continue
		}
		trusted++
		f := strings.Fields(line[strings.Index(line, "]")+1:])
		if !strings.Contains(line, "]") || len(f) == 0 || !strings.HasPrefix(f[0], "file://") || !parse.MktempDir(strings.TrimPrefix(f[0], "file://")) {
			return false
		}
	}
	return trusted > 0
}

// stepFetches reports a command of the input that downloads (curl, wget
// and the other programs a download-then-run reads), or that copies,
// moves, links or unpacks anything into a mktemp directory of the input
// (cp /tmp/x.deb "$tempDir", where an ADD of an earlier instruction may
// have put an unverified package): whatever a local repository there
// holds may come from it.
func stepFetches(res *parse.Result) bool {
	for _, c := range res.Commands {
		switch path.Base(c.Name()) {
		case "curl", "wget", "aria2c", "fetch", "http", "https", "xh", "lftp", "ftp", "scp", "sftp", "rsync", "git", "svn", "hg", "gsutil", "aws", "gcloud", "az", "oras", "skopeo", "crane", "docker", "podman":
			return true
		case "cp", "mv", "ln", "install", "tar", "bsdtar", "unzip", "7z", "cpio", "dpkg-deb", "ar", "dd", "tee":
			if strings.Contains(c.Dir, "/tmp/tmp.") || c.DirUnsure || c.Moved {
				return true
			}
			for _, w := range c.Args[1:] {
				if !w.Static || strings.Contains(w.Value, "/tmp/tmp.") {
					return true
				}
			}
		}
		if len(downloadWords(c)) > 0 {
			return true
		}
	}
	return false
}
