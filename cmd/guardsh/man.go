package main

import (
	"fmt"
	"io"
	"strings"
)

// writeMan prints guardsh(1) in roff, from the same docs as --help. The
// checked-in man/guardsh.1 is this output (TestManPage keeps them equal).
func writeMan(w io.Writer) {
	p := func(format string, a ...any) { fmt.Fprintf(w, format+"\n", a...) }
	p(`.TH GUARDSH 1 "" "guardsh" "User Commands"`)
	p(".SH NAME")
	p(`guardsh \- check shell commands before they run`)
	p(".SH SYNOPSIS")
	for _, d := range verbDocs {
		for _, s := range d.synopsis {
			p(".br")
			p(`\fBguardsh\fR %s`, roff(s))
		}
	}
	p(".br")
	p(`\fBguardsh\fR \-c 'CMD' [ARG...] | SCRIPT [ARG...] | \-s`)
	p(".SH DESCRIPTION")
	p("%s", roff(`guardsh stands between a person or an AI agent and the shell. Before a
command runs, guardsh parses it into a shell syntax tree, finds every command
that would execute (also inside $(...), sh -c, eval, heredocs and pipes into a
shell or interpreter) and applies two tiers of rules: hardline (never runs)
and dangerous (runs after a human approves once, for the session, or always).`))
	p(".SH COMMANDS")
	for _, d := range verbDocs {
		p(".TP")
		p(`\fBguardsh %s\fR`, roff(d.synopsis[0]))
		p("%s.", roff(upperFirst(d.summary)))
		if d.text != "" {
			p(".IP")
			p("%s", roff(d.text))
		}
		for _, f := range d.flags {
			name := f.name
			if f.value != "" {
				name += " " + f.value
			}
			help := f.help
			if len(f.values) > 0 {
				help += ": " + strings.Join(f.values, ", ")
			}
			p(".RS")
			p(".TP")
			p(`\fB%s\fR`, roff(name))
			p("%s", roff(help))
			p(".RE")
		}
		for _, x := range d.examples {
			p(".IP")
			p(`\fB$\fR %s`, roff(x))
		}
		if d.exits != "" {
			p(".IP")
			p("Exit codes: %s.", roff(d.exits))
		}
	}
	p(`.SH "SHELL MODE"`)
	p("%s", roff(shellModeDoc))
	p(".SH ENVIRONMENT")
	for _, v := range [][2]string{
		{"GUARDSH_SHELL", "the real shell of $SHELL mode"},
		{"GUARDSH_TIRITH", "auto, on or off: whether the tirith scanner is used"},
		{"GUARDSH_CONFIG", "the configuration file"},
		{"GUARDSH_YOLO", "1: no prompts for dangerous commands (hardline still blocks); only guardsh's own environment counts"},
		{"GUARDSH_RELEASES", "the release server of guardsh update"},
		{"NO_COLOR", "no colour in output"},
	} {
		p(".TP")
		p(`\fB%s\fR`, v[0])
		p("%s", roff(v[1]))
	}
	p(".SH FILES")
	for _, v := range [][2]string{
		{"$XDG_CONFIG_HOME/guardsh/config.toml", "the configuration"},
		{"$XDG_CONFIG_HOME/guardsh/packs/*.toml", "your own rule packs"},
		{"$XDG_STATE_HOME/guardsh/audit.jsonl", "the audit log of ask and block decisions"},
		{"$XDG_DATA_HOME/guardsh/bin/tirith", "guardsh's own copy of tirith"},
	} {
		p(".TP")
		p(`\fI%s\fR`, roff(v[0]))
		p("%s", roff(v[1]))
	}
	p(".SH EXIT STATUS")
	p("%s", roff("guardsh check: 0 allow, 1 block (hardline), 2 ask (dangerous), 3 usage or internal error. Each verb's codes are listed above."))
	p(".SH SEE ALSO")
	p(`\fBbash\fR(1), \fBminisign\fR(1)`)
}

// roff escapes text for a roff paragraph: backslashes, hyphens, and a
// line that would start with a control character.
func roff(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
			lines[i] = `\&` + l
		}
	}
	return strings.Join(lines, "\n")
}
