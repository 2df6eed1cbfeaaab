package rules

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// viaHas reports whether the command was reached through one of the carriers.
func viaHas(c *parse.Command, carriers ...string) bool {
	for _, v := range c.Via {
		if contains(carriers, v) {
			return true
		}
	}
	return false
}

// dangerousLooking reports arguments that would be destructive for a
// destructive program.
func dangerousLooking(w parse.Word) bool {
	v := w.Value
	switch v {
	case "-rf", "-fr", "-r", "-R", "-Rf", "-rF", "--recursive", "--force", "-f", "--no-preserve-root", "-9", "-KILL",
		"--hard", "777", "666", "--mirror", "--delete", "--now", "-delete", "DROP", "FLUSHALL", "destroy":
		return true
	}
	if strings.HasPrefix(v, "of=") || strings.HasPrefix(v, "if=/dev/") {
		return true
	}
	return w.Static && (parse.RootLike(v) || parse.SystemDir(v) || parse.HomeLike(v) || parse.BlockDevice(v))
}

func dynamicCommand(c *parse.Command) bool {
	if len(c.Args) == 0 || c.Args[0].Static {
		return false
	}
	if c.Args[0].Origin == "network" || c.Args[0].Origin == "decoder" {
		return true
	}
	for _, w := range c.Args[1:] {
		if dangerousLooking(w) {
			return true
		}
	}
	return false
}

// chmodThenRun finds chmod +x FILE followed by running FILE in the same input.
func chmodThenRun(r *parse.Result) []hit {
	var out []hit
	made := map[string]*parse.Command{}
	for _, c := range r.Commands {
		if c.Name() == "chmod" {
			m := chmodMode(c)
			exec := strings.Contains(m, "x") && strings.ContainsAny(m, "+=")
			if o, ok := octal(m); ok {
				exec = (o[1]-'0')&1 != 0
			}
			if exec {
				if ops := args(c).operands; len(ops) > 1 {
					for _, w := range ops[1:] {
						made[path.Clean(w.Value)] = c
					}
				}
			}
			continue
		}
		if len(c.Args) == 0 {
			continue
		}
		if first, ok := made[path.Clean(c.Args[0].Value)]; ok {
			if checkedDownloadRun(r, c, c.Args[0].Value) {
				continue // a download the input checked before it runs (pred_verify.go)
			}
			out = append(out, hit{start: first.Start, end: c.End, facts: []string{runFact(r, c, first, c.Args[0].Value)}})
		}
	}
	return out
}

// wrapperOptions splits a wrapper's own options from the command it runs,
// by the wrapper's grammar in package programs (programs/table_wrappers.go),
// the same one parse reads: sudo --sh, sudo -uroot -s, sudo --user=root and
// sudo A=1 -i are read as sudo reads them.
func wrapperOptions(c *parse.Command) (argv, []parse.Word) {
	own := argv{short: map[byte]bool{}, long: map[string]string{}}
	p := readLine(c)
	if p == nil || p.Err != nil {
		return own, nil
	}
	for _, o := range p.Opts {
		for _, n := range o.Names {
			if len(n) == 1 {
				own.short[n[0]] = true
			} else {
				own.long[n] = o.Value
			}
		}
	}
	if len(p.Operands) == 0 {
		return own, nil
	}
	return own, c.Args[1+p.Operands[0]:]
}

func isShell(name string) bool {
	switch name {
	case "sh", "bash", "zsh", "fish", "dash", "ksh", "tcsh", "csh":
		return true
	}
	return false
}

// shellsNoArgs reports a bare interactive shell as sudo's command.
func shellsNoArgs(a argv) bool {
	if len(a.operands) == 0 {
		return false
	}
	switch path.Base(a.operands[0].Value) {
	case "sh", "bash", "zsh", "fish", "dash", "ksh":
		return len(a.operands) == 1
	}
	return false
}
