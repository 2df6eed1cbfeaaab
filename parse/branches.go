package parse

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxAlts bounds the other values one variable may have from branches, and
// the readings of one command with one variable's other values (see
// altCombos for those with several).
const maxAlts = 4

func appendUnique(list []string, v string) []string {
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}

func (v *vars) addAlt(name, value string) {
	if len(v.alts.at(name)) < maxAlts {
		v.alts.set(name, appendUnique(slices.Clip(v.alts.at(name)), value)) // a copy's slice may share the array
	}
}

// altNames returns the variables with other values from branches that the
// words read.
func (p *parser) altNames(words []*syntax.Word) []string {
	if p.vars.alts.len() == 0 {
		return nil
	}
	var names []string
	for _, w := range words {
		syntax.Walk(w, func(n syntax.Node) bool {
			if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil {
				if _, ok := p.vars.alts.get(pe.Param.Value); ok {
					names = appendUnique(names, pe.Param.Value)
				}
			}
			return true
		})
	}
	return names
}

// altCommands adds the command read with other values of the variables
// it uses, as separate commands: each value of one variable alone (at most
// maxAlts), then values of several variables together, which only go
// together ($action rm -f "$statedir/x" deletes /var/lib/ucf/x with action
// empty and statedir its default), up to maxReadings in all (see
// altCombos).
func (p *parser) altCommands(cmd *Command, ce *syntax.CallExpr, rs []*syntax.Redirect) {
	words := ce.Args
	for _, r := range rs {
		if r.Word != nil {
			words = append(words[:len(words):len(words)], r.Word)
		}
	}
	names := p.altNames(words)
	lead := leadingBare(ce.Args)
	var choices []altChoice
	for _, name := range names {
		_, ok := p.vars.val.get(name)
		_, dyn := p.vars.dyn.get(name)
		if !ok && !dyn {
			continue
		}
		c := altChoice{name: name}
		for _, alt := range p.vars.alts.at(name) {
			if !ok && alt == "" && !p.maybeEmpty[name] && !lead[name] {
				// X=""; case … x) X=$OPTARG;; esac: the empty start
				// value is "not given", not a path. (Not for $X as
				// the command word: empty, the next word runs.)
				continue
			}
			c.vals = append(c.vals, alt)
		}
		if len(c.vals) > 0 {
			choices = append(choices, c)
		}
	}
	if len(choices) == 0 {
		return
	}
	for _, combo := range altCombos(choices) {
		if cmds, _ := p.limits(); len(p.res.Commands) >= cmds {
			return
		}
		type saved struct {
			val, origin string
			ok, dyn     bool
		}
		keep := make([]saved, len(choices))
		ifEmpty := ""
		for i, k := range combo {
			if k < 0 {
				continue
			}
			name, alt := choices[i].name, choices[i].vals[k]
			cur, ok := p.vars.val.get(name)
			origin, dyn := p.vars.dyn.get(name)
			keep[i] = saved{cur, origin, ok, dyn}
			p.vars.val.set(name, alt)
			p.vars.dyn.del(name)
			if alt == "" && p.maybeEmpty[name] && ifEmpty == "" {
				ifEmpty = name
			}
		}
		var args []Word
		for _, w := range ce.Args {
			args = append(args, p.fields(w)...)
		}
		redirs := p.altRedirs(cmd.Redirs, rs)
		for i, k := range combo {
			if k < 0 {
				continue
			}
			name, s := choices[i].name, keep[i]
			if s.ok {
				p.vars.val.set(name, s.val)
			} else {
				p.vars.val.del(name)
			}
			if s.dyn {
				p.vars.dyn.set(name, s.origin)
			}
		}
		ac := *cmd
		ac.Args, ac.Redirs = args, redirs
		if ifEmpty != "" {
			ac.IfEmpty, ac.IfEmptyFirst = ifEmpty, p.emptyFirst[ifEmpty]
		}
		p.addReading(&ac)
	}
}

// altRedirs returns the redirections with their targets read again, with
// the variables' values of the moment: > $S writes where S points.
func (p *parser) altRedirs(have []Redirect, rs []*syntax.Redirect) []Redirect {
	if len(have) != len(rs) {
		return have
	}
	out := append([]Redirect(nil), have...)
	for i, r := range rs {
		if r.Word != nil {
			out[i].Target = p.literal(r.Word)
		}
	}
	return out
}

// defaultAlt records, for an assignment whose value reads an unknown
// variable with a default (CONF=${CONF:-/etc/x.conf}), the value it has
// when that variable is unset, as another value of the assigned variable:
// the default is what the script uses unless its environment says
// otherwise, so > "$CONF" is checked as > /etc/x.conf too.
func (p *parser) defaultAlt(name string, w *syntax.Word) {
	if w == nil {
		return
	}
	if _, dyn := p.vars.dyn.get(name); !dyn || !hasDefault(w.Parts) {
		return
	}
	names := p.defaultNames(w)
	if len(names) == 0 {
		return
	}
	r := newResolver(p.vars)
	r.unset, r.noSplit = names, true
	lit := *w
	fields, err := r.fields(&lit)
	if err != nil {
		return
	}
	// The resolver reads the unset names as unknown: what is left must be
	// known text (${X:-$OTHER/x} keeps ${OTHER} and is not a value).
	if v := strings.Join(fields, " "); v != "" && !strings.Contains(v, "${") && !strings.Contains(v, "$(") {
		p.vars.addAlt(name, v)
	}
}

// assignDefaults follows ${X:=default} in a command's words (the idiom
// : "${CONF:=/etc/x.conf}"): X, unknown before, is the default unless the
// environment set it, so it becomes dynamic with the default as another
// value.
//
// Only expansions of the word itself count, also inside double quotes: one
// in $( … ) assigns in a subshell.
func (p *parser) assignDefaults(words []*syntax.Word) {
	for _, w := range words {
		p.assignDefaultParts(w.Parts)
	}
}

func (p *parser) assignDefaultParts(parts []syntax.WordPart) {
	for _, part := range parts {
		switch x := part.(type) {
		case *syntax.DblQuoted:
			p.assignDefaultParts(x.Parts)
		case *syntax.ParamExp:
			if x.Exp == nil || x.Param == nil || x.Exp.Word == nil || x.Exp.Op != syntax.AssignUnset && x.Exp.Op != syntax.AssignUnsetOrNull {
				continue
			}
			name := x.Param.Value
			if _, known := p.vars.val.get(name); known || positional(name) {
				continue
			}
			d := p.literal(x.Exp.Word)
			p.vars.setDynamic(name)
			if d.Static && d.Value != "" {
				p.vars.addAlt(name, d.Value)
			}
		}
	}
}

// hasDefault reports whether a word's own parts (also inside double
// quotes) hold a ${x:-…}-style expansion: a cheap test before the walk of
// defaultNames.
func hasDefault(parts []syntax.WordPart) bool {
	for _, part := range parts {
		switch x := part.(type) {
		case *syntax.DblQuoted:
			if hasDefault(x.Parts) {
				return true
			}
		case *syntax.ParamExp:
			if x.Exp != nil {
				return true
			}
		}
	}
	return false
}

// defaultRedirs adds the command read with the unknown variables of its
// redirections' defaults unset (> "${CONF:-/etc/x.conf}" writes
// /etc/x.conf unless CONF is set), as a separate command.
func (p *parser) defaultRedirs(cmd *Command, rs []*syntax.Redirect) {
	if len(cmd.Redirs) != len(rs) || len(p.res.Commands) >= maxCommands {
		return
	}
	var out []Redirect
	for i, r := range rs {
		if r.Word == nil || !hasDefault(r.Word.Parts) {
			continue
		}
		names := p.defaultNames(r.Word)
		if len(names) == 0 {
			continue
		}
		rr := newResolver(p.vars)
		rr.unset, rr.noSplit = names, true
		lit := *r.Word
		fields, err := rr.fields(&lit)
		if err != nil {
			continue
		}
		v := strings.Join(fields, " ")
		if v == "" || v == cmd.Redirs[i].Target.Value || strings.Contains(v, "${") || strings.Contains(v, "$(") {
			continue
		}
		if out == nil {
			out = append([]Redirect(nil), cmd.Redirs...)
		}
		out[i].Target = Word{Value: v, Static: true, Origin: "dynamic", Start: cmd.Redirs[i].Target.Start, End: cmd.Redirs[i].Target.End}
	}
	if out == nil {
		return
	}
	ac := *cmd
	ac.Redirs = out
	p.addReading(&ac)
}

// addReading adds ac, a copy of a command read another way (other values
// of its variables, an empty word, a default unset), as a command of its
// own, and follows what it runs.
func (p *parser) addReading(ac *Command) {
	ac.Inner, ac.Wrapper = nil, false
	p.add(ac)
	p.unwrap(ac)
}
