package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Wrapper functions run their arguments as a command: rustup-init.sh's
// ensure() { if ! "$@"; then err "command failed: $*"; fi; } and ignore() {
// "$@"; }, get-helm-3's runAsRoot() { sudo "${@}" or "${@}" }. A call
// `ensure downloader "$_url" "$_file"` is the command `downloader "$_url"
// "$_file"`, checked at the call, as sudo's command is, and walked as a
// function call at the caller's depth: walking the wrapper's body instead
// spent a level of the function-depth bound (downloader, one level deeper,
// was then never walked, so rustup's download was unknown and the run of
// the downloaded installer not a finding) and reported the command at the
// wrapper's "$@".

// maxWrapperDepth bounds wrappers that wrap wrappers (w() { w "$@"; }).
const maxWrapperDepth = 4

// wrapperRuns returns the command prefixes with which a function body runs
// its arguments: an empty prefix for "$@" run as a command, ["sudo"] for
// sudo "$@". Only "$@" as the last word, after literal words, counts; a
// body that runs "$@" with anything else ("$@" >log, "$1" "$@") is walked as
// a function as before.
func wrapperRuns(body *syntax.Stmt) [][]string {
	var out [][]string
	other := false
	syntax.Walk(body, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.FuncDecl:
			return false
		case *syntax.ParamExp:
			// $1, ${2}, $#: the body uses its arguments one by
			// one (w() { rm -rf "$1"; "$@"; }), so it is walked as a
			// function, with them known.
			if x.Param != nil && x.Param.Value != "@" && x.Param.Value != "*" && strings.Trim(x.Param.Value, "0123456789#") == "" {
				other = true
			}
		case *syntax.CallExpr:
			if len(x.Args) > 0 && (x.Args[0].Lit() == "shift" || x.Args[0].Lit() == "set") {
				other = true
			}
			if len(x.Args) == 0 || len(x.Assigns) > 0 || !allArgs(x.Args[len(x.Args)-1]) {
				return true
			}
			var prefix []string
			for _, w := range x.Args[:len(x.Args)-1] {
				s := w.Lit()
				if s == "" {
					return true
				}
				prefix = append(prefix, s)
			}
			out = append(out, prefix)
		}
		return true
	})
	if other {
		return nil
	}
	return out
}

// allArgs reports whether w is "$@" or "${@}", quoted or not.
func allArgs(w *syntax.Word) bool {
	part, _ := solePart(w)
	pe, ok := part.(*syntax.ParamExp)
	return ok && pe.Param != nil && pe.Param.Value == "@" && pe.Index == nil && pe.Exp == nil && pe.Repl == nil && pe.Slice == nil && !pe.Length && !pe.Excl
}

// wrapperCall checks a call of a wrapper function as the commands it runs,
// reporting whether it did. The body's other statements were checked when
// the function was defined.
func (p *parser) wrapperCall(cmd *Command, body *syntax.Stmt) bool {
	if len(cmd.Args) < 2 || p.wrapDepth >= maxWrapperDepth {
		return false
	}
	prefixes := wrapperRuns(body)
	if len(prefixes) == 0 {
		return false
	}
	p.wrapDepth++
	defer func() { p.wrapDepth-- }()
	for _, pre := range prefixes {
		args := make([]Word, 0, len(pre)+len(cmd.Args)-1)
		for _, s := range pre {
			args = append(args, Word{Value: s, Static: true, Start: cmd.Start, End: cmd.Start})
		}
		args = append(args, cmd.Args[1:]...)
		// Not a guess: the body runs them.
		guessed := cmd.Guessed
		cmd.Guessed = false
		in := p.inner(cmd, cmd.Args[0].Value, args, nil)
		cmd.Guessed = guessed
		if in != nil {
			p.callFunc(in, ctx{})
		}
	}
	p.calledUnwalked(body)
	return true
}
