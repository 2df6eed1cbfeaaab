package rules

import "encoding/json"

// A Tier says what a matching rule does to a command.
type Tier int

const (
	// Dangerous commands run only after a human approves them.
	Dangerous Tier = iota + 1
	// Hardline commands never run: no prompt, allowlist or YOLO lets
	// them through.
	Hardline
)

// String returns "dangerous" or "hardline".
func (t Tier) String() string {
	switch t {
	case Hardline:
		return "hardline"
	case Dangerous:
		return "dangerous"
	}
	return "unknown"
}

// MarshalText encodes the tier as its name.
func (t Tier) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText decodes a tier name.
func (t *Tier) UnmarshalText(b []byte) error {
	switch string(b) {
	case "hardline":
		*t = Hardline
	case "dangerous":
		*t = Dangerous
	default:
		return &json.UnsupportedValueError{Str: string(b)}
	}
	return nil
}

// A Finding is one rule that matched one command.
type Finding struct {
	Rule   string `json:"rule"`
	Tier   Tier   `json:"tier"`
	Title  string `json:"title"`
	Reason string `json:"reason"`
	Text   string `json:"text"`
	Start  int    `json:"start"`
	End    int    `json:"end"`
	Line   int    `json:"line,omitempty"`
	// Col is, for a finding in a file, the column (1-based, in
	// characters) of its start on Line; 0 when not known.
	Col     int      `json:"col,omitempty"`
	Via     []string `json:"via"`
	Suggest string   `json:"suggest,omitempty"`
	Source  string   `json:"source"`
	// NeverPermanent is set when the finding may be approved once or for a
	// session, but never "always" (exfiltration, tampering, tirith).
	NeverPermanent bool `json:"never_permanent,omitempty"`
	// Covers lists the rules that also matched the command and that this
	// finding's rule makes redundant (a pack entry refining a generic rule,
	// such as kubernetes-delete over cloud-destroy): what the system policy
	// says of those rules (hardline) holds for this finding too.
	Covers []string `json:"-"`
	// Facts name what the finding reports, for folding a second rule's
	// finding of the same fact into it (dupes.go): "run:START-END:FILE"
	// and the like. Not part of the output.
	Facts []string `json:"-"`
	// Folded are the rules whose findings of the same fact were folded
	// into this one (dupes.go): a session approval of this finding's rule
	// does not cover a folded never-permanent rule (approve/folded.go).
	// Not part of the output.
	Folded []string `json:"-"`
}

// Is reports whether the finding is rule id's, or covers it.
func (f *Finding) Is(id string) bool {
	if f.Rule == id {
		return true
	}
	for _, c := range f.Covers {
		if c == id {
			return true
		}
	}
	return false
}
