package rules

import (
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// codeRules are the rules that report code a command gets as data
// (parse.Command.CodeSource).
var codeRules = map[string]bool{"remote-code": true, "decoded-code": true, "dynamic-code": true}

// remoteFileReason is remote-code's reason for a run of a file the input
// downloaded (no pipe, no substitution).
const remoteFileReason = "running a file the same input downloaded runs whatever the server sent, unread."

// codeReason returns r, or for a rule on the code a command runs whose
// holder is known, a copy whose reason says which variable or file held
// the code and where its text came from: "eval runs $x, which holds a
// download (curl https://x/i.sh, line 3): piping or …".
func codeReason(r *Rule, c *parse.Command) *Rule {
	if !codeRules[r.ID] {
		return r
	}
	from := c.CodeFrom()
	if from == "" {
		return r
	}
	cp := *r
	cp.Reason = from + ": " + lowerFirst(r.Reason)
	if r.ID == "remote-code" && strings.Contains(from, ", which holds a download") && !strings.Contains(from, " runs $") {
		// A file the input downloaded and runs: nothing is piped
		// (tensorflow's curl -O …installer.sh; chmod +x; ./installer.sh).
		cp.Reason = from + ": " + remoteFileReason
	}
	return &cp
}
