package scan

import (
	"bufio"
	"bytes"
	"path"
	"path/filepath"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// maintHook reports the base names (an optional .sh, and - and _, removed) of package
// maintainer scripts: Debian's (debian/postinst, DEBIAN/prerm, debconf's
// config), and the hook names nfpm, fpm and goreleaser's nfpm give them
// (scripts.postinstall: post-install.sh, fpm --after-install …), rpm
// scriptlets kept as files; removal says whether the hook runs when the
// package is removed. (A switch: no table built at start-up.)
func maintHook(h string) (removal, ok bool) {
	switch h {
	case "postinst", "preinst", "postinstall", "afterinstall", "preinstall", "beforeinstall",
		"postupgrade", "afterupgrade", "preupgrade", "beforeupgrade":
		return false, true
	case "postrm", "prerm", "postremove", "afterremove", "preremove", "beforeremove", "postuninstall", "preuninstall":
		return true, true
	}
	return false, false
}

// debianHook reports the maintainer scripts debhelper installs from a
// debian/ directory as debian/HOOK (the first binary package's) or
// debian/PACKAGE.HOOK.
func debianHook(h string) (removal, ok bool) {
	switch h {
	case "postinst", "preinst", "config":
		return false, true
	case "postrm", "prerm":
		return true, true
	}
	return false, false
}

// Maintainer recognises a package maintainer script by the path it is
// scanned at (guardsh check FILE; never a command line, a hook event or
// standard input) and returns the package names its path gives, or nil
// for any other file. read reads a file next to it (debian/control); it
// may be nil.
//
//   - debian/NAME.postinst|preinst|postrm|prerm|config: the package NAME.
//   - debian/postinst … (and DEBIAN/postinst of a built package's control
//     directory): the first Package: of the control file next to it, when
//     read finds one; else no name from the path.
//   - post-install, postinstall, after-install, pre-remove … (.sh or not)
//     anywhere: a name only from a packaging tree above it
//     (…/usr/share/NAME/post-install, …/usr/lib/NAME/postinst).
//
// A file recognised without a name from its path is still a maintainer
// script: rules/maint.go takes the package's name from what the script
// itself declares (update-rc.d NAME, adduser --system NAME …), and applies
// nothing when it declares none or more than one.
func Maintainer(name string, read func(string) ([]byte, error)) *parse.Package {
	if name == "" || name == "-" {
		return nil
	}
	p := filepath.ToSlash(name)
	dir, base := path.Split(p)
	dir = strings.TrimSuffix(dir, "/")
	parent := path.Base(dir)
	if dir == "" {
		parent = ""
	}
	if parent == "debian" || parent == "DEBIAN" {
		if removal, ok := debianHook(base); ok {
			pk := &parse.Package{Removal: removal, How: parent + "/" + base}
			if read != nil {
				if n := controlPackage(read, path.Join(dir, "control")); n != "" {
					pk.Names = []string{n}
				}
			}
			return pk
		}
		if i := strings.LastIndexByte(base, '.'); i > 0 && parent == "debian" {
			if removal, ok := debianHook(base[i+1:]); ok && parse.ValidPackage(base[:i]) {
				return &parse.Package{Names: []string{base[:i]}, Removal: removal, How: "debian/" + base}
			}
		}
	}
	hook := strings.TrimSuffix(base, ".sh")
	// post-install, post_install and postinstall are one hook.
	removal, ok := maintHook(strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(hook)))
	if !ok {
		return nil
	}
	pk := &parse.Package{Removal: removal, How: base}
	parts := strings.Split(dir, "/")
	for i := len(parts) - 1; i >= 2; i-- {
		if parts[i-2] == "usr" && (parts[i-1] == "share" || parts[i-1] == "lib") && parse.ValidPackage(parts[i]) {
			if i == len(parts)-1 {
				pk.Names = []string{parts[i]}
				pk.How = "usr/" + parts[i-1] + "/" + parts[i] + "/" + base
			}
			break
		}
	}
	return pk
}

// controlPackage returns the first Package: field of a Debian control
// file, or "".
func controlPackage(read func(string) ([]byte, error), file string) string {
	b, err := read(file)
	if err != nil || len(b) > 1<<20 {
		return ""
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.EqualFold(k, "Package") {
			if v = strings.TrimSpace(v); parse.ValidPackage(v) {
				return v
			}
			return ""
		}
	}
	return ""
}
