package parse

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/payload"
)

// A command word that is nothing but a variable the input never sets
// ($SUDO, ${STD}, $maybe_sudo) is, at run time, either empty — and the
// next word is the program — or a prefix such as sudo, time or a quiet
// wrapper that runs the rest. Both readings run the rest, so the rest is
// checked as a command (tteck's `$STD sh <(curl -sSL get.docker.com)` and
// `curl … | $SUDO bash` were allowed, `$SUDO rm -rf ~` only asked).
//
// It applies when the variable's name says it is a prefix (prefixVarWords),
// or when the next word is a shell or an interpreter, which is never a
// subcommand of a program. Otherwise ($GIT rm -rf dir, $DOCKER rm x) the
// word is more likely a program whose subcommand follows, and it is left
// to dynamic-command.

// prefixVarWords are the parts of variable names that hold a command
// prefix: privilege, silencing, dry-run and timing wrappers.
var prefixVarWords = []string{"sudo", "doas", "std", "dry", "echo", "prefix", "wrap", "maybe", "root", "elevat", "priv",
	"runas", "run_as", "noop", "silent", "quiet", "verbose", "time", "nice", "retry", "trace", "as_user", "su_cmd"}

// prefixVar reports whether a variable's name says it holds a command
// prefix.
func prefixVar(name string) bool {
	n := strings.ToLower(name)
	for _, w := range prefixVarWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// dynamicPrefix checks the rest of a command whose first word is a lone
// unset variable, as the command it is when that variable is empty or a
// prefix.
func (p *parser) dynamicPrefix(c *Command) {
	if len(c.Args) < 2 || !c.Args[1].Static {
		return
	}
	static, names := splitDynamic(c.Args[0].Value)
	if static != "" || len(names) != 1 {
		return
	}
	next := c.Args[1].Value
	if next == "" || strings.HasPrefix(next, "-") || strings.HasPrefix(next, "+") || strings.Contains(next, "=") {
		return
	}
	b := path.Base(next)
	if !prefixVar(names[0]) && !shells()[b] && payload.LangOf(b) == 0 {
		return
	}
	prev := p.cur
	p.cur = c
	p.inner(c, c.Args[0].Value, c.Args[1:], nil)
	p.cur = prev
}

// knownProgramOnly reports a stored command whose program is known and
// whose unknown parts are only its arguments or its directory: one simple
// command (no ;, |, &, newline or substitution), whose first word ends in
// a literal name (qemu-arm -L ${TOOLCHAIN}/sysroot,
// ${TOOLCHAIN_PATH}/bin/gcc as a cargo runner or linker). It runs that
// program as a command line with those words would, which the payload's
// own reading checks; a lone ${X} or $(…) is code nobody can read.
func knownProgramOnly(v string) bool {
	if strings.ContainsAny(v, ";|&\n`") || strings.Contains(v, "$(") {
		return false
	}
	f := strings.Fields(v)
	if len(f) == 0 {
		return false
	}
	last := f[0][strings.LastIndexByte(f[0], '/')+1:]
	return last != "" && !strings.ContainsAny(last, "${}*?[")
}
