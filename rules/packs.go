package rules

import (
	"fmt"
	"path"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
	"github.com/guardsh/guardsh/programs"
)

// Pack entries (package programs, one file per ecosystem) are rules like
// the others: same ids, tiers, titles and examples, listed by `guardsh
// rules` and `guardsh explain`, tried only on commands that name one of
// their programs. Pack reports the pack a rule comes from.

// userPacks are the packs read from the user's pack files.
var userPacks []*programs.Pack

// Pack returns the name of the pack rule id belongs to, or "".
func Pack(id string) string {
	if r, ok := Lookup(id); ok {
		return r.Pack
	}
	return ""
}

// PackRules returns the ids of the rules of a pack, and whether the pack
// exists.
func PackRules(name string) ([]string, bool) {
	var ids []string
	found := false
	for _, p := range programs.Packs() {
		if p.Name != name {
			continue
		}
		found = true
		for _, e := range p.Entries {
			ids = append(ids, e.ID)
		}
	}
	for _, p := range userPacks {
		if p.Name == name {
			found = true
			for _, e := range p.Entries {
				ids = append(ids, e.ID)
			}
		}
	}
	return ids, found
}

// PackNames returns the names of every pack, built-in first.
func PackNames() []string {
	var out []string
	for _, p := range programs.Packs() {
		out = append(out, p.Name)
	}
	for _, p := range userPacks {
		out = append(out, p.Name)
	}
	return out
}

var packsOnce sync.Once

// ensurePacks adds the rules of the built-in packs to the table (after the
// rules of table.go), the first time the whole table is read (All, Lookup):
// nothing is built at start-up, and matching does not need it (see
// packRulesOf).
func ensurePacks() {
	packsOnce.Do(func() {
		var rs []*Rule
		for _, p := range programs.Packs() {
			for _, e := range p.Entries {
				rs = append(rs, builtinRule(programs.PackEntry{Pack: p, Entry: e}))
			}
		}
		table = append(table[:packsAt:packsAt], append(rs, table[packsAt:]...)...)
	})
}

// packRule turns a pack entry into a rule.
func packRule(p *programs.Pack, e *programs.Entry) *Rule {
	tier := Dangerous
	if e.Hardline {
		tier = Hardline
	}
	var names []string
	for _, n := range e.Programs() {
		names = append(names, programs.Names(n)...)
	}
	if e.Programs() == nil {
		names = nil
	}
	return &Rule{ID: e.ID, Tier: tier, Title: e.Title, Reason: e.Reason, Suggest: e.Suggest, Pack: p.Name,
		Match: e.Match, NoMatch: e.NoMatch, over: e.Over, formerly: e.Formerly, names: names,
		cmd: func(c *parse.Command) bool { return entryMatches(e, c) }}
}

// entryMatches reads the command by its program's grammar and tries the
// entry's patterns for its program.
func entryMatches(e *programs.Entry, c *parse.Command) bool {
	var ws []parse.Word
	if len(c.Args) > 0 {
		ws = c.Args[1:]
	}
	var l *programs.Line
	name := c.Name()
	return e.EachPattern(name, programs.Canonical(name), func(p *programs.Pattern) bool {
		if p.PredOnly() {
			// * $pred: asked of every command; no reading needed.
			return packPredicates(p, c, ws)
		}
		if l == nil {
			l = packLine(c)
		}
		return p.Match(l)
	})
}

// predicates are the $name conditions of pack patterns: what a glob
// cannot say. Each gets the command, its argument words and the positions
// (in ws) of the operands after the pattern's words.
var predicates map[string]func(c *parse.Command, ws []parse.Word, rest []int) bool

// predicatesOnce builds predicates on the first $ condition asked.
var predicatesOnce sync.Once

func initPredicates() {
	predicates = map[string]func(c *parse.Command, ws []parse.Word, rest []int) bool{
		// real-destination: the last operand (rsync's destination) is a real
		// directory: absolute, in a home, or on another host; not a
		// temporary directory, not relative to the project.
		"real-destination": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			if len(rest) < 2 {
				return false
			}
			d := ws[rest[len(rest)-1]].Value
			if underTemp(d) || inTemp(d) {
				return false
			}
			if host, dir, ok := strings.Cut(d, ":"); ok && host != "" && !strings.Contains(host, "/") {
				// host:dir, on another machine; in a directory of its
				// own under that machine's temporary directory (caddy's
				// CI: host:/var/tmp/"$short_sha", made and removed by the
				// job), as it would be here.
				return !underTemp(dir) && !inTemp(dir)
			}
			return absolute(d) || strings.HasPrefix(d, "${HOME}") || !ws[rest[len(rest)-1]].Static
		},
		// truncates-log: the command empties or overwrites a log file: a
		// truncating redirection, truncate, shred, cp or tee onto it, rm of
		// it.
		"truncates-log": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			for _, r := range c.Redirs {
				if (r.Op == ">" || r.Op == ">|" || r.Op == "&>") && logFile(r.Target.Value) {
					return true
				}
			}
			switch c.Name() {
			case "truncate", "shred", "rm", "unlink", "cp", "dd", "tee":
			default:
				return false
			}
			if c.Name() == "tee" && args(c).has("a", "append") {
				return false
			}
			for _, w := range writeTargets(c) {
				if logFile(w.Value) {
					return true
				}
			}
			if c.Name() == "rm" || c.Name() == "unlink" {
				for _, w := range args(c).operands {
					if logFile(w.Value) {
						return true
					}
				}
			}
			return false
		},
		// git-insecure: git config KEY VALUE turning http.sslVerify off.
		"git-insecure": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			if len(rest) > 0 && ws[rest[0]].Value == "set" {
				rest = rest[1:] // git config set KEY VALUE (git 2.46)
			}
			if len(rest) < 2 {
				return false
			}
			k := strings.ToLower(ws[rest[0]].Value)
			return strings.HasPrefix(k, "http.") && strings.HasSuffix(k, ".sslverify") && falsy(ws[rest[1]].Value)
		},
		// npm-insecure: strict-ssl false (npm, pnpm, yarn 1) or
		// enableStrictSsl false (yarn 2+).
		"npm-insecure": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			if len(rest) == 0 {
				return false
			}
			k, v, eq := strings.Cut(strings.ToLower(ws[rest[0]].Value), "=")
			if !eq && len(rest) > 1 {
				v = ws[rest[1]].Value
			}
			return (k == "strict-ssl" || k == "enablestrictssl") && falsy(v)
		},
		// insecure-env-write: text that sets GIT_SSL_NO_VERIFY,
		// NODE_TLS_REJECT_UNAUTHORIZED=0 or PYTHONHTTPSVERIFY=0 is written to a
		// file (an rc file, .env, /etc/environment).
		"insecure-env-write": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			for _, t := range writeTargets(c) {
				v := t.Value
				if credentialFile(v) || systemConfig(v) || strings.Contains(v, "environment.d/") || path.Base(v) == ".envrc" {
					return insecureEnv(wordsText(ws) + "\n" + c.StdinText)
				}
			}
			return false
		},
		// kernel-hardening-off: 0 written to the ASLR or ptrace switch.
		"kernel-hardening-off": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			for _, w := range writeTargets(c) {
				if weak, ok := kernelKnobs[w.Value]; ok {
					text := strings.TrimSpace(c.StdinText)
					if c.Name() == "echo" || c.Name() == "printf" {
						text = strings.TrimSpace(wordsText(ws))
					}
					return text == weak
				}
			}
			return false
		},
		// sudoers-nopasswd: a NOPASSWD rule written to sudoers.
		"sudoers-nopasswd": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			sudoers := false
			for _, w := range writeTargets(c) {
				if w.Value == "/etc/sudoers" || strings.HasPrefix(w.Value, "/etc/sudoers.d/") || strings.HasPrefix(w.Value, "/private/etc/sudoers") {
					sudoers = true
				}
			}
			return sudoers && strings.Contains(wordsText(ws)+"\n"+c.StdinText, "NOPASSWD")
		},
	}
	for name, f := range gitsysPredicates() {
		predicates[name] = f
	}
	for name, f := range cloudPredicates() {
		predicates[name] = f
	}
	addPlatformPredicates(predicates)
	addKnownmissPredicates(predicates)
	addMisses6Predicates(predicates)
}

// packPredicates evaluates a pattern made of $ conditions only.
func packPredicates(p *programs.Pattern, c *parse.Command, ws []parse.Word) bool {
	for _, cd := range p.Conds {
		if packPredicate(cd.Pred, c, ws, nil) == cd.Not {
			return false
		}
	}
	return true
}

func packPredicate(name string, c *parse.Command, ws []parse.Word, rest []int) bool {
	predicatesOnce.Do(initPredicates)
	f := predicates[name]
	return f != nil && f(c, ws, rest)
}

func wordsText(ws []parse.Word) string {
	var b strings.Builder
	for _, w := range ws {
		b.WriteString(w.Value)
		b.WriteByte(' ')
	}
	return b.String()
}

// falsy reports a configuration value meaning off.
func falsy(v string) bool {
	switch strings.ToLower(strings.Trim(v, `"'`)) {
	case "false", "0", "no", "off":
		return true
	}
	return false
}

// insecureEnv finds an assignment that switches TLS checks off.
func insecureEnv(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		for _, f := range strings.Fields(line) {
			f = strings.Trim(strings.TrimPrefix(f, "export"), `"'`)
			k, v, ok := strings.Cut(f, "=")
			if !ok {
				continue
			}
			v = strings.Trim(v, `"'`)
			switch k {
			case "GIT_SSL_NO_VERIFY":
				return v != ""
			case "NODE_TLS_REJECT_UNAUTHORIZED", "PYTHONHTTPSVERIFY":
				return v == "0"
			}
		}
	}
	return false
}

// logFile reports a system log or login record.
func logFile(p string) bool {
	if strings.Contains(p, "..") {
		return false
	}
	if strings.HasPrefix(p, "/var/log/") && len(p) > len("/var/log/") || p == "/var/log" || strings.HasPrefix(p, "/var/adm/") {
		return true
	}
	switch p {
	case "/var/run/utmp", "/run/utmp":
		return true
	}
	return false
}

// AddPack adds a user's pack (read from $XDG_CONFIG_HOME/guardsh/packs by
// package config). Its entries become rules after checks that keep a pack
// from weakening guardsh: an id already used by a rule, a pack name already
// used, a pattern that does not compile, an example that does not match (or
// a counter-example that does) are errors, and the pack is then not added.
// A user pack can only add findings: it cannot make other rules redundant.
// AddPack must be called before any matching starts (at start-up).
func AddPack(p *programs.Pack) error {
	for _, n := range PackNames() {
		if n == p.Name {
			return fmt.Errorf("pack %q: a pack of that name exists", p.Name)
		}
	}
	var added []*Rule
	ids := map[string]bool{}
	for _, e := range p.Entries {
		if _, ok := Lookup(e.ID); ok || ids[e.ID] {
			return &PackError{Line: e.Line, Msg: fmt.Sprintf("id %q is already a rule; choose another", e.ID)}
		}
		ids[e.ID] = true
		if _, err := e.Patterns(); err != nil {
			return &PackError{Line: e.Line, Msg: err.Error()}
		}
		e.Over, e.Formerly = nil, nil
		added = append(added, packRule(p, e))
	}
	saved := table
	table = append(table[:len(table):len(table)], added...)
	reindex()
	undo := func() {
		table = saved
		reindex()
	}
	for i, e := range p.Entries {
		r := added[i]
		for _, ex := range r.Match {
			if !firesOn(r.ID, ex) {
				undo()
				return &PackError{Line: e.Line, Msg: fmt.Sprintf("%s: example %q does not match", e.ID, ex)}
			}
		}
		for _, ex := range r.NoMatch {
			if firesOn(r.ID, ex) {
				undo()
				return &PackError{Line: e.Line, Msg: fmt.Sprintf("%s: counter-example %q matches", e.ID, ex)}
			}
		}
	}
	userPacks = append(userPacks, p)
	return nil
}

// A PackError is a problem with one entry of a user pack, at a line of its
// file.
type PackError struct {
	Line int
	Msg  string
}

// Error returns the message, without the line (the caller adds file:line).
func (e *PackError) Error() string { return e.Msg }

// firesOn reports whether rule id finds something in the command line.
func firesOn(id, line string) bool {
	for _, f := range Match(parse.Commands(line, parse.Options{}), nil) {
		if f.Rule == id {
			return true
		}
	}
	return false
}

// reindex rebuilds the program-name index after the table changed.
func reindex() {
	indexOnce, byNameOnce = sync.Once{}, sync.Once{}
	byName, generic, inputs, named = nil, nil, nil, nil
	byNameReady.Store(false)
	nameScans.Store(0)
	index()
}
