package config

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/guardsh/guardsh/internal/atomicfile"
)

// AppendAllow adds a permanent approval to the configuration file at path as
// a new [[allow]] table at its end. The rest of the file — comments, order,
// formatting — is kept byte for byte. The file is created (with its
// directory) if missing. The update holds a lock and replaces the file
// atomically, so concurrent guardsh processes never lose an entry; if the
// file would not parse afterwards (it is broken, or uses an inline allow
// array), nothing is written and an error says so.
//
// A zero e.Added is set to the current time.
func AppendAllow(path string, e AllowEntry) error {
	if e.Rule == "" {
		return fmt.Errorf("add to %s: an [[allow]] entry needs a rule", path)
	}
	if e.Added.IsZero() {
		e.Added = time.Now()
	}
	return atomicfile.Update(path, 0o644, func(old []byte) ([]byte, error) {
		before, err := Parse(path, old)
		if err != nil {
			return nil, fmt.Errorf("cannot add an approval to a broken configuration file: %w", err)
		}
		var b strings.Builder
		b.Write(old)
		if len(old) > 0 && !strings.HasSuffix(string(old), "\n") {
			b.WriteByte('\n')
		}
		if len(old) > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(allowText(e))
		after, err := Parse(path, []byte(b.String()))
		if err != nil || len(after.Allow) != len(before.Allow)+1 {
			return nil, fmt.Errorf("cannot append an [[allow]] table to %s (is allow written as an inline array?): %v", path, err)
		}
		return []byte(b.String()), nil
	})
}

// allowText formats one [[allow]] table.
func allowText(e AllowEntry) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# added by guardsh on %s\n", e.Added.Format("2006-01-02"))
	b.WriteString("[[allow]]\n")
	fmt.Fprintf(&b, "rule = %s\n", quote(e.Rule))
	if e.Dir != "" {
		fmt.Fprintf(&b, "dir = %s\n", quote(e.Dir))
	}
	fmt.Fprintf(&b, "added = %s\n", e.Added.UTC().Truncate(time.Second).Format(time.RFC3339))
	if !e.Expires.IsZero() {
		fmt.Fprintf(&b, "expires = %s\n", e.Expires.UTC().Truncate(time.Second).Format(time.RFC3339))
	}
	if e.Reason != "" {
		fmt.Fprintf(&b, "reason = %s\n", quote(e.Reason))
	}
	return b.String()
}

// quote writes s as a TOML basic string.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == utf8.RuneError, r < 0x20, r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// RemoveAllow deletes the [[allow]] table whose [AllowEntry.ID] is id from
// the configuration file at path, keeping the rest of the file as it is. It
// reports whether an entry was removed. Like [AppendAllow] it holds a lock,
// replaces the file atomically and refuses to write a file that would not
// parse to the same entries minus the removed one.
func RemoveAllow(path, id string) (removed bool, err error) {
	err = atomicfile.Update(path, 0o644, func(old []byte) ([]byte, error) {
		c, err := Parse(path, old)
		if err != nil {
			return nil, err
		}
		idx := -1
		for i, a := range c.Allow {
			if a.ID() == id {
				idx = i
				break
			}
		}
		if idx < 0 {
			return old, nil
		}
		out, ok := cutAllowTable(string(old), idx)
		if !ok {
			return nil, fmt.Errorf("%s: cannot find [[allow]] table %d in the text; remove it by hand", path, idx+1)
		}
		after, err := Parse(path, []byte(out))
		if err != nil || len(after.Allow) != len(c.Allow)-1 {
			return nil, fmt.Errorf("%s: removing [[allow]] table %d would change other settings; remove it by hand", path, idx+1)
		}
		for i, a := range after.Allow {
			j := i
			if i >= idx {
				j = i + 1
			}
			if a.ID() != c.Allow[j].ID() {
				return nil, fmt.Errorf("%s: removing [[allow]] table %d would change other entries; remove it by hand", path, idx+1)
			}
		}
		removed = true
		return []byte(out), nil
	})
	return removed, err
}

// cutAllowTable removes the n-th (from 0) [[allow]] table from text: its
// header, its keys, and the "# added by guardsh" comment guardsh wrote above
// it. Comments and blank lines after its last key are kept, since they
// usually introduce what follows.
func cutAllowTable(text string, n int) (string, bool) {
	lines := strings.SplitAfter(text, "\n")
	start, count := -1, 0
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "[[") && cleanKey(strings.SplitN(t[2:], "]]", 2)[0]) == "allow" {
			if count == n {
				start = i
				break
			}
			count++
		}
	}
	if start < 0 {
		return "", false
	}
	end := start + 1 // one past the last line of the table
	for i := start + 1; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if strings.HasPrefix(t, "[") {
			break
		}
		if t != "" && !strings.HasPrefix(t, "#") {
			end = i + 1
		}
	}
	if start > 0 && strings.HasPrefix(lines[start-1], "# added by guardsh on ") {
		start--
	}
	// Drop one blank line before the table, which AppendAllow added.
	if start > 0 && strings.TrimSpace(lines[start-1]) == "" {
		start--
	}
	return strings.Join(lines[:start], "") + strings.Join(lines[end:], ""), true
}

// ProjectDir returns the directory a permanent approval made in dir is
// narrowed to: the top level of the git work tree containing dir, or dir
// itself. It looks for .git without running git.
func ProjectDir(dir string) string {
	dir = filepath.Clean(dir)
	for d := dir; ; {
		if fileExists(filepath.Join(d, ".git")) {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// Covers reports whether the entry applies to a command run in dir at time
// now: its directory is empty (everywhere) or contains dir, and it has not
// expired.
func (a AllowEntry) Covers(dir string, now time.Time) bool {
	if a.Expired(now) {
		return false
	}
	if a.Dir == "" {
		return true
	}
	rel, err := filepath.Rel(a.Dir, filepath.Clean(dir))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}
