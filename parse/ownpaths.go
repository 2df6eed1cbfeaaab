package parse

import (
	"os"
	"path"
	"strings"
	"sync"
	"syscall"
	"time"
)

// A PathEnv is what [PathEnv.Resolve] needs from the machine to find the
// file a path word names: the real home directory, the environment and the
// file system as it is at check time.
type PathEnv struct {
	// Home is the real home directory, which ~ and $HOME stand for in
	// words; "" makes such paths unknown.
	Home string
	// Getenv reads the environment the command will run with, for
	// ${XDG_CONFIG_HOME} and the other variables of [PathVars]; nil reads
	// nothing (every such variable is unset).
	Getenv func(string) string
	// UserHome returns the home directory of ~name ("" when there is no
	// such user); nil knows only the current user, through Home.
	UserHome func(name string) string
}

// PathVars are the environment variables [PathEnv.Resolve] substitutes: the
// ones paths to guardsh's and the agents' files are written with. Any other
// variable, and any command substitution, leaves a path unknown.
var PathVars = set("HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
	"GUARDSH_CONFIG", "CODEX_HOME", "USER", "LOGNAME", "TMPDIR", "CLAUDE_CONFIG_DIR")

// maxLinks bounds the symlinks followed in one path, as the kernel's ELOOP.
const maxLinks = 40

// Resolve returns the absolute, clean path the kernel reaches for p, a path
// as parse resolved it (a [Word]'s Value), from dir, the directory the
// command runs in (a [Command]'s Dir: absolute, ~ or ~/…, "" when unknown):
// ~ and ~user are expanded, the variables of [PathVars] substituted from the
// environment (unset is empty, as in the shell), a relative path joined to
// dir, and "." , ".." and every symlink that exists on disk at check time
// resolved component by component, the way the kernel walks a path. With
// follow, a symlink in the last component is followed too (what open and
// write do); without, it is not (what rm, mv and ln -s do). A component
// that does not exist ends the walk; the rest is joined as written. ok is
// false when the path cannot be known: an unknown variable or command
// substitution, a relative path with dir unknown, or no home directory for
// ~.
func (e *PathEnv) Resolve(dir, p string, follow bool) (resolved string, ok bool) {
	abs, ok := e.absolute(dir, p)
	if !ok {
		return "", false
	}
	return walkLinks(abs, follow), true
}

// absolute expands ~ and variables and joins a relative path to dir, without
// touching the file system.
func (e *PathEnv) absolute(dir, p string) (string, bool) {
	p, ok := e.expand(p)
	if !ok || p == "" {
		return "", false
	}
	// /proc/self/cwd is the directory of the process that opens the
	// path, the shell's: the command's directory, not guardsh's.
	for _, pre := range []string{"/proc/self/cwd", "/proc/thread-self/cwd", "/dev/fd/../cwd"} {
		if rest, ok := strings.CutPrefix(p, pre); ok && (rest == "" || rest[0] == '/') {
			p = "." + rest
		}
	}
	for _, pre := range []string{"/proc/self/root", "/proc/thread-self/root"} {
		if rest, ok := strings.CutPrefix(p, pre); ok && (rest == "" || rest[0] == '/') {
			p = "/" + rest
		}
	}
	if !strings.HasPrefix(p, "/") {
		d, ok := e.expand(dir)
		if !ok || !strings.HasPrefix(d, "/") {
			return "", false
		}
		p = d + "/" + p
	}
	// Not cleaned: "link/.." is the parent of the link's target, which
	// only the walk knows.
	return p, true
}

// expand expands a leading ~ or ~user and the ${NAME} of [PathVars].
func (e *PathEnv) expand(p string) (string, bool) {
	if strings.HasPrefix(p, "~") {
		name, rest, _ := strings.Cut(p[1:], "/")
		h := ""
		switch {
		case name == "":
			h = e.Home
		case !validUser(name):
			return "", false
		case e.UserHome != nil:
			h = e.UserHome(name)
		}
		if h == "" || !strings.HasPrefix(h, "/") {
			return "", false
		}
		p = h + "/" + rest
	}
	for strings.Contains(p, "$") {
		i := strings.Index(p, "${")
		if i < 0 {
			return "", false // $(…) or a bare $
		}
		j := strings.IndexByte(p[i:], '}')
		if j < 0 {
			return "", false
		}
		name := p[i+2 : i+j]
		if !PathVars()[name] {
			return "", false
		}
		v := ""
		if name == "HOME" {
			v = e.Home
		} else if e.Getenv != nil {
			v = e.Getenv(name)
		}
		if strings.Contains(v, "$") {
			return "", false
		}
		p = p[:i] + v + p[i+j+1:]
	}
	return p, true
}

// walkLinks resolves the symlinks of an absolute path the way the
// kernel does: each component in turn, a link's target replacing the path
// walked so far (an absolute target) or its last component (a relative one),
// ".." after a link going to the parent of the link's target.
func walkLinks(abs string, follow bool) string {
	done := "/"
	rest := strings.TrimPrefix(abs, "/")
	links := 0
	for rest != "" {
		var name string
		name, rest, _ = strings.Cut(rest, "/")
		switch name {
		case "", ".":
			continue
		case "..":
			done = path.Dir(done)
			continue
		}
		next := path.Join(done, name)
		if rest == "" && !follow {
			return next
		}
		l := lookLink(next)
		if !l.exists {
			// Missing (or unreadable): the kernel would create or fail
			// here; what follows is taken as written.
			return path.Join(next, rest)
		}
		if !l.link {
			done = next
			continue
		}
		if links++; links > maxLinks || l.target == "" {
			return path.Join(next, rest)
		}
		target := l.target
		if strings.HasPrefix(target, "/") {
			done = "/"
		}
		// A relative target is walked from the link's directory, which
		// done still is; its own links and ".." are walked in turn.
		if rest != "" {
			target += "/" + rest
		}
		rest = target
	}
	return done
}

// FileID returns the device and inode of the regular file at p, a path
// [PathEnv.Resolve] returned (no symlink in it), and how many names (hard
// links) it has; ok is false for anything else.
func FileID(p string) (id [2]uint64, nlink uint64, ok bool) {
	l := lookLink(p)
	return l.id, l.nlink, l.regular
}

// A linkInfo is what the walk needs to know of one path on disk.
type linkInfo struct {
	exists, link bool
	target       string // a symlink's target
	// regular, id and nlink describe a regular file: its device and
	// inode, and how many names it has.
	regular bool
	id      [2]uint64
	nlink   uint64
	seen    time.Time
}

// linkCacheTTL is how long a path's linkInfo is reused: a check looks at
// the same directories many times (every word of a line, every line of a
// batch), and the disk it judges is the one of this moment.
const linkCacheTTL = time.Second

var (
	linkMu    sync.Mutex
	linkCache = map[string]linkInfo{}
)

// lookLink returns what is at p on disk: whether it exists, and whether it
// is a symlink and to what.
func lookLink(p string) linkInfo {
	now := time.Now()
	linkMu.Lock()
	l, ok := linkCache[p]
	linkMu.Unlock()
	if ok && now.Sub(l.seen) < linkCacheTTL {
		return l
	}
	l = linkInfo{seen: now}
	if fi, err := os.Lstat(p); err == nil {
		l.exists = true
		if fi.Mode()&os.ModeSymlink != 0 {
			l.link = true
			l.target, _ = os.Readlink(p)
		}
		if st, ok := fi.Sys().(*syscall.Stat_t); ok && fi.Mode().IsRegular() {
			l.regular, l.id, l.nlink = true, [2]uint64{uint64(st.Dev), uint64(st.Ino)}, uint64(st.Nlink)
		}
	}
	linkMu.Lock()
	if len(linkCache) > 4096 {
		clear(linkCache)
	}
	linkCache[p] = l
	linkMu.Unlock()
	return l
}
