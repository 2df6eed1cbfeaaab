package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Bypass attempts against absent.go (redteam3): what the analysis must not
// read as a value that stays put, as a call that ends the script, or as a
// name the script still owns.

// shellSets reports a variable the shell itself assigns as the script runs
// (after every command, a read or select, getopts, cd, [[ =~ ]], mapfile,
// or at each expansion): a test of "$_" proves nothing about what "$_"
// names two commands later.
func shellSets(name string) bool {
	switch name {
	case "_", "REPLY", "OPTARG", "OPTIND", "BASH_REMATCH", "MAPFILE", "PWD", "OLDPWD", "DIRSTACK", "CDPATH",
		"RANDOM", "SRANDOM", "SECONDS", "LINENO", "BASHPID", "BASH_SUBSHELL", "EPOCHSECONDS", "EPOCHREALTIME",
		"BASH_COMMAND", "BASH_SOURCE", "BASH_LINENO", "BASH_ARGV", "BASH_ARGC", "FUNCNAME", "PIPESTATUS",
		"COPROC", "HISTCMD", "COLUMNS", "LINES", "READLINE_LINE", "READLINE_POINT", "COMP_LINE", "COMP_WORDS":
		return true
	}
	return false
}

// hasReturn reports a return in a function body outside the functions it
// defines: die() { …; [ -n "$force" ] && return; exit 1; } may go on.
func hasReturn(body *syntax.Stmt) bool {
	found := false
	syntax.Walk(body, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.FuncDecl:
			return false
		case *syntax.CallExpr:
			if len(x.Args) > 0 && (x.Args[0].Lit() == "return" || x.Args[0].Lit() == "") {
				found = true // a command word not written out may be return
			}
		}
		return !found
	})
	return found
}

// waitNames is what wait -p NAME (bash 5.1) assigns: the pid of the job
// that ended.
func waitNames(ce *syntax.CallExpr) *clobber {
	c := &clobber{names: map[string]bool{}}
	for i := 1; i < len(ce.Args); i++ {
		v := ce.Args[i].Lit()
		if v == "" {
			c.all = true // wait $opts
			continue
		}
		if strings.HasPrefix(v, "-") && strings.Contains(v, "p") && v != "--" {
			if i+1 < len(ce.Args) {
				if n := ce.Args[i+1].Lit(); n != "" {
					c.names[n] = true
				} else {
					c.all = true
				}
			}
		}
	}
	return c
}

// testClobbers is what a [[ … ]] may change: ${d:=x} in its words, and
// with an arithmetic comparison (-eq, -lt, …) anything, since bash
// evaluates both sides as arithmetic (x='d=0'; [[ $x -eq 0 ]] assigns d).
func testClobbers(a *absent, x *syntax.TestClause) *clobber {
	c := &clobber{names: map[string]bool{}}
	a.clobberNode(x, c, 0)
	syntax.Walk(x, func(n syntax.Node) bool {
		if b, ok := n.(*syntax.BinaryTest); ok {
			switch b.Op {
			case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
				c.all = true
			}
		}
		return !c.all
	})
	return c
}

// errexitOff follows an eval whose text turns set -e off in this shell
// (eval 'set +e', eval "set +o errexit"); a text not known is assumed not
// to (eval "$(ssh-agent)").
func (p *parser) errexitOff(args []Word) {
	var sb strings.Builder
	for _, a := range args {
		if !a.Static {
			return
		}
		sb.WriteString(" " + a.Value)
	}
	for _, f := range strings.FieldsFunc(sb.String(), func(r rune) bool { return strings.ContainsRune(" \t\n;&|()", r) }) {
		if f == "errexit" || len(f) > 1 && f[0] == '+' && f[1] != 'o' && strings.Contains(f, "e") {
			p.errexit = false
		}
	}
}

// otherAssigns returns the variables code assigns other than by NAME=VALUE
// (read, getopts, mapfile, printf -v, wait -p, unset, for and select,
// ${NAME:=…}, arithmetic, the text of an eval written out), and all when
// one of them names its variable dynamically (read "$v"): for laterTemps, a
// cleanup defined before d=$(mktemp -d) does not know d's value when d is
// also read d, or eval "d=$HOME". As elsewhere, a sourced file and an eval
// of text not known are assumed not to assign the script's variables.
func otherAssigns(stmts []*syntax.Stmt) (names map[string]bool, all bool) {
	names = map[string]bool{}
	var walk func(stmts []*syntax.Stmt, depth int)
	walk = func(stmts []*syntax.Stmt, depth int) {
		for _, st := range stmts {
			syntax.Walk(st, func(n syntax.Node) bool {
				if assignsAny(n) {
					all = true // declare -n r=d; r=~ (redteam4.go)
					return false
				}
				switch x := n.(type) {
				case *syntax.ForClause:
					if wi, ok := x.Loop.(*syntax.WordIter); ok && wi.Name != nil {
						names[wi.Name.Value] = true
					}
				case *syntax.ParamExp:
					if x.Exp != nil && (x.Exp.Op == syntax.AssignUnset || x.Exp.Op == syntax.AssignUnsetOrNull) && x.Param != nil {
						names[x.Param.Value] = true
					}
				case *syntax.BinaryArithm:
					switch x.Op {
					case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
						syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
						if w, ok := x.X.(*syntax.Word); ok && w.Lit() != "" {
							names[w.Lit()] = true
						}
					}
				case *syntax.CallExpr:
					if len(x.Args) == 0 {
						return true
					}
					cmd := x.Args[0].Lit()
					switch cmd {
					case "eval":
						var sb strings.Builder
						for _, w := range x.Args[1:] {
							t, ok := litText(w)
							if !ok {
								return true
							}
							sb.WriteString(t + " ")
						}
						if f, err := syntax.NewParser().Parse(strings.NewReader(sb.String()), ""); err == nil && depth < 4 {
							for _, a := range otherAssignsOf(f.Stmts) {
								names[a] = true
							}
							walk(f.Stmts, depth+1)
						}
					case "read", "getopts", "mapfile", "readarray", "unset", "printf":
						args := x.Args[1:]
						if cmd == "getopts" && len(args) > 0 {
							args = args[1:] // the option string
						}
						valued := map[string]string{"read": "pdtunNi", "mapfile": "dnOsuCc", "readarray": "dnOsuCc", "printf": ""}[cmd]
						for i := 0; i < len(args); i++ {
							v := args[i].Lit()
							if t, ok := litText(args[i]); ok && v == "" {
								v = t // printf -v"d", read "d": quoted
							}
							if strings.HasPrefix(v, "-") && len(v) > 1 {
								if cmd == "printf" && strings.HasPrefix(v, "-v") {
									if len(v) > 2 {
										names[v[2:]] = true
									} else if i+1 < len(args) {
										if n := args[i+1].Lit(); n != "" {
											names[n] = true
										} else {
											all = true
										}
									}
								}
								if valued != "" && strings.ContainsRune(valued, rune(v[len(v)-1])) {
									i++ // -p PROMPT, -d DELIM, …
								}
								continue
							}
							if cmd == "printf" {
								break // the format and its arguments
							}
							if v == "" {
								all = true // read "$name"
								continue
							}
							names[v] = true
						}
					case "wait":
						w := waitNames(x)
						all = all || w.all
						for k := range w.names {
							names[k] = true
						}
					}
				}
				return !all
			})
		}
	}
	walk(stmts, 0)
	return names, all
}

// otherAssignsOf lists the NAME=VALUE assignments of code.
func otherAssignsOf(stmts []*syntax.Stmt) []string {
	var out []string
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			if a, ok := n.(*syntax.Assign); ok && a.Name != nil {
				out = append(out, a.Name.Value)
			}
			return true
		})
	}
	return out
}

// alternateAlt gives d=${D:+WORD} the empty value as another one when D
// is not known: the resolver reads an unknown D as set, but unset it makes
// d empty, and rm -rf "$d"/* is then rm -rf /*.
func (p *parser) alternateAlt(a *syntax.Assign) {
	if a.Name == nil || a.Value == nil || a.Append || a.Index != nil {
		return
	}
	if pn := alternateOnly(a.Value); pn != "" {
		if _, known := p.vars.val.get(pn); !known {
			p.vars.addAlt(a.Name.Value, "")
			if p.maybeEmpty == nil {
				p.maybeEmpty = map[string]bool{}
			}
			p.maybeEmpty[a.Name.Value] = true
		}
	}
}

// alternateOnly returns NAME for a word that is one ${NAME:+WORD} or
// ${NAME+WORD} (possibly in double quotes): empty when NAME is unset.
func alternateOnly(w *syntax.Word) string {
	part, _ := solePart(w)
	pe, ok := part.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Exp == nil || pe.Exp.Op != syntax.AlternateUnset && pe.Exp.Op != syntax.AlternateUnsetOrNull {
		return ""
	}
	return pe.Param.Value
}

// moveWords are the programs that move data (or mount it) onto a path.
var moveWords = map[string]bool{"mv": true, "/bin/mv": true, "/usr/bin/mv": true, "rsync": true, "/usr/bin/rsync": true,
	"mount": true, "/bin/mount": true, "/usr/bin/mount": true}

// mentionsMove reports a command that may move data into a path the script
// made: mv, rsync or mount as its name or as any word of it, or of a
// payload's literal text (sudo mv, xargs mv, find -exec mv, sh -c "mv …").
// A word not written out is not read (assumed not to be mv).
func mentionsMove(ce *syntax.CallExpr) bool {
	for _, w := range ce.Args {
		t := litParts(w)
		for _, f := range strings.FieldsFunc(t, func(r rune) bool { return strings.ContainsRune(" \t\n;&|()`'\"", r) }) {
			if moveWords[f] || mountsOnto(f) {
				return true
			}
		}
	}
	return false
}

// litParts is the literal text of a word, with a blank for each expansion.
func litParts(w *syntax.Word) string {
	var sb strings.Builder
	var walk func(parts []syntax.WordPart)
	walk = func(parts []syntax.WordPart) {
		for _, p := range parts {
			switch x := p.(type) {
			case *syntax.Lit:
				sb.WriteString(x.Value)
			case *syntax.SglQuoted:
				sb.WriteString(x.Value)
			case *syntax.DblQuoted:
				walk(x.Parts)
			default:
				sb.WriteByte(' ')
			}
		}
	}
	walk(w.Parts)
	return sb.String()
}
