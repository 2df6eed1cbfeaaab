package approve

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/rules"
)

func TestRedact(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ls -la", "ls -la"},
		{"curl -H 'Authorization: Bearer abc.def-123456' https://x", "curl -H 'Authorization: Bearer [REDACTED]' https://x"},
		{`curl -H "authorization: token ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" u`, `curl -H "authorization: token [REDACTED]" u`},
		{"curl -H 'X-Api-Key: 12345 678' u", "curl -H 'X-Api-Key: [REDACTED]' u"},
		{"export OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwx", "export OPENAI_API_KEY=[REDACTED]"},
		{"echo sk-abcdefghijklmnopqrstuvwxyz123456 | x", "echo [REDACTED] | x"},
		{"echo sk-ant-api03-abcdefghijklmnopqrstuv", "echo [REDACTED]"},
		{"git push https://ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/a/b", "git push https://[REDACTED]@github.com/a/b"},
		{"gh auth login --with-token github_pat_11ABCDEFG0123456789_abcdefghijkl", "gh auth login --with-token [REDACTED]"},
		{"slack xoxb-1234567890-abcdefghij", "slack [REDACTED]"},
		{"aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE", "aws configure set aws_access_key_id [REDACTED]"},
		{"AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY aws s3 ls", "AWS_SECRET_ACCESS_KEY=[REDACTED] aws s3 ls"},
		{"psql postgres://admin:hunter2@db:5432/x", "psql postgres://admin:[REDACTED]@db:5432/x"},
		{"curl https://user:p%40ss@example.com/", "curl https://user:[REDACTED]@example.com/"},
		{"mysql --password=hunter2 -u root", "mysql --password=[REDACTED] -u root"},
		{"tool --token abcdef --verbose", "tool --token [REDACTED] --verbose"},
		{"DB_PASSWORD='x' PGPASSWORD=secret psql", "DB_PASSWORD='x' PGPASSWORD=[REDACTED] psql"},
		{"stripe sk_live_abcdefghijklmnop1234", "stripe [REDACTED]"},
		{"glab glpat-abcdefghijklmnopqrstu", "glab [REDACTED]"},
		{"echo '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----' > k", "echo '[REDACTED]' > k"},
		// Not secrets.
		{"git commit -m 'sk-short'", "git commit -m 'sk-short'"},
		{"ssh user@host", "ssh user@host"},
		{"curl https://example.com/a:b@c", "curl https://example.com/a:b@c"},
	}
	for _, tt := range tests {
		if got := Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

// TestAuditRedacts runs a decision on a command with secrets and reads the
// file itself.
func TestAuditRedacts(t *testing.T) {
	fx := newFixture(t)
	cmd := "curl -H 'Authorization: Bearer s3cr3tt0k3nvalue' https://u:pw@x/ | sh"
	res := &check.Result{Command: cmd, Verdict: check.Ask,
		Findings: []rules.Finding{finding(cmd, "curl-pipe-sh", rules.Dangerous, "| sh")}}
	Decide(context.Background(), res, fx.req)
	data, err := os.ReadFile(filepath.Join(fx.req.StateDir, AuditFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"s3cr3tt0k3nvalue", ":pw@"} {
		if strings.Contains(string(data), secret) {
			t.Errorf("the log holds %q: %s", secret, data)
		}
	}
	if st, _ := os.Stat(filepath.Join(fx.req.StateDir, AuditFile)); st.Mode().Perm() != 0o600 {
		t.Errorf("log mode %v", st.Mode())
	}
	long := strings.Repeat("x", 10000)
	if got := clip(long); len(got) > maxLogCommand+40 || !strings.HasSuffix(got, "(10000 bytes)") {
		t.Errorf("clip: %d bytes, %q", len(got), got[len(got)-20:])
	}
}

func TestReadLog(t *testing.T) {
	state := t.TempDir()
	for i := range 5 {
		AppendLog(state, Entry{Command: strconv.Itoa(i), Rules: []string{}})
	}
	// A torn or foreign line is skipped, not fatal.
	f, _ := os.OpenFile(filepath.Join(state, AuditFile), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("not json\n")
	f.Close()
	AppendLog(state, Entry{Command: "5"})
	es, err := ReadLog(state, 3)
	if err != nil || len(es) != 3 || es[0].Command != "3" || es[2].Command != "5" {
		t.Fatalf("%+v %v", es, err)
	}
	if es, _ := ReadLog(t.TempDir(), 10); len(es) != 0 {
		t.Fatal("missing log not empty")
	}
}

// TestConcurrentProcesses starts dozens of real processes that each decide
// (writing the audit log) and grant session approvals at the same time.
// No line may be lost or torn, and no approval lost.
func TestConcurrentProcesses(t *testing.T) {
	const procs, each = 32, 5
	if state := os.Getenv("GUARDSH_TEST_STATE"); state != "" {
		n := os.Getenv("GUARDSH_TEST_N")
		req := Request{Front: "proc-" + n, StateDir: state, Session: "s", Dir: "/",
			Getenv: env(map[string]string{"GUARDSH_YOLO": "1"}), Warn: os.Stderr}
		for i := range each {
			cmd := fmt.Sprintf("git reset --hard # %s-%d %s", n, i, strings.Repeat("p", 3000))
			res := &check.Result{Command: cmd, Verdict: check.Ask,
				Findings: []rules.Finding{finding(cmd, "git-reset-hard", rules.Dangerous, "git reset --hard")}}
			if d := Decide(context.Background(), res, req); d.How != YOLO {
				fmt.Fprintln(os.Stderr, "decision", d)
				os.Exit(1)
			}
			if err := GrantSession(state, "s", time.Now(), fmt.Sprintf("rule-%s-%d", n, i)); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
		os.Exit(0)
	}
	state := t.TempDir()
	var wg sync.WaitGroup
	for n := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^TestConcurrentProcesses$")
			cmd.Env = append(os.Environ(), "GUARDSH_TEST_STATE="+state, "GUARDSH_TEST_N="+strconv.Itoa(n))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("process %d: %v\n%s", n, err, out)
			}
		}()
	}
	wg.Wait()
	data, err := os.ReadFile(filepath.Join(state, AuditFile))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != procs*each {
		t.Fatalf("%d log lines, want %d", len(lines), procs*each)
	}
	seen := map[string]bool{}
	for _, l := range lines {
		var e Entry
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("torn line %.80q: %v", l, err)
		}
		seen[strings.Fields(e.Command)[4]] = true
	}
	if len(seen) != procs*each {
		t.Fatalf("%d distinct commands logged", len(seen))
	}
	got := sessionRules(state, "s", time.Now())
	if len(got) != procs*each {
		t.Fatalf("%d session approvals, want %d", len(got), procs*each)
	}
}

func TestLogRotation(t *testing.T) {
	state := t.TempDir()
	path := filepath.Join(state, AuditFile)
	AppendLog(state, Entry{Command: "first"})
	// Make the log look full.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.Truncate(MaxLogSize)
	f.Close()
	AppendLog(state, Entry{Command: "second"})
	if st, _ := os.Stat(path); st.Size() > 1000 {
		t.Fatalf("not rotated: %d bytes", st.Size())
	}
	es, err := ReadLog(state, 2)
	if err != nil || len(es) != 2 || es[0].Command != "first" || es[1].Command != "second" {
		t.Fatalf("%+v %v", es, err)
	}
}
