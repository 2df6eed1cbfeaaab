package parse

import "strings"

// A shell payload that is not fully known (sh -c "echo \"$repo\" >
// /etc/apt/sources.list.d/x.list", $sh_c "curl -fsSL \"$URL/gpg\" | gpg
// --dearmor -o /etc/apt/keyrings/x.gpg", eval "rm -rf $dir") was only a
// dynamic-code finding, and script files drop that one (check.ScriptQuiet):
// everything the payload visibly does was lost, in the installers that run
// each step through a $sh_c variable (get.docker.com, k3s, rustup's
// callers). The text the shell would hand the inner shell is known except
// for its expansions, which Word.Value keeps as their shell source; the
// inner shell reads those as its own unknown words. Parsing that text
// leniently checks the commands the payload visibly runs. It only adds
// findings: the dynamic-code finding stays, since an expansion may also
// carry code of its own.

// visiblePayload parses the known structure of the dynamic shell payload w
// carried by label, as codeText and shell do for static text. A payload
// that does not parse once its expansions are read as words (a quote
// inside a value) is left to the dynamic-code finding.
func (p *parser) visiblePayload(c *Command, label string, w Word, line int) {
	if w.Static || w.Value == "" || !visibleCandidate(w.Value) {
		return
	}
	lenient := p.lenient
	p.lenient = true
	p.payload(label, w.Value, w, line, false)
	p.lenient = lenient
}

// visibleCandidate reports whether text has something to check beyond its
// expansions: a payload that is one expansion ("$cmd", "$@", "$(…)") is
// all dynamic, and parsing it again would only repeat the dynamic-code
// finding as a dynamic-command one.
func visibleCandidate(text string) bool {
	// An unknown command substitution is kept as "$(…)".
	text = strings.ReplaceAll(text, "$(…)", "$_")
	static, names := splitDynamic(text)
	if len(names) == 0 {
		return true
	}
	for _, r := range static {
		switch r {
		case ' ', '\t', '\n', '"', '\'', '{', '}', '(', ')', '$', ';':
		default:
			return true
		}
	}
	return false
}

// passesArgs reports whether the only dynamic arguments of a call are
// lists passed on whole ("$@", "$*", "${opts[@]}"): the scripts' main "$@"
// and the wrappers' idiom, rustup-init.sh's ignore "$_file" "$@". The known
// arguments are $1, $2, … as in a static call, so the body is worth walking
// again (within dynamicCall's bounds): ignore() { "$@"; } runs "$_file", and
// main's body, walked when it was defined, called functions defined after
// it (ensure, downloader, ignore) that did not exist yet.
func passesArgs(args []Word) bool {
	for _, w := range args {
		if !w.Static && !listExpansion(w.Value) {
			return false
		}
	}
	return len(args) > 0
}

// listExpansion reports whether a word's source is one list expansion.
func listExpansion(v string) bool {
	switch v {
	case "$@", "$*", "${@}", "${*}":
		return true
	}
	if strings.HasPrefix(v, "${") && (strings.HasSuffix(v, "[@]}") || strings.HasSuffix(v, "[*]}")) {
		name := v[2 : len(v)-4]
		for _, r := range name {
			if r != '_' && (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
				return false
			}
		}
		return name != ""
	}
	return false
}
