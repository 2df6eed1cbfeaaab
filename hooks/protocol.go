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
	"sync"
	"unicode/utf8"

	"github.com/guardsh/guardsh/internal/strictjson"
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
	// FileTool is set for a tool that writes files (Claude Code's Write
	// and Edit, Gemini's write_file): Command then writes each of them
	// (: >PATH), and only the rules that guard guardsh's own files and
	// the agents' hook settings count (see protocol_writes.go).
	FileTool bool
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
// with certainty is an error, which the caller must answer with a deny: not
// one JSON object, invalid UTF-8, a duplicate key anywhere in the input (at
// any depth, also inside Copilot's toolArgs string), a key that differs
// from one guardsh reads only in case, a field guardsh reads holding the
// wrong type, a shell tool without a command string, an event other than
// the one guardsh is installed for. The input is read exactly as the agents
// themselves read it (JavaScript's JSON.parse, Rust's serde): see package
// internal/strictjson for why encoding/json alone is not exact enough.
func ParseEvent(p Protocol, data []byte) (*Event, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return nil, errors.New("the hook input is empty")
	}
	if !utf8.Valid(data) {
		return nil, errors.New("the hook input is not valid UTF-8")
	}
	obj, err := strictjson.ParseObject(data)
	if err != nil {
		if errors.Is(err, strictjson.ErrNotObject) {
			if string(data) == "null" {
				return nil, errors.New("the hook input is null, not a JSON object")
			}
			return nil, fmt.Errorf("the hook input is not a JSON object of the expected shape: it is %s", strictjson.Kind(data))
		}
		return nil, fmt.Errorf("the hook input is not a JSON object of the expected shape: %v", err)
	}
	in := protoInput(obj)
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

// protoInput is one object of the input, field by field, so that a field of
// the wrong type is reported as such rather than failing the whole decode.
// Its lookups are exact: see [strictjson.Object.Get].
type protoInput strictjson.Object

// has reports whether key is there (and not null).
func (in protoInput) has(key string) (bool, error) {
	_, ok, err := strictjson.Object(in).Get(key)
	return ok, err
}

// str returns a string field; missing (or null) is "" with ok false, and a
// field of another type is an error.
func (in protoInput) str(key string) (s string, ok bool, err error) {
	return strictjson.Object(in).String(key)
}

// object returns an object field; missing is an error too.
func (in protoInput) object(key string) (protoInput, error) {
	o, ok, err := strictjson.Object(in).Object(key)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%s is missing", key)
	}
	return protoInput(o), nil
}

// common fills the fields every protocol may carry.
func (in protoInput) common(ev *Event, sessionKeys ...string) error {
	dir, _, err := in.str("cwd")
	if err != nil {
		return err
	}
	ev.Dir = dir
	for _, k := range sessionKeys {
		s, ok, err := in.str(k)
		if err != nil {
			return err
		}
		if ok && s != "" && ev.Session == "" {
			ev.Session = s
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
// Codex releases) an argv array of strings, which is quoted back into one
// line.
func (in protoInput) command(key string) (string, error) {
	raw, ok, err := strictjson.Object(in).Get(key)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", fmt.Errorf("the shell command (%s) is missing", key)
	}
	var s string
	if raw[0] == '"' && json.Unmarshal(raw, &s) == nil {
		if strings.TrimSpace(s) == "" {
			return "", fmt.Errorf("the shell command (%s) is empty", key)
		}
		return s, nil
	}
	var argv []string
	if raw[0] != '[' || json.Unmarshal(raw, &argv) != nil || len(argv) == 0 {
		return "", fmt.Errorf("the shell command (%s) is neither a string nor a list of strings: it is %s", key, strictjson.Kind(raw))
	}
	quoted := make([]string, len(argv))
	for i, a := range argv {
		quoted[i] = protoQuote(a)
	}
	return strings.Join(quoted, " "), nil
}

// mcpShellTools are the names (after mcp__SERVER__, compared without
// case) of MCP server tools that run a shell command given as "command":
// shell servers such as desktop-commander (execute_command,
// start_process), serena (execute_shell_command) and the many small
// "shell"/"bash"/"terminal" servers.
var mcpShellTools = []string{"bash", "sh", "zsh", "shell", "exec", "execute", "run", "run_command",
	"execute_command", "exec_command", "shell_exec", "shell_command", "run_shell_command",
	"execute_shell_command", "terminal", "run_terminal_command", "run_in_terminal", "start_process"}

// mcpShellTool reports whether name is an MCP tool (Claude Code and Codex
// name them mcp__SERVER__TOOL) that runs shell commands. Its input is read
// like Bash's: a "command" string, or the event is denied.
func mcpShellTool(name string) bool {
	rest, ok := strings.CutPrefix(name, "mcp__")
	if !ok {
		return false
	}
	i := strings.LastIndex(rest, "__")
	if i < 0 {
		return false
	}
	tool := strings.ToLower(rest[i+2:])
	return slices.Contains(mcpShellTools, tool)
}

// protoShellTools are the tool names, per protocol, that run shell commands.
var protoShellTools = sync.OnceValue(func() map[Protocol][]string {
	return map[Protocol][]string{
		Claude:  {"Bash"},
		Codex:   {"Bash", "shell", "local_shell", "exec_command", "container.exec", "unified_exec"},
		Gemini:  {"run_shell_command"},
		Copilot: {"bash", "shell", "Bash"},
	}
})

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
	// Both names at once, saying different things, leave the directory in
	// doubt.
	args, _ := in.object("tool_input")
	dir := ""
	for _, k := range []string{"dir_path", "directory"} {
		d, ok, err := args.str(k)
		if err != nil {
			return nil, err
		}
		if !ok || d == "" {
			continue
		}
		if dir != "" && d != dir {
			return nil, fmt.Errorf("tool_input has both dir_path %q and directory %q", dir, d)
		}
		dir = d
	}
	if dir != "" {
		if !filepath.IsAbs(dir) && ev.Dir != "" {
			dir = filepath.Join(ev.Dir, dir)
		}
		ev.Dir = dir
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
	// Both at once would let guardsh read one tool and the agent run the
	// other.
	camel, err := in.has("toolName")
	if err != nil {
		return nil, err
	}
	snake, err := in.has("tool_name")
	if err != nil {
		return nil, err
	}
	if !camel {
		if ok, err := in.has("toolArgs"); err != nil || ok {
			return nil, errors.Join(err, errors.New("toolArgs without toolName"))
		}
		return in.tool(Copilot, ev, "tool_name", "tool_input", false)
	}
	if snake {
		return nil, errors.New("the input has both toolName and tool_name: guardsh cannot tell which tool the agent runs")
	}
	if ok, err := in.has("tool_input"); err != nil || ok {
		return nil, errors.Join(err, errors.New("tool_input beside toolName: guardsh cannot tell which arguments the agent runs"))
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
	if !slices.Contains(protoShellTools()[p], name) && !mcpShellTool(name) {
		if !fileTool(p, name) {
			return ev, nil
		}
		args, err := in.toolArgs(argsKey, argsString)
		if err != nil {
			return nil, err
		}
		return ev, args.fileWrites(ev, name) // protocol_writes.go
	}
	ev.Shell = true
	args, err := in.toolArgs(argsKey, argsString)
	if err != nil {
		return nil, err
	}
	ev.Command, err = args.command("command")
	if err != nil {
		return nil, err
	}
	return ev, nil
}

// toolArgs reads a tool's arguments: an object, or (argsString) a JSON
// string holding one.
func (in protoInput) toolArgs(argsKey string, argsString bool) (protoInput, error) {
	if s, present, err := in.str(argsKey); present && err == nil && argsString {
		o, err := strictjson.ParseObject([]byte(s))
		if err != nil {
			return nil, fmt.Errorf("%s is not a JSON object in a string: %v", argsKey, err)
		}
		return protoInput(o), nil
	}
	return in.object(argsKey)
}

// protoQuote quotes one argv word for a POSIX shell, leaving plain words as
// they are.
func protoQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
