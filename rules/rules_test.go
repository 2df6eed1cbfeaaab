package rules

import (
	"strings"
	"testing"

	"github.com/guardsh/guardsh/parse"
)

func ids(line string) []string {
	var out []string
	for _, f := range Match(parse.Commands(line, parse.Options{}), nil) {
		out = append(out, f.Rule)
	}
	return out
}

// covering returns the rules reported for line, and those they cover
// (cloud-destroy under kubernetes-delete).
func covering(line string) []string {
	var out []string
	for _, f := range Match(parse.Commands(line, parse.Options{}), nil) {
		out = append(append(out, f.Rule), f.Covers...)
	}
	return out
}

// TestExamples runs every rule's examples: each Match line must be reported
// by that rule, each NoMatch line must not.
func TestExamples(t *testing.T) {
	for _, r := range All() {
		if external[r.ID] {
			continue // tested where it is matched
		}
		t.Run(r.ID, func(t *testing.T) {
			if len(r.Match) == 0 || len(r.NoMatch) == 0 {
				t.Errorf("rule %s needs examples that match and that must not", r.ID)
			}
			for _, line := range r.Match {
				if got := covering(line); !contains(got, r.ID) {
					t.Errorf("%q: want %s, got %v", line, r.ID, got)
				}
			}
			for _, line := range r.NoMatch {
				if got := ids(line); contains(got, r.ID) {
					t.Errorf("%q: must not match %s (got %v)", line, r.ID, got)
				}
			}
		})
	}
}

func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range All() {
		if seen[r.ID] {
			t.Errorf("duplicate id %s", r.ID)
		}
		seen[r.ID] = true
		if r.ID != strings.ToLower(r.ID) || strings.ContainsAny(r.ID, " _") {
			t.Errorf("id %q is not kebab-case", r.ID)
		}
		if r.Title == "" || r.Reason == "" || r.Tier == 0 {
			t.Errorf("rule %s lacks a title, reason or tier", r.ID)
		}
		if r.cmd == nil && r.input == nil && r != lookalike && !external[r.ID] {
			t.Errorf("rule %s has no matcher", r.ID)
		}
	}
}
