package rules

import (
	"strings"
	"sync"
	"sync/atomic"

	"github.com/guardsh/guardsh/parse"
	"github.com/guardsh/guardsh/programs"
)

// readLine returns how the command's program reads its arguments, by the
// program's grammar in package programs, or nil for a program guardsh has
// no grammar for.
func readLine(c *parse.Command) *programs.Parsed {
	if len(c.Args) == 0 || programs.Lookup(c.Name()) == nil {
		return nil
	}
	p, _ := read(c)
	return p
}

// A reading is a command read by its grammar, kept for the next rule that
// asks about the same command.
type reading struct {
	c      *parse.Command
	parsed programs.Parsed
	words  []string
	line   programs.Line // for pack patterns
}

// lastRead holds the latest reading: the rules tried on one command ask
// about it in turn, so one entry is enough. It keeps its command alive, so
// the pointer cannot be reused by another command while it is cached.
var lastRead atomic.Pointer[reading]

// read returns how the command's program reads its arguments (for a
// program guardsh has no grammar for, the generic way) and the argument
// words.
func read(c *parse.Command) (*programs.Parsed, []string) {
	r := readingOf(c)
	return &r.parsed, r.words
}

func readingOf(c *parse.Command) *reading {
	if r := lastRead.Load(); r != nil && r.c == c {
		return r
	}
	var words []string
	if len(c.Args) > 1 {
		words = make([]string, len(c.Args)-1)
		for i, w := range c.Args[1:] {
			words[i] = w.Value
		}
	}
	r := &reading{c: c, words: words}
	programs.ReadInto(&r.parsed, c.Name(), words, programs.Env{PosixlyCorrect: posixlyCorrect(c)})
	r.line = programs.Line{Program: c.Name(), Words: words, Parsed: &r.parsed, Pred: linePredicate, Ctx: c}
	lastRead.Store(r)
	return r
}

// packLine returns the command as pack patterns read it.
func packLine(c *parse.Command) *programs.Line { return &readingOf(c).line }

// linePredicate evaluates a pack's $ condition on the command in l.Ctx.
func linePredicate(l *programs.Line, pred string, rest []int) bool {
	c := l.Ctx.(*parse.Command)
	var ws []parse.Word
	if len(c.Args) > 0 {
		ws = c.Args[1:]
	}
	return packPredicate(pred, c, ws, rest)
}

// modules maps the Python modules that are command-line programs to the
// program: python -m awscli is aws, python -m pip is pip.
var modules = sync.OnceValue(func() map[string]string {
	return map[string]string{"awscli": "aws", "pip": "pip", "pip3": "pip"}
})

// moduleCommand returns python -m MODULE ARGS as the module's program
// (python3 -m awscli s3 rb … is aws s3 rb …), so every rule reads it the
// way it reads the program; other commands are returned as they are.
//
// git-SUB and aliases defined on the line are read as git runs them too
// (gitCommand).
func moduleCommand(c *parse.Command) *parse.Command {
	c = gitCommand(c)
	if cp, ok := carriedCommand(c); ok {
		return cp
	}
	n := c.Name()
	if len(c.Args) < 3 || n != "python" && n != "python3" && !strings.HasPrefix(n, "python3.") {
		return c
	}
	if c.Args[1].Value != "-m" {
		return c
	}
	prog, ok := modules()[c.Args[2].Value]
	if !ok {
		return c
	}
	cp := *c
	cp.Args = append([]parse.Word{{Value: prog, Static: true, Start: c.Args[0].Start, End: c.Args[2].End}}, c.Args[3:]...)
	return &cp
}

// posixlyCorrect reports POSIXLY_CORRECT in the command's environment
// prefix, which makes GNU getopt stop at the first operand.
func posixlyCorrect(c *parse.Command) bool {
	for _, a := range c.Env {
		if a.Name == "POSIXLY_CORRECT" {
			return true
		}
	}
	return false
}

// grammarArgs splits a command's arguments by its program's grammar, for
// the programs whose whole option list guardsh knows (coreutils, rsync):
// an abbreviated long option counts under every spelling of the option
// (--recu is -R and --recursive), and a line the program refuses (an
// ambiguous abbreviation) sets nothing, because nothing runs.
func grammarArgs(c *parse.Command) (argv, bool) {
	if len(c.Args) < 2 {
		return argv{}, false
	}
	g := programs.Lookup(c.Name())
	if g == nil || !g.Complete() {
		return argv{}, false
	}
	p := readLine(c)
	a := argv{all: c.Args[1:]}
	if p.Err != nil {
		return a, true
	}
	for _, o := range p.Opts {
		for _, n := range o.Names {
			if len(n) == 1 {
				a.setShort(n[0])
			} else {
				a.setLong(n, o.Value)
			}
		}
	}
	for _, i := range p.Operands {
		a.operands = append(a.operands, c.Args[1+i])
	}
	return a, true
}

// subLine is a command of a program with subcommands, read by its grammar:
// the subcommand path, options and operands.
type subLine struct {
	*programs.Parsed
	c *parse.Command
}

// readSub reads a program with subcommands (git); ok is false when the
// program is unknown or refuses the line.
func readSub(c *parse.Command) (subLine, bool) {
	p := readLine(c)
	if p == nil || p.Err != nil {
		return subLine{}, false
	}
	return subLine{p, c}, true
}

// sub returns the subcommand at depth i: the path, then the operands
// (git filter-repo, which guardsh has no table for, is operand 0).
func (s subLine) sub(i int) string {
	if i < len(s.Path) {
		return s.Path[i]
	}
	i -= len(s.Path)
	if i < len(s.Operands) {
		return s.c.Args[1+s.Operands[i]].Value
	}
	return ""
}

// operands returns the operands after the subcommand path, as words.
func (s subLine) operands() []parse.Word {
	out := make([]parse.Word, 0, len(s.Operands))
	for _, i := range s.Operands {
		out = append(out, s.c.Args[1+i])
	}
	return out
}

// afterDashDash returns the operands after "--".
func (s subLine) afterDashDash() []parse.Word {
	var out []parse.Word
	for _, i := range s.Operands {
		if s.DashDash >= 0 && i > s.DashDash {
			out = append(out, s.c.Args[1+i])
		}
	}
	return out
}

// refuses reports whether the command's program would refuse its argv
// before doing anything, by a grammar guardsh knows completely (coreutils,
// git): an ambiguous abbreviation (chmod --re), a missing value, a value
// given to a flag. The program's own rules then have nothing to match; what
// the shell does around it (redirections) is still checked by the others.
func refuses(c *parse.Command) bool {
	if len(c.Args) < 2 {
		return false
	}
	g := programs.Lookup(c.Name())
	if g == nil || !g.Complete() && g.Style != programs.GitTop {
		return false
	}
	return readLine(c).Err != nil
}
