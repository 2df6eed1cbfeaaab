package parse

import "strings"

// idiomStage reports a pipeline stage that prints shell code for an rc
// file, as source <(X completion bash) is read (idiomArgs): a program with
// static arguments that include an idiom word, such as fish's
// X completion fish | source.
func idiomStage(c *Command) bool {
	if c == nil || len(c.Args) < 2 || c.StdinFrom != nil || networkTools()[c.Name()] {
		return false
	}
	found := false
	for _, a := range c.Args {
		if !a.Static {
			return false
		}
		found = found || idiomWords()[a.Value]
	}
	return found
}

// ptySession reads the command a terminal-session program runs on a
// pseudo-terminal of its own: dtach -A|-c|-n|-N SOCKET [-e C] [-r M] [-E]
// [-z] CMD…, abduco [-a|-A|-c|-n] [-e KEY] [-f] [-l] [-p] [-r] NAME CMD…,
// and zsh's zpty [-b] [-e] NAME WORDS…, whose words zsh evaluates as code.
func (p *parser) ptySession(c *Command, name string, args []Word) {
	i := 0
	switch name {
	case "dtach":
		if len(args) < 3 {
			return
		}
		switch args[0].Value {
		case "-A", "-c", "-n", "-N":
		default:
			return // -a, -p: attach to a session, or push input into it
		}
		i = 2
		for i < len(args) && strings.HasPrefix(args[i].Value, "-") {
			if args[i].Value == "-e" || args[i].Value == "-r" {
				i++
			}
			i++
		}
	case "abduco", "zpty":
		for i < len(args) && strings.HasPrefix(args[i].Value, "-") {
			if args[i].Value == "-e" && name == "abduco" {
				i++
			}
			i++
		}
		i++ // the session's name
		for name == "abduco" && i < len(args) && strings.HasPrefix(args[i].Value, "-") {
			if args[i].Value == "-e" {
				i++
			}
			i++
		}
	}
	if i >= len(args) {
		return
	}
	if name == "zpty" {
		p.code(c, name, args[i:])
		return
	}
	p.inner(c, name, args[i:], nil)
}

// bsdScript reads BSD and macOS script(1): script [-adekpqr] [-F PIPE]
// [-t TIME] [-T FMT] FILE CMD… runs CMD on a pseudo-terminal. util-linux
// refuses the extra words; reading them fails closed.
func (p *parser) bsdScript(c *Command, args []Word) bool {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].Value, "-") && args[i].Value != "-" {
		v := args[i].Value
		if v == "-c" || strings.HasPrefix(v, "--") {
			return false // util-linux
		}
		if v == "-F" || v == "-t" || v == "-T" {
			i++
		}
		i++
	}
	if i+1 >= len(args) {
		return false
	}
	p.inner(c, "script", args[i+1:], nil)
	return true
}
