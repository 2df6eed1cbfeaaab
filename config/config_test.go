package config

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/guardsh/guardsh/parse"
	"github.com/guardsh/guardsh/rules"
)

func writeFile(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadMissingIsDefault(t *testing.T) {
	c, err := Load(filepath.Join(t.TempDir(), "nope.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Approvals.Mode != "manual" || c.Approvals.NoTTY != "deny" || c.Approvals.Timeout.Duration != 60*time.Second {
		t.Fatalf("defaults: %+v", c.Approvals)
	}
}

func TestLoadValues(t *testing.T) {
	p := writeFile(t, `# my settings
[approvals]
mode = "deny"   # no prompts
timeout = "15s"
no_tty = "allow"

[rules]
disable = ["git-reset-hard"]

[[allow]]
rule = "chmod-777"
dir = "/srv/x"
added = 2026-01-02T03:04:05Z
reason = "build dir"

[[allow]]
rule = "curl-pipe-sh"
expires = 2020-01-01T00:00:00Z
`)
	c, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if c.Approvals.Mode != "deny" || c.Approvals.Timeout.Duration != 15*time.Second || c.Approvals.NoTTY != "allow" {
		t.Errorf("approvals: %+v", c.Approvals)
	}
	if c.Tirith.Mode != "auto" {
		t.Errorf("tirith default lost: %+v", c.Tirith)
	}
	if !c.Disabled()["git-reset-hard"] {
		t.Errorf("disabled: %v", c.Disabled())
	}
	if len(c.Allow) != 2 || c.Allow[0].Dir != "/srv/x" || c.Allow[0].Reason != "build dir" {
		t.Fatalf("allow: %+v", c.Allow)
	}
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	if !c.Allow[0].Covers("/srv/x/sub", now) || c.Allow[0].Covers("/srv/xy", now) || c.Allow[0].Covers("/srv", now) {
		t.Errorf("Covers by dir is wrong")
	}
	if c.Allow[1].Covers("/anywhere", now) {
		t.Errorf("an expired entry covers")
	}
	if c.Allow[0].ID() == c.Allow[1].ID() || !strings.HasPrefix(c.Allow[0].ID(), "a") {
		t.Errorf("ids: %s %s", c.Allow[0].ID(), c.Allow[1].ID())
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		key, msg   string
	}{
		{"syntax", "[approvals]\nmode = \"manual\n", 2, "approvals.mode", "newlines"},
		{"unknown key", "[approvals]\nmode = \"manual\"\nmdoe = \"deny\"\n", 3, "approvals.mdoe", "unknown key"},
		{"unknown table", "\n[aprovals]\nmode = \"deny\"\n", 2, "aprovals", "unknown key"},
		{"wrong type", "[approvals]\n\ntimeout = 60\n", 3, "approvals.timeout", "with a unit"},
		{"bad duration", "[approvals]\ntimeout = \"soon\"\n", 2, "approvals.timeout", "invalid duration"},
		{"bad mode", "[approvals]\nmode = \"yes\"\n", 2, "approvals.mode", "not one of manual, deny, off"},
		{"bad no_tty", "[approvals]\nno_tty = \"maybe\"\n", 2, "approvals.no_tty", "not one of deny, allow"},
		{"zero timeout", "[approvals]\ntimeout = \"0s\"\n", 2, "approvals.timeout", "positive"},
		{"list type", "[rules]\ndisable = \"x\"\n", 2, "rules.disable", "incompatible types"},
		{"allow without rule", "[[allow]]\nrule = \"a\"\n[[allow]]\ndir = \"/x\"\n", 3, "allow", "no rule"},
		{"relative dir", "[[allow]]\nrule = \"a\"\ndir = \"x/y\"\n", 3, "allow.dir", "absolute"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := writeFile(t, tt.text)
			c, err := Load(p)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("want *Error, got %v", err)
			}
			if c == nil || c.Approvals.Mode != "manual" {
				t.Errorf("a broken file must still return the defaults, got %+v", c)
			}
			if e.File != p || e.Line != tt.line || e.Key != tt.key || !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("got file=%q line=%d key=%q msg=%q", e.File, e.Line, e.Key, e.Msg)
			}
			if !strings.HasPrefix(err.Error(), p+":"+strconv.Itoa(tt.line)+": ") {
				t.Errorf("message %q does not start with file:line", err)
			}
		})
	}
}

func TestUnreadable(t *testing.T) {
	dir := t.TempDir() // a directory cannot be read as a file
	_, err := Load(dir)
	if err == nil || !strings.Contains(err.Error(), dir) {
		t.Fatalf("got %v", err)
	}
}

// TestLoadNotAFile: a FIFO, a device, a directory or an oversize file is an
// error naming the file, returned at once (a FIFO never blocks), with the
// defaults; /dev/zero is not read without limit.
func TestLoadNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "config.toml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.toml")
	os.WriteFile(big, []byte("# "+strings.Repeat("x", MaxFileSize)+"\n"), 0o600)
	for _, c := range []struct{ path, msg string }{
		{fifo, "not a regular file (a FIFO)"},
		{"/dev/zero", "not a regular file (a character device)"},
		{"/dev/null", "not a regular file (a character device)"},
		{dir, "not a regular file (a directory)"},
		{big, "file too large"},
	} {
		done := make(chan struct{})
		var cfg *Config
		var err error
		go func() { cfg, err = Load(c.path); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("Load(%s) blocked", c.path)
		}
		var ce *Error
		if !errors.As(err, &ce) || ce.File != c.path || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("Load(%s) = %v, want an *Error naming the file that says %q", c.path, err, c.msg)
		}
		if cfg == nil || cfg.Approvals.Mode != "manual" {
			t.Errorf("Load(%s) did not return the defaults", c.path)
		}
	}
}

func TestAppendAllowKeepsText(t *testing.T) {
	orig := "# guardsh settings, hand written\n[approvals]\nmode = \"manual\" # keep me\n\n# trailing comment, no newline"
	p := writeFile(t, orig)
	added := time.Date(2026, 11, 30, 4, 0, 0, 0, time.UTC)
	e := AllowEntry{Rule: "chmod-777", Dir: "/home/u/my \"proj\"", Added: added, Reason: "approved at the prompt"}
	if err := AppendAllow(p, e); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	if !strings.HasPrefix(string(got), orig+"\n") {
		t.Fatalf("the original text changed:\n%s", got)
	}
	c, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Allow) != 1 || c.Allow[0].Rule != "chmod-777" || c.Allow[0].Dir != e.Dir || !c.Allow[0].Added.Equal(added) {
		t.Fatalf("allow: %+v", c.Allow)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o644 {
		t.Errorf("mode changed to %v", st.Mode())
	}
	// Remove it again: the file is back to what the user wrote.
	removed, err := RemoveAllow(p, c.Allow[0].ID())
	if err != nil || !removed {
		t.Fatalf("remove: %v %v", removed, err)
	}
	got, _ = os.ReadFile(p)
	if string(got) != orig+"\n" {
		t.Fatalf("after remove:\n%q\nwant\n%q", got, orig+"\n")
	}
}

func TestAppendAllowCreates(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a", "b", "config.toml")
	if err := AppendAllow(p, AllowEntry{Rule: "x"}); err != nil {
		t.Fatal(err)
	}
	c, err := Load(p)
	if err != nil || len(c.Allow) != 1 || c.Allow[0].Added.IsZero() {
		t.Fatalf("%+v %v", c, err)
	}
}

func TestAppendAllowRefusesBroken(t *testing.T) {
	orig := "[approvals\n"
	p := writeFile(t, orig)
	if err := AppendAllow(p, AllowEntry{Rule: "x"}); err == nil {
		t.Fatal("appended to a broken file")
	}
	p = writeFile(t, "allow = []\n")
	if err := AppendAllow(p, AllowEntry{Rule: "x"}); err == nil {
		t.Fatal("appended after an inline allow array")
	}
	if got, _ := os.ReadFile(p); string(got) != "allow = []\n" {
		t.Fatalf("file changed: %q", got)
	}
}

func TestRemoveAllowMiddle(t *testing.T) {
	text := `[[allow]]
rule = "one"
added = 2026-01-01T00:00:00Z

# about two
[[allow]]
rule = "two"
added = 2026-01-02T00:00:00Z
# a note after two

[approvals]
mode = "manual"

[[allow]]
rule = "three"
`
	p := writeFile(t, text)
	c, _ := Load(p)
	removed, err := RemoveAllow(p, c.Allow[1].ID())
	if err != nil || !removed {
		t.Fatal(removed, err)
	}
	got, _ := os.ReadFile(p)
	want := strings.Replace(text, "[[allow]]\nrule = \"two\"\nadded = 2026-01-02T00:00:00Z\n", "", 1)
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	removed, err = RemoveAllow(p, "anothere")
	if err != nil || removed {
		t.Fatal(removed, err)
	}
}

func TestPaths(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GUARDSH_CONFIG", "")
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "c"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "s"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "d"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "k"))
	for got, want := range map[string]string{
		File(): filepath.Join(dir, "c", "guardsh", "config.toml"), StateDir(): filepath.Join(dir, "s", "guardsh"),
		DataDir(): filepath.Join(dir, "d", "guardsh"), CacheDir(): filepath.Join(dir, "k", "guardsh"),
	} {
		if got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
	t.Setenv("GUARDSH_CONFIG", "/etc/x.toml")
	if File() != "/etc/x.toml" {
		t.Errorf("GUARDSH_CONFIG ignored: %s", File())
	}
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "s2"))
	if StateDir() != filepath.Join(dir, "s2", "guardsh") {
		t.Errorf("a changed environment is not seen: %s", StateDir())
	}
}

func TestProjectDir(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "repo", "a", "b")
	os.MkdirAll(sub, 0o755)
	if got := ProjectDir(sub); got != sub {
		t.Errorf("no git: got %s", got)
	}
	os.Mkdir(filepath.Join(root, "repo", ".git"), 0o755)
	if got := ProjectDir(sub); got != filepath.Join(root, "repo") {
		t.Errorf("git: got %s", got)
	}
}

// TestConcurrentAppend appends from many real processes at once; every entry
// must arrive and the file must stay valid.
func TestConcurrentAppend(t *testing.T) {
	if p := os.Getenv("GUARDSH_TEST_APPEND"); p != "" {
		n, _ := strconv.Atoi(os.Getenv("GUARDSH_TEST_N"))
		for i := 0; i < 3; i++ {
			if err := AppendAllow(p, AllowEntry{Rule: fmt.Sprintf("r%d-%d", n, i)}); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
		os.Exit(0)
	}
	p := writeFile(t, "# mine\n[approvals]\nmode = \"manual\"\n")
	const procs = 24
	var wg sync.WaitGroup
	errs := make(chan error, procs)
	for n := 0; n < procs; n++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^TestConcurrentAppend$")
			cmd.Env = append(os.Environ(), "GUARDSH_TEST_APPEND="+p, "GUARDSH_TEST_N="+strconv.Itoa(n))
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Errorf("%v: %s", err, out)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	c, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, a := range c.Allow {
		seen[a.Rule] = true
	}
	if len(seen) != procs*3 {
		t.Fatalf("got %d distinct entries, want %d", len(seen), procs*3)
	}
	if got, _ := os.ReadFile(p); !strings.HasPrefix(string(got), "# mine\n") {
		t.Fatal("the user's text was lost")
	}
}

func TestDisableHardline(t *testing.T) {
	var hard, dangerous string
	for _, r := range rules.All() {
		if r.Tier == rules.Hardline && hard == "" {
			hard = r.ID
		}
		if r.Tier == rules.Dangerous && dangerous == "" {
			dangerous = r.ID
		}
	}
	if hard == "" || dangerous == "" {
		t.Fatalf("the rule table has no hardline or no dangerous rule (%d rules)", len(rules.All()))
	}
	p := writeFile(t, fmt.Sprintf("\n[rules]\ndisable = [%q, %q, \"no-such-rule\"]\n", hard, dangerous))
	c, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	d := c.Disabled()
	if d[hard] || !d[dangerous] {
		t.Errorf("Disabled() = %v: a hardline rule must never be disabled", d)
	}
	if len(c.Warnings) != 2 ||
		c.Warnings[0] != fmt.Sprintf("%s:3: rules.disable: %q is a hardline rule and cannot be disabled; it stays on", p, hard) ||
		!strings.Contains(c.Warnings[1], `there is no rule "no-such-rule"`) {
		t.Errorf("warnings: %q", c.Warnings)
	}
}

func TestDisablePacks(t *testing.T) {
	ids, ok := rules.PackRules("clouds")
	if !ok || len(ids) == 0 {
		t.Fatal("no clouds pack")
	}
	p := writeFile(t, "[rules.packs]\ndisable = [\"clouds\", \"nosuch\"]\n")
	c, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	d := c.Disabled()
	for _, id := range ids {
		if !d[id] {
			t.Errorf("%s of pack clouds is not disabled: %v", id, d)
		}
	}
	if d["rm-root"] || d["git-reset-hard"] {
		t.Errorf("rules outside the pack disabled: %v", d)
	}
	if len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0], `:2: rules.packs.disable: there is no pack "nosuch" (packs: clouds,`) {
		t.Errorf("warnings: %q", c.Warnings)
	}
	// The dotted form in [rules] works too.
	c, err = Load(writeFile(t, "[rules]\npacks.disable = [\"logs\"]\n"))
	if err != nil || !c.Disabled()["logs-erase"] {
		t.Errorf("rules.packs.disable in [rules]: %v %v", err, c.Disabled())
	}
}

func TestParsePack(t *testing.T) {
	good := "name = \"acme\"\n[[entry]]\nid = \"acme-x\"\ntier = \"dangerous\"\ntitle = \"t\"\nreason = \"r\"\nwhen = [\"acmectl x\"]\nmatch = [\"acmectl x\"]\nno_match = [\"acmectl y\"]\n"
	p, err := ParsePack("p.toml", []byte(good))
	if err != nil || p.Name != "acme" || len(p.Entries) != 1 || p.Entries[0].Line != 3 {
		t.Fatalf("good pack: %v %+v", err, p)
	}
	for _, tt := range []struct{ text, want string }{
		{strings.Replace(good, "tier = \"dangerous\"", "tier = \"low\"", 1), "p.toml:4: entry.tier: acme-x: tier must be"},
		{strings.Replace(good, "reason", "raeson", 1), "p.toml:6: entry.raeson: unknown key"},
		{strings.Replace(good, "name = \"acme\"", "name = \"Acme Tools\"", 1), "p.toml:1: name: a pack needs a name in kebab-case"},
		{strings.Replace(good, "no_match = [\"acmectl y\"]\n", "", 1), "p.toml:3: entry: acme-x: needs examples"},
		{strings.Replace(good, "[\"acmectl x\"]\nmatch", "[\"acmectl !x\"]\nmatch", 1), "p.toml:7: entry.when: acme-x: pattern \"acmectl !x\""},
		{"name = \"e\"\n", "p.toml: the pack has no [[entry]]"},
	} {
		_, err := ParsePack("p.toml", []byte(tt.text))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("got %v, want %s…", err, tt.want)
		}
	}
}

func TestSmartConfig(t *testing.T) {
	for _, tt := range []struct{ text, err string }{
		{"[approvals.smart]\nendpoint = \"http://127.0.0.1:11434/v1/chat/completions\"\nmodel = \"llama3\"\n", ""},
		{"[approvals.smart]\nendpoint = \"https://api.example.com/v1/chat/completions\"\nmodel = \"m\"\napi_key_env = \"JUDGE_KEY\"\n", ""},
		{"[approvals.smart]\nendpoint = \"http://api.example.com/v1\"\nmodel = \"m\"\n", "plain http only to this machine"},
		{"[approvals.smart]\nendpoint = \"https://x.example/v1\"\n", "needs a model"},
		{"[approvals.smart]\nendpoint = \"https://x.example/v1\"\nmodel = \"m\"\napi_key_env = \"sk-abc=1\"\n", "NAME of an environment variable"},
		{"[approvals.smart]\nendpoint = \"https://x.example/v1\"\nmodel = \"m\"\ntimeout = \"5m\"\n", "between 0 and 1m"},
	} {
		_, err := Parse("c.toml", []byte(tt.text))
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%q: %v, want %q", tt.text, err, tt.err)
		}
	}
	if Default().Approvals.Smart.Timeout.Duration.String() != "3s" {
		t.Errorf("default smart timeout")
	}
}

// TestOwnFilesProtected: every file guardsh keeps, wherever the XDG
// variables and GUARDSH_CONFIG put it, is one the rules refuse to let a
// checked command write (the rules find the paths themselves; this keeps
// them in step with this package).
func TestOwnFilesProtected(t *testing.T) {
	root := t.TempDir()
	for _, env := range []map[string]string{
		{"HOME": root + "/h1", "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": "", "XDG_DATA_HOME": "", "XDG_CACHE_HOME": "", "GUARDSH_CONFIG": ""},
		{"HOME": root + "/h2", "XDG_CONFIG_HOME": root + "/c", "XDG_STATE_HOME": root + "/s", "XDG_DATA_HOME": root + "/d", "XDG_CACHE_HOME": root + "/k", "GUARDSH_CONFIG": root + "/elsewhere.toml"},
	} {
		for k, v := range env {
			t.Setenv(k, v)
		}
		for _, p := range []string{File(), filepath.Join(StateDir(), "sessions.json"), filepath.Join(StateDir(), "pending.json"),
			filepath.Join(DataDir(), "bin", "tirith"), filepath.Join(CacheDir(), "tirith-install-failure.json")} {
			line := "echo x > " + p
			found := false
			for _, f := range rules.Match(parse.Commands(line, parse.Options{}), nil) {
				found = found || f.Rule == "guardsh-tamper"
			}
			if !found {
				t.Errorf("%q is not refused as guardsh-tamper", line)
			}
		}
	}
}
