package rules

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// rmRecursive reports whether rm deletes recursively: -r, -R, --recursive in
// any spelling or position.
func rmRecursive(c *parse.Command) bool {
	a := args(c)
	if a.has("r", "R", "recursive") {
		return true
	}
	// getopt_long takes unique prefixes: --r, --rec, --recursiv.
	for name := range a.long {
		if len(name) >= 1 && strings.HasPrefix("recursive", name) {
			return true
		}
	}
	return false
}

// anyOperand reports whether a static operand satisfies pred.
func anyOperand(c *parse.Command, pred func(string) bool) bool {
	for _, w := range args(c).operands {
		if w.Static && (pred(w.Value) || c.Dir != "" && pred(c.Resolve(w.Value))) {
			return true
		}
	}
	return false
}

func findDeletes(c *parse.Command) bool {
	for i, w := range c.Args {
		if w.Value == "-delete" {
			return true
		}
		if (w.Value == "-exec" || w.Value == "-execdir" || w.Value == "-ok" || w.Value == "-okdir") && i+1 < len(c.Args) {
			n := path.Base(c.Args[i+1].Value)
			if n == "rm" || n == "shred" || n == "unlink" || n == "truncate" {
				return true
			}
		}
	}
	return false
}

// findRootIn reports whether any of find's starting points satisfies pred,
// as written or resolved against the working directory when it is known.
// With no starting point, find starts at ".".
func findRootIn(c *parse.Command, pred func(string) bool) bool {
	ws := findStartWords(c)
	for _, w := range ws {
		// A relative path is judged in the working directory too
		// (cd / && find . -delete is find / -delete).
		if w.Static && (pred(w.Value) || c.Dir != "" && pred(c.Resolve(w.Value))) {
			return true
		}
	}
	// With no starting point, find starts at ".".
	return len(ws) == 0 && c.Dir != "" && pred(c.Resolve("."))
}

// chmodMode returns chmod's mode argument.
func chmodMode(c *parse.Command) string {
	for _, w := range c.Args[1:] {
		v := w.Value
		if v == "--" {
			continue
		}
		if strings.HasPrefix(v, "--") {
			continue
		}
		if strings.HasPrefix(v, "-") && strings.Trim(v[1:], "RfvcH") == "" {
			continue
		}
		return v
	}
	return ""
}

func octal(m string) (string, bool) {
	if m == "" || len(m) > 5 {
		return "", false
	}
	for _, r := range m {
		if r < '0' || r > '7' {
			return "", false
		}
	}
	for len(m) < 4 {
		m = "0" + m
	}
	return m[len(m)-4:], true
}

// worldWritable reports a mode that gives every user write permission: an
// octal other digit with 2, o+w or a+w, or =w for all (no who).
func worldWritable(m string) bool {
	return grantsWrite(m, 3, "oa", true)
}

// grantsWrite reports a chmod mode that sets write permission in the octal
// digit at index digit (of four: special, user, group, other), or in a
// symbolic clause whose who letters include one of who; bare is set when
// a clause with no who letters and = (all classes) counts too.
func grantsWrite(m string, digit int, who string, bare bool) bool {
	bareOps := ""
	if bare {
		bareOps = "="
	}
	return grantsPerm(m, digit, 2, 'w', who, bareOps)
}

// grantsPerm reports a chmod mode that sets the permission bit (4 read, 2
// write, 1 execute) in the octal digit at index digit, or the letter perm
// in a symbolic clause whose who letters include one of who, or that has
// no who letters and one of the operators bareOps (chmod applies such a
// clause to every class the umask leaves).
func grantsPerm(m string, digit int, bit byte, perm byte, who, bareOps string) bool {
	if o, ok := octal(m); ok {
		return (o[digit]-'0')&bit != 0
	}
	for _, clause := range strings.Split(m, ",") {
		i := strings.IndexAny(clause, "+=")
		if i < 0 {
			continue
		}
		w, perms := clause[:i], clause[i+1:]
		if (strings.ContainsAny(w, who) || w == "" && strings.IndexByte(bareOps, clause[i]) >= 0) && strings.IndexByte(perms, perm) >= 0 {
			return true
		}
	}
	return false
}

// accountFilesGroupWritable reports a chmod that lets a group (and not
// every user: chmod-world-writable reports that) write the files that say
// who is root: /etc/passwd, shadow, group, gshadow, sudoers and PAM's
// configuration. A member of that group can give itself uid 0 (the
// held-out set: jupyter's image runs chmod g+w /etc/passwd).
func accountFilesGroupWritable(c *parse.Command) bool {
	if c.Name() != "chmod" {
		return false
	}
	m := chmodMode(c)
	if m == "" || worldWritable(m) || !groupWritable(m) {
		return false
	}
	seen := false
	for _, w := range c.Args[1:] {
		if w.Value == m && !seen {
			seen = true
			continue
		}
		switch v := path.Clean(w.Value); {
		case v == "/etc/passwd", v == "/etc/shadow", v == "/etc/group", v == "/etc/gshadow", v == "/etc/sudoers",
			v == "/etc/sudoers.d", strings.HasPrefix(v, "/etc/sudoers.d/"), v == "/etc/pam.d", strings.HasPrefix(v, "/etc/pam.d/"):
			return true
		}
	}
	return false
}

// groupWritable reports a mode that gives the group write permission.
func groupWritable(m string) bool {
	return grantsWrite(m, 2, "ga", false)
}

func setuid(m string) bool {
	if o, ok := octal(m); ok {
		d := o[0] - '0'
		return d&4 != 0 || d&2 != 0
	}
	for _, clause := range strings.Split(m, ",") {
		i := strings.IndexAny(clause, "+=")
		if i >= 0 && strings.Contains(clause[i+1:], "s") {
			return true
		}
	}
	return false
}

// quietDevice reports devices that are safe to write to.
func quietDevice(p string) bool {
	switch p {
	case "/dev/null", "/dev/zero", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/full":
		return true
	}
	return strings.HasPrefix(p, "/dev/fd/") || strings.HasPrefix(p, "/dev/pts/")
}
