package check

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/guardsh/guardsh/parse"
	"github.com/guardsh/guardsh/rules"
	"github.com/guardsh/guardsh/tirith/hostcheck"
)

func init() { rules.Register(hostcheck.Rules...) }

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
	// Dir is the absolute path of the directory the command will run in; "" = unknown.
	Dir string
	// ReadFiles lets the analysis read the scripts a command runs from
	// disk (bash y.sh, source ~/.env): see [parse.Options.ReadFiles].
	ReadFiles bool
	// Disabled lists dangerous rule ids switched off by the config.
	// Hardline rules cannot be disabled and are ignored here.
	Disabled map[string]bool
	// Promoted lists dangerous rule ids that the system policy makes
	// hardline on this machine: their findings block.
	Promoted map[string]bool
	// Scanner, if set, is consulted after guardsh's own rules.
	Scanner Scanner
	// Script is set when whole files are checked for a reviewer (guardsh
	// check FILE, a CI job). Findings that say only that some code or
	// program is unknown until run time (dynamic-code, dynamic-command)
	// are then left out: in a script they are the norm (eval "$(tool …)",
	// . "$config", trap "$cmd" EXIT). Code that a download or a decoder
	// supplies is still reported, by remote-code and decoded-code. The
	// prompt, $SHELL mode and the agent hooks never set it.
	Script bool
	// Image is set for a RUN step of a Dockerfile: what it does to local
	// files lands in a throwaway layer of the image, so only what ships in
	// the image or reaches outside the build is reported (rules/image.go).
	Image bool
	// Runner is set for a run: step of a workflow job on a throwaway
	// machine (a GitHub-hosted runner or a job container): only what
	// reaches outside the job is reported (rules/runner.go). Persist lists
	// the paths that outlive the job there (caches, artifacts).
	Runner  bool
	Persist []string
	// Secrets names the environment variables holding a workflow's
	// secrets in the step.
	Secrets []string
	// Package is set for a package maintainer script file (a file scan
	// only; scan.Maintainer): what it does to its own package's files and
	// service is not reported (rules/maint.go).
	Package *parse.Package
	// Deadline, if set, is when a file scan stops calling the scanner
	// (tirith): the time budget of a whole `guardsh check` run.
	Deadline time.Time
	// Unfolded is set by a caller that filters the findings itself
	// (guardsh check FILE: suppressions, a baseline) and then folds them
	// with [rules.FoldDupes]: a second rule's finding of one fact is then
	// left in the result, so that suppressing the survivor cannot hide
	// it. Everyone else gets the findings folded.
	Unfolded bool
	// Native, if set, adds findings of checks that need no subprocess
	// (such as look-alike hostnames in URLs). It runs on every input.
	Native func(text string) []rules.Finding
}

// Line checks one command line, as a shell would get it from sh -c.
func Line(ctx context.Context, text string, opts Options) *Result {
	res := Analyse(text, opts)
	return finish(ctx, text, res, opts)
}

// Analyse runs guardsh's own analysis (normalize, parse, rules) without any
// scanner. It is the hot path.
func Analyse(text string, opts Options) (res *Result) {
	defer func() {
		if r := recover(); r != nil {
			res = &Result{Command: text, Verdict: Ask, Findings: []rules.Finding{{Rule: "input-limit", Tier: rules.Dangerous,
				Title: "guardsh failed to analyse the command", Reason: fmt.Sprintf("The analysis failed (%v), so the command was not checked.", r),
				Text: text, End: len(text), Via: []string{}, Source: "guardsh"}}}
		}
	}()
	pr := parse.Commands(text, parse.Options{Shell: opts.Shell, Dir: opts.Dir, ReadFiles: opts.ReadFiles, File: opts.Script, Image: opts.Image, Runner: opts.Runner, Persist: opts.Persist, Secrets: opts.Secrets, Package: opts.Package})
	disabled := opts.Disabled
	if opts.Script {
		disabled = scriptQuiet(disabled)
	}
	res = &Result{Command: text, Verdict: Allow, Findings: rules.Match(pr, disabled), Incomplete: pr.Incomplete}
	if res.Findings == nil {
		res.Findings = []rules.Finding{}
	}
	for _, f := range hostcheck.Findings(pr.Input) {
		if !opts.Disabled[f.Rule] {
			res.Findings = append(res.Findings, f)
		}
	}
	if opts.Native != nil {
		res.Findings = append(res.Findings, opts.Native(pr.Input)...)
	}
	if pr.Input != text {
		// Offsets refer to the normalized text; report that text.
		res.Command = pr.Input
	}
	promote(res.Findings, opts.Promoted)
	if !opts.Unfolded {
		// After promote: a fact the system policy makes hardline is
		// folded only into a hardline finding (rules/dupes.go).
		res.Findings = rules.FoldDupes(res.Findings, pr.Input)
	}
	res.Verdict = verdictOf(res.Findings)
	return res
}

// promote makes the findings of rules in promoted hardline.
func promote(fs []rules.Finding, promoted map[string]bool) {
	for i := range fs {
		if fs[i].Tier == rules.Dangerous && promotedAny(&fs[i], promoted) {
			fs[i].Tier = rules.Hardline
			fs[i].Reason += " The system policy makes this rule hardline on this machine."
		}
	}
}

// promotedAny reports a finding whose rule, or a rule it covers, the
// policy makes hardline.
func promotedAny(f *rules.Finding, promoted map[string]bool) bool {
	if promoted[f.Rule] {
		return true
	}
	for _, id := range f.Covers {
		if promoted[id] {
			return true
		}
	}
	return false
}

// ScriptQuiet lists the rules left out when whole files are checked (see
// Options.Script).
var ScriptQuiet = []string{"dynamic-code", "dynamic-command"}

func scriptQuiet(disabled map[string]bool) map[string]bool {
	m := make(map[string]bool, len(disabled)+len(ScriptQuiet))
	for k, v := range disabled {
		m[k] = v
	}
	for _, id := range ScriptQuiet {
		m[id] = true
	}
	return m
}

func finish(ctx context.Context, text string, res *Result, opts Options) *Result {
	if opts.Script && opts.Scanner != nil && res.Verdict != Block {
		return scriptFinish(ctx, text, res, opts)
	}
	if opts.Scanner == nil || res.Verdict == Block || !opts.Scanner.Wants(text) {
		return res
	}
	start := time.Now()
	info, findings := safeScan(ctx, opts.Scanner, text)
	if info == nil {
		// The scanner is not there (auto mode): nothing ran.
		return res
	}
	if info.MS == 0 {
		info.MS = float64(time.Since(start).Microseconds()) / 1000
	}
	res.Tirith = info
	promote(findings, opts.Promoted)
	res.Findings = append(res.Findings, findings...)
	if info.Error != "" && !opts.Scanner.FailOpen() {
		res.Findings = append(res.Findings, rules.Finding{Rule: "tirith-failed", Tier: rules.Dangerous,
			Title: "The tirith scanner failed", Reason: "tirith could not check the command (" + info.Error + ") and tirith.fail_open is false.",
			Text: res.Command, End: len(res.Command), Via: []string{}, Source: "guardsh", NeverPermanent: true})
	}
	res.Verdict = verdictOf(res.Findings)
	return res
}

func safeScan(ctx context.Context, s Scanner, text string) (info *TirithInfo, f []rules.Finding) {
	defer func() {
		if r := recover(); r != nil {
			info, f = &TirithInfo{Ran: false, Error: fmt.Sprint("scanner panic: ", r)}, nil
		}
	}()
	return s.Scan(ctx, text)
}

func verdictOf(fs []rules.Finding) Verdict {
	v := Allow
	for _, f := range fs {
		if f.Tier == rules.Hardline {
			return Block
		}
		v = Ask
	}
	return v
}

// Script checks a whole shell script; findings carry their line numbers.
func Script(ctx context.Context, name, text string, opts Options) *Result {
	r := Line(ctx, text, opts)
	r.File = name
	// Line and column numbers in one sweep over the text, findings in
	// order of their start: linear however many findings there are.
	todo := make([]int, len(r.Findings))
	for i := range todo {
		todo[i] = i
	}
	startOf := func(i int) int { return min(max(0, r.Findings[i].Start), len(r.Command)) }
	sort.SliceStable(todo, func(a, b int) bool { return startOf(todo[a]) < startOf(todo[b]) })
	line, at, lineStart := 1, 0, 0
	for _, i := range todo {
		s := startOf(i)
		seg := r.Command[at:s]
		if n := strings.Count(seg, "\n"); n > 0 {
			line += n
			lineStart = at + strings.LastIndexByte(seg, '\n') + 1
		}
		at = s
		f := &r.Findings[i]
		if f.Line == 0 {
			f.Line = line
		}
		if f.Line == line {
			f.Col = utf8.RuneCountInString(r.Command[lineStart:s]) + 1
		}
	}
	return r
}
