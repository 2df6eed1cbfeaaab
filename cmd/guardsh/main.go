// Command guardsh checks shell commands before they run.
//
// See the README for its verbs; this file only dispatches them.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mattn/go-isatty"
)

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// env is what a verb sees of the process: its standard streams.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	argv0          string
}

// A verb runs one guardsh sub-command and returns the exit code.
type verb func(e *env, args []string) int

// verbs is the table of sub-commands. Each lives in its own file.
var verbs = map[string]verb{
	"check":      runCheck,
	"explain":    runExplain,
	"rules":      runRules,
	"gate":       runGate,
	"init":       runInit,
	"hook":       runHook,
	"setup":      runSetup,
	"approve":    runApprove,
	"approvals":  runApprovals,
	"log":        runLog,
	"tirith":     runTirith,
	"doctor":     runDoctor,
	"version":    runVersion,
	"update":     runUpdate,
	"completion": runCompletion,
	"config":     runConfig,
	"__complete": runComplete,
	"help":       runHelp,
}

// Exit codes shared by every verb.
const (
	exitOK    = 0
	exitBlock = 1
	exitAsk   = 2
	exitError = 3
)

func run(argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, argv0: argv[0]}
	args := argv[1:]
	// $SHELL mode: guardsh started as a login shell (-guardsh), with bash
	// style options, a script file, or nothing at all.
	// "+o OPT" turns a shell option off, as in bash.
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-V") && !strings.HasPrefix(e.argv0, "-") {
		return runVersion(e, args[1:])
	}
	if strings.HasPrefix(e.argv0, "-") || len(args) == 0 ||
		strings.HasPrefix(args[0], "-") && args[0] != "--help" && args[0] != "-h" ||
		strings.HasPrefix(args[0], "+") && len(args[0]) > 1 {
		return runShell(e, args)
	}
	if args[0] == "--help" || args[0] == "-h" {
		return runHelp(e, nil)
	}
	v, ok := verbs[args[0]]
	if !ok {
		return runUnknown(e, args)
	}
	if d, ok := docOf(args[0]); ok && len(args) > 1 && (args[1] == "--help" || args[1] == "-h") {
		writeVerbHelp(e.stdout, d)
		return exitOK
	}
	return v(e, args[1:])
}

// errorf prints "guardsh: MESSAGE" on standard error.
func (e *env) errorf(format string, a ...any) {
	fmt.Fprintf(e.stderr, "guardsh: "+format+"\n", a...)
}

// hint prints "hint: MESSAGE" on standard error.
func (e *env) hint(format string, a ...any) {
	fmt.Fprintf(e.stderr, "hint: "+format+"\n", a...)
}

// runUnknown handles a first word that is not a verb. Programs that use
// $SHELL pass -c, -s, a script path or nothing; bash reads a first word as a
// script file. So a word with a slash or a shell extension, or one that
// names a regular file, runs as a script ($SHELL mode) — on a terminal
// guardsh says so, since it could be a mistyped verb; anything else is an
// unknown verb, with a suggestion.
func runUnknown(e *env, args []string) int {
	word := args[0]
	fi, err := os.Stat(word)
	switch {
	case strings.Contains(word, "/"), strings.HasSuffix(word, ".sh"), strings.HasSuffix(word, ".bash"), strings.HasSuffix(word, ".zsh"):
		return runShell(e, args)
	case err == nil && fi.Mode().IsRegular():
		if f, ok := e.stderr.(*os.File); ok && isatty.IsTerminal(f.Fd()) {
			e.errorf("%q is not a guardsh verb: running the file ./%s as a shell script ($SHELL mode)", word, word)
			e.hint("run 'guardsh help' for the verbs; write ./%s to run the script without this note", word)
		}
		return runShell(e, args)
	}
	e.errorf("unknown verb %q", word)
	if err == nil && fi.IsDir() {
		e.hint("%s is a directory; guardsh runs scripts and verbs, not directories", word)
	}
	if s := didYouMean(word, verbNames()); s != "" {
		e.hint("did you mean 'guardsh %s'?", s)
	} else {
		e.hint("run 'guardsh help' for the list of verbs")
	}
	return exitError
}
