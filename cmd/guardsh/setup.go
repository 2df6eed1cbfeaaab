package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/hooks"
	"github.com/guardsh/guardsh/internal/atomicfile"
	"github.com/guardsh/guardsh/internal/suggest"
)

const setupUsage = `usage: guardsh setup claude|codex|gemini|cursor|copilot [--project] [--uninstall]

Adds guardsh's hook to an AI coding agent's settings, merged with what is
there; running it again changes nothing. The file is backed up first: FILE.guardsh-backup
holds it as it was before guardsh first changed it and is never overwritten.
--uninstall removes what guardsh added, and nothing else.

  --project     the project's settings (in the git top-level, else the
                current directory) instead of your user settings
  --uninstall   remove guardsh's hook

files:
  claude   ~/.claude/settings.json          .claude/settings.json
  codex    $CODEX_HOME/hooks.json (~/.codex) .codex/hooks.json
  gemini   ~/.gemini/settings.json          .gemini/settings.json
  cursor   ~/.cursor/hooks.json             .cursor/hooks.json
  copilot  (project only)                   .github/hooks/guardsh.json
`

// runSetup is `guardsh setup AGENT [--project] [--uninstall]`.
func runSetup(e *env, args []string) int {
	fs := flag.NewFlagSet("setup", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprint(e.stderr, setupUsage) }
	project := fs.Bool("project", false, "change the project's settings")
	uninstall := fs.Bool("uninstall", false, "remove guardsh's hook")
	// The agent may come before or after the flags.
	var agent string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		agent, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return exitOK
		}
		return exitError
	}
	if agent == "" && fs.NArg() == 1 {
		agent = fs.Arg(0)
	} else if fs.NArg() > 0 || agent == "" {
		fmt.Fprint(e.stderr, setupUsage)
		return exitError
	}
	p, err := hooks.ParseProtocol(agent)
	if err != nil {
		known := make([]string, len(hooks.Protocols))
		for i, k := range hooks.Protocols {
			known[i] = string(k)
		}
		e.errorf("setup: %s is not an agent guardsh knows; agents: %s", agent, strings.Join(known, ", "))
		if near := suggest.Closest(strings.ToLower(agent), known); near != "" {
			e.hint("did you mean 'guardsh setup " + near + "'?")
		} else {
			e.hint("run 'guardsh setup --help' for what each agent's hook does")
		}
		return exitError
	}
	path, err := setupFile(p, *project)
	if err != nil {
		e.errorf("%v", err)
		return exitError
	}
	exe, err := os.Executable()
	if err != nil {
		e.errorf("cannot find the guardsh executable: %v", err)
		return exitError
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	var changed bool
	var backup string
	err = atomicfile.Update(path, 0o644, func(old []byte) ([]byte, error) {
		var out []byte
		var err error
		if *uninstall {
			out, changed, err = hooks.Uninstall(p, old)
		} else {
			out, changed, err = hooks.Install(p, old, hooks.HookCommand(p, exe))
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if !changed {
			return nil, errSetupUnchanged
		}
		if old != nil {
			// FILE.guardsh-backup keeps the file as it was before guardsh
			// first changed it, and is never overwritten; the content
			// before an uninstall goes to FILE.guardsh-backup-uninstall.
			backup = path + ".guardsh-backup"
			if *uninstall {
				backup = path + ".guardsh-backup-uninstall"
			} else if _, err := os.Lstat(backup); err == nil {
				backup = path + ".guardsh-backup-last"
			}
			if err := atomicfile.WriteFile(backup, old, 0o600); err != nil {
				return nil, fmt.Errorf("cannot write the backup %s: %v", backup, err)
			}
		}
		return out, nil
	})
	if errors.Is(err, errSetupUnchanged) {
		err = nil
	}
	setupDropEmpty(path)
	if err != nil {
		e.errorf("%v", err)
		e.hint("nothing was changed; fix the file or remove it, then run 'guardsh setup %s' again", p)
		return exitError
	}
	setupReport(e, p, path, backup, changed, *uninstall)
	return exitOK
}

// setupFile returns the settings file of agent p.
func setupFile(p hooks.Protocol, project bool) (string, error) {
	if project {
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		root := config.ProjectDir(wd)
		rel := map[hooks.Protocol]string{
			hooks.Claude:  ".claude/settings.json",
			hooks.Codex:   ".codex/hooks.json",
			hooks.Gemini:  ".gemini/settings.json",
			hooks.Cursor:  ".cursor/hooks.json",
			hooks.Copilot: ".github/hooks/guardsh.json",
		}[p]
		return filepath.Join(root, rel), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	switch p {
	case hooks.Claude:
		return filepath.Join(home, ".claude", "settings.json"), nil
	case hooks.Codex:
		dir := os.Getenv("CODEX_HOME")
		if dir == "" {
			dir = filepath.Join(home, ".codex")
		}
		return filepath.Join(dir, "hooks.json"), nil
	case hooks.Gemini:
		return filepath.Join(home, ".gemini", "settings.json"), nil
	case hooks.Cursor:
		return filepath.Join(home, ".cursor", "hooks.json"), nil
	}
	return "", fmt.Errorf("%s reads hooks only from the repository: use 'guardsh setup %s --project'", p, p)
}

// errSetupUnchanged stops an update that would write the same content.
var errSetupUnchanged = errors.New("unchanged")

// setupDropEmpty removes the lock file beside the settings file, and the
// settings directory if guardsh created it for nothing.
func setupDropEmpty(path string) {
	os.Remove(path + ".lock")
	os.Remove(filepath.Dir(path)) // only succeeds if empty
}

func setupReport(e *env, p hooks.Protocol, path, backup string, changed, uninstall bool) {
	switch {
	case uninstall && changed:
		fmt.Fprintf(e.stdout, "removed guardsh's %s hook from %s\n", p, path)
	case uninstall:
		fmt.Fprintf(e.stdout, "guardsh's %s hook is not in %s: nothing to remove\n", p, path)
	case changed:
		fmt.Fprintf(e.stdout, "added guardsh's %s hook to %s\n", p, path)
	default:
		fmt.Fprintf(e.stdout, "guardsh's %s hook is already in %s: nothing changed\n", p, path)
	}
	if backup != "" {
		fmt.Fprintf(e.stdout, "the previous content is in %s\n", backup)
	}
	if uninstall || !changed {
		return
	}
	switch p {
	case hooks.Codex:
		fmt.Fprintln(e.stdout, "hint: Codex runs a new hook only once you trust it: start codex and review it with /hooks")
	case hooks.Claude:
		fmt.Fprintln(e.stdout, "hint: Claude Code reads its settings at start: restart running sessions (or review with /hooks)")
	case hooks.Cursor, hooks.Gemini:
		fmt.Fprintf(e.stdout, "hint: restart %s to load the hook\n", p)
	}
}

// An agentHook is whether one agent's settings file holds guardsh's hook,
// for `guardsh doctor`.
type agentHook struct {
	Agent     hooks.Protocol
	File      string // the settings file looked at
	Installed bool
	Err       error // the file exists but cannot be read
}

// agentHooks reports, for each agent, whether guardsh's hook is in its user
// settings and in the current project's settings.
func agentHooks() []agentHook {
	var out []agentHook
	for _, p := range hooks.Protocols {
		for _, project := range []bool{false, true} {
			path, err := setupFile(p, project)
			if err != nil {
				continue // Copilot has no user settings
			}
			data, err := atomicfile.ReadFile(path, atomicfile.MaxUpdate)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			out = append(out, agentHook{Agent: p, File: path, Installed: err == nil && hooks.Installed(p, data), Err: err})
		}
	}
	return out
}
