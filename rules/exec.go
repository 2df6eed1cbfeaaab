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
			out = append(out, hit{first.Start, c.End, ""})
		}
	}
	return out
}

// wrapperOptions splits a wrapper's own options (letters in withValue take
// a value) from the command it runs.
func wrapperOptions(c *parse.Command, withValue string) (argv, []parse.Word) {
	own := argv{short: map[byte]bool{}, long: map[string]string{}}
	ws := c.Args[1:]
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		switch {
		case v == "--":
			return own, ws[i+1:]
		case strings.HasPrefix(v, "--"):
			name, val, _ := strings.Cut(v[2:], "=")
			own.long[name] = val
			if !strings.Contains(v, "=") && contains([]string{"user", "group", "host", "prompt", "chdir", "role", "type", "close-from", "other-user", "command-timeout", "chroot"}, name) {
				i++
			}
		case len(v) > 1 && v[0] == '-':
			for j := 1; j < len(v); j++ {
				own.short[v[j]] = true
				if strings.IndexByte(withValue, v[j]) >= 0 {
					if j == len(v)-1 {
						i++
					}
					break
				}
			}
		default:
			return own, ws[i:]
		}
	}
	return own, nil
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
