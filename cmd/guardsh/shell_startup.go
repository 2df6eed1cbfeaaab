package main

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/shells"
)

// shellCheckStartup adds to res the start-up files the real shell reads
// before it runs the command: a login bash's profile (guardsh -lc, which
// Codex and many agents run), an interactive bash's ~/.bashrc (guardsh
// -ic), zsh's .zshenv (read by every zsh, also zsh -c) and, for a login or
// interactive zsh, .zprofile, .zshrc and .zlogin; fish's config.fish and
// conf.d (read by fish -c too); sh's ~/.profile and $ENV. An agent can write
// these with its own file tools, which guardsh never sees, and every later
// command then ran them unchecked (the sixth red team, end to end).
//
// The user's own files are always checked. A system file (/etc/profile) is
// checked only when this user can write it: one the user cannot change is
// the administrator's, and checking it on every command would cost time
// for nothing. They are read as files a reviewer checks (check FILE):
// `eval "$(pyenv init -)"` there is how start-up files work; code from a
// download or a decoder, and every other rule, still count.
func shellCheckStartup(ctx context.Context, res *check.Result, inv *shells.Invocation, argv0, real string, opts check.Options) {
	home := os.Getenv("HOME")
	if home == "" {
		return
	}
	opts.Script = true
	for _, f := range startupFiles(inv, shellBase(argv0), shellBase(real), home) {
		if strings.HasPrefix(f.path, "/etc/") && syscall.Access(f.path, 2) != nil {
			continue
		}
		o := opts
		if f.dialect != "" {
			o.Shell = f.dialect
		}
		if r := shellStartupFile(ctx, f.path, "start-up file", o); r != nil {
			shellMerge(res, r, "start-up file "+f.path)
		}
	}
}

// A startupFile is a file the real shell reads before the command, with
// the dialect it is written in ("" for the command's own).
type startupFile struct{ path, dialect string }

// startupFiles lists, in the order the shell reads them, the start-up
// files of an invocation (bash's INVOCATION section, zsh's STARTUP/SHUTDOWN
// FILES, fish's CONFIGURATION FILES).
func startupFiles(inv *shells.Invocation, name, real, home string) []startupFile {
	var out []startupFile
	add := func(dialect string, paths ...string) {
		for _, p := range paths {
			out = append(out, startupFile{p, dialect})
		}
	}
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	switch real {
	case "bash":
		posix := inv.Posix || name == "sh"
		if inv.Login && !inv.NoProfile {
			add("", "/etc/profile")
			if posix {
				add("", filepath.Join(home, ".profile"))
			} else {
				for _, p := range []string{".bash_profile", ".bash_login", ".profile"} {
					if p = filepath.Join(home, p); exists(p) {
						add("", p)
						break
					}
				}
			}
		}
		if inv.Interactive && !inv.Login {
			switch {
			case posix:
				if env := os.Getenv("ENV"); env != "" && !strings.ContainsAny(env, "$`") {
					add("", env)
				}
			case !inv.NoRC && inv.RCFile == "":
				add("", "/etc/bash.bashrc", "/etc/bash/bashrc", filepath.Join(home, ".bashrc"))
			}
		}
	case "sh", "dash", "ash", "ksh", "mksh", "ksh93", "busybox":
		if inv.Login {
			add("posix", "/etc/profile", filepath.Join(home, ".profile"))
		}
		if inv.Interactive {
			if env := os.Getenv("ENV"); env != "" && !strings.ContainsAny(env, "$`") {
				add("posix", env)
			}
		}
	case "zsh":
		if zshNoRCs(inv.Args) {
			return nil
		}
		zdot := os.Getenv("ZDOTDIR")
		if zdot == "" {
			zdot = home
		}
		add("zsh", "/etc/zsh/zshenv", "/etc/zshenv", filepath.Join(zdot, ".zshenv"))
		if inv.Login {
			add("zsh", "/etc/zsh/zprofile", "/etc/zprofile", filepath.Join(zdot, ".zprofile"))
		}
		if inv.Interactive {
			add("zsh", "/etc/zsh/zshrc", "/etc/zshrc", filepath.Join(zdot, ".zshrc"))
		}
		if inv.Login {
			add("zsh", "/etc/zsh/zlogin", "/etc/zlogin", filepath.Join(zdot, ".zlogin"))
		}
	case "fish":
		for _, a := range inv.Args {
			if a == "-N" || a == "--no-config" {
				return nil
			}
		}
		conf := os.Getenv("XDG_CONFIG_HOME")
		if conf == "" {
			conf = filepath.Join(home, ".config")
		}
		for _, d := range []string{"/etc/fish", filepath.Join(conf, "fish")} {
			ds, _ := filepath.Glob(filepath.Join(d, "conf.d", "*.fish"))
			sort.Strings(ds)
			add("fish", ds...)
		}
		add("fish", "/etc/fish/config.fish", filepath.Join(conf, "fish", "config.fish"))
	}
	return out
}

// zshNoRCs reports zsh's -f (NO_RCS) or --no-rcs among the options before
// the command: zsh then reads no start-up file but /etc/zshenv.
func zshNoRCs(args []string) bool {
	for _, a := range args {
		if a == "--" || a == "-c" || !strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "+") {
			break
		}
		if a == "--no-rcs" || a == "--norcs" || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "f") {
			return true
		}
	}
	return false
}
