package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/internal/atomicfile"
)

// runConfig is `guardsh config path|show|check|init`.
func runConfig(e *env, args []string) int {
	if len(args) == 0 {
		d, _ := docOf("config")
		writeVerbHelp(e.stderr, d)
		return exitError
	}
	if len(args) > 1 {
		e.errorf("config %s takes no arguments", args[0])
		e.hint("run 'guardsh config --help'")
		return exitError
	}
	switch args[0] {
	case "path":
		fmt.Fprintln(e.stdout, config.File())
		return exitOK
	case "show":
		return configShow(e)
	case "check":
		return configCheck(e)
	case "init":
		return configInit(e)
	}
	e.errorf("unknown config command %q", args[0])
	e.hint("use path, show, check or init")
	return exitError
}

// configValue is one effective setting and where it came from.
type configValue struct {
	key   string
	value func(c *config.Config) string
	env   string // environment variable that overrides it, if any
}

var configValues = []configValue{
	{"approvals.mode", func(c *config.Config) string { return c.Approvals.Mode }, "GUARDSH_YOLO"},
	{"approvals.timeout", func(c *config.Config) string { return c.Approvals.Timeout.String() }, ""},
	{"approvals.no_tty", func(c *config.Config) string { return c.Approvals.NoTTY }, ""},
	{"approvals.smart.endpoint", func(c *config.Config) string { return c.Approvals.Smart.Endpoint }, ""},
	{"approvals.smart.model", func(c *config.Config) string { return c.Approvals.Smart.Model }, ""},
	{"approvals.smart.api_key_env", func(c *config.Config) string { return c.Approvals.Smart.APIKeyEnv }, ""},
	{"approvals.smart.timeout", func(c *config.Config) string { return c.Approvals.Smart.Timeout.String() }, ""},
	{"rules.disable", func(c *config.Config) string { return fmt.Sprintf("%q", c.Rules.Disable) }, ""},
	{"rules.packs.disable", func(c *config.Config) string { return fmt.Sprintf("%q", c.Rules.Packs.Disable) }, ""},
	{"tirith.mode", func(c *config.Config) string { return c.Tirith.Mode }, "GUARDSH_TIRITH"},
	{"tirith.path", func(c *config.Config) string { return c.Tirith.Path }, ""},
	{"tirith.auto_install", func(c *config.Config) string { return fmt.Sprint(c.Tirith.AutoInstall) }, ""},
	{"tirith.require_cosign", func(c *config.Config) string { return fmt.Sprint(c.Tirith.RequireCosign) }, ""},
	{"tirith.sha256", func(c *config.Config) string { return c.Tirith.SHA256 }, ""},
	{"tirith.timeout", func(c *config.Config) string { return c.Tirith.Timeout.String() }, ""},
	{"tirith.fail_open", func(c *config.Config) string { return fmt.Sprint(c.Tirith.FailOpen) }, ""},
	{"tirith.releases", func(c *config.Config) string { return c.Tirith.Releases }, "GUARDSH_TIRITH_RELEASES"},
	{"tirith.version", func(c *config.Config) string { return c.Tirith.Version }, ""},
	{"shell.path", func(c *config.Config) string { return c.Shell.Path }, "GUARDSH_SHELL"},
	{"audit.syslog", func(c *config.Config) string { return fmt.Sprint(c.Audit.Syslog) }, ""},
}

// configShow prints every effective value with its source: default, the
// file and line, or the environment variable that overrides it.
func configShow(e *env) int {
	path := config.File()
	cfg, err := config.Load(path)
	code := exitOK
	if err != nil {
		e.errorf("%v", err)
		e.hint("the defaults below are in use, and every ask is denied until the file is fixed")
		code = exitBlock
	}
	pol, problems := config.SystemPolicy()
	notes := pol.Apply(cfg)
	for _, m := range append(problems, notes...) {
		fmt.Fprintf(e.stderr, "guardsh: warning: %s\n", m)
	}
	if pol != nil {
		fmt.Fprintf(e.stdout, "# system policy: %s\n", strings.Join(pol.Files, ", "))
	}
	data, rerr := atomicfile.ReadFile(path, config.MaxFileSize)
	var lines map[string]int
	if rerr == nil && err == nil {
		lines = config.Sources(data)
	}
	fmt.Fprintf(e.stdout, "# configuration file: %s", path)
	if errors.Is(rerr, fs.ErrNotExist) {
		fmt.Fprint(e.stdout, " (none: defaults)")
	}
	fmt.Fprintln(e.stdout)
	for _, v := range configValues {
		src := "default"
		if n, ok := lines[v.key]; ok {
			src = fmt.Sprintf("%s:%d", path, n)
		}
		if w, ok := cfg.FromPolicy[v.key]; ok {
			src = "policy " + w + " (locked)"
		}
		val := v.value(cfg)
		if ev := os.Getenv(v.env); v.env != "" && ev != "" {
			src = fmt.Sprintf("environment %s=%s (overrides %s)", v.env, ev, src)
			val = ev
			if v.env == "GUARDSH_YOLO" {
				val = "off (YOLO)"
			}
		}
		fmt.Fprintf(e.stdout, "%-24s = %-28s # %s\n", v.key, val, src)
	}
	fmt.Fprintf(e.stdout, "%-24s = %-28s # %s\n", "allow", entries(len(cfg.Allow)), "[[allow]] tables of the file")
	for _, w := range cfg.Warnings {
		fmt.Fprintf(e.stderr, "guardsh: warning: %s\n", w)
	}
	return code
}

// configCheck validates the configuration file (and the user's packs):
// exit 0 when it is usable, 1 with FILE:LINE errors when not.
func configCheck(e *env) int {
	path := config.File()
	_, err := config.LoadDefault() // says its warnings on stderr
	if err != nil {
		e.errorf("%v", err)
		e.hint("every ask is denied until the file is fixed")
		return exitBlock
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(e.stdout, "%s: none (the defaults are in use)\n", path)
		return exitOK
	}
	fmt.Fprintf(e.stdout, "%s: ok\n", path)
	return exitOK
}

// exampleConfig is what `guardsh config init` writes: every key, commented
// out, at its default.
const exampleConfig = `# guardsh configuration. Every key is shown at its default, commented out.
# 'guardsh config show' prints the effective values and where each comes from;
# 'guardsh config check' validates this file.

[approvals]
# mode = "manual"      # manual: ask a human | deny: refuse every dangerous command | off: allow them
# timeout = "1m0s"     # how long the prompt waits for an answer
# no_tty = "deny"      # without a terminal: deny (with an approval code) | allow

[approvals.smart]      # optional: a model pre-screens approvable dangerous commands
# endpoint = ""        # OpenAI-compatible chat completions, e.g. "http://127.0.0.1:11434/v1/chat/completions"
# model = ""
# api_key_env = ""     # NAME of the environment variable holding the key (never the key)
# timeout = "3s"

[rules]
# disable = []         # dangerous rule ids to switch off (hardline rules cannot be)

[rules.packs]
# disable = []         # packs whose dangerous entries are off, e.g. ["clouds"]

[tirith]
# mode = "auto"        # auto: use tirith when found | on: require it | off
# path = ""            # an explicit tirith binary
# auto_install = false # install tirith in the background when missing
# require_cosign = false
# sha256 = ""          # pin of the tirith archive's SHA-256
# timeout = "5s"
# fail_open = true     # a tirith failure is ignored (true) or asks (false)
# version = "0.4.2"

[shell]
# path = ""            # the real shell of $SHELL mode (default: bash)

# Permanent approvals are added by answering "always" at the prompt:
# [[allow]]
# rule = "git-push-force"
# dir = "/home/me/project"
`

// configInit writes the example configuration, refusing to overwrite.
func configInit(e *env) int {
	path := config.File()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		e.errorf("config init: %v", err)
		return exitError
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		e.errorf("config init: %s already exists; nothing was written", path)
		e.hint("edit it, or run 'guardsh config show' to see what it sets")
		return exitError
	}
	if err != nil {
		e.errorf("config init: %v", err)
		return exitError
	}
	if _, err := f.WriteString(exampleConfig); err != nil {
		f.Close()
		os.Remove(path)
		e.errorf("config init: %v", err)
		return exitError
	}
	if err := f.Close(); err != nil {
		e.errorf("config init: %v", err)
		return exitError
	}
	fmt.Fprintf(e.stdout, "wrote %s\n", path)
	return exitOK
}

// entries says "1 entry", "2 entries".
func entries(n int) string {
	if n == 1 {
		return "1 entry"
	}
	return fmt.Sprintf("%d entries", n)
}
