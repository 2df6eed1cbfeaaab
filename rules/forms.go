package rules

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// Forms of otherwise dangerous commands that cannot overwrite or destroy
// (issue 12): cp -n onto a .env file, dd reading a disk into a file of the
// project, docker compose down without -v, a signal to a pid read from a
// pid file, the sticky bit with 777, setgid on a directory.

// noClobber reports whether cp or mv is told never to overwrite: -n,
// --no-clobber, --update=none.
func noClobber(c *parse.Command) bool {
	if n := c.Name(); n != "cp" && n != "mv" {
		return false
	}
	a := args(c)
	if a.has("n", "no-clobber") {
		return true
	}
	for _, w := range c.Args[1:] {
		if w.Value == "--update=none" || w.Value == "--update=none-fail" {
			return true
		}
	}
	return false
}

// dotEnv reports whether a path is a project's .env file (.env,
// .env.local …), which a no-clobber copy from a template only creates.
// Start-up files and keys are not: cp -n key ~/.ssh/authorized_keys adds a
// key where there was none.
func dotEnv(p string) bool {
	b := path.Base(p)
	return b == ".env" || strings.HasPrefix(b, ".env.")
}

// pidFileRead reports whether a word is $(cat FILE) or $(< FILE) of a pid
// file (*.pid, a file named pid): one process the program wrote down, not
// processes found by name or pattern.
func pidFileRead(w parse.Word) bool {
	s := strings.TrimSpace(w.Subst)
	var file string
	switch {
	case strings.HasPrefix(s, "cat "):
		file = strings.TrimSpace(strings.TrimPrefix(s, "cat "))
	case strings.HasPrefix(s, "<"):
		file = strings.TrimSpace(strings.TrimPrefix(s, "<"))
	case strings.HasPrefix(s, "head -1 ") || strings.HasPrefix(s, "head -n1 ") || strings.HasPrefix(s, "head -n 1 "):
		f := strings.Fields(s)
		file = f[len(f)-1]
	default:
		return false
	}
	file = strings.Trim(file, `"'`)
	if strings.ContainsAny(file, " |;&`") || file == "" {
		return false
	}
	b := path.Base(file)
	return strings.HasSuffix(b, ".pid") || b == "pid" || strings.HasSuffix(b, "}.pid") || strings.HasSuffix(strings.ToLower(b), "pidfile}") || strings.EqualFold(b, "${PIDFILE}")
}

// stickyShared reports a mode with the sticky bit set, as /tmp has it
// (1777): everyone may create files, no one may delete another's. The
// sticky bit means that only on a directory: a regular file on disk with
// such a mode is still world-writable.
func stickyShared(c *parse.Command, mode string) bool {
	m := strings.TrimLeft(mode, "0")
	if len(m) != 4 || m[0] != '1' && m[0] != '3' {
		return false
	}
	ops := args(c).operands
	for _, w := range ops[min(1, len(ops)):] {
		p := w.Value
		if !filepath.IsAbs(p) && strings.HasPrefix(c.Dir, "/") {
			p = filepath.Join(c.Dir, p)
		}
		if st, err := os.Stat(p); w.Static && err == nil && !st.IsDir() {
			return false
		}
	}
	return true
}

// setgidDirsOnly reports whether chmod sets only the setgid bit (not
// setuid) and every operand is a directory: on a directory setgid makes new
// files inherit its group, it grants no rights. A directory is one that
// exists on disk (resolved against the working directory when relative),
// that the path names as one (a trailing /), or one a mkdir of the same
// input made before it (Command.Dirs).
func setgidDirsOnly(c *parse.Command, mode string) bool {
	m := strings.TrimLeft(mode, "0")
	switch {
	case len(m) == 4 && m[0] == '2':
	case mode == "g+s":
	default:
		return false
	}
	ops := args(c).operands
	if len(ops) < 2 {
		return false
	}
	for _, w := range ops[1:] {
		if !w.Static {
			return false
		}
		p := w.Value
		if strings.HasSuffix(p, "/") || c.Dirs[p] {
			// A trailing slash names only a directory; Dirs a
			// directory a mkdir of the line made (parse/dirs.go).
			continue
		}
		if !filepath.IsAbs(p) {
			if !strings.HasPrefix(c.Dir, "/") {
				return false
			}
			p = filepath.Join(c.Dir, p)
		}
		st, err := os.Stat(p)
		if err != nil || !st.IsDir() {
			return false
		}
	}
	return true
}

// composeDownDestroys reports whether compose down's arguments delete
// data: -v/--volumes removes volumes, --rmi images.
func composeDownDestroys(vals []string) bool {
	for _, v := range vals {
		if v == "-v" || v == "--volumes" || strings.HasPrefix(v, "--volumes=") && v != "--volumes=false" || v == "--rmi" || strings.HasPrefix(v, "--rmi=") ||
			strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "v") {
			return true
		}
	}
	return false
}

// ddIntoProject reports whether dd writes its input into a file of the
// project (of= a relative path, or one in a temporary directory): reading
// a disk into a file there overwrites nothing of the system.
func ddIntoProject(c *parse.Command) bool {
	for _, w := range c.Args[1:] {
		if v, ok := strings.CutPrefix(w.Value, "of="); ok {
			return w.Static && v != "" && (!absolute(v) || underTemp(v)) && !strings.Contains(v, "..") && !strings.HasPrefix(v, "$")
		}
	}
	return false
}
