package programs

import (
	"fmt"
	"strings"
	"sync"
)

// A Pack is one ecosystem's destructive commands, as data: clouds, secrets,
// code hosting, sync tools, databases, Kubernetes, logs, security
// downgrades. A pack can be switched off in the config
// (rules.packs.disable = ["clouds"]); its hardline entries stay on.
type Pack struct {
	Name  string
	Title string
	// File is where the pack came from: a Go file of this package, or a
	// user's TOML file.
	File    string
	Entries []*Entry
}

// An Entry is one kind of destructive command of a pack. Package rules
// turns every entry into a rule with the same id, title and examples.
type Entry struct {
	// ID is the rule id: stable, kebab-case, unique among all rules.
	ID       string
	Hardline bool
	Title    string
	Reason   string
	Suggest  string
	// When lists the command forms the entry matches, one a string, in
	// the pattern language of [Pattern].
	When []string
	// Over lists rules this entry makes redundant when both match the
	// same command (a generic rule with a vaguer title).
	Over []string
	// Formerly lists generic rules that these commands were reported by
	// before the entry took them over (terraform destroy was
	// cloud-destroy's): a system policy that makes one of them hardline
	// makes the entry's findings hardline too, as it did before.
	Formerly []string
	// Match and NoMatch are command lines the entry must and must not
	// match; the tests run them.
	Match   []string
	NoMatch []string
	// Line is the line of the entry in a user pack file, for errors.
	Line int

	once     sync.Once
	patterns []*Pattern
	err      error
	// lazy compiles the patterns one by one for matching (EachPattern).
	lazy entryPatterns
}

// Patterns returns the entry's compiled patterns; they are compiled the
// first time a command names one of the entry's programs.
func (e *Entry) Patterns() ([]*Pattern, error) {
	e.once.Do(func() {
		for _, w := range e.When {
			p, err := ParsePattern(w)
			if err != nil {
				e.err = fmt.Errorf("%s: %q: %w", e.ID, w, err)
				return
			}
			e.patterns = append(e.patterns, p)
		}
	})
	return e.patterns, e.err
}

// Programs returns the program names the entry's patterns start with; nil
// when a pattern matches every program ("*").
func (e *Entry) Programs() []string {
	var out []string
	for _, w := range e.When {
		first, _, _ := strings.Cut(strings.TrimSpace(w), " ")
		if first == "*" {
			return nil
		}
		out = append(out, strings.Split(first, "|")...)
	}
	return out
}

// A Pattern is one command form, written as words:
//
//	PROGRAM WORD… CONDITION…
//
// PROGRAM is a program name, several joined by "|", or "*" for any. Each
// WORD is a subcommand or operand word: literal, a glob with "*", several
// joined by "|", or "*" for any one word; the words must appear in this
// order among the subcommand path and operands, the first one first (for
// programs read in the Loose or Cobra style, anywhere; for argparse
// programs, aws, the words of the path match it word for word; for a
// program with a subcommand tree, docker, kubectl, gh, the first words
// name the subcommands the line runs, level by level). Conditions:
//
//	--name, -n, -n|--name   the option is set, by any spelling the
//	                        program's grammar knows (--recu is --recursive)
//	--name=GLOB             the option is set to a value that matches
//	!--name, !--name=GLOB   the option is not set (to such a value)
//	@GLOB                   some operand after the words matches
//	$name                   a named predicate of package rules holds
//
// Globs match case-insensitively; "*" matches any text, "\*" a star
// itself (nix-env -e '*' uninstalls every package: @\*).
type Pattern struct {
	Programs []string
	Words    [][]string
	Conds    []Cond
}

// A Cond is one condition of a pattern.
type Cond struct {
	Not bool
	// Opts are the option names (without dashes) of an option condition.
	Opts []string
	// Value, when set, is the glob the option's value must match.
	Value string
	// Operand is the glob of an @ condition.
	Operand string
	// Pred is the name of a $ condition.
	Pred string
	// values and operands are Value and Operand split at "|".
	values, operands []string
}

// ParsePattern compiles one pattern.
func ParsePattern(s string) (*Pattern, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return nil, fmt.Errorf("empty pattern")
	}
	p := &Pattern{Programs: strings.Split(f[0], "|")}
	for _, t := range f[1:] {
		c := Cond{}
		if rest, ok := strings.CutPrefix(t, "!"); ok && len(rest) > 0 {
			c.Not, t = true, rest
		}
		switch {
		case strings.HasPrefix(t, "-"):
			name, val, eq := strings.Cut(t, "=")
			for _, n := range strings.Split(name, "|") {
				n = strings.TrimLeft(n, "-")
				if n == "" {
					return nil, fmt.Errorf("empty option in %q", t)
				}
				c.Opts = append(c.Opts, n)
			}
			if eq {
				if val == "" {
					return nil, fmt.Errorf("empty value in %q (write --opt=*)", t)
				}
				c.Value = val
			}
		case strings.HasPrefix(t, "@"):
			c.Operand = t[1:]
			if c.Operand == "" {
				return nil, fmt.Errorf("empty operand glob")
			}
		case strings.HasPrefix(t, "$"):
			c.Pred = t[1:]
			if c.Pred == "" {
				return nil, fmt.Errorf("empty predicate name")
			}
		default:
			if c.Not {
				return nil, fmt.Errorf("%q: only conditions can be negated", "!"+t)
			}
			if len(p.Conds) > 0 {
				return nil, fmt.Errorf("word %q after a condition: write the words first", t)
			}
			p.Words = append(p.Words, strings.Split(t, "|"))
			continue
		}
		if c.Value != "" {
			c.values = strings.Split(c.Value, "|")
		}
		if c.Operand != "" {
			c.operands = strings.Split(c.Operand, "|")
		}
		p.Conds = append(p.Conds, c)
	}
	return p, nil
}

// A Line is a command as a pattern sees it: its program, its reading by
// the grammar, its words.
type Line struct {
	Program string
	Parsed  *Parsed
	// Words are the arguments given to Parse (argv without the program).
	Words []string
	// Pred evaluates a $ condition for the line; nil makes every
	// predicate false. Ctx is for Pred's use (package rules keeps the
	// command there).
	Pred func(l *Line, name string, operands []int) bool
	Ctx  any
}

// ReadInto is [Read] into a Parsed the caller holds.
func ReadInto(p *Parsed, program string, words []string, env Env) {
	g := Lookup(program)
	if g == nil {
		g = generic
	}
	*p = Parsed{Program: g.Name, DashDash: -1, pathAt: -1}
	p.grow(len(words))
	g.parseTop(p, words, env)
}

// Read reads argv (without the program name) of the named program by its
// grammar, or, for a program guardsh has no grammar for, the generic way
// (every word that does not start with "-" is an operand).
func Read(program string, words []string, env Env) *Parsed {
	g := Lookup(program)
	if g == nil {
		g = generic
	}
	return g.Parse(words, env)
}

var generic = &Grammar{Name: "", Style: Loose, long: map[string]*option{}}

// PredOnly reports a pattern of any program with only $ conditions ("*
// $truncates-log"): it needs no reading of the command line.
func (p *Pattern) PredOnly() bool {
	if !contains(p.Programs, "*") || len(p.Words) > 0 {
		return false
	}
	for _, c := range p.Conds {
		if c.Pred == "" {
			return false
		}
	}
	return true
}

// Match reports whether the line has the pattern's form.
func (p *Pattern) Match(l *Line) bool {
	if !contains(p.Programs, "*") && !contains(p.Programs, l.Program) {
		// An alias (oc for kubectl, fly for flyctl) reads as the program.
		if g := Lookup(l.Program); g == nil || !contains(p.Programs, g.Name) {
			return false
		}
	}
	pr := l.Parsed
	if pr == nil || pr.Err != nil {
		return false // the program refuses the line: nothing runs
	}
	// The subcommand path, then the operands.
	n := len(pr.Path) + len(pr.Operands)
	seq := func(j int) string {
		if j < len(pr.Path) {
			return pr.Path[j]
		}
		return l.Words[pr.Operands[j-len(pr.Path)]]
	}
	anywhere, strict := false, false
	switch g := Lookup(l.Program); {
	case g == nil || g.Style == Loose || g.Style == Cobra:
		// Unknown options of these CLIs may take a value, which is then
		// read as an operand: do not insist that the first word is first.
		anywhere = true
	case g.Style == Argparse:
		// aws SERVICE OP: every global option is listed, so the path is
		// exact; its words match the path word for word (the value of an
		// option, such as --table-name delete-table, is not the operation),
		// unless an option the table does not know stands before it.
		strict = !pr.guessed() && len(pr.Path) > 0
		anywhere = !strict
	}
	at := 0
	g := Lookup(l.Program)
	for k, alts := range p.Words {
		if g != nil && g.subs != nil && g.Style != Argparse && k < len(pr.Path) {
			// A program with a subcommand tree: the words name the
			// subcommands the line runs, level by level (docker run …
			// rm -f is docker run, not docker rm).
			if !anyGlob(alts, pr.Path[k]) {
				return false
			}
			at = k + 1
			continue
		}
		found := false
		for ; at < n; at++ {
			if anyGlob(alts, seq(at)) {
				found = true
				at++
				break
			}
			if k == 0 && !anywhere || strict && at < len(pr.Path) {
				return false
			}
		}
		if !found {
			return false
		}
	}
	// The operands after the matched words, as positions in Words.
	rest := pr.Operands[max(0, at-len(pr.Path)):]
	for _, c := range p.Conds {
		if c.holds(l, rest) == c.Not {
			return false
		}
	}
	return true
}

func (c Cond) holds(l *Line, rest []int) bool {
	switch {
	case c.Pred != "":
		return l.Pred != nil && l.Pred(l, c.Pred, rest)
	case c.Operand != "":
		for _, i := range rest {
			if anyGlob(c.operands, l.Words[i]) {
				return true
			}
		}
		return false
	}
	for i := len(l.Parsed.Opts) - 1; i >= 0; i-- {
		o := l.Parsed.Opts[i]
		hit := false
		for _, n := range c.Opts {
			if o.Key == n || contains(o.Names, n) {
				hit = true
			}
		}
		if !hit {
			continue
		}
		if o.Neg {
			return false
		}
		if c.Value == "" && o.HasValue && (o.Flag || o.Unknown) && falseWord(o.Value) {
			return false // --force=false
		}
		if c.Value == "" || anyGlob(c.values, o.Value) {
			return true
		}
		if c.Value != "" {
			continue
		}
	}
	return false
}

func anyGlob(alts []string, s string) bool {
	for _, a := range alts {
		if glob(a, s) {
			return true
		}
	}
	return false
}

// glob matches s against a pattern where "*" is any text and "\*" a star,
// without regard to case.
func glob(pat, s string) bool {
	if !strings.Contains(pat, "*") {
		return strings.EqualFold(pat, s)
	}
	if strings.Contains(pat, `\*`) {
		return escapedGlob(pat, s)
	}
	if pat == "*" {
		return true
	}
	pat, s = strings.ToLower(pat), strings.ToLower(s)
	parts := strings.Split(pat, "*")
	return matchParts(s, parts)
}

// matchParts reports whether s is parts[0], then anything, parts[1], …,
// anything, then the last part: the text between a glob's stars, in order.
func matchParts(s string, parts []string) bool {
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	for _, mid := range parts[1 : len(parts)-1] {
		i := strings.Index(s, mid)
		if i < 0 {
			return false
		}
		s = s[i+len(mid):]
	}
	return strings.HasSuffix(s, parts[len(parts)-1])
}

// escapedGlob is glob for a pattern with literal stars (\*): the text
// between the wildcards is matched with its stars.
func escapedGlob(pat, s string) bool {
	var parts []string
	var b strings.Builder
	for i := 0; i < len(pat); i++ {
		switch {
		case pat[i] == '\\' && i+1 < len(pat) && pat[i+1] == '*':
			b.WriteByte('*')
			i++
		case pat[i] == '*':
			parts = append(parts, b.String())
			b.Reset()
		default:
			b.WriteByte(pat[i])
		}
	}
	parts = append(parts, b.String())
	s = strings.ToLower(s)
	for i := range parts {
		parts[i] = strings.ToLower(parts[i])
	}
	if len(parts) == 1 {
		return s == parts[0]
	}
	return matchParts(s, parts)
}

// Packs returns the built-in packs, in order.
func Packs() []*Pack { return builtinPacks }

// builtinPacks are the packs of pack_*.go, one file per ecosystem. They
// are static data: nothing is built at start-up.
var builtinPacks = []*Pack{packClouds, packContainers, packDatabases, packDowngrades, packHosting, packIac, packKubernetes, packLogs, packPackages, packSecrets, packSync, packSystem,
	packMessaging, packBackup, packVCS, packStorage}
