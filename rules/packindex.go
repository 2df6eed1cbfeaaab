package rules

import (
	"sync"

	"github.com/guardsh/guardsh/programs"
)

// The built-in packs hold hundreds of entries; a command is tried only
// against the entries of the program it names. Their rules are made the
// first time a command names the program (packRulesOf), not at start-up
// and not for the whole table, so a new pack costs nothing to commands of
// other programs.

// packsAt is the position of the built-in packs' rules in the table (All's
// order): after the rules of table.go. Set by table.go's init.
var packsAt int

var (
	builtinMu sync.Mutex
	// builtinRules holds the rule of each built-in entry made so far, so
	// that matching, All and Lookup share one *Rule per entry.
	builtinRules = map[*programs.Entry]*Rule{}
	// packRulesBy caches packRulesOf: program name → []*Rule.
	packRulesBy sync.Map
)

// builtinRule returns the rule of a built-in pack entry, made on first use.
func builtinRule(pe programs.PackEntry) *Rule {
	builtinMu.Lock()
	defer builtinMu.Unlock()
	r := builtinRules[pe.Entry]
	if r == nil {
		r = packRule(pe.Pack, pe.Entry)
		r.builtin = true
		builtinRules[pe.Entry] = r
	}
	return r
}

// packRulesOf returns the rules of the built-in pack entries that name the
// program, in table order; nil for most programs.
func packRulesOf(name string) []*Rule {
	if v, ok := packRulesBy.Load(name); ok {
		return v.([]*Rule)
	}
	pes := programs.EntriesOf(name)
	if len(pes) == 0 {
		return nil
	}
	rs := make([]*Rule, len(pes))
	for i, pe := range pes {
		rs[i] = builtinRule(pe)
	}
	v, _ := packRulesBy.LoadOrStore(name, rs)
	return v.([]*Rule)
}
