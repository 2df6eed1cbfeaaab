package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// What a Dockerfile RUN step writes and removes again before it ends
// (issue 12, held-out set: the official nginx and postgres images):
//
//	tempDir="$(mktemp -d)" && chmod 777 "$tempDir" && …
//	&& echo "deb [ trusted=yes ] file://$tempDir ./" > /etc/apt/sources.list.d/temp.list
//	&& apt-get -o Acquire::GzipIndexes=false update
//	…
//	&& if [ -n "$tempDir" ]; then
//		apt-get purge -y --auto-remove \
//		&& rm -rf "$tempDir" /etc/apt/sources.list.d/temp.list;
//	fi
//
// A layer holds what the step leaves when it ends with status 0. A file
// the step writes (a redirection) or a path it chmods, that a later rm of
// the same step removes on every path on which the step succeeds, is not
// in the image: its content or mode does not ship (Command.Removed;
// rules/image.go decides which findings that quiets).
//
// It runs absent.go's interpreter once more over the step, with image
// set, which adds:
//
//   - marks: each state holds, for every write or chmod of one path it
//     went through, the path's key (its value joined to the directory
//     then); a successful rm of that key (rm without -i, -I, -d: after
//     rm [-f] [-r] P returned 0, P is not there) drops the mark (-r also
//     drops the marks below it);
//   - if, && and ; keep the status: an if whose branch failed failed,
//     so `… && if …; then …; rm …; fi && …` is followed only where the
//     rm succeeded;
//   - a value a successful $(mktemp …) gave is not empty, and
//     [ -n "$x" ] of a value not empty is true ([ -z ] false);
//   - the step's end: the states in which its last statement succeeded
//     (a failure there fails the RUN, and no layer is made).
//
// A change put back is not in the image either (the official memcached
// image lowers OpenSSL's SECLEVEL for its tests and restores the file):
//
//	sed -i.bak 's/SECLEVEL=2/SECLEVEL=1/g' /etc/ssl/openssl.cnf; \
//	make test; \
//	mv /etc/ssl/openssl.cnf.bak /etc/ssl/openssl.cnf
//
// sed -i[SUFFIX] F (one file) and a write of F are marks like the others;
// sed -i.SUF F and cp F B (two static operands, F not changed by the step
// so far) record that F.SUF or B holds F's content from before the step
// (absState.backups); mv B F then drops F's marks, and the mv itself ships
// nothing new: it puts back what was there (Command.Removed, on every
// state that reaches it holding the backup; one that does not keeps it).
// A write or rm of B, or a write to a path whose key is not known,
// forgets the backup.
//
// Refused, so nothing is removed: a step that runs exec, return, trap or
// an exit that may be 0 anywhere (exit, exit 0, exit $x end it with the
// file in place; exit 1 fails it); a write or chmod
// made in a loop body, a subshell, a pipeline, a function, the background
// or a condition that does not flow on; one of several paths (chmod a b,
// two redirections); a path whose key is not known. A mark's key is
// forgotten (and can no longer be dropped) at any mv, cp, ln, rsync or
// install, or a call of a function that runs one: the content may have
// been moved or copied to where it ships. Assumed, as for the rest of
// absent.go: no other process changes the paths meanwhile (a RUN step's
// container runs only the step).

// imageRemovedIf returns the offsets of the commands of a RUN step whose
// only written or chmodded path the step removes again on every path on
// which it succeeds, or that put a backup back. text must name rm or mv.
func imageRemovedIf(text string, stmts []*syntax.Stmt, errexit bool, shell string) map[int]bool {
	if !hasWord(text, "rm") && !hasWord(text, "mv") || len(stmts) == 0 {
		return nil
	}
	for _, st := range stmts {
		refused := false
		syntax.Walk(st, func(n syntax.Node) bool {
			if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
				switch cmdLit(ce.Args[0]) {
				case "exit":
					// exit 1 fails the step (no layer); exit, exit 0
					// and exit $x may end it with the file in place.
					if len(ce.Args) != 2 || strings.Trim(ce.Args[1].Lit(), "0123456789") != "" || strings.Trim(ce.Args[1].Lit(), "0") == "" {
						refused = true
					}
				case "exec", "return", "trap", "":
					refused = true
				}
			}
			return !refused
		})
		if refused {
			return nil
		}
	}
	return imageRemoved(stmts, errexit, shell)
}

func imageRemoved(stmts []*syntax.Stmt, errexit bool, shell string) (out map[int]bool) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	a := &absent{funcs: map[string]*absFunc{}, out: map[int]bool{}, repo: map[int]bool{}, snaps: map[*syntax.FuncDecl][]*absState{}, topIdx: map[*syntax.FuncDecl]int{}, stmts: stmts,
		image: true, shipMade: map[int]bool{}, shipBad: map[int]bool{}, restores: map[int]bool{}}
	if !a.prepare(stmts) {
		return nil
	}
	s := &absState{vals: map[string]string{}, cwd: a.atom("c"), errexit: errexit, facts: map[string]uint8{}, epoch: a.epoch(), nonEmpty: map[string]bool{}, dirsKnown: true}
	a.cdpathEnv, a.physicalEnv = cdpathInherited(shell)
	in := a.list(stmts[:len(stmts)-1], []*absState{s})
	var end []*absState
	if len(in) > 0 {
		end, _ = a.run(stmts[len(stmts)-1], in, false)
	}
	// The function bodies are walked for their writes (never removed).
	for _, fd := range a.order {
		f := a.funcs[fd.Name.Value]
		if f == nil || f.defs != 1 || !f.top {
			continue
		}
		if fs := a.funcState(fd); len(fs) > 0 {
			a.inFunc = true
			a.list([]*syntax.Stmt{fd.Body}, fs)
			a.inFunc = false
		}
	}
	if a.visited > absentMaxVisits || len(end) == 0 {
		return nil
	}
	for off, ok := range a.restores {
		// A backup put back restores what was there before the step.
		if ok {
			if out == nil {
				out = map[int]bool{}
			}
			out[off] = true
		}
	}
	for off := range a.shipMade {
		if a.shipBad[off] {
			continue
		}
		kept := false
		for _, st := range end {
			if _, ok := st.marks[off]; ok {
				kept = true
				break
			}
		}
		if !kept {
			if out == nil {
				out = map[int]bool{}
			}
			out[off] = true
		}
	}
	return out
}

// markWrite records, in copies of the states, that the command at off
// wrote or chmodded the path word w names.
func (a *absent) markWrite(in []*absState, off int, w *syntax.Word) []*absState {
	if a.shipMade[off] && a.shipBad[off] {
		return in
	}
	a.shipMade[off] = true
	if a.inFunc || a.noFlow > 0 {
		a.shipBad[off] = true
		return in
	}
	out := make([]*absState, 0, len(in))
	for _, s := range in {
		n := s.clone()
		if n.marks == nil {
			n.marks = map[int]string{}
		}
		k, ok := "", false
		if w != nil {
			if v, okv := a.value(s, w, false); okv && !strings.HasSuffix(v, "/") {
				k, ok = a.keyOf(s, v, false)
			}
		}
		if !ok {
			k = "" // never dropped
		}
		if k == "" {
			n.backups = nil // an unknown path: it may be a backup
		} else {
			delete(n.backups, k) // the backup is overwritten
		}
		n.marks[off] = k
		out = append(out, n)
	}
	return out
}

// markRedirs records the write of echo, printf or cat through a
// redirection: one path written (a second target keeps the command).
func (a *absent) markRedirs(st *syntax.Stmt, in []*absState) []*absState {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return in
	}
	switch cmdLit(ce.Args[0]) {
	case "echo", "printf", "cat":
		// They write only where the redirection points.
	default:
		return in
	}
	var target *syntax.Word
	n := 0
	for _, r := range st.Redirs {
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.ClbOut, syntax.RdrAll, syntax.AppAll:
			if r.Word != nil && r.Word.Lit() == "/dev/null" {
				continue
			}
			target = r.Word
			n++
		}
	}
	if n == 0 {
		return in
	}
	off := int(ce.Pos().Offset())
	if n > 1 {
		a.shipMade[off], a.shipBad[off] = true, true
		return in
	}
	return a.markWrite(in, off, target)
}

// markChmod records a chmod of one path (chmod [-R] MODE PATH).
func (a *absent) markChmod(ce *syntax.CallExpr, in []*absState) []*absState {
	off := int(ce.Pos().Offset())
	var ops []*syntax.Word
	for _, w := range ce.Args[1:] {
		if v := w.Lit(); strings.HasPrefix(v, "-") && v != "-" {
			continue
		}
		ops = append(ops, w)
	}
	if len(ops) != 2 {
		a.shipMade[off], a.shipBad[off] = true, true
		return in
	}
	return a.markWrite(in, off, ops[1])
}

// dropMarks is the state after rm ARGS succeeded: the marks of the paths it
// names (and below them, with -r) are gone. nil when rm's options are not
// read (-i, -I, -d, anything else: it may return 0 and keep the file).
func (a *absent) dropMarks(args []*syntax.Word, s *absState) *absState {
	if len(s.marks) == 0 {
		return nil
	}
	rec := false
	var keys []string
	dashdash := false
	for _, w := range args {
		v := w.Lit()
		if !dashdash && strings.HasPrefix(v, "-") && v != "-" {
			if v == "--" {
				dashdash = true
				continue
			}
			if strings.HasPrefix(v, "--") {
				switch v {
				case "--force", "--verbose":
				case "--recursive":
					rec = true
				default:
					return nil
				}
				continue
			}
			if strings.Trim(v[1:], "frRv") != "" {
				return nil
			}
			rec = rec || strings.ContainsAny(v, "rR")
			continue
		}
		val, ok := a.value(s, w, false)
		if !ok || strings.HasSuffix(val, "/") {
			continue
		}
		if k, ok := a.keyOf(s, val, false); ok {
			keys = append(keys, k)
		}
	}
	n := s.clone()
	for _, rk := range keys {
		delete(n.backups, rk)
	}
	for off, k := range n.marks {
		if k == "" {
			continue
		}
		for _, rk := range keys {
			if k == rk || rec && strings.HasPrefix(k, rk+"/") && prefixOK(rk) {
				delete(n.marks, off)
				break
			}
		}
	}
	return n
}

// blurMarks forgets the keys of the marks (they can no longer be dropped):
// the content may have been moved or copied elsewhere.
func blurMarks(in []*absState) []*absState {
	out := make([]*absState, 0, len(in))
	for _, s := range in {
		if len(s.marks) == 0 {
			out = append(out, s)
			continue
		}
		n := s.clone()
		for off := range n.marks {
			n.marks[off] = ""
		}
		out = append(out, n)
	}
	return out
}

// copiesFiles reports a command that may move, copy or link a file: mv,
// cp, ln, rsync, install (or through a wrapper: mentionsMove), or a call
// of a function of the script that runs one.
func (a *absent) copiesFiles(ce *syntax.CallExpr, depth int) bool {
	if len(ce.Args) == 0 || a.safe[ce] {
		return false
	}
	switch strings.TrimPrefix(strings.TrimPrefix(cmdLit(ce.Args[0]), "/usr"), "/bin/") {
	case "mv", "cp", "ln", "rsync", "install", "/bin/mv", "/bin/cp", "/bin/ln", "/bin/rsync", "/bin/install":
		return true
	}
	if mentionsMove(ce) {
		return true
	}
	f := a.funcs[cmdLit(ce.Args[0])]
	if f == nil {
		return false
	}
	if f.body == nil || f.defs != 1 || depth > 8 {
		return true
	}
	found := false
	syntax.Walk(f.body, func(n syntax.Node) bool {
		if x, ok := n.(*syntax.CallExpr); ok && !found && a.copiesFiles(x, depth+1) {
			found = true
		}
		return !found
	})
	return found
}

// mktempSubst reports an assignment's value that is $(mktemp …) alone: on
// success it printed the name it made, which is not empty.
func mktempSubst(as *syntax.Assign) bool {
	if as.Value == nil || len(as.Value.Parts) != 1 {
		return false
	}
	var cs *syntax.CmdSubst
	switch x := as.Value.Parts[0].(type) {
	case *syntax.CmdSubst:
		cs = x
	case *syntax.DblQuoted:
		if len(x.Parts) == 1 {
			cs, _ = x.Parts[0].(*syntax.CmdSubst)
		}
	}
	if cs == nil || len(cs.Stmts) != 1 {
		return false
	}
	ce, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr)
	return ok && len(ce.Args) > 0 && cmdLit(ce.Args[0]) == "mktemp" && len(cs.Stmts[0].Redirs) == 0 && !cs.Stmts[0].Negated
}

// listStatus walks statements and returns the states in which the last one
// succeeded and failed (image mode: an if's status is its branch's).
func (a *absent) listStatus(stmts []*syntax.Stmt, in []*absState) (ok, fail []*absState) {
	if len(stmts) == 0 {
		return in, nil
	}
	in = a.list(stmts[:len(stmts)-1], in)
	if len(in) == 0 {
		return nil, nil
	}
	return a.run(stmts[len(stmts)-1], in, false)
}

// ifStatus is ifClause keeping the status (image mode).
func (a *absent) ifStatus(x *syntax.IfClause, in []*absState) (ok, fail []*absState) {
	for cl := x; cl != nil; cl = cl.Else {
		if len(cl.Cond) == 0 { // else
			o, f := a.listStatus(cl.Then, in)
			ok, fail = append(ok, o...), append(fail, f...)
			in = nil
			break
		}
		for _, st := range cl.Cond[:len(cl.Cond)-1] {
			o, f := a.run(st, in, true)
			in = joinCap(a, append(o, f...))
		}
		o, f := a.run(cl.Cond[len(cl.Cond)-1], in, true)
		to, tf := a.listStatus(cl.Then, o)
		ok, fail = append(ok, to...), append(fail, tf...)
		in = f
	}
	ok = append(ok, in...) // no branch taken: status 0
	return joinCap(a, ok), joinCap(a, fail)
}

// stmtCopies reports a statement that runs, anywhere in it, a command
// that may move, copy or link a file (copiesFiles).
func (a *absent) stmtCopies(st *syntax.Stmt) bool {
	found := false
	syntax.Walk(st, func(n syntax.Node) bool {
		if x, ok := n.(*syntax.CallExpr); ok && !found && a.copiesFiles(x, 0) {
			found = true
		}
		return !found
	})
	return found
}

// mktempNonEmpty notes, in the state after NAME=$(mktemp …) succeeded,
// that NAME's value is not empty.
func (a *absent) mktempNonEmpty(n *absState, assigns []*syntax.Assign) {
	for _, as := range assigns {
		if as.Name == nil || !mktempSubst(as) {
			continue
		}
		if v := n.vals[as.Name.Value]; v != "" && !strings.Contains(v, "/") && stripAtoms(v) == "" {
			n.nonEmpty[v] = true
		}
	}
}

// knownNonEmpty reports a test operand that is one value proved not empty.
func (a *absent) knownNonEmpty(s *absState, w *syntax.Word) bool {
	v, ok := a.value(s, w, true)
	return ok && v != "" && s.nonEmpty[v]
}

// MktempDir reports whether p is the name a $(mktemp …) of the input
// printed (freshTempAt), with or without a trailing slash: a directory or
// file made new by that call, holding only what the input put there.
func MktempDir(p string) bool {
	p = strings.TrimSuffix(p, "/")
	rest, ok := strings.CutPrefix(p, "/tmp/tmp.")
	if !ok || len(rest) < 10 {
		return false
	}
	digits := strings.TrimLeft(rest, "X")
	return strings.Trim(digits, "0123456789") == "" && (len(rest) == 10 || len(digits) >= 10 || len(digits) > 0)
}

// plainOps returns the operands of a command, and false when an option is
// not one of allowed (letters of short options, or long names).
func plainOps(args []*syntax.Word, allowed string, long ...string) ([]*syntax.Word, bool) {
	var ops []*syntax.Word
	for _, w := range args {
		v := w.Lit()
		if strings.HasPrefix(v, "--") {
			if !slicesContains(long, v) {
				return nil, false
			}
			continue
		}
		if strings.HasPrefix(v, "-") && len(v) > 1 {
			if strings.Trim(v[1:], allowed) != "" {
				return nil, false
			}
			continue
		}
		ops = append(ops, w)
	}
	return ops, true
}

// pathKey returns the key of the path word w names in s.
func (a *absent) pathKey(s *absState, w *syntax.Word) (string, bool) {
	v, ok := a.value(s, w, false)
	if !ok || v == "" || strings.HasSuffix(v, "/") {
		return "", false
	}
	return a.keyOf(s, v, false)
}

func slicesContains(l []string, v string) bool {
	for _, x := range l {
		if x == v {
			return true
		}
	}
	return false
}

// markSed records sed -i[SUFFIX] SCRIPT F (one file) as a write of F, and
// F.SUFFIX as its backup when F is not changed by the step so far.
func (a *absent) markSed(ce *syntax.CallExpr, in []*absState) []*absState {
	suffix, inPlace := "", false
	var ops []*syntax.Word
	for _, w := range ce.Args[1:] {
		v := w.Lit()
		switch {
		case v == "-i" || v == "--in-place":
			inPlace = true
		case strings.HasPrefix(v, "--in-place="):
			inPlace, suffix = true, strings.TrimPrefix(v, "--in-place=")
		case strings.HasPrefix(v, "-i") && len(v) > 2:
			inPlace, suffix = true, v[2:]
		case v == "-e" || v == "-E" || v == "-r" || v == "-n" || v == "--posix" || v == "-s" || v == "-u" || v == "-z":
		case strings.HasPrefix(v, "-"):
			return in // an option not read (-f FILE, -ie …)
		default:
			ops = append(ops, w)
		}
	}
	if !inPlace || len(ops) != 2 || strings.ContainsAny(suffix, "*/") {
		return in
	}
	off := int(ce.Pos().Offset())
	var bk []string
	if suffix != "" {
		for _, s := range in {
			k, ok := a.backupKey(s, ops[1], suffix)
			if !ok {
				bk = nil
				break
			}
			bk = append(bk, k)
		}
	}
	out := a.markWrite(in, off, ops[1])
	if len(bk) != len(in) || len(out) != len(in) {
		return out
	}
	for i, s := range out {
		f := s.marks[off]
		if f == "" || a.changedBefore(in[i], f, off) {
			continue
		}
		if s.backups == nil {
			s.backups = map[string]string{}
		}
		s.backups[bk[i]] = f
	}
	return out
}

// backupKey returns the key of the path word w names, with suffix added.
func (a *absent) backupKey(s *absState, w *syntax.Word, suffix string) (string, bool) {
	v, ok := a.value(s, w, false)
	if !ok || strings.HasSuffix(v, "/") {
		return "", false
	}
	return a.keyOf(s, v+suffix, false)
}

// changedBefore reports a mark on key f in s other than the command at
// off: the step changed f already, so a copy of it is no backup.
func (a *absent) changedBefore(s *absState, f string, off int) bool {
	for o, k := range s.marks {
		if o != off && (k == f || k == "") {
			return true
		}
	}
	return false
}

// copyBackup records, after cp F B succeeded (two path operands, no
// option but -p, -a, -f), that B holds F's content from before the step,
// when the step has not changed F so far.
func (a *absent) copyBackup(ce *syntax.CallExpr, in []*absState) []*absState {
	ops, ok := plainOps(ce.Args[1:], "paf", "--preserve", "--archive", "--force")
	if !ok || len(ops) != 2 {
		return in
	}
	// The copy is a write of B (gone again when mv B F puts it back).
	in = a.markWrite(in, int(ce.Pos().Offset()), ops[1])
	out := make([]*absState, 0, len(in))
	for _, s := range in {
		f, okf := a.pathKey(s, ops[0])
		b, okb := a.pathKey(s, ops[1])
		n := s
		if okf && okb && f != b && !a.changedBefore(s, f, int(ce.Pos().Offset())) {
			a.safeCopy(ce, true)
			n = s.clone()
			if n.backups == nil {
				n.backups = map[string]string{}
			}
			n.backups[b] = f
		} else {
			a.safeCopy(ce, false)
			if okb {
				n = s.clone()
				delete(n.backups, b) // B holds something else now
			}
		}
		out = append(out, n)
	}
	return out
}

// restoreBackup is the state after mv B F (two path operands, no option
// but -f) succeeded, when B is F's backup in s: F's marks are gone, and the
// mv is a restore (a.restores). nil when the mv is no restore in s.
func (a *absent) restoreBackup(ce *syntax.CallExpr, s *absState, _ bool) *absState {
	off := int(ce.Pos().Offset())
	ops, ok := plainOps(ce.Args[1:], "f", "--force")
	if !ok || len(ops) != 2 {
		return nil
	}
	b, okb := a.pathKey(s, ops[0])
	f, okf := a.pathKey(s, ops[1])
	if !okb || !okf || s.backups[b] != f || a.inFunc || a.noFlow > 0 {
		if okf || okb {
			a.restores[off] = false
		}
		a.safeCopy(ce, false)
		return nil
	}
	if v, seen := a.restores[off]; !seen || v {
		a.restores[off] = true
	}
	a.safeCopy(ce, true)
	n := s.clone()
	delete(n.backups, b)
	for o, k := range n.marks {
		if k == f || k == b {
			delete(n.marks, o) // F holds its old content, and B is gone
		}
	}
	return n
}

// safeCopy notes whether a cp or mv copies no content the step changed (a
// backup of a file not changed so far, a backup put back): it blurs no
// marks (copiesFiles). Once not safe in one state, it is not.
func (a *absent) safeCopy(ce *syntax.CallExpr, ok bool) {
	if a.safe == nil {
		a.safe = map[*syntax.CallExpr]bool{}
	}
	if v, seen := a.safe[ce]; !seen || v {
		a.safe[ce] = ok
	}
}
