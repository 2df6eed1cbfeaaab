package approve

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestFormatSyslog(t *testing.T) {
	e := Entry{Time: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Front: "hook:claude", Session: "s1", Dir: `/a "b"]`,
		Command: "rm -rf /\nx", Verdict: "block", Rules: []string{"rm-root", "rm-recursive"}, Decision: "blocked", How: "hardline"}
	m := FormatSyslog(e, time.Now())
	for _, want := range []string{"<36>1 2026-01-02T03:04:05Z ", ` cwd="/a \"b\"\]"`, ` rules="rm-root,rm-recursive"`, "] blocked: rm -rf / x"} {
		if !strings.Contains(m, want) {
			t.Errorf("%q lacks %q", m, want)
		}
	}
	e.Decision = "denied"
	if m := FormatSyslog(e, time.Now()); !strings.HasPrefix(m, "<37>1 ") {
		t.Errorf("denied: %q", m)
	}
}

// A missing syslog socket costs well under 5 ms per decision.
func TestSyslogMissingSocketIsCheap(t *testing.T) {
	addr := filepath.Join(t.TempDir(), "none.sock")
	start := time.Now()
	const n = 200
	for range n {
		if err := SendSyslog(addr, Entry{Decision: "blocked"}); err == nil {
			t.Fatal("sent to a missing socket")
		}
	}
	if per := time.Since(start) / n; per > 5*time.Millisecond {
		t.Errorf("a send to a missing socket took %v", per)
	} else {
		t.Logf("a send to a missing socket takes %v", per)
	}
}
