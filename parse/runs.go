package parse

import (
	"strings"

	"github.com/guardsh/guardsh/programs"
)

// What a program runs is data in package programs: its option grammar
// and its Run entries (programs/table_wrappers.go, table_runners.go). The
// functions here read a command line by them, so that an abbreviation, a
// bundle (sudo -uroot) or --opt=value is understood the same way by parse
// and by the rules.

// words returns the values of ws, for a grammar to read.
func wordValues(ws []Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Value
	}
	return out
}

// readWrapper reads a wrapper's own options by its grammar. A line the
// tool would refuse is read on (programs.Env.Lenient): an older version of
// the tool may accept it, and what it would run must still be checked.
func readWrapper(g *programs.Grammar, args []Word, env []Assign) (parsed, *programs.Parsed, []string) {
	words := wordValues(args)
	pp := g.Parse(words, programs.Env{Lenient: true, PosixlyCorrect: hasAssign(env, "POSIXLY_CORRECT")})
	o := parsed{set: make(map[string]string, len(pp.Opts)), rest: len(args)}
	for _, op := range pp.Opts {
		for _, n := range op.Names {
			if len(n) == 1 {
				o.set["-"+n] = op.Value
			} else {
				o.set["--"+n] = op.Value
			}
		}
		if op.Unknown {
			o.unknown = true
		}
	}
	if len(pp.Operands) > 0 {
		o.rest = pp.Operands[0]
	}
	o.alt = o.rest + 1
	return o, pp, words
}

func hasAssign(env []Assign, name string) bool {
	for _, a := range env {
		if a.Name == name {
			return true
		}
	}
	return false
}

// runByGrammar checks what a wrapper runs by its Run entries: a command
// (sudo CMD…, timeout 5 CMD…), shell text (watch CMD…, flock -c TEXT) or
// nothing (ionice -p PID). An unknown option may have taken a value: the
// command is then also read one word later (fail closed).
func (p *parser) runByGrammar(c *Command, name string, runs []programs.Ran, o parsed, pp *programs.Parsed, args []Word) {
	for _, r := range runs {
		label := name
		if r.Opt != "" {
			label = name + " " + dashed(r.Opt)
		}
		switch r.Kind {
		case programs.RunsArgv:
			env := keptEnv(c, name, o)
			for _, i := range r.Env {
				n, v, _ := strings.Cut(args[i].Value, "=")
				env = append(env, Assign{Name: n, Value: Word{Value: v, Static: args[i].Static, Origin: args[i].Origin, Start: args[i].Start, End: args[i].End}})
			}
			p.inner(c, label, args[r.Word:], env)
			if o.unknown && r.Word+1 < len(args) {
				// The unknown option may have taken a value.
				p.inner(c, label, args[r.Word+1:], env)
			}
		case programs.RunsShell:
			if r.Opt != "" {
				// An option's value: flock -c TEXT, env -S TEXT.
				w := args[r.Word]
				w.Value = r.Value
				if !w.Static {
					p.dynamicProgram(c, label, w)
					p.visiblePayload(c, label, w, c.Line)
					continue
				}
				text := r.Value
				if r.Join && len(pp.Operands) > 0 {
					if more, _ := joinArgs(args[pp.Operands[0]:]); more != "" {
						text += " " + more
					}
				}
				p.payload(label, text, w, c.Line, false)
				continue
			}
			if r.Via != "" {
				label = name + " " + dashed(r.Via)
			}
			cmd := args[r.Word:]
			if !r.Join {
				cmd = cmd[:1]
			}
			text, static := joinArgs(cmd)
			p.codeText(c, label, text, static, cmd)
		}
	}
}

// anyOption reports whether a word looks like an option: without one, no
// option's value can be run (man ls, vim f).
func anyOption(args []Word) bool {
	for _, a := range args {
		if len(a.Value) > 1 && a.Value[0] == '-' {
			return true
		}
	}
	return false
}

// dashed spells an option's name as given on a command line: -c, --pre.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// runOptionValues checks the values of options by which a program runs a
// command (rg --pre CMD, tar --to-command=CMD, man -P CMD), read by the
// program's grammar and Run entries in package programs.
func (p *parser) runOptionValues(c *Command, name string, args []Word) {
	g := programs.Lookup(name)
	if !g.HasOptionRuns() || !anyOption(args) {
		return
	}
	words := wordValues(args)
	pp := g.Parse(words, programs.Env{Lenient: true, PosixlyCorrect: hasAssign(c.Env, "POSIXLY_CORRECT")})
	for _, r := range g.Runs(pp, words) {
		if r.Opt == "" || r.Kind != programs.RunsShell && r.Kind != programs.RunsArgv {
			continue
		}
		w := args[r.Word]
		w.Value = r.Value
		p.runValue(c, name+" "+dashed(r.Opt), "", w)
	}
}

// keptEnv returns the NAME=value prefixes of a wrapper that hands its
// environment on (TMPDIR=/x timeout 5 sh -c 'rm -rf $TMPDIR/y': sh sees
// TMPDIR=/x), less the names env -u unsets; nil for the wrappers that
// reset it (sudo, doas, su, env -i) or run on another host.
func keptEnv(c *Command, name string, o parsed) []Assign {
	if len(c.Env) == 0 {
		return nil
	}
	switch name {
	case "sudo", "doas", "su", "runuser", "run0", "pkexec", "ssh", "setpriv":
		return nil
	case "env":
		if o.has("-i", "--ignore-environment") {
			return nil
		}
	}
	var out []Assign
	for _, a := range c.Env {
		if name == "env" && o.has("-u", "--unset") {
			if v, _ := o.get("-u", "--unset"); v == a.Name {
				continue
			}
		}
		out = append(out, a)
	}
	return out
}
