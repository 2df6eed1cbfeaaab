package programs

import (
	"strings"
	"sync"
	"sync/atomic"
)

// entryPatterns compiles an entry's patterns one by one, the first time a
// command of one of the pattern's programs is tried against it: an entry
// for any program ("* $truncates-log") is tried on every command, and its
// other patterns (journalctl …, dmesg …) are compiled only when their
// program comes.
type entryPatterns struct {
	once sync.Once
	// progs and canon are, for each pattern, its programs as written and
	// their canonical names (see Canonical).
	progs, canon [][]string
	compiled     []atomic.Pointer[Pattern]
}

func (ep *entryPatterns) init(e *Entry) {
	ep.progs = make([][]string, len(e.When))
	ep.canon = make([][]string, len(e.When))
	ep.compiled = make([]atomic.Pointer[Pattern], len(e.When))
	for i, w := range e.When {
		first, _, _ := strings.Cut(strings.TrimSpace(w), " ")
		ep.progs[i] = strings.Split(first, "|")
		ep.canon[i] = make([]string, len(ep.progs[i]))
		for j, n := range ep.progs[i] {
			ep.canon[i][j] = Canonical(n)
		}
	}
}

// EachPattern calls f with each of the entry's patterns that can match a
// command of the program (canonical is Canonical(program)), in order,
// until f returns true; it reports whether one did. A pattern that does
// not compile is skipped: Patterns reports it (the pack tests, and the
// loading of a user's pack, call Patterns).
func (e *Entry) EachPattern(program, canonical string, f func(*Pattern) bool) bool {
	ep := &e.lazy
	ep.once.Do(func() { ep.init(e) })
	for i := range e.When {
		applies := false
		for j, n := range ep.progs[i] {
			if n == "*" || n == program || ep.canon[i][j] == canonical {
				applies = true
				break
			}
		}
		if !applies {
			continue
		}
		p := ep.compiled[i].Load()
		if p == nil {
			var err error
			if p, err = ParsePattern(e.When[i]); err != nil {
				continue
			}
			ep.compiled[i].Store(p) // a race stores an equal pattern
		}
		if f(p) {
			return true
		}
	}
	return false
}
