package parse

import (
	"os"
	"os/exec"
	"path"
	"strings"
	"sync/atomic"
)

// Where cd goes at a prompt, when shell options change it (issue 12, the
// red team's open items): guardsh follows cd DIR lexically (cd -L), through
// CDPATH when it is set on the line or in guardsh's environment. Four
// options of the user's shell change that, and guardsh learns them from
// the line itself (shopt -s, setopt, set -o, set -P) or from the shell
// hooks, which pass the shell's CDPATH (exported or not) and
// GUARDSH_CDOPTS (the options that are on) to guardsh gate:
//
//   - autocd (bash: interactive shells only; zsh AUTO_CD, set by
//     oh-my-zsh; fish's implicit cd, always on and in scripts too, for a
//     word written as a path): a command word that names a directory is a
//     cd to it (~ && rm -rf ./* deletes the home directory's files). With autocd on, a command word written as a path
//     (/etc, ~, .., ./x, x/) that is not a file on disk is a cd: to that
//     directory when it is one on disk, to a directory not known otherwise
//     (the line may make it first); a plain name that is a directory here
//     and no program on PATH is a cd too.
//   - cdable_vars (bash; zsh CDABLE_VARS): cd NAME that is no directory
//     goes to $NAME (cd HOME && rm -rf ./*). With it on, cd NAME (a
//     variable's name) that is not a directory on disk goes somewhere not
//     known. When guardsh does not know the shell's options (an agent's
//     hook, check -c, $SHELL mode) they are taken as off: a non-interactive
//     bash or zsh has no autocd, and cdable_vars is not inherited (unless
//     BASHOPTS is exported).
//   - physical (set -P, set -o physical; zsh CHASE_LINKS) and cd -P: the
//     new $PWD has its symlinks resolved. It is the same directory as the
//     lexical one, but .. in it (cd -P .., or a later cd ..) is the parent
//     of where a link led: a cd through .. (or cd -) in physical mode or
//     after a physical cd is not known. zsh CHASE_DOTS: the same for every
//     cd through ...
//   - CDPATH: followed as before (the first entry holding the name as a
//     directory on disk); when no entry holds it on disk but an earlier
//     command of the input may have made one, the directory is not known.
//
// The options are only ever turned on here (shopt -u does not turn one
// off), so a branch that sets one leaves it set.

// cdOpts are the shell options that change where cd goes.
type cdOpts struct {
	known                                   bool // the hook said which are on
	autocd, cdableVars, physical, chaseDots bool
}

// envCdOpts reads GUARDSH_CDOPTS, which the shell hooks set for guardsh
// gate: the cd options on in the user's shell, separated by commas. The
// last value read is kept, so that a command costs no allocation.
func envCdOpts() cdOpts {
	v, ok := os.LookupEnv("GUARDSH_CDOPTS")
	if last := lastCdEnv.Load(); last != nil && last.raw == v && last.ok == ok {
		return last.o
	}
	e := &cdEnvRead{raw: v, ok: ok}
	if ok {
		e.o.known = true
		for _, n := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == ':' }) {
			e.o.set(n)
		}
	}
	lastCdEnv.Store(e)
	return e.o
}

// cdEnvRead is GUARDSH_CDOPTS as last read.
type cdEnvRead struct {
	raw string
	ok  bool
	o   cdOpts
}

var lastCdEnv atomic.Pointer[cdEnvRead]

// set turns on the option named n (bash or zsh spelling, any case, with
// or without underscores).
func (o *cdOpts) set(n string) {
	switch strings.ReplaceAll(strings.ToLower(n), "_", "") {
	case "autocd":
		o.autocd = true
	case "cdablevars":
		o.cdableVars = true
	case "physical", "chaselinks":
		o.physical = true
	case "chasedots":
		o.chaseDots = true
	}
}

// cdOptsNow is what is known of the options where the command runs.
func (p *parser) cdOptsNow() cdOpts {
	o := envCdOpts()
	l := p.cdLine
	o.autocd = o.autocd || l.autocd
	o.cdableVars = o.cdableVars || l.cdableVars
	o.physical = o.physical || l.physical
	o.chaseDots = o.chaseDots || l.chaseDots
	return o
}

// cdQuiet are the commands that make no directory (a cd NAME after them
// finds what was there before the line).
var cdQuiet = set("cd", "pushd", "popd", "echo", "printf", "true", "false", ":", "pwd", "ls", "cat", "export", "set",
	"shopt", "setopt", "unsetopt", "test", "[", "[[", "type", "command", "which", "env", "printenv", "unset", "local",
	"declare", "typeset", "alias", "dirs", "git")

// cdOptions notes the options a command turns on, and follows an autocd:
// it reports whether the command was one (a cd done here).
func (p *parser) cdOptions(cmd *Command) bool {
	name := cmd.Args[0].Value
	if !cdQuiet()[name] || name == "git" && len(cmd.Args) > 1 && (cmd.Args[1].Value == "clone" || cmd.Args[1].Value == "init" || cmd.Args[1].Value == "worktree") {
		// For the cds after it: this one may make a directory.
		defer p.mayCreate()
	}
	args := cmd.Args[1:]
	switch name {
	case "shopt":
		on := false
		for _, w := range args {
			switch {
			case !w.Static:
				p.cdLine = cdOpts{autocd: true, cdableVars: true, physical: true, chaseDots: true}
			case w.Value == "-s":
				on = true
			case on:
				p.cdLine.set(w.Value)
			}
		}
		return false
	case "setopt", "set":
		for i, w := range args {
			switch {
			case !w.Static && name == "setopt":
				p.cdLine = cdOpts{autocd: true, cdableVars: true, physical: true, chaseDots: true}
			case name == "setopt" && !strings.HasPrefix(w.Value, "-"):
				p.cdLine.set(w.Value)
			case w.Value == "-o" && i+1 < len(args):
				p.cdLine.set(args[i+1].Value)
			case name == "set" && len(w.Value) > 1 && w.Value[0] == '-' && w.Value[1] != '-' && strings.Contains(w.Value, "P"):
				p.cdLine.physical = true
			}
		}
		return false
	case "cd", "pushd", "popd", "builtin", "command":
		return false
	}
	o := p.cdOptsNow()
	fish := p.opts.Shell == "fish" // implicit cd, in scripts too
	if !o.autocd && !fish || !cmd.Args[0].Static {
		return false
	}
	v := cmd.Args[0].Value
	pathLike := v == "." || v == ".." || strings.HasPrefix(v, "~") || strings.Contains(v, "/")
	if !pathLike && fish {
		return false // fish cds to a path only
	}
	if pathLike {
		if st, err := os.Stat(p.diskPath(v)); err == nil && !st.IsDir() {
			return false // a program
		} else if err != nil && v != "~" && !strings.HasPrefix(v, "~/") {
			// Not there now: the line may make it, as a directory or
			// a link to one.
			p.setCwd("")
			p.away = true
			return true
		}
	} else {
		if st, err := os.Stat(p.diskPath(v)); err != nil || !st.IsDir() || p.cwd == "" {
			return false
		}
		if _, err := exec.LookPath(v); err == nil {
			return false
		}
	}
	cd := *cmd
	cd.Args = append([]Word{{Value: "cd", Static: true}}, cmd.Args[0])
	p.chdir(&cd)
	return true
}

func (p *parser) mayCreate() { p.cdMayCreate = true }

// diskPath is where a path written on the line is on disk ("" when not
// known): ~ is $HOME, a relative path is under the known directory.
func (p *parser) diskPath(v string) string {
	if rest, ok := strings.CutPrefix(v, "~"); ok && (rest == "" || rest[0] == '/') {
		return os.Getenv("HOME") + rest
	}
	if strings.HasPrefix(v, "/") {
		return v
	}
	if p.cwd == "" {
		return ""
	}
	d := p.cwd
	if rest, ok := strings.CutPrefix(d, "~"); ok && (rest == "" || rest[0] == '/') {
		d = os.Getenv("HOME") + rest
	}
	if !strings.HasPrefix(d, "/") {
		return ""
	}
	return path.Join(d, v)
}

// cdAfter adjusts where a cd or pushd went for the options in force: cd
// -P and physical mode resolve links, CHASE_DOTS resolves .., cdable_vars
// reads a variable.
func (p *parser) cdAfter(cmd *Command, dir *Word, old string) {
	if p.cwd == "" {
		return
	}
	o := p.cdOptsNow()
	physical := o.physical
	for _, w := range cmd.Args[1:] {
		if w.Static && len(w.Value) > 1 && w.Value[0] == '-' && w.Value[1] != '-' && strings.Contains(w.Value, "P") {
			physical = true
		}
	}
	// A physical cd enters the same directory as a logical one; only its
	// .. differs (the parent of where a link led), now or after it.
	dots := dir == nil || !dir.Static
	if dir != nil && dir.Static {
		for _, c := range strings.Split(dir.Value, "/") {
			dots = dots || c == ".."
		}
	}
	unknown := dots && (physical || o.chaseDots || p.cdPhysical)
	if physical {
		p.cdPhysical = true
	}
	if dir != nil && dir.Static && ValidName(dir.Value) && p.cwd != old && o.cdableVars {
		// cd NAME that is no directory: $NAME with cdable_vars.
		if st, err := os.Stat(p.diskPath(".")); err != nil || !st.IsDir() {
			unknown = true
		}
	}
	if unknown {
		p.setCwd("")
		p.away = true
	}
}
