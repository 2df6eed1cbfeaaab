package hooks

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/internal/strictjson"
	"github.com/guardsh/guardsh/rules"
)

var protoUpdate = flag.Bool("update", false, "rewrite the golden files of the hook protocols")

// protoResults are synthetic check results, one per verdict.
var protoResults = map[check.Verdict]*check.Result{
	check.Allow: {Command: "git reset --hard", Verdict: check.Allow, Findings: []rules.Finding{}},
	check.Ask: {Command: "git reset --hard", Verdict: check.Ask, Findings: []rules.Finding{{
		Rule: "git-reset-hard", Tier: rules.Dangerous, Title: "Discards uncommitted changes",
		Reason: "git reset --hard throws away every change that is not committed.",
		Text:   "git reset --hard", Start: 0, End: 16, Source: "guardsh",
		Suggest: "git stash first, so the changes can be recovered",
	}}},
	check.Block: {Command: "git reset --hard", Verdict: check.Block, Findings: []rules.Finding{{
		Rule: "rm-root", Tier: rules.Hardline, Title: "Recursive delete of the root directory",
		Reason: "It would erase the whole system.", Text: "rm -rf /", Via: []string{"sudo", "bash -c"},
		Source: "guardsh", Suggest: "delete the directory you mean, such as ./build",
	}}},
}

// protoGolden compares got with the golden file, or rewrites it with -update.
func protoGolden(t *testing.T, name string, out []byte, exit int) {
	t.Helper()
	got := fmt.Sprintf("exit %d\n%s", exit, out)
	path := filepath.Join("testdata", "golden", name)
	if *protoUpdate {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s:\n got: %s\nwant: %s", name, got, want)
	}
}

// protoGoldenRaw compares bytes with a golden file, or rewrites it.
func protoGoldenRaw(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *protoUpdate {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s:\n got: %s\nwant: %s", name, got, want)
	}
}

// TestProtocolGolden answers each protocol's sample event with each verdict
// and compares the bytes with the golden files.
func TestProtocolGolden(t *testing.T) {
	for _, p := range Protocols {
		input, err := os.ReadFile(filepath.Join("testdata", "golden", string(p), "input.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []check.Verdict{check.Allow, check.Ask, check.Block} {
			res := protoResults[v]
			out, exit := Handle(p, input, nil, func(ev *Event) Answer {
				if ev.Command != "git reset --hard" || ev.Dir != "/work/project" {
					t.Errorf("%s: event %+v", p, ev)
				}
				if v == check.Allow {
					return Answer{Verdict: check.Allow}
				}
				code := ""
				if v == check.Ask && !p.NativeAsk() {
					code = "K7PQ2M"
				}
				return Answer{Verdict: v, Reason: Reason(res, code, p.NativeAsk())}
			})
			protoGolden(t, filepath.Join(string(p), string(v)+".out"), out, exit)
			protoCheckShape(t, p, v, out, exit)
		}
		bad, err := os.ReadFile(filepath.Join("testdata", "golden", string(p), "malformed.in"))
		if err != nil {
			t.Fatal(err)
		}
		out, exit := Handle(p, bad, nil, func(*Event) Answer {
			t.Errorf("%s: malformed input reached the decision", p)
			return Answer{Verdict: check.Allow}
		})
		protoGolden(t, filepath.Join(string(p), "malformed.out"), out, exit)
		protoCheckShape(t, p, check.Block, out, exit)
	}
}

// protoCheckShape decodes an answer the way the agent would and checks the
// decision it carries, independently of the golden bytes.
func protoCheckShape(t *testing.T, p Protocol, v check.Verdict, out []byte, exit int) {
	t.Helper()
	if exit != 0 {
		t.Errorf("%s %s: exit %d", p, v, exit)
	}
	want := map[check.Verdict]string{check.Allow: "", check.Ask: "ask", check.Block: "deny"}[v]
	if v == check.Ask && !p.NativeAsk() {
		want = "deny"
	}
	if len(bytes.TrimSpace(out)) == 0 {
		if want != "" || p == Gemini || p == Cursor {
			t.Errorf("%s %s: no output", p, v)
		}
		return
	}
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("%s %s: output is not JSON: %v", p, v, err)
	}
	var got, reason any
	switch p {
	case Claude, Codex:
		h, _ := m["hookSpecificOutput"].(map[string]any)
		if h["hookEventName"] != "PreToolUse" {
			t.Errorf("%s: hookEventName %v", p, h["hookEventName"])
		}
		got, reason = h["permissionDecision"], h["permissionDecisionReason"]
		if len(h) != 3 {
			t.Errorf("%s: hookSpecificOutput has %d fields, want exactly 3", p, len(h))
		}
	case Gemini:
		got, reason = m["decision"], m["reason"]
		if _, ok := m["continue"]; ok {
			t.Errorf("gemini answer sets continue: %s", out)
		}
	case Cursor:
		got, reason = m["permission"], m["agent_message"]
		if want == "" {
			want = "allow"
		}
	case Copilot:
		got, reason = m["permissionDecision"], m["permissionDecisionReason"]
	}
	if got == nil {
		got = ""
	}
	if got != want {
		t.Errorf("%s %s: decision %q, want %q", p, v, got, want)
	}
	if want == "deny" || want == "ask" {
		if s, _ := reason.(string); !strings.Contains(s, "guardsh") {
			t.Errorf("%s %s: reason %q does not say who refused", p, v, reason)
		}
	}
}

func TestReasonSaysWhatToDo(t *testing.T) {
	r := Reason(protoResults[check.Block], "", false)
	for _, want := range []string{"rm-root", "hardline", "erase the whole system", "Safer: delete the directory", "sudo → bash -c", "cannot be approved"} {
		if !strings.Contains(r, want) {
			t.Errorf("block reason lacks %q: %s", want, r)
		}
	}
	r = Reason(protoResults[check.Ask], "K7PQ2M", false)
	for _, want := range []string{"git-reset-hard", "dangerous", "guardsh approve K7PQ2M", "same command again", "Ask the user"} {
		if !strings.Contains(r, want) {
			t.Errorf("ask reason lacks %q: %s", want, r)
		}
	}
	if r := Reason(&check.Result{Verdict: check.Ask}, "", true); !strings.Contains(r, "could not check") {
		t.Errorf("ask without findings: %s", r)
	}
}

// TestParseEvent covers the inputs each agent sends, and the ones guardsh
// must refuse.
func TestParseEvent(t *testing.T) {
	tests := []struct {
		p       Protocol
		in      string
		shell   bool
		command string
		dir     string
		err     string // substring of the error; "" for none
	}{
		{Claude, `{"tool_name":"Read","tool_input":{"file_path":"/x"}}`, false, "", "", ""},
		{Claude, `{"tool_name":"Bash","tool_input":{"command":"ls"},"cwd":"/d"}`, true, "ls", "/d", ""},
		{Claude, `{"tool_name":"Bash","tool_input":{"command":42}}`, false, "", "", "neither a string"},
		{Claude, `{"tool_name":"Bash","tool_input":{}}`, false, "", "", "missing"},
		{Claude, `{"tool_name":"Bash","tool_input":{"command":"  "}}`, false, "", "", "empty"},
		{Claude, `{"tool_name":"Bash","tool_input":"ls"}`, false, "", "", "not a JSON object"},
		{Claude, `{"tool_name":"Bash"}`, false, "", "", "missing"},
		{Claude, `{"tool_input":{"command":"ls"}}`, false, "", "", "tool_name is missing"},
		{Claude, `{"tool_name":7}`, false, "", "", "not a string"},
		{Claude, `{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`, false, "", "", "PreToolUse"},
		{Claude, `[]`, false, "", "", "expected shape"},
		{Claude, `null`, false, "", "", "null"},
		{Claude, ``, false, "", "", "empty"},
		{Claude, "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls \xff\"}}", false, "", "", "UTF-8"},
		{Claude, `{"tool_name":"Bash","tool_input":{"command":"ls"}} {"tool_name":"Read"}`, false, "", "", "more than one"},
		{Claude, `{"tool_name":"Bash","tool_input":{"command":"ls","command":"rm -rf /"}}`, false, "", "", `$.tool_input: duplicate key "command"`},
		{Codex, `{"tool_name":"Bash","tool_input":{"command":["bash","-lc","rm -rf '/tmp/a b'"]}}`, true, `bash -lc 'rm -rf '\''/tmp/a b'\'''`, "", ""},
		{Codex, `{"tool_name":"apply_patch","tool_input":{"patch":"x"}}`, false, "", "", "names no file"},
		{Claude, `{"tool_name":"mcp__shell__bash","tool_input":{"command":"rm -rf /"}}`, true, "rm -rf /", "", ""},
		{Claude, `{"tool_name":"mcp__desktop-commander__start_process","tool_input":{"command":"ls","timeout_ms":1}}`, true, "ls", "", ""},
		{Codex, `{"tool_name":"mcp__serena__execute_shell_command","tool_input":{"command":"ls"}}`, true, "ls", "", ""},
		{Claude, `{"tool_name":"mcp__shell__Run_Command","tool_input":{"cmd":"rm -rf /"}}`, false, "", "", "missing"},
		{Claude, `{"tool_name":"mcp__github__create_issue","tool_input":{"command":"x"}}`, false, "", "", ""},
		{Claude, `{"tool_name":"mcp__bash","tool_input":{"command":"x"}}`, false, "", "", ""},
		{Codex, `{"tool_name":"Bash","tool_input":{"command":[]}}`, false, "", "", "neither"},
		{Gemini, `{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"ls","dir_path":"sub"}}`, true, "ls", "/p/sub", ""},
		{Gemini, `{"hook_event_name":"AfterTool","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`, false, "", "", "BeforeTool"},
		{Gemini, `{"tool_name":"read_file","tool_input":{"path":"x"}}`, false, "", "", ""},
		{Cursor, `{"command":"ls","cwd":"/c"}`, true, "ls", "/c", ""},
		{Cursor, `{"hook_event_name":"beforeMCPExecution","tool_name":"q"}`, false, "", "", "beforeShellExecution"},
		{Cursor, `{"hook_event_name":"beforeShellExecution"}`, false, "", "", "missing"},
		{Copilot, `{"toolName":"bash","toolArgs":"{\"command\":\"ls\"}","cwd":"/k"}`, true, "ls", "/k", ""},
		{Copilot, `{"toolName":"bash","toolArgs":{"command":"ls"}}`, true, "ls", "", ""},
		{Copilot, `{"tool_name":"bash","tool_input":{"command":"ls"}}`, true, "ls", "", ""},
		{Copilot, `{"toolName":"bash","toolArgs":"not json"}`, false, "", "", "JSON object in a string"},
		{Copilot, `{"toolName":"edit","toolArgs":"{}"}`, false, "", "", "names no file"},
		// File tools (protocol_writes.go): the write is judged as : >PATH.
		{Claude, `{"tool_name":"Write","tool_input":{"file_path":"/h/.config/guardsh/config.toml","content":"x"}}`, true, ": >/h/.config/guardsh/config.toml", "", ""},
		{Claude, `{"tool_name":"Edit","tool_input":{"file_path":".claude/settings.json","old_string":"a","new_string":"b"}}`, true, ": >.claude/settings.json", "", ""},
		{Claude, `{"tool_name":"NotebookEdit","tool_input":{"notebook_path":"n b.ipynb"}}`, true, ": >'n b.ipynb'", "", ""},
		{Claude, `{"tool_name":"Write","tool_input":{"content":"x"}}`, false, "", "", "names no file"},
		{Claude, `{"tool_name":"Write","tool_input":{"file_path":1}}`, false, "", "", "file_path"},
		{Gemini, `{"tool_name":"write_file","tool_input":{"file_path":"/g/.gemini/settings.json","content":"{}"}}`, true, ": >/g/.gemini/settings.json", "", ""},
		{Codex, `{"tool_name":"apply_patch","tool_input":{"input":"*** Begin Patch\n*** Update File: a.go\n*** Move to: .codex/hooks.json\n*** End Patch"}}`, true, ": >a.go\n: >.codex/hooks.json", "", ""},
		{Copilot, `{"toolName":"create","toolArgs":"{\"path\":\"/c/x\"}"}`, true, ": >/c/x", "", ""},
	}
	for _, tt := range tests {
		ev, err := ParseEvent(tt.p, []byte(tt.in))
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s %s: error %v, want %q", tt.p, tt.in, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %s: %v", tt.p, tt.in, err)
			continue
		}
		if ev.Shell != tt.shell || ev.Command != tt.command || ev.Dir != tt.dir {
			t.Errorf("%s %s: got %+v", tt.p, tt.in, ev)
		}
	}
}

func TestHandleRefusesBadInput(t *testing.T) {
	noCommand := map[Protocol]string{
		Claude: `{"tool_name":"Bash"}`, Codex: `{"tool_name":"Bash","tool_input":{"cmd":"ls"}}`,
		Gemini: `{"tool_name":"run_shell_command","tool_input":{}}`, Cursor: `{"cwd":"/"}`,
		Copilot: `{"toolName":"bash","toolArgs":"{}"}`,
	}
	for _, p := range Protocols {
		for _, in := range []string{"", "{", "[1]", `"x"`, noCommand[p]} {
			out, exit := Handle(p, []byte(in), nil, func(*Event) Answer { return Answer{Verdict: check.Allow} })
			protoCheckShape(t, p, check.Block, out, exit)
		}
		out, exit := Handle(p, nil, fmt.Errorf("the hook input is larger than 4 MiB"), nil)
		protoCheckShape(t, p, check.Block, out, exit)
		if !bytes.Contains(out, []byte("larger than 4 MiB")) {
			t.Errorf("%s: oversized input answer does not say why: %s", p, out)
		}
	}
}

func TestReadInputLimit(t *testing.T) {
	if _, err := ReadInput(bytes.NewReader(make([]byte, MaxInput+1))); err == nil {
		t.Error("oversized input accepted")
	}
	if b, err := ReadInput(strings.NewReader(`{}`)); err != nil || string(b) != "{}" {
		t.Errorf("ReadInput = %q, %v", b, err)
	}
}

func TestParseProtocol(t *testing.T) {
	if p, err := ParseProtocol("Claude"); err != nil || p != Claude {
		t.Errorf("ParseProtocol(Claude) = %q, %v", p, err)
	}
	if _, err := ParseProtocol("vim"); err == nil {
		t.Error("ParseProtocol(vim) succeeded")
	}
}

// FuzzHookInput feeds arbitrary bytes to every protocol's reader. Whatever
// the input, the answer is a decision the agent reads (never exit 1, never
// a silent pass of a shell command guardsh did not see), and a shell
// command that reaches the decision is exactly what the agent would run.
func FuzzHookInput(f *testing.F) {
	for _, p := range Protocols {
		if b, err := os.ReadFile(filepath.Join("testdata", "golden", string(p), "input.json")); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"tool_name":"Bash","tool_input":{"command":["a","b c"]}}`))
	f.Add([]byte(`{"toolName":"bash","toolArgs":"{\"command\":\"ls\"}"}`))
	for _, p := range Protocols {
		for _, in := range protoStrictInputs[p] {
			f.Add([]byte(in))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, p := range Protocols {
			decided := false
			out, exit := Handle(p, data, nil, func(ev *Event) Answer {
				decided = true
				if !ev.Shell || strings.TrimSpace(ev.Command) == "" {
					t.Fatalf("%s: decision asked for %+v", p, ev)
				}
				return Answer{Verdict: check.Block, Reason: "guardsh: fuzz"}
			})
			if exit != 0 {
				t.Fatalf("%s: exit %d", p, exit)
			}
			ev, err := ParseEvent(p, data)
			switch {
			case err != nil || decided:
				protoCheckShape(t, p, check.Block, out, exit)
			case ev.Shell:
				t.Fatalf("%s: shell event %+v passed without a decision", p, ev)
			}
			if err == nil && ev.Shell {
				// What reached the decision was read exactly: no
				// duplicate key anywhere, and the command is the one an
				// exact-key reader finds on the protocol's path.
				if verr := strictjson.Validate(data); verr != nil {
					t.Fatalf("%s: decided on input the strict reader refuses: %v", p, verr)
				}
				if want, ok := protoExactCommand(p, data); ok && want != ev.Command {
					t.Fatalf("%s: guardsh read %q, an exact reader reads %q", p, ev.Command, want)
				}
			}
		}
	})
}

// protoExactCommand reads the command string the way the agents do —
// exact keys, through encoding/json's map decoding (which is exact) — on
// protocol p's path. ok is false when it is not a plain string there.
func protoExactCommand(p Protocol, data []byte) (string, bool) {
	var m map[string]any
	if json.Unmarshal(data, &m) != nil {
		return "", false
	}
	var args any
	switch p {
	case Cursor:
		args = m
	case Copilot:
		if s, ok := m["toolArgs"].(string); ok {
			var a map[string]any
			if json.Unmarshal([]byte(s), &a) != nil {
				return "", false
			}
			args = a
		} else {
			args = m["tool_input"]
		}
	default:
		args = m["tool_input"]
	}
	a, _ := args.(map[string]any)
	s, ok := a["command"].(string)
	return s, ok
}
