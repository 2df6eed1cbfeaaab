package hooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
)

// Settings files: `guardsh setup AGENT` merges guardsh's hook into the file
// an agent reads its hooks from, and `--uninstall` takes out exactly what
// setup put in. guardsh recognises its own entries by their command
// ("... guardsh hook --protocol NAME"), so nothing else needs to be marked
// in the user's file (Codex refuses unknown keys at the top of hooks.json).
// The file keeps its key order and its indentation.

// protoSetup describes where an agent keeps its hook and what the entry
// looks like.
type protoSetup struct {
	event   string // the key under "hooks"
	matcher string // the group's matcher; "" for agents without groups
	grouped bool   // entries are {matcher, hooks: [handler]} groups
	cmdKey  string // the handler's key for the command line
	extra   [][2]string
	version bool // the file carries "version": 1
}

var protoSetups = sync.OnceValue(func() map[Protocol]protoSetup {
	return map[Protocol]protoSetup{
		// Claude Code: settings.json, hooks.PreToolUse[{matcher, hooks:[{type, command}]}].
		// The file tools too: a Write of guardsh's config or of this file is
		// guardsh-tamper / agent-settings-tamper (protocol_writes.go).
		Claude: {event: "PreToolUse", matcher: "Bash|Write|Edit|MultiEdit|NotebookEdit", grouped: true, cmdKey: "command"},
		// Codex: hooks.json, same shape as Claude Code.
		Codex: {event: "PreToolUse", matcher: "Bash", grouped: true, cmdKey: "command"},
		// Gemini CLI: settings.json, hooks.BeforeTool[{matcher, hooks:[{name, type, command}]}].
		Gemini: {event: "BeforeTool", matcher: "run_shell_command|write_file|replace", grouped: true, cmdKey: "command",
			extra: [][2]string{{"name", "guardsh"}}},
		// Cursor: hooks.json, {"version": 1, "hooks": {"beforeShellExecution": [{command}]}}.
		Cursor: {event: "beforeShellExecution", cmdKey: "command", version: true},
		// Copilot: .github/hooks/*.json, {"version": 1, "hooks": {"preToolUse": [{type, bash, timeoutSec}]}}.
		Copilot: {event: "preToolUse", cmdKey: "bash", version: true},
	}
})

// HookCommand returns the command line an agent runs for guardsh's hook,
// with exe the path of the guardsh executable.
func HookCommand(p Protocol, exe string) string {
	return protoQuote(exe) + " hook --protocol " + string(p)
}

// IsHookCommand reports whether a command line in an agent's settings is
// guardsh's hook for protocol p.
func IsHookCommand(p Protocol, cmd string) bool {
	f := strings.Fields(cmd)
	n := len(f)
	if n < 4 || f[n-3] != "hook" || f[n-2] != "--protocol" || f[n-1] != string(p) {
		return false
	}
	exe := strings.Trim(strings.Join(f[:n-3], " "), `'"`)
	return strings.Contains(filepath.Base(exe), "guardsh")
}

// Install merges guardsh's hook (command cmd, from [HookCommand]) into the
// content of an agent's settings file (nil or empty for a new file). An
// entry already there is left alone, or its command updated if guardsh
// moved. It reports whether anything changed.
func Install(p Protocol, data []byte, cmd string) ([]byte, bool, error) {
	s, ok := protoSetups()[p]
	if !ok {
		return nil, false, fmt.Errorf("no settings file for protocol %q", p)
	}
	root, indent, err := protoParseSettings(data)
	if err != nil {
		return nil, false, err
	}
	changed := false
	if s.version && root.get("version") == nil {
		root.set("version", json.Number("1"))
		changed = true
	}
	hooksObj, err := root.objectAt("hooks", true)
	if err != nil {
		return nil, false, err
	}
	list, err := hooksObj.arrayAt(s.event)
	if err != nil {
		return nil, false, err
	}
	found := false
	protoEachHandler(s, list, func(h *protoObject) bool {
		c, _ := h.get(s.cmdKey).(string)
		if !IsHookCommand(p, c) {
			return false
		}
		found = true
		if c != cmd {
			h.set(s.cmdKey, cmd)
			changed = true
		}
		return false
	})
	if !found {
		h := &protoObject{}
		if s.grouped || p == Copilot {
			h.set("type", "command")
		}
		for _, kv := range s.extra {
			h.set(kv[0], kv[1])
		}
		h.set(s.cmdKey, cmd)
		if p == Copilot {
			h.set("timeoutSec", json.Number("30"))
		}
		entry := h
		if s.grouped {
			entry = &protoObject{}
			entry.set("matcher", s.matcher)
			entry.set("hooks", []any{h})
		}
		hooksObj.set(s.event, append(list, entry))
		changed = true
	}
	if !changed {
		return data, false, nil
	}
	return protoEncode(root, indent), true, nil
}

// Uninstall takes guardsh's hook out of the content of an agent's settings
// file: its handlers, and the groups, event lists and hooks table that
// become empty because of it. Everything else stays as it was. It reports
// whether anything changed.
func Uninstall(p Protocol, data []byte) ([]byte, bool, error) {
	s, ok := protoSetups()[p]
	if !ok {
		return nil, false, fmt.Errorf("no settings file for protocol %q", p)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return data, false, nil
	}
	root, indent, err := protoParseSettings(data)
	if err != nil {
		return nil, false, err
	}
	hooksObj, _ := root.get("hooks").(*protoObject)
	if hooksObj == nil {
		return data, false, nil
	}
	list, _ := hooksObj.get(s.event).([]any)
	var kept []any
	changed := false
	for _, e := range list {
		o, isObj := e.(*protoObject)
		if !isObj {
			kept = append(kept, e)
			continue
		}
		if !s.grouped {
			if c, _ := o.get(s.cmdKey).(string); IsHookCommand(p, c) {
				changed = true
				continue
			}
			kept = append(kept, e)
			continue
		}
		hs, _ := o.get("hooks").([]any)
		var left []any
		for _, h := range hs {
			if ho, ok := h.(*protoObject); ok {
				if c, _ := ho.get(s.cmdKey).(string); IsHookCommand(p, c) {
					continue
				}
			}
			left = append(left, h)
		}
		switch {
		case len(left) == len(hs):
			kept = append(kept, e)
		case len(left) == 0:
			changed = true
		default:
			o.set("hooks", left)
			kept = append(kept, e)
			changed = true
		}
	}
	if !changed {
		return data, false, nil
	}
	if len(kept) == 0 {
		hooksObj.del(s.event)
		if len(hooksObj.keys) == 0 {
			root.del("hooks")
		}
	} else {
		hooksObj.set(s.event, kept)
	}
	return protoEncode(root, indent), true, nil
}

// Installed reports whether the content of an agent's settings file holds
// guardsh's hook for p (for `guardsh doctor`).
func Installed(p Protocol, data []byte) bool {
	s, ok := protoSetups()[p]
	if !ok || len(bytes.TrimSpace(data)) == 0 {
		return false
	}
	root, _, err := protoParseSettings(data)
	if err != nil {
		return false
	}
	hooksObj, _ := root.get("hooks").(*protoObject)
	if hooksObj == nil {
		return false
	}
	list, _ := hooksObj.get(s.event).([]any)
	found := false
	protoEachHandler(s, list, func(h *protoObject) bool {
		c, _ := h.get(s.cmdKey).(string)
		found = found || IsHookCommand(p, c)
		return found
	})
	return found
}

// protoEachHandler calls fn for each handler object in an event's list,
// until fn returns true.
func protoEachHandler(s protoSetup, list []any, fn func(*protoObject) bool) {
	for _, e := range list {
		o, ok := e.(*protoObject)
		if !ok {
			continue
		}
		if !s.grouped {
			if fn(o) {
				return
			}
			continue
		}
		hs, _ := o.get("hooks").([]any)
		for _, h := range hs {
			if ho, ok := h.(*protoObject); ok && fn(ho) {
				return
			}
		}
	}
}

// protoObject is a JSON object that remembers its key order.
type protoObject struct {
	keys []string
	vals map[string]any
}

func (o *protoObject) get(k string) any { return o.vals[k] }

func (o *protoObject) set(k string, v any) {
	if o.vals == nil {
		o.vals = map[string]any{}
	}
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

func (o *protoObject) del(k string) {
	if _, ok := o.vals[k]; !ok {
		return
	}
	delete(o.vals, k)
	for i, kk := range o.keys {
		if kk == k {
			o.keys = append(o.keys[:i], o.keys[i+1:]...)
			break
		}
	}
}

// objectAt returns the object under k, creating it if missing.
func (o *protoObject) objectAt(k string, create bool) (*protoObject, error) {
	switch v := o.get(k).(type) {
	case *protoObject:
		return v, nil
	case nil:
		if !create {
			return nil, nil
		}
		n := &protoObject{}
		o.set(k, n)
		return n, nil
	}
	return nil, fmt.Errorf("%q is not a JSON object; fix the file by hand", k)
}

// arrayAt returns the array under k (nil if missing).
func (o *protoObject) arrayAt(k string) ([]any, error) {
	switch v := o.get(k).(type) {
	case []any:
		return v, nil
	case nil:
		return nil, nil
	}
	return nil, fmt.Errorf("hooks.%s is not a JSON array; fix the file by hand", k)
}

// protoParseSettings decodes a settings file into ordered values and
// guesses its indentation. An empty file is an empty object.
func protoParseSettings(data []byte) (*protoObject, string, error) {
	indent := protoIndent(data)
	if len(bytes.TrimSpace(data)) == 0 {
		return &protoObject{}, indent, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := protoDecode(dec)
	if err != nil {
		return nil, "", fmt.Errorf("not valid JSON (comments and trailing commas are not supported): %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, "", errors.New("not valid JSON: more than one value")
	}
	root, ok := v.(*protoObject)
	if !ok {
		return nil, "", errors.New("the settings are not a JSON object")
	}
	return root, indent, nil
}

func protoDecode(dec *json.Decoder) (any, error) {
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t {
	case json.Delim('{'):
		o := &protoObject{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k, _ := kt.(string)
			v, err := protoDecode(dec)
			if err != nil {
				return nil, err
			}
			o.set(k, v)
		}
		_, err := dec.Token()
		return o, err
	case json.Delim('['):
		a := []any{}
		for dec.More() {
			v, err := protoDecode(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := dec.Token()
		return a, err
	}
	return t, nil
}

// protoIndent returns the indentation of the first indented line, or two
// spaces.
func protoIndent(data []byte) string {
	for _, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimLeft(line, " \t")
		if trimmed != "" && len(trimmed) < len(line) {
			return line[:len(line)-len(trimmed)]
		}
	}
	return "  "
}

// protoEncode writes v as indented JSON with a final newline.
func protoEncode(v any, indent string) []byte {
	var b bytes.Buffer
	protoWrite(&b, v, indent, 0)
	b.WriteByte('\n')
	return b.Bytes()
}

func protoWrite(b *bytes.Buffer, v any, indent string, depth int) {
	nl := func(d int) {
		b.WriteByte('\n')
		b.WriteString(strings.Repeat(indent, d))
	}
	switch x := v.(type) {
	case *protoObject:
		if len(x.keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			nl(depth + 1)
			protoWriteScalar(b, k)
			b.WriteString(": ")
			protoWrite(b, x.vals[k], indent, depth+1)
		}
		nl(depth)
		b.WriteByte('}')
	case []any:
		if len(x) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			nl(depth + 1)
			protoWrite(b, e, indent, depth+1)
		}
		nl(depth)
		b.WriteByte(']')
	default:
		protoWriteScalar(b, x)
	}
}

func protoWriteScalar(b *bytes.Buffer, v any) {
	if n, ok := v.(json.Number); ok {
		b.WriteString(n.String())
		return
	}
	var s bytes.Buffer
	enc := json.NewEncoder(&s)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	b.Write(bytes.TrimSuffix(s.Bytes(), []byte("\n")))
}
