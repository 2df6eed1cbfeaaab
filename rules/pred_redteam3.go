package rules

import "strings"

// smallSpecial reports a kill operand built only of a sign, zeros and $?
// or $# (which the parser leaves as ${?} and ${#}): they are 0 or 1 often
// enough (after a failed command, with one argument) that -$? is -1, every
// process, and $? is 0, the caller's process group. neg is set for a
// leading minus.
func smallSpecial(v string) (neg, ok bool) {
	v = strings.TrimSpace(v)
	if strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+") {
		neg, v = v[0] == '-', v[1:]
	}
	v = strings.TrimLeft(v, "0")
	if v == "" {
		return false, false
	}
	for v != "" {
		switch {
		case strings.HasPrefix(v, "${?}"), strings.HasPrefix(v, "${#}"):
			v = v[4:]
			ok = true
		case v[0] == '0':
			v = v[1:]
		default:
			return false, false
		}
	}
	return neg, ok
}
