package parse

import (
	"strings"
	"testing"
)

// TestRewrittenGit: a git discard of a path that holds what the script's
// own git checkout wrote there is quiet (x/tools lcs/git.sh); the bypass
// attempts, written first, are not.
func TestRewrittenGit(t *testing.T) {
	const lcs = `#!/bin/bash
set -eu
file=internal/protocol/tsprotocol.go
tmp=$(mktemp -d)
git log $file |
  awk '/^commit / {print $2}' |
  nl -ba -nrz |
  while read n hash; do
    git checkout --quiet $hash $file
    cp -f $file $tmp/$n
  done
(cd $tmp && zip -q - *) > testdata.zip
rm -fr $tmp
git restore --staged $file
git restore $file
echo "Created testdata.zip"
`
	rep := func(old, new string) string {
		if !strings.Contains(lcs, old) {
			t.Fatalf("%q not in the script", old)
		}
		return strings.Replace(lcs, old, new, 1)
	}
	const straight = "set -e\nf=a.txt\ngit checkout v1 -- \"$f\"\ncp \"$f\" /tmp/old\ngit checkout -- \"$f\"\n"
	for _, tc := range []struct {
		name, script string
		quiet        bool
	}{
		{"lcs/git.sh", lcs, true},
		{"lcs, zip ARCHIVE \"$tmp\"/*", rep("(cd $tmp && zip -q - *) > testdata.zip", `zip -q testdata.zip "$tmp"/*`), true},
		{"lcs, zip ARCHIVE $tmp/* unquoted (it may split)", rep("(cd $tmp && zip -q - *) > testdata.zip", `zip -q testdata.zip $tmp/*`), false},
		{"lcs, quoted", rep("(cd $tmp && zip -q - *)", `(cd "$tmp" && zip -q - *)`), true},
		{"lcs, cd; zip", rep("(cd $tmp && zip -q - *)", "(cd $tmp; zip -q - *)"), true},
		{"lcs, tar", rep("(cd $tmp && zip -q - *)", "(cd $tmp && tar -czf ../x.tgz *)"), true},
		{"lcs, zip \"$tmp\"/*", rep("(cd $tmp && zip -q - *) > testdata.zip", `zip -q -j testdata.zip "$tmp"/*`), false}, // -j not read
		{"lcs, cat \"$tmp\"/*", rep("(cd $tmp && zip -q - *) > testdata.zip", `cat "$tmp"/* > all.txt`), true},
		{"lcs, git checkout -- at the end", rep("git restore $file\n", "git checkout -- $file\n"), true},
		{"straight line, git checkout -- after git checkout REV --", straight, true},
		{"straight line, restore", strings.Replace(straight, "git checkout -- \"$f\"", "git restore \"$f\"", 1), true},

		// The path may be a directory: git checkout REV -- DIR writes only
		// the files REV has there (overlay), git restore DIR all of the
		// index's, so an edit of a file REV lacks is lost only at D2. A cp
		// without -r of it (it fails on a directory) or test -f shows it
		// is not one.
		{"straight line, no proof the path is a file", strings.Replace(straight, "cp \"$f\" /tmp/old\n", "", 1), false},
		{"straight line, cp -r", strings.Replace(straight, "cp \"$f\" /tmp/old", "cp -r \"$f\" /tmp/old", 1), false},
		{"straight line, cp -t", strings.Replace(straight, "cp \"$f\" /tmp/old", "cp -t /tmp/old \"$f\"", 1), false},
		{"straight line, cp before the checkout", "set -e\nf=a.txt\ncp \"$f\" /tmp/old\ngit checkout v1 -- \"$f\"\ngit checkout -- \"$f\"\n", false},
		{"straight line, test -f", strings.Replace(straight, "cp \"$f\" /tmp/old", "test -f \"$f\"", 1), true},
		{"straight line, [ -f ]", strings.Replace(straight, "cp \"$f\" /tmp/old", "[ -f \"$f\" ]", 1), true},
		{"straight line, [ -e ]", strings.Replace(straight, "cp \"$f\" /tmp/old", "[ -e \"$f\" ]", 1), false},
		{"straight line, test -f || true", strings.Replace(straight, "cp \"$f\" /tmp/old", "test -f \"$f\" || true", 1), false},
		{"lcs, cp -r in the body", rep("cp -f $file $tmp/$n", "cp -rf $file $tmp/$n"), false},
		{"lcs, the body copies another file", rep("cp -f $file $tmp/$n", "cp -f other.go $tmp/$n"), false},

		// Data moved into the path by a program of the lists.
		{"tar --remove-files into the file", rep("git restore $file\n", "tar -cf $file --remove-files ~/notes\ngit restore $file\n"), false},
		{"zip -m into the file", rep("git restore $file\n", "zip -m $file ~/notes\ngit restore $file\n"), false},
		{"cp -l onto the file", rep("git restore $file\n", "cp -lf ~/notes $file\ngit restore $file\n"), false},
		{"ln onto the file", rep("git restore $file\n", "ln -f ~/notes $file\ngit restore $file\n"), false},

		// Second round, against the first version.
		{"for loop", rep("git log $file |\n  awk '/^commit / {print $2}' |\n  nl -ba -nrz |\n  while read n hash; do", "for hash in $(git rev-list HEAD -- $file); do\n    n=$hash"), false}, // n= in the body: not read
		{"for loop, cp into the directory", rep("git log $file |\n  awk '/^commit / {print $2}' |\n  nl -ba -nrz |\n  while read n hash; do\n    git checkout --quiet $hash $file\n    cp -f $file $tmp/$n", "for hash in $(git rev-list HEAD -- $file); do\n    git checkout --quiet $hash $file\n    cp -f $file $tmp/"), true},
		{"for loop, an editor in its words", rep("git log $file |\n  awk '/^commit / {print $2}' |\n  nl -ba -nrz |\n  while read n hash; do\n    git checkout --quiet $hash $file\n    cp -f $file $tmp/$n", "for hash in $(vi $file; git rev-list HEAD -- $file); do\n    git checkout --quiet $hash $file\n    cp -f $file $tmp/"), false},
		{"a stage writes into the directory", rep("git log $file |", "git log --output=$tmp/x $file |"), false},
		{"a stage runs an editor", rep("nl -ba -nrz |", "nl -ba -nrz $(vi $file) |"), false},
		{"set +e in the body", rep("    git checkout --quiet $hash $file\n", "    set +e\n    git checkout --quiet $hash $file\n"), false},
		{"the body's cp runs an editor", rep("cp -f $file $tmp/$n", "cp -f $file $tmp/$n$(vi $file)"), false},
		{"a move in the proof's archive name", rep("zip -q - *", "zip -q $(mv ~/notes $file; echo -) *"), false},
		{"an editor in the proof's cd", rep("(cd $tmp && zip", "(cd $tmp$(vi $file) && zip"), false},
		{"git checkout of a branch between", rep("git restore $file\n", "git checkout other\ngit restore $file\n"), false},

		{"a move in an assignment's substitution", rep("git restore $file\n", "x=$(mv ~/notes $file)\ngit restore $file\n"), false},
		{"a move in mktemp's words", rep("tmp=$(mktemp -d)", "tmp=$(mktemp -d $(mv ~/notes internal/protocol/tsprotocol.go))"), false},
		{"an editor in a quiet command's words", rep("git restore $file\n", "echo $(vi $file)\ngit restore $file\n"), false},
		{"a checkout before the loop writes into the directory", rep("git log $file |", "git checkout v1 -- $file > $tmp/x\ngit log $file |"), false},

		{"a mover in the background before", "( sleep 1; mv ~/notes internal/protocol/tsprotocol.go ) &\n" + lcs, false},
		{"a DEBUG trap", "trap 'mv ~/notes internal/protocol/tsprotocol.go' DEBUG\n" + lcs, false},
		{"an ERR trap", "trap 'mv ~/notes internal/protocol/tsprotocol.go' ERR\n" + lcs, false},
		{"a signal trap", "trap 'mv ~/notes internal/protocol/tsprotocol.go' USR1\n" + lcs, false},
		{"an EXIT trap", "trap 'rm -rf \"$tmp\"' EXIT\n" + lcs, true},
		{"coproc", "coproc { sleep 1; mv ~/notes internal/protocol/tsprotocol.go; }\n" + lcs, false},

		// The loop may not have run.
		{"no proof the loop ran", rep("(cd $tmp && zip -q - *) > testdata.zip\n", ""), false},
		{"proof on another directory", rep("(cd $tmp && zip -q - *)", "(cd $other && zip -q - *)"), false},
		{"proof with || true", rep("(cd $tmp && zip -q - *) > testdata.zip", "(cd $tmp && zip -q - *) > testdata.zip || true"), false},
		{"proof negated", rep("(cd $tmp && zip -q - *) > testdata.zip", "! (cd $tmp && zip -q - *) > testdata.zip"), false},
		{"proof in the background", rep("(cd $tmp && zip -q - *) > testdata.zip", "(cd $tmp && zip -q - *) > testdata.zip &"), false},
		{"zip -@ reads names from stdin", rep("zip -q - *", "zip -q -@ - *"), false},
		{"zip with a second input", rep("zip -q - *", "zip -q - * ../other"), false},
		{"zip of a quoted star", rep("zip -q - *", "zip -q - ./x*"), false},
		{"a program that does not fail", rep("zip -q - *", "echo *"), false},
		{"no set -e", rep("set -eu\n", "set -u\n"), false},
		{"set +e before the loop", rep("tmp=$(mktemp -d)\n", "tmp=$(mktemp -d)\nset +e\n"), false},
		{"set +e before the proof", rep("(cd $tmp", "set +e\n(cd $tmp"), false},
		{"shopt -s nullglob", rep("set -eu\n", "set -eu\nshopt -s nullglob\n"), false},
		{"IFS assigned", rep("set -eu\n", "set -eu\nIFS=/\n"), false},
		{"tmp not from mktemp -d", rep("tmp=$(mktemp -d)", "tmp=/tmp/work"), false},
		{"tmp from mktemp -u", rep("tmp=$(mktemp -d)", "tmp=$(mktemp -d -u)"), false},
		{"tmp written before the loop", rep("git log $file |", "touch $tmp/x\ngit log $file |"), false},
		{"tmp written by a redirect before the loop", rep("git log $file |", "echo > $tmp/x\ngit log $file |"), false},
		{"the proof's redirect writes into tmp", rep("> testdata.zip", "> $tmp/z"), false},
		{"cp before the checkout in the body", rep("    git checkout --quiet $hash $file\n    cp -f $file $tmp/$n\n", "    cp -f $file $tmp/$n\n    git checkout --quiet $hash $file\n"), false},
		{"checkout || true in the body", rep("git checkout --quiet $hash $file", "git checkout --quiet $hash $file || true"), false},
		{"continue in the body", rep("    cp -f $file $tmp/$n\n", "    continue\n    cp -f $file $tmp/$n\n"), false},
		{"the loop is not the last stage", rep("  done\n", "  done | cat\n"), false},
		{"the loop's output redirected into tmp", rep("  done\n", "  done > $tmp/log\n"), false},
		{"a loop stage writes", rep("nl -ba -nrz |", "tee $tmp/x |"), false},
		{"the loop reads into file", rep("while read n hash", "while read file hash"), false},
		{"an option as the revision", rep("git checkout --quiet $hash $file", "git checkout --quiet -b $file"), false},
		{"the revision from the caller", rep("git checkout --quiet $hash $file", "git checkout --quiet $1 $file"), false},
		{"checkout of another file", rep("git checkout --quiet $hash $file", "git checkout --quiet $hash other.go"), false},
		{"restore of another file too", rep("git restore $file\n", "git restore $file other.go\n"), false},
		{"file from the caller", rep("file=internal/protocol/tsprotocol.go", "file=$1"), false},
		{"file with a glob", rep("file=internal/protocol/tsprotocol.go", "file='internal/*.go'"), false},
		{"file reassigned before the restore", rep("git restore $file\n", "file=$HOME/notes.txt\ngit restore $file\n"), false},
		{"file read before the restore", rep("git restore $file\n", "read file\ngit restore $file\n"), false},
		{"cd before the restore", rep("git restore $file\n", "cd ~/project\ngit restore $file\n"), false},
		{"pushd before the restore", rep("git restore $file\n", "pushd ~/project\ngit restore $file\n"), false},
		{"mv into the file", rep("git restore $file\n", "mv ~/notes.txt $file\ngit restore $file\n"), false},
		{"sudo mv into the file", rep("git restore $file\n", "sudo mv ~/notes.txt $file\ngit restore $file\n"), false},
		{"an editor on the file", rep("git restore $file\n", "${EDITOR:-vi} $file\ngit restore $file\n"), false},
		{"vi on the file", rep("git restore $file\n", "vi $file\ngit restore $file\n"), false},
		{"git stash pop", rep("git restore $file\n", "git stash pop\ngit restore $file\n"), false},
		{"git -C elsewhere", rep("git restore $file\n", "git -C ../other restore $file\n"), false},
		{"GIT_WORK_TREE exported", rep("git restore $file\n", "export GIT_WORK_TREE=$HOME/src\ngit restore $file\n"), false},
		{"GIT_WORK_TREE prefix", rep("git restore $file\n", "GIT_WORK_TREE=$HOME/src git restore $file\n"), false},
		{"git --work-tree", rep("git restore $file\n", "git --work-tree=$HOME/src restore $file\n"), false},
		{"eval", rep("git restore $file\n", "eval \"$x\"\ngit restore $file\n"), false},
		{"source", rep("git restore $file\n", ". ./lib.sh\ngit restore $file\n"), false},
		{"a function of the script", "f() { :; }\n" + rep("git restore $file\n", "f\ngit restore $file\n"), false},
		{"git redefined", "git() { :; }\n" + lcs, false},
		{"zip redefined", "zip() { :; }\n" + lcs, false},
		{"cd redefined", "cd() { :; }\n" + lcs, false},
		{"alias", "alias zip=true\n" + lcs, false},
		{"checkout -f BRANCH at the end", rep("git restore $file\n", "git checkout -f $file\n"), false},
		{"straight line without set -e", strings.Replace(straight, "set -e\n", "", 1), false},
		{"straight line, checkout of one operand", strings.Replace(straight, "git checkout v1 -- \"$f\"", "git checkout \"$f\"", 1), false},
		{"straight line, || true", strings.Replace(straight, "git checkout v1 -- \"$f\"", "git checkout v1 -- \"$f\" || true", 1), false},
		{"straight line, in an if", strings.Replace(straight, "git checkout v1 -- \"$f\"", "if c; then git checkout v1 -- \"$f\"; fi", 1), false},
		{"straight line, unknown command between", strings.Replace(straight, "cp \"$f\" /tmp/old", "./fix.sh", 1), false},
		{"straight line, checkout -p", strings.Replace(straight, "git checkout v1 --", "git checkout -p v1 --", 1), false},
	} {
		got := 0
		for _, c := range Commands(tc.script, Options{File: true}).Commands {
			if c.Rewritten {
				got++
				if !strings.HasPrefix(tc.script[c.Start:], "git restore") && !strings.HasPrefix(tc.script[c.Start:], "git checkout --") {
					t.Errorf("%s: Rewritten on %q", tc.name, tc.script[c.Start:c.End])
				}
			}
		}
		if (got > 0) != tc.quiet {
			t.Errorf("%s: %d quiet, want %v", tc.name, got, tc.quiet)
		}
		for _, c := range Commands(tc.script, Options{}).Commands {
			if c.Rewritten {
				t.Errorf("%s: Rewritten outside a script file", tc.name)
			}
		}
	}
	// Carriers inside a script file: the code they run is not the file's
	// top level.
	for _, carrier := range []string{
		"sh -c '" + straight + "'\n",
		"bash -c '" + straight + "'\n",
		"bash <<'EOF'\n" + straight + "EOF\n",
		"eval '" + straight + "'\n",
		"f() {\n" + straight + "}\nf\n",
	} {
		if anyRewritten(Commands(carrier, Options{File: true}).Commands) {
			t.Errorf("%q: Rewritten in code a command runs", carrier)
		}
	}
	// dash: cd a b goes to a, so an unquoted $tmp in the proof does not
	// count; quoted, it does.
	if c := Commands(lcs, Options{File: true, Shell: "sh"}).Commands; anyRewritten(c) {
		t.Errorf("sh: unquoted cd $tmp counted")
	}
	quoted := strings.Replace(lcs, "(cd $tmp &&", `(cd "$tmp" &&`, 1)
	if c := Commands(quoted, Options{File: true, Shell: "sh"}).Commands; !anyRewritten(c) {
		t.Errorf("sh: quoted cd \"$tmp\" not counted")
	}
	if c := Commands(lcs, Options{File: true, Shell: "zsh"}).Commands; anyRewritten(c) {
		t.Errorf("zsh counted")
	}
}

func anyRewritten(cs []*Command) bool {
	for _, c := range cs {
		if c.Rewritten {
			return true
		}
	}
	return false
}
