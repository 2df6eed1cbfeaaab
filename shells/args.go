// Package shells lets guardsh stand in for the user's shell: it reads its
// arguments the way bash does, finds the text that would run, and replaces
// itself with the real shell once that text has been checked.
package shells

import (
	"fmt"
	"strings"
	"sync"
)

// Mode says where a shell invocation takes its commands from.
type Mode int

const (
	// ModeCommand runs the text given with -c.
	ModeCommand Mode = iota
	// ModeScript runs a script file named on the command line.
	ModeScript
	// ModeStdin reads commands from standard input (-s, or no script).
	ModeStdin
	// ModeInfo runs nothing: --version, --help and the like only print
	// something.
	ModeInfo
)

// An Invocation is a shell command line as bash reads it.
type Invocation struct {
	Argv0 string   // argv[0] as the shell was started
	Args  []string // the arguments after argv[0], untouched

	Mode Mode
	// Command is the -c text (ModeCommand).
	Command string
	// Script is the script file (ModeScript).
	Script string
	// Name is what $0 becomes for -c, if given.
	Name string
	// Params are the positional parameters $1, $2, ...
	Params []string

	// RCFile is the file given with --rcfile or --init-file, which an
	// interactive bash reads first.
	RCFile string

	Login       bool // argv[0] starts with '-', or -l / --login
	Interactive bool // -i
	Posix       bool // --posix, or -o posix
	NoExec      bool // -n: read commands but do not run them
	NoProfile   bool // --noprofile: a login shell reads no profile
	NoRC        bool // --norc: an interactive shell reads no ~/.bashrc
}

// takesValue lists the long options of bash that consume the next argument.
var longWithValue = map[string]bool{"--rcfile": true, "--init-file": true}

// longOptions lists the long options bash accepts (bash 5).
var longOptions = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"--debug": true, "--debugger": true, "--dump-po-strings": true, "--dump-strings": true,
		"--help": true, "--login": true, "--noediting": true, "--noprofile": true, "--norc": true,
		"--posix": true, "--pretty-print": true, "--protected": true, "--restricted": true,
		"--verbose": true, "--version": true, "--wordexp": true,
		"--rcfile": true, "--init-file": true,
	}
})

// shortOptions are the single-letter options bash accepts after - or +.
// 'c', 'o' and 'O' are handled apart.
const shortOptions = "abefhikmnprstuvxBCDEHPTls"

// Parse reads a bash command line. It fails on what bash would refuse to
// start with (an unknown option, -c without a command); the caller then
// should not run anything.
func Parse(argv0 string, args []string) (*Invocation, error) {
	inv := &Invocation{Argv0: argv0, Args: args, Mode: ModeStdin}
	inv.Login = strings.HasPrefix(argv0, "-")
	i := 0
	// Long options come first, as in bash: once a short option has been
	// seen, "--login" is no longer recognised.
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "--") {
			break
		}
		if !longOptions()[a] {
			return nil, fmt.Errorf("%s: invalid option", a)
		}
		switch a {
		case "--login":
			inv.Login = true
		case "--posix":
			inv.Posix = true
		case "--noprofile":
			inv.NoProfile = true
		case "--norc":
			inv.NoRC = true
		case "--version", "--help", "--dump-strings", "--dump-po-strings":
			inv.Mode = ModeInfo
		}
		if longWithValue[a] {
			if i+1 >= len(args) {
				return nil, fmt.Errorf("%s: option requires an argument", a)
			}
			i++
			inv.RCFile = args[i]
		}
	}
	hasC, hasS := false, false
	info := inv.Mode == ModeInfo
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" {
			i++
			break
		}
		if len(a) < 2 || (a[0] != '-' && a[0] != '+') {
			break
		}
		if strings.HasPrefix(a, "--") {
			// A long option after a short one: bash rejects it.
			return nil, fmt.Errorf("%s: invalid option", a)
		}
		on := a[0] == '-'
		for j := 1; j < len(a); j++ {
			switch c := a[j]; c {
			case 'c':
				hasC = true
			case 's':
				hasS = true
			case 'i':
				inv.Interactive = on
			case 'l':
				inv.Login = inv.Login || on
			case 'n':
				inv.NoExec = on
			case 'o', 'O':
				// The value is the next argument, whatever
				// follows in this word.
				if i+1 >= len(args) {
					// "-o" alone lists the options, then the
					// shell goes on reading standard input.
					break
				}
				i++
				if c == 'o' && args[i] == "posix" {
					inv.Posix = on
				}
			default:
				if !strings.ContainsRune(shortOptions, rune(c)) {
					return nil, fmt.Errorf("%c%c: invalid option", a[0], c)
				}
			}
		}
	}
	rest := args[i:]
	switch {
	case hasC:
		if len(rest) == 0 {
			return nil, fmt.Errorf("-c: option requires an argument")
		}
		inv.Mode = ModeCommand
		inv.Command = rest[0]
		if len(rest) > 1 {
			inv.Name = rest[1]
			inv.Params = rest[2:]
		}
	case info:
		inv.Mode = ModeInfo
		inv.Params = rest
	case hasS || len(rest) == 0:
		inv.Mode = ModeStdin
		inv.Params = rest
	default:
		inv.Mode = ModeScript
		inv.Script = rest[0]
		inv.Params = rest[1:]
	}
	return inv, nil
}
