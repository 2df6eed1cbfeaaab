// Package hooks holds what guardsh puts into other programs: the init
// scripts that interactive bash, zsh and fish evaluate, and the hook
// protocols of AI coding agents.
package hooks

import (
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"fmt"
	"strings"
)

//go:embed guardsh.bash
var bashScript string

//go:embed guardsh.zsh
var zshScript string

//go:embed guardsh.fish
var fishScript string

// InitShells lists the shells [Init] has a hook for.
var InitShells = []string{"bash", "zsh", "fish"}

// Init returns the script that makes an interactive shell check each command
// line with `guardsh gate` before running it, for `guardsh init SHELL`.
// bin is the guardsh binary the script calls; the GUARDSH_BIN environment
// variable, read when the script is evaluated, overrides it. Each call bakes
// a fresh random session id into the script; the shell appends its process
// id, so each shell exports its own GUARDSH_SESSION.
func Init(shell, bin string) (string, error) {
	var script string
	switch shell {
	case "bash":
		script = bashScript
	case "zsh":
		script = zshScript
	case "fish":
		script = fishScript
	default:
		return "", fmt.Errorf("no hook for shell %q: guardsh has hooks for %s", shell, strings.Join(InitShells, ", "))
	}
	if bin == "" {
		return "", fmt.Errorf("no guardsh binary to call from the %s hook", shell)
	}
	var b [8]byte
	rand.Read(b[:]) // never fails: see crypto/rand.Read
	quote := initQuoteSh
	if shell == "fish" {
		quote = initQuoteFish
	}
	r := strings.NewReplacer(
		"@GUARDSH_BIN@", quote(bin),
		"@GUARDSH_SESSION@", hex.EncodeToString(b[:]),
	)
	return r.Replace(script), nil
}

// initQuoteSh quotes s as one word for bash, zsh and POSIX sh.
func initQuoteSh(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// initQuoteFish quotes s as one word for fish, where a backslash inside
// single quotes escapes a quote or another backslash.
func initQuoteFish(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	return "'" + strings.ReplaceAll(s, "'", `\'`) + "'"
}
