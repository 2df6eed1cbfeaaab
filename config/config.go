// Package config reads guardsh's TOML configuration file and knows where
// guardsh keeps its files (XDG base directories).
package config

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/guardsh/guardsh/rules"
)

// Config is the whole configuration file. The zero value is not the default:
// use [Default].
type Config struct {
	Approvals Approvals    `toml:"approvals"`
	Rules     Rules        `toml:"rules"`
	Tirith    Tirith       `toml:"tirith"`
	Shell     Shell        `toml:"shell"`
	Allow     []AllowEntry `toml:"allow"`
	Audit     Audit        `toml:"audit"`

	// Policy is the system policy laid over this configuration, or nil.
	Policy *Policy `toml:"-"`
	// Promoted are dangerous rule ids the policy made hardline.
	Promoted map[string]bool `toml:"-"`
	// NoYOLO reports that the policy refuses GUARDSH_YOLO.
	NoYOLO bool `toml:"-"`
	// FromPolicy maps each dotted key whose value the policy set to the
	// policy's "FILE:LINE".
	FromPolicy map[string]string `toml:"-"`

	// Warnings are problems that do not make the file unusable, such as a
	// hardline rule listed in rules.disable. Front ends print them.
	Warnings []string `toml:"-"`
}

// Audit is the [audit] table.
type Audit struct {
	// Syslog sends every decision to the local syslog (/dev/log) too.
	Syslog bool `toml:"syslog"`
}

// Approvals is the [approvals] table.
type Approvals struct {
	Mode    string   `toml:"mode"`    // manual (default) | deny | off
	Timeout Duration `toml:"timeout"` // prompt timeout, default 60s
	NoTTY   string   `toml:"no_tty"`  // deny (default) | allow
	Smart   Smart    `toml:"smart"`   // optional model pre-screen, off by default
}

// Smart is the [approvals.smart] table: an OpenAI-compatible
// chat-completions endpoint that pre-screens commands matching approvable
// dangerous rules. Clearly low risk is approved once; anything else goes to
// the human. Off while Endpoint is empty.
type Smart struct {
	Endpoint  string   `toml:"endpoint"`    // such as http://127.0.0.1:11434/v1/chat/completions
	Model     string   `toml:"model"`       // the model name the endpoint expects
	APIKeyEnv string   `toml:"api_key_env"` // name of the environment variable holding the key
	Timeout   Duration `toml:"timeout"`     // per request, default 3s
}

// Rules is the [rules] table.
type Rules struct {
	Disable []string `toml:"disable"` // dangerous rule ids switched off
	Packs   Packs    `toml:"packs"`
}

// Packs is the [rules.packs] table.
type Packs struct {
	// Disable names packs (see 'guardsh rules') whose dangerous entries
	// are switched off; their hardline entries stay on.
	Disable []string `toml:"disable"`
}

// Tirith is the [tirith] table.
type Tirith struct {
	Mode          string   `toml:"mode"`           // auto (default) | on | off
	Path          string   `toml:"path"`           // explicit binary, tried first
	AutoInstall   bool     `toml:"auto_install"`   // install in the background when missing
	RequireCosign bool     `toml:"require_cosign"` // refuse to install without cosign
	SHA256        string   `toml:"sha256"`         // optional pin of the archive
	Timeout       Duration `toml:"timeout"`        // per call, default 5s
	FailOpen      bool     `toml:"fail_open"`      // default true
	Releases      string   `toml:"releases"`       // base URL of release downloads
	Version       string   `toml:"version"`        // default 0.4.2
}

// Shell is the [shell] table.
type Shell struct {
	Path string `toml:"path"` // the real shell for $SHELL mode
}

// An AllowEntry is a permanent approval: a [[allow]] table.
type AllowEntry struct {
	Rule    string    `toml:"rule"`
	Dir     string    `toml:"dir"` // empty: everywhere
	Added   time.Time `toml:"added"`
	Expires time.Time `toml:"expires"`
	Reason  string    `toml:"reason"`
}

// ID returns a short stable identifier of the entry, derived from its rule,
// directory and time of addition, for `guardsh approvals revoke ID`.
func (a AllowEntry) ID() string {
	h := sha256.New()
	h.Write([]byte("allow\x00" + a.Rule + "\x00" + a.Dir + "\x00"))
	if !a.Added.IsZero() {
		h.Write([]byte(a.Added.UTC().Format(time.RFC3339Nano)))
	}
	return "a" + hex.EncodeToString(h.Sum(nil))[:7]
}

// Expired reports whether the entry has an expiry time that has passed.
func (a AllowEntry) Expired(now time.Time) bool {
	return !a.Expires.IsZero() && !now.Before(a.Expires)
}

// Disabled returns the set of rule ids switched off by rules.disable, for
// check.Options.Disabled. Hardline rules are left out: they cannot be disabled.
//
// rules.packs.disable switches off every dangerous entry of the packs it
// names.
func (c *Config) Disabled() map[string]bool {
	if len(c.Rules.Disable) == 0 && len(c.Rules.Packs.Disable) == 0 {
		return nil
	}
	m := make(map[string]bool, len(c.Rules.Disable))
	ids := c.Rules.Disable
	for _, p := range c.Rules.Packs.Disable {
		pids, _ := rules.PackRules(p)
		ids = append(ids[:len(ids):len(ids)], pids...)
	}
	for _, id := range ids {
		if r, ok := rules.Lookup(id); ok && r.Tier == rules.Hardline || c.Promoted[id] {
			continue
		}
		m[id] = true
	}
	return m
}

// Duration is a time.Duration written as "60s" or "5m" in TOML.
type Duration struct{ time.Duration }

// UnmarshalText parses a duration such as "60s".
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("invalid duration %q: write a number with a unit, such as \"60s\" or \"2m\"", b)
	}
	d.Duration = v
	return nil
}

// MarshalText writes the duration as "60s".
func (d Duration) MarshalText() ([]byte, error) { return []byte(d.Duration.String()), nil }

// Default returns the configuration used when there is no file.
func Default() *Config {
	return &Config{
		Approvals: Approvals{Mode: "manual", Timeout: Duration{60 * time.Second}, NoTTY: "deny", Smart: Smart{Timeout: Duration{3 * time.Second}}},
		Tirith: Tirith{Mode: "auto", Timeout: Duration{5 * time.Second}, FailOpen: true,
			Releases: "https://github.com/sheeki03/tirith/releases/download", Version: "0.4.2"},
	}
}
