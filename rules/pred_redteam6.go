package rules

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// The shell hooks switched off from the line, found by the sixth red team
// (notes/redteam6.md); each ran the next line unchecked, end to end in a
// real shell under tmux:
//   - bash: set +o emacs (or +o vi) turns line editing off, and with it
//     readline's key bindings, the hook's Enter among them;
//   - zsh: unsetopt zle (setopt no_zle, set +o zle) turns the line editor
//     off, and with it the hook's widgets;
//   - zsh: zle -A .accept-line NAME makes NAME the builtin accept widget,
//     which no wrapper can replace; bindkey then puts it on a key;
//   - bash: bind -f FILE reads key bindings from a file (a key bound to
//     accept-line), and bind "$(…)" binds what only run time knows;
//   - bash: enable -f FILE loads a shared object into the shell itself,
//     whose code can rebind keys and redefine the hook's functions.

// hookOff reports a command that switches the hook off in the shell that
// runs it (see above).
func hookOff(c *parse.Command) bool {
	if len(c.Args) < 2 {
		return false
	}
	all := c.Argv()[1:]
	switch c.Name() {
	case "set":
		for i, a := range all {
			if i+1 >= len(all) {
				break
			}
			o := zshOption(all[i+1])
			switch a {
			case "+o":
				if o == "emacs" || o == "vi" || o == "zle" {
					return true
				}
			case "-o":
				if o == "nozle" {
					return true
				}
			}
		}
	case "setopt", "unsetopt":
		for _, a := range all {
			o := zshOption(a)
			if c.Name() == "setopt" && o == "nozle" || c.Name() == "unsetopt" && o == "zle" {
				return true
			}
		}
	case "zle":
		// zle -A OLD NEW: NEW is another name of OLD.
		for i, a := range all {
			if a == "-A" && i+1 < len(all) && builtinAccept(all[i+1]) {
				return true
			}
		}
	case "bind":
		return bindUnseen(c)
	case "enable":
		for i, a := range all {
			if strings.HasPrefix(a, "-") && strings.Contains(a, "f") && !strings.HasPrefix(a, "--") && i+1 < len(all) {
				w := c.Args[i+2]
				return !w.Static || !systemLoadable(w.Value)
			}
		}
	}
	return false
}

// zshOption is a zsh option name as zsh compares it: case and underscores
// do not count.
func zshOption(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, "_", ""))
}

// builtinAccept reports zsh's builtin widgets that accept the line (the
// dot names, which the hook cannot wrap).
func builtinAccept(w string) bool {
	switch w {
	case ".accept-line", ".accept-and-hold", ".accept-line-and-down-history", ".accept-and-infer-next-history":
		return true
	}
	return false
}

// systemLoadable reports a loadable builtin of the system's own directories
// (Debian's bash-builtins, /usr/local/lib/bash), or a bare name, which bash
// looks up in BASH_LOADABLES_PATH.
func systemLoadable(p string) bool {
	if !strings.Contains(p, "/") {
		return true
	}
	p = filepath.Clean(p)
	for _, d := range []string{"/usr/lib/bash/", "/usr/local/lib/bash/", "/usr/lib64/bash/", "/opt/homebrew/lib/bash/"} {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

// bindUnseen reports a bash bind whose bindings guardsh cannot read from
// the line: bind -f FILE (read here, when it is a plain readable file with
// no binding of accept-line, operate-and-get-next or Enter and no
// $include, it is quiet), or a binding computed at run time.
func bindUnseen(c *parse.Command) bool {
	for i := 1; i < len(c.Args); i++ {
		w := c.Args[i]
		v := w.Value
		if !w.Static {
			return true
		}
		if v == "-f" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.HasSuffix(v, "f") && !strings.Contains(v, ":") {
			if i+1 >= len(c.Args) {
				return false
			}
			f := c.Args[i+1]
			return !f.Static || !plainInputrc(f.Value, c.Dir)
		}
	}
	return false
}

// plainInputrc reads an inputrc file and reports whether it binds no key
// to the accepting actions (and includes no other file).
func plainInputrc(name, dir string) bool {
	if strings.HasPrefix(name, "~/") {
		h, err := os.UserHomeDir()
		if err != nil {
			return false
		}
		name = filepath.Join(h, name[2:])
	} else if !filepath.IsAbs(name) {
		if dir == "" {
			return false
		}
		name = filepath.Join(dir, name)
	}
	st, err := os.Stat(name)
	if err != nil || !st.Mode().IsRegular() || st.Size() > 1<<20 {
		return err != nil && os.IsNotExist(err) // bind -f fails on a missing file
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "$include") {
			return false
		}
		k, f, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "set ") {
			continue
		}
		f = strings.TrimSpace(f)
		if f == "accept-line" || f == "operate-and-get-next" || enterKey(strings.Trim(strings.TrimSpace(k), `"'`)) {
			return false
		}
	}
	return true
}

// promptWidgets is the input part: at a prompt (not in a script file a
// reviewer checks), a zsh function that calls a builtin accept widget
// (zle .accept-line) is a widget that accepts the line without the hook,
// once zle -N and bindkey put it on a key, as one line or three. zsh
// plugins do this in their own files (sticky-note), which the hook never
// sees as typed lines.
func promptWidgets(r *parse.Result) []hit {
	if r.File {
		return nil
	}
	var out []hit
	for _, c := range r.Commands {
		if c.InFunc == "" || c.Name() != "zle" || len(c.Args) < 2 || !builtinAccept(c.Args[1].Value) {
			continue
		}
		start, end := max(0, min(c.Start, len(r.Input))), max(0, min(c.End, len(r.Input)))
		if start <= end {
			out = append(out, hit{start: start, end: end})
		}
	}
	return out
}

// GNU getopt_long takes any unambiguous prefix of a long option for the
// option (cp --target-dir=/etc is --target-directory=/etc, sed --in-pl is
// --in-place, git push --forc is --force): the hand-written readers of
// programs without a grammar (args.go) asked for the full names only, so
// an abbreviation wrote or deleted unseen (the sixth red team).

// longPrefix returns the long option of withValue that name abbreviates,
// when it is the only one; else name.
func longPrefix(name string, withValue []string) string {
	if name == "" || contains(withValue, "--"+name) {
		return name
	}
	found := ""
	for _, w := range withValue {
		if full, ok := strings.CutPrefix(w, "--"); ok && strings.HasPrefix(full, name) {
			if found != "" {
				return name // ambiguous: the program refuses it
			}
			found = full
		}
	}
	if found == "" {
		return name
	}
	return found
}

// abbrev looks a long option up by an abbreviation given on the line: a
// set long name of at least two letters that the asked name starts with.
func (a argv) abbrev(name string) (string, bool) {
	for k, v := range a.long {
		if len(k) >= 2 && len(k) < len(name) && strings.HasPrefix(name, k) {
			return v, true
		}
	}
	return "", false
}

func (a *argv) setShortVal(b byte, v parse.Word) {
	if a.shortVal == nil {
		a.shortVal = map[byte]parse.Word{}
	}
	a.shortVal[b] = v
}

// sedScriptWrites returns the files a sed script writes with its own
// commands: w FILE and W FILE (with or without an address), and the w FILE
// flag of s///. sed creates or truncates each such file when it starts, so
// `sed -n 'w /etc/passwd' x` empties /etc/passwd before it reads a line.
// The script is the -e values (and --expression=), or the first operand
// without -e or -f; a -f of standard input reads a known here-string.
func sedScriptWrites(c *parse.Command, a argv) []parse.Word {
	var scripts []parse.Word
	explicit := false
	for i := 1; i < len(c.Args); i++ {
		w := c.Args[i]
		v := w.Value
		switch {
		case v == "--":
			i = len(c.Args)
		case v == "-e" || v == "--expression" || v == "-f" || v == "--file":
			explicit = true
			if i+1 < len(c.Args) {
				s := c.Args[i+1]
				if v == "-f" || v == "--file" {
					if (s.Value == "-" || s.Value == "/dev/stdin") && c.StdinStatic {
						s.Value = c.StdinText
					} else {
						s.Value = ""
					}
				}
				scripts = append(scripts, s)
				i++
			}
		case strings.HasPrefix(v, "--expression="):
			explicit = true
			w.Value = strings.TrimPrefix(v, "--expression=")
			scripts = append(scripts, w)
		case strings.HasPrefix(v, "--file="), strings.HasPrefix(v, "-f") && len(v) > 2 && !strings.HasPrefix(v, "--"):
			explicit = true
		case strings.HasPrefix(v, "-e") && len(v) > 2:
			explicit = true
			w.Value = v[2:]
			scripts = append(scripts, w)
		case len(v) > 1 && v[0] == '-' && !strings.HasPrefix(v, "--") && strings.ContainsAny(v[1:], "ef"):
			explicit = true // a bundle such as -ne SCRIPT: read as the next word
			if i+1 < len(c.Args) && strings.HasSuffix(v, "e") {
				scripts = append(scripts, c.Args[i+1])
				i++
			}
		}
	}
	if !explicit && len(a.operands) > 0 {
		scripts = append(scripts, a.operands[0])
	}
	var out []parse.Word
	for _, s := range scripts {
		if !s.Static {
			continue
		}
		for _, f := range sedWrites(s.Value) {
			w := s
			w.Value = f
			out = append(out, w)
		}
	}
	return out
}

// sedWrites reads a sed script and returns the files its w and W commands
// and s///w flags name (GNU sed's grammar: addresses, !, { }, commands
// separated by ; or newlines; a, i, c, r, R, e, w, W and : take the rest of
// the line; /dev/stdout and /dev/stderr are not files).
func sedWrites(script string) []string {
	var out []string
	add := func(f string) {
		if f = strings.TrimSpace(f); f != "" && f != "/dev/stdout" && f != "/dev/stderr" {
			out = append(out, f)
		}
	}
	for _, line := range strings.Split(script, "\n") {
		i := 0
		n := len(line)
		skipDelim := func(d byte) { // past the next unescaped d
			for i < n && line[i] != d {
				if line[i] == '\\' {
					i++
				}
				i++
			}
			i++
		}
		for i < n {
			for i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == ';' || line[i] == '{' || line[i] == '}') {
				i++
			}
			// Addresses: N, $, /re/, \cREc, first~step, addr1,addr2, then !.
			for i < n {
				switch ch := line[i]; {
				case ch >= '0' && ch <= '9', ch == '$', ch == '~', ch == ',', ch == '+', ch == '!', ch == ' ':
					i++
					continue
				case ch == '/':
					i++
					skipDelim('/')
					for i < n && (line[i] == 'I' || line[i] == 'M') {
						i++
					}
					continue
				case ch == '\\' && i+1 < n:
					d := line[i+1]
					i += 2
					skipDelim(d)
					continue
				}
				break
			}
			if i >= n {
				break
			}
			cmd := line[i]
			i++
			switch cmd {
			case 'w', 'W':
				add(line[i:])
				i = n
			case 'a', 'i', 'c', 'r', 'R', 'e', ':', '#':
				i = n
			case 's', 'y':
				if i >= n {
					break
				}
				d := line[i]
				i++
				skipDelim(d)
				skipDelim(d)
				if cmd == 'y' {
					break
				}
				for i < n && strings.IndexByte("gpiImMe0123456789", line[i]) >= 0 {
					i++
				}
				if i < n && line[i] == 'w' {
					add(line[i+1:])
					i = n
				}
			case 'b', 't', 'T':
				for i < n && line[i] != ';' {
					i++
				}
			}
		}
	}
	return out
}

// scriptWriteTargets returns the files two script-driven writers name in
// their script: Codex's apply_patch (the patch as its argument or on
// standard input: *** Add File:, *** Update File:, *** Delete File:, ***
// Move to:), and ed's w FILE, W FILE and wq FILE commands read from a known
// standard input (ed -s x <<< $'w /etc/passwd\nq').
func scriptWriteTargets(c *parse.Command) []parse.Word {
	var texts []parse.Word
	if len(c.Args) > 1 && c.Name() != "ed" && c.Name() != "red" {
		texts = append(texts, c.Args[1])
	}
	if c.StdinStatic && c.StdinText != "" {
		texts = append(texts, parse.Word{Value: c.StdinText, Static: true, Start: c.Start, End: c.End})
	}
	var out []parse.Word
	for _, t := range texts {
		if !t.Static {
			continue
		}
		for _, line := range strings.Split(t.Value, "\n") {
			line = strings.TrimRight(line, "\r")
			f := ""
			if c.Name() == "ed" || c.Name() == "red" {
				l := strings.TrimLeft(line, "0123456789,;.$+- \t")
				for _, pre := range []string{"wq ", "w ", "W "} {
					if rest, ok := strings.CutPrefix(l, pre); ok && !strings.HasPrefix(strings.TrimSpace(rest), "!") {
						f = strings.TrimSpace(rest)
						break
					}
				}
			} else {
				for _, h := range []string{"*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "} {
					if rest, ok := strings.CutPrefix(line, h); ok {
						f = strings.TrimSpace(rest)
					}
				}
			}
			if f != "" {
				w := t
				w.Value = f
				out = append(out, w)
			}
		}
	}
	return out
}
