package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/guardsh/guardsh/hooks"
)

// runInit prints the hook an interactive shell evaluates:
//
//	eval "$(guardsh init bash)"    eval "$(guardsh init zsh)"    guardsh init fish | source
func runInit(e *env, args []string) int {
	if len(args) != 1 {
		e.errorf("init needs one shell: bash, zsh or fish")
		e.hint(`add 'eval "$(guardsh init bash)"' to ~/.bashrc (zsh: ~/.zshrc; fish: 'guardsh init fish | source' in config.fish)`)
		return exitError
	}
	bin, err := os.Executable()
	if err == nil {
		bin, err = filepath.EvalSymlinks(bin)
	}
	if err != nil {
		e.errorf("cannot find the guardsh binary to call from the hook: %v", err)
		e.hint("set GUARDSH_BIN to its path")
		return exitError
	}
	script, err := hooks.Init(args[0], bin)
	if err != nil {
		e.errorf("%v", err)
		e.hint("run 'guardsh init bash', 'guardsh init zsh' or 'guardsh init fish'")
		return exitError
	}
	fmt.Fprint(e.stdout, script)
	return exitOK
}
