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

// movesAfter reports an mv, rsync or mount after a function's definition
// or in any function: it may move data into (or mount it over) a name the
// function deletes.
func (a *absent) movesAfter(fd *syntax.FuncDecl) bool {
	var nodes []syntax.Node
	for _, st := range a.stmts[a.topIdx[fd]+1:] {
		nodes = append(nodes, st)
	}
	for _, f := range a.funcs {
		if f.body != nil {
			nodes = append(nodes, f.body)
		}
	}
	found := false
	for _, n := range nodes {
		syntax.Walk(n, func(n syntax.Node) bool {
			if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
				switch name := ce.Args[0].Lit(); name {
				case "", "mv", "/bin/mv", "/usr/bin/mv", "rsync", "/usr/bin/rsync", "mount", "/bin/mount", "/usr/bin/mount":
					found = true
				}
			}
			return !found
		})
	}
	return found
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
