package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/guardsh/guardsh/scan"
)

// TestSystemScripts checks guardsh over the real scripts, Dockerfiles and
// workflows of this machine listed in testdata/system-files.txt (what
// scripts/scan-system.sh scans) and testdata/system-findings.txt (issue
// 12): every finding reviewed as real must still be reported at its line,
// and no other finding may appear in any of those files except the
// reviewed noise. A "folded" line is a real fact that another real
// finding of the same fact stands for (rules/dupes.go): it must not be
// reported on its own, and must be named in that finding's reason.
// The files are the machine's own (Debian, Go, the Go module cache); on a
// machine without them the test has nothing to check and says so.
func TestSystemScripts(t *testing.T) {
	f, err := os.Open("testdata/system-findings.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]map[string]string{} // file → "line rule" → real|noise
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		p := strings.Split(l, "\t")
		if len(p) != 4 {
			t.Fatalf("bad line %q", l)
		}
		if want[p[1]] == nil {
			want[p[1]] = map[string]string{}
		}
		want[p[1]][p[2]+" "+p[3]] = p[0]
	}
	files, err := os.ReadFile("testdata/system-files.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(files), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") && want[l] == nil {
			want[l] = map[string]string{}
		}
	}
	t.Setenv("GUARDSH_TIRITH", "off")
	opts := checkOptions(nil, nil, "bash")
	opts.Scanner = nil
	present, real, noise, found := 0, 0, 0, 0
	for file, exp := range want {
		b, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		present++
		o := opts
		if d := scan.Dialect(file, string(b), ""); d != "" {
			o.Shell = d
		}
		got := map[string]bool{}
		var reasons []string
		ff := &fileFilter{warn: io.Discard}
		for _, res := range checkFile(context.Background(), file, string(b), o) {
			ff.apply(file, string(b), res) // as guardsh check does: suppressions, then one fact one finding
			for _, fd := range res.Findings {
				got[fmt.Sprintf("%d %s", fd.Line, fd.Rule)] = true
				reasons = append(reasons, fmt.Sprintf("%d %s", fd.Line, fd.Reason))
			}
		}
		for k, kind := range exp {
			switch kind {
			case "real":
				real++
				if !got[k] {
					t.Errorf("%s: real finding %s lost", file, k)
				}
			case "folded":
				// A real fact another real finding reports: not a
				// finding of its own, but named in that one's reason.
				line, rule, _ := strings.Cut(k, " ")
				named := false
				for _, r := range reasons {
					named = named || strings.Contains(r, "also stands for ") && strings.Contains(r, rule+" at line "+line+" (")
				}
				if got[k] || !named {
					t.Errorf("%s: %s is to be folded into another finding and named in its reason (reported: %v, named: %v)", file, k, got[k], named)
				}
			case "noise":
				noise++
			default:
				t.Errorf("%s: %s: kind %q is not real, noise or folded", file, k, kind)
			}
		}
		for k := range got {
			found++
			if _, ok := exp[k]; !ok {
				t.Errorf("%s: new finding %s: review it and add it to testdata/system-findings.txt", file, k)
			}
		}
	}
	if present == 0 {
		t.Skip("none of the machine's files in testdata/system-files.txt is here")
	}
	t.Logf("%d files: %d findings, %d reviewed real, %d reviewed noise (precision %.0f%%)", present, found, real, noise, 100*float64(real)/float64(max(1, found)))
}
