package parse

import (
	"reflect"
	"strings"
	"testing"
)

// TestBranchValues checks that a variable assigned on one branch of a
// conditional keeps the values of the other branches, and that a variable
// holding a network download carries that origin.
func TestBranchValues(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		// get.docker.com: sh_c is sh -c, or echo on a dry run.
		{`sh_c='sh -c'; if dry; then sh_c=echo; fi; $sh_c 'rm x'`, []string{"dry", "echo rm x", "sh -c rm x", "sh -c: rm x"}},
		{`sh_c='sh -c'; [ -n "$D" ] && sh_c=echo; $sh_c 'rm y'`, []string{"[ -n ?${D} ]", "echo rm y", "sh -c rm y", "sh -c: rm y"}},
		{`case $x in a) d=/;; *) d=/tmp;; esac; rm -rf $d`, []string{"rm -rf /tmp", "rm -rf /"}},
		{`if a; then d=1; else d=2; fi; rm $d`, []string{"a", "rm 2", "rm 1"}},
		// An assignment outside any conditional forgets the others.
		{`d=/; if a; then d=/tmp; fi; d=build; rm -rf $d`, []string{"a", "rm -rf build"}},
		{`x=a; rm $x`, []string{"rm a"}},
	}
	for _, tt := range tests {
		if got := cmds(Commands(tt.in, Options{})); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s:\n got  %q\n want %q", tt.in, got, tt.want)
		}
	}
}

func TestVariableOrigin(t *testing.T) {
	tests := []struct{ in, want string }{
		{`x=$(curl -s https://x); eval "$x"`, "network"},
		{`x=$(base64 -d <<< "$p"); sh -c "$x"`, "decoder"},
		{`x=$(ssh-agent -s); eval "$x"`, ""},
		{`x=$(tool); eval "$x"`, "dynamic"},
		{`export x=$(wget -qO- https://x); bash -c "$x"`, "network"},
	}
	for _, tt := range tests {
		got := ""
		for _, c := range Commands(tt.in, Options{}).Commands {
			if c.CodeSource != "" {
				got = c.CodeSource
			}
		}
		if got != tt.want {
			t.Errorf("%s: code source %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestDynamicInterpreter checks that a command word held in a variable is
// read by what its name says: an interpreter runs its payload in that
// language, a shell (or an unknown program) as shell.
func TestDynamicInterpreter(t *testing.T) {
	tests := []struct {
		in         string
		wantCmds   []string
		wantIssues int
	}{
		{`"$PY" -c "import sys; print((1,2))"`, []string{"?${PY} -c import sys; print((1,2))"}, 0},
		{`python$V -c "print(d[0])"`, []string{"?python${V} -c print(d[0])"}, 0},
		{`$PYTHON -c 'import os; os.system("rm -rf x")'`, []string{"?${PYTHON} -c import os; os.system(\"rm -rf x\")", "${PYTHON} -c: rm -rf x"}, 0},
		{`$NODE -e 'require("child_process").execSync("rm -rf y")'`, nil, 0},
		// Unknown: parsed as shell, quiet when it is not shell.
		{`$X -c 'print((1))'`, []string{"?${X} -c print((1))"}, 0},
		{`$X -c 'rm -rf z'`, []string{"?${X} -c rm -rf z", "${X} -c: rm -rf z"}, 0},
		// A shell: not valid shell is a finding.
		{`$SHELL -c 'ls )'`, []string{"?${SHELL} -c ls )"}, 1},
		{`$sh_c 'rm -rf w'`, []string{"?${sh_c} rm -rf w", "${sh_c}: rm -rf w"}, 0},
	}
	for _, tt := range tests {
		r := Commands(tt.in, Options{})
		got := cmds(r)
		if tt.wantCmds != nil && !reflect.DeepEqual(got, tt.wantCmds) {
			t.Errorf("%s:\n got  %q\n want %q", tt.in, got, tt.wantCmds)
		}
		n := 0
		for _, is := range r.Issues {
			if is.Kind == IssueParse {
				n++
			}
		}
		if n != tt.wantIssues {
			t.Errorf("%s: %d parse issues, want %d: %+v", tt.in, n, tt.wantIssues, r.Issues)
		}
	}
}

// TestBranchValuesDynamic checks that a variable a branch makes dynamic
// (an option's argument) keeps the static value it had before, in the
// command's words and in its redirections, as apt.postgresql.org.sh's
// SOURCESLIST=/etc/apt/…; getopts f) SOURCESLIST=$OPTARG.
func TestBranchValuesDynamic(t *testing.T) {
	show := func(r *Result) []string {
		var out []string
		for _, c := range r.Commands {
			var parts []string
			for _, w := range c.Args {
				v := w.Value
				if !w.Static {
					v = "?" + v
				}
				parts = append(parts, v)
			}
			for _, rd := range c.Redirs {
				v := rd.Target.Value
				if !rd.Target.Static {
					v = "?" + v
				}
				parts = append(parts, rd.Op+v)
			}
			out = append(out, strings.Join(parts, " "))
		}
		return out
	}
	tests := []struct {
		in   string
		want []string
	}{
		{"S=/etc/x; case $1 in f) S=$2;; esac; echo a > $S", []string{"echo a >?${2}", "echo a >/etc/x"}},
		{"S=/etc/x; while getopts f: o; do case $o in f) S=$OPTARG;; esac; done; cat >> \"$S\"",
			[]string{"getopts f: o", "cat >>?${OPTARG}", "cat >>/etc/x"}},
		{"d=/srv/a; if x; then d=$(pwd); fi; rm -rf \"$d\"", []string{"x", "pwd", "rm -rf ?${d}", "rm -rf /srv/a"}},
		// The empty start value is "not given": no reading with it.
		{"S=; case $1 in f) S=$2;; esac; rm /run/x/$S", []string{"rm ?/run/x/${2}"}},
		// Made dynamic outside any branch: the old value is gone.
		{"S=/etc/x; S=$1; echo a > $S", []string{"echo a >?${1}"}},
		// A default for an unknown variable is one of its values.
		{"CONF=${CONF:-/etc/x.conf}; echo a > \"$CONF\"", []string{"echo a >?${CONF}", "echo a >/etc/x.conf"}},
		{"f() { local c=${1:-/etc/x}; cp y \"$c\"; }; f", []string{"local ?c=${1}", "cp y ?${1}", "cp y /etc/x", "f", "local ?c=${1}", "cp y ?${1}", "cp y /etc/x"}},
		{"C=${X:-$Y/etc}; echo > $C", []string{"echo >?${X}"}},
		{"C=${C:-/etc/x}; C=out; echo > $C", []string{"echo >out"}},
		// ${X:=default} assigns the default when X is unset.
		{": \"${CONF:=/etc/x}\"; echo a > \"$CONF\"", []string{": ?${CONF}", ": /etc/x", "echo a >?${CONF}", "echo a >/etc/x"}},
		{"CONF=/a; : \"${CONF:=/etc/x}\"; echo a > $CONF", []string{": /a", "echo a >/a"}},
		// A default in the redirection itself.
		{"echo a > \"${CONF:-/etc/x}\"", []string{"echo a >?${CONF}", "echo a >/etc/x"}},
		// Static again after the branch: only the new value.
		{"S=/etc/x; case $1 in f) S=$2;; esac; S=out; echo a > $S", []string{"echo a >out"}},
	}
	for _, tt := range tests {
		if got := show(Commands(tt.in, Options{})); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s:\n got  %q\n want %q", tt.in, got, tt.want)
		}
	}
}
