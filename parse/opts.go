package parse

import "strings"

// optSpec is the option grammar of a program that runs another program.
type optSpec struct {
	short    string   // short options without a value
	shortVal string   // short options that take a value
	long     []string // long options without a value (without "--")
	longVal  []string // long options that take a value
	// plus allows +o style options (shells).
	plus bool
	// allShort treats every unknown short letter as a flag without a value
	// (for programs with many harmless flags).
	allShort bool
}

// parsed is the result of reading options.
type parsed struct {
	set map[string]string // "-u" or "--user" → value ("" when none)
	// rest is the index of the first operand.
	rest int
	// unknown is set when an option was not in the grammar; alt is then
	// the index of the first operand had that option taken a value.
	unknown bool
	alt     int
}

func (p parsed) has(names ...string) bool {
	for _, n := range names {
		if _, ok := p.set[n]; ok {
			return true
		}
	}
	return false
}

func (p parsed) get(names ...string) (string, bool) {
	for _, n := range names {
		if v, ok := p.set[n]; ok {
			return v, true
		}
	}
	return "", false
}

// parse reads options from args until the first operand or "--".
func (s optSpec) parse(args []Word) parsed {
	res := parsed{set: map[string]string{}}
	i := 0
	for ; i < len(args); i++ {
		a := args[i].Value
		if a == "--" {
			i++
			break
		}
		if strings.HasPrefix(a, "--") {
			name, val, eq := strings.Cut(a[2:], "=")
			name = s.abbrev(name)
			switch {
			case contains(s.longVal, name):
				if !eq && i+1 < len(args) {
					i++
					val = args[i].Value
				}
				res.set["--"+name] = val
			case contains(s.long, name):
				res.set["--"+name] = val
			default:
				res.set["--"+name] = val
				res.unknown = true
			}
			continue
		}
		if len(a) < 2 || a[0] != '-' && !(s.plus && a[0] == '+') {
			break
		}
		for j := 1; j < len(a); j++ {
			ch := a[j]
			key := string(a[0]) + string(ch)
			if strings.IndexByte(s.shortVal, ch) >= 0 {
				val := a[j+1:]
				if val == "" && i+1 < len(args) {
					i++
					val = args[i].Value
				}
				res.set[key] = val
				break
			}
			res.set[key] = ""
			if strings.IndexByte(s.short, ch) < 0 && !s.allShort {
				res.unknown = true
			}
		}
	}
	res.rest = i
	res.alt = i + 1
	return res
}

// abbrev resolves an abbreviated long option the way getopt_long (and
// Perl's Getopt::Long) do: a prefix of exactly one listed option is that
// option (sudo --us root, timeout --sig KILL). A prefix of several, or of
// none, is left as written. The lists may miss options the tool has: then
// a prefix unique here may be ambiguous to the tool, which refuses the line
// — so reading it as the listed option only ever finds more, never less.
func (s optSpec) abbrev(name string) string {
	if name == "" || contains(s.long, name) || contains(s.longVal, name) {
		return name
	}
	found := ""
	for _, list := range [][]string{s.long, s.longVal} {
		for _, l := range list {
			if strings.HasPrefix(l, name) {
				if found != "" && found != l {
					return name
				}
				found = l
			}
		}
	}
	if found == "" {
		return name
	}
	return found
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
