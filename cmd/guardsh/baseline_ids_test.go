package main

import (
	"testing"

	"github.com/guardsh/guardsh/rules"
)

// TestBaselineOldRuleIDs: a baseline written when cloud-destroy reported a
// command still holds it after a pack entry (iac-destroy) took it over,
// once per entry.
func TestBaselineOldRuleIDs(t *testing.T) {
	f := rules.Finding{Rule: "iac-destroy", Tier: rules.Dangerous, Text: "terraform destroy -auto-approve", Covers: []string{"cloud-destroy"}}
	old := entryOf("deploy.sh", rules.Finding{Rule: "cloud-destroy", Text: f.Text})
	ff := &fileFilter{base: map[[3]string]int{{old.File, old.Rule, old.Hash}: 1}}
	e := entryOf("deploy.sh", f)
	if !ff.inBaseline(e, f.Covers) {
		t.Fatal("a baseline entry under the old id does not hold the finding")
	}
	if ff.inBaseline(e, f.Covers) {
		t.Fatal("one baseline entry held two findings")
	}
	other := &fileFilter{base: map[[3]string]int{{old.File, "rm-recursive", old.Hash}: 1}}
	if other.inBaseline(e, f.Covers) {
		t.Fatal("an entry of an unrelated rule held the finding")
	}
}
