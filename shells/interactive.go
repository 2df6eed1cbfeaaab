package shells

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A Session is how to start the real shell for a person at a terminal with
// guardsh's hook already loaded.
type Session struct {
	Argv0 string
	Args  []string
	// Env holds variables to add to the environment ("NAME=value").
	Env []string
	// Hooked is false when guardsh has no hook for this shell: the session
	// then runs unguarded, and the caller must say so.
	Hooked bool
}

// Interactive prepares an interactive session of the real shell at path,
// whose start-up files load `guardsh init NAME` (guardsh being the
// executable at exe). Files it needs are written under dir. A login session
// (argv[0] starting with '-') reads the login files too.
func Interactive(path, exe, dir string, login bool) (*Session, error) {
	name := filepath.Base(path)
	switch name {
	case "bash":
		return bashSession(name, exe, dir, login)
	case "zsh":
		return zshSession(name, exe, dir, login)
	case "fish":
		init := fmt.Sprintf("%s init fish | source", fishQuote(exe))
		args := []string{"--init-command", init}
		if login {
			args = append(args, "--login")
		}
		return &Session{Argv0: name, Args: args, Hooked: true}, nil
	}
	argv0 := name
	if login {
		argv0 = "-" + name
	}
	return &Session{Argv0: argv0, Args: nil, Hooked: false}, nil
}

// bashSession starts bash with an rc file that reads the usual start-up
// files and then the guardsh hook. bash ignores --rcfile in a login shell,
// so a login session reads the login files from the rc file instead.
func bashSession(name, exe, dir string, login bool) (*Session, error) {
	var b strings.Builder
	b.WriteString("# Written by guardsh: the start-up file of an interactive bash started by guardsh.\n")
	if login {
		b.WriteString(`[ -r /etc/profile ] && . /etc/profile
for __guardsh_f in ~/.bash_profile ~/.bash_login ~/.profile; do
	if [ -r "$__guardsh_f" ]; then . "$__guardsh_f"; break; fi
done
unset __guardsh_f
`)
	} else {
		b.WriteString("[ -r /etc/bash.bashrc ] && . /etc/bash.bashrc\n[ -r ~/.bashrc ] && . ~/.bashrc\n")
	}
	fmt.Fprintf(&b, "eval \"$(%s init bash)\"\n", shQuote(exe))
	rc := filepath.Join(dir, "bashrc")
	if login {
		rc = filepath.Join(dir, "bash_login")
	}
	if err := writeFile(rc, b.String()); err != nil {
		return nil, err
	}
	return &Session{Argv0: name, Args: []string{"--rcfile", rc, "-i"}, Hooked: true}, nil
}

// zshSession points ZDOTDIR at a directory whose start-up files read the
// user's own (from the original ZDOTDIR, or HOME), then load the hook at the
// end of .zshrc and give ZDOTDIR back.
func zshSession(name, exe, dir string, login bool) (*Session, error) {
	zdir := filepath.Join(dir, "zsh")
	orig, had := os.LookupEnv("ZDOTDIR")
	if !had {
		orig = os.Getenv("HOME")
	}
	src := func(file string) string {
		return fmt.Sprintf("ZDOTDIR=%s\n[ -r \"$ZDOTDIR/%s\" ] && . \"$ZDOTDIR/%s\"\n", shQuote(orig), file, file)
	}
	back := fmt.Sprintf("ZDOTDIR=%s\n", shQuote(zdir))
	files := map[string]string{
		".zshenv":   src(".zshenv") + back,
		".zprofile": src(".zprofile") + back,
		".zshrc":    src(".zshrc") + fmt.Sprintf("eval \"$(%s init zsh)\"\n", shQuote(exe)),
	}
	if !had {
		files[".zshrc"] += "unset ZDOTDIR\n"
	}
	for f, text := range files {
		if err := writeFile(filepath.Join(zdir, f), "# Written by guardsh.\n"+text); err != nil {
			return nil, err
		}
	}
	argv0 := name
	if login {
		argv0 = "-" + name
	}
	return &Session{Argv0: argv0, Args: []string{"-i"}, Env: []string{"ZDOTDIR=" + zdir}, Hooked: true}, nil
}

// writeFile replaces a small generated file atomically.
func writeFile(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	if _, err := tmp.WriteString(text); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// shQuote quotes s for a POSIX shell.
func shQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// fishQuote quotes s for fish.
func fishQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `'`, `\'`)
	return "'" + r.Replace(s) + "'"
}
