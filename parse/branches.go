package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxAlts bounds the other values one variable may have from branches, and
// the alternative readings of one command.
const maxAlts = 4

// A branchSet records the static values of variables around conditional
// code (if, case, && and ||), so that a variable assigned on one branch
// keeps the values it has on the others: sh_c='sh -c'; if dry; then
// sh_c=echo; fi; $sh_c "curl … | bash" runs curl | bash when not dry.
type branchSet struct {
	before map[string]string
	seen   map[string][]string
	// exhaustive is set by the caller when one of the branches always
	// runs (if … else, a case with a * pattern); && and || are not.
	exhaustive bool
	// nonEmpty are the variables a test proves not empty on the path
	// that runs no branch ([ -z "$X" ] && X=d, [ -n "$X" ] || X=d).
	nonEmpty map[string]bool
}

// skipNonEmpty notes the variable that cond proves not empty when it has
// the outcome that skips the branch (skipOn: true for ||, false for && and
// if).
func (b *branchSet) skipNonEmpty(cond []*syntax.Stmt, skipOn bool) {
	name, nonEmpty := condTest(cond)
	if name == "" || nonEmpty != skipOn {
		return
	}
	if b.nonEmpty == nil {
		b.nonEmpty = map[string]bool{}
	}
	b.nonEmpty[name] = true
}

func (p *parser) branchStart() *branchSet {
	b := &branchSet{}
	if len(p.vars.val) > 0 {
		b.before = make(map[string]string, len(p.vars.val))
		for k, v := range p.vars.val {
			b.before[k] = v
		}
	}
	p.vars.branch++
	return b
}

// branchEnd is called at the end of each branch: the values variables have
// there are possible after the whole conditional.
func (p *parser) branchEnd(b *branchSet) {
	for k, v := range p.vars.val {
		if old, ok := b.before[k]; ok && old != v || !ok {
			if b.seen == nil {
				b.seen = map[string][]string{}
			}
			b.seen[k] = appendUnique(b.seen[k], v)
		}
	}
}

// branchDone gives each variable that a branch changed its other values.
func (p *parser) branchDone(b *branchSet) {
	p.vars.branch = max(0, p.vars.branch-1)
	if p.vars.branch == 0 {
		defer func() { p.vars.wasDyn, p.vars.wasFrom = nil, nil }()
	}
	for k, vals := range b.seen {
		now, ok := p.vars.val[k]
		if !ok {
			continue
		}
		if _, had := b.before[k]; !had && !b.exhaustive && k != "PWD" && k != "OLDPWD" {
			// (PWD and OLDPWD are the walk's: a cd sets them.)
			// c && D=/tmp/x: where c fails, D is what it was before.
			if origin, dyn := p.vars.wasDyn[k]; dyn {
				// D=$(curl …); c && D=ls: still the download too.
				p.vars.setDynamicFrom(k, origin)
				p.vars.setFrom(k, p.vars.wasFrom[k])
				for _, v := range vals {
					p.vars.addAlt(k, v)
				}
				continue
			}
			if b.nonEmpty[k] {
				// [ -z "$D" ] && D=/tmp/x: where D was set, it is
				// whatever the environment gave (an earlier
				// export D=/home).
				p.vars.setDynamic(k)
				p.vars.addAlt(k, now)
				for _, v := range vals {
					p.vars.addAlt(k, v)
				}
				continue
			}
			// Not set at all: rm -rf "$D"/* is rm -rf /* then.
			p.vars.addAlt(k, "")
		}
		if old, had := b.before[k]; had {
			vals = append([]string{old}, vals...)
		}
		for _, v := range vals {
			if v != now {
				p.vars.addAlt(k, v)
			}
		}
	}
	// A variable a branch made dynamic keeps the static values it had
	// before and on the other branches: S=/etc/x; case $o in f)
	// S=$OPTARG;; esac; cat > $S writes /etc/x unless -f is given.
	for k, old := range b.before {
		if _, dyn := p.vars.dyn[k]; !dyn {
			continue
		}
		p.vars.addAlt(k, old)
		for _, v := range b.seen[k] {
			p.vars.addAlt(k, v)
		}
	}
}

func appendUnique(list []string, v string) []string {
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}

func (v *vars) addAlt(name, value string) {
	if v.alts == nil {
		v.alts = map[string][]string{}
	}
	if len(v.alts[name]) < maxAlts {
		v.alts[name] = appendUnique(v.alts[name], value)
	}
}

// altNames returns the variables with other values from branches that the
// words read.
func (p *parser) altNames(words []*syntax.Word) []string {
	if len(p.vars.alts) == 0 {
		return nil
	}
	var names []string
	for _, w := range words {
		syntax.Walk(w, func(n syntax.Node) bool {
			if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil {
				if _, ok := p.vars.alts[pe.Param.Value]; ok {
					names = appendUnique(names, pe.Param.Value)
				}
			}
			return true
		})
	}
	return names
}

// altCommands adds the command read with each other value of the
// variables it uses, as a separate command: every value is checked.
func (p *parser) altCommands(cmd *Command, ce *syntax.CallExpr, rs []*syntax.Redirect) {
	words := ce.Args
	for _, r := range rs {
		if r.Word != nil {
			words = append(words[:len(words):len(words)], r.Word)
		}
	}
	names := p.altNames(words)
	n := 0
	for _, name := range names {
		cur, ok := p.vars.val[name]
		origin, dyn := p.vars.dyn[name]
		if !ok && !dyn {
			continue
		}
		for _, alt := range p.vars.alts[name] {
			if cmds, _ := p.limits(); n >= maxAlts || len(p.res.Commands) >= cmds {
				return
			}
			if !ok && alt == "" && !p.maybeEmpty[name] {
				// X=""; case … x) X=$OPTARG;; esac: the empty start
				// value is "not given", not a path.
				continue
			}
			n++
			p.vars.val[name] = alt
			delete(p.vars.dyn, name)
			var args []Word
			for _, w := range ce.Args {
				args = append(args, p.fields(w)...)
			}
			redirs := p.altRedirs(cmd.Redirs, rs)
			if ok {
				p.vars.val[name] = cur
			} else {
				delete(p.vars.val, name)
				p.vars.dyn[name] = origin
			}
			ac := *cmd
			ac.Args, ac.Redirs = args, redirs
			if alt == "" && p.maybeEmpty[name] {
				ac.IfEmpty, ac.IfEmptyFirst = name, p.emptyFirst[name]
			}
			p.addReading(&ac)
		}
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
	if _, dyn := p.vars.dyn[name]; !dyn || !hasDefault(w.Parts) {
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
			if _, known := p.vars.val[name]; known || positional(name) {
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
