package programs

import "sync"

var (
	indexOnce sync.Once
	byName    map[string]*Spec
	wrappers  map[string]*Spec
)

// tables are the program tables, one per file: a new file adds one line.
var tables = [][]*Spec{
	table,
	tableGitsys,
	cloudTable,
	wrapperTable,
	runnerTable,
	platformTable,
	interpreterTable,
	tableRecall,
	tableKnownmiss,
	tableRedteam5,
	tableMisses6,
	tableRedteam7,
}

// Lookup returns the grammar of the named program (its base name, such as
// "rm" or "git"), compiled on first use, or nil when guardsh does not know
// the program. Unknown programs keep guardsh's generic reading of argv.
func Lookup(name string) *Grammar {
	s := spec(name)
	if s == nil {
		return nil
	}
	g, err := s.compile(nil)
	if err != nil {
		// The table is checked by the tests; a broken entry reads as
		// an unknown program rather than silently half-known.
		return nil
	}
	return g
}

// spec returns the table's entry for a program name or alias, or nil. The
// map from names to entries is built on first use.
func spec(name string) *Spec {
	indexOnce.Do(func() {
		n := 0
		for _, s := range specs() {
			n += 1 + len(s.Aliases)
		}
		byName = make(map[string]*Spec, n) // one size: no growth at the first command
		for _, s := range specs() {
			byName[s.Name] = s
			for _, a := range s.Aliases {
				byName[a] = s
			}
		}
		wrappers = make(map[string]*Spec, len(wrapperTable))
		for _, s := range wrapperTable {
			wrappers[s.Name] = s
		}
	})
	return byName[name]
}

// Wrapper returns the grammar of a program that runs another program
// (sudo, env, timeout, xargs …: the wrapper table), compiled on first use,
// or nil for any other program.
func Wrapper(name string) *Grammar {
	g := Lookup(name)
	if g == nil || wrappers[name] == nil {
		return nil
	}
	return g
}

// Names returns a program's name with its aliases (kubectl: kubectl, oc,
// …), or just the name for a program guardsh has no grammar for.
// It reads the table only: nothing is compiled.
func Names(name string) []string {
	if s := spec(name); s != nil {
		return append([]string{s.Name}, s.Aliases...)
	}
	return []string{name}
}

// Known returns the names of every program in the table, in table order.
func Known() []string {
	out := make([]string, 0, len(specs()))
	for _, s := range specs() {
		out = append(out, s.Name)
	}
	return out
}
