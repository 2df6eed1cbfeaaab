package rules

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
)

// Regenerable paths: build outputs and caches that a build, a package
// manager or a test run makes again. Deleting them loses nothing, so a
// recursive delete of one is not asked about (issue 12):
//
//   - the path is relative to the working directory (or, when the working
//     directory is known, inside it), without "..": build/../src asks;
//   - one of its components is a regenerable name (node_modules, dist,
//     __pycache__, *.egg-info …), literal, with only static names or globs
//     before it (packages/*/dist) and anything but ".." after it
//     (docs/_build/*); src, lib, .git, a bare * or . still ask;
//   - when the working directory is known and a component up to the
//     regenerable one is a symlink on disk that points outside it, the
//     path asks: rm -rf node_modules/ through a link deletes what the link
//     points to.
//
// Package-manager caches in the system (/var/lib/apt/lists, /var/cache/apt
// …) are regenerable too, by their absolute path: rm -rf
// /var/lib/apt/lists/* ends most Dockerfile RUNs.
var regenerableNames = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"node_modules": true, "target": true, "build": true, "dist": true, "out": true, ".next": true, ".nuxt": true,
		".venv": true, "venv": true, "__pycache__": true, ".pytest_cache": true, ".mypy_cache": true, ".ruff_cache": true,
		".tox": true, ".nox": true, "coverage": true, ".coverage": true, "htmlcov": true, ".nyc_output": true, ".gradle": true,
		".parcel-cache": true, ".turbo": true, ".svelte-kit": true, ".angular": true, ".dart_tool": true, ".eggs": true,
		"_build": true, ".sass-cache": true, ".cache": true, ".eslintcache": true, ".hypothesis": true, ".benchmarks": true,
		"cmake-build-debug": true, "cmake-build-release": true, "CMakeFiles": true, ".expo": true, ".docusaurus": true,
		".vite": true, "storybook-static": true,
		// meson's builddir, .NET's obj, SwiftPM's .build, zig, cabal, stack,
		// elm, bower, Xcode, Jupyter, pytype and Jekyll outputs.
		"builddir": true, "obj": true, ".build": true, "zig-cache": true, ".zig-cache": true, "zig-out": true,
		"dist-newstyle": true, ".stack-work": true, "elm-stuff": true, "bower_components": true, "DerivedData": true,
		".ipynb_checkpoints": true, ".pytype": true, "_site": true,
	}
})

// regenerableSuffixes are name endings of regenerable files and
// directories: *.egg-info, *.pyc, and the *.orig backups patch and merge
// tools leave beside the file they changed.
var regenerableSuffixes = []string{".egg-info", ".pyc", ".pyo", ".orig"}

// compiledSuffixes are the endings of compiled objects, libraries and
// coverage data a build writes (*.o, *.a, *.so, *.class, *.gcda …). They
// count in the working directory only: unlike a *.pyc, "$LIBDIR/libc.so"
// may be the system's own library, so backupSuffixed does not read them.
var compiledSuffixes = []string{".o", ".obj", ".a", ".so", ".sl", ".dylib", ".lo", ".la", ".pyd", ".class", ".elc",
	".gcda", ".gcno", ".gcov", ".profraw", ".profdata", ".profclangr", ".profclangd"}

// systemCaches are package-manager caches, by absolute path.
var systemCaches = []string{"/var/lib/apt/lists/", "/var/cache/apt/", "/var/cache/apk/", "/var/cache/yum/", "/var/cache/dnf/",
	"/var/cache/man/", "/var/cache/fontconfig/", "/var/cache/pacman/pkg/", "/var/cache/zypp/", "/root/.cache/", "~/.cache/",
	"/root/.npm/_cacache/", "~/.npm/_cacache/"}

// regenerableName reports whether one path component names a build output
// or cache: a listed name, or a glob or name with a listed suffix.
func regenerableName(comp string) bool {
	if regenerableNames()[comp] {
		return true
	}
	for _, list := range [][]string{regenerableSuffixes, compiledSuffixes} {
		for _, s := range list {
			if stem, ok := strings.CutSuffix(comp, s); ok && stem != "" && !strings.ContainsAny(stem, "/[") {
				return true
			}
		}
	}
	return strings.HasPrefix(comp, ".coverage.") || strings.HasPrefix(comp, "cmake-build-") || cacheName(comp) || regenerableGlob(comp)
}

// cacheName reports whether a name says it is a cache: cache, or a name
// ending in _cache, -cache or .cache (_httplib2_test_cache, pip-cache).
func cacheName(comp string) bool {
	l := strings.ToLower(comp)
	if l == "cache" {
		return true
	}
	stem, ok := strings.CutSuffix(l, "cache")
	if !ok || len(stem) < 2 || strings.ContainsAny(stem, "*?[") {
		return false
	}
	switch stem[len(stem)-1] {
	case '_', '-', '.':
		return true
	}
	return false
}

// runtimeState reports whether a file deleted without -r is run-time state
// that a program makes again and no one keeps: a pid file (pid, *.pid), a
// time stamp (*-stamp, *.stamp: apt's periodic stamps, build stamps), or
// a file under /run or /var/run (a tmpfs emptied at every boot), below a
// literal first directory. Lock files are not: deleting a lock another
// process holds (dpkg's) corrupts what it guards.
func runtimeState(p string) bool {
	if p == "" || strings.Contains(p, "..") || strings.HasSuffix(p, "/") {
		return false
	}
	base := path.Base(p)
	if strings.ContainsAny(base, "*?[") {
		return false
	}
	if base == "pid" || strings.HasSuffix(base, ".pid") && base != ".pid" || base == "stamp" ||
		strings.HasSuffix(base, "-stamp") || strings.HasSuffix(base, ".stamp") {
		return true
	}
	for _, run := range []string{"/run/", "/var/run/"} {
		if rest, ok := strings.CutPrefix(p, run); ok {
			first, _, more := strings.Cut(rest, "/")
			return more && first != "" && !strings.ContainsAny(first, "*?[$")
		}
	}
	return false
}

// regenerable reports whether deleting path p, for command c, deletes only
// build outputs or caches (see above).
func regenerable(c *parse.Command, p string) bool {
	if strings.Contains(p, "${") || strings.Contains(p, "$(") || p == "" {
		return strings.Contains(p, "${") && backupSuffixed(p)
	}
	for _, pre := range systemCaches {
		if rest, ok := strings.CutPrefix(p, pre); ok && !strings.Contains(rest, "..") {
			return true
		}
		if p+"/" == pre {
			return true
		}
	}
	if c.Moved && !c.BuiltHere(p) {
		// An earlier cd left the directory the line starts in: a
		// relative build/ there is somebody else's (cd .. && rm -rf
		// build), unless the line builds it there again (cd x; rm -rf
		// dist; python setup.py sdist: parse/builds.go).
		return false
	}
	dir := c.Dir
	if c.DirUnsure {
		// cd may have failed: the shell may still be where it was.
		dir = ""
	}
	if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") {
		// Inside the known working directory: relative to it.
		if dir == "" || !strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/") {
			return false
		}
		p = strings.TrimPrefix(p, strings.TrimSuffix(dir, "/")+"/")
	}
	var comps []string
	for _, s := range strings.Split(p, "/") {
		switch s {
		case "", ".":
			continue
		case "..":
			return false
		}
		comps = append(comps, s)
	}
	for k, comp := range comps {
		if !regenerableName(comp) {
			if comp == ".git" {
				return false
			}
			continue
		}
		if symlinkOut(dir, comps[:k+1]) || madeByLine(c, comps[:k+1]) {
			return false
		}
		if c.Made[parse.AnyMade] && (k < len(comps)-1 || strings.HasSuffix(p, "/") || strings.HasSuffix(p, "/.")) {
			// tar xf a.tar; rm -rf dist/: the archive may hold a
			// link dist -> ~ (pred_redteam4.go).
			return false
		}
		return true
	}
	return false
}

// symlinkOut reports whether, under the absolute directory dir, one of the
// path's components is a symlink that resolves outside dir.
func symlinkOut(dir string, comps []string) bool {
	if !strings.HasPrefix(dir, "/") {
		return false
	}
	cur := dir
	for i, comp := range comps {
		if strings.ContainsAny(comp, "*?[") {
			// node_module[s]/, *.egg-info/: each entry the glob
			// matches on disk (pred_redteam4.go).
			return globLinkOut(dir, cur, comp, comps[i+1:])
		}
		cur = filepath.Join(cur, comp)
		st, err := os.Lstat(cur)
		if err != nil {
			return false
		}
		if st.Mode()&os.ModeSymlink == 0 {
			continue
		}
		target, err := filepath.EvalSymlinks(cur)
		if err != nil {
			return true
		}
		root, err := filepath.EvalSymlinks(dir)
		if err != nil {
			root = dir
		}
		if target != root && !strings.HasPrefix(target, root+"/") {
			return true
		}
		if !linkRegenerable(root, target) {
			// dist -> src: rm -rf dist/ empties src.
			return true
		}
	}
	return false
}

// ownTemp reports whether a path is a temporary one the command may
// delete: strictly inside a temporary directory (also after the line's cd),
// or a build output or cache.
func ownTemp(c *parse.Command, w parse.Word) bool {
	v := w.Value
	if c.HoldsMoved(v) {
		// mv ~/Documents /tmp/x; rm -rf /tmp/x (parse/redteam4.go). A
		// backup name replaced (rm -rf "$M.orig"; mv "$B" "$M.orig",
		// git-mergetool) holds a backup whatever was moved there.
		return w.Made || w.Scratch || backupSuffixed(v) && regenerable(c, v)
	}
	if underTemp(v) || c.Dir != "" && !c.DirUnsure && underTemp(c.Resolve(v)) {
		return true
	}
	return w.Made || w.Scratch || pidNamed(v) || parse.InFresh(v) || regenerable(c, v)
}

// pidNamed reports whether a path is inside (or is) an entry whose name
// holds the script's own process id, $$ or $BASHPID:
// "$GIT_DIR/subtree-cache/$$", "$HOME/.x.$$". No one else's data is named
// after this process; ".." anywhere, or a glob in that name, is not.
// $BASHPID is a process id only in bash: dash, zsh, ksh and a bash that
// unset it leave it empty, so a name that is $BASHPID and nothing else
// ("/$BASHPID") may name its parent and counts only with $$ or a literal
// beside it ("$HOME/.x.$BASHPID").
func pidNamed(p string) bool {
	if strings.Contains(p, "..") {
		return false
	}
	for _, comp := range strings.Split(p, "/") {
		if strings.ContainsAny(comp, "*?[") {
			continue
		}
		if strings.Contains(comp, "${$}") {
			return true
		}
		if strings.Contains(comp, "${BASHPID}") && hasLiteral(strings.ReplaceAll(comp, "${BASHPID}", "")) {
			return true
		}
	}
	return false
}

// hasLiteral reports whether a resolved path component holds a character
// outside its ${NAME} expansions, which may all be empty.
func hasLiteral(comp string) bool {
	for comp != "" {
		i := strings.Index(comp, "${")
		if i != 0 {
			return true
		}
		j := strings.IndexByte(comp, '}')
		if j < 0 {
			return true
		}
		comp = comp[j+1:]
	}
	return false
}

// backupSuffixed reports whether a path whose start is not known ends in a
// literal regenerable suffix, or .tmp: "$MERGED.orig", "$d/x.pyc",
// "$zkbd/$TERM.tmp" (the scratch copy a script names after a file).
// Whatever the variable holds, the entry deleted has that name.
func backupSuffixed(p string) bool {
	if strings.HasSuffix(p, "/") || strings.Contains(p, "..") {
		return false
	}
	last := p[strings.LastIndexByte(p, '/')+1:]
	for _, s := range append(regenerableSuffixes[:len(regenerableSuffixes):len(regenerableSuffixes)], ".tmp") {
		if stem, ok := strings.CutSuffix(last, s); ok && stem != "" && !strings.ContainsAny(s, "$}") && !strings.HasSuffix(stem, "/") {
			return true
		}
	}
	return false
}

// findSelectsOwn reports whether a find only deletes what is its own to
// delete: it starts in a temporary directory (find "$TMPDIR" -name 'x-*'
// -mtime +7 -delete, with a test that narrows it), or every alternative of
// its expression selects by a regenerable name (find . -name '*.pyc'
// -delete, find . -name __pycache__ -prune -exec rm -rf {} +).
func findSelectsOwn(f *parse.Command) bool {
	var roots []string
	i := 1
	for ; i < len(f.Args); i++ {
		v := f.Args[i].Value
		if v == "-H" || v == "-L" || v == "-P" || strings.HasPrefix(v, "-O") {
			continue
		}
		if v == "-D" {
			i++
			continue
		}
		break
	}
	for ; i < len(f.Args); i++ {
		v := f.Args[i].Value
		if strings.HasPrefix(v, "-") || v == "!" || v == "(" {
			break
		}
		roots = append(roots, v)
	}
	expr := f.Args[i:]
	if len(roots) == 0 {
		roots = []string{"."}
	}
	// A test that narrows what is deleted: a name with a literal part, or
	// an age. -name '*' narrows nothing.
	narrowed := false
	for j, w := range expr {
		switch w.Value {
		case "-name", "-iname", "-path", "-ipath":
			// x-*: a literal start. *.tmp could be anyone's.
			if j+1 < len(expr) && expr[j+1].Value != "" && !strings.ContainsAny(expr[j+1].Value[:1], "*?[") {
				narrowed = true
			}
		case "-newer", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin":
			narrowed = true
		}
	}
	cache := narrowed
	for _, r := range roots {
		if strings.Contains(r, "..") || !isSystemCache(strings.TrimSuffix(r, "/")+"/") {
			cache = false
		}
	}
	if cache {
		// find /var/cache/man -name '*.gz' -atime +6 -delete: cache
		// expiry.
		return true
	}
	temp := true
	for _, r := range roots {
		rest, ok := parse.TempPrefix(strings.TrimSuffix(r, "/") + "/")
		if !ok || strings.Contains(r, "..") || !(rest == "" && narrowed || underTemp(r)) {
			temp = false
		}
	}
	if temp {
		return true
	}
	if findInRegenerable(f) {
		// find build -name '*.py' -exec rm -f {} ';': all of it is.
		return true
	}
	for _, r := range roots {
		if strings.HasPrefix(r, "/") || strings.HasPrefix(r, "~") || strings.Contains(r, "$") || strings.Contains(r, "..") {
			return false
		}
	}
	// Every alternative (split at -o) selects by a regenerable name.
	alt, named := 0, false
	check := func() bool { return named }
	for j := 0; j < len(expr); j++ {
		switch v := expr[j].Value; v {
		case "-o", "-or", ",":
			if !check() {
				return false
			}
			alt++
			named = false
		case "-name", "-iname":
			if j+1 < len(expr) {
				name := expr[j+1].Value
				if v == "-iname" {
					// -iname '*.O' is *.o and *.O.
					name = strings.ToLower(name)
				}
				if !regenerableName(name) {
					return false
				}
				named = true
				j++
			}
		case "-path", "-ipath", "-regex", "-iregex", "-not", "!", "-files0-from":
			return false
		case "-exec", "-execdir", "-ok", "-okdir":
			for j++; j < len(expr) && expr[j].Value != ";" && expr[j].Value != "+"; j++ {
			}
		}
	}
	return check()
}

// findOf returns the find a command gets its operands from: the find of
// find -exec CMD, or a find earlier in the pipeline of xargs CMD.
func findOf(c *parse.Command) *parse.Command {
	if viaHas(c, "find -exec", "find -execdir", "find -ok", "find -okdir") {
		for o := c.Outer; o != nil; o = o.Outer {
			if path.Base(o.Name()) == "find" {
				return o
			}
		}
		return nil
	}
	if viaHas(c, "xargs", "parallel") {
		for s := c.StdinFrom; s != nil; s = s.StdinFrom {
			if s.Name() == "find" {
				return s
			}
		}
	}
	return nil
}

// isSystemCache reports whether a directory (with a trailing /) is one of
// the package-manager caches or inside one.
func isSystemCache(dir string) bool {
	for _, pre := range systemCaches {
		if strings.HasPrefix(dir, pre) {
			return true
		}
	}
	return false
}

// madeByLine reports whether one of the path's components up to the
// regenerable one is a name an ln, mv, cp or install of the same input
// creates: ln -s / node_modules; rm -rf node_modules/ deletes /.
func madeByLine(c *parse.Command, comps []string) bool {
	if c.Made == nil {
		return false
	}
	for i := range comps {
		if c.Made[strings.Join(comps[:i+1], "/")] || c.Made["./"+strings.Join(comps[:i+1], "/")] || c.Made[comps[i]] {
			return true
		}
	}
	return false
}
