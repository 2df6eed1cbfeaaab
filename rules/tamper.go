package rules

import (
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
)

func tampers(c *parse.Command) bool {
	if writesGuardshFile(c) || writesHookState(c) || movesGuardshHome(c) || rebindsAccept(c) || hookOff(c) {
		return true
	}
	if len(c.Args) == 0 {
		return false
	}
	switch c.Name() {
	case "trap", "unset", "unfunction", "functions", "bind", "bindkey", "zle", "shopt", "set", "export", "declare", "typeset":
	case "ln", "rm", "mv", "chmod":
		// Any argument naming guardsh's files: ln -s CONFIG x, rm and
		// mv of them.
		for _, a := range c.Args[1:] {
			if guardshFile(a.Value) {
				return true
			}
		}
		return false
	default:
		return false
	}
	w := args(c).words()
	all := c.Argv()[1:]
	switch c.Name() {
	case "trap":
		if len(all) == 1 && (all[0] == "DEBUG" || all[0] == "RETURN") {
			return true // trap DEBUG resets it, like trap - DEBUG
		}
		for i, a := range all {
			if (a == "DEBUG" || a == "RETURN") && i > 0 {
				return all[0] == "-" || all[0] == "" || all[0] == "--"
			}
		}
	case "unset", "unfunction", "functions":
		for _, a := range all {
			if strings.Contains(a, "guardsh") {
				return true
			}
		}
	case "bind":
		joined := strings.Join(all, " ")
		if contains(all, "-r") || contains(all, "-x") || strings.Contains(joined, ":") {
			return strings.Contains(joined, `\C-m`) || strings.Contains(joined, `\C-j`) || strings.Contains(joined, `\r`) || strings.Contains(joined, "RETURN") || strings.Contains(joined, `\n`) || strings.Contains(joined, "guardsh")
		}
	case "bindkey":
		joined := strings.Join(all, " ")
		if i := indexOf(all, "-A"); i >= 0 && i+2 < len(all) && hookKeymaps()[all[i+2]] {
			// bindkey -A mine main: mine becomes the keymap the
			// hook's Enter binding lives in.
			return true
		}
		if i := indexOf(all, "-M"); i >= 0 && i+1 < len(all) && !hookKeymaps()[all[i+1]] {
			// A keymap of its own (zed's, sticky-note's): the
			// prompt's Enter is untouched.
			return false
		}
		return strings.Contains(joined, "^M") || strings.Contains(joined, "^J") || strings.Contains(joined, "-r") && strings.Contains(joined, "guardsh")
	case "zle":
		return (contains(all, "-N") || contains(all, "-A")) && (contains(all, "accept-line") || strings.Contains(strings.Join(all, " "), "guardsh"))
	case "shopt":
		return contains(w, "extdebug") && contains(all, "-u")
	case "set":
		return contains(all, "+T") || contains(all, "functrace") && contains(all, "+o")
	case "export", "declare", "typeset":
		for _, a := range all {
			if (strings.HasPrefix(a, "GUARDSH_") || strings.HasPrefix(a, "__guardsh")) && strings.Contains(a, "=") && !strings.HasPrefix(a, "GUARDSH_SESSION=") {
				return true
			}
		}
	case "complete":
		return false
	}
	return false
}

// hookKeymaps are the zsh keymaps the hook's Enter binding is in, or that
// become it.
var hookKeymaps = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"main": true, "emacs": true, "viins": true, "vicmd": true}
})
