package hooks

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardsh/guardsh/check"
)

// protoStrictInputs are, per protocol, inputs that an agent's parser and
// encoding/json could read differently: duplicate keys (the review's
// reproductions first), keys that differ only in case, values of the wrong
// type, lone surrogate escapes. Each must be denied without reaching the
// decision, in the protocol's own deny answer.
var protoStrictInputs = map[Protocol][]string{
	Claude: {
		`{"tool_name":"Bash","tool_input":{"command":"rm -rf /","command":"ls"}}`,
		`{"tool_name":"Bash","tool_name":"Read","tool_input":{"command":"rm -rf /"}}`,
		`{"tool_name":"Read","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"ls","c\u006fmmand":"rm -rf /"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"ls","description":"a","description":"b"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"ls"},"tool_input":{"command":"rm -rf /"}}`,
		`{"tool_name":"Bash","tool_input":{"Command":"rm -rf /"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"ls","COMMAND":"rm -rf /"}}`,
		`{"Tool_Name":"Bash","tool_input":{"command":"rm -rf /"}}`,
		`{"tool_name":"Read","Tool_Name":"Bash","tool_input":{"command":"rm -rf /"}}`,
		`{"tool_name":"Bash","Tool_Input":{"command":"rm -rf /"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"rm -rf /"},"cwd":7}`,
		`{"tool_name":"Bash","tool_input":{"command":"ls"},"session_id":{}}`,
		`{"tool_name":"Bash","tool_input":{"command":["rm","-rf",7]}}`,
		`{"tool_name":["Bash"],"tool_input":{"command":"rm -rf /"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"ls \ud800"}}`,
		`{"hook_event_name":"PreToolUse","hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`,
	},
	Codex: {
		`{"tool_name":"Bash","tool_input":{"command":"rm -rf /","command":"ls"}}`,
		`{"tool_name":"Bash","tool_name":"apply_patch","tool_input":{"command":"rm -rf /"}}`,
		`{"tool_name":"Bash","tool_input":{"command":["rm","-rf","/"],"command":"ls"}}`,
		`{"tool_name":"Bash","tool_input":{"Command":["rm","-rf","/"]}}`,
		`{"TOOL_NAME":"Bash","tool_input":{"command":"rm -rf /"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"ls"},"cwd":false}`,
		`{"tool_name":"Bash","tool_input":{"command":{"argv":["rm"]}}}`,
	},
	Gemini: {
		`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"rm -rf /","command":"ls"}}`,
		`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_name":"read_file","tool_input":{"command":"rm -rf /"}}`,
		`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"Command":"rm -rf /"}}`,
		`{"hook_event_name":"BeforeTool","Tool_name":"run_shell_command","tool_input":{"command":"rm -rf /"}}`,
		`{"Hook_Event_Name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls","dir_path":7}}`,
		`{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"rm -rf *","dir_path":"a","directory":"/"}}`,
		`{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"rm -rf *","dir_path":"a","Dir_Path":"/"}}`,
	},
	Cursor: {
		`{"hook_event_name":"beforeShellExecution","command":"rm -rf /","command":"ls","cwd":"/c"}`,
		`{"hook_event_name":"beforeShellExecution","Command":"rm -rf /","cwd":"/c"}`,
		`{"hook_event_name":"beforeShellExecution","command":"ls","CMD":"rm -rf /","Command":"rm -rf /"}`,
		`{"hook_event_name":"beforeShellExecution","command":"rm -rf *","cwd":"/c","CWD":"/"}`,
		`{"hook_event_name":"beforeShellExecution","command":"ls","cwd":["/"]}`,
		`{"hook_event_name":"beforeShellExecution","command":"ls","conversation_id":1}`,
		`{"hook_event_name":"beforeShellExecution","command":"ls","workspace_roots":["/a"],"workspace_roots":["/b"]}`,
	},
	Copilot: {
		`{"toolName":"bash","toolArgs":"{\"command\":\"rm -rf /\",\"command\":\"ls\"}"}`,
		`{"toolName":"bash","toolArgs":"{\"command\":\"ls\",\"c\\u006fmmand\":\"rm -rf /\"}"}`,
		`{"toolName":"bash","toolName":"edit","toolArgs":"{\"command\":\"rm -rf /\"}"}`,
		`{"toolName":"bash","toolArgs":"{\"Command\":\"rm -rf /\"}"}`,
		`{"ToolName":"bash","toolArgs":"{\"command\":\"rm -rf /\"}"}`,
		`{"toolName":"edit","tool_name":"bash","tool_input":{"command":"rm -rf /"}}`,
		`{"toolName":"edit","toolArgs":"{}","tool_input":{"command":"rm -rf /"}}`,
		`{"tool_name":"edit","toolArgs":"{\"command\":\"rm -rf /\"}"}`,
		`{"toolName":"bash","toolArgs":"{\"command\":\"ls\"}","cwd":{}}`,
		`{"toolName":"bash","toolArgs":"{\"command\":\"ls\"}","toolArgs":"{\"command\":\"rm -rf /\"}"}`,
		`{"tool_name":"bash","tool_input":{"command":"rm -rf /","command":"ls"}}`,
	},
}

// TestProtocolStrictGolden denies every strict input of every protocol,
// checks the answer's shape, and compares all answers of a protocol with
// its golden file strict.out (go test -run StrictGolden -update rewrites it).
func TestProtocolStrictGolden(t *testing.T) {
	for _, p := range Protocols {
		var all bytes.Buffer
		for _, in := range protoStrictInputs[p] {
			out, exit := Handle(p, []byte(in), nil, func(ev *Event) Answer {
				t.Errorf("%s %s: reached the decision with %+v", p, in, ev)
				return Answer{Verdict: check.Allow}
			})
			protoCheckShape(t, p, check.Block, out, exit)
			fmt.Fprintf(&all, "in %s\nexit %d\n%s\n", in, exit, bytes.TrimSpace(out))
		}
		protoGoldenRaw(t, filepath.Join(string(p), "strict.out"), all.Bytes())
	}
}

// TestProtocolExactLooksAlike: what agents really send — unknown extra
// keys, nulls for unset fields, keys that merely resemble guardsh's — still
// reads, so strictness costs no real event.
func TestProtocolExactLooksAlike(t *testing.T) {
	tests := []struct {
		p       Protocol
		in      string
		command string
	}{
		{Claude, `{"tool_name":"Bash","tool_input":{"command":"ls","timeout":120000,"description":"d"},"tool_use_id":"t","permission_mode":"default","cwd":null}`, "ls"},
		{Claude, `{"tool_name":"Bash","tool_input":{"command":"ls","commands":"rm -rf /"}}`, "ls"},
		{Codex, `{"tool_name":"Bash","tool_input":{"command":"ls"},"model":"m","turn_id":"7"}`, "ls"},
		{Gemini, `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls","dir_path":"a","directory":"a"},"timestamp":"t"}`, "ls"},
		{Cursor, `{"hook_event_name":"beforeShellExecution","command":"ls","user_email":null,"workspace_roots":["/a","/a"]}`, "ls"},
		{Copilot, `{"timestamp":1,"toolName":"bash","toolArgs":"{\"command\":\"ls\",\"description\":\"d\"}"}`, "ls"},
	}
	for _, tt := range tests {
		ev, err := ParseEvent(tt.p, []byte(tt.in))
		if err != nil || ev.Command != tt.command {
			t.Errorf("%s %s: %+v, %v", tt.p, tt.in, ev, err)
		}
	}
	for _, p := range Protocols {
		in, err := os.ReadFile(filepath.Join("testdata", "golden", string(p), "input.json"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseEvent(p, in); err != nil {
			t.Errorf("%s: the sample event is refused: %v", p, err)
		}
		if strings.Contains(string(in), "\n{") {
			t.Errorf("%s: sample holds more than one event", p)
		}
	}
}
