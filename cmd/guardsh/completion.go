package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/guardsh/guardsh/approve"
	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/rules"
)

// The completion scripts are thin: each asks `guardsh __complete WORD...`
// (the words after "guardsh", the last one being completed) for the
// candidates, so bash, zsh and fish complete alike, from verbDocs.

const bashCompletion = `# guardsh completion for bash: source <(guardsh completion bash)
_guardsh() {
	local IFS=$'\n'
	COMPREPLY=($(command guardsh __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
	if [ ${#COMPREPLY[@]} -eq 0 ]; then
		compopt -o default 2>/dev/null
	fi
}
complete -F _guardsh guardsh
`

const zshCompletion = `#compdef guardsh
# guardsh completion for zsh: source <(guardsh completion zsh), or save it
# as _guardsh in a directory of $fpath.
_guardsh() {
	local -a cands
	cands=(${(f)"$(command guardsh __complete "${(@)words[2,CURRENT]}" 2>/dev/null)"})
	if (( ${#cands} )); then
		compadd -a cands
	else
		_files
	fi
}
if (( $+functions[compdef] )); then
	compdef _guardsh guardsh
fi
`

const fishCompletion = `# guardsh completion for fish: guardsh completion fish | source, or save it
# as ~/.config/fish/completions/guardsh.fish
function __guardsh_complete
	set -l words (commandline -opc) (commandline -ct)
	command guardsh __complete $words[2..-1] 2>/dev/null
end
complete -c guardsh -f -a '(__guardsh_complete)'
`

// runCompletion is `guardsh completion bash|zsh|fish`.
func runCompletion(e *env, args []string) int {
	if len(args) != 1 {
		e.errorf("completion needs one shell: bash, zsh or fish")
		e.hint("run 'guardsh completion --help'")
		return exitError
	}
	switch args[0] {
	case "bash":
		fmt.Fprint(e.stdout, bashCompletion)
	case "zsh":
		fmt.Fprint(e.stdout, zshCompletion)
	case "fish":
		fmt.Fprint(e.stdout, fishCompletion)
	default:
		e.errorf("completion: no completion for shell %q", args[0])
		e.hint("use bash, zsh or fish")
		return exitError
	}
	return exitOK
}

// runComplete is the hidden `guardsh __complete WORD...`: it prints the
// candidates for the last word, one a line.
func runComplete(e *env, words []string) int {
	for _, c := range completeWords(words) {
		fmt.Fprintln(e.stdout, c)
	}
	return exitOK
}

// completeWords returns the completions of the last of words (the words
// after "guardsh"), filtered by it as a prefix.
func completeWords(words []string) []string {
	if len(words) == 0 {
		words = []string{""}
	}
	cur := words[len(words)-1]
	var cands []string
	if len(words) == 1 {
		cands = verbNames()
	} else if d, ok := docOf(words[0]); ok {
		cands = completeVerb(d, words[1:len(words)-1], cur)
	}
	var out []string
	for _, c := range cands {
		if strings.HasPrefix(c, cur) {
			out = append(out, c)
		}
	}
	return out
}

// completeVerb returns the candidates for cur after verb d and the words
// before it.
func completeVerb(d *verbDoc, before []string, cur string) []string {
	if len(before) > 0 {
		prev := before[len(before)-1]
		for _, f := range d.flags {
			if f.name == prev && f.value != "" {
				return f.values // nil: any value
			}
		}
	}
	if strings.HasPrefix(cur, "-") {
		var names []string
		for _, f := range d.flags {
			if f.name != "--" {
				names = append(names, f.name)
			}
		}
		return append(names, "--help")
	}
	var positional []string
	for _, w := range before {
		if !strings.HasPrefix(w, "-") {
			positional = append(positional, w)
		}
	}
	switch d.args {
	case "", "files":
		return nil
	case "rules":
		var ids []string
		for _, r := range rules.All() {
			ids = append(ids, r.ID)
		}
		return ids
	case "agents":
		return []string{"claude", "codex", "gemini", "cursor", "copilot"}
	case "shells":
		return []string{"bash", "zsh", "fish"}
	case "verbs":
		return verbNames()
	}
	// A fixed list of sub-commands, then their arguments.
	if len(positional) == 0 {
		return strings.Fields(d.args)
	}
	if d.name == "approvals" && positional[0] == "revoke" && len(positional) == 1 {
		return approvalIDs()
	}
	return nil
}

// approvalIDs lists the ids `guardsh approvals revoke` takes.
func approvalIDs() []string {
	cfg, _ := config.LoadDefault()
	list, err := approve.List(config.StateDir(), cfg, approve.AllSessions, time.Now())
	if err != nil {
		return nil
	}
	var ids []string
	for _, a := range list {
		if a.Session == os.Getenv("GUARDSH_SESSION") || a.Kind == "always" {
			ids = append(ids, a.ID)
		}
	}
	return ids
}
