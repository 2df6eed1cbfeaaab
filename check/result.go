// Package check runs the whole detection pipeline — normalize, parse, rules,
// and optionally tirith — over a command line or a script, and returns a
// verdict. Every front end calls it.
package check

import "github.com/guardsh/guardsh/rules"

// A Verdict is the outcome of checking one input.
type Verdict string

// Verdicts, from mildest to worst.
const (
	Allow Verdict = "allow" // nothing dangerous found
	Ask   Verdict = "ask"   // a dangerous rule matched: a human decides
	Block Verdict = "block" // a hardline rule matched: never runs
)

// ExitCode returns the exit code of `guardsh check` for the verdict: 0 allow,
// 1 block, 2 ask.
func (v Verdict) ExitCode() int {
	switch v {
	case Block:
		return 1
	case Ask:
		return 2
	}
	return 0
}

// Worse returns the stricter of two verdicts.
func Worse(a, b Verdict) Verdict {
	if rank(b) > rank(a) {
		return b
	}
	return a
}

func rank(v Verdict) int {
	switch v {
	case Block:
		return 2
	case Ask:
		return 1
	}
	return 0
}

// TirithInfo says whether and how tirith took part in a check.
type TirithInfo struct {
	Ran    bool    `json:"ran"`
	Action string  `json:"action,omitempty"` // allow, warn, block
	MS     float64 `json:"ms"`
	Error  string  `json:"error,omitempty"` // why it failed, when it did
}

// A Result is the verdict on one command line or script, with its findings.
// It is the JSON object of `guardsh check --format json`.
type Result struct {
	Command string `json:"command"`
	File    string `json:"file,omitempty"`
	// Line is the first line of the command in File, for snippets of
	// Dockerfiles and workflows.
	Line     int             `json:"line,omitempty"`
	Verdict  Verdict         `json:"verdict"`
	Findings []rules.Finding `json:"findings"`
	Tirith   *TirithInfo     `json:"tirith"`
	// Incomplete is set when the input ends inside an open construct, so
	// an interactive shell should ask for the rest of the line.
	Incomplete bool `json:"incomplete,omitempty"`
	// Error is set for a batch line that could not be read.
	Error string `json:"error,omitempty"`
}
