package rules

import (
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
	"github.com/guardsh/guardsh/programs"
)

// gitBuiltins are the git subcommands the rules look at that git also
// installs as their own programs in its exec path (git-reset,
// /usr/lib/git-core/git-clean): run that way, they are the subcommand.
var gitBuiltins = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"reset": true, "clean": true, "checkout": true, "restore": true, "switch": true,
		"branch": true, "stash": true, "push": true, "rm": true, "update-ref": true, "worktree": true, "reflog": true,
		"gc": true, "prune": true, "filter-branch": true, "filter-repo": true, "config": true, "submodule": true,
		"show": true, "checkout-index": true, "read-tree": true}
})

// maxAliasDepth bounds alias chains (git refuses loops; guardsh stops).
const maxAliasDepth = 8

// gitCommand returns a git command the way git runs it: git-SUB ARGS (a
// dashed builtin, as git's exec path holds it) as git SUB ARGS, and a
// subcommand that is an alias defined on the same line (git -c
// alias.x='reset --hard' x, --config-env=alias.x=VAR, GIT_CONFIG_KEY_n /
// GIT_CONFIG_VALUE_n in the environment) as its expansion. Shell aliases
// (!…) are run as shell by package parse; other commands are returned as
// they are.
func gitCommand(c *parse.Command) *parse.Command {
	if len(c.Args) == 0 {
		return c
	}
	n := c.Name()
	if sub, ok := strings.CutPrefix(n, "git-"); ok && gitBuiltins()[sub] {
		cp := *c
		first := c.Args[0]
		cp.Args = append([]parse.Word{{Value: "git", Static: true, Start: first.Start, End: first.End}, {Value: sub, Static: true, Start: first.Start, End: first.End}}, c.Args[1:]...)
		return &cp
	}
	if n != "git" || len(c.Args) < 2 || !definesAlias(c) {
		return c
	}
	for depth := 0; depth < maxAliasDepth; depth++ {
		next, ok := expandGitAlias(c)
		if !ok {
			break
		}
		c = next
	}
	return c
}

// definesAlias reports a git command line that may define an alias for
// itself: a -c or --config-env option, or GIT_CONFIG_* in its environment
// prefix. Other git commands are not read twice.
func definesAlias(c *parse.Command) bool {
	for _, w := range c.Args[1:] {
		if strings.HasPrefix(w.Value, "-c") || strings.HasPrefix(w.Value, "--config-env") {
			return true
		}
	}
	for _, a := range c.Env {
		if strings.HasPrefix(a.Name, "GIT_CONFIG_") {
			return true
		}
	}
	return false
}

// expandGitAlias replaces the subcommand of git by the alias of that name
// the line defines, if any.
func expandGitAlias(c *parse.Command) (*parse.Command, bool) {
	words := make([]string, len(c.Args)-1)
	for i, w := range c.Args[1:] {
		words[i] = w.Value
	}
	top := programs.Lookup("git")
	if top == nil {
		return c, false
	}
	// The global options: every -c / --config-env up to the subcommand.
	p := programs.Read("git", words, programs.Env{})
	if p.Err != nil {
		return c, false
	}
	subAt := -1
	if len(p.Path) > 0 {
		return c, false // a builtin git knows: aliases cannot shadow it
	}
	if len(p.Operands) > 0 {
		subAt = p.Operands[0]
	}
	if subAt < 0 {
		return c, false
	}
	name := strings.ToLower(words[subAt])
	body, found := "", false
	for _, o := range p.Opts {
		if o.Index >= subAt {
			break
		}
		switch o.Key {
		case "c":
			k, v, _ := strings.Cut(o.Value, "=")
			if strings.EqualFold(k, "alias."+name) {
				body, found = v, true
			}
		case "config-env":
			k, env, _ := strings.Cut(o.Value, "=")
			if strings.EqualFold(k, "alias."+name) {
				if v, ok := envValue(c, env); ok {
					body, found = v, true
				}
			}
		}
	}
	if !found {
		body, found = envConfigAlias(c, name)
	}
	if !found || strings.HasPrefix(body, "!") || strings.TrimSpace(body) == "" {
		return c, false
	}
	// git NAME ARGS → git [global options] BODY ARGS.
	cp := *c
	w := c.Args[1+subAt]
	args := append([]parse.Word{}, c.Args[:1+subAt]...)
	for _, f := range strings.Fields(body) {
		args = append(args, parse.Word{Value: strings.Trim(f, `"'`), Static: w.Static, Start: w.Start, End: w.End})
	}
	cp.Args = append(args, c.Args[2+subAt:]...)
	return &cp, true
}

// envValue returns the value the command's environment prefix gives name.
func envValue(c *parse.Command, name string) (string, bool) {
	for i := len(c.Env) - 1; i >= 0; i-- {
		if c.Env[i].Name == name {
			return c.Env[i].Value.Value, true
		}
	}
	return "", false
}

// envConfigAlias reads alias.NAME from GIT_CONFIG_COUNT, GIT_CONFIG_KEY_n
// and GIT_CONFIG_VALUE_n in the command's environment prefix.
func envConfigAlias(c *parse.Command, name string) (string, bool) {
	body, found := "", false
	for _, a := range c.Env {
		n, ok := strings.CutPrefix(a.Name, "GIT_CONFIG_KEY_")
		if !ok || !strings.EqualFold(a.Value.Value, "alias."+name) {
			continue
		}
		if v, ok := envValue(c, "GIT_CONFIG_VALUE_"+n); ok {
			body, found = v, true
		}
	}
	return body, found
}
