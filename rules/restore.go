package rules

import (
	"slices"

	"github.com/guardsh/guardsh/parse"
)

// A script putting a file's own backup back where the file is absent
// (parse/restore.go: Command.Restores, a script file only) writes nothing
// new: the file's owner's own earlier content returns, and nothing of what
// was there is lost. These rules' findings on it are left out; a trust
// store, package source or keyring restored stays (runnerTrust), as does
// every other rule.
var restoreQuiet = [...]string{"credential-file-write", "system-config-write", "files-overwrite-outside", "command-rename"}

// restoreHits drops restoreQuiet's rules from the hits of a restore.
func restoreHits(hits []*Rule, c *parse.Command) []*Rule {
	if !c.Restores {
		return hits
	}
	for _, w := range append(writeTargets(c), c.Args[1:]...) {
		if underAny(w, runnerTrust) {
			return hits
		}
	}
	out := hits[:0]
	for _, r := range hits {
		if r.Tier != Hardline && slices.Contains(restoreQuiet[:], r.ID) {
			continue
		}
		out = append(out, r)
	}
	return out
}
