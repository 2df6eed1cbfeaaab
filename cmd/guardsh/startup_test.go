package main

import (
	"bufio"
	"bytes"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Start-up budgets: the heap allocations of package initialisation of a
// guardsh process (GODEBUG=inittrace=1), which every command line, prompt
// and agent hook call pays before any analysis. Measured for
// `guardsh check -c 'ls -la'` on Go 1.26 (December 2026): guardsh's own
// packages 267 allocations (rules 67, parse 105, tirith 56, programs 1),
// the whole binary 786 (the rest is the standard library and the
// modules). A table, grammar, pack or regular expression built at init
// instead of on first use shows up here: build it on first use
// (sync.OnceValue, or a lookup by program name) rather than raise a budget.
// Raise one only for a cost that every command really needs at start-up,
// and say why in the commit.
const (
	initBudgetGuardsh = 300
	initBudgetTotal   = 900
)

// initBudgetPackage caps single packages whose tables grow the most: the
// packs and grammars (programs) must cost nothing at start-up, and the rule
// table only its static data.
var initBudgetPackage = map[string]int{
	"github.com/guardsh/guardsh/programs": 4,
	"github.com/guardsh/guardsh/rules":    80,
	"github.com/guardsh/guardsh/parse":    120,
}

func TestStartupInitBudget(t *testing.T) {
	bin := cliBinary(t)
	home := t.TempDir()
	cmd := exec.Command(bin, "check", "-c", "ls -la")
	cmd.Env = []string{"HOME=" + home, "XDG_CONFIG_HOME=" + home + "/.config", "XDG_STATE_HOME=" + home + "/.state",
		"PATH=" + os.Getenv("PATH"), "GODEBUG=inittrace=1"}
	cmd.Dir = home
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if out, err := cmd.Output(); err != nil || strings.TrimSpace(string(out)) != "allow ls -la" {
		t.Fatalf("guardsh check -c 'ls -la': %v, %q\n%s", err, out, stderr.String())
	}
	total, ours := 0, 0
	per := map[string]int{}
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		// init PKG @0.5 ms, 0.010 ms clock, 1234 bytes, 12 allocs
		f := strings.Fields(sc.Text())
		if len(f) != 11 || f[0] != "init" || f[10] != "allocs" {
			continue
		}
		n, err := strconv.Atoi(f[9])
		if err != nil {
			t.Fatalf("inittrace line %q: %v", sc.Text(), err)
		}
		total += n
		per[f[1]] += n
		if f[1] == "main" || strings.HasPrefix(f[1], "github.com/guardsh/guardsh/") {
			ours += n
		}
	}
	if per["runtime"] == 0 && per["main"] == 0 && total == 0 && !strings.Contains(stderr.String(), "init main @") {
		t.Fatalf("no inittrace output:\n%s", stderr.String())
	}
	t.Logf("init allocations: guardsh %d, whole binary %d", ours, total)
	for _, pkg := range slices.Sorted(maps.Keys(per)) {
		if pkg == "main" || strings.HasPrefix(pkg, "github.com/guardsh/guardsh/") {
			t.Logf("  %s %d", pkg, per[pkg])
		}
	}
	if ours > initBudgetGuardsh {
		t.Errorf("guardsh's packages allocate %d times at init, budget %d: build the new table on first use", ours, initBudgetGuardsh)
	}
	if total > initBudgetTotal {
		t.Errorf("the guardsh binary allocates %d times at init, budget %d: a new dependency or table costs every start", total, initBudgetTotal)
	}
	for pkg, budget := range initBudgetPackage {
		if per[pkg] > budget {
			t.Errorf("package %s allocates %d times at init, budget %d: build it on first use", pkg, per[pkg], budget)
		}
	}
}
