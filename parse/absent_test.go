package parse

import (
	"strings"
	"testing"
)

// TestAbsentWords: an rm of what a script proved absent and then made is
// the script's own (git-new-workdir); the bypass attempts are not.
func TestAbsentWords(t *testing.T) {
	const newWorkdir = `#!/bin/sh
die () { echo $@; exit 128; }
failed () { die "unable to create new workdir '$new_workdir'!"; }
new_workdir=$2
branch=$3
if test -d "$new_workdir"
then
	if test $(ls -a1 "$new_workdir/." | wc -l) -ne 2
	then
		die "destination directory '$new_workdir' is not empty."
	fi
	cleandir="$new_workdir/.git"
else
	cleandir="$new_workdir"
fi
mkdir -p "$new_workdir/.git" || failed
cleandir=$(cd "$cleandir" && pwd) || failed
cleanup () {
	rm -rf "$cleandir"
}
siglist="0 1 2 15"
trap cleanup $siglist
for x in config refs logs/refs objects
do
	case $x in
	*/*) mkdir -p "$new_workdir/.git/${x%/*}" ;;
	esac
	ln -s "$git_dir/$x" "$new_workdir/.git/$x" || failed
done
cd "$new_workdir" || failed
trap - $siglist
`
	for _, tc := range []struct {
		name, script string
		own          bool
	}{
		// git-new-workdir REPO '' as root: test -d '' fails, mkdir -p /.git
		// succeeds, $(cd '' && pwd) is the directory it runs in, and
		// the cleanup trap deletes it.
		{"new-workdir: an empty argument", newWorkdir, false},
		{"new-workdir with test -n", strings.Replace(newWorkdir, "branch=$3\n", "branch=$3\ntest -n \"$new_workdir\" || die empty\n", 1), true},
		{"new-workdir with -z || ", strings.Replace(newWorkdir, "branch=$3\n", "branch=$3\n[ -z \"$new_workdir\" ] && die empty\n", 1), true},
		{"empty: mkdir -p below", "[ -e \"$d\" ] && exit\nmkdir -p \"$d/x\" || exit\nrm -rf \"$d/etc\"\n", false},
		{"empty: -d guard, mkdir -p below", "test -d \"$d\" && exit\nmkdir -p \"$d/t\" || exit\nrm -rf \"$d\"\n", false},
		{"-e X/. (X may be a file), cp", "[ -e \"$d/.\" ] && exit\ncp \"$s\" \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"exit guard, mkdir -p", "[ -e \"$d\" ] && exit 1\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", true},
		{"-d guard, mkdir -p below", "test -n \"$d\" || exit\ntest -d \"$d\" && exit 1\nmkdir -p \"$d/t\" || exit\nrm -rf \"$d\"\n", true},
		{"if guard, set -e", "if [ -e \"$d\" ]; then echo x; exit 2; fi\nset -e\nmkdir -p \"$d\"\nrm -rf \"$d\"\n", true},
		{"[[ ]]", "[[ -e $d ]] && exit\nmkdir \"$d\" || exit\nrm -rf \"$d\"\n", true},
		{"! -e || exit, && rm", "[ ! -e \"$d\" ] || exit\nmkdir -p \"$d\" && rm -rf \"$d\"\n", true},
		{"cp -RL", "[ -e \"$d\" ] && exit\ncp -RL \"$s\" \"$d\" || exit\nrm -rf \"$d\"\n", true},
		{"cp -R: the copied name", "[ -e \"$d\" ] && exit\ncp -Rp \"$s\" \"$d\" || exit\nrm -rf \"$d\"\n", true},
		{"an entry of a made dir", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nrm -rf \"$d/x\"\n", true},
		{"relative after cd", "[ -e \"$d\" ] && exit\nmkdir \"$d\" || exit\ncd \"$d\" || exit\nrm -rf .git\n", true},
		{"$(cd && pwd), then cd away", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nd=$(cd \"$d\" && pwd) || exit\ncd /\nrm -rf \"$d\"\n", true},
		{"die of the script", "die() { echo \"$@\" >&2; exit 1; }\n[ -e \"$d\" ] && die x\nmkdir -p \"$d\" || die y\nrm -rf \"$d\"\n", true},
		{"emptiness, an entry", "if test $(ls -a1 \"$d/.\" | wc -l) -ne 2; then exit 1; fi\nmkdir -p \"$d/.git\" || exit\nrm -rf \"$d/.git\" \"$d/x\"\n", true},
		{"cd .. back", "[ -e \"$d\" ] && exit\nmkdir \"$d\" || exit\ncd \"$d\" || exit\nmkdir sub || exit\ncd sub || exit\ncd .. || exit\nrm -rf .git\n", true},

		// The guard on another path, or not ending the script.
		{"another path", "[ -e \"$e\" ] && exit\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"&& echo", "[ -e \"$d\" ] && echo exists\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"|| exit: it exists", "[ -e \"$d\" ] || exit\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"! -e && exit", "[ ! -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"if without exit", "if [ -e \"$d\" ]; then echo x; fi\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"top-level return goes on", "[ -e \"$d\" ] && return\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"(exit) in a subshell", "[ -e \"$d\" ] && (exit 1)\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"die that does not exit", "die() { echo \"$@\"; }\n[ -e \"$d\" ] && die x\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"die redefined", "die() { exit 1; }\ndie() { echo; }\n[ -e \"$d\" ] && die x\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"mkdir redefined", "mkdir() { :; }\n[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"emptiness -gt 2 (ls may fail)", "if test $(ls -a1 \"$d/.\" | wc -l) -gt 2; then exit 1; fi\nmkdir -p \"$d/.git\" || exit\nrm -rf \"$d/.git\"\n", false},
		{"emptiness: not the dir itself", "if test $(ls -a1 \"$d/.\" | wc -l) -ne 2; then exit 1; fi\nmkdir -p \"$d/.git\" || exit\nrm -rf \"$d\"\n", false},
		{"ls -A", "if test $(ls -A \"$d/.\" | wc -l) -ne 0; then exit 1; fi\nmkdir -p \"$d/.git\" || exit\nrm -rf \"$d/.git\"\n", false},

		// What the word names changes between the proof and the use.
		{"reassigned after", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nd=$HOME\nrm -rf \"$d\"\n", false},
		{"reassigned between", "[ -e \"$d\" ] && exit\nd=~\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"read", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nread d\nrm -rf \"$d\"\n", false},
		{"eval", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\neval \"$x\"\nrm -rf \"$d\"\n", false},
		{"source", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\n. ./conf\nrm -rf \"$d\"\n", false},
		{"${d:=}", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\n: ${d:=/}\nrm -rf \"$d\"\n", false},
		{"a function reassigns", "f() { d=~; }\n[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nf\nrm -rf \"$d\"\n", false},
		{"declare -n", "declare -n r=d\n[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nr=/\nrm -rf \"$d\"\n", false},
		{"cd elsewhere", "[ -e d ] && exit\nmkdir -p d || exit\ncd /tmp/x || exit\nrm -rf d\n", false},
		{"a value maybe relative, after cd", "d=$1/x\n[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\ncd / || exit\nrm -rf \"$d\"\n", false},
		{"cd ..", "[ -e d ] && exit\nmkdir -p d || exit\ncd .. || exit\nrm -rf d\n", false},
		{"cd unchecked", "[ -e \"$d\" ] && exit\nmkdir \"$d\" || exit\ncd \"$d\"\nrm -rf .git\n", false},
		{"deeper than an entry", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nrm -rf \"$d/x/y\"\n", false},
		{"cp -R: inside the copy", "[ -e \"$d\" ] && exit\ncp -Rp \"$s\" \"$d\" || exit\nrm -rf \"$d/x\"\n", false},
		{"cp -R: cd into the copy", "[ -e \"$d\" ] && exit\ncp -Rp \"$s\" \"$d\" || exit\ncd \"$d\" || exit\nrm -rf .git\n", false},

		// Paths that are not plain.
		{"..", "[ -e \"a/../$d\" ] && exit\nmkdir -p \"a/../$d\" || exit\nrm -rf \"a/../$d\"\n", false},
		{"the parent", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nrm -rf \"$d/..\"\n", false},
		{"a glob", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"*\n", false},
		{"unquoted in the rm", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nrm -rf $d\n", false},
		{"unquoted value with a space", "d='a b'\n[ -e $d ] && exit\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"trailing slash", "[ -e \"$d\" ] && exit\ncp -R \"$s\" \"$d\" || exit\nrm -rf \"$d/\"\n", false},
		{"~", "[ -e ~/x ] && exit\nmkdir -p ~/x || exit\nrm -rf ~/x\n", false},
		{"substitution", "[ -e \"$(x)\" ] && exit\nmkdir -p \"$(x)\" || exit\nrm -rf \"$(x)\"\n", false},
		{"positional", "[ -e \"$1\" ] && exit\nmkdir -p \"$1\" || exit\nrm -rf \"$1\"\n", false},
		{"$HOME, -e || exit", "d=$HOME\n[ -e \"$d\" ] || exit\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"$HOME, no proof", "d=$HOME\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},

		// The creation may fail, or make nothing.
		{"mkdir unchecked", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\"\nrm -rf \"$d\"\n", false},
		{"mkdir -p below unchecked, -d guard", "test -d \"$d\" && exit\nmkdir -p \"$d/t\"\nrm -rf \"$d\"\n", false},
		{"set +e", "set -e\nset +e\n[ -e \"$d\" ] && exit\nmkdir -p \"$d\"\nrm -rf \"$d\"\n", false},
		{"mkdir -p of the parent only", "[ -e \"$d/x\" ] && exit\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"cp onto a dir not proved absent", "cp -R \"$s\" \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"cp after -d only (a file)", "test -d \"$d\" && exit\ncp -R \"$s\" \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"ln between", "[ -e \"$d\" ] && exit\nln -s ~ \"$d\"\nmkdir -p \"$d\" || exit\nrm -rf \"$d/x\"\n", false},
		{"a redirection between", "[ -e \"$d\" ] && exit\necho x > \"$d\"\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"an unknown command between", "[ -e \"$d\" ] && exit\ntar xf a.tar\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},

		// Functions and traps.
		{"cleanup set before the proof", "cleanup() { rm -rf \"$d\"; }\ntrap cleanup EXIT\n[ -e \"$d\" ] && exit 1\nmkdir -p \"$d\" || exit\n", false},
		{"reassigned after the function", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\ncleanup() { rm -rf \"$d\"; }\ntrap cleanup EXIT\nd=$HOME\n", false},
		{"another function reassigns", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\ncleanup() { rm -rf \"$d\"; }\ng() { d=/; }\n", false},
		{"relative in a function after cd", "[ -e d ] && exit\nmkdir d || exit\nc() { rm -rf d; }\ncd / || exit\nc\n", false},
		{"a trap that reassigns", "trap 'd=/' INT\n[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"function defined twice", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nc() { rm -rf \"$d\"; }\nc() { rm -rf \"$d\"; }\n", false},
		{"reassigned in a loop after the rm", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nwhile :; do rm -rf \"$d\"; d=/; done\n", false},
		{"a case arm only", "case $x in a) [ -e \"$d\" ] && exit ;; esac\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"$(cd; pwd) of a dir not made", "[ -e \"$d\" ] && exit\ne=$(cd \"$d\"; pwd)\nmkdir -p \"$d\" || exit\nrm -rf \"$e\"\n", false},
		{"unset -f", "die() { exit 1; }\nunset -f die\n[ -e \"$d\" ] && die\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"sh -c in a script", "sh -c '[ -e \"$d\" ] && exit; mkdir -p \"$d\" || exit; rm -rf \"$d\"'\n", false},
		{"a script the script writes", "cat > x.sh <<'EOF'\n[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\nEOF\nsh x.sh\n", false},
		{"case ;& falls through", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\ncase $x in a) d=~ ;& b) rm -rf \"$d\" ;; esac\n", false},
		{"case ;;& goes on", "[ -e \"$d\" ] && exit\nmkdir -p \"$d\" || exit\ncase $x in a) d=~ ;;& *) rm -rf \"$d\" ;; esac\n", false},
		{"die from a sourced library", ". ./lib.sh\n[ -e \"$d\" ] && die x\nmkdir -p \"$d\" || die y\nrm -rf \"$d\"\n", true},
		{"die defined nowhere", "[ -e \"$d\" ] && die x\nmkdir -p \"$d\" || exit\nrm -rf \"$d\"\n", false},
		{"set -e off in a || list", "set -e\ntest -n \"$d\" || exit\ntest -d \"$d\" && exit\n{ mkdir -p \"$d/t\"; rm -rf \"$d\"; } || true\n", false},
		{"set -e off in an if condition", "set -e\ntest -n \"$d\" || exit\ntest -d \"$d\" && exit\nif { mkdir -p \"$d/t\"; rm -rf \"$d\"; }; then :; fi\n", false},
		{"set -e back on after", "set -e\ntest -n \"$d\" || exit\ntest -d \"$d\" && exit\n{ true; } || true\nmkdir -p \"$d/t\"\nrm -rf \"$d\"\n", true},
		{"loop", "for d in a b; do [ -e \"$d\" ] && exit; mkdir \"$d\" || exit; done\nrm -rf \"$d\"\n", false},
	} {
		r := Commands(tc.script, Options{File: true})
		got := false
		for _, c := range r.Commands {
			if c.Name() == "rm" {
				for _, w := range c.Args[1:] {
					if !strings.HasPrefix(w.Value, "-") {
						got = got || w.Made
					}
				}
			}
		}
		if got != tc.own {
			t.Errorf("%s: %q: own %v, want %v", tc.name, tc.script, got, tc.own)
		}
		for _, c := range Commands(tc.script, Options{}).Commands {
			for _, w := range c.Args {
				if w.Made {
					t.Errorf("%s: Made outside a script file", tc.name)
				}
			}
		}
	}
}

// TestAbsentRepo: a git command run at the top of a repository the script
// made (git init or git clone into a path it proved absent or empty) is
// marked OwnRepo; the bypass attempts are not.
func TestAbsentRepo(t *testing.T) {
	const clone = "[ -e \"$d\" ] && exit 1\ngit clone -q --depth 1 \"$url\" \"$d\" || exit\n"
	for _, tc := range []struct {
		name, script string
		own          bool
	}{
		{"clone, cd, discards", clone + "cd \"$d\" || exit\ngit checkout -f v1\ngit clean -fdx\ngit reset --hard origin/main\n", true},
		{"clone, -C", clone + "git -C \"$d\" reset --hard\n", true},
		{"clone under set -e", "set -e\ntest -e \"$d\" && exit 1\ngit clone \"$url\" \"$d\"\ncd \"$d\"\ngit fetch\ngit reset --hard FETCH_HEAD\n", true},
		{"mkdir, cd, git init", "[ -e \"$d\" ] && exit\nmkdir \"$d\" || exit\ncd \"$d\" || exit\ngit init -q || exit\ngit checkout -f\n", true},
		{"init DIR", "[ -e \"$d\" ] && exit\ngit init \"$d\" || exit\ngit -C \"$d\" stash clear\n", true},
		{"clone into an empty dir", "if test $(ls -a1 \"$d/.\" | wc -l) -ne 2; then exit 1; fi\ngit clone \"$url\" \"$d\" || exit\ncd \"$d\" || exit\ngit clean -fdx\n", true},

		{"git init unchecked", "[ -e \"$d\" ] && exit\nmkdir \"$d\" || exit\ncd \"$d\" || exit\ngit init -q\ngit checkout -f\n", false},
		// A clone that succeeded is its own proof: git clone refuses a
		// file, a dangling link and a directory that is not empty
		// (cdback.go).
		{"no proof but the clone's", "git clone \"$url\" \"$d\" || exit\ncd \"$d\" || exit\ngit checkout -f\n", true},
		{"clone unchecked", "[ -e \"$d\" ] && exit\ngit clone \"$url\" \"$d\"\ncd \"$d\" || exit\ngit checkout -f\n", false},
		{"a subdirectory", clone + "cd \"$d/sub\" || exit\ngit checkout -f\n", false},
		{"cd .. after", clone + "cd \"$d\" || exit\ncd ..\ngit clean -fdx\n", false},
		{"cd unchecked", clone + "cd \"$d\"\ngit clean -fdx\n", false},
		{"rm .git between", clone + "cd \"$d\" || exit\nrm -rf .git\ngit checkout -f .\n", false},
		{"rm .git in a loop", clone + "cd \"$d\" || exit\nfor f in .git; do rm -rf \"$f\"; done\ngit checkout -f\n", false},
		{"git config between", clone + "cd \"$d\" || exit\ngit config core.worktree /home/u/src\ngit checkout -f\n", false},
		{"-c core.worktree", clone + "cd \"$d\" || exit\ngit -c core.worktree=/home/u/src checkout -f\n", false},
		{"GIT_DIR prefix", clone + "cd \"$d\" || exit\nGIT_DIR=/home/u/src/.git git checkout -f\n", false},
		{"GIT_WORK_TREE exported", clone + "cd \"$d\" || exit\nexport GIT_WORK_TREE=/home/u/src\ngit checkout -f\n", false},
		{"--git-dir", clone + "cd \"$d\" || exit\ngit --git-dir=/home/u/src/.git checkout -f\n", false},
		{"--separate-git-dir", "[ -e \"$d\" ] && exit\ngit clone --separate-git-dir=/home/u/.git \"$url\" \"$d\" || exit\ncd \"$d\" || exit\ngit checkout -f\n", false},
		{"--template", "[ -e \"$d\" ] && exit\ngit clone --template=/x \"$url\" \"$d\" || exit\ncd \"$d\" || exit\ngit checkout -f\n", false},
		{"unquoted options", "[ -e \"$d\" ] && exit\ngit clone $opts \"$d\" || exit\ncd \"$d\" || exit\ngit checkout -f\n", false},
		{"worktree add", "[ -e \"$d\" ] && exit\ngit worktree add \"$d\" || exit\ncd \"$d\" || exit\ngit checkout -f\n", false},
		{"a copy (bootstrap.bash)", "[ -e \"$d\" ] && exit\ncp -Rp \"$s\" \"$d\" || exit\ncd \"$d\" || exit\ngit clean -f -d\n", false},
		{"git init in a dir not proved empty", "cd \"$d\" || exit\ngit init -q\ngit checkout -f\n", false},
		{"git redefined", "git() { command git \"$@\"; }\n" + clone + "cd \"$d\" || exit\ngit checkout -f\n", false},
		{"reassigned", clone + "d=$HOME\ncd \"$d\" || exit\ngit checkout -f\n", false},
		{"sh -c", "sh -c '[ -e \"$d\" ] && exit; git clone \"$u\" \"$d\" || exit; cd \"$d\" || exit; git checkout -f'\n", false},
	} {
		got := false
		for _, c := range Commands(tc.script, Options{File: true}).Commands {
			got = got || c.OwnRepo
		}
		if got != tc.own {
			t.Errorf("%s: %q: own %v, want %v", tc.name, tc.script, got, tc.own)
		}
		for _, c := range Commands(tc.script, Options{}).Commands {
			if c.OwnRepo {
				t.Errorf("%s: OwnRepo outside a script file", tc.name)
			}
		}
	}
}
