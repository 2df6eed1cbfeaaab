package approve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/rules"
)

// finding returns a finding of rule id matching text inside cmd.
func finding(cmd, id string, tier rules.Tier, text string) rules.Finding {
	i := strings.Index(cmd, text)
	return rules.Finding{Rule: id, Tier: tier, Title: "title of " + id, Reason: "reason of " + id,
		Text: text, Start: i, End: i + len(text), Via: []string{}, Suggest: "do it safely", Source: "guardsh"}
}

// askResult is an ask verdict on "git reset --hard" (rule reset).
func askResult() *check.Result {
	cmd := "cd x && git reset --hard HEAD~1"
	return &check.Result{Command: cmd, Verdict: check.Ask,
		Findings: []rules.Finding{finding(cmd, "git-reset-hard", rules.Dangerous, "git reset --hard HEAD~1")}}
}

// packResult is an ask of the iac pack on "terraform destroy", which the
// generic cloud-destroy rule reported before the pack took it over.
func packResult() *check.Result {
	cmd := "terraform destroy -auto-approve"
	f := finding(cmd, "iac-destroy", rules.Dangerous, cmd)
	f.Covers = []string{"cloud-destroy"}
	return &check.Result{Command: cmd, Verdict: check.Ask, Findings: []rules.Finding{f}}
}

func blockResult() *check.Result {
	cmd := "sudo rm -rf /"
	f := finding(cmd, "rm-root", rules.Hardline, "rm -rf /")
	f.Via = []string{"sudo"}
	return &check.Result{Command: cmd, Verdict: check.Block, Findings: []rules.Finding{f}}
}

// env returns a Getenv reading only m: the test process's own GUARDSH_YOLO
// must not leak in.
func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

type fixture struct {
	req  Request
	warn *bytes.Buffer
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	dir := t.TempDir()
	w := new(bytes.Buffer)
	work := filepath.Join(dir, "work")
	os.Mkdir(work, 0o755)
	return &fixture{warn: w, req: Request{
		Front: "test", Dir: work, Session: "sess-1",
		StateDir:   filepath.Join(dir, "state"),
		ConfigFile: filepath.Join(dir, "config.toml"),
		Getenv:     env(nil),
		TTY:        func() (*os.File, error) { return nil, errors.New("no tty in this test") },
		Warn:       w,
	}}
}

func (fx *fixture) logEntries(t *testing.T) []Entry {
	t.Helper()
	es, err := ReadLog(fx.req.StateDir, 0)
	if err != nil {
		t.Fatal(err)
	}
	return es
}

func TestPolicy(t *testing.T) {
	now := time.Now()
	cfgWith := func(f func(c *config.Config)) *config.Config {
		c := config.Default()
		f(c)
		return c
	}
	type tc struct {
		name    string
		res     *check.Result
		setup   func(t *testing.T, fx *fixture)
		outcome Outcome
		how     How
		msg     string // substring of the message
	}
	tests := []tc{
		{name: "clean", res: &check.Result{Command: "ls", Verdict: check.Allow}, outcome: Go, how: Clean},
		{name: "nil result denies", res: nil, outcome: Denied, how: Error},
		{name: "ask without terminal", res: askResult(), outcome: Denied, how: NoTTY,
			msg: "no terminal to ask for approval: git-reset-hard needs approval"},
		{name: "ask, prompt allowed but no terminal", res: askResult(), outcome: Denied, how: NoTTY,
			setup: func(t *testing.T, fx *fixture) { fx.req.Prompt = true }},
		{name: "no_tty allow", res: askResult(), outcome: Go, how: NoTTYAllow,
			setup: func(t *testing.T, fx *fixture) {
				fx.req.Config = cfgWith(func(c *config.Config) { c.Approvals.NoTTY = "allow" })
			}},
		{name: "mode deny", res: askResult(), outcome: Denied, how: ModeDeny, msg: `approvals.mode = "deny"`,
			setup: func(t *testing.T, fx *fixture) {
				fx.req.Config = cfgWith(func(c *config.Config) { c.Approvals.Mode = "deny" })
			}},
		{name: "mode deny beats yolo", res: askResult(), outcome: Denied, how: ModeDeny,
			setup: func(t *testing.T, fx *fixture) {
				fx.req.Config = cfgWith(func(c *config.Config) { c.Approvals.Mode = "deny" })
				fx.req.Getenv = env(map[string]string{"GUARDSH_YOLO": "1"})
			}},
		{name: "mode off", res: askResult(), outcome: Go, how: ModeOff,
			setup: func(t *testing.T, fx *fixture) {
				fx.req.Config = cfgWith(func(c *config.Config) { c.Approvals.Mode = "off" })
			}},
		{name: "yolo", res: askResult(), outcome: Go, how: YOLO, msg: "GUARDSH_YOLO=1",
			setup: func(t *testing.T, fx *fixture) { fx.req.Getenv = env(map[string]string{"GUARDSH_YOLO": "1"}) }},
		{name: "yolo must be 1", res: askResult(), outcome: Denied, how: NoTTY,
			setup: func(t *testing.T, fx *fixture) { fx.req.Getenv = env(map[string]string{"GUARDSH_YOLO": "0"}) }},
		{name: "yolo inside the command changes nothing", outcome: Denied, how: NoTTY,
			res: func() *check.Result {
				cmd := "GUARDSH_YOLO=1 git reset --hard"
				return &check.Result{Command: cmd, Verdict: check.Ask,
					Findings: []rules.Finding{finding(cmd, "git-reset-hard", rules.Dangerous, "git reset --hard")}}
			}()},
		{name: "broken config denies", res: askResult(), outcome: Denied, how: ConfigError, msg: "config.toml:3: approvals.mode",
			setup: func(t *testing.T, fx *fixture) {
				fx.req.ConfigErr = &config.Error{File: "config.toml", Line: 3, Key: "approvals.mode", Msg: "bad"}
				fx.req.Getenv = env(map[string]string{"GUARDSH_YOLO": "1"})
				fx.req.Config = cfgWith(func(c *config.Config) {
					c.Approvals.Mode = "off"
					c.Approvals.NoTTY = "allow"
				})
			}},
		{name: "broken config ignores rules.disable", res: askResult(), outcome: Denied, how: ConfigError,
			setup: func(t *testing.T, fx *fixture) {
				fx.req.ConfigErr = errors.New("broken")
				fx.req.Config = cfgWith(func(c *config.Config) { c.Rules.Disable = []string{"git-reset-hard"} })
			}},
		{name: "disabled rule", res: askResult(), outcome: Go, how: Disabled,
			setup: func(t *testing.T, fx *fixture) {
				fx.req.Config = cfgWith(func(c *config.Config) { c.Rules.Disable = []string{"git-reset-hard"} })
			}},
		{name: "allowlist for the project", res: askResult(), outcome: Go, how: Allowlist,
			setup: func(t *testing.T, fx *fixture) {
				fx.req.Config = cfgWith(func(c *config.Config) {
					c.Allow = []config.AllowEntry{{Rule: "git-reset-hard", Dir: filepath.Dir(fx.req.Dir)}}
				})
			}},
		{name: "allowlist everywhere", res: askResult(), outcome: Go, how: Allowlist,
			setup: func(t *testing.T, fx *fixture) {
				fx.req.Config = cfgWith(func(c *config.Config) { c.Allow = []config.AllowEntry{{Rule: "git-reset-hard"}} })
			}},
		{name: "allowlist of the rule a pack took over", res: packResult(), outcome: Go, how: Allowlist,
			setup: func(t *testing.T, fx *fixture) {
				fx.req.Config = cfgWith(func(c *config.Config) { c.Allow = []config.AllowEntry{{Rule: "cloud-destroy"}} })
			}},
		{name: "allowlist of an unrelated rule, pack finding", res: packResult(), outcome: Denied, how: NoTTY,
			setup: func(t *testing.T, fx *fixture) {
				fx.req.Config = cfgWith(func(c *config.Config) { c.Allow = []config.AllowEntry{{Rule: "destroy-data"}} })
			}},
		{name: "allowlist for another dir", res: askResult(), outcome: Denied, how: NoTTY,
			setup: func(t *testing.T, fx *fixture) {
				fx.req.Config = cfgWith(func(c *config.Config) {
					c.Allow = []config.AllowEntry{{Rule: "git-reset-hard", Dir: "/somewhere/else"}}
				})
			}},
		{name: "allowlist expired", res: askResult(), outcome: Denied, how: NoTTY,
			setup: func(t *testing.T, fx *fixture) {
				fx.req.Config = cfgWith(func(c *config.Config) {
					c.Allow = []config.AllowEntry{{Rule: "git-reset-hard", Expires: now.Add(-time.Minute)}}
				})
			}},
		{name: "allowlist for another rule", res: askResult(), outcome: Denied, how: NoTTY,
			setup: func(t *testing.T, fx *fixture) {
				fx.req.Config = cfgWith(func(c *config.Config) { c.Allow = []config.AllowEntry{{Rule: "chmod-777"}} })
			}},
		{name: "allowlist never covers a never-permanent finding", outcome: Denied, how: NoTTY,
			res: func() *check.Result {
				r := askResult()
				r.Findings[0].NeverPermanent = true
				return r
			}(),
			setup: func(t *testing.T, fx *fixture) {
				fx.req.Config = cfgWith(func(c *config.Config) { c.Allow = []config.AllowEntry{{Rule: "git-reset-hard"}} })
			}},
		{name: "allowlist never covers tirith", outcome: Denied, how: NoTTY,
			res: func() *check.Result {
				r := askResult()
				r.Findings[0].Source = "tirith"
				return r
			}(),
			setup: func(t *testing.T, fx *fixture) {
				fx.req.Config = cfgWith(func(c *config.Config) { c.Allow = []config.AllowEntry{{Rule: "git-reset-hard"}} })
			}},
		{name: "session approval", res: askResult(), outcome: Go, how: Session,
			setup: func(t *testing.T, fx *fixture) {
				if err := GrantSession(fx.req.StateDir, "sess-1", now, "git-reset-hard"); err != nil {
					t.Fatal(err)
				}
			}},
		{name: "session approval of another session", res: askResult(), outcome: Denied, how: NoTTY,
			setup: func(t *testing.T, fx *fixture) {
				GrantSession(fx.req.StateDir, "sess-2", now, "git-reset-hard")
			}},
		{name: "session approval without a session", res: askResult(), outcome: Denied, how: NoTTY,
			setup: func(t *testing.T, fx *fixture) {
				GrantSession(fx.req.StateDir, "sess-1", now, "git-reset-hard")
				fx.req.Session = ""
			}},
		{name: "session approval idle for a day", res: askResult(), outcome: Denied, how: NoTTY,
			setup: func(t *testing.T, fx *fixture) {
				GrantSession(fx.req.StateDir, "sess-1", now.Add(-25*time.Hour), "git-reset-hard")
			}},
		{name: "two rules, one covered", outcome: Denied, how: NoTTY, msg: "chmod-777 needs approval",
			res: func() *check.Result {
				cmd := "git reset --hard && chmod -R 777 ."
				return &check.Result{Command: cmd, Verdict: check.Ask, Findings: []rules.Finding{
					finding(cmd, "git-reset-hard", rules.Dangerous, "git reset --hard"),
					finding(cmd, "chmod-777", rules.Dangerous, "chmod -R 777 ."),
				}}
			}(),
			setup: func(t *testing.T, fx *fixture) {
				GrantSession(fx.req.StateDir, "sess-1", now, "git-reset-hard")
			}},
		{name: "ask without findings is never covered", outcome: Denied, how: NoTTY,
			res: &check.Result{Command: "x", Verdict: check.Ask}},
		{name: "unreadable input denies", outcome: Denied, how: NoTTY,
			res: &check.Result{Command: "x", Verdict: check.Allow, Error: "invalid UTF-8"}},
		{name: "hardline finding under an allow verdict still blocks", outcome: Blocked, how: Hardline,
			res: func() *check.Result { r := blockResult(); r.Verdict = check.Allow; return r }()},
	}
	// Hardline under every setting.
	for _, s := range []struct {
		name  string
		setup func(t *testing.T, fx *fixture)
	}{
		{"default", nil},
		{"yolo", func(t *testing.T, fx *fixture) { fx.req.Getenv = env(map[string]string{"GUARDSH_YOLO": "1"}) }},
		{"mode off", func(t *testing.T, fx *fixture) {
			fx.req.Config = cfgWith(func(c *config.Config) { c.Approvals.Mode = "off" })
		}},
		{"no_tty allow", func(t *testing.T, fx *fixture) {
			fx.req.Config = cfgWith(func(c *config.Config) { c.Approvals.NoTTY = "allow" })
		}},
		{"disabled", func(t *testing.T, fx *fixture) {
			fx.req.Config = cfgWith(func(c *config.Config) { c.Rules.Disable = []string{"rm-root"} })
		}},
		{"allowlisted", func(t *testing.T, fx *fixture) {
			fx.req.Config = cfgWith(func(c *config.Config) { c.Allow = []config.AllowEntry{{Rule: "rm-root"}} })
		}},
		{"session approval", func(t *testing.T, fx *fixture) { GrantSession(fx.req.StateDir, "sess-1", now, "rm-root") }},
		{"broken config", func(t *testing.T, fx *fixture) { fx.req.ConfigErr = errors.New("broken") }},
		{"pending approval", func(t *testing.T, fx *fixture) { fx.req.Pending = &fakePending{approved: true} }},
	} {
		tests = append(tests, tc{name: "hardline, " + s.name, res: blockResult(), setup: s.setup,
			outcome: Blocked, how: Hardline, msg: "rm-root is a hardline rule"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fx := newFixture(t)
			if tt.setup != nil {
				tt.setup(t, fx)
			}
			d := Decide(context.Background(), tt.res, fx.req)
			if d.Outcome != tt.outcome || d.How != tt.how {
				t.Fatalf("got %v/%v, want %v/%v; message:\n%s", d.Outcome, d.How, tt.outcome, tt.how, d.Message)
			}
			if !strings.Contains(d.Message, tt.msg) {
				t.Errorf("message %q does not contain %q", d.Message, tt.msg)
			}
			if d.ExitCode() != map[Outcome]int{Go: 0, Blocked: 1, Denied: 2}[tt.outcome] {
				t.Errorf("exit code %d", d.ExitCode())
			}
			es := fx.logEntries(t)
			logged := tt.how != Clean && tt.how != Disabled && tt.res != nil
			if logged != (len(es) == 1) {
				t.Fatalf("audit entries: %+v", es)
			}
			if logged && (es[0].Decision != tt.outcome.String() || es[0].How != tt.how || es[0].Front != "test" ||
				es[0].Session != fx.req.Session || es[0].Dir != fx.req.Dir || es[0].Command != tt.res.Command) {
				t.Errorf("audit entry: %+v", es[0])
			}
			if fx.warn.Len() > 0 {
				t.Errorf("unexpected warning: %s", fx.warn)
			}
		})
	}
}

func TestBlockMessage(t *testing.T) {
	fx := newFixture(t)
	d := Decide(context.Background(), blockResult(), fx.req)
	for _, want := range []string{
		"guardsh: blocked: rm-root is a hardline rule",
		"$ sudo rm -rf /\n",
		"       ^^^^^^^^\n",
		"rm-root: title of rm-root", "why: reason of rm-root", "matched: rm -rf / (via sudo)", "instead: do it safely",
		"hint: no approval, allowlist or GUARDSH_YOLO lets it through",
	} {
		if !strings.Contains(d.Message, want) {
			t.Errorf("message lacks %q:\n%s", want, d.Message)
		}
	}
	if !slicesEqual(d.Rules, []string{"rm-root"}) {
		t.Errorf("rules %v", d.Rules)
	}
}

func slicesEqual(a, b []string) bool { return strings.Join(a, ",") == strings.Join(b, ",") }

type fakePending struct {
	approved bool
	added    []string
	took     int
}

func (p *fakePending) Take(res *check.Result, req *Request) (string, bool) {
	if p.approved {
		p.took++
		return "K7Q2", true
	}
	return "", false
}

func (p *fakePending) Add(res *check.Result, req *Request, ids []string) (string, error) {
	p.added = append(p.added, ids...)
	return "X9Z3", nil
}

func TestPending(t *testing.T) {
	fx := newFixture(t)
	p := &fakePending{}
	fx.req.Pending = p
	d := Decide(context.Background(), askResult(), fx.req)
	if d.Outcome != Denied || d.Code != "X9Z3" || !strings.Contains(d.Message, "guardsh approve X9Z3") {
		t.Fatalf("refusal: %+v", d)
	}
	if !slicesEqual(p.added, []string{"git-reset-hard"}) {
		t.Fatalf("recorded %v", p.added)
	}
	p.approved = true
	d = Decide(context.Background(), askResult(), fx.req)
	if d.Outcome != Go || d.How != PendingCode || p.took != 1 {
		t.Fatalf("approved: %+v", d)
	}
	if es := fx.logEntries(t); len(es) != 2 || es[0].Code != "X9Z3" || es[1].How != PendingCode {
		t.Fatalf("log: %+v", es)
	}
}

func TestUnwritableStateDir(t *testing.T) {
	fx := newFixture(t)
	// A regular file where the state directory should be.
	blocker := filepath.Join(t.TempDir(), "state")
	os.WriteFile(blocker, nil, 0o600)
	fx.req.StateDir = filepath.Join(blocker, "guardsh")
	fx.req.Getenv = env(map[string]string{"GUARDSH_YOLO": "1"})
	d := Decide(context.Background(), askResult(), fx.req)
	if d.Outcome != Go || d.How != YOLO {
		t.Fatalf("decision changed: %+v", d)
	}
	fx.req.Getenv = env(nil)
	d = Decide(context.Background(), blockResult(), fx.req)
	if d.Outcome != Blocked {
		t.Fatalf("decision changed: %+v", d)
	}
	lines := strings.Split(strings.TrimSpace(fx.warn.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "guardsh: warning: cannot write the audit log") {
		t.Fatalf("want one warning per decision, got %q", fx.warn)
	}
}

func TestSessionApprovals(t *testing.T) {
	state := t.TempDir()
	now := time.Now()
	GrantSession(state, "old", now.Add(-30*time.Hour), "r1")
	GrantSession(state, "a", now, "r1", "r2")
	GrantSession(state, "b", now, "r1")
	if err := GrantSession(state, "", now, "r1"); err == nil {
		t.Error("granted without a session")
	}
	cfg := config.Default()
	cfg.Allow = []config.AllowEntry{{Rule: "r9", Dir: "/p", Added: now}}
	list, err := List(state, cfg, "a", now)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 3 || list[0].Rule != "r1" || list[1].Rule != "r2" || list[2].Kind != "always" {
		t.Fatalf("list: %+v", list)
	}
	all, _ := List(state, cfg, AllSessions, now)
	if len(all) != 4 {
		t.Fatalf("all sessions: %+v", all)
	}
	// The idle session was pruned from the file by the later writes.
	db, _ := readSessions(state)
	if _, ok := db.Sessions["old"]; ok {
		t.Error("idle session not pruned")
	}
	got, err := Revoke(state, filepath.Join(t.TempDir(), "none.toml"), list[0].ID, now)
	if err != nil || got == nil || got.Rule != "r1" || got.Session != "a" {
		t.Fatalf("revoke: %+v %v", got, err)
	}
	if m := sessionRules(state, "a", now); m["r1"] || !m["r2"] {
		t.Fatalf("after revoke: %v", m)
	}
	if m := sessionRules(state, "b", now); !m["r1"] {
		t.Fatal("revoke touched another session")
	}
	n, err := ClearSession(state, "a", now)
	if err != nil || n != 1 || len(sessionRules(state, "a", now)) != 0 {
		t.Fatalf("clear: %d %v", n, err)
	}
}

func TestRevokePermanent(t *testing.T) {
	cfgFile := filepath.Join(t.TempDir(), "config.toml")
	os.WriteFile(cfgFile, []byte("# mine\n[approvals]\nmode = \"manual\"\n"), 0o644)
	if err := config.AppendAllow(cfgFile, config.AllowEntry{Rule: "r1", Dir: "/p"}); err != nil {
		t.Fatal(err)
	}
	cfg, _ := config.Load(cfgFile)
	list, _ := List(t.TempDir(), cfg, "", time.Now())
	if len(list) != 1 {
		t.Fatalf("%+v", list)
	}
	got, err := Revoke(t.TempDir(), cfgFile, list[0].ID, time.Now())
	if err != nil || got == nil || got.Rule != "r1" {
		t.Fatalf("%+v %v", got, err)
	}
	if b, _ := os.ReadFile(cfgFile); string(b) != "# mine\n[approvals]\nmode = \"manual\"\n" {
		t.Fatalf("file: %q", b)
	}
	if got, err := Revoke(t.TempDir(), cfgFile, "a0000000", time.Now()); got != nil || err != nil {
		t.Fatalf("unknown id: %+v %v", got, err)
	}
}

// TestLongScript: a long script is shown by its first line and the lines
// that matched, not in full.
func TestLongScript(t *testing.T) {
	var b strings.Builder
	for i := range 500 {
		fmt.Fprintf(&b, "echo line %d\n", i)
		if i == 300 {
			b.WriteString("git reset --hard\n")
		}
	}
	b.WriteString(strings.Repeat("x", 5000) + " && git reset --hard")
	cmd := b.String()
	i := strings.Index(cmd, "git reset --hard")
	j := strings.LastIndex(cmd, "git reset --hard")
	res := &check.Result{Command: cmd, Verdict: check.Ask, Findings: []rules.Finding{
		{Rule: "git-reset-hard", Tier: rules.Dangerous, Text: "git reset --hard", Start: i, End: i + 16},
		{Rule: "git-reset-hard", Tier: rules.Dangerous, Text: "git reset --hard", Start: j, End: j + 16},
	}}
	got := markCommand(cmd, res.Findings, plain)
	want := "  $ echo line 0\n" +
		"    … 300 more lines …\n" +
		"    git reset --hard\n" +
		"    ^^^^^^^^^^^^^^^^\n" +
		"    … 199 more lines …\n" +
		"    …(4964 bytes) " + strings.Repeat("x", 36) + " && git reset --hard\n" +
		strings.Repeat(" ", 4+14+40) + "^^^^^^^^^^^^^^^^\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if short := markCommand("a\nb", nil, plain); short != "  $ a\n    b\n" {
		t.Errorf("short: %q", short)
	}
}

// TestBlockAdviceForPerson: a hardline rule's advice to run a command "by
// hand outside guardsh" is said as guardsh-off to a person at their own
// guarded prompt, and stays as written for everyone else.
func TestBlockAdviceForPerson(t *testing.T) {
	for _, tc := range []struct {
		suggest      string
		person       bool
		want, reject string
	}{
		{"run it by hand in a terminal outside guardsh when you really mean it", true,
			"instead: type guardsh-off to pause checking, run it, then guardsh-on when you really mean it", "outside guardsh"},
		{"format an image file instead (mkfs.ext4 disk.img), or run it by hand outside guardsh", true,
			"instead: format an image file instead (mkfs.ext4 disk.img), or type guardsh-off to pause checking, run it, then guardsh-on", "outside guardsh"},
		{"run it by hand in a terminal outside guardsh when you really mean it", false,
			"instead: run it by hand in a terminal outside guardsh when you really mean it", "guardsh-off"},
		{"do it safely", true, "instead: do it safely", "by hand"},
	} {
		fx := newFixture(t)
		res := blockResult()
		res.Findings[0].Suggest = tc.suggest
		fx.req.PersonsShell = tc.person
		d := Decide(context.Background(), res, fx.req)
		if d.Outcome != Blocked {
			t.Fatalf("%q: outcome %v", tc.suggest, d.Outcome)
		}
		if !strings.Contains(d.Message, tc.want) || strings.Contains(d.Message, tc.reject) {
			t.Errorf("person=%v: message wants %q, not %q:\n%s", tc.person, tc.want, tc.reject, d.Message)
		}
		if tc.person && !strings.Contains(d.Message, "guardsh-off pauses checking in this shell") {
			t.Errorf("no guardsh-off hint for a person:\n%s", d.Message)
		}
	}
}
