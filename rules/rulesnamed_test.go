package rules

import (
	"slices"
	"testing"
)

// The first commands of a process find their rules by reading the rules'
// names; the rest by the map. Both give the same rules in the same order.
func TestRulesNamedScanIsTheMap(t *testing.T) {
	index()
	var names []string
	for _, r := range named {
		names = append(names, r.names...)
	}
	names = append(names, "ls", "", "no-such-program")
	nameScans.Store(scansBeforeByName) // the map from now on
	for _, n := range names {
		if got, want := scanNamed(n), rulesNamed(n); !slices.Equal(got, want) {
			t.Errorf("%q: reading the names gives %d rules, the map %d", n, len(got), len(want))
		}
	}
	if !byNameReady.Load() {
		t.Error("the map was not built after the scans")
	}
}
