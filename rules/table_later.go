package rules

import (
	"path"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
)

// Code that runs later: a line that renames a destructive program so that a
// later, harmless-looking line runs it (hash -p /bin/rm ls, then ls -rf ~).
// On the same line the rename is followed (the later command is judged as
// the program it is); alone, at a prompt, the rename itself is the finding.
// Putting a directory in front of PATH alone is not: it is what every
// installer's rc line does (export PATH=$HOME/.cargo/bin:$PATH).

var commandRename = &Rule{
	ID: "command-rename", Tier: Dangerous,
	Title:   "A destructive program given another command's name",
	Reason:  "hash -p, a copy or a link gives a program that deletes, overwrites or runs code (rm, dd, a shell) the name of another command, so a later harmless-looking command runs it.",
	Suggest: "call the program by its own name; hash -r forgets a hash -p",
	names:   []string{"hash", "cp", "ln", "install", "mv", "link"},
	cmd:     renamesProgram,
	Match: []string{"hash -p /bin/rm ls", "ln -sf /bin/rm ~/.local/bin/ls", "cp /bin/rm ./ls", "install -D /usr/bin/dd /tmp/x/cat",
		"ln -s /bin/sh ~/bin/ls", "sudo cp /usr/bin/shred /usr/local/bin/git", "ln -s -f -- /bin/rm /tmp/d/ls"},
	NoMatch: []string{"hash -p /usr/bin/python3 python", "ln -s /usr/bin/python3 ~/bin/python", "cp /bin/ls /tmp/ls", "hash -r",
		"ln -s /bin/bash ~/bin/sh", "cp /bin/rm /tmp/", "install -m 755 build/rm-helper ~/bin/rm-helper", "hash -p /bin/rm rm",
		"cp -a /usr/bin/rm /backup/usr/bin/rm"},
}

func init() { table = append(table, commandRename) }

// renamers are programs whose copy under another name is a trap.
var renamers = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"rm": true, "dd": true, "shred": true, "wipefs": true, "truncate": true, "unlink": true,
		"srm": true, "rmdir": true, "chmod": true, "chown": true, "kill": true, "pkill": true, "killall": true,
		"shutdown": true, "reboot": true, "poweroff": true, "halt": true, "mkfs": true, "find": true, "xargs": true}
})

var renameShells = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"sh": true, "bash": true, "dash": true, "zsh": true, "ksh": true, "mksh": true,
		"ash": true, "busybox": true, "env": true, "python": true, "python3": true, "perl": true}
})

func renamesProgram(c *parse.Command) bool {
	var src, dst string
	switch c.Name() {
	case "hash":
		for i := 1; i+2 < len(c.Args); i++ {
			if c.Args[i].Value == "-p" {
				src, dst = c.Args[i+1].Value, c.Args[i+2].Value
			}
		}
	default:
		ops := renameOperands(c)
		if len(ops) != 2 {
			return false
		}
		src, dst = ops[0], ops[1]
		if strings.HasSuffix(dst, "/") {
			return false // keeps its name
		}
	}
	from, to := path.Base(src), path.Base(dst)
	if src == "" || from == to {
		return false
	}
	if renameShells()[strings.TrimRight(from, "0123456789.")] {
		// A shell or interpreter under another shell's name is a shell.
		return !renameShells()[strings.TrimRight(to, "0123456789.")] && to != "python" && !strings.HasPrefix(to, "python")
	}
	return renamers()[from] || strings.HasPrefix(from, "mkfs.")
}

// renameOperands returns the static operands of cp, ln, install, mv.
func renameOperands(c *parse.Command) []string {
	var ops []string
	end := false
	for i := 1; i < len(c.Args); i++ {
		w := c.Args[i]
		if !w.Static {
			return nil
		}
		if !end && w.Value == "--" {
			end = true
			continue
		}
		if !end && strings.HasPrefix(w.Value, "-") && w.Value != "-" {
			switch w.Value {
			case "-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix":
				i++
			case "-t", "--target-directory":
				return nil
			}
			continue
		}
		ops = append(ops, w.Value)
	}
	return ops
}
