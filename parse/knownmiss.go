package parse

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/payload"
)

// fdScript checks a shell given /dev/fd/N or /proc/self/fd/N as its script
// (N other than 0): the code is what the line's redirection of descriptor
// N holds: a heredoc or here-string (bash 3<<EOF /dev/fd/3), a process
// substitution (bash /dev/fd/3 3< <(curl …)) or a file. It reports
// whether the script was such a descriptor.
func (p *parser) fdScript(c *Command, name string, w Word) bool {
	fd, ok := strings.CutPrefix(w.Value, "/dev/fd/")
	if !ok {
		fd, ok = strings.CutPrefix(w.Value, "/proc/self/fd/")
	}
	if !ok || fd == "" || fd == "0" || !isDigits(fd) {
		return false
	}
	for i := len(c.Redirs) - 1; i >= 0; i-- {
		r := c.Redirs[i]
		if r.Fd != fd {
			continue
		}
		label := name + " " + w.Value
		switch r.Op {
		case "<<", "<<-", "<<<":
			if !r.BodyStatic {
				c.CodeSource, c.CodeDetail = worseOrigin("dynamic", origin(r.Target)), label
				return true
			}
			p.payload(label, r.Body, Word{Value: r.Body, Static: true, Start: c.Start, End: c.End}, c.Line, false)
		case "<", "<>":
			if !r.Target.Static {
				p.substCode(c, label, r.Target)
				return true
			}
			p.runFile(c, label, r.Target, 0, false, true)
		}
		return true
	}
	// No redirection of N on the line: an descriptor the caller opened.
	c.CodeSource, c.CodeDetail = "dynamic", name+" "+w.Value
	return true
}

// xargsShellCode marks the shell xargs runs as running its input when the
// input becomes the shell's -c code: xargs sh -c (the first input item is
// the code) or xargs -I{} sh -c {} (each line is), fed by a download, a
// decoder (curl … | xargs sh -c). Input of unknown origin (find … |
// xargs -I{} sh -c 'wc -l {}') is the file names of a listing, not code.
func (p *parser) xargsShellCode(c *Command, o parsed, rest []Word) {
	in := c.Inner
	if in == nil || c.StdinStatic || len(rest) == 0 || !shells()[path.Base(rest[0].Value)] {
		return
	}
	repl, hasRepl := o.get("-I")
	if !hasRepl {
		if v, ok := o.get("-i", "--replace"); ok {
			repl, hasRepl = v, true
			if repl == "" {
				repl = "{}"
			}
		}
	}
	args := rest[1:]
	code := false
	for i, a := range args {
		if a.Value == "-c" || len(a.Value) > 1 && a.Value[0] == '-' && a.Value[1] != '-' && strings.HasSuffix(a.Value, "c") {
			code = i+1 == len(args) || hasRepl && repl != "" && strings.Contains(args[i+1].Value, repl)
			break
		}
	}
	if !code {
		return
	}
	if src := stdinSource(c); src == "network" || src == "decoder" {
		in.CodeSource, in.CodeDetail = src, "xargs "+rest[0].Value+" -c (its input)"
	}
}

// rpmMacros checks the macros rpm, rpmbuild and rpmspec expand in --eval
// (-E) and --define (-D) values: %{lua:CODE} runs Lua (os.execute), and
// %(CMD) runs a shell command.
func (p *parser) rpmMacros(c *Command, name string, args []Word) {
	for i, a := range args {
		v := a.Value
		w := a
		switch {
		case v == "--eval" || v == "-E" || v == "--define" || v == "-D":
			if i+1 >= len(args) {
				return
			}
			w = args[i+1]
		case strings.HasPrefix(v, "--eval=") || strings.HasPrefix(v, "--define="):
			_, w.Value, _ = strings.Cut(v, "=")
		case strings.HasPrefix(v, "-E") && len(v) > 2 || strings.HasPrefix(v, "-D") && len(v) > 2:
			w.Value = v[2:]
		default:
			continue
		}
		if !w.Static {
			if strings.Contains(w.Value, "%{lua:") || strings.Contains(w.Value, "%(") {
				p.dynamicProgram(c, name+" --eval", w)
			}
			continue
		}
		for _, m := range rpmBodies(w.Value, "%{lua:", '{', '}') {
			p.callSource(c, name+" %{lua:…}", payload.LangLua, Word{Value: m, Static: true, Start: w.Start, End: w.End})
		}
		for _, m := range rpmBodies(w.Value, "%(", '(', ')') {
			p.payload(name+" %(…)", m, Word{Value: m, Static: true, Start: w.Start, End: w.End}, c.Line, false)
		}
	}
}

// rpmBodies returns the bodies of the macros in s that start with open
// (%{lua:, %() up to the bracket that closes it.
func rpmBodies(s, start string, open, close byte) []string {
	var out []string
	for len(out) < 16 {
		i := strings.Index(s, start)
		if i < 0 {
			return out
		}
		s = s[i+len(start):]
		depth, j := 1, 0
		for ; j < len(s) && depth > 0; j++ {
			switch s[j] {
			case open:
				depth++
			case close:
				depth--
			}
		}
		if depth > 0 {
			return append(out, s) // not closed: all of it, fail closed
		}
		out = append(out, s[:j-1])
		s = s[j:]
	}
	return out
}
