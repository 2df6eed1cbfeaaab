package programs

// A Write is an option whose value names a file the program writes, or,
// with Dir, the directory it writes its files into: curl -o FILE and
// --output-dir DIR, wget -O FILE and -P DIR, gpg -o FILE. It is data next
// to the program's grammar, so that every spelling the program takes
// (-fsSLo FILE, -oFILE, --output=FILE, a unique prefix) is one write; the
// rules about system configuration, credential files, package keyrings
// and raw disks read it ([Grammar.Written]).
type Write struct {
	// Opt is the option, by any of its spellings.
	Opt string
	// Dir is set when the value is a directory the program writes its
	// files into, under names of its own (curl -O --output-dir DIR).
	Dir bool
}

// A Written is one file or directory a command line writes, found by
// [Grammar.Written].
type Written struct {
	// Path is the value as written; "-" (standard output) is never one.
	Path string
	// Word is the index of the word that holds it (the option's own word
	// when the value is attached).
	Word int
	// Dir is the entry's Dir.
	Dir bool
}

// HasWrites reports whether the program's table entry lists files it
// writes by option.
func (g *Grammar) HasWrites() bool { return g != nil && len(g.writes) > 0 }

// Written returns the files and directories a command line writes, by the
// program's Write entries: p must be g.Parse(words). A line the program
// refuses (an ambiguous abbreviation, a missing value) writes nothing.
func (g *Grammar) Written(p *Parsed) []Written {
	if g == nil || p.Err != nil || len(g.writes) == 0 {
		return nil
	}
	var out []Written
	for j := range p.Opts {
		o := &p.Opts[j]
		if !o.HasValue || o.Unknown || o.Value == "" || o.Value == "-" {
			continue
		}
		for i := range g.writes {
			w := &g.writes[i]
			if o.Key == w.Opt || contains(o.Names, w.Opt) {
				out = append(out, Written{Path: o.Value, Word: o.ValueAt, Dir: w.Dir})
				break
			}
		}
	}
	return out
}
