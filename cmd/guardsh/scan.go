package main

import (
	"context"
	"os"
	"strconv"
	"unicode/utf8"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/rules"
	"github.com/guardsh/guardsh/scan"
)

// checkFile checks a script, or each shell snippet of a Dockerfile or a
// workflow; the snippets' findings are merged into one result for the file,
// with their line numbers in it. Files are checked for a reviewer
// (check.Options.Script); runCheck has set the script's dialect.
func checkFile(ctx context.Context, name, text string, opts check.Options) []*check.Result {
	opts.Script = true
	opts.Unfolded = true // folded after the suppressions and the baseline (fileFilter.apply)
	var snippets []scan.Snippet
	var injections []scan.Injection
	switch kindOf(name) {
	case "dockerfile":
		snippets = scan.Dockerfile(text)
	case "workflow":
		snippets, injections = scan.Workflow(text)
	default:
		// A package's maintainer script: its own package's files and
		// service are its business (rules/maint.go; a file scan only).
		opts.Package = scan.Maintainer(name, os.ReadFile)
		return []*check.Result{check.Script(ctx, name, text, opts)}
	}
	out := &check.Result{Command: text, File: name, Verdict: check.Allow, Findings: []rules.Finding{}}
	for _, in := range injections {
		id := in.Rule
		if id == "" {
			id = scan.RuleScriptInjection
		}
		r, ok := rules.Lookup(id)
		if !ok || opts.Disabled[r.ID] {
			continue
		}
		more := ""
		if len(in.More) > 0 {
			more = "; so do the job's steps at line"
			if len(in.More) > 1 {
				more += "s"
			}
			for i, l := range in.More {
				if i > 0 {
					more += ","
				}
				more += " " + strconv.Itoa(l)
			}
		}
		out.Findings = append(out.Findings, rules.Finding{Rule: r.ID, Tier: r.Tier, Title: r.Title,
			Reason: r.Reason + " (" + in.Expr + more + ")", Text: in.Expr, Line: in.Line, Col: in.Col,
			Start: in.Start, End: in.End, Via: []string{},
			Suggest: r.Suggest, Source: "guardsh", NeverPermanent: r.NeverPermanent})
		out.Verdict = check.Worse(out.Verdict, check.Ask)
	}
	starts := scan.LineStarts(text)
	// A workflow step is checked once per value its matrix keys can have:
	// a finding those versions share is reported once.
	type at struct {
		rule       string
		start, end int
	}
	seen := map[at]bool{}
	for i, s := range snippets {
		o := opts
		if s.Shell != "" {
			o.Shell = s.Shell
		}
		o.Image = s.Image
		o.Runner, o.Persist, o.Secrets = s.Runner, s.Persist, s.Secrets
		if pf := privileged(s.Privileged, opts); len(pf) > 0 {
			out.Findings = append(out.Findings, pf...)
			out.Verdict = check.Worse(out.Verdict, check.Ask)
		}
		res := check.Line(ctx, s.Text, o)
		rules.ScopeFacts(res.Findings, strconv.Itoa(i)) // offsets of one step
		for _, f := range res.Findings {
			// The file's text (${{ … }}, not its placeholder), at its
			// offsets in the file, not in the RUN or run: step.
			f.Text = s.Original(f.Start, f.End, f.Text)
			f.Line = s.Line(f.Start)
			start := s.FileOffset(f.Start, starts)
			end := start + max(0, f.End-f.Start)
			if f.End > f.Start {
				end = max(start, s.FileOffset(f.End-1, starts)+1)
			}
			f.Start, f.End = start, min(end, len(text))
			if f.Start <= len(text) {
				ls := starts[min(max(f.Line, 1), len(starts))-1]
				f.Col = utf8.RuneCountInString(text[min(ls, f.Start):f.Start]) + 1
			}
			if k := (at{f.Rule, f.Start, f.End}); seen[k] {
				continue
			} else {
				seen[k] = true
			}
			out.Findings = append(out.Findings, f)
		}
		out.Verdict = check.Worse(out.Verdict, res.Verdict)
		if res.Tirith != nil {
			out.Tirith = res.Tirith
		}
	}
	return []*check.Result{out}
}

// privileged reports the RUN flags that give a build step the host's
// privileges or devices (RUN --security=insecure, --device): what the
// step does is then not confined to the image, and it is checked as on a
// machine.
func privileged(ps []scan.Privilege, opts check.Options) []rules.Finding {
	r, ok := rules.Lookup("container-host-root")
	if !ok || opts.Disabled[r.ID] || len(ps) == 0 {
		return nil
	}
	var out []rules.Finding
	for _, p := range ps {
		out = append(out, rules.Finding{Rule: r.ID, Tier: r.Tier, Title: r.Title,
			Reason: "RUN " + p.Flag + " runs this build step with the host's privileges or devices (docker build --allow security.insecure, or a device): it can change the host, so its commands are checked as on a machine.",
			Text:   p.Flag, Line: p.Line, Col: p.Col, Start: p.Start, End: p.End, Via: []string{},
			Suggest: r.Suggest, Source: "guardsh", NeverPermanent: r.NeverPermanent})
	}
	return out
}
