package parse

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestScratchWords: which rm operands of a script file delete its scratch
// directory (Word.Scratch), one flag per rm operand in the order they run;
// the same text is never read so at a prompt.
func TestScratchWords(t *testing.T) {
	for _, tc := range []struct {
		script string
		want   []bool
	}{
		{"rm -rf work\nmkdir work\n", []bool{true}},
		{"rm -rf work\nmkdir -p work/t\n", []bool{true}},
		{"rm -rf work && mkdir work\n", []bool{true}},
		{"rm -rf work a\nmkdir work\n", []bool{true, false}},
		{"d=work\nrm -rf \"$d\"\nmkdir -p \"$d/t\"\n", []bool{true}},
		// (a function body is walked where it is defined and where it is called)
		{"f() {\n\trm -rf work\n\tmkdir work\n}\nf\n", []bool{true, true}},
		{"if x; then rm -rf tmp; fi\nmkdir tmp\n", []bool{true}},
		// deleted again in the same directory, after cds that return
		{"set -e\nrm -rf tmp\nmkdir tmp\ncd tmp\ncd x\ncd ../..\nrm -rf tmp\n", []bool{true, true}},
		{"rm -rf tmp\nmkdir tmp\ncd tmp || exit\ncd .. || exit\nif a; then :; else rm -rf tmp; fi\n", []bool{true, true}},
		// not the same directory, or the cd may fail, or cd is physical
		{"set -e\nrm -rf tmp\nmkdir tmp\ncd tmp\nrm -rf tmp\n", []bool{true, false}},
		{"set -e\nrm -rf tmp\nmkdir tmp\ncd ..\nrm -rf tmp\n", []bool{true, false}},
		{"rm -rf tmp\nmkdir tmp\ncd tmp\ncd ..\nrm -rf tmp\n", []bool{true, false}},
		{"set -e\nrm -rf tmp\nmkdir tmp\ncd -P tmp\ncd ..\nrm -rf tmp\n", []bool{true, false}},
		{"set -e\nrm -rf tmp\nmkdir tmp\nset -P\ncd tmp\ncd ..\nrm -rf tmp\n", []bool{true, false}},
		{"set -e\nrm -rf tmp\nmkdir tmp\ncd \"$x\"\ncd ..\nrm -rf tmp\n", []bool{true, false}},
		{"set -e\nrm -rf tmp\nmkdir tmp\n(cd /)\nrm -rf tmp\n", []bool{true, false}},
		{"set -e\nrm -rf tmp\nmkdir tmp\nf() { rm -rf tmp; }\ncd /\nf\n", []bool{true, false, false}},
		// bypass attempts: names, paths, values
		{"rm -rf src\nmkdir src\n", []bool{false}},
		{"rm -rf SRC\nmkdir SRC\n", []bool{false}},
		{"rm -rf thesis\nmkdir thesis\n", []bool{false}}, // not a scratch word (redteam4)
		{"rm -rf .bitcoin\nmkdir .bitcoin\n", []bool{false}},
		{"rm -rf Library\nmkdir Library\n", []bool{false}},
		{"rm -rf secrets\nmkdir secrets\n", []bool{false}},
		{"rm -rf homework\nmkdir homework\n", []bool{false}},
		{"rm -rf build-out\nmkdir build-out\n", []bool{true}},
		{"rm -rf .stage\nmkdir .stage\n", []bool{true}},
		{"rm -rf testWork\nmkdir testWork\n", []bool{true}},
		{"rm -rf .git\nmkdir .git\n", []bool{false}},
		{"rm -rf ~/x\nmkdir ~/x\n", []bool{false}},
		{"rm -rf /etc/x\nmkdir /etc/x\n", []bool{false}},
		{"rm -rf ../x\nmkdir ../x\n", []bool{false}},
		{"rm -rf a/b\nmkdir -p a/b\n", []bool{false}},
		{"rm -rf tmp/\nmkdir tmp/\n", []bool{false}},
		{"rm -rf .\nmkdir .\n", []bool{false}},
		{"rm -rf tmp*\nmkdir tmp*\n", []bool{false}},
		{"rm -rf tmp/*\nmkdir tmp\n", []bool{false}},
		{"rm -rf \"$d\"\nmkdir \"$d\"\n", []bool{false}},
		{"rm -rf \"$1\"\nmkdir \"$1\"\n", []bool{false}},
		{"rm -rf \"${d:-w}\"\nmkdir \"${d:-w}\"\n", []bool{false, false}},
		{"rm -rf \"$(x)\"\nmkdir \"$(x)\"\n", []bool{false}},
		// the mkdir: another path, conditional, before, a plain mkdir of a
		// subdirectory, a function named mkdir, an alias
		{"rm -rf tmp\nmkdir v\n", []bool{false}},
		{"rm -rf tmp\nmkdir w2\n", []bool{false}},
		{"rm -rf tmp\nif x; then mkdir tmp; fi\n", []bool{false}},
		{"rm -rf tmp\nx && mkdir tmp\n", []bool{false}},
		{"rm -rf tmp || mkdir tmp\n", []bool{false}},
		{"mkdir tmp\nrm -rf tmp\n", []bool{false}},
		{"rm -rf tmp\nmkdir tmp/t\n", []bool{false}},
		{"mkdir() { :; }\nrm -rf tmp\nmkdir tmp\n", []bool{false}},
		{"alias mkdir=true\nrm -rf tmp\nmkdir tmp\n", []bool{false}},
		{"cd() { :; }\nrm -rf tmp\nmkdir tmp\n", []bool{false}},
		// between the rm and the mkdir
		{"d=tmp\nrm -rf \"$d\"\nd=~\nmkdir \"$d\"\n", []bool{false}},
		{"rm -rf tmp\ncd ..\nmkdir tmp\n", []bool{false}},
		{"rm -rf tmp\nf\nf() { :; }\nmkdir tmp\n", []bool{false}},
		{"rm -rf tmp\neval \"$x\"\nmkdir tmp\n", []bool{false}},
		{"for d in tmp; do rm -rf \"$d\"; done\nmkdir \"$d\"\n", []bool{false}},
		{"declare -n r=d\nd=tmp\nrm -rf \"$d\"\nmkdir \"$d\"\n", []bool{false}},
		// where the rm runs: moved away, a cd that may have failed
		{"cd ..\nrm -rf tmp\nmkdir tmp\n", []bool{false}},
		{"cd /srv\nrm -rf tmp\nmkdir tmp\n", []bool{false}},
		{"cd w2\nrm -rf tmp\nmkdir tmp\n", []bool{false}},
		{"mv ~/data tmp\nrm -rf tmp\nmkdir tmp\n", []bool{false}},
		{"rm -rf tmp\nmkdir tmp\nmv ~/data tmp/\nrm -rf tmp\n", []bool{true, false}},
		{"rm -rf tmp &\nmkdir tmp\n", []bool{false}},
	} {
		var got []bool
		for _, c := range Commands(tc.script, Options{File: true}).Commands {
			if c.Name() == "rm" {
				for _, w := range c.Args[1:] {
					if w.Value != "-rf" {
						got = append(got, w.Scratch)
					}
				}
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: scratch %v, want %v", tc.script, got, tc.want)
		}
		for _, c := range Commands(tc.script, Options{}).Commands {
			for _, w := range c.Args {
				if w.Scratch {
					t.Errorf("%q: Scratch outside a script file", tc.script)
				}
			}
		}
	}
}

// TestScratchWordsCost: 12,000 rms with the only mkdir at the end, and
// 6,000 resets in a row, are read in linear time (the first form was
// quadratic before the window and the budget: 3,000 lines took 3.6 s).
// The bound is loose, for a loaded machine; quadratic would take minutes.
func TestScratchWordsCost(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("#!/bin/sh\n")
	for i := range 12000 {
		fmt.Fprintf(&sb, "rm -rf w%d \"$d%d\"\n", i, i)
	}
	sb.WriteString("mkdir w1\n")
	for range 6000 {
		sb.WriteString("rm -rf w; mkdir w\n")
	}
	start := time.Now()
	Commands(sb.String(), Options{File: true})
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("took %v", d)
	}
}
