package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/guardsh/guardsh/approve"
	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/config"
)

const gateUsage = `usage: guardsh gate -c 'CMD' [--shell bash|posix|zsh|fish] [--front NAME]

Checks one command line and, when a dangerous rule matches, asks on the
terminal (/dev/tty) whether it may run.

exit codes: 0 go ahead, 1 blocked (hardline), 2 denied, 3 usage or internal error
`

// runGate is `guardsh gate`: the check and decision the shell hooks run
// before each command line.
func runGate(e *env, args []string) int {
	fs := flag.NewFlagSet("gate", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprint(e.stderr, gateUsage) }
	var cmd string
	haveCmd := false
	fs.Func("c", "the command line to check", func(s string) error { cmd, haveCmd = s, true; return nil })
	shell := fs.String("shell", "bash", "shell dialect: bash, posix, zsh or fish")
	front := fs.String("front", "gate", "name of the front end, for the audit log")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return exitOK
		}
		return exitError
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
	d := gate(e, cmd, *shell, *front)
	if d.Message != "" {
		fmt.Fprintln(e.stderr, d.Message)
	}
	return d.ExitCode()
}

// gate checks cmd and decides, with a prompt on the terminal when needed.
func gate(e *env, cmd, shell, front string) approve.Decision {
	cfg, cerr := config.LoadDefault()
	for _, w := range cfg.Warnings {
		fmt.Fprintf(e.stderr, "guardsh: warning: %s\n", w)
	}
	ctx := context.Background()
	opts := checkOptions(cfg, cerr, shell)
	opts.Dir = workDir() // the shell hook runs in the shell's directory
	res := check.Line(ctx, cmd, opts)
	d := approve.Decide(ctx, res, approve.Request{
		Front:     front,
		Session:   os.Getenv("GUARDSH_SESSION"),
		Prompt:    true,
		Config:    cfg,
		ConfigErr: cerr,
		Warn:      e.stderr,
	})
	if cerr != nil && d.How != approve.ConfigError {
		// The line needed no approval, but the user should still hear.
		fmt.Fprintf(e.stderr, "guardsh: warning: %v\nhint: until it is fixed, every command that needs approval is denied\n", cerr)
	}
	return d
}
