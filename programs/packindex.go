package programs

import (
	"strings"
	"sync"
	"sync/atomic"
)

// A PackEntry is one entry of a built-in pack, with its pack.
type PackEntry struct {
	Pack  *Pack
	Entry *Entry
}

var (
	entriesOnce sync.Once
	// entriesBy maps a program's canonical name (see [Canonical]) to the
	// built-in entries with a pattern that names it; entriesReady says it
	// is built. anyEntries are the entries with a pattern for any program
	// ("*").
	entriesBy    map[string][]PackEntry
	entriesReady atomic.Bool
	anyOnce      sync.Once
	anyEntries   []PackEntry
	// scans counts the programs looked up before the map is built.
	scans atomic.Int32
)

// scansBeforeIndex is how many programs EntriesOf looks up by reading the
// patterns before it builds the map: a command line names one program or
// a few, and one pass over the patterns' first words for one name costs a
// fraction of the map (whose map operations cost more than the reading).
const scansBeforeIndex = 6

// indexEntries builds, once, the map from program name to pack entries.
// It reads only the first word of each pattern: nothing is compiled, and a
// command is then tried only against the entries of the program it names,
// however many entries the packs hold.
func indexEntries() {
	entriesOnce.Do(func() {
		// One pass over the patterns gives the (program, entry) pairs and
		// the count of each program; the lists are then handed out from
		// one array. The index is built by every guardsh process that
		// checks a command, so it reads each pattern's first word once and
		// looks up each program once per entry.
		type pair struct {
			k  string
			pe PackEntry
		}
		var pairs []pair
		count := map[string]int{}
		var raw, seen []string
		for _, p := range builtinPacks {
			for _, e := range p.Entries {
				pe := PackEntry{p, e}
				raw, seen = raw[:0], seen[:0]
				any := false
				for _, w := range e.When {
					first, _, _ := strings.Cut(strings.TrimSpace(w), " ")
					for first != "" {
						var n string
						n, first, _ = strings.Cut(first, "|")
						if n == "*" {
							any = true
						}
						if !contains(raw, n) {
							raw = append(raw, n)
						}
					}
				}
				if any {
					continue // in AnyEntries
				}
				for _, n := range raw {
					k := Canonical(n)
					if !contains(seen, k) {
						seen = append(seen, k)
						pairs = append(pairs, pair{k, pe})
						count[k]++
					}
				}
			}
		}
		arena := make([]PackEntry, 0, len(pairs))
		entriesBy = make(map[string][]PackEntry, len(count))
		for _, pr := range pairs {
			l, ok := entriesBy[pr.k]
			if !ok {
				n := count[pr.k]
				l = arena[len(arena) : len(arena) : len(arena)+n]
				arena = arena[:len(arena)+n]
			}
			entriesBy[pr.k] = append(l, pr.pe)
		}
		entriesReady.Store(true)
	})
}

// EntriesOf returns the built-in pack entries with a pattern that names the
// program (by any of its names: oc for kubectl), in pack order. Entries
// with a pattern for any program are not included: see [AnyEntries].
func EntriesOf(program string) []PackEntry {
	if !entriesReady.Load() && scans.Add(1) <= scansBeforeIndex {
		return scanEntries(program)
	}
	indexEntries()
	return entriesBy[Canonical(program)]
}

// scanEntries is EntriesOf by reading every pattern's first word, without
// the map.
func scanEntries(program string) []PackEntry {
	s := spec(program)
	names := func(n string) bool {
		if s != nil {
			return n == s.Name || contains(s.Aliases, n)
		}
		return n == program
	}
	var out []PackEntry
	for _, p := range builtinPacks {
		for _, e := range p.Entries {
			if e.anyProgram() || !e.names(names) {
				continue
			}
			out = append(out, PackEntry{p, e})
		}
	}
	return out
}

// names reports whether one of the programs the entry's patterns start
// with satisfies is.
func (e *Entry) names(is func(string) bool) bool {
	for _, w := range e.When {
		first, _, _ := strings.Cut(strings.TrimSpace(w), " ")
		for first != "" {
			var n string
			n, first, _ = strings.Cut(first, "|")
			if is(n) {
				return true
			}
		}
	}
	return false
}

// AnyEntries returns the built-in pack entries with a pattern for any
// program ("* $pred"), which every command is tried against.
func AnyEntries() []PackEntry {
	anyOnce.Do(func() {
		for _, p := range builtinPacks {
			for _, e := range p.Entries {
				if e.anyProgram() {
					anyEntries = append(anyEntries, PackEntry{p, e})
				}
			}
		}
	})
	return anyEntries
}

// anyProgram reports an entry with a pattern for any program.
func (e *Entry) anyProgram() bool {
	for _, w := range e.When {
		if first, _, _ := strings.Cut(strings.TrimSpace(w), " "); first == "*" {
			return true
		}
	}
	return false
}

// Canonical returns the name of the program that name is (kubectl for oc),
// or name itself for a program guardsh has no grammar for. Nothing is
// compiled.
func Canonical(name string) string {
	if s := spec(name); s != nil {
		return s.Name
	}
	return name
}

// Applies reports whether the pattern can match a command of the program:
// it is for any program, or names the program by one of its names.
func (p *Pattern) Applies(program string) bool {
	k := Canonical(program)
	for _, n := range p.Programs {
		if n == "*" || n == program || Canonical(n) == k {
			return true
		}
	}
	return false
}
