package release

import (
	"strconv"
	"strings"
)

// ValidVersion reports whether v is a release version: MAJOR.MINOR.PATCH
// with an optional -PRERELEASE of letters, digits, dots and dashes.
func ValidVersion(v string) bool {
	_, ok := parseVersion(v)
	return ok
}

type semver struct {
	n   [3]int
	pre string
}

func parseVersion(v string) (semver, bool) {
	var s semver
	v = strings.TrimPrefix(v, "v")
	core, pre, hasPre := strings.Cut(v, "-")
	if hasPre {
		if pre == "" || strings.Trim(pre, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") != "" {
			return s, false
		}
		s.pre = pre
	}
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return s, false
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || p == "" || len(p) > 1 && p[0] == '0' {
			return s, false
		}
		s.n[i] = n
	}
	return s, true
}

// Compare orders two release versions: -1 if a < b, 0 if equal, +1 if
// a > b. A pre-release sorts before its release. ok is false when either is
// not a release version (such as "dev" or a pseudo-version).
func Compare(a, b string) (c int, ok bool) {
	x, okx := parseVersion(a)
	y, oky := parseVersion(b)
	if !okx || !oky {
		return 0, false
	}
	for i := range x.n {
		if x.n[i] != y.n[i] {
			if x.n[i] < y.n[i] {
				return -1, true
			}
			return 1, true
		}
	}
	switch {
	case x.pre == y.pre:
		return 0, true
	case x.pre == "":
		return 1, true
	case y.pre == "":
		return -1, true
	case x.pre < y.pre:
		return -1, true
	}
	return 1, true
}
