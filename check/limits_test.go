package check

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestPathological runs inputs built to blow up a naive analyser: huge,
// deeply nested, exponential. Each must come back with a fail-closed verdict;
// the times are logged (with -v), not asserted.
func TestPathological(t *testing.T) {
	mustNotAllow := map[string]Verdict{"many commands": Ask, "many evals": Ask, "sudo nest": Block, "functions": Block,
		"brace bomb": Ask, "xargs nest": Ask, "big heredoc": Ask}
	cases := map[string]string{
		"many commands": strings.Repeat("ls;", 300000),
		"long word":     "echo " + strings.Repeat("a", 3<<20),
		"many evals":    strings.Repeat("eval ", 5000) + "ls",
		"nested subst":  strings.Repeat("$(", 900) + "ls" + strings.Repeat(")", 900),
		"big heredoc":   "bash <<'EOF'\n" + strings.Repeat("echo hi\n", 100000) + "EOF",
		"pipe chain":    strings.Repeat("cat | ", 20000) + "sh",
		"brace bomb":    "echo " + strings.Repeat("{a,b}", 40),
		"sh -c nest":    strings.Repeat("sh -c '", 1) + strings.Repeat("a ", 100000) + "'",
		"quotes":        strings.Repeat("'a'\"b\"", 200000),
		"many vars":     "a=x;" + strings.Repeat("a=$a$a;", 40) + "echo $a",
		"printf bomb":   "printf '%s%s%s%s' " + strings.Repeat("x ", 100000) + "| sh",
		"xargs nest":    strings.Repeat("xargs ", 10000) + "rm",
		"sudo nest":     strings.Repeat("sudo ", 10000) + "rm -rf /",
		"base64 chain":  "echo " + strings.Repeat("YQ==", 100000) + " | base64 -d | sh",
		"functions":     strings.Repeat("f(){ f|f& };", 10000),
	}
	for name, in := range cases {
		st := time.Now()
		r := Line(context.Background(), in, Options{})
		t.Logf("%-15s %6d KB %10v %s %d findings", name, len(in)>>10, time.Since(st), r.Verdict, len(r.Findings))
		if want, ok := mustNotAllow[name]; ok && r.Verdict != want {
			t.Errorf("%s: verdict %s, want %s", name, r.Verdict, want)
		}
	}
}
