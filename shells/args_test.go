package shells

import (
	"bytes"
	"os/exec"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		argv0 string
		args  []string
		want  Invocation // Argv0 and Args are filled in by the test
	}{
		{"bash", []string{"-c", "ls"}, Invocation{Mode: ModeCommand, Command: "ls"}},
		{"bash", []string{"-c", "echo $0 $1", "name", "one", "two"},
			Invocation{Mode: ModeCommand, Command: "echo $0 $1", Name: "name", Params: []string{"one", "two"}}},
		{"bash", []string{"-lc", "ls"}, Invocation{Mode: ModeCommand, Command: "ls", Login: true}},
		{"bash", []string{"-ec", "ls"}, Invocation{Mode: ModeCommand, Command: "ls"}},
		{"bash", []string{"-c", "-e", "ls"}, Invocation{Mode: ModeCommand, Command: "ls"}},
		{"bash", []string{"-o", "pipefail", "-c", "ls"}, Invocation{Mode: ModeCommand, Command: "ls"}},
		{"bash", []string{"-co", "errexit", "ls"}, Invocation{Mode: ModeCommand, Command: "ls"}},
		{"bash", []string{"+o", "history", "-O", "extglob", "+O", "nullglob", "-c", "ls"},
			Invocation{Mode: ModeCommand, Command: "ls"}},
		{"bash", []string{"--login", "--noprofile", "--norc", "-c", "ls"},
			Invocation{Mode: ModeCommand, Command: "ls", Login: true, NoProfile: true, NoRC: true}},
		{"bash", []string{"--posix", "-c", "ls"}, Invocation{Mode: ModeCommand, Command: "ls", Posix: true}},
		{"bash", []string{"-o", "posix", "-c", "ls"}, Invocation{Mode: ModeCommand, Command: "ls", Posix: true}},
		{"bash", []string{"--rcfile", "x", "-i", "-c", "ls"}, Invocation{Mode: ModeCommand, Command: "ls", Interactive: true, RCFile: "x"}},
		{"bash", []string{"--init-file", "y", "-i"}, Invocation{Mode: ModeStdin, Interactive: true, RCFile: "y"}},
		{"-guardsh", []string{"-c", "ls"}, Invocation{Mode: ModeCommand, Command: "ls", Login: true}},
		{"-guardsh", nil, Invocation{Mode: ModeStdin, Login: true}},
		{"guardsh", nil, Invocation{Mode: ModeStdin}},
		{"bash", []string{"-s", "a", "b"}, Invocation{Mode: ModeStdin, Params: []string{"a", "b"}}},
		{"bash", []string{"-e"}, Invocation{Mode: ModeStdin}},
		{"bash", []string{"-o"}, Invocation{Mode: ModeStdin}},
		{"bash", []string{"script.sh", "a"}, Invocation{Mode: ModeScript, Script: "script.sh", Params: []string{"a"}}},
		{"bash", []string{"-x", "--", "-c"}, Invocation{Mode: ModeScript, Script: "-c"}},
		{"bash", []string{"-", "-c"}, Invocation{Mode: ModeScript, Script: "-c"}},
		{"bash", []string{"-c", "--", "ls", "n"}, Invocation{Mode: ModeCommand, Command: "ls", Name: "n"}},
		{"bash", []string{"-c", "ls", "--", "x"}, Invocation{Mode: ModeCommand, Command: "ls", Name: "--", Params: []string{"x"}}},
		{"bash", []string{"-n", "x.sh"}, Invocation{Mode: ModeScript, Script: "x.sh", NoExec: true}},
		{"bash", []string{"--version"}, Invocation{Mode: ModeInfo}},
		{"bash", []string{"-i"}, Invocation{Mode: ModeStdin, Interactive: true}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.argv0, tt.args)
		if err != nil {
			t.Errorf("Parse(%q, %q): %v", tt.argv0, tt.args, err)
			continue
		}
		want := tt.want
		want.Argv0, want.Args = tt.argv0, tt.args
		if len(got.Params) == 0 {
			got.Params = nil
		}
		if !reflect.DeepEqual(*got, want) {
			t.Errorf("Parse(%q, %q)\n got %+v\nwant %+v", tt.argv0, tt.args, *got, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-c"},
		{"-e", "-c"},
		{"--nosuch", "-c", "ls"},
		{"-e", "--login", "-c", "ls"},
		{"-Z", "-c", "ls"},
		{"--rcfile"},
	} {
		if inv, err := Parse("bash", args); err == nil {
			t.Errorf("Parse(%q) = %+v, want an error", args, inv)
		}
	}
}

// TestParseBash asks real bash what $0 and the positional parameters are for
// each command line, and compares with Parse.
func TestParseBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is needed for this test")
	}
	const show = `printf '%s\0' "$0" "$@"`
	for _, args := range [][]string{
		{"-c", show},
		{"-c", show, "name"},
		{"-c", show, "name", "a", "b c"},
		{"-ec", show, "n", "x"},
		{"-c", "-e", show, "n", "x"},
		{"-o", "pipefail", "-c", show, "n"},
		{"-co", "errexit", show, "n", "1"},
		{"+o", "history", "-O", "extglob", "-c", show, "--", "x"},
		{"--norc", "--noprofile", "-lc", show, "n", "-c"},
		{"-c", "--", show, "n"},
		{"-xc", show, "-", "-"},
	} {
		inv, err := Parse("bash", args)
		if err != nil {
			t.Errorf("Parse(%q): %v", args, err)
			continue
		}
		cmd := exec.Command(bash, args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("bash %q: %v: %s", args, err, stderr.Bytes())
			continue
		}
		fields := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		name := inv.Name
		if name == "" {
			name = bash // argv[0] of the test's bash
		}
		want := append([]string{name}, inv.Params...)
		if inv.Command != show || !reflect.DeepEqual(fields, want) {
			t.Errorf("args %q: bash says $0 $@ = %q; Parse says %q (command %q)", args, fields, want, inv.Command)
		}
	}
}
