package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"

	"golang.org/x/term"

	"github.com/guardsh/guardsh/approve"
	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/rules"
)

// runGate is `guardsh gate`: the check and decision the shell hooks run
// before each command line.
func runGate(e *env, args []string) int {
	fs := flag.NewFlagSet("gate", flag.ContinueOnError)
	var cmd string
	haveCmd := false
	fs.Func("c", "the command line to check", func(s string) error { cmd, haveCmd = s, true; return nil })
	shell := fs.String("shell", "bash", "shell dialect: bash, posix, zsh or fish")
	front := fs.String("front", "gate", "name of the front end, for the audit log")
	color := fs.String("color", "auto", "colour in the prompt: auto, always or never")
	if ok, code := parseFlags(e, fs, "gate", args); !ok {
		return code
	}
	if !haveCmd || fs.NArg() > 0 {
		e.errorf("gate needs exactly one command line: guardsh gate -c 'CMD'")
		e.hint("quote the whole line as one argument")
		return exitError
	}
	switch *shell {
	case "bash", "posix", "sh", "zsh", "mksh", "fish":
	default:
		e.errorf("unknown --shell %q", *shell)
		e.hint("use bash, posix or zsh")
		return exitError
	}
	if !validColor(*color) {
		e.errorf("gate: unknown --color %q", *color)
		e.hint("use auto, always or never")
		return exitError
	}
	d := gate(e, cmd, *shell, *front, *color)
	if d.Message != "" {
		fmt.Fprintln(e.stderr, d.Message)
	}
	return d.ExitCode()
}

// gate checks cmd and decides, with a prompt on the terminal when needed.
func gate(e *env, cmd, shell, front, color string) approve.Decision {
	cfg, cerr := config.LoadDefault() // says its warnings on stderr
	ctx := context.Background()
	opts := checkOptions(cfg, cerr, shell)
	opts.Dir = workDir() // the shell hook runs in the shell's directory
	opts.ReadFiles = true
	res := check.Line(ctx, cmd, opts)
	gatePersonsOwn(res)
	d := approve.Decide(ctx, res, approve.Request{
		// The shell hooks run gate for the lines a person types: a block
		// there may name guardsh-off, the person's own way past guardsh.
		PersonsShell: res.Verdict == check.Block && personsTerminal(),
		Front:        front,
		Session:      os.Getenv("GUARDSH_SESSION"),
		Prompt:       true,
		Color:        color,
		Config:       cfg,
		ConfigErr:    cerr,
		Warn:         e.stderr,
	})
	if cerr != nil && d.How != approve.ConfigError {
		// The line needed no approval, but the user should still hear.
		fmt.Fprintf(e.stderr, "guardsh: warning: %v\nhint: until it is fixed, every command that needs approval is denied\n", cerr)
	}
	return d
}

// gatePersonsOwn drops guardsh-self-approval for guardsh's own verbs typed
// directly on the line (not through a carrier) when the gate's terminal is a
// person's: the shell hooks run gate for what a person types at their
// prompt, and `guardsh approve CODE` there is how a person approves. Typed
// into a terminal a guarded process created, the finding stays.
func gatePersonsOwn(res *check.Result) {
	if res == nil || res.Verdict != check.Ask {
		return
	}
	direct := func(f rules.Finding) bool { return f.Rule == rules.SelfApprovalRule && len(f.Via) == 0 }
	if !slices.ContainsFunc(res.Findings, direct) {
		return
	}
	if !personsTerminal() {
		return
	}
	res.Findings = slices.DeleteFunc(res.Findings, direct)
	if len(res.Findings) == 0 {
		res.Verdict = check.Allow
	}
}

// personsTerminal reports whether the controlling terminal is a person's:
// a terminal no guarded process created ([approve.TerminalRefusal]).
func personsTerminal() bool {
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return false
	}
	defer tty.Close()
	return term.IsTerminal(int(tty.Fd())) && approve.TerminalRefusal(tty, nil) == ""
}
