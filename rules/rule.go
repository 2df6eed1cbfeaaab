// Package rules holds guardsh's rule table and matches it against the
// commands found by package parse.
//
// Each rule is data: a stable id, a tier, a title, a reason, a safer
// alternative, the command names it looks at, a matcher, and examples that
// must and must not match, which the tests run.
package rules

import (
	"sync"
	"sync/atomic"

	"github.com/guardsh/guardsh/parse"
	"github.com/guardsh/guardsh/programs"
)

// A Rule is one entry of the table.
type Rule struct {
	// ID is stable and kebab-case; allowlists and rules.disable use it.
	ID   string `json:"id"`
	Tier Tier   `json:"tier"`
	// Title names what the rule catches; Reason says in one sentence why
	// it matters; Suggest gives a safer alternative, where one exists.
	Title   string `json:"title"`
	Reason  string `json:"reason"`
	Suggest string `json:"suggest,omitempty"`
	// NeverPermanent rules may be approved once or for a session, never
	// always.
	NeverPermanent bool `json:"never_permanent,omitempty"`
	// Match and NoMatch are command lines the rule must and must not
	// match; the tests run them.
	Match   []string `json:"match"`
	NoMatch []string `json:"no_match"`
	// Pack is the pack the rule comes from (package programs, or a user's
	// pack file); "" for the rules of the table.
	Pack string `json:"pack,omitempty"`

	// over lists rules this one makes redundant: when both match the same
	// command, only this one is reported.
	over []string
	// formerly lists rules whose policy promotions hold for this one
	// (programs.Entry.Formerly).
	formerly []string
	// names are the program names the rule looks at; nil means every
	// command.
	names []string
	// cmd reports whether one command matches.
	cmd func(c *parse.Command) bool
	// input reports matches on the input as a whole (issues, sequences of
	// commands): each a [start, end) span.
	input func(r *parse.Result) []hit
	// builtin marks the rule of a built-in pack entry, matched through
	// packRulesOf; late marks a rule of the table after the built-in
	// packs (see packsAt).
	builtin, late bool
}

// All returns every rule, in table order.
func All() []*Rule {
	ensurePacks()
	return table
}

// Lookup returns the rule with the given id.
func Lookup(id string) (*Rule, bool) {
	ensurePacks()
	return lookup(id)
}

// lookup is Lookup without the packs, for Register at start-up.
func lookup(id string) (*Rule, bool) {
	for _, r := range table {
		if r.ID == id {
			return r, true
		}
	}
	return nil, false
}

var (
	indexOnce sync.Once
	generic   []*Rule
	inputs    []*Rule
	// named are the rules with program names, in table order.
	named []*Rule

	byNameOnce  sync.Once
	byName      map[string][]*Rule
	byNameReady atomic.Bool
	// nameScans counts the names looked up before byName is built.
	nameScans atomic.Int32
)

// scansBeforeByName is how many commands rulesNamed serves by reading the
// rules' names before it builds the map: a command line has one command or
// a few, and reading some 200 names costs a fraction of the map.
const scansBeforeByName = 8

// index builds, once, the lists of rules for every command and for the
// whole input. The built-in packs' rules are not in them: see
// packRulesOf.
func index() {
	indexOnce.Do(func() {
		any := func() {
			for _, pe := range programs.AnyEntries() {
				generic = append(generic, builtinRule(pe))
			}
		}
		pos := 0 // position in the table without the built-in packs
		for _, r := range table {
			if r.builtin {
				continue
			}
			if pos == packsAt {
				any()
			}
			pos++
			r.late = pos > packsAt
			if r.input != nil {
				inputs = append(inputs, r)
			}
			if r.cmd == nil {
				continue
			}
			if r.names == nil {
				generic = append(generic, r)
				continue
			}
			named = append(named, r)
		}
		if pos <= packsAt {
			any()
		}
	})
}

// scanNamed is rulesNamed by reading the rules' names.
func scanNamed(name string) []*Rule {
	var out []*Rule
	for _, r := range named {
		for _, n := range r.names {
			if n == name {
				out = append(out, r)
			}
		}
	}
	return out
}

// rulesNamed returns the rules that look at the program name, in table
// order, so a command is only tried against rules that can match it.
func rulesNamed(name string) []*Rule {
	if !byNameReady.Load() && nameScans.Add(1) <= scansBeforeByName {
		return scanNamed(name)
	}
	byNameOnce.Do(func() {
		// One map of the right size and one array for the names' lists
		// (most names have one rule).
		n := 0
		for _, r := range named {
			n += len(r.names)
		}
		byName = make(map[string][]*Rule, n)
		arena := make([]*Rule, 0, n)
		for _, r := range named {
			for _, n := range r.names {
				if rs, ok := byName[n]; ok {
					byName[n] = append(rs, r)
					continue
				}
				arena = append(arena, r)
				byName[n] = arena[len(arena)-1 : len(arena) : len(arena)]
			}
		}
		byNameReady.Store(true)
	})
	return byName[name]
}

// Register adds rules whose matching lives in another package (such as the
// URL host checks), so that All, Lookup and `guardsh explain` know them.
// Register must be called from an init function, before any matching.
func Register(rs ...*Rule) {
	for _, r := range rs {
		if _, ok := lookup(r.ID); !ok {
			table = append(table, r)
			external[r.ID] = true
		}
	}
}

// external holds the ids of registered rules.
var external = map[string]bool{}
