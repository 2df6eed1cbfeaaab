package parse

import (
	"strings"
	"testing"
)

// TestRedteam3Own: bypass attempts against the script-file analyses that
// make an rm operand the script's own (absent.go, made.go, scratch.go):
// the shell's own variables, a die that may return, eval defining die,
// data moved into the made name, wait -p, arithmetic that assigns, a
// CDPATH set by the script. None may be own; the look-alikes must.
func TestRedteam3Own(t *testing.T) {
	const guard = "test -d \"$d\" && exit 1\nmkdir -p \"$d\" || exit 1\n"
	for _, tc := range []struct {
		name, script string
		own          bool
	}{
		// look-alikes that stay own
		{"absent: plain", "d=\"$T\"\n" + guard + "rm -rf \"$d\"\n", true},
		{"absent: die that exits", "die() { echo \"$*\" >&2; exit 1; }\nd=\"$T\"\ntest -d \"$d\" && die x\nmkdir -p \"$d\" || exit 1\nrm -rf \"$d\"\n", true},
		{"made: mkdir || exit", "mkdir \"$d\" || exit\nrm -rf \"$d\"\n", true},
		{"scratch: work", "rm -rf work\nmkdir work\n", true},

		// absent.go (mkdir -p: made.go does not read it)
		{"absent: return before exit", "warn() { echo; return 0; exit 1; }\nd=\"$T\"\ntest -d \"$d\" && warn x\nmkdir -p \"$d\" || exit 1\nrm -rf \"$d\"\n", false},
		{"absent: die may return", "die() { echo; [ -n \"$F\" ] && return 0; exit 1; }\nd=\"$T\"\ntest -d \"$d\" && die x\nmkdir -p \"$d\" || exit 1\nrm -rf \"$d\"\n", false},
		{"absent: eval defines die", "eval 'die() { :; }'\nd=\"$T\"\ntest -d \"$d\" && die x\nmkdir -p \"$d\" || exit 1\nrm -rf \"$d\"\n", false},
		{"absent: $_", "echo /tmp/fresh\ntest -d \"$_\" && exit 1\nmkdir -p \"$_\" || exit 1\nls /home\nrm -rf \"$_\"\n", false},
		{"absent: $REPLY", "read -r\ntest -d \"$REPLY\" && exit 1\nmkdir -p \"$REPLY\" || exit 1\nread -r\nrm -rf \"$REPLY\"\n", false},
		{"absent: $OPTARG", "getopts d: o\ntest -d \"$OPTARG\" && exit 1\nmkdir -p \"$OPTARG\" || exit 1\ngetopts d: o\nrm -rf \"$OPTARG\"\n", false},
		{"absent: $BASH_REMATCH", "[[ $x =~ .* ]]\ntest -d \"$BASH_REMATCH\" && exit 1\nmkdir -p \"$BASH_REMATCH\" || exit 1\n[[ $HOME =~ .* ]]\nrm -rf \"$BASH_REMATCH\"\n", false},
		{"absent: select sets REPLY", "test -d \"$REPLY\" && exit 1\nmkdir -p \"$REPLY\" || exit 1\nselect x in a b; do break; done\nrm -rf \"$REPLY\"\n", false},
		{"absent: mv into the name", "d=\"$T\"\n" + guard + "mv \"$HOME/Documents\" \"$d/\"\nrm -rf \"$d\"\n", false},
		{"absent: mv onto the name", "d=\"$T\"\n" + guard + "rmdir \"$d\"\nmv \"$HOME/Documents\" \"$d\"\nrm -rf \"$d\"\n", false},
		{"absent: bind mount over it", "d=\"$T\"\n" + guard + "mount --bind \"$HOME\" \"$d\"\nrm -rf \"$d\"\n", false},
		{"absent: mv after a cleanup function", "d=\"$T\"\n" + guard + "cleanup() { rm -rf \"$d\"; }\nmv \"$HOME/Documents\" \"$d/\"\ncleanup\n", false},
		{"absent: wait -p", "d=fresh\n" + guard + "sleep 1 &\nwait -n -p d\nrm -rf \"$d\"\n", false},
		{"absent: index arithmetic", "d=fresh\n" + guard + "echo \"${a[d=0]}\"\nrm -rf \"$d\"\n", false},
		{"absent: [[ ${d:=} ]]", "d=fresh\n" + guard + "[[ -n ${d:=x} ]]\nrm -rf \"$d\"\n", false},
		{"absent: [[ -eq ]] arithmetic", "d=fresh\n" + guard + "[[ $n -eq 0 ]]\nrm -rf \"$d\"\n", false},

		{"absent: sudo mv into the name", "d=\"$T\"\n" + guard + "sudo mv \"$HOME/Documents\" \"$d/\"\nrm -rf \"$d\"\n", false},
		{"absent: find -exec mv", "d=\"$T\"\n" + guard + "find ~/Documents -exec mv {} \"$d\"/ \\;\nrm -rf \"$d\"\n", false},
		{"absent: sh -c mv", "d=\"$T\"\n" + guard + "sh -c \"mv ~/Documents $d/\"\nrm -rf \"$d\"\n", false},

		// made.go
		{"made: $_", "echo /tmp/fresh\nmkdir \"$_\" || exit\nls /home\nrm -rf \"$_\"\n", false},
		{"made: $REPLY", "read -r\nmkdir \"$REPLY\" || exit\nread -r\nrm -rf \"$REPLY\"\n", false},
		{"made: mv into it", "mkdir \"$d\" || exit\nmv ~/thesis \"$d\"/\nrm -rf \"$d\"\n", false},
		{"made: wait -p", "mkdir \"$d\" || exit\nwait -n -p d\nrm -rf \"$d\"\n", false},
		{"made: index arithmetic", "mkdir \"$d\" || exit\necho \"${a[d=0]}\"\nrm -rf \"$d\"\n", false},
		{"made: [[ -eq ]]", "mkdir \"$d\" || exit\n[[ $n -eq 0 ]]\nrm -rf \"$d\"\n", false},

		{"made: xargs mv", "mkdir \"$d\" || exit\nxargs mv -t \"$d\" < list\nrm -rf \"$d\"\n", false},

		// scratch.go
		{"scratch: CDPATH set by the script", "set -e\nCDPATH=/home/alice\nrm -rf work\nmkdir work\ncd tmp\ncd ..\nrm -rf work\n", false},
		{"scratch: Projects", "rm -rf Projects\nmkdir Projects\n", false},
		{"scratch: .thunderbird", "rm -rf .thunderbird\nmkdir .thunderbird\n", false},
		{"scratch again: plain", "set -e\nrm -rf work\nmkdir work\necho x\nrm -rf work\n", true},
		{"scratch again: sudo mv into it", "set -e\nrm -rf work\nmkdir work\nsudo mv ~/thesis work/\nrm -rf work\n", false},
		{"scratch again: find -exec mv", "set -e\nrm -rf work\nmkdir work\nfind ~/thesis -exec mv {} work/ \\;\nrm -rf work\n", false},
		{"scratch: $REPLY", "read -r\nrm -rf \"$REPLY\"\nmkdir \"$REPLY\"\n", false},
	} {
		r := Commands(tc.script, Options{File: true, Shell: "bash"})
		got := false
		for _, c := range r.Commands {
			if c.Name() == "rm" {
				if strings.HasPrefix(tc.name, "scratch again") {
					got = false // the rm after the mkdir: the first one resets
				}
				for _, w := range c.Args[1:] {
					if !strings.HasPrefix(w.Value, "-") {
						got = got || w.Made || w.Scratch
					}
				}
			}
		}
		if got != tc.own {
			t.Errorf("%s: %q: own %v, want %v", tc.name, tc.script, got, tc.own)
		}
	}
}

// TestRedteam3Dirs: a mkdir inside ( … ) proves nothing after it (set -e
// and || exit there end the subshell only), and eval 'set +e' turns set -e
// off for the mkdirs after it.
func TestRedteam3Dirs(t *testing.T) {
	for _, tc := range []struct {
		line string
		dir  bool
	}{
		{"set -e; mkdir -p /opt/f; chmod 2775 /opt/f", true},
		{"mkdir -p /opt/f && { chmod 2775 /opt/f; }", true},
		{"(mkdir -p /opt/f || exit 1); chmod 2775 /opt/f", false},
		{"(set -e; mkdir -p /opt/f); chmod 2775 /opt/f", false},
		{"set -e; (mkdir -p /opt/f); chmod 2775 /opt/f", true},
		{"set -e; eval 'set +e'; mkdir -p /opt/f; chmod 2775 /opt/f", false},
	} {
		got := false
		for _, c := range Commands(tc.line, Options{}).Commands {
			if c.Name() == "chmod" {
				got = c.Dirs["/opt/f"]
			}
		}
		if got != tc.dir {
			t.Errorf("%q: Dirs[/opt/f] %v, want %v", tc.line, got, tc.dir)
		}
	}
}
