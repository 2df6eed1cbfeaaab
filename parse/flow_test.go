package parse

import (
	"reflect"
	"testing"
)

func TestAltCombos(t *testing.T) {
	for _, tt := range []struct {
		name    string
		choices []altChoice
		want    [][]int
	}{
		{"one variable", []altChoice{{"a", []string{"x", "y"}}}, [][]int{{0}, {1}}},
		{"two variables: each alone, then together", []altChoice{{"action", []string{""}}, {"statedir", []string{"/var/lib/ucf"}}},
			[][]int{{0, -1}, {-1, 0}, {0, 0}}},
		{"singles capped at maxAlts, combinations up to maxReadings",
			[]altChoice{{"a", []string{"1", "2", "3"}}, {"b", []string{"4", "5"}}},
			[][]int{{0, -1}, {1, -1}, {2, -1}, {-1, 0}, {0, 0}, {0, 1}, {1, 0}, {1, 1}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := altCombos(tt.choices)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
			if len(got) > maxReadings {
				t.Errorf("%d readings, more than %d", len(got), maxReadings)
			}
		})
	}
}

// TestFlowReadings checks the readings a command gets after branches: the
// values of two variables from different conditionals are read together.
func TestFlowReadings(t *testing.T) {
	res := Commands(`action=; if c; then action=echo; fi; d=/var/lib/x; if e; then d=$1; fi; $action rm -f "$d/f"`, Options{})
	found := false
	for _, c := range res.Commands {
		if len(c.Args) == 3 && c.Args[0].Value == "rm" && c.Args[2].Value == "/var/lib/x/f" {
			found = true
		}
	}
	if !found {
		t.Errorf("no reading rm -f /var/lib/x/f among %d commands", len(res.Commands))
	}
}
