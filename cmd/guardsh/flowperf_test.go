package main

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/guardsh/guardsh/scan"
)

// BenchmarkSystemScripts checks every file of testdata/system-files.txt
// present on this machine, as `guardsh check` does: the cost of script
// scans on real files. With a CPU profile:
//
//	go test ./cmd/guardsh -run '^$' -bench SystemScripts -benchtime 5x -cpuprofile /tmp/cpu.out
func BenchmarkSystemScripts(b *testing.B) {
	list, err := os.ReadFile("testdata/system-files.txt")
	if err != nil {
		b.Fatal(err)
	}
	type file struct{ name, text string }
	var files []file
	size := 0
	for _, l := range strings.Split(string(list), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		t, err := os.ReadFile(l)
		if err != nil {
			continue
		}
		files = append(files, file{l, string(t)})
		size += len(t)
	}
	if len(files) == 0 {
		b.Skip("none of the system files is on this machine")
	}
	b.Setenv("GUARDSH_TIRITH", "off")
	opts := checkOptions(nil, nil, "bash")
	opts.Scanner = nil
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			o := opts
			if d := scan.Dialect(f.name, f.text, ""); d != "" {
				o.Shell = d
			}
			checkFile(context.Background(), f.name, f.text, o)
		}
	}
}
