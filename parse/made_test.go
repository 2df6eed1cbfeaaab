package parse

import "testing"

// TestMadeWords: an rm of a directory a checked plain mkdir made earlier in
// the script (git-quiltimport) is the script's own; the bypass attempts are
// not.
func TestMadeWords(t *testing.T) {
	for _, tc := range []struct {
		script string
		made   bool
	}{
		{"#!/bin/sh\ntmp_dir=\"$GIT_DIR\"/rebase-apply\nmkdir $tmp_dir || exit 2\nwhile read patch_name level garbage <&3; do export GIT_AUTHOR_NAME; printf '%s' x; done\nrm -rf $tmp_dir || exit 5\n", true},
		{"mkdir \"$d\" || exit\nrm -rf \"$d\"\n", true},
		{"set -e\nmkdir \"$d\"\nrm -rf \"$d\"\n", true},
		{"#!/bin/sh -e\nmkdir \"$d\"\nrm -rf \"$d\"\n", true},
		{"mkdir -m 700 \"$d\" \"$e\" || exit\nx() { :; }\nrm -rf \"$d\"\n", true},
		// mkdir -p succeeds on a directory that exists
		{"mkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"mkdir --parents \"$d\" || exit\nrm -rf \"$d\"\n", false},
		// the failure does not stop the script
		{"mkdir \"$d\"\nrm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || true\nrm -rf \"$d\"\n", false},
		{"set -e\nset +e\nmkdir \"$d\"\nrm -rf \"$d\"\n", false},
		{"if x; then mkdir \"$d\" || exit; fi\nrm -rf \"$d\"\n", false},
		// what the word names changes in between
		{"mkdir \"$d\" || exit\nd=~\nrm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || exit\nd=~ && rm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || exit\nread d\nrm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || exit\nread -r \"$x\"\nrm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || exit\nwhile read d; do :; done\nrm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || exit\nfor d in ~; do :; done\nrm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || exit\ncd ..\nrm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || exit\neval \"$x\"\nrm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || exit\n. ./conf\nrm -rf \"$d\"\n", false},
		{"f() { d=~; }\nmkdir \"$d\" || exit\nf\nrm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || exit\n: ${d:=/}\nrm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || exit\nprintf -v d %s /\nrm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || exit\nexport d=/\nrm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || exit\nexport \"$x\"\nrm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || exit\nmapfile d < f\nrm -rf \"$d\"\n", false},
		{"mkdir \"$d\" || exit\necho $((d=1))\nrm -rf \"$d\"\n", false},
		{"declare -n r=d\nmkdir \"$d\" || exit\nr=/\nrm -rf \"$d\"\n", false},
		// another word, or one that is not plain
		{"mkdir \"$d\" || exit\nrm -rf \"$d/..\"\n", false},
		{"mkdir \"$d\" || exit\nrm -rf \"$d\"/*\n", false},
		{"mkdir \"$d\" || exit\nrm -rf \"$e\"\n", false},
		{"mkdir \"${d:-/x}\" || exit\nrm -rf \"${d:-/x}\"\n", false},
		{"mkdir \"$1\" || exit\nrm -rf \"$1\"\n", false},
		{"mkdir \"$d\"* || exit\nrm -rf \"$d\"*\n", false},
		{"mkdir \"$(x)\" || exit\nrm -rf \"$(x)\"\n", false},
	} {
		r := Commands(tc.script, Options{File: true})
		got := false
		for _, c := range r.Commands {
			if c.Name() == "rm" {
				for _, w := range c.Args[1:] {
					got = got || w.Made
				}
			}
		}
		if got != tc.made {
			t.Errorf("%q: made %v, want %v", tc.script, got, tc.made)
		}
		// Only a script file: a command line is not read this way.
		for _, c := range Commands(tc.script, Options{}).Commands {
			for _, w := range c.Args {
				if w.Made {
					t.Errorf("%q: Made outside a script file", tc.script)
				}
			}
		}
	}
}
