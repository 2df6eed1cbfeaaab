package approve

import (
	"slices"

	"github.com/guardsh/guardsh/rules"
)

// sessionCoversFolded reports whether a session's approvals cover the
// never-permanent rules folded into a finding (rules.FoldDupes): a session
// approval of system-config-write, given for one write under /etc, does not
// cover the guardsh-tamper finding folded into a later system-config-write
// (code written into /etc/profile.d that exports a variable whose name it
// reads at run time, which may be GUARDSH_YOLO). The folded rule must have
// been approved for the session too. Folds of rules that may be approved
// for good (chmod-x-run into download-run) are the same fact and are
// covered by the survivor's approval.
func sessionCoversFolded(sess map[string]bool, f rules.Finding) bool {
	for _, id := range f.Folded {
		if r, ok := rules.Lookup(id); ok && r.NeverPermanent && !sess[id] {
			return false
		}
	}
	return true
}

// foldedIDs returns the rules folded into the findings, which an approval
// for the session grants with the findings' own rules: the prompt showed
// them in the survivor's reason.
func foldedIDs(fs []rules.Finding) []string {
	var ids []string
	for _, f := range fs {
		for _, id := range f.Folded {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	return ids
}
