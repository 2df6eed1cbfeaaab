package parse

import (
	"math"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Directories a line proves it made (issue 12, postgresql-common's
// testsuite):
//
//	set -e
//	for d in $dirs; do mkdir -p $d; mount -t tmpfs tmpfs $d; done
//	chmod 2775 /var/run/postgresql
//
// A mkdir (with or without -p) that succeeded leaves a directory (or a
// symlink to one) at each operand. Its success is known where the next
// command runs only after it: later in the same statement list under an
// effective set -e, after mkdir … || exit, and on the right of
// mkdir … && …. Command.Dirs lists such paths, as the mkdir's operands
// resolved, for the commands that run after it in that scope: the list
// it is in, and the lists around it while those always run it ({ … },
// ( … ), a for loop over static words, which is walked once per word).
// An if, case or while body, a loop over unknown words and a function
// body end the scope. set -e is not trusted inside a function (its caller
// may run it where set -e is ignored: f || true), nor in any part of a
// condition, of an && or || list but the last, or a negated statement.
//
// Anything between the mkdir and the command that could put something
// else at the path ends it for every path: any command but mkdir, chmod,
// chown, chgrp, echo, printf, test, [, true, :, exit, return, and
// mount -t tmpfs (a new empty file system hides what was beneath; nothing
// new appears). A command in
// the background, or a DEBUG, RETURN or ERR trap (they run between
// commands) anywhere before, switches it off for the rest of the input.
// Only a mkdir whose operands hold no variable with values from other
// branches counts (each reading would be another mkdir). After a dot
// command, source, eval or a command word not known, set -e is no longer
// trusted: the code it ran may have said set +e.

// dirScope is where a mkdir's success is known: the constructs around
// it, innermost first, each with the offset where it ends.
type dirScope struct {
	// and is set for mkdir … && Y: known inside Y only (from, until).
	and         bool
	from, until int
	// orExit is set for mkdir … || exit: known without set -e.
	orExit bool
	// outer are the constructs around the statement, outermost first.
	outer []dirOuter
}

// dirOuter is one construct around a mkdir statement.
type dirOuter struct {
	end int
	// always is set for { … } and ( … ): what runs in them has run
	// when the statements after them run.
	always bool
	// sub is set for ( … ): its failure stops the script only under
	// set -e.
	sub bool
	// loop is set for a for loop: it always runs its body when the walk
	// unrolls it over static words.
	loop *syntax.ForClause
}

// madeDir is one path a mkdir made, known from offset from to until.
type madeDir struct {
	path        string
	from, until int
	// subEnd is where the outermost ( … ) around the mkdir ends: from
	// there on, set -e must be in force.
	subEnd int
}

// dirStmts finds the mkdir statements whose success the statements after
// them can rely on (see above), and where.
func dirStmts(text string, stmts []*syntax.Stmt) map[*syntax.Stmt]*dirScope {
	if !strings.Contains(text, "mkdir") {
		return nil
	}
	out := map[*syntax.Stmt]*dirScope{}
	var list func(stmts []*syntax.Stmt, outer []dirOuter, errexitOK bool)
	list = func(stmts []*syntax.Stmt, outer []dirOuter, errexitOK bool) {
		for _, st := range stmts {
			if st.Background || st.Negated {
				continue
			}
			switch x := st.Cmd.(type) {
			case *syntax.CallExpr:
				if errexitOK && isMkdir(x) {
					out[st] = &dirScope{outer: outer}
				}
			case *syntax.BinaryCmd:
				l := x.X
				ce, ok := l.Cmd.(*syntax.CallExpr)
				if !ok || l.Negated || l.Background || !isMkdir(ce) {
					continue
				}
				switch {
				case x.Op == syntax.OrStmt && exitOnly(x.Y):
					out[l] = &dirScope{outer: outer, orExit: true}
				case x.Op == syntax.AndStmt:
					out[l] = &dirScope{and: true, from: int(x.Y.Pos().Offset()), until: int(x.Y.End().Offset())}
				}
			case *syntax.Block:
				list(x.Stmts, append(outer[:len(outer):len(outer)], dirOuter{end: int(st.End().Offset()), always: true}), errexitOK)
			case *syntax.Subshell:
				// set -e or || exit inside ( … ) ends the subshell
				// only: after it, set -e must be in force (sub).
				list(x.Stmts, append(outer[:len(outer):len(outer)], dirOuter{end: int(st.End().Offset()), always: true, sub: true}), errexitOK)
			case *syntax.IfClause:
				for ic := x; ic != nil; ic = ic.Else {
					end := int(x.End().Offset())
					if ic.Else != nil {
						end = int(ic.Else.Pos().Offset())
					}
					list(ic.Then, append(outer[:len(outer):len(outer)], dirOuter{end: end}), errexitOK)
				}
			case *syntax.CaseClause:
				for _, it := range x.Items {
					list(it.Stmts, append(outer[:len(outer):len(outer)], dirOuter{end: int(it.End().Offset())}), errexitOK)
				}
			case *syntax.ForClause:
				list(x.Do, append(outer[:len(outer):len(outer)], dirOuter{end: int(st.End().Offset()), loop: x}), errexitOK)
			case *syntax.WhileClause:
				list(x.Do, append(outer[:len(outer):len(outer)], dirOuter{end: int(st.End().Offset())}), errexitOK)
			case *syntax.FuncDecl:
				if x.Body != nil {
					// The body: set -e may be ignored where it is
					// called; || exit still holds.
					list([]*syntax.Stmt{x.Body}, []dirOuter{{end: int(st.End().Offset())}}, false)
				}
			}
		}
	}
	list(stmts, nil, true)
	if len(out) == 0 {
		return nil
	}
	return out
}

// isMkdir reports a mkdir call without prefix assignments.
func isMkdir(ce *syntax.CallExpr) bool {
	if len(ce.Assigns) > 0 || len(ce.Args) < 2 {
		return false
	}
	n := ce.Args[0].Lit()
	return n == "mkdir" || n == "/bin/mkdir" || n == "/usr/bin/mkdir"
}

// exitOnly reports a statement that is exit or return (optionally with a
// status), or a block or subshell ending in one.
func exitOnly(st *syntax.Stmt) bool {
	if st == nil || st.Negated || st.Background {
		return false
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Args) == 0 || len(x.Assigns) > 0 {
			return false
		}
		n := x.Args[0].Lit()
		return n == "exit" || n == "return"
	case *syntax.Block:
		return len(x.Stmts) > 0 && exitOnly(x.Stmts[len(x.Stmts)-1])
	}
	return false
}

// noteDirs records the operands of a mkdir statement whose success is
// known after it.
func (p *parser) noteDirs(cmd *Command, ce *syntax.CallExpr, st *syntax.Stmt) {
	sc := p.dirStmts[st]
	if sc == nil || p.dirsOff || p.outer != nil || cmd.Name() != "mkdir" || p.res.redefined(ce.Args[0].Lit()) ||
		len(p.altNames(ce.Args)) > 0 || !sc.and && !sc.orExit && (!p.errexit || p.errexitUnsure) {
		// A payload's commands all carry their carrier's offsets:
		// nothing is recorded there.
		return
	}
	from, until, subEnd := cmd.End, math.MaxInt, 0
	if sc.and {
		from, until = sc.from, sc.until
	} else {
		for i := len(sc.outer) - 1; i >= 0; i-- {
			o := sc.outer[i]
			if o.always || o.loop != nil && slices.Contains(p.unrolled, o.loop) {
				if o.sub {
					subEnd = max(subEnd, o.end)
				}
				continue
			}
			until = o.end
			break
		}
	}
	for _, o := range mkdirOperands(cmd) {
		p.dirsMade = append(p.dirsMade, madeDir{path: o, from: from, until: until, subEnd: subEnd})
	}
}

// mkdirOperands returns the static operands of a mkdir, without a
// trailing slash, and for -p the directories before each (no "..": a
// symlink makes x/.. another directory); nil when one is not static.
func mkdirOperands(cmd *Command) []string {
	var out []string
	parents := false
	opts := true
	for i := 1; i < len(cmd.Args); i++ {
		w := cmd.Args[i]
		v := w.Value
		if !w.Static || w.glob {
			return nil
		}
		if opts && strings.HasPrefix(v, "-") && v != "-" {
			switch {
			case v == "--":
				opts = false
			case v == "-m" || v == "--mode" || v == "--context":
				i++
			case strings.HasPrefix(v, "--mode=") || strings.HasPrefix(v, "--context=") || v == "-v" || v == "--verbose" || v == "-Z":
			case v == "-p" || v == "--parents":
				parents = true
			case !strings.HasPrefix(v, "--") && strings.Trim(v[1:], "pv") == "":
				parents = parents || strings.Contains(v, "p")
			case !strings.HasPrefix(v, "--") && strings.HasPrefix(strings.TrimLeft(v[1:], "pv"), "m"):
				parents = parents || strings.Contains(v, "p")
				if strings.TrimLeft(v[1:], "pv") == "m" {
					i++
				}
			default:
				return nil // an option not read: nothing is known
			}
			continue
		}
		v = strings.TrimRight(v, "/")
		if v == "" || v == "." {
			continue
		}
		out = append(out, v)
		if parents && !strings.Contains("/"+v+"/", "/../") {
			for d := v; strings.Contains(d, "/"); {
				d = d[:strings.LastIndex(d, "/")]
				if d == "" {
					break
				}
				out = append(out, d)
			}
		}
	}
	return out
}

// dirsBenign reports whether a command leaves what is at a made path a
// directory (see above).
func (p *parser) dirsBenign(c *Command) bool {
	if len(c.Args) == 0 || !c.Args[0].Static || c.Inner != nil || p.res.redefined(c.Args[0].Value) {
		return false
	}
	switch c.Name() {
	case "mkdir", "chmod", "chown", "chgrp", "echo", "printf", "test", "[", "true", ":", "exit", "return":
		return true
	case "mount":
		return emptyMount(c.Args[1:])
	}
	return false
}

// emptyMount reports mount -t tmpfs (or ramfs) SOURCE DIR, with -o options
// but no bind, move or remount: a new, empty file system over DIR. What was
// beneath DIR is hidden; nothing new appears at any path.
func emptyMount(args []Word) bool {
	var ops []string
	fsType := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Static {
			return false
		}
		v := a.Value
		switch {
		case v == "-t" || v == "--types":
			if i+1 >= len(args) || !args[i+1].Static {
				return false
			}
			i++
			fsType = args[i].Value
		case strings.HasPrefix(v, "-t") && len(v) > 2:
			fsType = v[2:]
		case strings.HasPrefix(v, "--types="):
			fsType = strings.TrimPrefix(v, "--types=")
		case v == "-o" || v == "--options":
			if i+1 >= len(args) || !args[i+1].Static || !plainMountOpts(args[i+1].Value) {
				return false
			}
			i++
		case strings.HasPrefix(v, "-"):
			return false // --bind, --move, -B, -M, -R, --rbind, anything else
		default:
			ops = append(ops, v)
		}
	}
	return (fsType == "tmpfs" || fsType == "ramfs") && len(ops) == 2
}

// plainMountOpts reports -o options that neither bind, move nor remount.
func plainMountOpts(o string) bool {
	for _, opt := range strings.Split(o, ",") {
		switch strings.TrimSpace(opt) {
		case "bind", "rbind", "move", "remount":
			return false
		}
	}
	return true
}

// trackDirs is called for each command added: it ends the made paths
// before a command that may change them, and gives the command those
// known where it runs (Command.Dirs).
func (p *parser) trackDirs(c *Command) {
	if c.Background || c.Name() == "trap" && trapBetween(c) || c.Name() == "coproc" {
		p.dirsOff, p.dirsMade = true, nil
		return
	}
	switch {
	case c.Name() == "eval" && localEval(c):
		// eval "$(ssh-agent -s)": a local tool's known output.
	case (c.Name() == "." || c.Name() == "source") && len(c.Args) == 2 && c.Args[1].Static && assignmentFile(c.Args[1].Value):
		// . /etc/os-release: variable assignments by its format.
	case len(c.Args) > 0 && !c.Args[0].Static, c.Name() == "." || c.Name() == "source" || c.Name() == "eval" || c.Name() == "shopt":
		// Code not read here may have run set +e: set -e is no
		// longer trusted (|| exit and && still are).
		p.errexitUnsure = true
	}
	if len(p.dirsMade) == 0 {
		return
	}
	if !p.dirsBenign(c) {
		p.dirsMade = nil
		return
	}
	for _, d := range p.dirsMade {
		if d.from <= c.Start && c.Start < d.until && (c.Start < d.subEnd || d.subEnd == 0 || p.errexit) {
			if c.Dirs == nil {
				c.Dirs = map[string]bool{}
			}
			c.Dirs[d.path] = true
		}
	}
}

// trapBetween reports a trap that runs between commands (DEBUG, RETURN,
// ERR) or on a signal not known.
func trapBetween(c *Command) bool {
	for _, w := range c.Args[1:] {
		if !w.Static {
			return true
		}
		switch strings.ToUpper(strings.TrimPrefix(w.Value, "SIG")) {
		case "DEBUG", "RETURN", "ERR":
			return true
		}
	}
	return false
}

// localEval reports an eval of nothing but static words and a local
// tool's output (eval "$(ssh-agent -s)"): it sets variables, not options.
func localEval(c *Command) bool {
	for _, w := range c.Args[1:] {
		if !w.Static && w.Origin != "local" {
			return false
		}
		if w.Static && strings.Contains(w.Value, "set") {
			return false
		}
	}
	return len(c.Args) > 1
}

// assignmentFile reports the files whose format is shell variable
// assignments only (os-release(5): "a newline-separated list of
// environment-like shell-compatible variable assignments").
func assignmentFile(p string) bool {
	switch p {
	case "/etc/os-release", "/usr/lib/os-release", "/etc/lsb-release":
		return true
	}
	return false
}
