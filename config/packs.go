package config

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/adrg/xdg"

	"github.com/guardsh/guardsh/internal/atomicfile"
	"github.com/guardsh/guardsh/programs"
	"github.com/guardsh/guardsh/rules"
)

// PacksDir returns $XDG_CONFIG_HOME/guardsh/packs, where users keep their
// own packs of rules as TOML files.
func PacksDir() string {
	return filepath.Join(xdgBase(func() string { return xdg.ConfigHome }), "guardsh", "packs")
}

// packFile is the shape of a user pack file:
//
//	name = "acme"
//	title = "Acme's deploy tools"
//
//	[[entry]]
//	id = "acme-drop"
//	tier = "dangerous"            # or "hardline"
//	title = "Drop an Acme database"
//	reason = "acmectl db drop deletes the database and its backups."
//	suggest = "acmectl db snapshot first"
//	when = ["acmectl db drop", "acmectl * purge --force"]
//	match = ["acmectl db drop prod"]
//	no_match = ["acmectl db list"]
//
// The patterns are those of the built-in packs (programs.Pattern).
type packFile struct {
	Name  string      `toml:"name"`
	Title string      `toml:"title"`
	Entry []packEntry `toml:"entry"`
}

type packEntry struct {
	ID      string   `toml:"id"`
	Tier    string   `toml:"tier"`
	Title   string   `toml:"title"`
	Reason  string   `toml:"reason"`
	Suggest string   `toml:"suggest"`
	When    []string `toml:"when"`
	Match   []string `toml:"match"`
	NoMatch []string `toml:"no_match"`
}

var (
	packsOnce     sync.Once
	packsWarnings []string
)

// LoadUserPacks reads the user's packs (every *.toml file of [PacksDir])
// and adds them to the rules, once per process. It returns the problems
// found, each "FILE:LINE: message": a broken pack is reported and not
// added, and never changes a built-in rule.
func LoadUserPacks() []string {
	packsOnce.Do(func() { packsWarnings = loadPacks(PacksDir()) })
	return packsWarnings
}

func loadPacks(dir string) []string {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return []string{fmt.Sprintf("%s: cannot read the packs directory: %v", dir, err)}
	}
	var names []string
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".toml") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	var out []string
	for _, n := range names {
		file := filepath.Join(dir, n)
		if err := loadPack(file); err != nil {
			out = append(out, err.Error()+" (the pack is not loaded)")
		}
	}
	return out
}

// loadPack reads, checks and adds one pack file.
func loadPack(file string) error {
	data, err := atomicfile.ReadFile(file, MaxFileSize)
	if err != nil {
		return &Error{File: file, Msg: fmt.Sprintf("cannot read: %v", err)}
	}
	p, err := ParsePack(file, data)
	if err != nil {
		return err
	}
	if err := rules.AddPack(p); err != nil {
		var pe *rules.PackError
		if errors.As(err, &pe) {
			return &Error{File: file, Line: pe.Line, Key: "entry", Msg: pe.Msg}
		}
		return &Error{File: file, Line: keyLine(data, []string{"name"}), Key: "name", Msg: err.Error()}
	}
	return nil
}

// ParsePack decodes and checks a pack file; name is used in errors.
func ParsePack(name string, data []byte) (*programs.Pack, error) {
	var f packFile
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&f)
	if err != nil {
		return nil, decodeError(name, data, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0]
		return nil, &Error{File: name, Line: keyLine(data, k), Key: k.String(),
			Msg: "unknown key (known keys: name, title, entry; in [[entry]]: id, tier, title, reason, suggest, when, match, no_match)"}
	}
	bad := func(key []string, i int, format string, a ...any) error {
		return &Error{File: name, Line: keyLineN(data, key, i), Key: strings.Join(key, "."), Msg: fmt.Sprintf(format, a...)}
	}
	if !kebab(f.Name) {
		return nil, bad([]string{"name"}, 0, "a pack needs a name in kebab-case, such as \"acme-tools\"")
	}
	if len(f.Entry) == 0 {
		return nil, &Error{File: name, Msg: "the pack has no [[entry]]"}
	}
	p := &programs.Pack{Name: f.Name, Title: f.Title, File: name}
	for i, e := range f.Entry {
		line := keyLineN(data, []string{"entry", "id"}, i)
		switch {
		case !kebab(e.ID):
			return nil, bad([]string{"entry", "id"}, i, "entry %d needs an id in kebab-case", i+1)
		case e.Tier != "dangerous" && e.Tier != "hardline":
			return nil, bad([]string{"entry", "tier"}, i, "%s: tier must be \"dangerous\" or \"hardline\"", e.ID)
		case e.Title == "" || e.Reason == "":
			return nil, &Error{File: name, Line: line, Key: "entry", Msg: fmt.Sprintf("%s: needs a title and a reason", e.ID)}
		case len(e.When) == 0:
			return nil, bad([]string{"entry", "when"}, i, "%s: needs at least one pattern", e.ID)
		case len(e.Match) == 0 || len(e.NoMatch) == 0:
			return nil, &Error{File: name, Line: line, Key: "entry", Msg: fmt.Sprintf("%s: needs examples that match and examples that do not (match, no_match)", e.ID)}
		}
		for _, w := range e.When {
			if _, err := programs.ParsePattern(w); err != nil {
				return nil, bad([]string{"entry", "when"}, i, "%s: pattern %q: %v", e.ID, w, err)
			}
		}
		p.Entries = append(p.Entries, &programs.Entry{ID: e.ID, Hardline: e.Tier == "hardline", Title: e.Title, Reason: e.Reason,
			Suggest: e.Suggest, When: e.When, Match: e.Match, NoMatch: e.NoMatch, Line: line})
	}
	return p, nil
}

func kebab(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}
