package check

import (
	"context"
	"testing"
)

// TestScriptScratchDir checks, as a CI file scan does (Script), a script
// that deletes a relative directory and creates it again (rm -rf work;
// mkdir work: Go's lib/time/update.bash), so the directory is its scratch
// directory, and deleting it again later in the same directory is too. The
// bypass attempts ask in the file; every text still asks at a prompt, where
// nothing is read this way (see parse.scratchWords).
func TestScriptScratchDir(t *testing.T) {
	const sh = "#!/bin/sh\n"
	for _, tt := range []struct {
		name      string
		text      string
		fileQuiet bool
	}{
		{"reset", sh + "rm -rf work\nmkdir work\n", true},
		{"reset, mkdir -p of a subdirectory", sh + "rm -rf work\nmkdir -p work/t\n", true},
		{"reset in an && list", sh + "rm -rf stage && mkdir stage\n", true},
		{"reset, rm checked", sh + "rm -rf work || exit 1\nmkdir -m 700 work\n", true},
		{"reset, rm on a branch, mkdir after it", sh + "case \"$force\" in\nt) rm -rf .git-rewrite ;;\nesac\nmkdir -p .git-rewrite/t\n", true},
		{"reset through a variable known here", sh + "d=work\nrm -rf \"$d\"\nmkdir \"$d\"\n", true},
		{"reset in a function body", sh + "build() {\n\trm -rf stage\n\tmkdir stage\n}\nbuild\n", true},
		{"update.bash: deleted again after cd work, cd z, cd ../..",
			"#!/bin/bash\nset -e\ncd $(dirname $0)\nrm -rf work\nmkdir work\ngo build -o work/mkzip mkzip.go\ncd work\nmkdir zoneinfo\ncurl -sS -L -O https://example.com/tz.tar.gz\ntar xzf tz.tar.gz\ncd zoneinfo\n../mkzip ../../zoneinfo.zip\ncd ../..\nfiles=\"a b\"\nif [ \"$1\" = \"-work\" ]; then\n\tshift\nelse\n\trm -rf work\nfi\n", true},
		{"deleted again, cd checked with || exit", sh + "rm -rf work\nmkdir work\ncd work || exit\ncd .. || exit\nrm -rf work\n", true},

		// A well-known source, home or system name is not scratch
		// because a script recreates it.
		{"source directory", sh + "rm -rf src\nmkdir src\n", false},
		{"lib", sh + "rm -rf lib\nmkdir lib\n", false},
		{".git", sh + "rm -rf .git\nmkdir .git\n", false},
		{"docs", sh + "rm -rf docs\nmkdir docs\n", false},
		{"inside a source directory", sh + "rm -rf src/gen\nmkdir -p src/gen\n", false},
		{".ssh", sh + "rm -rf .ssh\nmkdir .ssh\n", false},
		{"home", sh + "rm -rf ~/x\nmkdir ~/x\n", false},
		{"home through $HOME", sh + "rm -rf \"$HOME/x\"\nmkdir \"$HOME/x\"\n", false},
		{"system", sh + "rm -rf /etc/x\nmkdir /etc/x\n", false},
		{"absolute", sh + "rm -rf /srv/data\nmkdir /srv/data\n", false},
		{"parent", sh + "rm -rf ../x\nmkdir ../x\n", false},
		{"dot-dot inside", sh + "rm -rf work/../x\nmkdir work/../x\n", false},
		{"dot", sh + "rm -rf .\nmkdir .\n", false},
		{"unknown variable", sh + "rm -rf \"$d\"\nmkdir \"$d\"\n", false},
		{"positional parameter", sh + "rm -rf \"$1\"\nmkdir \"$1\"\n", false},
		{"option value", sh + "d=.tmp\nwhile getopts d: o; do d=$OPTARG; done\nrm -rf \"$d\"\nmkdir -p \"$d/t\"\n", false},
		{"a mkdir of another path", sh + "rm -rf work\nmkdir other\n", false},
		{"a mkdir of a longer name", sh + "rm -rf work\nmkdir work2\n", false},
		{"mkdir only on one branch", sh + "rm -rf work\nif [ -n \"$x\" ]; then mkdir work; fi\n", false},
		{"mkdir after &&", sh + "rm -rf work\ntest -n \"$x\" && mkdir work\n", false},
		{"mkdir before the rm", sh + "mkdir -p work\nrm -rf work\n", false},
		{"plain mkdir of a subdirectory", sh + "rm -rf work\nmkdir work/t\n", false},
		{"reassigned between", sh + "d=work\nrm -rf \"$d\"\nd=~\nmkdir \"$d\"\n", false},
		{"cd between", sh + "rm -rf work\ncd ..\nmkdir work\n", false},
		{"cd before", sh + "cd ..\nrm -rf work\nmkdir work\n", false},
		{"cd to a variable before", sh + "cd \"$1\"\nrm -rf work\nmkdir work\n", false},
		{"function call between", sh + "f() { cd /; }\nrm -rf work\nf\nmkdir work\n", false},
		{"source between", sh + "rm -rf work\n. ./conf\nmkdir work\n", false},
		{"glob", sh + "rm -rf work/*\nmkdir work\n", false},
		{"glob in the name", sh + "rm -rf work*\nmkdir work\n", false},
		{"mkdir is a function", sh + "mkdir() { :; }\nrm -rf work\nmkdir work\n", false},
		{"moved into it before", sh + "mv ~/data work\nrm -rf work\nmkdir work\n", false},
		{"moved into it before deleting again", sh + "rm -rf work\nmkdir work\nmv ~/data work/\nrm -rf work\n", false},
		{"deleted again in another directory", sh + "rm -rf work\nmkdir work\ncd ..\nrm -rf work\n", false},
		{"deleted again inside it", sh + "rm -rf work\nmkdir work\ncd work\nrm -rf work\n", false},
		{"deleted again after an unchecked cd", sh + "rm -rf work\nmkdir work\ncd work/x\ncd ../..\nrm -rf work\n", false},
		{"deleted again after cd -P", sh + "set -e\nrm -rf work\nmkdir work\ncd -P work\ncd ..\nrm -rf work\n", false},
		{"deleted again after set -P", sh + "set -e\nrm -rf work\nmkdir work\nset -P\ncd work\ncd ..\nrm -rf work\n", false},
		{"deleted again in a function", sh + "rm -rf work\nmkdir work\nf() { rm -rf work; }\ncd /\nf\n", false},
		{"trailing slash (a symlink's target)", sh + "rm -rf work/\nmkdir work/\n", false},
		{"through a directory", sh + "rm -rf tmpx/work\nmkdir -p tmpx/work\n", false},
		{"./name", sh + "rm -rf ./work\nmkdir ./work\n", true},
		{"a script written and run", sh + "cat > x.sh <<'EOF'\nrm -rf work\nmkdir work\nEOF\nsh x.sh\n", false},
		{"rm in a function, mkdir at the top", sh + "clean() { rm -rf work; }\nclean\nmkdir work\n", false},
		{"rm in the background", sh + "rm -rf work &\nmkdir work\n", false},
		{"mkdir runs only if the rm failed", sh + "rm -rf work || mkdir work\n", false},
		{"mktemp in one function, $1 in another",
			sh + "cleanup() { rm -rf \"$d\"; }\nmk() { d=$(mktemp -d); }\nuse() { d=$1; }\ntrap cleanup EXIT\nmk\nuse \"$HOME\"\n", false},
		{"mktemp in one function, $HOME in another",
			sh + "cleanup() { rm -rf \"$d\"; }\nmk() { d=$(mktemp -d); }\nuse() { d=$HOME; }\nmk\nuse\ncleanup\n", false},
		{"sh -c in the script", sh + "sh -c 'rm -rf work; mkdir work'\n", false},
		{"eval in the script", sh + "eval 'rm -rf work; mkdir work'\n", false},
	} {
		r := Script(context.Background(), "f.sh", tt.text, Options{Script: true})
		if quiet := len(r.Findings) == 0; quiet != tt.fileQuiet {
			t.Errorf("%s: file %q: findings %v, want quiet=%v", tt.name, tt.text, r.Findings, tt.fileQuiet)
		}
		if l := Line(context.Background(), tt.text, Options{}); l.Verdict == Allow {
			t.Errorf("%s: prompt %q: allowed", tt.name, tt.text)
		}
	}
}
