package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/guardsh/guardsh/internal/atomicfile"
	"github.com/guardsh/guardsh/internal/suggest"
	"github.com/guardsh/guardsh/rules"
)

// An Error is a configuration file that cannot be used. It names the file,
// and where known the line and the key.
type Error struct {
	File string
	Line int    // 0 if unknown
	Key  string // dotted key, such as "approvals.mode"; empty if unknown
	Msg  string
}

// Error returns "FILE:LINE: KEY: MESSAGE", leaving out what is unknown.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	if e.Key != "" {
		fmt.Fprintf(&b, "%s: ", e.Key)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// MaxFileSize is the largest configuration file [Load] reads.
const MaxFileSize = atomicfile.MaxRead

// LoadDefault loads the file named by [File]. See [Load].
// It also loads the user's packs (see [LoadUserPacks]); their problems are
// added to the warnings.
func LoadDefault() (*Config, error) {
	ws := LoadUserPacks() // first: rules.packs.disable may name a user's pack
	c, err := Load(File())
	if len(ws) > 0 {
		c.Warnings = append(c.Warnings, ws...)
	}
	p, problems := SystemPolicy()
	notes := p.Apply(c)
	c.Warnings = append(c.Warnings, problems...)
	c.Warnings = append(c.Warnings, notes...)
	// Every front end says each problem once, on stderr: a rule id that
	// does not exist or cannot be disabled, a broken pack, the policy.
	for _, m := range c.Warnings {
		warnOnce(m)
	}
	return c, err
}

// Load reads the configuration file at path. A missing file is not an error:
// the result is [Default]. Only a regular file of at most [MaxFileSize] bytes
// is read, opened without blocking: a FIFO, a device, a directory or a larger
// file is an [*Error] naming it. A file that cannot be read or used — bad
// TOML, an unknown key, a value of the wrong type or out of range — returns
// an [*Error] together with [Default], so the caller still has a usable
// configuration; callers must then deny every ask until the file is fixed.
func Load(path string) (*Config, error) {
	data, err := atomicfile.ReadFile(path, MaxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return Default(), nil
	}
	if err != nil {
		return Default(), &Error{File: path, Msg: fmt.Sprintf("cannot read: %v", err)}
	}
	c, err := Parse(path, data)
	if err != nil {
		return Default(), err
	}
	return c, nil
}

// Parse decodes the content of a configuration file; name is used in errors.
// Keys missing from the file keep their default values.
func Parse(name string, data []byte) (*Config, error) {
	c := Default()
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(c)
	if err != nil {
		return nil, decodeError(name, data, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0]
		return nil, &Error{File: name, Line: keyLine(data, k), Key: k.String(),
			Msg: "unknown key" + knownKeysHint(k)}
	}
	if err := c.validate(name, data); err != nil {
		return nil, err
	}
	return c, nil
}

// lastKeyRE finds the position BurntSushi/toml puts in the text of type
// errors, which are not of type toml.ParseError.
var lastKeyRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^toml: (?:line (\d+) )?\(last key "([^"]*)"\): (.*)$`)
})

func decodeError(name string, data []byte, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		e := &Error{File: name, Line: pe.Position.Line, Key: pe.LastKey, Msg: pe.Message}
		if e.Line == 0 {
			e.Line = pe.Line
		}
		return e
	}
	msg := err.Error()
	if m := lastKeyRE().FindStringSubmatch(msg); m != nil {
		e := &Error{File: name, Key: m[2], Msg: m[3]}
		e.Line, _ = strconv.Atoi(m[1])
		if e.Line == 0 {
			e.Line = keyLine(data, strings.Split(m[2], "."))
		}
		return e
	}
	return &Error{File: name, Msg: strings.TrimPrefix(msg, "toml: ")}
}

// knownKeys lists the keys of each table, for the hint of an unknown key.
var knownKeys = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"":            "approvals, rules, tirith, shell, allow",
		"approvals":   "mode, timeout, no_tty",
		"rules":       "disable, packs",
		"rules.packs": "disable",
		"tirith":      "mode, path, auto_install, require_cosign, sha256, timeout, fail_open, releases, version",
		"shell":       "path",
		"allow":       "rule, dir, added, expires, reason",
	}
})

func knownKeysHint(k toml.Key) string {
	parent := strings.Join(k[:len(k)-1], ".")
	if known, ok := knownKeys()[parent]; ok {
		return " (known keys here: " + known + ")"
	}
	return ""
}

func (c *Config) validate(name string, data []byte) error {
	bad := func(key []string, index int, format string, a ...any) error {
		return &Error{File: name, Line: keyLineN(data, key, index), Key: strings.Join(key, "."),
			Msg: fmt.Sprintf(format, a...)}
	}
	switch c.Approvals.Mode {
	case "manual", "deny", "off":
	default:
		return bad([]string{"approvals", "mode"}, 0, "%q is not one of manual, deny, off", c.Approvals.Mode)
	}
	switch c.Approvals.NoTTY {
	case "deny", "allow":
	default:
		return bad([]string{"approvals", "no_tty"}, 0, "%q is not one of deny, allow", c.Approvals.NoTTY)
	}
	if sm := c.Approvals.Smart; sm.Endpoint != "" {
		if err := smartEndpointOK(sm.Endpoint); err != nil {
			return bad([]string{"approvals", "smart", "endpoint"}, 0, "%v", err)
		}
		if sm.Model == "" {
			return bad([]string{"approvals", "smart", "model"}, 0, "smart approval needs a model name")
		}
		if sm.Timeout.Duration <= 0 || sm.Timeout.Duration > time.Minute {
			return bad([]string{"approvals", "smart", "timeout"}, 0, "must be a duration between 0 and 1m, such as \"3s\"")
		}
		if strings.ContainsAny(sm.APIKeyEnv, "= ") {
			return bad([]string{"approvals", "smart", "api_key_env"}, 0, "is the NAME of an environment variable, not the key")
		}
	}
	if c.Approvals.Timeout.Duration <= 0 {
		return bad([]string{"approvals", "timeout"}, 0, "must be a positive duration such as \"60s\"")
	}
	switch c.Tirith.Mode {
	case "auto", "on", "off":
	default:
		return bad([]string{"tirith", "mode"}, 0, "%q is not one of auto, on, off", c.Tirith.Mode)
	}
	if c.Tirith.Timeout.Duration <= 0 {
		return bad([]string{"tirith", "timeout"}, 0, "must be a positive duration such as \"5s\"")
	}
	for i := range c.Allow {
		a := &c.Allow[i]
		if a.Rule == "" {
			return bad([]string{"allow"}, i, "entry %d has no rule", i+1)
		}
		if a.Dir != "" {
			dir, err := expandHome(a.Dir)
			if err != nil || !filepath.IsAbs(dir) {
				return bad([]string{"allow", "dir"}, i, "%q is not an absolute directory", a.Dir)
			}
			a.Dir = filepath.Clean(dir)
		}
	}
	for _, p := range c.Rules.Packs.Disable {
		if _, ok := rules.PackRules(p); !ok {
			hint := "packs: " + strings.Join(rules.PackNames(), ", ")
			if s := suggest.Closest(p, rules.PackNames()); s != "" {
				hint = fmt.Sprintf("did you mean %q?", s)
			}
			c.Warnings = append(c.Warnings, fmt.Sprintf(
				"%s:%d: rules.packs.disable: there is no pack %q (%s)",
				name, keyLine(data, []string{"rules", "packs", "disable"}), p, hint))
		}
	}
	for _, id := range c.Rules.Disable {
		if r, ok := rules.Lookup(id); ok && r.Tier == rules.Hardline {
			c.Warnings = append(c.Warnings, fmt.Sprintf(
				"%s:%d: rules.disable: %q is a hardline rule and cannot be disabled; it stays on",
				name, keyLine(data, []string{"rules", "disable"}), id))
		} else if !ok && len(rules.All()) > 0 {
			hint := "see 'guardsh rules'"
			var ids []string
			for _, r := range rules.All() {
				ids = append(ids, r.ID)
			}
			if s := suggest.Closest(id, ids); s != "" {
				hint = fmt.Sprintf("did you mean %q?", s)
			}
			c.Warnings = append(c.Warnings, fmt.Sprintf(
				"%s:%d: rules.disable: there is no rule %q (%s)",
				name, keyLine(data, []string{"rules", "disable"}), id, hint))
		}
	}
	return nil
}

func expandHome(p string) (string, error) {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, p[1:]), nil
}

func keyLine(data []byte, key []string) int { return keyLineN(data, key, 0) }

// keyLineN returns the line (from 1) where key is set, or 0. For a key in
// an array of tables ([[allow]]), index picks the table. It understands the
// usual layouts — [table] headers, [[array]] headers and dotted keys — which
// is enough to point at the line; it is not a TOML parser.
func keyLineN(data []byte, key []string, index int) int {
	want := strings.Join(key, ".")
	var table string
	seen := map[string]int{}
	headerLine := 0
	for i, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "[["):
			table = cleanKey(strings.TrimSuffix(strings.SplitN(t[2:], "]]", 2)[0], "]]"))
			seen[table]++
			if table == want && seen[table] == index+1 {
				return i + 1
			}
			if table == key[0] && seen[table] == index+1 {
				headerLine = i + 1
			}
		case strings.HasPrefix(t, "["):
			table = cleanKey(strings.SplitN(t[1:], "]", 2)[0])
			if table == want {
				return i + 1
			}
		default:
			k, _, ok := strings.Cut(t, "=")
			if !ok || strings.HasPrefix(t, "#") {
				continue
			}
			full := cleanKey(k)
			if table != "" {
				full = table + "." + full
			}
			if full == want && (seen[table] == 0 || seen[table] == index+1) {
				return i + 1
			}
		}
	}
	return headerLine
}

// cleanKey removes spaces and quotes around the parts of a dotted key.
func cleanKey(k string) string {
	parts := strings.Split(k, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return strings.Join(parts, ".")
}

// smartEndpointOK accepts an https URL, or plain http to a loopback address
// (a local Ollama, llama.cpp or vLLM server): the command and the rules it
// matched must not cross a network in clear text.
func smartEndpointOK(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return fmt.Errorf("%q is not a URL", raw)
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		if ip := net.ParseIP(u.Hostname()); ip != nil && ip.IsLoopback() || u.Hostname() == "localhost" {
			return nil
		}
		return fmt.Errorf("%q: plain http only to this machine (127.0.0.1, ::1, localhost); use https", raw)
	}
	return fmt.Errorf("%q: want an http or https URL", raw)
}
