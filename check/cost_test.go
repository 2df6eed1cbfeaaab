package check

import (
	"context"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// costShapes are the inputs of review §14 and §18 at 10 MiB: the size
// targets (at most 1 s and 200 MB per 10 MiB, every front end) are measured
// on them by BenchmarkLargeInput and, for memory, enforced by
// TestLargeInputCost.
func costShapes() []struct{ name, text string } {
	n := 10 << 20
	if raceOn {
		n = 5 << 20 // the race detector is ten times slower: smaller, still past the analysis limit
	}
	return []struct{ name, text string }{
		{"script", strings.Repeat("echo hi\n", n/8) + "rm -rf ~\n"},
		{"ls;", strings.Repeat("ls;", n/3)},
		{"ls-lines", strings.Repeat("ls\n", n/3)},
		{"invalid-utf8", strings.Repeat("\xff", n)},
		{"invalid-every-other", strings.Repeat("\xffa", n/2)},
		{"zero-width", strings.Repeat("\u200b", n/3)},
		{"nul", strings.Repeat("\x00", n)},
		{"escapes", strings.Repeat("\x1b[m", n/3)},
		{"one-long-word", "echo " + strings.Repeat("a", n)},
		{"rm-commands", strings.Repeat("rm -rf /tmp/x;", n/14)},
		{"backticks", strings.Repeat("`", n)},
		{"quotes", strings.Repeat("'a' ", n/4)},
	}
}

func TestLargeInputCost(t *testing.T) {
	ctx := context.Background()
	for _, c := range costShapes() {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		res := Script(ctx, "big.sh", c.text, Options{})
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%-20s %5.1f MiB  %6.3f s  %4d MB allocated  %3d findings  %s", c.name,
			float64(len(c.text))/(1<<20), took.Seconds(), alloc>>20, len(res.Findings), res.Verdict)
		if alloc > 200<<20 {
			t.Errorf("%s: %d MB allocated for %d MiB, want at most 200 MB", c.name, alloc>>20, len(c.text)>>20)
		}
		if len(res.Findings) > 200 {
			t.Errorf("%s: %d findings: runs of bad bytes must collapse", c.name, len(res.Findings))
		}
		if took > 20*time.Second && !raceOn {
			t.Errorf("%s: %v, far over the 1 s target even on a loaded machine", c.name, took)
		}
		if res.Verdict == Allow {
			t.Errorf("%s: allowed; an input over the limit asks", c.name)
		}
	}
}

// BenchmarkLargeInput measures check.Script on each 10 MiB shape:
// go test ./check -run '^$' -bench LargeInput -benchtime 3x
func BenchmarkLargeInput(b *testing.B) {
	ctx := context.Background()
	for _, c := range costShapes() {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			b.ReportAllocs()
			for b.Loop() {
				Script(ctx, "big.sh", c.text, Options{})
			}
		})
	}
}

// TestHardlineBeyondLimits: a hardline command stays a block however it is
// buried (review §16).
func TestHardlineBeyondLimits(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ name, text string }{
		{"5 MiB script ending in rm -rf /", strings.Repeat("echo hi\n", 5<<20/8) + "rm -rf /\n"},
		{"10 MiB script ending in rm -rf ~", strings.Repeat("echo hi\n", 10<<20/8) + "rm -rf ~\n"},
		{"12 MiB script ending in rm -rf ~ at the end of a line", strings.Repeat("echo hi\n", 12<<20/8) + "echo x; rm -rf ~"},
		{"5 MiB, rm -rf / first", "rm -rf /\n" + strings.Repeat("echo hi\n", 5<<20/8)},
		{"5 MiB, dd to a disk in the middle", strings.Repeat("echo hi\n", 5<<20/16) + "dd if=/dev/zero of=/dev/sda\n" + strings.Repeat("echo hi\n", 5<<20/16)},
		{"30000 commands, then rm -rf /", strings.Repeat("ls\n", 30000) + "rm -rf /\n"},
		{"1,000 empty backticks then rm -rf /", strings.Repeat("`", 1000) + "rm -rf /"},
		{"empty $( ) then rm -rf /", "$( )$()rm -rf /"},
		{"10 MiB of 0xFF then rm -rf /", strings.Repeat("\xff", 10<<20) + "\nrm -rf /\n"},
		{"1 MiB of zero-width, then rm -rf /", strings.Repeat("\u200b", 1<<20) + "\nrm -rf /\n"},
	} {
		if res := Script(ctx, "x.sh", c.text, Options{}); res.Verdict != Block {
			t.Errorf("%s: %s, want block", c.name, res.Verdict)
		}
	}
}

// TestEmptyBackticksInBash checks the premise of the backtick case in real
// bash and dash: empty command substitutions before a word leave the word
// alone, so “…“echo runs echo.
func TestEmptyBackticksInBash(t *testing.T) {
	for _, sh := range []string{"bash", "dash"} {
		out, err := exec.Command(sh, "-c", strings.Repeat("`", 1000)+"echo MARKER").Output()
		if err != nil || strings.TrimSpace(string(out)) != "MARKER" {
			t.Errorf("%s: %q, %v: want MARKER", sh, out, err)
		}
	}
	if res := Line(context.Background(), strings.Repeat("`", 1000)+"echo MARKER", Options{}); res.Verdict != Allow {
		t.Errorf("``…``echo MARKER: %s, want allow", res.Verdict)
	}
}

// TestAnalysedNearLimit: inputs just under the analysis limit, which are
// parsed, stop at the word and substitution limits before the cost grows
// (one command of a million words took 1.9 GB; 3.9 MiB of “ 362 MB).
func TestAnalysedNearLimit(t *testing.T) {
	n := 3900 << 10
	if raceOn {
		n = 1 << 20
	}
	ctx := context.Background()
	for _, c := range []struct{ name, text string }{
		{"one command of a million words", strings.Repeat("'a' ", n/4)},
		{"empty backticks", strings.Repeat("`", n)},
		{"empty $( )", strings.Repeat("$()", n/3)},
	} {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		res := Script(ctx, "x.sh", c.text, Options{})
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%-32s %4d KiB  %4d MB allocated  %s", c.name, len(c.text)>>10, alloc>>20, res.Verdict)
		if alloc > 200<<20 {
			t.Errorf("%s: %d MB allocated, want at most 200 MB", c.name, alloc>>20)
		}
		if res.Verdict == Allow {
			t.Errorf("%s: allowed past a limit", c.name)
		}
	}
}
