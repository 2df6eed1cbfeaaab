package programs

import "strings"

// RunKind is what a piece of a command line is, when the program runs it.
type RunKind uint8

const (
	// RunsNothing: with the options of the entry the program runs no
	// command (sudo -l, ionice -p PID, taskset -p): the entries after it
	// are not read.
	RunsNothing RunKind = iota
	// RunsArgv: a program and its arguments, word by word (sudo CMD ARG…,
	// timeout 5 CMD ARG…, rsync -e CMD).
	RunsArgv
	// RunsShell: shell text, run by sh -c (su -c TEXT, flock -c TEXT,
	// tar --to-command=TEXT, sudo -s CMD… with the words joined).
	RunsShell
	// RunsCode: source text in the language Lang (python -c CODE).
	RunsCode
	// RunsRemote: shell text run on another host (ssh HOST CMD…).
	RunsRemote
)

var runKindNames = [...]string{"nothing", "argv", "shell", "code", "remote"}

// String returns the kind's name: "nothing", "argv", "shell", "code" or
// "remote".
func (k RunKind) String() string { return runKindNames[k] }

// A Run is one way a program runs other code, as data next to the
// program's grammar: which part of its command line is a program, shell
// text or source, and under which options. [Grammar.Runs] reads a command
// line by them.
//
// An entry with Opt reads the value of that option (every time it is
// given). An entry without Opt reads the operands: the first such entry
// whose When and Unless hold decides, and later operand entries are not
// read.
type Run struct {
	// Kind is what the option's value or the operands are.
	Kind RunKind
	// Opt is the option whose value is run, by any of its spellings
	// ("to-command" also finds --to-comm=… and, for a short alias, -I…).
	// Empty: the operands are run.
	Opt string
	// Skip is the number of operands before the command: timeout
	// DURATION CMD is 1, chroot DIR CMD is 1.
	Skip int
	// Join makes the operands from Skip on one shell text, joined by
	// spaces (watch CMD…, sudo -s CMD…); otherwise a RunsShell entry reads
	// only the operand at Skip (sh -c TEXT ARG0 ARG…).
	Join bool
	// Reparse is set when options may follow the Skip operands (ssh HOST
	// -p 22 CMD, setarch ARCH -R CMD): the words after them are read by
	// the grammar again, and the command is their first operand.
	Reparse bool
	// Env is set when NAME=value words before the command are the
	// command's environment (env, sudo).
	Env bool
	// When lists options (space-separated, any spelling) of which one
	// must be set for the entry to apply; Unless options of which none may
	// be set.
	When, Unless string
	// Prefix, when set, must start the value, and is taken off it: tar's
	// --checkpoint-action=exec=CMD, vim -c '!CMD', gdb -ex 'shell CMD'.
	// Blanks and colons before it are skipped.
	Prefix string
	// Lang is the language of RunsCode entries ("python", "perl", …).
	Lang string
}

// A Ran is one piece of code a command line runs, found by [Grammar.Runs].
type Ran struct {
	// Kind and Lang are the entry's that found the code ([Run.Kind],
	// [Run.Lang]).
	Kind RunKind
	Lang string
	// Opt is the option the code was given by, as spelled on the line
	// ("to-comm" for --to-comm=…); empty for operands.
	Opt string
	// Word is the index, in the words given to Parse, of the word that
	// holds the code: the option's value (attached or the next word), or
	// the first word of the command.
	Word int
	// Value is the code given by an option, without Prefix.
	Value string
	// Env are the indexes of NAME=value words that set the command's
	// environment (Run.Env).
	Env []int
	// Join is the entry's Join: the operands from Word on are one shell
	// text (after Value, for an option's value).
	Join bool
	// Via is the option, as spelled, that made an operand entry apply
	// (sudo -s CMD: "s"); empty when it has no When.
	Via string
}

// HasRuns reports whether the program's table entry says it runs code:
// a cheap check before parsing a line for it.
func (g *Grammar) HasRuns() bool { return g != nil && len(g.runs) > 0 }

// HasOptionRuns reports whether some option's value is code the program
// runs (rg --pre, tar --to-command).
func (g *Grammar) HasOptionRuns() bool {
	if g == nil {
		return false
	}
	for i := range g.runs {
		if g.runs[i].Opt != "" {
			return true
		}
	}
	return false
}

// Runs returns the code a command line runs, by the program's Run
// entries: p must be g.Parse(words). A line the program refuses (p.Err)
// runs nothing. The results are in the order of the entries: option values
// first when their entries come first.
func (g *Grammar) Runs(p *Parsed, words []string) []Ran {
	if g == nil || p.Err != nil || len(g.runs) == 0 {
		return nil
	}
	var out []Ran
	operandsDone := false
	for i := range g.runs {
		r := &g.runs[i]
		if !r.applies(p) {
			continue
		}
		if r.Opt != "" {
			for j := range p.Opts {
				o := &p.Opts[j]
				if o.Neg || !o.HasValue || o.Unknown || o.Key != r.Opt && !contains(o.Names, r.Opt) {
					continue
				}
				v, ok := cutRunPrefix(o.Value, r.Prefix)
				if !ok {
					continue
				}
				out = append(out, Ran{Kind: r.Kind, Lang: r.Lang, Opt: o.Spelled, Word: o.ValueAt, Value: v, Join: r.Join})
			}
			continue
		}
		if operandsDone {
			continue
		}
		operandsDone = true
		if r.Kind == RunsNothing {
			continue
		}
		ops := p.Operands
		var env []int
		if r.Env {
			env = append(env, p.Assigns...)
			k := r.Skip
			for k < len(ops) && assignWord(words[ops[k]]) {
				env = append(env, ops[k])
				k++
			}
			if k < len(ops) {
				ops = append(append([]int(nil), ops[:r.Skip]...), ops[k:]...)
			} else {
				ops = ops[:min(r.Skip, len(ops))]
			}
		}
		if r.Reparse && r.Skip > 0 && r.Skip <= len(ops) {
			from := ops[r.Skip-1] + 1
			tp := g.Parse(words[from:], Env{Lenient: true})
			if len(tp.Operands) == 0 {
				continue
			}
			out = append(out, Ran{Kind: r.Kind, Lang: r.Lang, Word: from + tp.Operands[0], Env: env, Join: r.Join, Via: r.via(p)})
			continue
		}
		if r.Skip >= len(ops) {
			continue
		}
		out = append(out, Ran{Kind: r.Kind, Lang: r.Lang, Word: ops[r.Skip], Env: env, Join: r.Join, Via: r.via(p)})
	}
	return out
}

// applies reports whether the entry's When and Unless hold on the line.
func (r *Run) applies(p *Parsed) bool {
	if r.When != "" && !p.Has(strings.Fields(r.When)...) {
		return false
	}
	return r.Unless == "" || !p.Has(strings.Fields(r.Unless)...)
}

// via returns the first of the entry's When options set on the line, as
// spelled.
func (r *Run) via(p *Parsed) string {
	if r.When == "" {
		return ""
	}
	for _, o := range p.Opts {
		for _, n := range strings.Fields(r.When) {
			if !o.Neg && (o.Key == n || contains(o.Names, n)) {
				return o.Spelled
			}
		}
	}
	return ""
}

// cutRunPrefix takes an entry's Prefix off a value (after blanks and
// colons, as vim's :!cmd and gdb's "shell cmd" allow).
func cutRunPrefix(v, prefix string) (string, bool) {
	if prefix == "" {
		return v, true
	}
	return strings.CutPrefix(strings.TrimLeft(v, ": "), prefix)
}

// assignWord reports a NAME=value word, as env reads it before the
// command: any word with "=" after its first byte.
func assignWord(w string) bool {
	return strings.IndexByte(w, '=') > 0
}

// SendKind says how a value a program sends names what it reads.
type SendKind uint8

const (
	// SendsFile: the value is a path whose content is sent (curl -T F,
	// wget --post-file=F).
	SendsFile SendKind = iota + 1
	// SendsData: the value is data, or @FILE for a file's content (curl
	// -d @F, --data-binary @F, --json @F).
	SendsData
	// SendsForm: NAME=@FILE (the file, uploaded) or NAME=<FILE (its
	// content as the field's value): curl -F.
	SendsForm
	// SendsURLEncoded: NAME@FILE or @FILE: curl --data-urlencode.
	SendsURLEncoded
	// SendsSources: every operand but the last is a path sent to the
	// last (scp SRC… DEST, rsync SRC… DEST).
	SendsSources
	// SendsItems: the operands are HTTPie request items: NAME@FILE (the
	// file, uploaded), NAME=@FILE and NAME:=@FILE (its content as a
	// field), and @FILE (the request body).
	SendsItems
)

// A Send is one way a program sends what it reads to another host, as
// data next to its grammar: which option value (or which operands) names
// the file sent. The secret-exfiltration rules read it ([Grammar.Sent]).
type Send struct {
	// Kind is how the line names what is sent.
	Kind SendKind
	// Opt is the option whose value is sent, by any spelling; empty for
	// SendsSources.
	Opt string
}

// A Sent is a file a command line sends, found by [Grammar.Sent].
type Sent struct {
	// Path is the file as written (without curl's @ or NAME=@).
	Path string
	// Word is the index of the word that holds it.
	Word int
}

// HasSends reports whether the program's table entry says it sends files.
func (g *Grammar) HasSends() bool { return g != nil && len(g.sends) > 0 }

// Sent returns the files a command line reads and sends, by the program's
// Send entries: p must be g.Parse(words). A line the program refuses sends
// nothing.
func (g *Grammar) Sent(p *Parsed, words []string) []Sent {
	if g == nil || p.Err != nil || len(g.sends) == 0 {
		return nil
	}
	var out []Sent
	for i := range g.sends {
		s := &g.sends[i]
		if s.Kind == SendsSources {
			for k := 0; k+1 < len(p.Operands); k++ {
				out = append(out, Sent{Path: words[p.Operands[k]], Word: p.Operands[k]})
			}
			continue
		}
		if s.Kind == SendsItems {
			for _, k := range p.Operands {
				if f, ok := itemFile(words[k]); ok {
					out = append(out, Sent{Path: f, Word: k})
				}
			}
			continue
		}
		for j := range p.Opts {
			o := &p.Opts[j]
			if !o.HasValue || o.Unknown || o.Key != s.Opt && !contains(o.Names, s.Opt) {
				continue
			}
			if path, ok := sentPath(s.Kind, o.Value); ok {
				out = append(out, Sent{Path: path, Word: o.ValueAt})
			}
		}
	}
	return out
}

// sentPath returns the file a value names, by the kind of the value.
func sentPath(k SendKind, v string) (string, bool) {
	switch k {
	case SendsFile:
		return v, v != "" && v != "-" && v != "."
	case SendsData:
		if f, ok := strings.CutPrefix(v, "@"); ok && f != "" && f != "-" {
			return f, true
		}
	case SendsForm:
		if _, val, ok := strings.Cut(v, "="); ok && len(val) > 1 && (val[0] == '@' || val[0] == '<') {
			f, _, _ := strings.Cut(val[1:], ";") // NAME=@FILE;type=…
			return f, f != "" && f != "-"
		}
	case SendsURLEncoded:
		if i := strings.IndexByte(v, '@'); i >= 0 && !strings.Contains(v[:i], "=") && i+1 < len(v) {
			return v[i+1:], v[i+1:] != "-"
		}
	}
	return "", false
}

// itemFile returns the file an HTTPie request item reads: field@FILE,
// field=@FILE, field:=@FILE, @FILE. A URL (with :// or user@host) is not
// an item.
func itemFile(v string) (string, bool) {
	i := strings.IndexByte(v, '@')
	if i < 0 || i+1 >= len(v) || strings.Contains(v, "://") {
		return "", false
	}
	name := strings.TrimSuffix(strings.TrimSuffix(v[:i], ":="), "=")
	if strings.ContainsAny(name, "/:=") {
		return "", false
	}
	f, _, _ := strings.Cut(v[i+1:], ";") // field@FILE;type=…
	return f, f != "" && f != "-"
}
