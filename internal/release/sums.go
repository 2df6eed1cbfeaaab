package release

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
)

// Sums maps a file name to its lower-case hex SHA-256 digest.
type Sums map[string]string

// Digest returns the lower-case hex SHA-256 of data.
func Digest(data []byte) string {
	d := sha256.Sum256(data)
	return hex.EncodeToString(d[:])
}

// Format writes the list in sha256sum's format, sorted by name.
func (s Sums) Format() []byte {
	names := make([]string, 0, len(s))
	for n := range s {
		names = append(names, n)
	}
	sort.Strings(names)
	var b bytes.Buffer
	for _, n := range names {
		fmt.Fprintf(&b, "%s  %s\n", s[n], n)
	}
	return b.Bytes()
}

// ParseSums reads a SHA256SUMS file strictly: every line is a 64-digit hex
// digest, one or two spaces (or " *"), and a plain file name. A malformed
// line or a name listed twice is an error, so that a list cannot say two
// things about one file.
func ParseSums(data []byte) (Sums, error) {
	s := Sums{}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if line == "" {
			continue
		}
		if len(line) < 66 {
			return nil, fmt.Errorf("%s:%d: want \"DIGEST  NAME\", got %q", SumsName, i+1, line)
		}
		digest, rest := line[:64], line[64:]
		if _, err := hex.DecodeString(digest); err != nil {
			return nil, fmt.Errorf("%s:%d: %q is not a hex SHA-256 digest", SumsName, i+1, digest)
		}
		var name string
		switch {
		case strings.HasPrefix(rest, "  "), strings.HasPrefix(rest, " *"):
			name = rest[2:]
		default:
			return nil, fmt.Errorf("%s:%d: want two spaces between digest and name", SumsName, i+1)
		}
		if name == "" || strings.ContainsAny(name, "/\\ \t") || name == "." || name == ".." {
			return nil, fmt.Errorf("%s:%d: %q is not a plain file name", SumsName, i+1, name)
		}
		if _, dup := s[name]; dup {
			return nil, fmt.Errorf("%s:%d: %s is listed twice", SumsName, i+1, name)
		}
		s[name] = strings.ToLower(digest)
	}
	if len(s) == 0 {
		return nil, fmt.Errorf("%s is empty", SumsName)
	}
	return s, nil
}

// Check reports an error unless data's digest is the one listed for name.
func (s Sums) Check(name string, data []byte) error {
	want, ok := s[name]
	if !ok {
		return fmt.Errorf("%s is not listed in %s", name, SumsName)
	}
	if got := Digest(data); got != want {
		return fmt.Errorf("SHA-256 mismatch for %s: got %s, %s lists %s", name, got, SumsName, want)
	}
	return nil
}
