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
		{"if x; then rm -rf w; fi\nmkdir w\n", []bool{true}},
		// deleted again in the same directory, after cds that return
		{"set -e\nrm -rf w\nmkdir w\ncd w\ncd x\ncd ../..\nrm -rf w\n", []bool{true, true}},
		{"rm -rf w\nmkdir w\ncd w || exit\ncd .. || exit\nif a; then :; else rm -rf w; fi\n", []bool{true, true}},
		// not the same directory, or the cd may fail, or cd is physical
		{"set -e\nrm -rf w\nmkdir w\ncd w\nrm -rf w\n", []bool{true, false}},
		{"set -e\nrm -rf w\nmkdir w\ncd ..\nrm -rf w\n", []bool{true, false}},
		{"rm -rf w\nmkdir w\ncd w\ncd ..\nrm -rf w\n", []bool{true, false}},
		{"set -e\nrm -rf w\nmkdir w\ncd -P w\ncd ..\nrm -rf w\n", []bool{true, false}},
		{"set -e\nrm -rf w\nmkdir w\nset -P\ncd w\ncd ..\nrm -rf w\n", []bool{true, false}},
		{"set -e\nrm -rf w\nmkdir w\ncd \"$x\"\ncd ..\nrm -rf w\n", []bool{true, false}},
		{"set -e\nrm -rf w\nmkdir w\n(cd /)\nrm -rf w\n", []bool{true, false}},
		{"set -e\nrm -rf w\nmkdir w\nf() { rm -rf w; }\ncd /\nf\n", []bool{true, false, false}},
		// bypass attempts: names, paths, values
		{"rm -rf src\nmkdir src\n", []bool{false}},
		{"rm -rf SRC\nmkdir SRC\n", []bool{false}},
		{"rm -rf .git\nmkdir .git\n", []bool{false}},
		{"rm -rf ~/x\nmkdir ~/x\n", []bool{false}},
		{"rm -rf /etc/x\nmkdir /etc/x\n", []bool{false}},
		{"rm -rf ../x\nmkdir ../x\n", []bool{false}},
		{"rm -rf a/b\nmkdir -p a/b\n", []bool{false}},
		{"rm -rf w/\nmkdir w/\n", []bool{false}},
		{"rm -rf .\nmkdir .\n", []bool{false}},
		{"rm -rf w*\nmkdir w*\n", []bool{false}},
		{"rm -rf w/*\nmkdir w\n", []bool{false}},
		{"rm -rf \"$d\"\nmkdir \"$d\"\n", []bool{false}},
		{"rm -rf \"$1\"\nmkdir \"$1\"\n", []bool{false}},
		{"rm -rf \"${d:-w}\"\nmkdir \"${d:-w}\"\n", []bool{false, false}},
		{"rm -rf \"$(x)\"\nmkdir \"$(x)\"\n", []bool{false}},
		// the mkdir: another path, conditional, before, a plain mkdir of a
		// subdirectory, a function named mkdir, an alias
		{"rm -rf w\nmkdir v\n", []bool{false}},
		{"rm -rf w\nmkdir w2\n", []bool{false}},
		{"rm -rf w\nif x; then mkdir w; fi\n", []bool{false}},
		{"rm -rf w\nx && mkdir w\n", []bool{false}},
		{"rm -rf w || mkdir w\n", []bool{false}},
		{"mkdir w\nrm -rf w\n", []bool{false}},
		{"rm -rf w\nmkdir w/t\n", []bool{false}},
		{"mkdir() { :; }\nrm -rf w\nmkdir w\n", []bool{false}},
		{"alias mkdir=true\nrm -rf w\nmkdir w\n", []bool{false}},
		{"cd() { :; }\nrm -rf w\nmkdir w\n", []bool{false}},
		// between the rm and the mkdir
		{"d=w\nrm -rf \"$d\"\nd=~\nmkdir \"$d\"\n", []bool{false}},
		{"rm -rf w\ncd ..\nmkdir w\n", []bool{false}},
		{"rm -rf w\nf\nf() { :; }\nmkdir w\n", []bool{false}},
		{"rm -rf w\neval \"$x\"\nmkdir w\n", []bool{false}},
		{"for d in w; do rm -rf \"$d\"; done\nmkdir \"$d\"\n", []bool{false}},
		{"declare -n r=d\nd=w\nrm -rf \"$d\"\nmkdir \"$d\"\n", []bool{false}},
		// where the rm runs: moved away, a cd that may have failed
		{"cd ..\nrm -rf w\nmkdir w\n", []bool{false}},
		{"cd /srv\nrm -rf w\nmkdir w\n", []bool{false}},
		{"cd w2\nrm -rf w\nmkdir w\n", []bool{false}},
		{"mv ~/data w\nrm -rf w\nmkdir w\n", []bool{false}},
		{"rm -rf w\nmkdir w\nmv ~/data w/\nrm -rf w\n", []bool{true, false}},
		{"rm -rf w &\nmkdir w\n", []bool{false}},
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
