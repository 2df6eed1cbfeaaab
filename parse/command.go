// Package parse turns shell text into the list of commands that would run.
//
// It normalizes the input (rejecting NUL bytes and invalid UTF-8, stripping
// terminal escapes, noting invisible code points), parses it with
// mvdan.cc/sh/v3/syntax, resolves every word the way the shell would without
// running anything, and unwraps wrappers (sudo, env, xargs, find -exec, …)
// and carriers (sh -c, eval, heredocs fed to a shell, text piped into a
// shell, ssh HOST CMD, …) recursively. The result is data for the rules
// package: argv, redirections and where each command sits.
package parse

import (
	"path"
	"strings"
	"sync"
)

// A Word is one resolved field of a command: an argument after quote removal,
// escapes, brace expansion and constant propagation.
type Word struct {
	// Value is the field as the shell would pass it to the program. For a
	// dynamic word, the unknown parts are kept as their shell source, such
	// as "$dir" or "$(…)".
	Value string
	// Static reports whether Value is exactly known without running
	// anything.
	Static bool
	// Origin says, for a dynamic word, where its unknown part comes from:
	// "network" (a substitution running curl, wget, …), "decoder" (base64
	// -d, …), "local" (a local tool's output, such as $(ssh-agent -s)) or
	// "dynamic" (a variable or any other command).
	Origin string
	// Code is the statically known output of a process substitution that
	// makes up the word: the code `source <(echo …)` would run.
	Code string
	// Subst is, for a dynamic word with one command substitution whose
	// output is not known, that substitution's code: "ps -e -o pid=" for
	// $(ps -e -o pid=), also through a variable (x=$(…); … $x). Rules read
	// it to see what a word lists.
	Subst string
	// From says, for a dynamic word that reads a variable whose text came
	// from a download, a decoder or a command's output, which variable
	// and from where: "$x, which holds a download (curl https://x, line
	// 3)". Findings name it in their reason.
	From string
	// Start and End are byte offsets of the source word in the input that
	// was checked (for a nested command: of its outermost carrier).
	Start, End int
	// Made is set for an rm operand written exactly as the operand of a
	// plain mkdir earlier in the script whose failure stops it, with
	// nothing between them that can change what the word names: a
	// directory the script made (see madeWords).
	Made bool
	// Written is set, in a script file, for an operand of an rm without
	// -r written exactly as the target of a > write of the same script:
	// a file the script itself writes (see written.go).
	Written bool
	// Scratch is set for an rm operand that deletes the script's scratch
	// directory: a relative directory it deletes and creates again, or
	// deletes again later where it created it (see scratchWords).
	Scratch bool
	// glob is set for a word with an unquoted *, ? or [: the shell
	// matches it against the file system.
	glob bool
}

// A Redirect is one redirection of a command.
type Redirect struct {
	// Op is the operator as written: ">", ">>", "<", "<<", "<<-", "<<<",
	// "&>", "&>>", ">&", "<&", ">|", "<>".
	Op string
	// Fd is the file descriptor written before the operator, if any.
	Fd string
	// Target is the file, descriptor or here-string word.
	Target Word
	// Body is the resolved text of a heredoc or here-string.
	Body string
	// BodyStatic reports whether Body is exactly known.
	BodyStatic bool
}

// Writes reports whether the redirection writes to its target.
func (r Redirect) Writes() bool {
	switch r.Op {
	case ">", ">>", "&>", "&>>", ">|", "<>":
		return true
	case ">&":
		// 2>&1 duplicates a descriptor; >&file writes a file.
		return !isDigits(r.Target.Value) && r.Target.Value != "-"
	}
	return false
}

// An Assign is an environment prefix such as NAME=value before a command.
type Assign struct {
	Name  string
	Value Word
}

// A Command is one program invocation that would run.
type Command struct {
	// Args is argv: Args[0] is the command word as written (after
	// resolution), the rest its arguments.
	Args []Word
	// Redirs are the command's redirections, in source order.
	Redirs []Redirect
	// Env holds NAME=value prefixes and env(1) assignments.
	Env []Assign
	// Via is the chain of carriers and wrappers the command was reached
	// through, outermost first, such as ["sudo", "bash -c"].
	Via []string
	// Remote is set for commands that run on another host (ssh HOST CMD).
	Remote bool
	// Background is set for commands started with &.
	Background bool
	// Subst is set for commands inside $(…), `…`, <(…) or >(…).
	Subst bool
	// StdinFrom is the previous stage of the pipeline, whose output this
	// command reads, or nil.
	StdinFrom *Command
	// StdinText is static text fed to the command's standard input by a
	// heredoc, here-string or an earlier pipeline stage, when known.
	StdinText string
	// StdinStatic reports whether StdinText is exactly known.
	StdinStatic bool
	// Line is the 1-based line of the command in the input.
	Line int
	// Start and End are byte offsets of the command in the input.
	Start, End int
	// Piped is set for a stage of a pipeline of two or more commands.
	Piped bool
	// InLoop is set for a command inside a for, while or until loop.
	InLoop bool
	// InFunc is the name of the function whose body holds the command.
	InFunc string
	// ForkBomb is set for a command that starts copies of itself without
	// end: a self-call of a function whose copies multiply (:(){ :|:& }),
	// a background job of an endless loop that never waits, fork in an
	// endless loop of interpreter code.
	ForkBomb bool
	// CodeSource is set for a command that runs code it gets as data — a
	// shell or interpreter reading a script from its input or an argument,
	// eval, source — when that code could not be read statically. It says
	// where the code comes from: "network" (curl, wget, ssh, …), "decoder"
	// (base64 -d, xxd -r, …) or "dynamic" (a variable, a command
	// substitution, a generated heredoc). When the code was read, its
	// commands are listed in the Result instead.
	CodeSource string
	// CodeDetail says, for a set CodeSource, what the code was.
	CodeDetail string
	// codeFrom is set when the file a command runs held the code: see
	// CodeFrom.
	codeFrom string
	// Dir is the working directory the command runs in, when an earlier cd
	// of the same input makes it known ("/", "~/src"); "" when unknown.
	Dir string
	// Moved is set for a command that runs in another directory than the
	// one the input starts in (or one beneath it), because an earlier cd
	// of the same input left it, for a known or an unknown directory:
	// relative paths there are not the user's project (cd .. && rm -rf
	// build).
	Moved bool
	// DirUnsure is set when an earlier cd of the input may have failed
	// and left the shell where it was (cd "$d" with d from a mktemp that
	// may fail, a cd whose failure does not stop the script): a delete
	// relative to Dir is then not known to be inside it.
	DirUnsure bool
	// IfEmpty names the variable this reading of the command takes as
	// empty, as it is when the mktemp that assigned it fails unnoticed
	// (d=$(mktemp -d); rm -rf "$d"/* is then rm -rf /*): a latent bug more
	// than an intent, so only what would be hardline is reported, and it
	// can be approved.
	IfEmpty string
	// IfEmptyFirst is set with IfEmpty when the variable is empty because
	// this code (a trap, a function defined before the assignment) may
	// run before the assignment: at an exit, a signal, a failure.
	IfEmptyFirst bool
	// Contained is set for a command run inside a container (docker exec,
	// kubectl exec): it can destroy the container, not the host.
	Contained bool
	// onHost is set for a command run in a container whose paths fall
	// under a host directory mounted into it (see containerRun).
	onHost bool
	// Guessed is set for a command found in the arguments of an unknown
	// program that may run it (run0 rm -rf /): it is reported, but
	// hardline findings on it are approvable.
	Guessed bool
	// Implied is set for an rm standing for what another program deletes
	// as a side effect (rsync --delete, tar --remove-files, mv): only
	// hardline findings are reported on it.
	Implied bool
	// Deferred is set for a command stored to run later, when someone
	// uses it (an alias body, a git alias or pager, a completion command).
	Deferred bool
	// Folded is set for a command found only in the NFKC-folded copy of
	// the input: it is spelled with look-alike characters.
	Folded bool
	// Script is the file on disk the command was read from, for a command
	// in a script that the input runs (bash y.sh, source ~/.env); "" for
	// commands of the input itself and of files it wrote.
	Script string
	// Inner is the command a wrapper runs, when the command is a wrapper.
	Inner *Command
	// Outer is the command this one was unwrapped from as its inner
	// command (sudo, env, find -exec …), or nil.
	Outer *Command
	// Builds, for an rm, holds the output directories ("dist",
	// "*.egg-info") of a build tool the input runs later in the same
	// directory (see builds.go and BuiltHere).
	Builds map[string]bool
	// Dirs, when not nil, holds the paths a mkdir earlier in the input
	// made, as its operands were written (resolved), where the command
	// runs only after that mkdir succeeded and nothing in between could
	// have put anything else there: directories (see dirs.go).
	Dirs map[string]bool
	// Made, when not nil, holds the paths (as written, and their last
	// component) that an ln, mv, cp or install earlier in the same input
	// creates: a name the line made may be a symlink to anywhere, whatever
	// the disk says now.
	Made map[string]bool
	// Into, when not nil, holds the paths (cleaned, and resolved against
	// the directory when it is known) where an earlier mv, ln, mount or
	// FUSE mount of the input put data or a link: deleting one of them, or
	// what holds one, deletes that data (see redteam4.go).
	Into map[string]bool
	// Wrote holds, for an argument that names a file an earlier command
	// of the same input wrote with static text (echo 'DROP TABLE t' > x.sql;
	// psql -f x.sql), that text, keyed by the argument as written (or the
	// value of --opt=FILE, or the word after a dot command such as .read).
	// nil when the command names no such file.
	Wrote map[string]string
	// OwnRepo is set for a git command of a script file that runs at the
	// top of a repository the script itself made with git init or git
	// clone into a path it proved absent or empty (see absentWords): its
	// branches, stashes and work tree are the script's, not the user's.
	OwnRepo bool
	// Rewritten is set for a git discard, in a script file, of paths
	// that hold what an earlier git checkout of the same script wrote
	// there (see rewrittenGit): the user's edits were lost, and
	// reported, at that checkout.
	Rewritten bool
	// HistPushed is set for a change of a history variable (unset
	// HISTFILE, HISTSIZE=0) of a zsh script file made while a history
	// list the same scope pushed with fc -p is in force: it changes that
	// list, and the pop restores the user's (see newHistPush).
	HistPushed bool
	// HistLocal is set for a zsh local declaration of a history
	// variable after an fc -p of the same scope: the scope's exit
	// restores the pushed value over the user's (see newHistPush).
	HistLocal bool
	// HistPushOut is set for a zsh fc -p whose new history list stays in
	// force after it: the commands that follow are not saved to the
	// user's history (see newHistPush).
	HistPushOut bool
	// Names, when not nil, holds the names a dynamic export of a script
	// file can have: the literal first arguments of every call of the
	// function whose parameter names it (see resolvedExports).
	Names []string
	// Repeat is set, in a script file, for an append that repeats an
	// earlier write of the same file in the same block (see repeat.go).
	Repeat *RepeatWrite
	// Removed is set, for a command of a Dockerfile RUN step, when the one
	// path it writes (a redirection) or chmods is removed again by a later
	// rm of the same step on every path on which the step succeeds: its
	// content or mode does not ship in the image (see imageRemovedIf).
	Removed bool
	// Restores is set, in a script file, for an mv or cp that puts a
	// file's own backup back where the file is absent (see restoreMoves):
	// it writes nothing new and loses nothing.
	Restores bool
	// StopsTo says what the command's failure keeps from running: -1
	// everything after it (set -e, CMD || exit, return, die …; the last
	// command of an && list under set -e); an offset N>0 what starts
	// before N (CMD && … stops the rest of its list, if CMD; then …; fi
	// its then-branch); 0 nothing (CMD; …, CMD || true, CMD || echo x,
	// an && list's first command under set -e, which bash does not exit
	// for). Rules read it for a check whose failure must stop the use of
	// what it checks (sha256sum -c; see rules/pred_verify.go).
	StopsTo int
	// Wrapper is set for commands that run another command given as
	// arguments (sudo, env, xargs, …); the wrapped command is listed too.
	Wrapper bool
	// stdinCarrier is the carrier whose standard input the command reads,
	// for a command of a payload (echo … | su -c sh: sh reads su's).
	stdinCarrier *Command
	// groupOut is, for the placeholder of a compound pipeline stage
	// ((crontab -l; echo …) | crontab -), the known part of what its
	// commands print; groupKnown is set when that is all of it.
	groupOut   string
	groupKnown bool
}

// stdinRedirect returns the command's last redirection of its standard
// input, or nil.
func (c *Command) stdinRedirect() *Redirect {
	for i := len(c.Redirs) - 1; i >= 0; i-- {
		r := &c.Redirs[i]
		if r.Fd != "" && r.Fd != "0" {
			continue
		}
		switch r.Op {
		case "<", "<<", "<<-", "<<<", "<>":
			return r
		}
	}
	return nil
}

// Name returns the base name of the program, with any directory removed:
// "/bin/rm" gives "rm". It is "" for a command with no words.
func (c *Command) Name() string {
	if len(c.Args) == 0 {
		return ""
	}
	// Name is called by every rule for every command: keep the common
	// case (a plain name, not one of the g-prefixed aliases) free of
	// path.Base and of the map lookup.
	n := c.Args[0].Value
	if n == "" || strings.IndexByte(n, '/') >= 0 {
		n = path.Base(n)
	}
	if len(n) > 1 && n[0] == '=' {
		n = n[1:] // zsh: =rm is the path of rm
	}
	if len(n) > 1 && n[0] == 'g' {
		if real, ok := gnuAliases()[n]; ok {
			return real
		}
	}
	if rest, ok := strings.CutPrefix(n, "uu-"); ok && rest != "" {
		return rest // uutils
	}
	return n
}

// gnuAliases are other names of core tools: Homebrew's g-prefixed GNU
// coreutils on macOS.
var gnuAliases = sync.OnceValue(func() map[string]string {
	return map[string]string{"grm": "rm", "gdd": "dd", "gchmod": "chmod", "gchown": "chown", "gchgrp": "chgrp",
		"gshred": "shred", "gmv": "mv", "gcp": "cp", "gln": "ln", "gtee": "tee", "gtruncate": "truncate", "gfind": "find",
		"gsed": "sed", "gxargs": "xargs", "gtimeout": "timeout", "gnice": "nice", "genv": "env", "gstdbuf": "stdbuf",
		"ginstall": "install", "gunlink": "unlink", "grmdir": "rmdir"}
})

// Argv returns the resolved values of Args.
func (c *Command) Argv() []string {
	out := make([]string, len(c.Args))
	for i, w := range c.Args {
		out[i] = w.Value
	}
	return out
}

// String returns argv joined with spaces, for messages.
func (c *Command) String() string { return strings.Join(c.Argv(), " ") }

// An Issue is something about the input itself, rather than a command in it,
// that the rules report: a NUL byte, an invisible code point, a limit hit, a
// parse error.
type Issue struct {
	// Kind is one of the Issue* constants.
	Kind string
	// Detail says what was found, for the report.
	Detail string
	// Start and End are byte offsets in the input.
	Start, End int
}

// Kinds of [Issue].
const (
	IssueNUL         = "nul"          // a NUL byte
	IssueUTF8        = "invalid-utf8" // bytes that are not UTF-8
	IssueInvisible   = "invisible"    // zero-width, bidi, tag or BOM code point
	IssueEscape      = "escape"       // an ANSI escape sequence was stripped
	IssueFolded      = "folded"       // NFKC folding changed a command word
	IssueLimit       = "limit"        // a size, depth or count limit was hit
	IssueParse       = "parse-error"  // the shell parser rejected the input
	IssuePanic       = "panic"        // analysis failed unexpectedly
	IssueHardlineRaw = "hardline-raw" // the raw-text scan saw a hardline shape
)

// A Result is the analysis of one input.
type Result struct {
	// Input is the text that was analysed, after normalization.
	Input string
	// Staged maps, in a script file, the offset of a cp or install that
	// stages a file under a name of its own to the offset of the mv that
	// then moves it onto its final name (see stagedCopies).
	Staged map[int]int
	// exportNames maps the offsets of resolved dynamic exports to their
	// names (resolvedExports).
	exportNames map[int][]string
	// Commands lists every command that would run, in source order,
	// including commands reached through carriers.
	Commands []*Command
	// Issues lists problems with the input itself.
	Issues []Issue
	// Incomplete is set when the input ends inside an open construct (an
	// unclosed quote, a trailing pipe, if without fi): a shell would ask
	// for more.
	Incomplete bool
	// File is set when the input is a whole script file checked for a
	// reviewer (Options.File), not a line about to run.
	File bool
	// Image is set when the input is a RUN step of an image build
	// (Options.Image).
	Image bool
	// Runner and Persist: a run: step on a throwaway CI machine, and the
	// paths of it that outlive the job (Options.Runner, Options.Persist).
	Runner  bool
	Persist []string
	// Secrets: Options.Secrets.
	Secrets []string
	// Package: Options.Package.
	Package *Package
	// words counts the words of every command found, for the limit.
	words int
	// made are the paths that ln, mv, cp or install create earlier in the
	// input (see Command.Made).
	made map[string]bool
	// into are the paths an mv, ln or mount put data at (Command.Into).
	into map[string]bool
	// defined are the names a function or alias definition anywhere in
	// the input gave (whatever scope it was in); anyAlias is set for an
	// alias whose name is not known.
	defined  map[string]bool
	anyAlias bool
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
