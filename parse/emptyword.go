package parse

import "mvdan.cc/sh/v3/syntax"

// emptyWords adds, for a command whose arguments after the first include a
// bare unquoted $NAME (or ${NAME}) the walk knows no value for, the same
// command read with those words gone: an unquoted variable that is unset
// or empty expands to no field at all, and unset is what such a variable
// most often is. git $opts reset --hard is git reset --hard then, and
// systemctl $args restart UNIT a restart; read with an unknown word in the
// subcommand's place they matched nothing. Only one such reading is added
// per command, and never for the last word (rm -rf $dir is then rm -rf).
func (p *parser) emptyWords(cmd *Command, ce *syntax.CallExpr) {
	if len(ce.Args) < 3 {
		return
	}
	// Only a word with another after it: the last one gone changes
	// nothing a rule reads (rm -rf $dir is then rm -rf).
	last := len(ce.Args) - 1
	drop := -1
	for i := 1; i < last; i++ {
		if p.unknownBare(ce.Args[i]) {
			drop = i
			break
		}
	}
	if drop < 0 {
		return
	}
	if cmds, _ := p.limits(); len(p.res.Commands) >= cmds {
		return
	}
	var args []Word
	for i, w := range ce.Args {
		if i > 0 && i < last && p.unknownBare(w) {
			continue
		}
		args = append(args, p.fields(w)...)
	}
	if len(args) == 0 || len(args) == len(cmd.Args) {
		return
	}
	ac := *cmd
	ac.Args = args
	p.addReading(&ac)
}

// unknownBare reports whether w is an unquoted $NAME or ${NAME} alone,
// with no operator, whose variable has no static value on the walk: it
// may expand to nothing.
func (p *parser) unknownBare(w *syntax.Word) bool {
	if len(w.Parts) != 1 {
		return false
	}
	pe, ok := w.Parts[0].(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Exp != nil || pe.Repl != nil || pe.Slice != nil || pe.Index != nil || pe.Length || pe.Excl || pe.Width || pe.Names != 0 {
		return false
	}
	name := pe.Param.Value
	if name == "" || name[0] >= '0' && name[0] <= '9' || name == "@" || name == "*" || name == "#" || name == "$" || name == "?" {
		return false
	}
	if _, known := p.vars.val.get(name); known {
		return false
	}
	if _, list := p.vars.list.get(name); list {
		return false
	}
	return true
}
