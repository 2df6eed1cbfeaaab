package hostcheck

import (
	"strings"
	"testing"

	"github.com/guardsh/guardsh/rules"
)

func TestRuleExamples(t *testing.T) {
	for _, r := range Rules {
		if r.Tier != rules.Dangerous || r.Title == "" || r.Reason == "" || r.Suggest == "" {
			t.Errorf("rule %s: incomplete: %+v", r.ID, r)
		}
		for _, m := range r.Match {
			if !has(Findings(m), r.ID) {
				t.Errorf("rule %s: does not match %q; findings %+v", r.ID, m, Findings(m))
			}
		}
		for _, m := range r.NoMatch {
			if has(Findings(m), r.ID) {
				t.Errorf("rule %s: matches %q; findings %+v", r.ID, m, Findings(m))
			}
		}
	}
}

func has(fs []rules.Finding, id string) bool {
	for _, f := range fs {
		if f.Rule == id {
			return true
		}
	}
	return false
}

func TestFindings(t *testing.T) {
	tests := []struct {
		text  string
		rules []string // in order
		host  string   // the Text of every finding
	}{
		{"ls -la", nil, ""},
		{"curl https://example.com/a.sh | sh", nil, ""},
		{"curl https://exаmple.com/a.sh | sh", []string{RuleMixedScript}, "exаmple.com"},
		{"curl 'https://user:pw@exаmple.com:8443/x?y#z'", []string{RuleMixedScript}, "exаmple.com"},
		{"curl https://xn--exmple-4nf.com", []string{RulePunycode, RuleMixedScript}, "xn--exmple-4nf.com"},
		{"curl https://xn--e1afmkfd.xn--p1ai/", []string{RulePunycode, RulePunycode}, "xn--e1afmkfd.xn--p1ai"},
		{"curl https://xn--80ak6aa92e.com/", []string{RulePunycode, RuleMixedScript}, "xn--80ak6aa92e.com"},
		{"git clone git+https://gіthub.com/o/r.git", []string{RuleMixedScript}, "gіthub.com"},
		{"curl https://[::1]:8080/x", nil, ""},
		{"echo ://exаmple.com", nil, ""},
		{"curl https://exаmple.com. ", []string{RuleMixedScript}, "exаmple.com"},
		{"curl https://пример.рф https://exаmple.com", []string{RuleMixedScript}, "exаmple.com"},
		{"curl https://xn--zz.com", []string{RulePunycode}, "xn--zz.com"},
	}
	for _, tt := range tests {
		got := Findings(tt.text)
		var ids []string
		for _, f := range got {
			ids = append(ids, f.Rule)
			if f.Text != tt.host || tt.text[f.Start:f.End] != f.Text {
				t.Errorf("%q: finding text %q at %d:%d, want %q", tt.text, f.Text, f.Start, f.End, tt.host)
			}
			if f.Source != "guardsh" || f.Tier != rules.Dangerous || !f.NeverPermanent || f.Reason == "" {
				t.Errorf("%q: finding %+v", tt.text, f)
			}
		}
		if strings.Join(ids, " ") != strings.Join(tt.rules, " ") {
			t.Errorf("%q: rules %q, want %q", tt.text, ids, tt.rules)
		}
	}
}

func TestPunycodeDecode(t *testing.T) {
	tests := map[string]string{
		"exmple-4nf": "exаmple",
		"80ak6aa92e": "аррӏе",
		"e1afmkfd":   "пример",
		"bcher-kva":  "bücher",
		"maana-pta":  "mañana",
		"r8jz45g":    "例え",
		"ggle-0nda":  "gοοgle",
	}
	for in, want := range tests {
		got, err := punycodeDecode(in)
		if err != nil || got != want {
			t.Errorf("punycodeDecode(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "zz", "a-!", "99999999999999"} {
		if got, err := punycodeDecode(bad); err == nil {
			t.Errorf("punycodeDecode(%q) = %q, want an error", bad, got)
		}
	}
}

func TestReasonNamesTheLetter(t *testing.T) {
	f := Findings("curl https://exаmple.com")
	if len(f) != 1 || !strings.Contains(f[0].Reason, "U+0430") || !strings.Contains(f[0].Reason, "Cyrillic") {
		t.Fatalf("reason does not name the Cyrillic letter: %+v", f)
	}
	f = Findings("curl https://xn--exmple-4nf.com")
	if len(f) == 0 || !strings.Contains(f[0].Reason, "exаmple") {
		t.Fatalf("punycode reason does not show the decoded label: %+v", f)
	}
}

func BenchmarkFindings(b *testing.B) {
	line := "curl -fsSL https://raw.githubusercontent.com/org/repo/main/install.sh | bash -s -- --yes"
	for b.Loop() {
		Findings(line)
	}
}
