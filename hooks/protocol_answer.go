package hooks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/rules"
)

// An Answer is guardsh's decision on one hook event.
type Answer struct {
	// Verdict is Allow (no objection: the agent's own permission flow
	// stays in charge), Ask (a human must decide) or Block (refuse).
	Verdict check.Verdict
	// Reason is the text for the model and the user; empty for Allow.
	Reason string
}

// Handle answers one hook input of protocol p: it reads the event, lets
// decide judge a shell command, and writes the agent's answer. Input that
// cannot be read with certainty, or a readErr, is denied. Tools that do not
// run shell commands pass. It returns the bytes for standard output and
// the exit status, which is always 0: the decision is in the output.
func Handle(p Protocol, data []byte, readErr error, decide func(*Event) Answer) ([]byte, int) {
	if readErr != nil {
		return Respond(p, Answer{Verdict: check.Block, Reason: protoRefuseInput(readErr)})
	}
	ev, err := ParseEvent(p, data)
	if err != nil {
		return Respond(p, Answer{Verdict: check.Block, Reason: protoRefuseInput(err)})
	}
	if !ev.Shell {
		return Respond(p, Answer{Verdict: check.Allow})
	}
	return Respond(p, decide(ev))
}

func protoRefuseInput(err error) string {
	return "guardsh refused this command because it could not read the hook input with certainty: " +
		err.Error() + ". Nothing was run. Check that guardsh is installed for this agent with the right --protocol."
}

// Respond encodes an answer in protocol p's format. It returns the bytes for
// standard output (possibly none) and the exit status (0). An Ask goes out
// as a deny for agents that cannot ask their user themselves; an empty
// reason for a refusal is replaced, since every agent shows it.
func Respond(p Protocol, a Answer) ([]byte, int) {
	v := a.Verdict
	if v != check.Allow && v != check.Ask {
		v = check.Block
	}
	if v == check.Ask && !p.NativeAsk() {
		v = check.Block
	}
	reason := a.Reason
	if v != check.Allow && strings.TrimSpace(reason) == "" {
		reason = "guardsh refused this command."
	}
	var out any
	switch p {
	case Claude, Codex:
		if v == check.Allow {
			return nil, 0
		}
		out = protoHookSpecific{Output: protoPreToolUse{
			Event: "PreToolUse", Decision: protoDecision(v), Reason: reason}}
	case Gemini:
		if v == check.Allow {
			return []byte("{}\n"), 0
		}
		out = protoTopLevel{Decision: "deny", Reason: reason}
	case Cursor:
		c := protoCursor{Permission: protoDecision(v)}
		if v != check.Allow {
			c.UserMessage, c.AgentMessage = reason, reason
		}
		out = c
	case Copilot:
		if v == check.Allow {
			return nil, 0
		}
		out = protoCopilot{Decision: "deny", Reason: reason}
	default:
		// No protocol to answer in: exit 2 blocks in every agent.
		return nil, 2
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return nil, 2
	}
	return b.Bytes(), 0
}

func protoDecision(v check.Verdict) string {
	switch v {
	case check.Allow:
		return "allow"
	case check.Ask:
		return "ask"
	}
	return "deny"
}

// The answer shapes. Field order is the documentation's; Codex rejects
// unknown fields in hookSpecificOutput, so there are none.
type (
	protoHookSpecific struct {
		Output protoPreToolUse `json:"hookSpecificOutput"`
	}
	protoPreToolUse struct {
		Event    string `json:"hookEventName"`
		Decision string `json:"permissionDecision"`
		Reason   string `json:"permissionDecisionReason"`
	}
	protoTopLevel struct {
		Decision string `json:"decision"`
		Reason   string `json:"reason"`
	}
	protoCursor struct {
		Permission   string `json:"permission"`
		UserMessage  string `json:"user_message,omitempty"`
		AgentMessage string `json:"agent_message,omitempty"`
	}
	protoCopilot struct {
		Decision string `json:"permissionDecision"`
		Reason   string `json:"permissionDecisionReason"`
	}
)

// Reason writes what an agent (and its user) needs to know about a refused
// or questioned command: what matched, which rule, why, the safer way, and
// how a human can let it run. code is the pending approval code, if one was
// recorded; native says whether the agent itself asks its user.
func Reason(res *check.Result, code string, native bool) string {
	var b strings.Builder
	hard := res.Verdict == check.Block
	switch {
	case hard:
		b.WriteString("guardsh blocked this command; nothing of it was run. ")
	case native:
		b.WriteString("guardsh: this command needs a human's approval. ")
	default:
		b.WriteString("guardsh refused this command; nothing of it was run. It needs a human's approval. ")
	}
	b.WriteString(Findings(res.Findings, hard))
	switch {
	case hard:
		b.WriteString(" Hardline rules cannot be approved by anyone: do not retry it or work around it; use the safer alternative or ask the user.")
	case native:
	case code != "":
		fmt.Fprintf(&b, " Ask the user whether it should run. A human can approve it at a terminal with `guardsh approve %s`; then run exactly the same command again from the same directory within 10 minutes.", code)
	default:
		b.WriteString(" Ask the user whether it should run: they can run it themselves, or approve it at a terminal.")
	}
	return b.String()
}

// maxDescribed is how many findings an answer describes; the answer of a
// huge input stays short (review §18: 2.9 MB for ls; × 10⁶).
const maxDescribed = 20

// maxMatched is how much of the matched text an answer quotes.
const maxMatched = 400

// clipMatched cuts matched text to maxMatched bytes on a rune boundary.
func clipMatched(s string) string {
	if len(s) <= maxMatched {
		return s
	}
	n := maxMatched
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return fmt.Sprintf("%s…(%d bytes)", s[:n], len(s))
}

// Findings describes findings in a sentence each: rule, tier, title, why,
// what matched, where it came from, and the safer alternative. With
// hardOnly, only hardline findings are described when there are any.
func Findings(fs []rules.Finding, hardOnly bool) string {
	if hardOnly && slices.ContainsFunc(fs, func(f rules.Finding) bool { return f.Tier == rules.Hardline }) {
		fs = slices.DeleteFunc(slices.Clone(fs), func(f rules.Finding) bool { return f.Tier != rules.Hardline })
	}
	if len(fs) == 0 {
		return "guardsh could not check it with certainty."
	}
	var parts []string
	seen := map[string]bool{}
	for _, f := range fs {
		key := f.Rule + "\x00" + f.Text
		if seen[key] {
			continue
		}
		if len(parts) == maxDescribed {
			parts = append(parts, fmt.Sprintf("And %d more findings.", len(fs)-len(seen)))
			break
		}
		seen[key] = true
		var b strings.Builder
		if f.Rule != "" {
			fmt.Fprintf(&b, "Rule %s (%s): ", f.Rule, f.Tier)
		}
		b.WriteString(strings.TrimSuffix(f.Title, "."))
		if f.Reason != "" {
			b.WriteString(" — " + strings.TrimSuffix(f.Reason, "."))
		}
		b.WriteString(".")
		if f.Text != "" {
			fmt.Fprintf(&b, " Matched: `%s`", clipMatched(f.Text))
			if len(f.Via) > 0 {
				fmt.Fprintf(&b, " (via %s)", strings.Join(f.Via, " → "))
			}
			b.WriteString(".")
		}
		if f.Suggest != "" {
			b.WriteString(" Safer: " + strings.TrimSuffix(f.Suggest, ".") + ".")
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, " ")
}
