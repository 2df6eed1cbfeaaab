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
