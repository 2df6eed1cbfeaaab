package main

import (
	"os"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/tirith"
)

// checkOptions builds the options every front end checks with: the shell
// dialect, the rules the config disables, and tirith when it is not off. A
// config that failed to load disables nothing.
func checkOptions(cfg *config.Config, cerr error, shell string) check.Options {
	opts := check.Options{Shell: shell}
	if cfg == nil {
		cfg = config.Default()
	}
	if cerr == nil {
		opts.Disabled = cfg.Disabled()
	}
	opts.Promoted = cfg.Promoted
	if s := tirith.New(cfg.Tirith, os.Getenv); s.Mode() != tirith.ModeOff {
		opts.Scanner = s
	}
	return opts
}

// workDir returns the process's working directory, the directory a command
// checked by the shell hooks, the gate, $SHELL mode or check -c runs in; ""
// when it cannot be read.
func workDir() string {
	d, err := os.Getwd()
	if err != nil {
		return ""
	}
	return d
}
