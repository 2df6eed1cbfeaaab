package rules

import (
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// Match runs the table over an analysed input and returns its findings, worst
// first within each command, without duplicates. Dangerous rules named in
// disabled are skipped; hardline rules cannot be disabled.
func Match(res *parse.Result, disabled map[string]bool) []Finding {
	index()
	m := matcher{res: res, disabled: disabled, seen: map[[3]any]bool{}}
	var maint *maintCtx
	if res.Package != nil {
		maint = newMaintCtx(res) // a package's maintainer script: see maint.go
	}
	for _, r := range inputs {
		if m.off(r) {
			continue
		}
		for _, h := range r.input(res) {
			if !m.add(r, h.start, h.end, nil, 0, false) {
				continue
			}
			f := &m.out[len(m.out)-1]
			if h.detail != "" {
				f.Reason += " (" + h.detail + ")"
			}
			f.Facts = h.facts // dupes.go
		}
	}
	var hits []*Rule
	// plain are the rules that matched a command as written: a command
	// found only in the folded copy reports the others (rm -rf /tmp/cаche
	// is an rm -rf either way; rм -rf ~ is a look-alike).
	var plain map[string]bool
	for _, c := range res.Commands {
		c = moduleCommand(c)
		hits, m.offHits = hits[:0], m.offHits[:0]
		if len(c.Args) > 1 && exempt(c) {
			continue
		}
		sim := len(c.Args) > 1 && simulates(c)
		refused := refuses(c)
		if !refused {
			// (A program that refuses this argv, for an ambiguous
			// abbreviation, runs nothing: its own rules have nothing
			// to see.) The table's rules of the program come before
			// the packs' rules, then the table's later ones.
			rs := rulesNamed(c.Name())
			k := 0
			for k < len(rs) && !rs[k].late {
				k++
			}
			for _, r := range rs[:k] {
				if m.try(r, c) {
					hits = append(hits, r)
				}
			}
			for _, r := range packRulesOf(c.Name()) {
				if m.try(r, c) {
					hits = append(hits, r)
				}
			}
			for _, r := range rs[k:] {
				if m.try(r, c) {
					hits = append(hits, r)
				}
			}
		}
		for _, r := range generic {
			if m.try(r, c) {
				hits = append(hits, r)
			}
		}
		if c.CodeSource == "network" && len(hits) > 0 {
			hits = checkedRunHits(hits, c, res) // a download checked before it runs: see pred_verify.go
		}
		if res.Image && len(hits) > 0 {
			hits = imageHits(hits, c, res) // a RUN step: see image.go
		}
		if res.Runner && len(hits) > 0 {
			hits = runnerHits(hits, c, res.Persist) // a CI job's throwaway machine: see runner.go
		}
		if maint != nil && len(hits) > 0 {
			hits = maintHits(hits, c, maint)
		}
		if c.Restores && len(hits) > 0 {
			hits = restoreHits(hits, c) // restore.go
		}
		for _, r := range hits {
			if c.Folded && plain[r.ID] {
				continue
			}
			if !c.Folded {
				if plain == nil {
					plain = map[string]bool{}
				}
				plain[r.ID] = true
			}
			if !c.Folded && m.coversOff(r) {
				// A pack entry refining a rule the user switched off
				// (or taking over its commands) is off with it.
				continue
			}
			if redundant(r, hits) || (c.Guessed || c.Implied || sim || c.IfEmpty != "") && r.Tier != Hardline {
				// A guessed command is reported only for what would
				// be hardline.
				continue
			}
			if r.Tier == Hardline && (c.Deferred || c.Contained || c.Guessed || c.IfEmpty != "" || res.Image && imageSoftens(r, c) || res.Runner && runnerSoftens(r, c, res.Persist)) {
				m.addSoft(r, c)
				continue
			}
			if c.Repeat != nil && m.foldRepeat(r, c) {
				continue // repeat.go
			}
			if m.add(histReason(codeReason(r, c), c), c.Start, c.End, c.Via, c.Line, c.Folded) {
				f := &m.out[len(m.out)-1]
				f.Covers = covered(r, hits)
				f.Facts = factsOf(r, c, res) // dupes.go
			}
		}
	}
	m.noteRepeats()
	m.foldReplaced() // pred_owntemp.go
	return m.out
}

// covered returns the ids of the matching rules r makes redundant (a pack
// entry refining a generic rule), or nil.
func covered(r *Rule, hits []*Rule) []string {
	var out []string
	out = append(out, r.formerly...) // the rules that reported these commands before
	for _, h := range hits {
		if h != r && contains(r.over, h.ID) {
			out = append(out, h.ID)
		}
	}
	return out
}

// addSoft reports a hardline rule as dangerous, for a command stored to run
// later or run inside a container: approvable, but never permanently.
func (m *matcher) addSoft(r *Rule, c *parse.Command) {
	soft := *r
	soft.Tier = Dangerous
	soft.NeverPermanent = true
	switch {
	case c.Contained:
		soft.Reason = "Inside a container: " + lowerFirst(r.Reason)
	case m.res.Image && !c.Deferred && !c.Guessed && c.IfEmpty == "":
		soft.Reason = imageSoftReason + lowerFirst(r.Reason)
	case m.res.Runner && !c.Deferred && !c.Guessed && c.IfEmpty == "":
		soft.Reason = runnerSoftReason + lowerFirst(r.Reason)
	case c.Guessed:
		soft.Reason = "If this program runs its arguments as a command: " + lowerFirst(r.Reason)
	case c.IfEmpty != "" && c.IfEmptyFirst:
		soft.Reason = "$" + c.IfEmpty + " is empty until it is assigned, and this runs before that if the script exits, fails or is signalled first: " + lowerFirst(r.Reason) +
			" (set the trap after the assignment)"
	case c.IfEmpty != "":
		soft.Reason = "If the mktemp that sets $" + c.IfEmpty + " fails, it is empty and the failure does not stop the script: " + lowerFirst(r.Reason) +
			" (stop on failure: " + c.IfEmpty + "=$(mktemp -d) || exit)"
	default:
		soft.Reason = "Stored to run later: " + lowerFirst(r.Reason)
	}
	m.add(&soft, c.Start, c.End, c.Via, c.Line, c.Folded)
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// redundant reports whether another matching rule makes r redundant.
func redundant(r *Rule, hits []*Rule) bool {
	for _, h := range hits {
		if h != r && contains(h.over, r.ID) {
			return true
		}
	}
	return false
}

type matcher struct {
	res      *parse.Result
	disabled map[string]bool
	// offHits are the switched-off rules that matched the current
	// command: what a pack entry covers, it is off with.
	offHits []string
	seen    map[[3]any]bool
	out     []Finding
	// repeats counts, by index in out, the repeated writes folded into
	// a finding (repeat.go).
	repeats map[int]*repeatNote
}

func (m *matcher) off(r *Rule) bool {
	return r.Tier == Dangerous && m.disabled[r.ID]
}

func (m *matcher) try(r *Rule, c *parse.Command) bool {
	if m.off(r) && !c.Folded {
		if r.cmd(c) {
			m.offHits = append(m.offHits, r.ID)
		}
		return false
	}
	return r.cmd(c)
}

// coversOff reports whether dangerous rule r (a pack entry) took over the
// commands of a rule the user switched off (its formerly list) or refines
// one that matched the command: disable = ["cloud-destroy"] keeps
// terraform destroy and kubectl delete ns quiet after the packs took them.
func (m *matcher) coversOff(r *Rule) bool {
	if r.Tier != Dangerous || len(m.disabled) == 0 {
		return false
	}
	for _, id := range r.formerly {
		if m.disabled[id] {
			return true
		}
	}
	for _, id := range m.offHits {
		if contains(r.over, id) {
			return true
		}
	}
	return false
}

// add records a finding and reports whether it was new.
func (m *matcher) add(r *Rule, start, end int, via []string, line int, folded bool) bool {
	id, tier, title, reason := r.ID, r.Tier, r.Title, r.Reason
	if folded {
		lk := lookalike
		id, tier, title = lk.ID, lk.Tier, lk.Title
		reason = lk.Reason + " It reads as: " + r.Title + "."
		if m.disabled[id] {
			return false
		}
	}
	// One finding of a rule (and tier) per start: a file made executable
	// (or downloaded) and then run several times is one finding, reported
	// up to its first run, not one per run (bun's installer: four).
	key := [3]any{id, start, tier}
	if m.seen[key] {
		return false
	}
	m.seen[key] = true
	start = max(0, min(start, len(m.res.Input)))
	end = max(start, min(end, len(m.res.Input)))
	if via == nil {
		via = []string{}
	}
	f := Finding{Rule: id, Tier: tier, Title: title, Reason: reason, Text: m.res.Input[start:end],
		Start: start, End: end, Line: line, Via: via, Suggest: r.Suggest, Source: "guardsh",
		NeverPermanent: r.NeverPermanent}
	if folded {
		f.Suggest = ""
	}
	m.out = append(m.out, f)
	return true
}

// A hit is a match of an input rule: a span and what was found there.
type hit struct {
	start, end int
	detail     string
	facts      []string // what it reports, for dupes.go
}

// issueRule returns an input matcher for issues of the given kinds.
func issueRule(kinds ...string) func(r *parse.Result) []hit {
	return func(r *parse.Result) []hit {
		var out []hit
		for _, is := range r.Issues {
			for _, k := range kinds {
				if is.Kind == k {
					out = append(out, hit{start: is.Start, end: is.End, detail: is.Detail})
				}
			}
		}
		return out
	}
}
