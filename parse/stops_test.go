package parse

import "testing"

// TestStopsTo: what a failed command keeps from running (Command.StopsTo),
// for the checks of rules/pred_verify.go.
func TestStopsTo(t *testing.T) {
	for _, tc := range []struct {
		src, name string
		want      string // "all", "none", or "list" (up to an offset)
	}{
		{"check; use", "check", "none"},
		{"check || true; use", "check", "none"},
		{"check || echo bad; use", "check", "none"},
		{"check || exit 1; use", "check", "all"},
		{"check || die 'bad'; use", "check", "all"},
		{"check || { echo bad; exit 1; }; use", "check", "all"},
		{"set -e; check; use", "check", "all"},
		{"set -e; set +e; check; use", "check", "none"},
		{"set -e; check && echo ok; use", "check", "list"},
		{"set -e; x && check; use", "check", "all"},
		{"check && use", "check", "list"},
		{"(check || true) && use", "check", "none"},
		{"check && a || echo failed", "check", "list"},
		{"if check; then use; fi", "check", "list"},
		{"if ! check; then echo bad; exit 1; fi; use", "check", "all"},
		{"if ! check; then echo bad; fi; use", "check", "none"},
		{"if check; then use; else exit 1; fi", "check", "all"},
	} {
		r := Commands(tc.src, Options{File: true})
		got := "missing"
		for _, c := range r.Commands {
			if c.Name() == tc.name {
				switch {
				case c.StopsTo == -1:
					got = "all"
				case c.StopsTo == 0:
					got = "none"
				default:
					got = "list"
				}
				break
			}
		}
		if got != tc.want {
			t.Errorf("%q: %s StopsTo is %s, want %s", tc.src, tc.name, got, tc.want)
		}
	}
}
