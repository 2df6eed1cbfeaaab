package parse

import (
	"strings"
)

// scriptDir reports whether, in a script file (Options.File), the cd word
// names the script's own directory or its project above it: the output of
// dirname "$0" or dirname "${BASH_SOURCE[0]}", then nothing, a relative
// path, or up to two "..". Scripts start so (cd "$(dirname "$0")/.."), and
// a build output deleted there is their project's, not someone else's (see
// Command.Moved). At a prompt $0 is the shell, so this never applies there.
func (p *parser) scriptDir(dir *Word) bool {
	if !p.opts.File || p.outer != nil || dir == nil || dir.Static {
		return false
	}
	rest, ok := strings.CutPrefix(dir.Value, "$(…)")
	if !ok || !selfDirname(dir.Subst) {
		return false
	}
	rest = strings.Trim(rest, "/")
	ups := 0
	for _, c := range strings.Split(rest, "/") {
		switch c {
		case "", ".":
		case "..":
			ups++
		default:
			if ups > 0 || strings.ContainsAny(c, "$*?[") {
				// ../x or a dynamic part: not the script's tree.
				return false
			}
		}
	}
	return ups <= 2
}

// selfDirname reports whether code is dirname of the running script:
// dirname "$0", dirname -- "${BASH_SOURCE[0]}".
func selfDirname(code string) bool {
	f := strings.Fields(code)
	if len(f) < 2 || f[0] != "dirname" {
		return false
	}
	a := f[1]
	if a == "--" && len(f) > 2 {
		a = f[2]
	}
	if len(f) > 3 || len(f) == 3 && f[1] != "--" {
		return false
	}
	switch strings.Trim(a, `"`) {
	case "$0", "${0}", "${BASH_SOURCE[0]}", "${BASH_SOURCE}", "$BASH_SOURCE":
		return true
	}
	return false
}
