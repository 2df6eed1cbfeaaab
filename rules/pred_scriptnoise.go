package rules

import (
	"slices"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// histPushedRule decides history-tamper for the commands parse marks for
// zsh's fc -p (parse/histpush.go): a local declaration of a history
// variable after the push reports (the scope's exit puts the pushed value
// over the user's), and a change of a history variable while the script's
// own pushed list is in force does not (it changes that list only; the pop
// restores the user's). ok is false for every other command.
func histPushedRule(c *parse.Command) (match, ok bool) {
	switch {
	case c.HistLocal, c.HistPushOut:
		return true, true
	case c.HistPushed:
		return false, true
	}
	return false, false
}

// histReason says why a local declaration of a history variable reports.
func histReason(r *Rule, c *parse.Command) *Rule {
	if r.ID != "history-tamper" || !c.HistLocal && !c.HistPushOut {
		return r
	}
	cp := *r
	if c.HistPushOut && c.Name() == "fc" && !slices.ContainsFunc(c.Args[1:], func(w parse.Word) bool { return strings.HasPrefix(w.Value, "-") && strings.Contains(w.Value, "p") }) {
		cp.Reason = "fc -W while a history list pushed with fc -p is in force writes that list over the history file it names, the user's: " + lowerFirst(r.Reason)
		return &cp
	}
	if c.HistPushOut {
		cp.Reason = "fc -p starts a new history list: what runs after it is not saved to the user's history until fc -P pops it (fc -p -a inside a function pops at its end): " + lowerFirst(r.Reason)
		return &cp
	}
	cp.Reason = "A local history variable declared after fc -p: when the function returns, zsh pops the history list and then puts back the local's saved value, the pushed one, over the user's (their HISTSIZE, HISTFILE or SAVEHIST; declare it before fc -p): " + lowerFirst(r.Reason)
	return &cp
}

// histVarOff reports a declaration that switches history off: HISTSIZE=0
// or HISTFILESIZE=0 (bash and zsh cut the list, and bash the file, at the
// assignment; a local's restore at return brings nothing back: bash 5 in a
// pty, f() { local HISTSIZE=0; }; f kept only what was typed after it),
// and for a global one HISTFILE=/dev/null or empty too (a local HISTFILE
// is restored before the history is written).
func histVarOff(decl string, words []string) bool {
	local := decl == "local" || decl == "private" || decl == "integer"
	for _, s := range words {
		switch s {
		case "HISTSIZE=0", "HISTFILESIZE=0":
			return true
		case "HISTFILE=/dev/null", "HISTFILE=":
			if !local {
				return true
			}
		}
	}
	return false
}
