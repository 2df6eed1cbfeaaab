package rules_test

import (
	"testing"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/parse"
	"github.com/guardsh/guardsh/rules"
)

// typical is a command line of the kind an agent or a person runs all day.
const typical = `git commit -m "fix: x" && git push origin main`

// BenchmarkTypical measures the whole in-process analysis (normalize, parse,
// rules) of one typical command line.
func BenchmarkTypical(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if res := check.Analyse(typical, check.Options{}); res.Verdict != check.Allow {
			b.Fatalf("typical command got %s", res.Verdict)
		}
	}
}

// BenchmarkTypicalParse measures the parse step alone, to split the cost
// between parse and rules.
func BenchmarkTypicalParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		parse.Commands(typical, parse.Options{})
	}
}

// BenchmarkTLDR analyses every tldr-pages command once per iteration and
// reports the mean cost per command (ns/command). The target is at most
// 20 µs per command on the 2-core build machine.
func BenchmarkTLDR(b *testing.B) {
	cmds := readTLDR(b)
	lines := make([]string, len(cmds))
	for i, c := range cmds {
		lines[i] = c.Cmd
	}
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		for _, l := range lines {
			check.Analyse(l, check.Options{})
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*len(lines)), "ns/command")
}

// BenchmarkTLDRMatch is BenchmarkTLDR without check's wrapper: parse and
// rules only.
func BenchmarkTLDRMatch(b *testing.B) {
	cmds := readTLDR(b)
	b.ResetTimer()
	n := 0
	for b.Loop() {
		for _, c := range cmds {
			rules.Match(parse.Commands(c.Cmd, parse.Options{}), nil)
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*len(cmds)), "ns/command")
}
