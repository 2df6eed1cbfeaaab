// Package rules holds guardsh's rule table and matches it against the
// commands found by package parse.
package rules

// A Rule is one entry of the table.
type Rule struct {
	ID      string
	Tier    Tier
	Title   string
	Reason  string
	Suggest string
	// NeverPermanent rules may be approved once or for a session, never
	// always.
	NeverPermanent bool
	// Match and NoMatch are command lines the rule must and must not
	// match; the tests run them.
	Match, NoMatch []string
}

var table []*Rule

// All returns every rule, in table order.
func All() []*Rule { return table }

// Lookup returns the rule with the given id.
func Lookup(id string) (*Rule, bool) {
	for _, r := range table {
		if r.ID == id {
			return r, true
		}
	}
	return nil, false
}
