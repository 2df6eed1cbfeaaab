package hooks

import (
	"fmt"
	"strings"
)

// An agent's own file tools write files without a shell: Claude Code's
// Write, Edit, MultiEdit and NotebookEdit, Gemini CLI's write_file and
// replace, Copilot's edit and create. Through them an agent could rewrite
// guardsh's configuration (approvals.mode = "off"), its pending approvals,
// or the agent's own settings that hold guardsh's hook, which no shell
// command guardsh checks would show (the sixth red team). guardsh reads the
// path such a tool writes and judges a write to it (: >PATH) with the rules
// that guard exactly those files, guardsh-tamper and
// agent-settings-tamper; every other write passes as before, for the
// agent's own permissions to decide.

// fileTools are the tool names, per protocol, that write the file named
// by one of their arguments.
var fileTools = map[Protocol][]string{
	Claude:  {"Write", "Edit", "MultiEdit", "NotebookEdit"},
	Codex:   {"Write", "Edit", "apply_patch"},
	Gemini:  {"write_file", "replace"},
	Copilot: {"edit", "create", "write", "str_replace_editor"},
}

// fileTool reports whether a tool of protocol p writes files.
func fileTool(p Protocol, name string) bool {
	for _, t := range fileTools[p] {
		if t == name {
			return true
		}
	}
	return false
}

// FileToolRules are the rules that count for a file tool's write.
var FileToolRules = map[string]bool{"guardsh-tamper": true, "agent-settings-tamper": true}

// fileWrites fills ev with the write a file tool makes. The path is the
// first of file_path, notebook_path, path, absolute_path that is there; a
// patch (Codex's apply_patch) names its files inside. A file tool whose
// input names no file is denied, as a shell tool without a command is.
func (in protoInput) fileWrites(ev *Event, name string) error {
	var paths []string
	for _, k := range []string{"file_path", "notebook_path", "path", "absolute_path"} {
		s, ok, err := in.str(k)
		if err != nil {
			return err
		}
		if ok && s != "" {
			paths = append(paths, s)
			break
		}
	}
	for _, k := range []string{"input", "patch", "command"} {
		if s, ok, err := in.str(k); err == nil && ok {
			paths = append(paths, PatchFiles(s)...)
		}
	}
	if len(paths) == 0 {
		return fmt.Errorf("the %s tool names no file to write (file_path)", name)
	}
	ev.Shell, ev.FileTool = true, true
	lines := make([]string, len(paths))
	for i, p := range paths {
		lines[i] = ": >" + protoQuote(p)
	}
	ev.Command = strings.Join(lines, "\n")
	return nil
}

// PatchFiles returns the files a patch in Codex's apply_patch format
// (*** Add File:, *** Update File:, *** Delete File:, *** Move to:) or a
// unified diff (+++ and --- headers, without the a/ b/ prefix) changes.
func PatchFiles(patch string) []string {
	var out []string
	for _, line := range strings.Split(patch, "\n") {
		line = strings.TrimRight(line, "\r")
		for _, h := range []string{"*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "} {
			if p, ok := strings.CutPrefix(line, h); ok && strings.TrimSpace(p) != "" {
				out = append(out, strings.TrimSpace(p))
			}
		}
	}
	return out
}
