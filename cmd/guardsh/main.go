// Command guardsh checks shell commands before they run.
//
// See the README for its verbs; this file only dispatches them.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
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
	"check":     runCheck,
	"explain":   runExplain,
	"rules":     runRules,
	"gate":      runGate,
	"init":      runInit,
	"hook":      runHook,
	"setup":     runSetup,
	"approve":   runApprove,
	"approvals": runApprovals,
	"log":       runLog,
	"tirith":    runTirith,
	"doctor":    runDoctor,
	"version":   runVersion,
	"update":    runUpdate,
	"help":      runHelp,
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
		// bash treats a first non-option argument as a script file.
		if _, err := os.Stat(args[0]); err == nil {
			return runShell(e, args)
		}
		e.errorf("unknown command %q", args[0])
		e.hint("run 'guardsh help' for the list of commands")
		return exitError
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

const usage = `guardsh checks shell commands before they run.

usage:
  guardsh check -c 'CMD' | -- ARG... | FILE... | - | --batch   [--format text|json|sarif] [--shell bash|posix|zsh]
  guardsh explain RULE-ID          show a rule with its examples
  guardsh rules [--format json]    list every rule
  guardsh gate -c 'CMD'            check, and ask on the terminal when needed
  guardsh init bash|zsh|fish       print the shell hook to eval
  guardsh -c 'CMD' [ARG...]        $SHELL mode: check, then run the real shell
  guardsh hook --protocol NAME     agent hook (claude, codex, gemini, cursor, copilot)
  guardsh setup AGENT              add the hook to an agent's settings
  guardsh approve CODE             approve, at a terminal, what an agent was refused
  guardsh approvals list|revoke ID|clear
  guardsh log [-n N] [--format json]
  guardsh tirith status|install|uninstall
  guardsh doctor
  guardsh version [--format json]  (also --version, -V)
  guardsh update [--check]         replace this binary with a newer signed release

exit codes of check: 0 allow, 1 block, 2 ask, 3 usage or internal error
`

func runHelp(e *env, args []string) int {
	fmt.Fprint(e.stdout, usage)
	return exitOK
}
