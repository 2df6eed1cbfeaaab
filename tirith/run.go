package tirith

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/guardsh/guardsh/rules"
)

// checkArgs are the arguments of every tirith check, before "--" and the
// command line as one string. Each must be known to the binary: tirith 0.4
// takes an unknown flag as part of the command to check.
var checkArgs = []string{"check", "--format", "json", "--non-interactive", "--shell", "posix", "--offline", "--"}

// Caps on what guardsh reads from a tirith process.
const (
	maxStdout = 4 << 20
	maxStderr = 64 << 10
)

// A Report is tirith's verdict on one command line, after guardsh has
// checked that its exit code and its JSON agree.
type Report struct {
	// Action is allow, warn or block: the stricter of what the exit code
	// and the JSON said.
	Action string
	// Findings are tirith's findings as guardsh findings (source
	// "tirith", tier dangerous, never permanent).
	Findings []rules.Finding
	// Dropped counts findings left out because they only say that the
	// offline mode skipped a network lookup.
	Dropped int
	// MS is how long the tirith process took, in milliseconds.
	MS float64
}

// Check runs "tirith check" on one command line, passed as one string, with
// a timeout and an environment scrubbed of TIRITH* variables. An error means
// tirith failed (crash, timeout, usage error, output guardsh cannot trust);
// the Report then still carries MS.
func Check(ctx context.Context, bin, text string, timeout time.Duration) (*Report, error) {
	if timeout <= 0 {
		timeout = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append(checkArgs[:len(checkArgs):len(checkArgs)], text)...)
	cmd.Env = Environ(os.Environ())
	cmd.Stdin = nil
	var stdout, stderr capped
	stdout.max, stderr.max = maxStdout, maxStderr
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	ownGroup(cmd)
	t0 := time.Now()
	err := cmd.Run()
	rep := &Report{MS: float64(time.Since(t0).Microseconds()) / 1000}
	if ctx.Err() != nil {
		return rep, fmt.Errorf("%w after %v", ErrTimeout, timeout)
	}
	code := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() < 0 {
			return rep, fmt.Errorf("running tirith: %v", err)
		}
		code = ee.ExitCode()
	}
	if stdout.over {
		return rep, fmt.Errorf("tirith wrote more than %d bytes", maxStdout)
	}
	action, findings, dropped, err := Interpret(text, code, stdout.Bytes())
	if err != nil {
		if msg := firstLine(stderr.String()); msg != "" {
			err = fmt.Errorf("%v: %s", err, sanitize(msg, 200))
		}
		return rep, err
	}
	rep.Action, rep.Findings, rep.Dropped = action, findings, dropped
	return rep, nil
}

// ErrTimeout is wrapped by the error of a tirith call that took too long.
var ErrTimeout = errors.New("tirith timed out")

// Environ returns env without the TIRITH* variables, which could weaken
// tirith's verdict (TIRITH=0, TIRITH_POLICY_ROOT, ...).
func Environ(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		if !strings.HasPrefix(strings.ToUpper(kv), "TIRITH") {
			out = append(out, kv)
		}
	}
	return out
}

// output is the part of tirith's JSON that guardsh reads.
type output struct {
	Action   *string   `json:"action"`
	Findings []finding `json:"findings"`
}

type finding struct {
	RuleID      string            `json:"rule_id"`
	Severity    string            `json:"severity"`
	Title       string            `json:"title"`
	Description string            `json:"description"`
	Remediation string            `json:"remediation"`
	Evidence    []json.RawMessage `json:"evidence"`
}

type evidence struct {
	Type       string `json:"type"`
	Matched    string `json:"matched"`
	Raw        string `json:"raw"`
	ThreatType string `json:"threat_type"`
}

var exitActions = sync.OnceValue(func() map[int]string {
	return map[int]string{0: "allow", 1: "block", 2: "warn"}
})

var actionRank = sync.OnceValue(func() map[string]int {
	return map[string]int{"allow": 0, "warn": 1, "block": 2}
})

// Interpret turns tirith's exit code and standard output into an action and
// guardsh findings for the command line text. The code counts only with a
// JSON verdict: exit 2 is both "warn" and a usage error. When both are
// valid and differ, the stricter wins; anything else is an error.
func Interpret(text string, code int, stdout []byte) (action string, findings []rules.Finding, dropped int, err error) {
	exitAction, ok := exitActions()[code]
	if !ok {
		return "", nil, 0, fmt.Errorf("tirith exited with status %d", code)
	}
	var out output
	dec := json.NewDecoder(bytes.NewReader(stdout))
	if err := dec.Decode(&out); err != nil {
		return "", nil, 0, fmt.Errorf("tirith exited with status %d without a JSON verdict: %v", code, err)
	}
	if dec.More() {
		return "", nil, 0, fmt.Errorf("tirith wrote more than one JSON value")
	}
	if out.Action == nil {
		return "", nil, 0, fmt.Errorf("tirith's JSON has no action")
	}
	jsonAction := *out.Action
	if _, ok := actionRank()[jsonAction]; !ok {
		return "", nil, 0, fmt.Errorf("tirith's JSON has an unknown action %q", sanitize(jsonAction, 40))
	}
	action = jsonAction
	if actionRank()[exitAction] > actionRank()[action] {
		action = exitAction
	}
	if action == "allow" {
		return action, nil, 0, nil
	}
	for _, f := range out.Findings {
		if offlineOnly(f) {
			dropped++
			continue
		}
		findings = append(findings, convert(text, f))
	}
	if len(findings) == 0 && (action == "block" || dropped == 0 || jsonAction != exitAction) {
		// tirith said warn or block but gave no finding guardsh keeps:
		// keep its verdict anyway, as one finding.
		why := fmt.Sprintf("tirith's verdict was %s without findings", action)
		if jsonAction != exitAction {
			why = fmt.Sprintf("tirith exited with status %d (%s) but its JSON said %s", code, exitAction, jsonAction)
		}
		findings = append(findings, rules.Finding{
			Rule: "tirith:" + action, Tier: rules.Dangerous, Title: "tirith says " + action,
			Reason: why, Text: text, End: len(text), Via: []string{}, Source: "tirith", NeverPermanent: true,
		})
	}
	return action, findings, dropped, nil
}

// offlineOnly reports whether f only says that a threat-intelligence
// lookup was skipped. guardsh runs tirith with --offline on purpose (no
// network on the hot path), so every "pip install x" gets this finding;
// it is "not evidence that the package is malicious", in tirith's words.
func offlineOnly(f finding) bool {
	if f.RuleID != "analysis_incomplete" || len(f.Evidence) == 0 {
		return false
	}
	switch strings.ToUpper(f.Severity) {
	case "HIGH", "CRITICAL":
		return false
	}
	for _, raw := range f.Evidence {
		var e evidence
		if json.Unmarshal(raw, &e) != nil || e.Type != "threat_intel" || e.ThreatType != "lookup_incomplete" {
			return false
		}
	}
	return true
}

func convert(text string, f finding) rules.Finding {
	id := f.RuleID
	if id == "" || strings.IndexFunc(id, func(r rune) bool {
		return !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '_' || r == '-')
	}) >= 0 {
		id = "unknown"
	}
	title := sanitize(f.Title, 120)
	if sev := strings.ToLower(sanitize(f.Severity, 20)); sev != "" {
		title += " (" + sev + ")"
	}
	out := rules.Finding{
		Rule:           "tirith:" + id,
		Tier:           rules.Dangerous,
		Title:          title,
		Reason:         sanitize(firstLine(f.Description), 400),
		Text:           text,
		End:            len(text),
		Via:            []string{},
		Suggest:        sanitize(firstLine(f.Remediation), 400),
		Source:         "tirith",
		NeverPermanent: true,
	}
	for _, raw := range f.Evidence {
		var e evidence
		if json.Unmarshal(raw, &e) != nil {
			continue
		}
		part := e.Matched
		if part == "" {
			part = e.Raw
		}
		if part == "" {
			continue
		}
		if i := strings.Index(text, part); i >= 0 {
			out.Text, out.Start, out.End = part, i, i+len(part)
			break
		}
	}
	return out
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// sanitize drops control, bidi and other invisible characters from text
// written by tirith before guardsh shows it on a terminal, and cuts it to
// max runes.
func sanitize(s string, max int) string {
	var b strings.Builder
	n := 0
	for _, r := range s {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == unicode.ReplacementChar {
			r = ' '
		}
		if n == max {
			b.WriteString("…")
			break
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// capped is a buffer that keeps at most max bytes and remembers whether
// more came.
type capped struct {
	bytes.Buffer
	max  int
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.Len(); len(p) > room {
		c.over = true
		c.Buffer.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return c.Buffer.Write(p)
}

var _ io.Writer = (*capped)(nil)
