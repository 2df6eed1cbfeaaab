// Package approve decides what happens to a command that guardsh's check
// says needs a human: it applies the policy (approval mode, GUARDSH_YOLO,
// session and permanent approvals), asks on the terminal when it may, and
// writes every ask and block decision to the audit log.
//
// Every front end — `guardsh gate` for the shell hooks, $SHELL mode, agent
// hooks — calls [Decide] with the check result and a [Request] describing
// where the command comes from, and acts on the [Decision]. Hardline
// findings are blocked before any policy is looked at.
package approve

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/rules"
)

// A Request says where a command comes from and what the decision may use.
// Only Front is required; every other zero value has a safe default.
type Request struct {
	// Front names the front end for the audit log: "gate", "bash", "zsh",
	// "fish", "shell", "hook:claude", ...
	Front string
	// Dir is the directory the command runs in; empty means the current
	// directory. Permanent approvals are matched against it.
	Dir string
	// Session is GUARDSH_SESSION. Empty means no session: session approvals
	// are neither used nor offered.
	Session string
	// AgentSession is the AI agent's own session or conversation id, for
	// the audit log.
	AgentSession string
	// AgentAsks reports that the front end is an agent hook whose agent
	// asks its user when guardsh refuses for want of a terminal: the audit
	// log then records what the agent was told, an ask.
	AgentAsks bool
	// Prompt allows asking on the terminal. Front ends whose caller cannot
	// see a prompt (agent hooks) leave it false.
	Prompt bool
	// Config is the loaded configuration; nil means config.Default().
	Config *config.Config
	// ConfigErr is the error from loading the configuration. When it is not
	// nil every ask is denied, whatever else is set.
	ConfigErr error
	// ConfigFile is where "always" appends; empty means config.File().
	ConfigFile string
	// StateDir holds session approvals and the audit log; empty means
	// config.StateDir().
	StateDir string
	// PersonsShell says the line was typed by a person at their own shell
	// prompt, under the guardsh shell hook: a hardline block then says how
	// that person runs it anyway (guardsh-off), instead of advice meant
	// for whoever reads an agent's transcript.
	PersonsShell bool
	// Color is the --color mode of the prompt: "always", "never", or
	// "auto" (and "") for colour on a terminal when TERM is not dumb and
	// NO_COLOR is unset.
	Color string
	// Getenv reads guardsh's own environment (GUARDSH_YOLO, NO_COLOR), never
	// the checked command's; nil means os.Getenv.
	Getenv func(string) string
	// TTY opens the terminal to prompt on; nil opens /dev/tty. Tests pass
	// the far end of a pseudo-terminal.
	TTY func() (*os.File, error)
	// Untrusted says why an answer read from the terminal could come from a
	// guarded process rather than a person, or ""; nil means
	// [TerminalRefusal] with no requester. Such a terminal is treated as no
	// terminal: the command is refused with a pending code.
	Untrusted func(tty *os.File) string
	// Pending, if set, is the store of approvals given out of band (by
	// `guardsh approve CODE`) for front ends without a terminal.
	Pending Pending
	// Warn receives warnings that do not change the decision, such as an
	// unwritable state directory (one line at most per call); nil means
	// os.Stderr.
	Warn io.Writer
	// Now returns the current time; nil means time.Now.
	Now func() time.Time

	warned *bool // a warning was printed by this call
	// audited is set once the decision's audit record is written (before a
	// session or permanent approval is saved, see auditNow).
	audited *bool
}

// Pending is a store of approvals a human gives at a terminal for a command
// that was refused where there was none (an agent's). [Decide] consults it
// for asks not covered otherwise, and records refusals in it.
type Pending interface {
	// Take reports whether a human approved exactly this command from this
	// directory out of band, and spends that approval.
	Take(res *check.Result, req *Request) (code string, ok bool)
	// Add records a refused command that a human may approve with `guardsh
	// approve CODE`, and returns the code.
	Add(res *check.Result, req *Request, rules []string) (code string, err error)
}

// An Outcome is what the front end must do with the command.
type Outcome int

// The outcomes of a decision.
const (
	Go      Outcome = iota // run it
	Blocked                // a hardline rule matched: never run it
	Denied                 // a dangerous rule matched and was not approved
)

// String returns "go", "blocked" or "denied", as in the audit log.
func (o Outcome) String() string {
	switch o {
	case Go:
		return "go"
	case Blocked:
		return "blocked"
	}
	return "denied"
}

// How says how a decision was made. It is written to the audit log.
type How string

// The ways a decision is made.
const (
	Clean       How = "clean"        // nothing to approve
	Disabled    How = "disabled"     // every finding's rule is in rules.disable
	Hardline    How = "hardline"     // a hardline rule matched
	KeyOnce     How = "key-once"     // the human pressed o
	KeySession  How = "key-session"  // the human pressed s
	KeyAlways   How = "key-always"   // the human pressed a
	KeyDeny     How = "key-deny"     // the human pressed d, Enter or Esc
	Interrupt   How = "interrupt"    // Ctrl-C at the prompt, or a signal
	Timeout     How = "timeout"      // no answer in approvals.timeout
	ModeDeny    How = "mode-deny"    // approvals.mode = "deny"
	ModeOff     How = "mode-off"     // approvals.mode = "off"
	YOLO        How = "yolo"         // GUARDSH_YOLO=1
	NoTTY       How = "no-tty"       // no terminal to ask on
	NoTTYAllow  How = "no-tty-allow" // no terminal, approvals.no_tty = "allow"
	Allowlist   How = "allowlist"    // permanent approvals in the config file
	Session     How = "session"      // approvals for this session
	PendingCode How = "pending"      // approved with `guardsh approve CODE`
	ConfigError How = "config-error" // the config file is broken
	Error       How = "error"        // guardsh itself failed
	AgentAsk    How = "agent-ask"    // no terminal; the agent asks its user (audit log only)
	SmartLow    How = "smart-low"    // the smart-approval model said low risk: once
)

// A Decision is the answer of [Decide].
type Decision struct {
	Outcome Outcome
	How     How
	// Rules are the ids the decision is about: the hardline rules of a
	// block, or the dangerous rules of an ask.
	Rules []string
	// Message explains the decision for standard error, as plain text lines
	// starting with "guardsh: " (and "hint: "). It is empty when there is
	// nothing to say: a clean command, or one the human just approved.
	Message string
	// Code is the pending approval code recorded for a refusal without a
	// terminal, if any.
	Code string
	// Smart is what the smart-approval model answered, when it was asked.
	Smart *SmartAnswer
}

// ExitCode returns the exit code of `guardsh gate`: 0 go, 1 blocked, 2
// denied.
func (d Decision) ExitCode() int {
	switch d.Outcome {
	case Go:
		return 0
	case Blocked:
		return 1
	}
	return 2
}

// Decide returns what to do with a checked command. It never allows what it
// cannot decide: a nil result or an unusable configuration denies.
func Decide(ctx context.Context, res *check.Result, req Request) Decision {
	if res != nil && res.Verdict == check.Allow && len(res.Findings) == 0 && res.Error == "" {
		return Decision{Outcome: Go, How: Clean} // the hot path: nothing to look up
	}
	req.fill()
	d := decide(ctx, res, &req)
	if d.How != Clean && d.How != Disabled && res != nil && !*req.audited {
		req.audit(res, d)
	}
	return d
}

func (req *Request) fill() {
	if req.Config == nil {
		req.Config = config.Default()
	}
	if req.Getenv == nil {
		req.Getenv = os.Getenv
	}
	if req.Now == nil {
		req.Now = time.Now
	}
	if req.Warn == nil {
		req.Warn = os.Stderr
	}
	if req.Dir == "" {
		req.Dir, _ = os.Getwd()
	}
	if req.StateDir == "" {
		req.StateDir = config.StateDir()
	}
	if req.ConfigFile == "" {
		req.ConfigFile = config.File()
	}
	if req.TTY == nil {
		req.TTY = openTTY
	}
	if req.Untrusted == nil {
		req.Untrusted = func(tty *os.File) string { return TerminalRefusal(tty, Guarded(req.StateDir)) }
	}
	req.warned = new(bool)
	req.audited = new(bool)
}

// warn prints the first warning of a call.
func (req *Request) warn(format string, a ...any) {
	if *req.warned {
		return
	}
	*req.warned = true
	fmt.Fprintf(req.Warn, "guardsh: warning: "+format+"\n", a...)
}

func decide(ctx context.Context, res *check.Result, req *Request) Decision {
	if res == nil {
		return Decision{Outcome: Denied, How: Error, Message: "guardsh: denied: internal error: no check result"}
	}
	var hard, asks []rules.Finding
	for _, f := range res.Findings {
		switch f.Tier {
		case rules.Hardline:
			hard = append(hard, f)
		case rules.Dangerous:
			asks = append(asks, f)
		}
	}
	if len(hard) > 0 || res.Verdict == check.Block {
		return Decision{Outcome: Blocked, How: Hardline, Rules: ruleIDs(hard), Message: blockMessage(res, hard, req.PersonsShell)}
	}
	if res.Verdict != check.Ask && len(asks) == 0 && res.Error == "" {
		return Decision{Outcome: Go, How: Clean}
	}
	// A rule the user disabled is not asked about. check normally drops
	// these already; this covers front ends that did not pass the option.
	if req.ConfigErr == nil && len(asks) > 0 {
		dis := req.Config.Disabled()
		asks = slices.DeleteFunc(asks, func(f rules.Finding) bool { return dis[f.Rule] })
		if len(asks) == 0 && res.Error == "" {
			return Decision{Outcome: Go, How: Disabled}
		}
	}
	ids := ruleIDs(asks)
	d := Decision{Rules: ids}
	deny := func(how How, msg string) Decision {
		d.Outcome, d.How, d.Message = Denied, how, msg
		return d
	}
	allow := func(how How, msg string) Decision {
		d.Outcome, d.How, d.Message = Go, how, msg
		return d
	}
	if req.ConfigErr != nil {
		return deny(ConfigError, "guardsh: denied: "+needs(ids)+", and nothing is approved while the configuration file is broken:\n"+
			"guardsh: "+req.ConfigErr.Error()+"\nhint: fix the file (or move it away to use the defaults), then run the command again")
	}
	switch req.Config.Approvals.Mode {
	case "deny":
		return deny(ModeDeny, "guardsh: denied by approvals.mode = \"deny\": "+refusal(res, asks))
	case "off":
		return allow(ModeOff, "guardsh: allowed without asking (approvals.mode = \"off\"): "+listIDs(ids))
	}
	if req.Getenv("GUARDSH_YOLO") == "1" && req.Config.NoYOLO {
		req.warn("GUARDSH_YOLO=1 is refused by the system policy (%s): approvals work as usual", req.Config.Policy.Where("approvals.no_yolo"))
	} else if req.Getenv("GUARDSH_YOLO") == "1" {
		return allow(YOLO, "guardsh: allowed without asking (GUARDSH_YOLO=1): "+listIDs(ids))
	}
	uncovered, how := req.covered(res, asks)
	if len(uncovered) == 0 {
		return allow(how, "")
	}
	if req.Pending != nil {
		if code, ok := req.Pending.Take(res, req); ok {
			return allow(PendingCode, "guardsh: approved with code "+code+": "+listIDs(ids))
		}
	}
	if sm := req.Config.Approvals.Smart; sm.Endpoint != "" && smartEligible(uncovered) {
		a := askModel(ctx, sm, req.Getenv, res, uncovered, req.Dir, req.Front)
		d.Smart = &a
		if a.Error == "" && a.Risk == "low" {
			return allow(SmartLow, "guardsh: approved once by smart approval ("+a.Model+": "+a.Why+"): "+listIDs(ids))
		}
	}
	untrusted := ""
	if req.Prompt {
		if tty, err := req.TTY(); err == nil {
			if term.IsTerminal(int(fdOf(tty))) {
				if untrusted = req.Untrusted(tty); untrusted == "" {
					return req.prompt(ctx, tty, res, uncovered, d)
				}
			}
			tty.Close()
		}
	}
	if req.Config.Approvals.NoTTY == "allow" {
		return allow(NoTTYAllow, "guardsh: allowed without asking (no terminal, approvals.no_tty = \"allow\"): "+listIDs(ids))
	}
	msg := "guardsh: denied: no terminal to ask for approval: " + refusal(res, uncovered)
	if untrusted != "" {
		msg = "guardsh: denied: " + untrusted + ", so a key pressed there could come from the command itself, not from a person: " + refusal(res, uncovered)
	}
	if d.Smart != nil {
		msg += "\nguardsh:" + strings.TrimPrefix(smartLine(d.Smart, plain), " ")
	}
	if req.Pending != nil {
		code, err := req.Pending.Add(res, req, ruleIDs(uncovered))
		if err != nil {
			req.warn("cannot record a pending approval: %v", err)
		} else {
			d.Code = code
			msg += "\nhint: a human can approve this with 'guardsh approve " + code + "' at a terminal; then run the same command again"
		}
	}
	if d.Code == "" {
		msg += "\nhint: run it from a terminal to approve it, or see 'guardsh explain RULE-ID' for a safer way"
	}
	return deny(NoTTY, msg)
}

// covered drops the findings approved for this session or permanently, and
// says how the others were covered.
func (req *Request) covered(res *check.Result, asks []rules.Finding) ([]rules.Finding, How) {
	now := req.Now()
	var sess map[string]bool
	if req.Session != "" {
		sess = sessionRules(req.StateDir, req.Session, now)
	}
	how := Allowlist
	var left []rules.Finding
	var used []string
	for _, f := range asks {
		switch {
		case f.Rule == "":
			left = append(left, f)
		case sess[f.Rule] && sessionCoversFolded(sess, f): // folded.go
			how = Session
			used = append(used, f.Rule)
		case permanentOK(f) && req.allowlisted(f, now):
		default:
			left = append(left, f)
		}
	}
	if res.Error != "" || (res.Verdict == check.Ask && len(asks) == 0) {
		// Something unknown needs a human: nothing covers it.
		left = append(left, rules.Finding{Tier: rules.Dangerous, Title: "guardsh could not check this command", Reason: res.Error})
	}
	if len(left) == 0 && len(used) > 0 {
		if err := touchSession(req.StateDir, req.Session, now); err != nil {
			req.warn("cannot update session approvals in %s: %v", req.StateDir, err)
		}
	}
	return left, how
}

// allowlisted reports whether an "always" approval covers f: one of f's
// rule, or of a rule f covers (an approval of cloud-destroy made before
// the iac pack took terraform destroy over still holds).
func (req *Request) allowlisted(f rules.Finding, now time.Time) bool {
	for _, a := range req.Config.Allow {
		if f.Is(a.Rule) && a.Covers(req.Dir, now) {
			return true
		}
	}
	return false
}

// permanentOK reports whether a finding may be approved for good: not from
// tirith, not marked never-permanent in the finding or in the rule table.
func permanentOK(f rules.Finding) bool {
	if f.NeverPermanent || f.Source == "tirith" || f.Rule == "" {
		return false
	}
	if r, ok := rules.Lookup(f.Rule); ok && r.NeverPermanent {
		return false
	}
	return true
}

func ruleIDs(fs []rules.Finding) []string {
	var ids []string
	for _, f := range fs {
		if f.Rule != "" && !slices.Contains(ids, f.Rule) {
			ids = append(ids, f.Rule)
		}
	}
	return ids
}

// needs says "RULE needs approval" or "R1, R2 need approval".
func needs(ids []string) string {
	if len(ids) > 1 {
		return listIDs(ids) + " need approval"
	}
	return listIDs(ids) + " needs approval"
}

func listIDs(ids []string) string {
	if len(ids) == 0 {
		return "the command"
	}
	return strings.Join(ids, ", ")
}
