package programs

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// The differential tests run the real option parsers installed on this
// machine and compare their reading of a command line with the grammar's.
// They only ever run a tool with --help (or git's -h) last on the line,
// in an empty temporary directory, so that nothing is done: the tool reads
// its options, then prints its usage and exits.

// realTool returns the path of a GNU tool, or skips when it is missing.
func realTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not installed: %v", name, err)
	}
	return p
}

// TestDiffGetopt compares the GNU grammar's reading of lines with
// util-linux getopt(1), which prints how getopt_long reads them.
func TestDiffGetopt(t *testing.T) {
	getopt := realTool(t, "getopt")
	lines := []string{
		"-rf /", "--recursi -f /", "--rec --for /", "--re x", "-r -- -f", "x -r y --force", "--p x", "--no x", "--pre x",
		"--preserve-root=all -r x", "--interactive=never x", "--interactive never x", "-vd x", "--d x", "--v x", "--i x",
		"--one x", "--r --f --v --d x", "-rfi -- --rec", "--help", "--he", "-",
	}
	// And random lines from a pool of tokens: options, prefixes, bundles,
	// values, operands, "--" (seeded: the same lines every run).
	pool := []string{"-r", "-R", "-f", "-rf", "-fr", "-v", "-n", "-n3", "-u", "-uz", "-s", "-s10", "-x", "-c", "-h", "-H", "-Rv", "--r", "--re", "--rec",
		"--recursive", "--f", "--fo", "--force", "--no", "--no-p", "--pre", "--preserve-root", "--preserve-root=all", "--i", "--inter",
		"--interactive=never", "--d", "--dir", "--v", "--ver", "--verbose", "--s", "--si", "--size=1", "--it", "--iterations", "--rem",
		"--remove=unlink", "--ref", "--reference=f", "--from", "--from=a", "--dere", "--no-d", "--q", "--quiet", "--ch", "--changes",
		"--", "-", "x", "y", "/", "3", "777", "root", "--bogus", "-Z"}
	rnd := rand.New(rand.NewSource(11))
	for i := 0; i < 150; i++ {
		n := 1 + rnd.Intn(5)
		var ws []string
		for j := 0; j < n; j++ {
			ws = append(ws, pool[rnd.Intn(len(pool))])
		}
		lines = append(lines, strings.Join(ws, " "))
	}
	for _, prog := range []string{"rm", "chmod", "chown", "chgrp", "shred"} {
		s := Lookup(prog)
		shorts, longs := getoptSpec(s)
		for _, line := range append(lines, "--recu x", "--remov x", "-n 3 x", "-n3 -uz x", "--si x", "--qu x", "--from=a:b x", "--refe=f x", "-R --recu x") {
			for _, posix := range []bool{false, true} {
				words := strings.Fields(line)
				cmd := exec.Command(getopt, append([]string{"-n", prog, "-o", shorts, "-l", longs, "--"}, words...)...)
				cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C"}
				if posix {
					cmd.Env = append(cmd.Env, "POSIXLY_CORRECT=1")
				}
				out, err := cmd.CombinedOutput()
				real := strings.TrimSpace(string(out))
				p := s.Parse(words, Env{PosixlyCorrect: posix})
				if err != nil {
					// getopt refuses the line: the grammar must too, or
					// see an option it does not know.
					if p.Err == nil && !hasUnknown(p) {
						t.Errorf("%s %s (posix=%v): getopt refuses (%s), grammar reads %s", prog, line, posix, real, show(words, p))
					}
					var amb *ErrAmbiguous
					if strings.Contains(real, "ambiguous") != errors.As(p.Err, &amb) {
						t.Errorf("%s %s (posix=%v): getopt says %q, grammar %v", prog, line, posix, real, p.Err)
					}
					continue
				}
				if p.Refused != nil {
					continue // rm's own check, after getopt_long
				}
				if p.Err != nil {
					t.Errorf("%s %s (posix=%v): getopt reads %s, grammar refuses: %v", prog, line, posix, real, p.Err)
					continue
				}
				if got := getoptForm(words, p); got != real {
					t.Errorf("%s %s (posix=%v):\n getopt  %s\n grammar %s", prog, line, posix, real, got)
				}
			}
		}
	}
}

func hasUnknown(p *Parsed) bool {
	for _, o := range p.Opts {
		if o.Unknown {
			return true
		}
	}
	return false
}

// getoptSpec writes a grammar as getopt(1)'s -o and -l arguments.
func getoptSpec(g *Grammar) (string, string) {
	shorts := "+"[:0]
	var longs []string
	colons := [...]string{"", ":", "::"}
	for _, o := range g.opts {
		for _, c := range o.short {
			shorts += string(c) + colons[o.arg]
		}
		for _, l := range o.long {
			if !strings.HasPrefix(l, "-") {
				longs = append(longs, l+colons[o.arg])
			}
		}
	}
	return shorts, strings.Join(longs, ",")
}

// getoptForm prints a parse the way getopt(1) does.
func getoptForm(words []string, p *Parsed) string {
	var b strings.Builder
	for _, o := range p.Opts {
		if len(o.Spelled) == 1 {
			b.WriteString(" -" + o.Spelled)
		} else {
			b.WriteString(" --" + o.Spelled)
		}
		if o.HasValue || o.Spelled != "" && argOf(p, o) == optArg {
			b.WriteString(" '" + o.Value + "'")
		}
	}
	b.WriteString(" --")
	for _, i := range p.Operands {
		b.WriteString(" '" + words[i] + "'")
	}
	return strings.TrimSpace(b.String())
}

func argOf(p *Parsed, o Opt) arg {
	g := Lookup(p.Program)
	if len(o.Spelled) == 1 {
		if x := g.short[o.Spelled[0]]; x != nil {
			return x.arg
		}
	} else if x := g.long[o.Spelled]; x != nil {
		return x.arg
	}
	return noArg
}

// TestDiffCoreutils checks the option tables of GNU tools against the
// tools themselves: every prefix of every long option, followed by --help,
// is accepted by the tool exactly when the grammar resolves it, and is
// ambiguous for the tool exactly when it is for the grammar. The long
// options in the tool's --help must all be in the table.
func TestDiffCoreutils(t *testing.T) {
	dir := t.TempDir()
	for _, prog := range []string{"rm", "chmod", "chown", "chgrp", "shred"} {
		bin := realTool(t, prog)
		g := Lookup(prog)
		help, _ := exec.Command(bin, "--help").Output()
		for _, m := range regexp.MustCompile(`(?m)^\s+(?:-\w, )*--([a-z][\w-]*)`).FindAllStringSubmatch(string(help), -1) {
			if g.long[m[1]] == nil {
				t.Errorf("%s --help lists --%s; the table does not", prog, m[1])
			}
		}
		for w := range prefixes(g, false) {
			p := g.Parse([]string{"--" + w}, Env{})
			word := "--" + w
			if p.Err == nil && len(p.Opts) == 1 && argOf(p, p.Opts[0]) == reqArg {
				word += "=1"
			}
			cmd := exec.Command(bin, word, "--help")
			cmd.Dir = dir
			cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C"}
			out, err := cmd.CombinedOutput()
			var amb *ErrAmbiguous
			switch {
			case errors.As(p.Err, &amb):
				if !strings.Contains(string(out), "ambiguous") {
					t.Errorf("%s %s: grammar says ambiguous (%v), the tool: %s", prog, word, p.Err, firstLine(out))
				}
			case p.Err != nil || p.Refused != nil || hasUnknown(p):
				if err == nil {
					t.Errorf("%s %s: grammar refuses (%v), the tool accepts", prog, word, p.Err)
				}
			default:
				if err != nil {
					t.Errorf("%s %s: grammar reads --%s, the tool refuses: %s", prog, word, p.Opts[0].Spelled, firstLine(out))
				}
			}
		}
	}
}

// TestDiffGit checks git's subcommand tables against git's parse-options:
// every prefix of every long option (and of its negation), followed by -h,
// is ambiguous for git exactly when it is for the grammar, and unknown to
// git exactly when the grammar does not resolve it.
func TestDiffGit(t *testing.T) {
	bin := realTool(t, "git")
	dir := t.TempDir()
	env := []string{"PATH=/usr/bin:/bin", "LC_ALL=C", "HOME=" + dir, "GIT_CONFIG_NOSYSTEM=1"}
	init := exec.Command(bin, "init", "-q", dir)
	init.Env = env
	if out, err := init.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	top := Lookup("git")
	var walk func(path []string, g *Grammar, s *Spec)
	walk = func(path []string, g *Grammar, s *Spec) {
		if len(s.Subs) > 0 {
			for _, sub := range s.Subs {
				sg, err := sub.compile(g)
				if err != nil {
					t.Fatal(err)
				}
				walk(append(path[:len(path):len(path)], sub.Name), sg, sub)
			}
			return
		}
		if len(path) == 0 {
			return
		}
		for w := range prefixes(g, true) {
			word := "--" + w
			line := append(path[:len(path):len(path)], word)
			p := top.Parse(line, Env{})
			if p.Err == nil && len(p.Opts) == 1 && !p.Opts[0].Neg && argOf2(g, p.Opts[0]) == reqArg {
				word += "=1"
				line[len(line)-1] = word
			}
			cmd := exec.Command(bin, append(line, "-h")...)
			cmd.Dir = dir
			cmd.Env = env
			out, _ := cmd.CombinedOutput()
			realAmb := strings.Contains(string(out), "ambiguous option")
			realUnknown := strings.Contains(string(out), "unknown option")
			var amb *ErrAmbiguous
			gAmb := errors.As(p.Err, &amb)
			gUnknown := p.Err == nil && hasUnknown(p)
			if realAmb != gAmb || realUnknown != gUnknown {
				t.Errorf("git %s: git says %q; grammar: %s", strings.Join(line, " "), firstLine(out), show(line, p))
			}
		}
	}
	walk(nil, top, specs()[indexOf("git")])
}

func argOf2(g *Grammar, o Opt) arg {
	if x := g.long[o.Spelled]; x != nil {
		return x.arg
	}
	return noArg
}

func indexOf(name string) int {
	for i, s := range specs() {
		if s.Name == name {
			return i
		}
	}
	return -1
}

// prefixes returns every prefix of the grammar's long options (and, for
// git, of their negations no-NAME, up to two letters of NAME).
func prefixes(g *Grammar, git bool) map[string]bool {
	out := map[string]bool{}
	for _, o := range g.opts {
		for _, l := range o.long {
			if strings.HasPrefix(l, "-") {
				continue
			}
			for k := 1; k <= len(l); k++ {
				out[l[:k]] = true
			}
			if git && !o.noNeg && !strings.HasPrefix(l, "no-") {
				for k := 1; k <= min(2, len(l)); k++ {
					out["no-"+l[:k]] = true
				}
				out["no-"+l] = true
			}
		}
	}
	return out
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return s
}

func TestMain(m *testing.M) {
	os.Exit(m.Run())
}

// TestDiffGoFlag compares the GoFlag style with Go's own flag package: the
// same flags are set, to the same values, and the same words are left.
func TestDiffGoFlag(t *testing.T) {
	spec := &Spec{Name: "tool", Style: GoFlag, Opts: `force f mode= address= n=`}
	g, err := spec.compile(nil)
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{"-force x", "--force x", "-mode path x", "-mode=path x", "--mode=path x", "x -force", "-- -force", "-f -force=false x",
		"-mode", "-address a -n 3 -force -- y", "- -force", "-force=true", "-mode -force x", "-n=5 x y z"}
	for _, line := range lines {
		words := strings.Fields(line)
		fs := flag.NewFlagSet("tool", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Bool("force", false, "")
		fs.Bool("f", false, "")
		fs.String("mode", "", "")
		fs.String("address", "", "")
		fs.String("n", "", "")
		ferr := fs.Parse(words)
		p := g.Parse(words, Env{})
		if (ferr != nil) != (p.Err != nil) {
			t.Errorf("%q: flag package error %v, grammar error %v", line, ferr, p.Err)
			continue
		}
		if ferr != nil {
			continue
		}
		want := map[string]string{}
		fs.Visit(func(f *flag.Flag) { want[f.Name] = f.Value.String() })
		got := map[string]string{}
		for _, o := range p.Opts {
			v := o.Value
			if !o.HasValue {
				v = "true"
			}
			got[o.Key] = v
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: flag package sets %v, grammar %v", line, want, got)
		}
		var rest []string
		for _, i := range p.Operands {
			rest = append(rest, words[i])
		}
		if strings.Join(rest, " ") != strings.Join(fs.Args(), " ") {
			t.Errorf("%q: flag package leaves %q, grammar %q", line, fs.Args(), rest)
		}
	}
}
