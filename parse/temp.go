package parse

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// TempPrefix returns the rest of p after a temporary directory it starts
// with (/tmp/, /var/tmp/, /dev/shm/, $TMPDIR/, ${TMPDIR:-/tmp}/,
// ${TMPDIR-/tmp}/ …), and whether it starts with one.
func TempPrefix(p string) (string, bool) {
	for _, t := range []string{"/tmp/", "/var/tmp/", "/private/tmp/", "/dev/shm/", "${TMPDIR}/", "${TMP}/", "${TEMP}/", "${RUNNER_TEMP}/"} {
		if rest, ok := strings.CutPrefix(p, t); ok {
			return rest, true
		}
	}
	// ${TMPDIR:-/tmp}/, ${TMPDIR-/var/tmp}/, ${TMPDIR:=/tmp}/: a default
	// that is itself a temporary directory.
	for _, v := range []string{"${TMPDIR", "${TMP", "${TEMP"} {
		rest, ok := strings.CutPrefix(p, v)
		if !ok || rest == "" || rest[0] == '}' || rest[0] >= 'A' && rest[0] <= 'Z' || rest[0] == '_' {
			continue
		}
		end := strings.Index(rest, "}/")
		if end < 0 {
			continue
		}
		def := strings.TrimLeft(rest[:end], ":-=")
		if _, ok := TempPrefix(strings.TrimSuffix(def, "/") + "/"); ok || def == "" {
			return rest[end+2:], true
		}
	}
	return "", false
}

// freshTemp is what $(mktemp …) prints, as far as the rules care: a new
// name in the temporary directory that no one else uses.
const freshTemp = "/tmp/tmp.XXXXXXXXXX"

// freshTempAt is the name the mktemp of the command substitution at offset
// off prints: each call its own name (/tmp/tmp.XXXXXXX123), so that a file
// written through one mktemp's name is not taken for another's
// (src=$(mktemp); bin=$(mktemp); cat >"$src" <<EOF … EOF; "$bin").
func freshTempAt(off int) string {
	if off <= 0 {
		return freshTemp
	}
	d := strconv.Itoa(off)
	if len(d) >= 10 {
		return "/tmp/tmp." + d
	}
	return freshTemp[:len(freshTemp)-len(d)] + d
}

// mktempCall returns the one mktemp call the statements are (also in a
// subshell, with redirections; not in the background), or nil.
func mktempCall(stmts []*syntax.Stmt) *syntax.CallExpr {
	for len(stmts) == 1 {
		if sub, ok := stmts[0].Cmd.(*syntax.Subshell); ok {
			stmts = sub.Stmts
			continue
		}
		break
	}
	if len(stmts) != 1 || stmts[0].Background {
		return nil
	}
	ce, ok := stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return nil
	}
	if n := ce.Args[0].Lit(); n != "mktemp" && n != "/bin/mktemp" && n != "/usr/bin/mktemp" {
		return nil
	}
	return ce
}

// mktempOutput reports whether the statements are one mktemp call (also in
// a subshell, with redirections) whose template, if any, is in a temporary
// directory or has no directory: its output is then a fresh temporary
// name (freshTemp). A template elsewhere (mktemp -d /srv/x.XXX) is not.
func (r *resolver) mktempOutput(stmts []*syntax.Stmt) bool {
	ce := mktempCall(stmts)
	if ce == nil {
		return false
	}
	inTemp := func(w *syntax.Word) bool {
		sub := newResolver(r.vars)
		sub.depth = r.depth + 1
		vals, err := expand.Fields(&sub.cfg, w)
		if err != nil || len(vals) != 1 {
			return false
		}
		v := vals[0]
		if !strings.Contains(v, "/") {
			return true
		}
		rest, ok := TempPrefix(v)
		return ok && rest != "" && !strings.Contains(v, "..")
	}
	for i := 1; i < len(ce.Args); i++ {
		a := ce.Args[i].Lit()
		switch {
		case a == "-p":
			if i+1 >= len(ce.Args) {
				return false
			}
			i++
			sub := newResolver(r.vars)
			vals, err := expand.Fields(&sub.cfg, ce.Args[i])
			if err != nil || len(vals) != 1 {
				return false
			}
			if _, ok := TempPrefix(strings.TrimSuffix(vals[0], "/") + "/"); !ok {
				return false
			}
		case strings.HasPrefix(a, "--tmpdir="):
			if _, ok := TempPrefix(strings.TrimSuffix(strings.TrimPrefix(a, "--tmpdir="), "/") + "/"); !ok {
				return false
			}
		case strings.HasPrefix(a, "-") && a != "":
			// -d, -u, -q, -t, --directory, --suffix=…
		default:
			if !inTemp(ce.Args[i]) {
				return false
			}
		}
	}
	return true
}

// laterTemps finds the variables that every assignment in the input makes a
// temporary name: d=$(mktemp -d), TMP=$TMPDIR/x.$$. A cleanup function or
// trap defined before the assignment runs after it, so it sees that value
// (see withLater).
func laterTemps(stmts []*syntax.Stmt) map[string]string {
	out, _ := laterAssigns(stmts)
	return out
}

// laterAssigns is laterTemps, and also returns the variables assigned more
// than once, one of the values not a temporary name: a trap or a function
// defined between the assignments may run after the last (d=/tmp/a; trap
// 'rm -rf "$d"' 0; d=$HOME deletes the home directory at exit).
func laterAssigns(stmts []*syntax.Stmt) (map[string]string, map[string]bool) {
	var out map[string]string
	bad := map[string]bool{}
	count := map[string]int{}
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			a, ok := n.(*syntax.Assign)
			if !ok || a.Name == nil {
				return true
			}
			name := a.Name.Value
			count[name]++
			if a.Array != nil || a.Index != nil || a.Append || bad[name] {
				// tmp[0]=~, tmp+=/../x: another value.
				bad[name] = true
				delete(out, name)
				return true
			}
			if a.Value == nil || len(a.Value.Parts) == 0 {
				return true // x= : empty, deletes nothing
			}
			v, ok := tempValue(a.Value)
			if !ok {
				bad[name] = true
				delete(out, name)
				return true
			}
			if out == nil {
				out = map[string]string{}
			}
			if _, seen := out[name]; !seen {
				out[name] = v
			}
			return true
		})
	}
	// read tmp, printf -v tmp, for tmp in …, eval: another value (looked
	// for only when there is a temporary name it could take away).
	if len(out) > 0 {
		other, all := otherAssigns(stmts)
		for name := range out {
			if all || other[name] {
				bad[name], count[name] = true, count[name]+1
				delete(out, name)
			}
		}
	}
	// Assigned once: that assignment is the value the definition sees
	// (or will see); more than once, with a value that is not temporary:
	// unknown when the deferred code runs.
	changed := map[string]bool{}
	for name := range bad {
		if count[name] > 1 {
			changed[name] = true
		}
	}
	return out, changed
}

// tempValue returns a word's value when it is a temporary name: the output
// of mktemp, or a path strictly inside a temporary directory.
func tempValue(w *syntax.Word) (string, bool) {
	r := newResolver(newVars())
	r.noSplit = true
	vals, err := expand.Fields(&r.cfg, w)
	if err != nil || len(vals) != 1 || strings.Contains(vals[0], "..") {
		return "", false
	}
	v := vals[0]
	if InFresh(v) {
		return v, true // mktemp -d ~/.x.XXXXXX: a name of its own
	}
	if rest, ok := TempPrefix(v); ok {
		first, _, _ := strings.Cut(strings.TrimLeft(rest, "/"), "/")
		if first != "" && first != "." && !strings.ContainsAny(first, "*?[") {
			return v, true
		}
	}
	return "", false
}

// withLater runs f with the variables of laterTemps that are not set yet,
// or set to the empty string, given their later value: for walking a
// function body or a trap when they are defined.
func (p *parser) withLater(f func()) {
	var set []string
	saved := map[string]string{}
	for name := range p.laterBad {
		if cur, ok := p.vars.val.get(name); ok {
			// Assigned another value later: unknown when the
			// deferred code runs.
			saved[name] = cur
			p.vars.setDynamic(name)
			set = append(set, name)
		}
	}
	for name, v := range p.later {
		if cur, ok := p.vars.val.get(name); ok {
			if cur != "" {
				continue
			}
			// tmp=; trap 'rm -rf "$tmp"' 0; tmp=$(mktemp -d): empty
			// now, a temporary name by the time the trap runs.
			saved[name] = cur
		}
		if _, ok := p.vars.dyn.get(name); ok {
			continue
		}
		if strings.Contains(v, "${") {
			p.vars.setShape(name, "dynamic", v)
		} else {
			p.vars.set(name, v)
		}
		set = append(set, name)
	}
	defer p.emptyUntilSet(append(set, p.emptiedLater()...))()
	p.intoLater()
	f()
	for _, name := range set {
		p.vars.val.del(name)
		p.vars.dyn.del(name)
		p.vars.shape.del(name)
		if v, ok := saved[name]; ok {
			p.vars.val.set(name, v)
		}
	}
}
