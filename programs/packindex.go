package programs

import (
	"strings"
	"sync"
)

// A PackEntry is one entry of a built-in pack, with its pack.
type PackEntry struct {
	Pack  *Pack
	Entry *Entry
}

var (
	entriesOnce sync.Once
	// entriesBy maps a program's canonical name (see [Canonical]) to the
	// built-in entries with a pattern that names it; anyEntries are the
	// entries with a pattern for any program ("*").
	entriesBy  map[string][]PackEntry
	anyEntries []PackEntry
)

// indexEntries builds, once, the map from program name to pack entries.
// It reads only the first word of each pattern: nothing is compiled, and a
// command is then tried only against the entries of the program it names,
// however many entries the packs hold.
func indexEntries() {
	entriesOnce.Do(func() {
		// Two passes: count the entries of each program, then hand out
		// the lists from one array (the index is built by every guardsh
		// process that checks a command).
		count := map[string]int{}
		total := 0
		eachProgram(func(k string, pe PackEntry) {
			count[k]++
			total++
		})
		arena := make([]PackEntry, 0, total)
		entriesBy = make(map[string][]PackEntry, len(count))
		eachProgram(func(k string, pe PackEntry) {
			l, ok := entriesBy[k]
			if !ok {
				l = arena[len(arena) : len(arena) : len(arena)+count[k]]
				arena = arena[:len(arena)+count[k]]
			}
			entriesBy[k] = append(l, pe)
		})
	})
}

// eachProgram calls f for each built-in entry and each program (by its
// canonical name) its patterns name, once per entry and program; entries
// with a pattern for any program go to anyEntries instead.
func eachProgram(f func(k string, pe PackEntry)) {
	anyEntries = anyEntries[:0]
	var seen []string
	for _, p := range builtinPacks {
		for _, e := range p.Entries {
			pe := PackEntry{p, e}
			if e.anyProgram() {
				anyEntries = append(anyEntries, pe)
				continue
			}
			seen = seen[:0]
			for _, w := range e.When {
				first, _, _ := strings.Cut(strings.TrimSpace(w), " ")
				for first != "" {
					var n string
					n, first, _ = strings.Cut(first, "|")
					k := Canonical(n)
					if !contains(seen, k) {
						seen = append(seen, k)
						f(k, pe)
					}
				}
			}
		}
	}
}

// EntriesOf returns the built-in pack entries with a pattern that names the
// program (by any of its names: oc for kubectl), in pack order. Entries
// with a pattern for any program are not included: see [AnyEntries].
func EntriesOf(program string) []PackEntry {
	indexEntries()
	return entriesBy[Canonical(program)]
}

// AnyEntries returns the built-in pack entries with a pattern for any
// program ("* $pred"), which every command is tried against.
func AnyEntries() []PackEntry {
	indexEntries()
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
