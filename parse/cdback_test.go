package parse

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// cdbackOwn reports whether any rm operand of a script file is the
// script's own (Word.Made), and fails when one is outside a file.
func cdbackOwn(t *testing.T, name, script string, opts Options) bool {
	t.Helper()
	opts.File = true
	got := false
	for _, c := range Commands(script, opts).Commands {
		if c.Name() == "rm" {
			for _, w := range c.Args[1:] {
				if !strings.HasPrefix(w.Value, "-") {
					got = got || w.Made || w.Scratch
				}
			}
		}
	}
	for _, c := range Commands(script, Options{}).Commands {
		for _, w := range c.Args {
			if w.Made {
				t.Errorf("%s: Made outside a script file", name)
			}
		}
	}
	return got
}

const cdbackHide = `hide_output() {
  set +x
  on_err="
echo ERROR: An error was encountered with the build.
cat /tmp/build.log
exit 1
"
  trap "$on_err" ERR
  bash -c "while true; do sleep 30; echo \$(date) - building ...; done" &
  PING_LOOP_PID=$!
  "$@" &> /tmp/build.log
  trap - ERR
  kill $PING_LOOP_PID
  rm /tmp/build.log
  set -x
}
`

// TestCdBack: a script's own directory (mkdir, git clone) deleted after a
// cd into it and a provable return; the bypass attempts and look-alikes
// are not the script's.
func TestCdBack(t *testing.T) {
	t.Setenv("CDPATH", "")
	t.Setenv("BASH_ENV", "")
	for _, tc := range []struct {
		name, script string
		own          bool
	}{
		// The shapes of the public CI scripts.
		{"mkdir, cd, cd ..", "set -e\nmkdir b\ncd b\n../configure\nmake\ncd ..\nrm -rf b\n", true},
		{"mkdir || exit, cd || exit", "mkdir b || exit\ncd b || exit\nmake\ncd .. || exit\nrm -rf b\n", true},
		{"cd -", "set -e\nmkdir b\ncd b\nmake\ncd -\nrm -rf b\n", true},
		{"cd - && rm", "set -e\nmkdir b\ncd b\nmake\ncd - && rm -rf b\n", true},
		{"cd \"$OLDPWD\"", "set -e\nmkdir b\ncd b\nmake\ncd \"$OLDPWD\"\nrm -rf b\n", true},
		{"pushd, popd", "set -e\nmkdir b\npushd b >/dev/null\nmake\npopd >/dev/null\nrm -rf b\n", true},
		{"pushd, pushd, popd, popd", "set -e\nmkdir b\npushd b\nmkdir c\npushd c\npopd\npopd\nrm -rf b\n", true},
		{"a subshell's cd ends with it", "set -e\nmkdir b\n( cd b && make )\nrm -rf b\n", true},
		{"two levels, cd ../..", "set -e\nmkdir b\ncd b\nmkdir c\ncd c\ncd ../..\nrm -rf b\n", true},
		{"clone, no dir", "set -e\ngit clone https://github.com/mozilla/sccache -b v0.7.7\ncd sccache\ncargo build --release\ncd ..\nrm -rf sccache\n", true},
		{"clone .git URL, dir", "set -e\ngit clone --depth 1 https://h/o/r.git d\ncd d\nmake\ncd ..\nrm -rf d\n", true},
		{"clone URL.git", "set -e\ngit clone https://h/o/r.git\ncd r\ncd ..\nrm -rf r\n", true},
		{"clone, cd into a subdir (a link in the clone), cd ../..", "set -e\ngit clone https://h/o/r\ncd r/sub\ncd ../..\nrm -rf r\n", true},
		{"clone, mkdir -p in it, pushd, popd", "set -e\ngit clone https://h/o/clr -b x\nmkdir -p clr/build\npushd clr/build\ncmake ..\npopd\nrm -rf clr\n", true},
		{"a wrapper function", "set -e\n" + cdbackHide + "mkdir b\ncd b\nhide_output ../configure\nhide_output make -j$(nproc)\ncd ..\nrm -rf b\n", true},
		{"unquoted $@ wrapper", "set -e\nw() { $@ > /tmp/log; }\nmkdir b\ncd b\nw make -j$(nproc)\ncd ..\nrm -rf b\n", true},
		{"a path command", "set -e\nmkdir b\ncd b\n\"$src\"/configure\ncd ..\nrm -rf b\n", true},
		{"in a function under set -e", "set -ex\nf() {\n git clone https://h/o/s\n cd s\n make\n cd ..\n rm -rf s\n}\ncase $ID in\nubuntu) f ;;\nesac\n", true},
		{"CDPATH= in the script", "CDPATH=\nset -e\nmkdir b\ncd b\ncd ..\nrm -rf b\n", true},
		{"unset CDPATH", "unset CDPATH\nset -e\nmkdir b\ncd b\ncd ..\nrm -rf b\n", true},
		{"CDPATH set, cd ./b", "CDPATH=/home/u\nset -e\nmkdir b\ncd ./b\ncd ..\nrm -rf b\n", true},
		{"pushd elsewhere and back, inside", "set -e\nmkdir b\ncd b\npushd /tmp\npopd\ncd ..\nrm -rf b\n", true},

		// Failures, too many or too few .., other directories.
		{"mkdir && cd under set -e: mkdir fails, the shell goes on", "set -e\nmkdir b && cd b\nmake\ncd ..\nrm -rf b\n", false},
		{"no set -e", "mkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"cd unchecked", "mkdir b || exit\ncd b\ncd .. || exit\nrm -rf b\n", false},
		{"cd ../.. from one level", "set -e\nmkdir b\ncd b\nmake\ncd ../..\nrm -rf b\n", false},
		{"cd .. from two levels", "set -e\nmkdir b\ncd b\nmkdir c\ncd c\ncd ..\nrm -rf ../b\n", false},
		{"cd home", "set -e\nmkdir b\ncd b\ncd\nrm -rf b\n", false},
		{"cd -P ..", "set -e\nmkdir b\ncd b\ncd -P ..\nrm -rf b\n", false},
		{"cd -P into a clone's subdir", "set -e\ngit clone https://h/o/r\ncd -P r/sub\ncd ../..\nrm -rf r\n", false},
		{"set -P", "set -P\nset -e\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"setopt chase_dots", "setopt chase_dots\nset -e\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"shopt -s cdable_vars", "shopt -s cdable_vars\nset -e\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"cd elsewhere after the return", "set -e\nmkdir b\ncd b\ncd ..\ncd /opt\nrm -rf b\n", false},
		{"not made: cd /opt/app, cd ..", "set -e\ncd /opt/app\nmake\ncd ..\nrm -rf app\n", false},
		{"made in another directory", "set -e\ncd /tmp\nmkdir b\ncd /srv\nrm -rf b\n", false},
		{"rm -rf \"$OLDPWD\"", "set -e\nmkdir b\ncd b\nrm -rf \"$OLDPWD\"\n", false},
		{"OLDPWD assigned", "set -e\nmkdir b\ncd b\nOLDPWD=/etc\ncd -\nrm -rf b\n", false},
		{"OLDPWD as a prefix", "set -e\nmkdir b\ncd b\nOLDPWD=/etc cd -\nrm -rf b\n", false},
		{"OLDPWD read", "set -e\nmkdir b\ncd b\nread OLDPWD\ncd -\nrm -rf b\n", false},
		{"cd - twice: in b again", "set -e\nmkdir b\ncd b\ncd -\ncd -\ncd ..\nrm -rf b\n", true},
		{"cd - twice after cd /", "set -e\nmkdir b\ncd b\ncd /\ncd -\ncd -\nrm -rf b\n", false},
		{"cd - with OLDPWD from the caller", "set -e\nmkdir b\ncd -\nrm -rf b\n", false},
		{"a function that cds", "set -e\nf() { cd /; }\nmkdir b\ncd b\nf\ncd ..\nrm -rf b\n", false},
		{"cd .. in a loop", "set -e\nmkdir b\ncd b\nfor i in $L; do cd ..; done\nrm -rf ../b\n", false},
		{"cd in a branch", "set -e\nmkdir b\ncd b\nif c; then cd /; fi\ncd ..\nrm -rf b\n", false},
		{"cd \"$dir\"", "set -e\nmkdir b\ncd \"$dir\"\ncd ..\nrm -rf b\n", false},
		{"cd \"$(dirname \"$0\")\"", "set -e\nmkdir b\ncd \"$(dirname \"$0\")\"\nrm -rf b\n", false},
		{"eval between", "set -e\nmkdir b\ncd b\neval \"$x\"\ncd ..\nrm -rf b\n", false},
		{"dirs -c before popd", "set -e\nmkdir b\npushd b\ndirs -c\npopd\nrm -rf b\n", false},
		{"DIRSTACK assigned", "set -e\nmkdir b\npushd b\nDIRSTACK=/etc\npopd\nrm -rf b\n", false},
		{"popd +1", "set -e\nmkdir b\npushd b\npopd +1\nrm -rf b\n", false},
		{"pushd -n", "set -e\nmkdir b\npushd -n /etc\npopd\nrm -rf b\n", false},
		{"mv into it first", "set -e\nmkdir b\nmv ~/data b/\ncd b\ncd ..\nrm -rf b\n", false},

		// A backslash in a command word only stops an alias: \cd is cd.
		{"\\cd / (made.go)", "mkdir b || exit\n\\cd / || exit\nrm -rf b\n", false},
		{"\\cd / under set -e", "set -e\nmkdir b\n\\cd /\nrm -rf b\n", false},
		{"c\\d /", "set -e\nmkdir b\ncd b\nc\\d /\ncd ..\nrm -rf b\n", false},
		{"\\set +e", "set -e\n\\set +e\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"\\eval", "set -e\nmkdir b\ncd b\n\\eval \"$x\"\ncd ..\nrm -rf b\n", false},
		{"\\rm is rm", "set -e\nmkdir b\ncd b\ncd ..\n\\rm -rf b\n", true},

		// CDPATH: cd NAME may go to $CDPATH/NAME.
		{"CDPATH assigned", "CDPATH=/home/u\nset -e\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"CDPATH exported", "export CDPATH=/home/u\nset -e\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"CDPATH prefix", "set -e\nmkdir b\nCDPATH=/home/u cd b\ncd ..\nrm -rf b\n", false},
		{"CDPATH=.:/x", "CDPATH=.:/x\nset -e\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"CDPATH read", "read CDPATH\nset -e\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"zsh cdpath", "cdpath=(/home/u)\nset -e\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"pushd NAME with CDPATH", "CDPATH=/home/u\nset -e\nmkdir b\npushd b\npopd\ncd b\ncd ..\nrm -rf b\n", false},

		// git clone.
		{"clone unchecked", "git clone https://h/o/s\ncd s || exit\ncd .. || exit\nrm -rf s\n", false},
		{"clone of a URL not known", "set -e\ngit clone \"$url\"\ncd s\ncd ..\nrm -rf s\n", false},
		{"clone ssh://host", "set -e\ngit clone ssh://s\ncd s\ncd ..\nrm -rf s\n", false},
		{"clone, another name", "set -e\ngit clone https://h/o/r\ncd s\ncd ..\nrm -rf s\n", false},
		{"clone --separate-git-dir", "set -e\ngit clone --separate-git-dir=/x https://h/o/s\ncd s\ncd ..\nrm -rf s\n", false},
		{"clone --bare", "set -e\ngit clone --bare https://h/o/s\ncd s\ncd ..\nrm -rf s\n", false},
		{"git init is no proof", "set -e\ngit init s\ncd s\ncd ..\nrm -rf s\n", false},

		// Extraction: tar merges into what is there.
		{"tar into the directory", "set -e\ncurl -L https://h/a.tgz | tar xzf -\ncd a\nmake\ncd ..\nrm -rf a\n", false},
		{"tar, cd -", "set -e\ntar xf a.tar\ncd a-1\nmake\ncd -\nrm -rf a-1\n", false},

		// Wrappers.
		{"a wrapper that shifts", "set -e\nw() { shift; \"$@\"; }\nmkdir b\ncd b\nw x cd /\ncd ..\nrm -rf b\n", false},
		{"a wrapper running cd", "set -e\nw() { \"$@\"; }\nmkdir b\ncd b\nw cd /tmp\ncd ..\nrm -rf b\n", false},
		{"a wrapper running eval", "set -e\nw() { \"$@\"; }\nmkdir b\ncd b\nw eval \"$x\"\ncd ..\nrm -rf b\n", false},
		{"unquoted $@ wrapper, a split command", "set -e\nw() { $@; }\nmkdir b\ncd b\nw \"cd /\"\ncd ..\nrm -rf b\n", false},
		{"a wrapper set --", "set -e\nw() { set -- cd /; \"$@\"; }\nmkdir b\ncd b\nw make\ncd ..\nrm -rf b\n", false},
		{"trap code from a variable that changes", "set -e\nw() { c='cd /'; trap \"$c\" ERR; \"$@\"; }\nmkdir b\ncd b\nw make\ncd ..\nrm -rf b\n", false},
		{"trap code read", "set -e\nread c\ntrap \"$c\" ERR\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},

		// set -e in a function.
		{"function called in ||", "set -e\nf() {\n git clone https://h/o/s\n cd s\n cd ..\n rm -rf s\n}\nf || true\n", false},
		{"function called in if", "set -e\nf() {\n git clone https://h/o/s\n cd s\n cd ..\n rm -rf s\n}\nif f; then :; fi\n", false},
		{"function and set +e", "set -e\nf() {\n git clone https://h/o/s\n cd s\n cd ..\n rm -rf s\n}\nset +e\nf\n", false},
		{"function in $()", "set -e\nf() {\n git clone https://h/o/s\n cd s\n cd ..\n rm -rf s\n}\nx=$(f)\n", false},
		{"function in the background", "set -e\nf() {\n git clone https://h/o/s\n cd s\n cd ..\n rm -rf s\n}\nf &\n", false},
		{"function as a trap", "set -e\nf() {\n git clone https://h/o/s\n cd s\n cd ..\n rm -rf s\n}\ntrap f EXIT\n", false},
		{"function before set -e", "f() {\n git clone https://h/o/s\n cd s\n cd ..\n rm -rf s\n}\nset -e\nf\n", false},
		{"a function that runs set +e", "set -e\nf() { set +e; }\nf\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"a wrapper that runs set +e", "set -e\nw() { \"$@\"; }\nw set +e\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"eval may run set +e", "set -e\neval \"$x\"\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"source may run set +e", "set -e\n. ./lib.sh\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"a loop that runs set +e", "set -e\nfor i in 1; do set +e; done\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"a DEBUG trap that runs set +e", "set -e\ntrap 'set +e' DEBUG\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"set -o errexit", "set -o errexit\nmkdir b\ncd b\ncd ..\nrm -rf b\n", true},
		{"set +o errexit", "set -e\nset +o errexit\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"set \"$opts\"", "set -e\nset $opts\nmkdir b\ncd b\ncd ..\nrm -rf b\n", false},
		{"function called after a wrapper's set +e", "set -e\nw() { \"$@\"; }\nf() {\n git clone https://h/o/s\n cd s\n cd ..\n rm -rf s\n}\nw set +e\nf\n", false},
		{"mkdir, rm under set -e (made.go)", "set -e\nmkdir b\nrm -rf b\n", true},
		{"made.go: a function runs set +e before the mkdir", "set -e\nf() { set +e; }\nf\nmkdir b\nrm -rf b\n", false},
		{"made.go: $cmd may be set +e", "set -e\n$cmd\nmkdir b\nrm -rf b\n", false},
		{"made.go: a loop runs set +e", "set -e\nfor i in 1; do set +e; done\nmkdir b\nrm -rf b\n", false},
		{"function in a pipeline", "set -e\nf() {\n git clone https://h/o/s\n cd s\n cd ..\n rm -rf s\n}\nf | tee log\n", false},
	} {
		if got := cdbackOwn(t, tc.name, tc.script, Options{}); got != tc.own {
			t.Errorf("%s: %q: own %v, want %v", tc.name, tc.script, got, tc.own)
		}
	}
}

// TestCdBackExportedFunc: bash imports an exported function (export -f
// cd: BASH_FUNC_cd%%) into every script: cd is then not known.
func TestCdBackExportedFunc(t *testing.T) {
	const script = "set -e\nmkdir b\ncd ./b\ncd -\nrm -rf b\n"
	t.Setenv("CDPATH", "")
	t.Setenv("BASH_ENV", "")
	if !cdbackOwn(t, "no function", script, Options{Shell: "bash"}) {
		t.Fatalf("%q: not own without an exported function", script)
	}
	t.Setenv("BASH_FUNC_cd%%", "() {  builtin cd /\n}")
	if cdbackOwn(t, "export -f cd", script, Options{Shell: "bash"}) {
		t.Errorf("%q: own with an exported cd function", script)
	}
}

// TestCdBackEnv: a CDPATH (or a BASH_ENV that could set one) in the
// environment guardsh runs in, and any zsh script (~/.zshenv may set
// cdpath), make cd NAME unknown; cd ./NAME and cd .. stay followed.
func TestCdBackEnv(t *testing.T) {
	const script = "set -e\nmkdir b\ncd b\ncd ..\nrm -rf b\n"
	const dotted = "set -e\nmkdir b\ncd ./b\ncd ..\nrm -rf b\n"
	for _, tc := range []struct {
		name, cdpath, bashEnv, shell, script string
		own                                  bool
	}{
		{"bash, pushd, popd", "", "", "bash", "set -e\nmkdir b\npushd ./b\npopd\nrm -rf b\n", true},
		{"nothing set", "", "", "bash", script, true},
		{"sh", "", "", "sh", script, true},
		{"CDPATH exported", "/home/u", "", "bash", script, false},
		{"CDPATH exported, sh", "/home/u", "", "sh", script, false},
		{"CDPATH exported, ./b", "/home/u", "", "bash", dotted, true},
		{"CDPATH exported, the script empties it", "/home/u", "", "bash", "CDPATH=\n" + script, true},
		{"BASH_ENV", "", "/etc/bashenv", "bash", script, false},
		{"BASH_ENV, sh", "", "/etc/bashenv", "sh", script, true},
		{"zsh", "", "", "zsh", script, false},
		{"zsh, ./b", "", "", "zsh", dotted, false}, // cd .. may be physical (chase_dots in ~/.zshenv)
		{"zsh, ./b, cd -", "", "", "zsh", "set -e\nmkdir b\ncd ./b\ncd -\nrm -rf b\n", true},
		{"zsh, pushd ./b, popd", "", "", "zsh", "set -e\nmkdir b\npushd ./b\npopd\nrm -rf b\n", false}, // auto_pushd in ~/.zshenv
		{"BASH_ENV, ./b", "", "/etc/bashenv", "bash", dotted, false},
		{"CDPATH exported, ./b, cd -", "/home/u", "", "bash", "set -e\nmkdir b\ncd ./b\ncd -\nrm -rf b\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("CDPATH", tc.cdpath)
			t.Setenv("BASH_ENV", tc.bashEnv)
			if got := cdbackOwn(t, tc.name, tc.script, Options{Shell: tc.shell}); got != tc.own {
				t.Errorf("%q: own %v, want %v", tc.script, got, tc.own)
			}
		})
	}
}

// TestCdBackPrompt: at a prompt, the directory an rm runs in after a cd
// when the user's shell has options on (GUARDSH_CDOPTS from the hooks),
// and in fish (implicit cd). "" is not known.
func TestCdBackPrompt(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CDPATH", "")
	t.Setenv("GUARDSH_CDOPTS", "") // restored at the end
	for _, tc := range []struct {
		name, opts, shell, line, dir string
		set                          bool
	}{
		{"autocd from the hook", "autocd", "bash", "~ && rm -rf x", "~", true},
		{"autocd, a path", "autocd", "bash", "/etc && rm -rf x", "/etc", true},
		{"autocd, not there now", "autocd", "bash", "/nonexistent/d && rm -rf x", "", true},
		{"autocd, a program", "autocd", "bash", "/bin/sh -c : && rm -rf x", "/tmp/w", true},
		{"autocd off in the hook", "", "bash", "~ && rm -rf x", "/tmp/w", true},
		{"no hook: off", "", "bash", "~ && rm -rf x", "/tmp/w", false},
		{"cdable_vars from the hook", "cdable_vars", "bash", "cd HOME && rm -rf x", "", true},
		{"cdable_vars, ./HOME", "cdable_vars", "bash", "cd ./HOME && rm -rf x", "/tmp/w/HOME", true},
		{"physical from the hook", "physical", "bash", "cd a && cd .. && rm -rf x", "", true},
		{"physical, no ..", "physical", "bash", "cd /etc && rm -rf x", "/etc", true},
		{"chase_dots", "chase_dots", "zsh", "cd a/.. && rm -rf x", "", true},
		{"zsh spelling", "AUTO_CD", "zsh", "~ && rm -rf x", "~", true},
		{"fish: implicit cd", "", "fish", "~ && rm -rf x", "~", false},
		{"fish: a plain name is no cd", "autocd", "fish", "etc && rm -rf x", "/tmp/w", true},
		{"fish: ../", "", "fish", "../ && rm -rf x", "/tmp", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.set {
				t.Setenv("GUARDSH_CDOPTS", tc.opts)
			} else {
				os.Unsetenv("GUARDSH_CDOPTS")
			}
			r := Commands(tc.line, Options{Shell: tc.shell, Dir: "/tmp/w"})
			var rm *Command
			for i := range r.Commands {
				if r.Commands[i].Name() == "rm" {
					rm = r.Commands[i]
				}
			}
			if rm == nil {
				t.Fatalf("%q: no rm", tc.line)
			}
			if rm.Dir != tc.dir {
				t.Errorf("%q with GUARDSH_CDOPTS=%q: rm runs in %q, want %q", tc.line, tc.opts, rm.Dir, tc.dir)
			}
		})
	}
}

// TestCdBackCost: set -e in functions, and what may run after each
// function's definition, are read in one pass over the file,
// not once per function (700 functions, each calling a helper, called in
// turn at the top level: just under the 64 KiB above which a file is read
// as a stream, without this analysis).
func TestCdBackCost(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("set -e\nlog() { echo \"$@\"; }\n")
	const n = 700
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "f%d() {\n git clone https://h/o/s%d\n cd s%d\n make\n cd ..\n rm -rf s%d\n log %d\n}\n", i, i, i, i, i)
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "f%d\n", i)
	}
	if sb.Len() > streamAbove {
		t.Fatalf("%d bytes: read as a stream", sb.Len())
	}
	start := time.Now()
	own := cdbackOwn(t, "cost", sb.String(), Options{})
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("%d functions took %v", n, d)
	}
	if !own {
		t.Errorf("the clones in the functions are not the script's")
	}
}

// TestCdBackScratchBackslash: scratch.go's deleting again stops at \cd as
// at cd (the first rm, before its mkdir, is the reset idiom's).
func TestCdBackScratchBackslash(t *testing.T) {
	for _, script := range []string{"set -e\nrm -rf work\nmkdir work\n\\cd /\nrm -rf work\n", "set -e\nrm -rf work\nmkdir work\nc\\d /\nrm -rf work\n"} {
		var last *Command
		for _, c := range Commands(script, Options{File: true}).Commands {
			if c.Name() == "rm" {
				last = c
			}
		}
		if w := last.Args[len(last.Args)-1]; w.Scratch || w.Made {
			t.Errorf("%q: the rm after the cd is the script's scratch (%v) or own (%v)", script, w.Scratch, w.Made)
		}
	}
}
