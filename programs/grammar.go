// Package programs is guardsh's knowledge of programs, as data: how each
// known program reads its command line (its option grammar and subcommand
// tree), and what its commands do (the packs of destructive commands, by
// ecosystem).
//
// It sits between parse (shell text → commands) and rules (findings): rules
// ask it how a command's argv reads — which options are set, which words are
// operands, which subcommand runs — instead of re-parsing argv each time.
//
// Nothing here is built at start-up. A program's grammar is compiled from its
// table entry the first time a command names the program ([Lookup]).
package programs

import (
	"fmt"
	"strings"
	"sync"
)

// compileMu guards the lazy compilation of specs.
var compileMu sync.Mutex

// Style is the option parser a program uses. Each style reads the same argv
// differently; [Grammar.Parse] follows the real parser's rules.
type Style uint8

const (
	// GNU is glibc getopt_long (coreutils, util-linux, sudo, rsync's
	// long options): short options bundle (-rf) and take a value attached
	// or as the next word (-ovalue, -o value); long options take --opt=value
	// or --opt value; any unambiguous prefix of a long option is that
	// option, an ambiguous one is an error; options may follow operands
	// (permutation) unless POSIXLY_CORRECT is set; -- ends the options.
	GNU Style = iota
	// POSIX is getopt without permutation (BSD tools, and GNU tools under
	// POSIXLY_CORRECT): the first operand ends the options.
	POSIX
	// Git is git's parse-options: like GNU (bundling, permutation, unique
	// prefixes), plus --no-NAME for every negatable option and abbreviated
	// negations (--no-for); an exact name always wins over a prefix.
	Git
	// GitTop is the git program's own options, before the subcommand:
	// exact names only, no abbreviation, the first operand is the
	// subcommand.
	GitTop
	// GoFlag is Go's flag package (vault, terraform, many Go tools): -name
	// and --name are the same; -name=value, or -name value for a flag that
	// is not boolean; no bundling, no abbreviation; the first operand or
	// "-" ends the options.
	GoFlag
	// Cobra is spf13/pflag under cobra (kubectl, helm, gh, glab, doctl,
	// flyctl): GNU-style short bundles and long options, options anywhere
	// on the line, but no abbreviation of long options.
	Cobra
	// Popt is rsync's popt: short bundles, long options by their exact
	// name only, options anywhere on the line.
	Popt
	// Loose is for big CLIs whose every option guardsh does not list
	// (gcloud, az): the options it lists are read exactly, unknown ones are
	// taken as flags without a value, options may appear anywhere.
	Loose
	// Argparse is Python's argparse with its default allow_abbrev=True, as
	// the aws CLI (v1 and v2) uses it: --name, --name=value or --name
	// value, options anywhere, and any unambiguous prefix of a long option
	// is that option; a prefix of several is an error and nothing runs. The
	// program's own parser reads the whole line first (aws's main parser:
	// its global options, by prefix too, wherever they stand), then the
	// subcommand's parser reads what is left. Like Loose, an option the
	// grammar does not list is read as a flag without a value.
	Argparse
	// LongOnly is glibc getopt_long_only (gdb): a word with one dash is
	// first tried as a long option (-ex, -eval-command, or a unique prefix
	// of one), and read as short options only when it names none; "--"
	// long options as in GNU; options may follow operands.
	LongOnly
)

var styleNames = [...]string{"gnu", "posix", "git", "git-top", "go-flag", "cobra", "popt", "loose", "argparse", "long-only"}

// String returns the style's name, such as "gnu" or "go-flag".
func (s Style) String() string { return styleNames[s] }

// arg says whether an option takes a value.
type arg uint8

const (
	noArg    arg = iota
	reqArg       // a value is required: attached or the next word
	optArg       // a value is optional: only attached (--opt=v, -ov)
	nextArg      // optional: attached, or the next word unless it starts with "-" or sets a variable (sudo -h HOST)
	digitArg     // optional, attached, digits only: the rest of a bundle goes on (perl -l0ne is -l0 -n -e)
)

// An option is one entry of a grammar: all its spellings and whether it
// takes a value.
type option struct {
	// key is the option's canonical name: its first long name, or its
	// short letter when it has none.
	key   string
	short []byte
	long  []string
	arg   arg
	// noNeg is set for git options that have no --no- form.
	noNeg bool
	// exact is set for options the program refuses to see abbreviated
	// (rm --no-preserve-root).
	exact bool
	// names are all spellings, shared by every Opt found (read only).
	names []string
	// negOf is the option an argparse --no-NAME switches off again (aws
	// lists --dry-run and --no-dry-run; the last one given wins).
	negOf *option
}

// Grammar is the compiled option grammar of one program or subcommand.
type Grammar struct {
	// Name is the program or subcommand path, such as "git stash push".
	Name  string
	Style Style
	opts  []*option
	short [256]*option
	long  map[string]*option
	subs  map[string]*Spec
	// defSub is the subcommand run when none is named (git stash → push).
	defSub string
	// subAt says how many operands name the subcommand when the program
	// has no subcommand table (aws SERVICE OP: 2).
	subAt   int
	partial bool
	// assigns: NAME=value words may come among the options (sudo).
	assigns bool
	// runs and sends are the program's Run and Send entries (effects.go).
	runs   []Run
	sends  []Send
	writes []Write
	// parent is the enclosing grammar: cobra's persistent flags and the
	// global options of a loose CLI are read at every level.
	parent *Grammar
	// dash1: long options are also written with one dash (Spec.Dash1).
	dash1 bool
}

// shortOpt and longOpt look an option up, also in the enclosing levels
// for styles whose global options may follow the subcommand.
func (g *Grammar) shortOpt(b byte) *option {
	for ; g != nil; g = g.inherit() {
		if o := g.short[b]; o != nil {
			return o
		}
	}
	return nil
}

func (g *Grammar) longOpt(n string) *option {
	for ; g != nil; g = g.inherit() {
		if o := g.long[n]; o != nil {
			return o
		}
	}
	return nil
}

func (g *Grammar) inherit() *Grammar {
	if g.Style == Cobra || g.Style == Loose || g.Style == Argparse {
		return g.parent
	}
	return nil
}

// Spec is a program's grammar as written in the table: data a reviewer
// reads top to bottom. Opts is a space-separated list of options; each is
// its spellings joined by "/" (one letter: a short option; more: a long
// one), then "=" when it takes a value or "=?" when the value is optional
// (attached only), "=+" when it is optional and may also be the next word
// unless that starts with "-" or is NAME=value (sudo -h HOST), "=#" when it
// is optional, attached and digits only (perl -l, -0). "r,R/recursive"
// is -r, -R and --recursive, one option.
// A trailing "!" on a git option means it has no --no- form; a trailing
// "@" means the program refuses the option abbreviated.
type Spec struct {
	Name  string
	Style Style
	Opts  string
	// Subs are the subcommands, each with its own options; a subcommand
	// with no Style inherits its parent's (GitTop's children are Git).
	Subs []*Spec
	// Default is the subcommand that runs when the operands name none.
	Default string
	// SubWords is the number of leading operands that name the subcommand
	// when there is no Subs table (aws dynamodb delete-table: 2).
	SubWords int
	// Leaves are more subcommands, space-separated, that all read
	// LeafOpts and have no subcommands of their own (vault's token revoke,
	// token create, …): a short way to write many Subs.
	Leaves   string
	LeafOpts string
	// Aliases are other names of the program or subcommand.
	Aliases []string
	// Dash1 says that the program also takes its long options with one
	// dash (terragrunt hands terraform's -destroy, -auto-approve on): a
	// word -NAME whose NAME is a listed long option is that option.
	Dash1 bool
	// Partial marks an option list known to be incomplete: an
	// abbreviation that fits several listed options is then not taken as
	// the tool's error (the tool may know better), only read as unknown.
	Partial bool
	// Runs say what the program runs (a command, shell text, source), as
	// data: see [Run]. Programs that run nothing have none.
	Runs []Run
	// Sends say which option values or operands are files the program
	// sends to another host: see [Send].
	Sends []Send
	// Writes say which option values are files (or directories) the
	// program writes: see [Write].
	Writes []Write
	// Assigns is set for programs that take NAME=value words among their
	// options, as the command's environment (sudo A=1 -u root cmd).
	Assigns bool

	compiled *Grammar
	err      error
}

// compile turns a Spec into a Grammar, once. parent is the enclosing
// subcommand's style.
func (s *Spec) compile(up *Grammar) (*Grammar, error) {
	compileMu.Lock()
	defer compileMu.Unlock()
	if s.compiled != nil || s.err != nil {
		return s.compiled, s.err
	}
	g, err := s.build(up)
	s.compiled, s.err = g, err
	return g, err
}

func (s *Spec) build(up *Grammar) (*Grammar, error) {
	prefix := ""
	if up != nil {
		prefix = up.Name
	}
	g := &Grammar{Name: strings.TrimSpace(prefix + " " + s.Name), Style: s.Style, long: map[string]*option{},
		defSub: s.Default, subAt: s.SubWords, partial: s.Partial, assigns: s.Assigns, runs: s.Runs, sends: s.Sends, writes: s.Writes, parent: up}
	g.dash1 = s.Dash1
	if s.Style == GNU && up != nil && up.Style != GNU {
		// GNU is the zero value: a subcommand without a style inherits.
		g.Style = up.Style
		if up.Style == GitTop {
			g.Style = Git
		}
	}
	for _, tok := range strings.Fields(s.Opts) {
		o := &option{}
		if strings.HasSuffix(tok, "@") {
			o.exact = true
			tok = strings.TrimSuffix(tok, "@")
		}
		if strings.HasSuffix(tok, "!") {
			o.noNeg = true
			tok = strings.TrimSuffix(tok, "!")
		}
		switch {
		case strings.HasSuffix(tok, "=#"):
			o.arg, tok = digitArg, strings.TrimSuffix(tok, "=#")
		case strings.HasSuffix(tok, "=+"):
			o.arg, tok = nextArg, strings.TrimSuffix(tok, "=+")
		case strings.HasSuffix(tok, "=?"):
			o.arg, tok = optArg, strings.TrimSuffix(tok, "=?")
		case strings.HasSuffix(tok, "="):
			o.arg, tok = reqArg, strings.TrimSuffix(tok, "=")
		}
		for _, n := range strings.FieldsFunc(tok, func(r rune) bool { return r == '/' || r == ',' }) {
			if len(n) == 1 && g.Style != GoFlag {
				o.short = append(o.short, n[0])
				if g.short[n[0]] != nil {
					return nil, fmt.Errorf("%s: -%s listed twice", g.Name, n)
				}
				g.short[n[0]] = o
				continue
			}
			if _, dup := g.long[n]; dup {
				return nil, fmt.Errorf("%s: --%s listed twice", g.Name, n)
			}
			o.long = append(o.long, n)
			g.long[n] = o
		}
		for _, c := range o.short {
			o.names = append(o.names, string(c))
		}
		o.names = append(o.names, o.long...)
		switch {
		case len(o.long) > 0:
			o.key = o.long[0]
		case len(o.short) > 0:
			o.key = string(o.short[0])
		default:
			return nil, fmt.Errorf("%s: empty option %q", g.Name, tok)
		}
		g.opts = append(g.opts, o)
	}
	if g.Style == Argparse {
		for _, o := range g.opts {
			if x, ok := strings.CutPrefix(o.key, "no-"); ok && g.long[x] != nil {
				o.negOf = g.long[x]
			}
		}
	}
	if len(s.Subs) > 0 || s.Leaves != "" {
		g.subs = map[string]*Spec{}
		for _, n := range strings.Fields(s.Leaves) {
			g.subs[n] = &Spec{Name: n, Opts: s.LeafOpts}
		}
		for _, sub := range s.Subs {
			for _, n := range append([]string{sub.Name}, sub.Aliases...) {
				g.subs[n] = sub
			}
		}
	}
	return g, nil
}

// An Opt is one option found on a command line.
type Opt struct {
	// Key is the option's canonical name ("recursive" for -r, -R,
	// --recursive and --recu); for an option not in the grammar it is the
	// name as written, without dashes.
	Key string
	// Names are every spelling of the option: "r", "R", "recursive".
	Names []string
	// Spelled is the name the option was given by, in full: "r" for -r,
	// "recursive" for --recu.
	Spelled string
	// Value is the option's value, when it has one.
	Value    string
	HasValue bool
	// ValueAt is the position of the word that holds the value: Index
	// when attached (-ovalue, --opt=value), else the next word.
	ValueAt int
	// Neg is set for git's --no-NAME.
	Neg bool
	// Unknown is set for an option the grammar does not list.
	Unknown bool
	// Flag is set for a listed option that takes no value: given one
	// (Go's -force=false, pflag's --all=false), the value says whether it
	// is on.
	Flag bool
	// Index is the position in the parsed words of the word that held the
	// option (its value may be in the next word).
	Index int
}

// Parsed is a command line as the program reads it.
type Parsed struct {
	// Program is the grammar's name; Path the subcommands named on the
	// line, outermost first (["stash", "drop"]).
	Program string
	Path    []string
	// Opts are the options, in order; for a program with subcommands,
	// those of every level.
	Opts []Opt
	// Operands are the positions, in the words given to Parse, of the
	// operands after the subcommand path.
	Operands []int
	// DashDash is the position of the "--" that ended the options, or -1.
	DashDash int
	// Assigns are the positions of NAME=value words read among the
	// options, for programs that take them there (Spec.Assigns).
	Assigns []int
	// Err is set when the program would refuse the line before doing
	// anything: an ambiguous abbreviation, a missing or unwanted value.
	Err error
	// Refused is set when the current version of the program refuses the
	// line but an older one did not (rm --no-preserve-r): the line is read
	// on, as the older version reads it.
	Refused error

	// leaf is the innermost subcommand's grammar, and leafFrom the position
	// of its first word: argparse options written before it are read by
	// its parser (aws --recursive s3 rm …).
	leaf     *Grammar
	leafFrom int
	// pathAt is the position of the first word of Path, or -1.
	pathAt int
	// leafDepth is the length of Path when leaf was reached.
	leafDepth int
}

// Listed reports whether every word of Path names a subcommand the table
// lists, so that the innermost one's options are known (aws s3 rm: yes;
// aws dynamodb delete-table, a service without a table: no).
func (p *Parsed) Listed() bool {
	return p.leaf != nil && p.leafDepth == len(p.Path)
}

// guessed reports an option the grammar does not know written before the
// subcommand path: it may have taken the word that now reads as the path
// (a global option newer than the table).
func (p *Parsed) guessed() bool {
	for _, o := range p.Opts {
		if o.Unknown && o.Index < p.pathAt {
			return true
		}
	}
	return false
}

// grow makes room for the options and operands of n words in one
// allocation each.
func (p *Parsed) grow(n int) {
	if n > 0 {
		n = min(n, 16)
		p.Opts = make([]Opt, 0, n)
		p.Operands = make([]int, 0, n)
	}
}

// Has reports whether any of the options is set (by any spelling: "r",
// "recursive", "R" are one option). Git's --no-NAME does not count.
func (p *Parsed) Has(names ...string) bool {
	_, ok := p.Get(names...)
	return ok
}

// Get returns the value of the last of the options set.
func (p *Parsed) Get(names ...string) (string, bool) {
	for i := len(p.Opts) - 1; i >= 0; i-- {
		o := &p.Opts[i]
		for _, n := range names {
			if o.Key == n || contains(o.Names, n) {
				if o.Neg {
					return "", false // --no-force after --force
				}
				if o.HasValue && (o.Flag || o.Unknown) && falseWord(o.Value) {
					return "", false // -force=false
				}
				return o.Value, true
			}
		}
	}
	return "", false
}

// falseWord reports the values Go's strconv.ParseBool reads as false.
func falseWord(v string) bool {
	switch v {
	case "0", "f", "F", "false", "FALSE", "False":
		return true
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ErrAmbiguous is the error of an abbreviation that fits several options.
type ErrAmbiguous struct {
	Word       string
	Candidates []string
}

// Error words the error as getopt_long does.
func (e *ErrAmbiguous) Error() string {
	return fmt.Sprintf("option '%s' is ambiguous; possibilities: --%s", e.Word, strings.Join(e.Candidates, " --"))
}

// Env tells Parse about the environment the program runs in.
type Env struct {
	// PosixlyCorrect is set when POSIXLY_CORRECT is in the environment:
	// GNU getopt then stops at the first operand.
	PosixlyCorrect bool
	// Lenient reads a line the program would refuse (an ambiguous
	// abbreviation, a missing value) on, with the offending option as an
	// unknown flag and the error in Parsed.Refused, instead of stopping
	// with Parsed.Err. parse reads wrappers so: an older version of the
	// tool may accept the line, and what it runs must still be checked.
	Lenient bool
}

// Parse reads words (argv without the program name) as the program does.
// For a program with subcommands it follows the tree.
func (g *Grammar) Parse(words []string, env Env) *Parsed {
	p := &Parsed{Program: g.Name, DashDash: -1, pathAt: -1}
	p.grow(len(words))
	g.parseTop(p, words, env)
	return p
}

// parseTop reads the whole line: the tree, then (argparse) the options
// written before the subcommand that only the subcommand's parser knows.
func (g *Grammar) parseTop(p *Parsed, words []string, env Env) {
	g.parse(p, words, 0, env, false)
	if g.Style == Argparse && p.leaf != nil && p.Err == nil {
		p.reread(words)
	}
}

// reread resolves, by the innermost subcommand's grammar, the options read
// as unknown before it: argparse hands the words its parser does not know
// to the next parser.
func (p *Parsed) reread(words []string) {
	for k := range p.Opts {
		o := &p.Opts[k]
		if !o.Unknown || o.Index >= p.leafFrom || !strings.HasPrefix(words[o.Index], "--") {
			continue
		}
		opt, spelled, _, err := p.leaf.resolve(words[o.Index], o.Key)
		if err != nil {
			p.Err = err
			return
		}
		if opt == nil {
			continue
		}
		if o.HasValue && opt.arg == noArg {
			p.Err = fmt.Errorf("argument --%s: ignored explicit argument '%s'", opt.key, o.Value)
			return
		}
		f := opt.found(o.Index)
		f.Spelled, f.Value, f.HasValue, f.Flag = spelled, o.Value, o.HasValue, opt.arg == noArg
		*o = f
	}
}

// parse reads words from position from on. flat is set for the rest of a
// line whose subcommand the table does not list (aws SERVICE OP of a
// service guardsh has no table for): options anywhere, the leading operands
// name the subcommand.
func (g *Grammar) parse(p *Parsed, words []string, from int, env Env, flat bool) {
	subs := g.subs
	if flat {
		subs = nil
	}
	stop := g.Style == POSIX || g.Style == GoFlag || g.Style == GitTop || subs != nil ||
		(g.Style == GNU || g.Style == LongOnly) && env.PosixlyCorrect
	i := from
	for ; i < len(words); i++ {
		w := words[i]
		if w == "--" && g.Style != GitTop {
			p.DashDash = i
			for j := i + 1; j < len(words); j++ {
				p.Operands = append(p.Operands, j)
			}
			g.subWords(p, words)
			return
		}
		if subs != nil && g.defSub != "" && len(w) > 1 && w[0] == '-' {
			// git stash -u: options go to the default subcommand.
			break
		}
		if g.assigns && w != "" && w[0] != '-' && w[0] != '/' && assignWord(w) {
			p.Assigns = append(p.Assigns, i)
			continue
		}
		if len(w) < 2 || w[0] != '-' {
			if stop {
				break
			}
			p.Operands = append(p.Operands, i)
			continue
		}
		if w == "--" {
			// git --: the subcommand follows.
			i++
			break
		}
		next, err := g.option(p, words, i)
		if err != nil {
			if !env.Lenient {
				p.Err = err
				return
			}
			// Read on: the word is an option the grammar cannot place.
			if p.Refused == nil {
				p.Refused = err
			}
			name := strings.TrimLeft(w, "-")
			name, _, _ = strings.Cut(name, "=")
			p.Opts = append(p.Opts, Opt{Key: name, Names: []string{name}, Spelled: name, Unknown: true, Index: i})
			next = i
		}
		i = next
	}
	if i >= len(words) {
		g.subWords(p, words)
		return
	}
	if subs != nil {
		// The first operand names the subcommand.
		name := words[i]
		spec, ok := g.subs[name]
		if !ok && g.defSub != "" && strings.HasPrefix(name, "-") {
			spec, ok, i = g.subs[g.defSub], g.subs[g.defSub] != nil, i-1
			name = g.defSub
		}
		if !ok && (g.subAt > 0 || g.Style == Cobra || g.Style == Loose) {
			// pflag reads options anywhere: after a subcommand guardsh
			// does not list (a plugin, another verb), the rest is read
			// as options and operands of this level.
			g.parse(p, words, i, env, true)
			return
		}
		if !ok {
			for j := i; j < len(words); j++ {
				p.Operands = append(p.Operands, j)
			}
			return
		}
		sg, err := spec.compile(g)
		if err != nil {
			p.Err = err
			return
		}
		if len(p.Path) == 0 {
			p.pathAt = i
		}
		p.Path = append(p.Path, spec.Name)
		p.leaf, p.leafFrom, p.leafDepth = sg, i+1, len(p.Path)
		sg.parse(p, words, i+1, env, false)
		return
	}
	for j := i; j < len(words); j++ {
		p.Operands = append(p.Operands, j)
	}
	g.subWords(p, words)
}

// subWords moves the leading operands that name a subcommand (aws SERVICE
// OP) to the path.
func (g *Grammar) subWords(p *Parsed, words []string) {
	for n := 0; n < g.subAt && len(p.Operands) > 0; n++ {
		if len(p.Path) == 0 {
			p.pathAt = p.Operands[0]
		}
		p.Path = append(p.Path, words[p.Operands[0]])
		p.Operands = p.Operands[1:]
	}
}

// option reads the option at words[i] and returns the index of the last
// word it used.
func (g *Grammar) option(p *Parsed, words []string, i int) (int, error) {
	w := words[i]
	if g.Style == GoFlag || strings.HasPrefix(w, "--") || g.dash1 && len(w) > 2 && g.longOpt(strings.SplitN(w[1:], "=", 2)[0]) != nil {
		return g.longOption(p, words, i)
	}
	if g.Style == LongOnly && len(w) > 2 {
		// getopt_long_only: -ex and -eval-comm are long options.
		name, _, _ := strings.Cut(w[1:], "=")
		if o, _, _, err := g.resolve(w, name); o != nil || err != nil && g.shortOpt(w[1]) == nil {
			return g.longOption(p, words, i)
		}
	}
	if g.Style == GitTop {
		// git's own short options: -C path, -c k=v, -p, -P, -h, -v.
		o := g.shortOpt(w[1])
		if o == nil || len(w) > 2 && o.arg == noArg {
			p.Opts = append(p.Opts, Opt{Key: w[1:], Names: []string{w[1:]}, Spelled: w[1:], Unknown: true, Index: i})
			return i, nil
		}
		return g.take(p, o, w[1:2], w[2:], len(w) > 2, words, i)
	}
	// A bundle of short options: -rf, -ovalue, -o value.
	for j := 1; j < len(w); j++ {
		o := g.shortOpt(w[j])
		if o == nil {
			if g.Style == Git && w[j] >= '0' && w[j] <= '9' {
				break // -5: a number (git log -5)
			}
			p.Opts = append(p.Opts, Opt{Key: string(w[j]), Names: letterNames(w[j]), Spelled: string(w[j]), Unknown: true, Index: i})
			continue
		}
		if g.Style == Cobra && j+1 < len(w) && w[j+1] == '=' {
			// pflag: -f=- is -f with the value "-"; -A=false sets a
			// boolean shorthand off.
			return g.take(p, o, string(w[j]), w[j+2:], true, words, i)
		}
		if o.arg == noArg {
			f := o.found(i)
			f.Spelled = string(w[j])
			p.Opts = append(p.Opts, f)
			continue
		}
		if o.arg == digitArg {
			k := j + 1
			for k < len(w) && w[k] >= '0' && w[k] <= '9' {
				k++
			}
			f := o.found(i)
			f.Spelled = string(w[j])
			if k > j+1 {
				f.Value, f.HasValue, f.ValueAt = w[j+1:k], true, i
			}
			p.Opts = append(p.Opts, f)
			j = k - 1
			continue
		}
		return g.take(p, o, string(w[j]), w[j+1:], j+1 < len(w), words, i)
	}
	return i, nil
}

// take records option o with an attached value (when attached) or the next
// word.
func (g *Grammar) take(p *Parsed, o *option, spelled, val string, attached bool, words []string, i int) (int, error) {
	f := o.found(i)
	f.Spelled = spelled
	f.Flag = o.arg == noArg
	switch {
	case attached:
		f.Value, f.HasValue, f.ValueAt = val, true, i
	case o.arg == nextArg:
		if i+1 < len(words) && !strings.HasPrefix(words[i+1], "-") && !assignWord(words[i+1]) {
			i++
			f.Value, f.HasValue, f.ValueAt = words[i], true, i
		}
	case o.arg == reqArg:
		if i+1 >= len(words) {
			return i, fmt.Errorf("option requires an argument -- '%s'", o.key)
		}
		i++
		f.Value, f.HasValue, f.ValueAt = words[i], true, i
	}
	p.Opts = append(p.Opts, f)
	return i, nil
}

var (
	lettersOnce sync.Once
	letters     [256][]string
)

// letterNames returns the Names of an unknown short option, shared.
func letterNames(b byte) []string {
	lettersOnce.Do(func() {
		for i := range letters {
			letters[i] = []string{string(rune(i))}
			if i >= 128 {
				letters[i] = []string{string([]byte{byte(i)})}
			}
		}
	})
	return letters[b]
}

func (o *option) found(i int) Opt {
	if o.negOf != nil {
		return Opt{Key: o.negOf.key, Names: o.negOf.names, Neg: true, Index: i}
	}
	return Opt{Key: o.key, Names: o.names, Index: i}
}

// longOption reads --name, --name=value or --name value (or -name for Go's
// flag package).
func (g *Grammar) longOption(p *Parsed, words []string, i int) (int, error) {
	w := words[i]
	body := strings.TrimPrefix(w, "-")
	if g.Style == GoFlag || g.Style == LongOnly || g.dash1 {
		body = strings.TrimPrefix(body, "-")
	} else {
		body = body[1:]
	}
	name, val, eq := strings.Cut(body, "=")
	o, spelled, neg, err := g.resolve(w, name)
	if err != nil {
		return i, err
	}
	if o != nil && o.exact && spelled != name && p.Refused == nil {
		// Current coreutils refuse it; older ones took the prefix. Read
		// on, as the older ones did: a hardline rule still sees it.
		p.Refused = fmt.Errorf("you may not abbreviate the --%s option", spelled)
	}
	if o == nil {
		p.Opts = append(p.Opts, Opt{Key: name, Names: []string{name}, Spelled: name, Value: val, HasValue: eq, ValueAt: i, Unknown: true, Index: i})
		return i, nil
	}
	if neg {
		if eq {
			return i, fmt.Errorf("option '--no-%s' takes no value", o.key)
		}
		f := o.found(i)
		f.Neg, f.Spelled = true, spelled
		p.Opts = append(p.Opts, f)
		return i, nil
	}
	if eq && o.arg == noArg && g.Style != GoFlag && g.Style != Cobra && g.Style != Loose && g.Style != Popt {
		// getopt_long and parse-options refuse a value for a flag; Go's
		// flag package and pflag take -flag=false for booleans.
		return i, fmt.Errorf("option '--%s' doesn't allow an argument", o.key)
	}
	return g.take(p, o, spelled, val, eq, words, i)
}

// resolve finds the option a long name stands for, as the program's parser
// does: exactly, or (GNU, Git) by an unambiguous prefix. neg is set for
// git's negations (--no-NAME, or --NAME of an option called no-NAME).
func (g *Grammar) resolve(word, name string) (o *option, spelled string, neg bool, err error) {
	if g.Style == Git {
		return g.resolveGit(word, name)
	}
	if g.Style == Argparse {
		o, spelled, err := g.resolveArgparse(word, name)
		return o, spelled, false, err
	}
	if o := g.longOpt(name); o != nil {
		return o, name, false, nil
	}
	if g.Style != GNU && g.Style != POSIX && g.Style != LongOnly || name == "" {
		return nil, "", false, nil
	}
	// getopt_long: several prefix matches are ambiguous unless they are
	// one option (glibc compares has_arg, flag and val: one entry here).
	o, spelled, err = prefixOf(word, name, g.opts)
	if err != nil && g.partial {
		return nil, "", false, nil
	}
	return o, spelled, false, err
}

// resolveArgparse follows argparse's _parse_optional with allow_abbrev: the
// program's parser first (an exact name, then a prefix of its options), then
// the subcommand's (an exact name, then a prefix of the options of the
// levels below the program). A prefix of two different options is argparse's
// "ambiguous option" error.
func (g *Grammar) resolveArgparse(word, name string) (*option, string, error) {
	root := g
	for root.parent != nil && root.parent.Style == Argparse {
		root = root.parent
	}
	if o := root.long[name]; o != nil {
		return o, name, nil
	}
	if o, spelled, err := prefixOf(word, name, root.opts); o != nil || err != nil && !root.partial {
		return o, spelled, err
	}
	var opts []*option
	for lv := g; lv != root && lv != nil; lv = lv.parent {
		if o := lv.long[name]; o != nil {
			return o, name, nil
		}
		opts = append(opts, lv.opts...)
	}
	o, spelled, err := prefixOf(word, name, opts)
	if err != nil && root.partial {
		// The list is the union of many commands' options (az): a
		// prefix of two of them may be one option of this command.
		return nil, "", nil
	}
	return o, spelled, err
}

// prefixOf returns the one option of opts that has a long name starting
// with name (and that name), or an ambiguity error when several options do;
// two names of one option are not ambiguous.
func prefixOf(word, name string, opts []*option) (*option, string, error) {
	if name == "" {
		return nil, "", nil
	}
	var found *option
	var spelled string
	var cands []string
	for _, o := range opts {
		for _, l := range o.long {
			if !strings.HasPrefix(l, name) {
				continue
			}
			if found == nil {
				found, spelled = o, l
			} else if found != o {
				if len(cands) == 0 {
					cands = append(cands, spelled)
				}
				cands = append(cands, l)
			}
			break
		}
	}
	if len(cands) > 0 {
		return nil, "", &ErrAmbiguous{Word: word, Candidates: cands}
	}
	return found, spelled, nil
}

// resolveGit follows parse-options.c parse_long_opt: an exact name wins;
// otherwise a prefix of one option's name (or of its negation) is that
// option, and a prefix of two is an error.
func (g *Grammar) resolveGit(word, arg string) (*option, string, bool, error) {
	type match struct {
		o    *option
		name string
		neg  bool
	}
	var abbrev, ambiguous *match
	for _, o := range g.opts {
		for _, l := range o.long {
			name, neg := l, false
			if !strings.HasPrefix(arg, "no-") && !o.noNeg && strings.HasPrefix(l, "no-") {
				name, neg = l[3:], true // --verify unsets --no-verify
			}
			if arg == name {
				return o, l, neg, nil
			}
			hit := false
			switch {
			case strings.HasPrefix(name, arg):
				hit = true
			case o.noNeg:
			case strings.HasPrefix("no-", arg):
				hit, neg = true, !neg // --no, --n: every negation
			case strings.HasPrefix(arg, "no-"):
				if arg[3:] == name {
					return o, l, !neg, nil
				}
				hit, neg = strings.HasPrefix(name, arg[3:]), !neg
			}
			if !hit {
				continue
			}
			if abbrev != nil && abbrev.o != o {
				ambiguous = abbrev
			}
			abbrev = &match{o, l, neg}
			break
		}
	}
	if ambiguous != nil && arg != "" {
		return nil, "", false, &ErrAmbiguous{Word: word, Candidates: []string{ambiguous.name, abbrev.name}}
	}
	if abbrev == nil || arg == "" {
		return nil, "", false, nil
	}
	return abbrev.o, abbrev.name, abbrev.neg, nil
}

// Complete reports whether the grammar lists every option of the program
// (GNU, POSIX and popt programs without subcommands), so that its reading
// of options may replace a generic one.
func (g *Grammar) Complete() bool {
	return g.subs == nil && !g.partial && (g.Style == GNU || g.Style == POSIX || g.Style == Popt)
}
