package programs

import (
	"slices"
	"testing"
)

// A pack entry costs a command only when the command names one of its
// programs: the index is by program (aliases included), and an entry for
// any program compiles only its patterns for that program.
func TestEntriesOf(t *testing.T) {
	ids := func(pes []PackEntry) []string {
		var out []string
		for _, pe := range pes {
			out = append(out, pe.Entry.ID)
		}
		return out
	}
	if got := EntriesOf("ls"); len(got) != 0 {
		t.Errorf("EntriesOf(ls) = %v, want none", ids(got))
	}
	kube := ids(EntriesOf("kubectl"))
	if len(kube) == 0 {
		t.Fatal("EntriesOf(kubectl) is empty")
	}
	if oc := ids(EntriesOf("oc")); !slices.Equal(oc, kube) {
		t.Errorf("EntriesOf(oc) = %v, want kubectl's %v", oc, kube)
	}
	for _, pe := range AnyEntries() {
		if !pe.Entry.anyProgram() {
			t.Errorf("AnyEntries has %s, which names its programs", pe.Entry.ID)
		}
	}
	// Every entry is reachable: by one of its programs, or as an entry
	// for any program.
	for _, p := range Packs() {
		for _, e := range p.Entries {
			found := false
			if e.anyProgram() {
				found = slices.ContainsFunc(AnyEntries(), func(pe PackEntry) bool { return pe.Entry == e })
			}
			for _, n := range e.Programs() {
				found = found || slices.ContainsFunc(EntriesOf(n), func(pe PackEntry) bool { return pe.Entry == e })
			}
			if !found {
				t.Errorf("entry %s is not in the index", e.ID)
			}
		}
	}
}

func TestEachPatternCompilesOnDemand(t *testing.T) {
	e := &Entry{ID: "x", When: []string{"journalctl --vacuum-size", "* $truncates-log", "dmesg|oc -C"}}
	var got []string
	for _, tc := range []struct {
		program string
		want    []string
	}{
		{"ls", []string{"*"}},
		{"journalctl", []string{"journalctl", "*"}},
		{"kubectl", []string{"*", "dmesg"}}, // oc is kubectl
	} {
		got = got[:0]
		e.EachPattern(tc.program, Canonical(tc.program), func(p *Pattern) bool {
			got = append(got, p.Programs[0])
			return false
		})
		if !slices.Equal(got, tc.want) {
			t.Errorf("EachPattern(%s) tried %v, want %v", tc.program, got, tc.want)
		}
		if tc.program == "ls" && (e.lazy.compiled[0].Load() != nil || e.lazy.compiled[2].Load() != nil) {
			t.Errorf("a command of ls compiled the patterns of other programs")
		}
	}
	if !e.EachPattern("journalctl", "journalctl", func(p *Pattern) bool { return p.Programs[0] == "*" }) {
		t.Error("EachPattern does not report f's true")
	}
}

// Reading the patterns for one program gives what the map gives.
func TestScanEntriesIsTheIndex(t *testing.T) {
	indexEntries()
	names := []string{"ls", "rm", "oc", "fly", "k3s-kubectl", "python3", "python", "pip3.12"}
	for _, p := range Packs() {
		for _, e := range p.Entries {
			names = append(names, e.Programs()...)
		}
	}
	for _, s := range specs() {
		names = append(names, s.Name)
		names = append(names, s.Aliases...)
	}
	for _, n := range names {
		if n == "*" {
			continue
		}
		got, want := scanEntries(n), entriesBy[Canonical(n)]
		if len(got) != len(want) {
			t.Errorf("%s: the scan finds %d entries, the map %d", n, len(got), len(want))
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: entry %d is %s by the scan, %s by the map", n, i, got[i].Entry.ID, want[i].Entry.ID)
			}
		}
	}
}
