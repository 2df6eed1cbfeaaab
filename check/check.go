package check

import (
	"context"

	"github.com/guardsh/guardsh/rules"
)

// A Scanner is an optional deep layer run after guardsh's own rules, such as
// tirith. It is called only when Wants reports that the text could interest
// it.
type Scanner interface {
	// Wants reports whether the command line is worth scanning. It must be
	// cheap: it runs on every command.
	Wants(text string) bool
	// Scan scans one command line. A failure is reported in the returned
	// TirithInfo's Error field, never by panicking.
	Scan(ctx context.Context, text string) (*TirithInfo, []rules.Finding)
	// FailOpen reports whether a scanner failure should be ignored (true)
	// or turn the verdict into ask (false).
	FailOpen() bool
}

// Options control a check.
type Options struct {
	// Shell is the shell dialect: "bash" (default), "posix" or "zsh".
	Shell string
	// Disabled lists dangerous rule ids switched off by the config.
	// Hardline rules cannot be disabled and are ignored here.
	Disabled map[string]bool
	// Scanner, if set, is consulted after guardsh's own rules.
	Scanner Scanner
}

// Line checks one command line, as a shell would get it from sh -c.
func Line(ctx context.Context, text string, opts Options) *Result {
	return &Result{Command: text, Verdict: Allow, Findings: []rules.Finding{}}
}

// Script checks a whole shell script; findings carry their line numbers.
func Script(ctx context.Context, name, text string, opts Options) *Result {
	r := Line(ctx, text, opts)
	r.File = name
	return r
}
