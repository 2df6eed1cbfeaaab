package main

import (
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/rules"
)

// TestCheckFlagsDocumented: every flag the check parser knows (the "--x"
// literals of check.go and ci.go) is in check's help, and every flag the
// help lists is accepted by the parser, so `guardsh help check`, the man
// page and the completions cannot fall behind the CLI again.
func TestCheckFlagsDocumented(t *testing.T) {
	d, ok := docOf("check")
	if !ok {
		t.Fatal("no help for check")
	}
	documented := map[string]flagDoc{}
	for _, f := range d.flags {
		documented[f.name] = f
	}
	lit := regexp.MustCompile(`"(--[a-z][a-z-]*)"`)
	var parsed []string
	for _, file := range []string{"check.go", "ci.go"} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range lit.FindAllStringSubmatch(string(src), -1) {
			parsed = append(parsed, m[1])
		}
	}
	sort.Strings(parsed)
	for _, name := range parsed {
		if _, ok := documented[name]; !ok {
			t.Errorf("check parses %s but its help does not list it (cmd/guardsh/help.go verbDocs)", name)
		}
	}
	for _, f := range d.flags {
		if f.name == "--" || f.name == "-c" || f.name == "--batch" {
			continue
		}
		args := []string{f.name}
		if f.value != "" {
			v := "x"
			if len(f.values) > 0 {
				v = f.values[len(f.values)-1]
			}
			args = append(args, v)
		}
		if _, err := parseCheckFlags(append(args, "f.sh")); err != nil {
			t.Errorf("the help lists %s but check refuses %q: %v", f.name, strings.Join(args, " "), err)
		}
	}
}

// TestFindingTextClipped: a finding over the rest of a big file (past a
// limit) carries the start of its text in JSON, not megabytes, and its
// offsets still span all of it.
func TestFindingTextClipped(t *testing.T) {
	long := "echo " + strings.Repeat("é", 5000)
	res := &check.Result{File: "big.sh", Findings: []rules.Finding{{Rule: "input-limit", Tier: rules.Dangerous, Text: long, Start: 10, End: 10 + len(long), Line: 2}}}
	ff := &fileFilter{warn: io.Discard}
	ff.apply("big.sh", "x", res)
	f := res.Findings[0]
	if len(f.Text) > maxFindingText+len(" …") || !strings.HasSuffix(f.Text, " …") || !utf8.ValidString(f.Text) {
		t.Errorf("text of %d bytes, ending %q", len(f.Text), f.Text[max(0, len(f.Text)-8):])
	}
	if f.End-f.Start != len(long) {
		t.Errorf("span %d..%d, want all of the text", f.Start, f.End)
	}
	if len(res.Command) > maxFindingText+len(" …") {
		t.Errorf("command of %d bytes", len(res.Command))
	}
}
