package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/guardsh/guardsh/approve"
	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/hooks"
	"github.com/guardsh/guardsh/rules"
)

const hookUsage = `usage: guardsh hook --protocol claude|codex|gemini|cursor|copilot

Reads one hook event (JSON) from an AI coding agent on standard input and
answers in that agent's format: no objection, ask the user, or deny.
Install it with 'guardsh setup AGENT'.
`

// hookExitBlock is the exit status every agent treats as "blocked, the
// reason is on standard error". guardsh uses it only when it cannot answer
// in a protocol's own format.
const hookExitBlock = 2

// runHook is `guardsh hook --protocol NAME`.
func runHook(e *env, args []string) int {
	fs := flag.NewFlagSet("hook", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprint(e.stderr, hookUsage) }
	name := fs.String("protocol", "", "the agent's hook protocol")
	if err := fs.Parse(args); err != nil {
		// Never exit 1 or 3 here: an agent would run the command.
		fmt.Fprintln(e.stderr, "guardsh: refused: the hook is misconfigured (bad arguments); nothing was run")
		return hookExitBlock
	}
	p, err := hooks.ParseProtocol(*name)
	if err != nil || fs.NArg() > 0 {
		if err == nil {
			err = fmt.Errorf("unexpected arguments %q", fs.Args())
		}
		fmt.Fprintf(e.stderr, "guardsh: refused: the hook is misconfigured: %v; nothing was run\n", err)
		fmt.Fprintln(e.stderr, "hint: run 'guardsh setup AGENT' to install the hook with the right --protocol")
		return hookExitBlock
	}
	data, rerr := hooks.ReadInput(e.stdin)
	out, code := hooks.Handle(p, data, rerr, func(ev *hooks.Event) hooks.Answer {
		return hookDecide(e, p, ev)
	})
	if _, err := e.stdout.Write(out); err != nil {
		fmt.Fprintf(e.stderr, "guardsh: refused: cannot write the answer: %v\n", err)
		return hookExitBlock
	}
	return code
}

// hookDecide checks one shell command of an agent and applies the policy.
// Nobody can be prompted on a terminal from inside an agent's hook: agents
// that can ask their user get an ask; for the others guardsh records a
// pending approval and denies with its code.
func hookDecide(e *env, p hooks.Protocol, ev *hooks.Event) hooks.Answer {
	cfg, cerr := config.LoadDefault()
	ctx := context.Background()
	opts := checkOptions(cfg, cerr, "bash")
	// The agent's cwd field; without it the directory is unknown (the
	// hook process may run elsewhere than the agent's shell).
	opts.Dir = ev.Dir
	// Scripts the command runs are read when the agent's directory is
	// known (relative names are relative to it).
	opts.ReadFiles = ev.Dir != ""
	res := check.Line(ctx, ev.Command, opts)
	if ev.FileTool {
		fileToolFindings(res) // only guardsh's own files and the agents' settings count
	}
	if r := approve.Requester(); len(r) > 1 {
		// The agent behind this hook, the farthest of its requester
		// chain (the nearer ones, such as the sh -c an agent runs each
		// hook in, are new every call): terminals it creates are not a
		// person's. A failure only loses that knowledge.
		approve.RecordGuarded(config.StateDir(), r[len(r)-1:])
	}
	req := approve.Request{
		Front:        "hook:" + string(p),
		Dir:          ev.Dir,
		Session:      os.Getenv("GUARDSH_SESSION"),
		Prompt:       false,
		AgentSession: ev.Session,
		AgentAsks:    p.NativeAsk(),
		Config:       cfg,
		ConfigErr:    cerr,
		Warn:         e.stderr,
	}
	if !p.NativeAsk() {
		req.Pending = approve.OpenPending(config.StateDir())
	}
	d := approve.Decide(ctx, res, req)
	switch {
	case d.Outcome == approve.Go:
		return hooks.Answer{Verdict: check.Allow}
	case d.Outcome == approve.Blocked:
		res.Verdict = check.Block
		return hooks.Answer{Verdict: check.Block, Reason: hooks.Reason(res, "", p.NativeAsk())}
	case d.How == approve.NoTTY && p.NativeAsk():
		return hooks.Answer{Verdict: check.Ask, Reason: hooks.Reason(res, "", true)}
	case d.How == approve.NoTTY:
		return hooks.Answer{Verdict: check.Block, Reason: hooks.Reason(res, d.Code, false)}
	}
	// Denied by the policy itself (approvals.mode = "deny", a broken
	// config file, an internal error): say what the policy said.
	msg := d.Message
	if msg == "" {
		msg = "guardsh denied this command"
	}
	return hooks.Answer{Verdict: check.Block, Reason: msg}
}

// fileToolFindings keeps, of a file tool's write, the findings of the rules
// that guard guardsh's own files and the agents' hook settings
// (hooks.FileToolRules), and sets the verdict from them.
func fileToolFindings(res *check.Result) {
	kept := res.Findings[:0]
	res.Verdict = check.Allow
	for _, f := range res.Findings {
		if hooks.FileToolRules[f.Rule] {
			kept = append(kept, f)
			v := check.Ask
			if f.Tier == rules.Hardline {
				v = check.Block
			}
			res.Verdict = check.Worse(res.Verdict, v)
		}
	}
	res.Findings = kept
}
