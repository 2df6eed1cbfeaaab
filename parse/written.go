package parse

import "strings"

// Files a script writes and deletes (issue 12, pg_virtualenv and zsh's
// zkbd):
//
//	print 'typeset -g -A key' > $zkbd/$TERM.tmp
//	trap 'command rm -f $zkbd/$TERM.tmp' 0
//
// A write with > (not >>) to a path already destroys what the path held;
// the write is judged by the rules on writes (system configuration,
// credentials …). A delete without -r of a path written exactly as the
// target of such a write somewhere in the same script file removes no
// more than that write may: the operand is the script's own file
// (Word.Written), whichever comes first, in whatever function or trap.
// The text must be the same, unknown parts included ($v, ${ZDOTDIR}): the
// write was accepted for whatever they hold. A path that is not absolute
// must also be in the same directory (the same known one, or both where
// the script starts). Only script files (Options.File): at a
// prompt, a delete of an absolute path stays a question.

// noteWritten marks the rm operands the input also writes with >.
func noteWritten(cmds []*Command) {
	var targets map[string][]*Command
	for _, c := range cmds {
		for _, r := range c.Redirs {
			switch r.Op {
			case ">", ">|", "&>":
			default:
				continue
			}
			v := r.Target.Value
			if v == "" || r.Target.glob || strings.HasPrefix(v, "/dev/") || strings.HasPrefix(v, "/proc/") {
				continue
			}
			if targets == nil {
				targets = map[string][]*Command{}
			}
			targets[braced(v)] = append(targets[braced(v)], c)
		}
		for _, v := range downloadTargets(c) { // dupes7.go
			if targets == nil {
				targets = map[string][]*Command{}
			}
			targets[braced(v)] = append(targets[braced(v)], c)
		}
	}
	if targets == nil {
		return
	}
	for _, c := range cmds {
		if c.Name() != "rm" || rmRecursive(c) {
			continue
		}
		for i := range c.Args[1:] {
			w := &c.Args[1+i]
			if w.glob || strings.HasPrefix(w.Value, "-") {
				continue
			}
			for _, wc := range targets[braced(w.Value)] {
				if absolutePath(w.Value) || wc.Dir == c.Dir && wc.Moved == c.Moved && !wc.DirUnsure && !c.DirUnsure {
					w.Written = true
					break
				}
			}
		}
	}
}

// rmRecursive reports an rm with -r, -R or --recursive (also abbreviated).
func rmRecursive(c *Command) bool {
	for _, w := range c.Args[1:] {
		v := w.Value
		if v == "--" {
			return false
		}
		if strings.HasPrefix(v, "--") {
			if len(v) > 3 && strings.HasPrefix("--recursive", v) {
				return true
			}
			continue
		}
		if strings.HasPrefix(v, "-") && strings.ContainsAny(v, "rR") {
			return true
		}
		if !w.Static && strings.HasPrefix(v, "$") && !strings.ContainsAny(v, "/.") {
			return true // an unknown word ($opt) may be -r
		}
	}
	return false
}

// absolutePath reports a path that does not depend on the working
// directory: absolute, or under ~.
func absolutePath(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~")
}

// braced writes every $NAME of a dynamic path as ${NAME}, as a payload
// parsed on its own spells it, so that the two spellings compare equal.
func braced(p string) string {
	if !strings.Contains(p, "$") {
		return p
	}
	var sb strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] != '$' || i+1 >= len(p) || !isNameStart(p[i+1]) {
			sb.WriteByte(p[i])
			continue
		}
		j := i + 1
		for j < len(p) && isNameByte(p[j]) {
			j++
		}
		sb.WriteString("${" + p[i+1:j] + "}")
		i = j - 1
	}
	return sb.String()
}
