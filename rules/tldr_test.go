package rules_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/parse"
	"github.com/guardsh/guardsh/rules"
)

// The -update flag rewrites golden files. It is defined here unless a test
// file of package rules (initialised first) already defines it.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files (testdata/tldr-flagged.txt)")
	}
}

// updating reports whether -update was given.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// tldrCount is the number of commands in testdata/tldr.jsonl.
const tldrCount = 29608

// A tldrCmd is one line of testdata/tldr.jsonl.
type tldrCmd struct {
	Cmd  string `json:"cmd"`
	Page string `json:"page"`
	Desc string `json:"desc"`
}

func readTLDR(tb testing.TB) []tldrCmd {
	tb.Helper()
	data, err := os.ReadFile("testdata/tldr.jsonl")
	if err != nil {
		tb.Fatalf("read tldr corpus: %v", err)
	}
	var out []tldrCmd
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		var c tldrCmd
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			tb.Fatalf("testdata/tldr.jsonl:%d: %v", n, err)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("read tldr corpus: %v", err)
	}
	return out
}

// analyse runs parse and rules without check's panic recovery, so that a
// panic in the engine is reported instead of turned into an ask.
func analyse(cmd string) (fs []rules.Finding, panicked any) {
	defer func() { panicked = recover() }()
	return rules.Match(parse.Commands(cmd, parse.Options{}), nil), nil
}

// escapeLine writes a command on one line of a golden file.
func escapeLine(s string) string {
	return strings.NewReplacer(`\`, `\\`, "\n", `\n`, "\t", `\t`, "\r", `\r`).Replace(s)
}

// TestTLDR runs all tldr-pages example commands through the engine: none may
// panic, every one must come back analysed with a verdict, and the flagged
// ones must match the reviewed list in testdata/tldr-flagged.txt (rewrite it
// with -update, then review the diff). With -v it prints counts per verdict
// and per rule.
func TestTLDR(t *testing.T) {
	cmds := readTLDR(t)
	if len(cmds) != tldrCount {
		t.Fatalf("tldr corpus has %d commands, want %d", len(cmds), tldrCount)
	}
	ctx := context.Background()
	verdicts := map[check.Verdict]int{}
	perRule := map[string]int{}
	var flagged strings.Builder
	analysed := 0
	for i, c := range cmds {
		if _, p := analyse(c.Cmd); p != nil {
			t.Errorf("tldr.jsonl:%d: %q: engine panicked: %v", i+1, c.Cmd, p)
			continue
		}
		res := check.Line(ctx, c.Cmd, check.Options{})
		if res == nil {
			t.Errorf("tldr.jsonl:%d: %q: no result", i+1, c.Cmd)
			continue
		}
		switch res.Verdict {
		case check.Allow, check.Ask, check.Block:
		default:
			t.Errorf("tldr.jsonl:%d: %q: verdict %q", i+1, c.Cmd, res.Verdict)
			continue
		}
		gaveUp := false
		ids := map[string]bool{}
		for _, f := range res.Findings {
			if f.Rule == "input-limit" {
				gaveUp = true
				t.Errorf("tldr.jsonl:%d: %q: not analysed: %s", i+1, c.Cmd, f.Reason)
			}
			ids[f.Rule] = true
		}
		if gaveUp {
			continue
		}
		analysed++
		verdicts[res.Verdict]++
		if res.Verdict == check.Allow {
			continue
		}
		list := make([]string, 0, len(ids))
		for id := range ids {
			list = append(list, id)
			perRule[id]++
		}
		sort.Strings(list)
		fmt.Fprintf(&flagged, "%s\t%s\t%s\t%s\n", res.Verdict, strings.Join(list, ","), c.Page, escapeLine(c.Cmd))
	}
	if analysed != len(cmds) {
		t.Errorf("%d of %d commands analysed", analysed, len(cmds))
	}
	t.Logf("tldr: %d commands: %d allow, %d ask, %d block", len(cmds), verdicts[check.Allow], verdicts[check.Ask], verdicts[check.Block])
	ruleIDs := make([]string, 0, len(perRule))
	for id := range perRule {
		ruleIDs = append(ruleIDs, id)
	}
	sort.Slice(ruleIDs, func(i, j int) bool {
		if perRule[ruleIDs[i]] != perRule[ruleIDs[j]] {
			return perRule[ruleIDs[i]] > perRule[ruleIDs[j]]
		}
		return ruleIDs[i] < ruleIDs[j]
	})
	for _, id := range ruleIDs {
		t.Logf("  %-26s %5d", id, perRule[id])
	}
	checkGolden(t, "testdata/tldr-flagged.txt", flaggedHeader+flagged.String())
}

const flaggedHeader = `# Every tldr-pages command guardsh flags: VERDICT<TAB>RULES<TAB>PAGE<TAB>COMMAND
# (newlines in a command written \n). Golden file of TestTLDR: rewrite with
#   go test ./rules -run TestTLDR -update
# and review the diff; the review of the whole list is /work/notes/tldr-review.md.
`

// checkGolden compares got with the golden file, or rewrites the file with
// -update. A mismatch reports the lines that appeared and disappeared.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if updating() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatalf("write golden file: %v", err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file: %v (create it with -update)", err)
	}
	if string(want) == got {
		return
	}
	wantSet := lineSet(string(want))
	gotSet := lineSet(got)
	var added, removed []string
	for l := range gotSet {
		if !wantSet[l] {
			added = append(added, l)
		}
	}
	for l := range wantSet {
		if !gotSet[l] {
			removed = append(removed, l)
		}
	}
	sort.Strings(added)
	sort.Strings(removed)
	for _, l := range added {
		t.Errorf("newly flagged (or verdict changed): %s", l)
	}
	for _, l := range removed {
		t.Errorf("no longer flagged (or verdict changed): %s", l)
	}
	if len(added)+len(removed) == 0 {
		t.Errorf("%s: same lines in another order", path)
	}
	t.Logf("%s differs: %d lines added, %d removed; if the change is right, rerun with -update and review the diff", path, len(added), len(removed))
}

func lineSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(s, "\n") {
		m[l] = true
	}
	return m
}
