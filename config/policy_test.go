package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writePolicy lays a root-owned policy directory (the tests run as root, as
// CI does) with the given files, mode 0644, directory 0755.
func writePolicy(t *testing.T, files map[string]string) string {
	t.Helper()
	if os.Getuid() != 0 {
		t.Fatalf("the policy tests need root, as in CI: the policy must be owned by root")
	}
	dir := filepath.Join(t.TempDir(), "guardsh")
	if err := os.MkdirAll(filepath.Join(dir, "policy.d"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o755)
	os.Chmod(filepath.Join(dir, "policy.d"), 0o755)
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chmod(p, 0o644)
	}
	return dir
}

const lockdown = `[approvals]
min_mode = "manual"
no_yolo = true
no_tty = "deny"

[rules]
locked = ["git-push-force"]
hardline = ["cloud-destroy"]
never_permanent = ["git-reset-hard"]

[rules.packs]
locked = ["clouds"]

[tirith]
mode = "on"
fail_open = false

[audit]
syslog = true
`

func TestPolicyLocksEverySetting(t *testing.T) {
	dir := writePolicy(t, map[string]string{"policy.toml": lockdown})
	p, problems := LoadPolicy(dir)
	if p == nil || len(problems) > 0 {
		t.Fatalf("LoadPolicy: %v %v", p, problems)
	}
	user := `[approvals]
mode = "off"
no_tty = "allow"

[rules]
disable = ["git-push-force", "cloud-destroy", "rm-recursive"]

[rules.packs]
disable = ["clouds"]

[tirith]
mode = "off"
fail_open = true

[[allow]]
rule = "git-reset-hard"

[[allow]]
rule = "chmod-recursive-system"
`
	c, err := Parse("config.toml", []byte(user))
	if err != nil {
		t.Fatal(err)
	}
	notes := p.Apply(c)
	policyFile := filepath.Join(dir, "policy.toml")
	for _, want := range []string{
		`approvals.mode = "off" is not allowed by the system policy (` + policyFile + `:2): using "manual"`,
		`approvals.no_tty = "allow" is not allowed by the system policy (` + policyFile + `:4)`,
		`rules.disable: git-push-force is locked on by the system policy (` + policyFile + `:7)`,
		`rules.disable: cloud-destroy is hardline by the system policy (` + policyFile + `:8)`,
		`rules.packs.disable: pack clouds is locked on by the system policy (` + policyFile + `:12)`,
		`[[allow]] rule = "git-reset-hard" is ignored`,
		`tirith.mode = "off" is not allowed by the system policy (` + policyFile + `:15): using "on"`,
		`tirith.fail_open = true is not allowed by the system policy`,
	} {
		if !slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, want) }) {
			t.Errorf("no note %q in:\n%s", want, strings.Join(notes, "\n"))
		}
	}
	if c.Approvals.Mode != "manual" || c.Approvals.NoTTY != "deny" || !c.NoYOLO || c.Tirith.Mode != "on" || c.Tirith.FailOpen || !c.Audit.Syslog {
		t.Errorf("not locked: %+v %+v %v %+v", c.Approvals, c.Tirith, c.NoYOLO, c.Audit)
	}
	if !slices.Equal(c.Rules.Disable, []string{"rm-recursive"}) || len(c.Rules.Packs.Disable) != 0 {
		t.Errorf("rules.disable = %v, packs = %v", c.Rules.Disable, c.Rules.Packs.Disable)
	}
	if len(c.Allow) != 1 || c.Allow[0].Rule != "chmod-recursive-system" {
		t.Errorf("allow = %+v", c.Allow)
	}
	if !c.Promoted["cloud-destroy"] || c.Disabled()["cloud-destroy"] {
		t.Errorf("cloud-destroy not promoted: %v %v", c.Promoted, c.Disabled())
	}
	if w := c.FromPolicy["approvals.mode"]; w != policyFile+":2" {
		t.Errorf("FromPolicy[approvals.mode] = %q", w)
	}
}

func TestPolicyKeepsStricterUserSettings(t *testing.T) {
	dir := writePolicy(t, map[string]string{"policy.toml": "[approvals]\nmin_mode = \"manual\"\nno_tty = \"allow\"\n"})
	p, _ := LoadPolicy(dir)
	c, _ := Parse("config.toml", []byte("[approvals]\nmode = \"deny\"\nno_tty = \"deny\"\n"))
	if notes := p.Apply(c); len(notes) != 0 {
		t.Errorf("a stricter user config was overridden: %v", notes)
	}
	if c.Approvals.Mode != "deny" || c.Approvals.NoTTY != "deny" {
		t.Errorf("stricter settings lost: %+v", c.Approvals)
	}
}

func TestPolicyIgnoredUnlessRootOnly(t *testing.T) {
	t.Run("group-writable file", func(t *testing.T) {
		dir := writePolicy(t, map[string]string{"policy.toml": lockdown})
		os.Chmod(filepath.Join(dir, "policy.toml"), 0o664)
		p, problems := LoadPolicy(dir)
		if p != nil || len(problems) != 1 || !strings.Contains(problems[0], "group or others can write it") {
			t.Errorf("got %v, %q", p, problems)
		}
	})
	t.Run("world-writable directory", func(t *testing.T) {
		dir := writePolicy(t, map[string]string{"policy.toml": lockdown})
		os.Chmod(dir, 0o777)
		p, problems := LoadPolicy(dir)
		if p != nil || len(problems) != 1 || !strings.Contains(problems[0], "ignored") {
			t.Errorf("got %v, %q", p, problems)
		}
	})
	t.Run("not root's", func(t *testing.T) {
		dir := writePolicy(t, map[string]string{"policy.toml": lockdown})
		os.Chown(filepath.Join(dir, "policy.toml"), 65534, 65534)
		p, problems := LoadPolicy(dir)
		if p != nil || len(problems) != 1 || !strings.Contains(problems[0], "owned by uid 65534, not root") {
			t.Errorf("got %v, %q", p, problems)
		}
	})
	t.Run("symlink", func(t *testing.T) {
		dir := writePolicy(t, map[string]string{"real.toml": lockdown})
		os.Symlink(filepath.Join(dir, "real.toml"), filepath.Join(dir, "policy.toml"))
		p, problems := LoadPolicy(dir)
		if p != nil || len(problems) != 1 || !strings.Contains(problems[0], "symbolic link") {
			t.Errorf("got %v, %q", p, problems)
		}
	})
	t.Run("fifo", func(t *testing.T) {
		dir := writePolicy(t, nil)
		if err := mkfifo(filepath.Join(dir, "policy.toml")); err != nil {
			t.Fatal(err)
		}
		p, problems := LoadPolicy(dir)
		if p != nil || len(problems) != 1 || !strings.Contains(problems[0], "not a regular file") {
			t.Errorf("got %v, %q", p, problems)
		}
	})
	t.Run("bad key", func(t *testing.T) {
		dir := writePolicy(t, map[string]string{"policy.toml": "[approvals]\nmin_mod = \"manual\"\n"})
		p, problems := LoadPolicy(dir)
		if p != nil || len(problems) != 1 || !strings.Contains(problems[0], "policy.toml:2: approvals.min_mod: unknown policy key") {
			t.Errorf("got %v, %q", p, problems)
		}
	})
	t.Run("missing", func(t *testing.T) {
		p, problems := LoadPolicy(filepath.Join(t.TempDir(), "none"))
		if p != nil || problems != nil {
			t.Errorf("got %v, %q", p, problems)
		}
	})
}

func TestPolicyDirInOrder(t *testing.T) {
	dir := writePolicy(t, map[string]string{
		"policy.toml":           "[approvals]\nmin_mode = \"manual\"\n[rules]\nhardline = [\"cloud-destroy\"]\n",
		"policy.d/10-ci.toml":   "[approvals]\nmin_mode = \"deny\"\n",
		"policy.d/20-more.toml": "[rules]\nhardline = [\"git-push-force\"]\nmin_version_typo = 1\n",
		"policy.d/30-last.toml": "min_version = \"9.0.0\"\n",
	})
	p, problems := LoadPolicy(dir)
	if p == nil {
		t.Fatalf("no policy: %v", problems)
	}
	if p.Approvals.MinMode != "deny" || !slices.Equal(p.Rules.Hardline, []string{"cloud-destroy"}) || p.MinVersion != "9.0.0" {
		t.Errorf("merged policy: %+v %v %q", p.Approvals, p.Rules.Hardline, p.MinVersion)
	}
	if len(problems) != 1 || !strings.Contains(problems[0], "20-more.toml") {
		t.Errorf("the broken file is not reported alone: %q", problems)
	}
	if len(p.Files) != 3 {
		t.Errorf("files = %v", p.Files)
	}
}
