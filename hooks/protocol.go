package hooks

// Agent hook protocols: `guardsh hook --protocol NAME` reads one JSON event
// on standard input and answers in that agent's format. What each agent
// expects was checked against its documentation (November 2026):
//
//   - Claude Code, "Hooks reference", PreToolUse
//     (https://code.claude.com/docs/en/hooks#pretooluse): input tool_name,
//     tool_input.command, cwd, session_id; answer on exit 0 with
//     hookSpecificOutput.{hookEventName: "PreToolUse", permissionDecision:
//     allow|deny|ask|defer, permissionDecisionReason}. The reason of an ask
//     is shown to the user in the prompt, that of a deny to Claude. No
//     output at all leaves Claude Code's own permission flow in charge.
//   - Codex CLI, "Hooks" (https://developers.openai.com/codex/hooks) and the
//     hooks parser in openai/codex (codex-rs/hooks, discussed in
//     openai/codex#21753, #28437 and PR #20702): same input shape as Claude
//     Code (tool_name "Bash", tool_input.command); only permissionDecision
//     "deny" is acted on. "ask" and a bare "allow" are reported as
//     unsupported, the hook counts as failed and the command runs, and
//     unknown fields in hookSpecificOutput make the whole answer unreadable.
//     So guardsh answers an allow with silence and an ask with a deny whose
//     reason tells the model to ask the user.
//   - Gemini CLI, "Hooks reference", BeforeTool
//     (https://geminicli.com/docs/hooks/reference, docs/hooks/reference.md in
//     google-gemini/gemini-cli): input tool_name ("run_shell_command"),
//     tool_input.command, cwd; answer top-level decision "allow" | "deny"
//     (alias "block") with reason, which is sent to the agent. continue:
//     false would stop the whole agent loop, so guardsh never sends it; an
//     allow is "{}" (stdout must be JSON on exit 0), which keeps Gemini's own
//     confirmation. "ask" is not documented, so an ask is a deny.
//   - Cursor, "Hooks" (https://cursor.com/docs/agent/hooks),
//     beforeShellExecution: input command and cwd at the top level; answer
//     permission allow|deny|ask with user_message (shown to the user) and
//     agent_message (sent to the agent). Cursor treats invalid JSON from a
//     permission hook as a failure, so every answer is a JSON object.
//   - GitHub Copilot CLI, "GitHub Copilot CLI hooks reference"
//     (https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference)
//     and "About hooks": preToolUse input toolName ("bash") and toolArgs, a
//     JSON *string* holding {"command": ...}; answer permissionDecision with
//     permissionDecisionReason. Only "deny" is documented as processed by
//     the CLI and the cloud agent has nobody to ask, so an ask is a deny; an
//     allow is no output.
//
// In every protocol an exit status other than 0 or 2 counts as a failed
// hook and lets the command run. guardsh therefore always exits 0 with a
// decision (or 2 with a reason on standard error when it cannot even name a
// protocol): malformed, empty, oversized or unexpected input is denied.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// A Protocol is an agent's hook wire format.
type Protocol string

// The protocols guardsh speaks.
const (
	Claude  Protocol = "claude"
	Codex   Protocol = "codex"
	Gemini  Protocol = "gemini"
	Cursor  Protocol = "cursor"
	Copilot Protocol = "copilot"
)

// Protocols lists every protocol, in the order of the documentation.
var Protocols = []Protocol{Claude, Codex, Gemini, Cursor, Copilot}

// ParseProtocol returns the protocol named name.
func ParseProtocol(name string) (Protocol, error) {
	p := Protocol(strings.ToLower(name))
	if slices.Contains(Protocols, p) {
		return p, nil
	}
	return "", fmt.Errorf("unknown hook protocol %q (known: claude, codex, gemini, cursor, copilot)", name)
}

// NativeAsk reports whether the agent can ask its user itself. For the
// others an ask becomes a deny that says how to get the command approved.
func (p Protocol) NativeAsk() bool { return p == Claude || p == Cursor }

// MaxInput is the largest hook input guardsh reads. A larger event is denied.
const MaxInput = 4 << 20

// An Event is what guardsh takes from an agent's hook input.
type Event struct {
	// Tool is the tool name as the agent gave it ("Bash",
	// "run_shell_command", ...); for Cursor, the hook event name.
	Tool string
	// Shell reports whether the tool runs a shell command. Other tools
	// pass without a decision.
	Shell bool
	// Command is the shell command line, when Shell.
	Command string
	// Dir is the directory the command runs in, if the agent said.
	Dir string
	// Session is the agent's session or conversation id, if any.
	Session string
}

// ReadInput reads a whole hook input, at most [MaxInput] bytes.
func ReadInput(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read the hook input: %v", err)
	}
	if len(data) > MaxInput {
		return nil, fmt.Errorf("the hook input is larger than %d MiB", MaxInput>>20)
	}
	return data, nil
}

// ParseEvent decodes one event of protocol p. Anything guardsh cannot read
// with certainty — not one JSON object, invalid UTF-8, a shell tool without
// a command string, an event other than the one guardsh is installed for —
// is an error, which the caller must answer with a deny.
func ParseEvent(p Protocol, data []byte) (*Event, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return nil, errors.New("the hook input is empty")
	}
	if !utf8.Valid(data) {
		return nil, errors.New("the hook input is not valid UTF-8")
	}
	var in protoInput
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&in); err != nil {
		return nil, fmt.Errorf("the hook input is not a JSON object of the expected shape: %v", err)
	}
	if dec.More() {
		return nil, errors.New("the hook input holds more than one JSON value")
	}
	if in == nil {
		return nil, errors.New("the hook input is null, not a JSON object")
	}
	switch p {
	case Claude, Codex:
		return in.preToolUse(p)
	case Gemini:
		return in.beforeTool()
	case Cursor:
		return in.beforeShell()
	case Copilot:
		return in.copilot()
	}
	return nil, fmt.Errorf("unknown hook protocol %q", p)
}

// protoInput is the input object, field by field, so that a field of the
// wrong type is reported as such rather than failing the whole decode.
type protoInput map[string]json.RawMessage

// str returns a string field; missing is "" with ok false, and a field of
// another type is an error.
func (in protoInput) str(key string) (s string, ok bool, err error) {
	raw, ok := in[key]
	if !ok || string(raw) == "null" {
		return "", false, nil
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", true, fmt.Errorf("%s is not a string", key)
	}
	return s, true, nil
}

// object returns an object field.
func (in protoInput) object(key string) (protoInput, error) {
	raw, ok := in[key]
	if !ok || string(raw) == "null" {
		return nil, fmt.Errorf("%s is missing", key)
	}
	var o protoInput
	if err := json.Unmarshal(raw, &o); err != nil || o == nil {
		return nil, fmt.Errorf("%s is not a JSON object", key)
	}
	return o, nil
}

// common fills the fields every protocol may carry.
func (in protoInput) common(ev *Event, sessionKeys ...string) error {
	dir, _, err := in.str("cwd")
	if err != nil {
		return err
	}
	ev.Dir = dir
	for _, k := range sessionKeys {
		if s, ok, _ := in.str(k); ok && s != "" {
			ev.Session = s
			break
		}
	}
	return nil
}

// event checks hook_event_name, when present, against the expected names.
func (in protoInput) event(key string, want ...string) error {
	name, ok, err := in.str(key)
	if err != nil || !ok {
		return err
	}
	if !slices.Contains(want, name) {
		return fmt.Errorf("guardsh handles %s events, not %q: install it for %s only", want[0], name, want[0])
	}
	return nil
}

// command reads the command of a shell tool's input: a string, or (older
// Codex releases) an argv array, which is quoted back into one line.
func (in protoInput) command(key string) (string, error) {
	raw, ok := in[key]
	if !ok || string(raw) == "null" {
		return "", fmt.Errorf("the shell command (%s) is missing", key)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		if strings.TrimSpace(s) == "" {
			return "", fmt.Errorf("the shell command (%s) is empty", key)
		}
		return s, nil
	}
	var argv []string
	if err := json.Unmarshal(raw, &argv); err != nil || len(argv) == 0 {
		return "", fmt.Errorf("the shell command (%s) is neither a string nor a list of strings", key)
	}
	quoted := make([]string, len(argv))
	for i, a := range argv {
		quoted[i] = protoQuote(a)
	}
	return strings.Join(quoted, " "), nil
}

// protoShellTools are the tool names, per protocol, that run shell commands.
var protoShellTools = map[Protocol][]string{
	Claude:  {"Bash"},
	Codex:   {"Bash", "shell", "local_shell", "exec_command", "container.exec", "unified_exec"},
	Gemini:  {"run_shell_command"},
	Copilot: {"bash", "shell", "Bash"},
}

func (in protoInput) preToolUse(p Protocol) (*Event, error) {
	if err := in.event("hook_event_name", "PreToolUse"); err != nil {
		return nil, err
	}
	ev := &Event{}
	if err := in.common(ev, "session_id"); err != nil {
		return nil, err
	}
	return in.tool(p, ev, "tool_name", "tool_input", false)
}

func (in protoInput) beforeTool() (*Event, error) {
	if err := in.event("hook_event_name", "BeforeTool"); err != nil {
		return nil, err
	}
	ev := &Event{}
	if err := in.common(ev, "session_id"); err != nil {
		return nil, err
	}
	ev, err := in.tool(Gemini, ev, "tool_name", "tool_input", false)
	if err != nil || !ev.Shell {
		return ev, err
	}
	// run_shell_command may name the directory to run in, relative to
	// the project directory.
	args, _ := in.object("tool_input")
	for _, k := range []string{"dir_path", "directory"} {
		if d, ok, err := args.str(k); err != nil {
			return nil, err
		} else if ok && d != "" {
			if !filepath.IsAbs(d) && ev.Dir != "" {
				d = filepath.Join(ev.Dir, d)
			}
			ev.Dir = d
			break
		}
	}
	return ev, nil
}

func (in protoInput) beforeShell() (*Event, error) {
	name, ok, err := in.str("hook_event_name")
	if err != nil {
		return nil, err
	}
	if ok && name != "beforeShellExecution" {
		return nil, fmt.Errorf("guardsh handles beforeShellExecution events, not %q: install it for beforeShellExecution only", name)
	}
	ev := &Event{Tool: "beforeShellExecution", Shell: true}
	if err := in.common(ev, "conversation_id", "session_id"); err != nil {
		return nil, err
	}
	ev.Command, err = in.command("command")
	if err != nil {
		return nil, err
	}
	return ev, nil
}

func (in protoInput) copilot() (*Event, error) {
	ev := &Event{}
	if err := in.common(ev, "sessionId", "session_id"); err != nil {
		return nil, err
	}
	if err := in.event("hookEventName", "preToolUse", "PreToolUse"); err != nil {
		return nil, err
	}
	// The CLI sends toolName and toolArgs (a JSON string); the VS Code
	// agent and newer CLIs may send tool_name and tool_input (an object).
	if _, ok := in["toolName"]; !ok {
		return in.tool(Copilot, ev, "tool_name", "tool_input", false)
	}
	return in.tool(Copilot, ev, "toolName", "toolArgs", true)
}

// tool reads the tool name and, for a shell tool, its command. argsString
// says the arguments may be a JSON string holding the object.
func (in protoInput) tool(p Protocol, ev *Event, nameKey, argsKey string, argsString bool) (*Event, error) {
	name, ok, err := in.str(nameKey)
	if err != nil {
		return nil, err
	}
	if !ok || name == "" {
		return nil, fmt.Errorf("%s is missing", nameKey)
	}
	ev.Tool = name
	if !slices.Contains(protoShellTools[p], name) {
		return ev, nil
	}
	ev.Shell = true
	var args protoInput
	if s, present, err := in.str(argsKey); present && err == nil && argsString {
		if err := json.Unmarshal([]byte(s), &args); err != nil || args == nil {
			return nil, fmt.Errorf("%s is not a JSON object in a string", argsKey)
		}
	} else if args, err = in.object(argsKey); err != nil {
		return nil, err
	}
	ev.Command, err = args.command("command")
	if err != nil {
		return nil, err
	}
	return ev, nil
}

// protoQuote quotes one argv word for a POSIX shell, leaving plain words as
// they are.
func protoQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
