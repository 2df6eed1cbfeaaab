package parse

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// branchScript returns a script of n variables, then n ifs and n cases
// that each assign one of them on one path: every branch copies and merges
// the walk's state (flow.go).
func branchScript(n int) string {
	var sb strings.Builder
	sb.WriteString("#!/bin/sh\n")
	for i := range n {
		fmt.Fprintf(&sb, "V%d=/tmp/v%d\n", i, i)
	}
	for i := range n {
		fmt.Fprintf(&sb, "if [ -n \"$x%d\" ]; then V%d=/tmp/w%d; fi\n", i, i, i)
	}
	for i := range n {
		fmt.Fprintf(&sb, "case \"$y%d\" in a) V%d=/tmp/a;; b) V%d=/tmp/b;; esac\n", i, i, i)
	}
	sb.WriteString("rm -rf \"$V1\"/*\n")
	return sb.String()
}

// TestBranchCostLinear: 3,000 variables and 6,000 branches took 13.6 s
// when each branch copied every variable (main 375a2d4), so 8,000 would
// take about 100 s; with the state shared (pmap) a branch costs what it
// changes: 8,000 take about 0.5 s, twice 4,000. The bound is loose, for a
// loaded machine (the fastest of three runs of each).
func TestBranchCostLinear(t *testing.T) {
	run := func(n int) time.Duration {
		s := branchScript(n)
		start := time.Now()
		res := Commands(s, Options{File: true})
		d := time.Since(start)
		found := false
		for _, c := range res.Commands {
			found = found || len(c.Args) > 0 && c.Args[0].Value == "rm"
		}
		if !found {
			t.Fatalf("n=%d: the rm at the end was not read", n)
		}
		return d
	}
	best := func(n int) time.Duration {
		// The fastest of three runs: a loaded machine slows some.
		d := run(n)
		for range 2 {
			d = min(d, run(n))
		}
		return d
	}
	run(500) // warm up
	small, big := best(4000), best(8000)
	t.Logf("4,000: %v, 8,000: %v", small, big)
	if big > 10*time.Second {
		t.Errorf("8,000 variables and branches took %v, 4,000 took %v: not linear", big, small)
	}
}

// TestReturnStatus: the readings of the rm after a call whose return
// status rules a path out (or does not).
func TestReturnStatus(t *testing.T) {
	const f = `f() { [ -d /tmp/x ] || return 1; D=/tmp/x; }; `
	for _, tc := range []struct {
		script   string
		has, not []string // readings of the last command
	}{
		{f + `f || exit; rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*"}, []string{"rm -rf /*"}},
		{f + `if f; then rm -rf "$D"/*; fi`, []string{"rm -rf /tmp/x/*"}, []string{"rm -rf /*"}},
		{f + `f && rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*"}, []string{"rm -rf /*"}},
		{f + `! f && exit; rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*"}, []string{"rm -rf /*"}},
		{f + `f; rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*", "rm -rf /*"}, nil},
		{f + `f || true; rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*", "rm -rf /*"}, nil},
		{f + `f && exit; rm -rf "$D"/*`, nil, []string{"rm -rf /tmp/x/*"}},
		{`f() { [ -d /tmp/x ] || return; D=/tmp/x; }; f || exit; rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*"}, []string{"rm -rf /*"}},
		{`f() { [ -d /tmp/x ] || return $?; D=/tmp/x; }; f || exit; rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*"}, []string{"rm -rf /*"}},
		{`f() { [ -d /tmp/x ] || { echo no; return; }; D=/tmp/x; }; f || exit; rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*", "rm -rf /*"}, nil},
		{`f() { [ -d /tmp/x ] || return 256; D=/tmp/x; }; f || exit; rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*", "rm -rf /*"}, nil},
		{`f() { [ -d /tmp/x ] || return -1; D=/tmp/x; }; f || exit; rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*"}, []string{"rm -rf /*"}},
		{`g() { [ -d /tmp/x ] || return 1; D=/tmp/x; }; f() { g; }; f || exit; rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*"}, []string{"rm -rf /*"}},
		{`g() { [ -d /tmp/x ] || return 0; D=/tmp/x; }; f() { g; }; f || exit; rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*", "rm -rf /*"}, nil},
		{`f() { ( D=/tmp/y; return 0 ); D=/tmp/x; }; f || exit; rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*"}, []string{"rm -rf /tmp/y/*"}},
		{`f() { f || return 1; D=/tmp/x; }; f || exit; rm -rf "$D"/*`, nil, nil}, // recursion ends
		{`if c; then f() { D=/; }; else f() { D=/tmp/x; }; fi; f; rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*", "rm -rf //*"}, nil},
		{`if c; then f() { D=/tmp/x; }; fi; f; rm -rf "$D"/*`, []string{"rm -rf /tmp/x/*", "rm -rf /*"}, nil},
	} {
		res := Commands(tc.script, Options{})
		got := map[string]bool{}
		var last []string
		for _, c := range res.Commands {
			if len(c.Args) > 0 && c.Args[0].Value == "rm" {
				s := strings.Join(c.Argv(), " ")
				got[s] = true
				last = append(last, s)
			}
		}
		for _, w := range tc.has {
			if !got[w] {
				t.Errorf("%s: no reading %q in %q", tc.script, w, last)
			}
		}
		for _, w := range tc.not {
			if got[w] {
				t.Errorf("%s: reading %q (in %q)", tc.script, w, last)
			}
		}
	}
}

// TestEmptyCommandWord: a command word some path leaves empty is read
// with the next word as the command, with the other values of the rest.
func TestEmptyCommandWord(t *testing.T) {
	for _, tc := range []struct {
		script string
		has    string // a reading
		not    string // a reading that must not be
	}{
		{`if c; then A=""; else A=$1; fi; B=/etc; if d; then B=$2; fi; $A rm -rf "$B"`, "rm -rf /etc", ""},
		{`if c; then A=""; else A=$1; fi; $A rm -rf /etc`, "rm -rf /etc", ""},
		{`if c; then A=""; else A=$1; fi; B=/etc; if d; then B=$2; fi; "$A" rm -rf "$B"`, "", "rm -rf /etc"},
	} {
		got := map[string]bool{}
		for _, c := range Commands(tc.script, Options{}).Commands {
			got[strings.Join(c.Argv(), " ")] = true
		}
		if tc.has != "" && !got[tc.has] {
			t.Errorf("%s: no reading %q", tc.script, tc.has)
		}
		if tc.not != "" && got[tc.not] {
			t.Errorf("%s: reading %q", tc.script, tc.not)
		}
	}
}
