package parse

import (
	"slices"
	"strings"
	"testing"
)

// TestSplitIFS checks read's field splitting against what bash does
// (bash 5.2: read a b c <<< LINE; echo "[$a][$b][$c]").
func TestSplitIFS(t *testing.T) {
	for _, tc := range []struct {
		line, ifs string
		n         int
		want      []string
	}{
		{"rm -rf /", " \t\n", 3, []string{"rm", "-rf", "/"}},
		{"  rm   -rf  /  ", " \t\n", 2, []string{"rm", "-rf  /"}},
		{"rm,-rf,/", ",", 3, []string{"rm", "-rf", "/"}},
		{"a,,b", ",", 3, []string{"a", "", "b"}},
		{"a , b", " ,", 2, []string{"a", "b"}},
		{"rm -rf /", "", 2, []string{"rm -rf /"}},
		{"x rm -rf /", " \t\n", 2, []string{"x", "rm -rf /"}},
		{"rm -rf /", " \t\n", -1, []string{"rm", "-rf", "/"}},
	} {
		if got := splitIFS(tc.line, tc.ifs, tc.n); !slices.Equal(got, tc.want) {
			t.Errorf("splitIFS(%q, %q, %d) = %q, want %q", tc.line, tc.ifs, tc.n, got, tc.want)
		}
	}
}

// TestReadRecord checks the record read takes: to the delimiter, -n/-N
// counts, backslash escapes without -r.
func TestReadRecord(t *testing.T) {
	for _, tc := range []struct {
		text       string
		delim      byte
		count      int
		exact, raw bool
		want       string
		next       int
	}{
		{"rm -rf /\nls\n", '\n', -1, false, false, "rm -rf /", 9},
		{"rm -rf /\nls\n", 0, -1, false, false, "rm -rf /\nls\n", 12},
		{"rm -rf /,ls", ',', -1, false, false, "rm -rf /", 9},
		{"rm -rf /", '\n', 2, false, false, "rm", 2},
		{"rm\n-rf", '\n', 4, true, false, "rm\n-", 4},
		{`rm\ -rf`, '\n', -1, false, false, "rm -rf", 7},
		{`rm\ -rf`, '\n', -1, false, true, `rm\ -rf`, 7},
		{"rm \\\n-rf\n", '\n', -1, false, false, "rm -rf", 9},
	} {
		got, next := readRecordAt(tc.text, 0, tc.delim, tc.count, tc.exact, tc.raw)
		if got != tc.want || next != tc.next {
			t.Errorf("readRecordAt(%q) = %q, %d; want %q, %d", tc.text, got, next, tc.want, tc.next)
		}
	}
}

// TestDebuggerVerb checks how gdb and lldb commands, abbreviated or not,
// are read.
func TestDebuggerVerb(t *testing.T) {
	for _, tc := range []struct {
		line       string
		lldb       bool
		verb, rest string
	}{
		{"shell rm -rf ~", false, "shell", "rm -rf ~"},
		{"she rm -rf ~", false, "shell", "rm -rf ~"},
		{"!rm -rf ~", false, "shell", "rm -rf ~"},
		{"show version", false, "", "version"},
		{"sh", false, "", ""},
		{"pipe bt | wc", false, "pipe", "bt | wc"},
		{"py print(1)", false, "python", "print(1)"},
		{"pi", false, "python", ""},
		{"run --x", false, "run", "--x"},
		{"break main", false, "", "main"},
		{"platform shell rm -rf ~", true, "shell", "rm -rf ~"},
		{"plat sh -h -s /bin/bash -- rm -rf ~", true, "shell", "rm -rf ~"},
		{"platform select remote-linux", true, "", "select remote-linux"},
		{"script -l python -- print(1)", true, "python", "print(1)"},
		{"script -l lua -- print(1)", true, "", "-l lua -- print(1)"},
		{"process launch -- a b", true, "run", "a b"},
		{"command source c.lldb", true, "source", "c.lldb"},
		{"command script import x.py", true, "pyfile", "x.py"},
		{"breakpoint set -n main", true, "", "set -n main"},
	} {
		verb, rest := debuggerVerb(tc.line, tc.lldb)
		if verb != tc.verb || verb != "" && rest != tc.rest {
			t.Errorf("debuggerVerb(%q, lldb=%v) = %q, %q; want %q, %q", tc.line, tc.lldb, verb, rest, tc.verb, tc.rest)
		}
	}
}

// TestCargoConfig checks cargo's command keys and TOML values.
func TestCargoConfig(t *testing.T) {
	for _, tc := range []struct {
		key  string
		runs bool
	}{
		{"target.x86_64-unknown-linux-gnu.runner", true},
		{tomlKey("target.'cfg(all())'.runner"), true},
		{"build.rustc-wrapper", true},
		{"registries.crates-io.credential-provider", true},
		{"profile.release.lto", false},
		{"net.git-fetch-with-cli", false},
		{"target.x86_64-unknown-linux-gnu.rustflags", false},
	} {
		if got := cargoRunKey(tc.key); got != tc.runs {
			t.Errorf("cargoRunKey(%q) = %v", tc.key, got)
		}
	}
	for _, tc := range []struct {
		val  string
		want []string
	}{
		{`"qemu-aarch64 -L /usr"`, []string{"qemu-aarch64", "-L", "/usr"}},
		{`["sh", "-c", "rm -rf ~"]`, []string{"sh", "-c", "rm -rf ~"}},
		{`'sh'`, []string{"sh"}},
		{`wasmtime`, []string{"wasmtime"}},
	} {
		if got, _ := tomlProgram(tc.val); !slices.Equal(got, tc.want) {
			t.Errorf("tomlProgram(%s) = %q, want %q", tc.val, got, tc.want)
		}
	}
	for _, n := range []string{"CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER", "RUSTC_WRAPPER", "CARGO_REGISTRIES_X_CREDENTIAL_PROVIDER"} {
		if !isCommandVar(n) {
			t.Errorf("%s is not a command variable", n)
		}
	}
	for _, n := range []string{"CARGO_TARGET_DIR", "CARGO_HOME", "RUSTFLAGS"} {
		if isCommandVar(n) {
			t.Errorf("%s is a command variable", n)
		}
	}
}

// TestPatchFiles checks the names and new contents read from patches.
func TestPatchFiles(t *testing.T) {
	const unified = "--- a/x\n+++ b/.claude/settings.json\t2026-01-01\n@@ -1 +1 @@\n-a\n+b\n--- /dev/null\n+++ b/run.sh\n@@ -0,0 +1,2 @@\n+#!/bin/sh\n+rm -rf ~\n"
	got := patchFiles(unified)
	if len(got) != 2 || got[0].name != "b/.claude/settings.json" || got[0].created || got[1].name != "b/run.sh" || !got[1].created || got[1].text != "#!/bin/sh\nrm -rf ~\n" {
		t.Errorf("patchFiles(unified) = %+v", got)
	}
	if got := patchFiles("diff --git a/x b/y\nrename from x\nrename to .envrc\n"); len(got) != 1 || got[0].name != "b/.envrc" {
		t.Errorf("patchFiles(rename) = %+v", got)
	}
	for _, tc := range []struct {
		name string
		n    int
		want string
		ok   bool
	}{
		{"b/.bashrc", 1, ".bashrc", true},
		{"a/b/c", 2, "c", true},
		{"x", 1, "", false},
		{"x", 0, "x", true},
	} {
		if got, ok := stripPath(tc.name, tc.n); got != tc.want || ok != tc.ok {
			t.Errorf("stripPath(%q, %d) = %q, %v", tc.name, tc.n, got, ok)
		}
	}
}

// TestHookFCEDIT: with the shell's editor passed by the hook, a bare fc
// with FCEDIT=true (set on an earlier line) re-runs history unseen.
func TestHookFCEDIT(t *testing.T) {
	for _, tc := range []struct {
		editor  string
		dynamic bool
	}{
		{"true", true},
		{":", true},
		{"cat", true},
		{"vim", false},
		{"code -w", false},
	} {
		t.Setenv("GUARDSH_FCEDIT", tc.editor)
		r := Commands("fc", Options{Shell: "bash"})
		got := false
		for _, c := range r.Commands {
			got = got || strings.Contains(c.CodeDetail, "history")
		}
		if got != tc.dynamic {
			t.Errorf("FCEDIT=%q: fc read as re-run from history = %v, want %v", tc.editor, got, tc.dynamic)
		}
	}
}
