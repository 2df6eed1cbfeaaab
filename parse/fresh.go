package parse

import (
	"path"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// freshMark replaces the X's of a mktemp template outside a temporary
// directory (mktemp -d ~/.ssh/ssh-copy-id.XXXXXXXXXX): the name mktemp
// makes there is new, so the script may delete it, while a write through
// it still lands in the template's directory (~/.ssh, /etc/cron.d). The
// offset of the substitution makes each call its own name.
const freshMark = "{mktemp:"

// freshAt is the mark of the mktemp at offset off.
func freshAt(off int) string {
	return freshMark + strconv.Itoa(off) + "}"
}

// InFresh reports whether a path is, or is strictly inside, a name that a
// mktemp outside a temporary directory made: a component holding the mark,
// with no glob in it and no ".." anywhere in the path. Such a name is new:
// deleting it loses nothing the script did not make.
func InFresh(p string) bool {
	if strings.Contains(p, "..") {
		return false
	}
	for _, comp := range strings.Split(p, "/") {
		if strings.Contains(comp, freshMark) && !strings.ContainsAny(comp, "*?[") {
			return true
		}
	}
	return false
}

// mktempFresh returns what a mktemp call whose template lies outside a
// temporary directory prints: the template's directory and name with its
// X's replaced by the fresh mark (freshAt). The template (or the -p
// directory) must be known exactly, and its last component must end in at
// least three X's, as mktemp requires (mktemp -d / or mktemp -d ~ fails).
// off is the offset of the call.
func (r *resolver) mktempFresh(stmts []*syntax.Stmt, off int) (string, bool) {
	ce := mktempCall(stmts)
	if ce == nil {
		return "", false
	}
	value := func(w *syntax.Word) (string, bool) {
		sub := newResolver(r.vars)
		sub.depth = r.depth + 1
		vals, err := sub.fields(w)
		if err != nil || sub.dynamic || len(vals) != 1 || vals[0] == "" {
			return "", false
		}
		return vals[0], true
	}
	var dir, template string
	haveDir, haveTemplate := false, false
	for i := 1; i < len(ce.Args); i++ {
		a := ce.Args[i].Lit()
		switch {
		case a == "-p":
			if i+1 >= len(ce.Args) {
				return "", false
			}
			i++
			v, ok := value(ce.Args[i])
			if !ok {
				return "", false
			}
			dir, haveDir = v, true
		case strings.HasPrefix(a, "--tmpdir="):
			dir, haveDir = strings.TrimPrefix(a, "--tmpdir="), true
		case a == "-d" || a == "-u" || a == "-q" || a == "--directory" || a == "--dry-run" || a == "--quiet" || a == "-dq" || a == "-qd":
		case strings.HasPrefix(a, "-"):
			// -t, --tmpdir without a value, -p glued to its value,
			// --suffix (the name would not end in the mark),
			// anything else: not read here.
			return "", false
		default:
			if haveTemplate {
				return "", false
			}
			v, ok := value(ce.Args[i])
			if !ok {
				return "", false
			}
			template, haveTemplate = v, true
		}
	}
	if !haveTemplate {
		template = "tmp.XXXXXXXXXX"
	}
	if haveDir {
		if strings.Contains(template, "/") || dir == "" {
			return "", false
		}
		template = strings.TrimSuffix(dir, "/") + "/" + template
	}
	if !strings.Contains(template, "/") {
		return "", false // in $TMPDIR: mktempOutput's case
	}
	base := path.Base(template)
	stem := strings.TrimRight(base, "X")
	if len(base)-len(stem) < 3 || strings.HasSuffix(template, "/") {
		return "", false
	}
	return template[:len(template)-len(base)] + stem + freshAt(off), true
}

// InsideFresh reports whether a path is strictly inside a directory that a
// mktemp outside a temporary directory made (~/.ssh/x.{mktemp}/keys): a
// new directory, so no program reads what is written there as its
// configuration (cron, sshd, sudo, systemd and shells read fixed names or
// the entries directly in their directories, never a new subdirectory).
// The entry mktemp made itself (mktemp /etc/cron.d/x.XXXXXX) is not inside:
// a write to it is a write in its directory.
func InsideFresh(p string) bool {
	if strings.Contains(p, "..") {
		return false
	}
	comps := strings.Split(p, "/")
	for i, comp := range comps {
		if strings.Contains(comp, freshMark) && !strings.ContainsAny(comp, "*?[") {
			for _, rest := range comps[i+1:] {
				if rest != "" && rest != "." {
					return true
				}
			}
			return false
		}
	}
	return false
}
