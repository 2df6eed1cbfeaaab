package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardsh/guardsh/parse"
)

// ownFixture builds a throwaway home with guardsh's files, symlinks to them,
// a project with agent settings, a PATH directory and a guardsh binary, and
// points the environment at it.
func ownFixture(t *testing.T) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home := root + "/home/me"
	for _, d := range []string{home + "/dots/guardsh", home + "/.config", home + "/.local/state/guardsh", home + "/proj/.claude",
		root + "/tmp/sub", root + "/bin", root + "/opt/guardsh", root + "/xdg"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	// The config directory is a symlink into a dotfiles repository.
	must(os.Symlink(home+"/dots/guardsh", home+"/.config/guardsh"))
	must(os.WriteFile(home+"/dots/guardsh/config.toml", nil, 0o644))
	must(os.WriteFile(home+"/proj/.claude/settings.json", []byte("{}"), 0o644))
	must(os.WriteFile(root+"/opt/guardsh/guardsh", nil, 0o755))
	must(os.Symlink(home+"/.config/guardsh", root+"/tmp/g"))                         // to the config dir
	must(os.Symlink("../../home/me/.config/guardsh/config.toml", root+"/tmp/sub/c")) // relative, to the file
	must(os.Symlink(root+"/tmp/g", root+"/tmp/gg"))                                  // a link to a link
	must(os.Symlink(home+"/proj/.claude/settings.json", root+"/tmp/s"))              // to agent settings
	must(os.Symlink(home+"/.local/state", root+"/tmp/st"))                           // to the state dir's parent
	must(os.Symlink(root+"/opt/guardsh/guardsh", root+"/bin/guardsh"))               // the binary, as on PATH
	must(os.Link(home+"/dots/guardsh/config.toml", root+"/tmp/hard"))                // a hard link to the config
	t.Setenv("HOME", home)
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "GUARDSH_CONFIG", "CODEX_HOME", "CLAUDE_CONFIG_DIR"} {
		t.Setenv(v, "")
	}
	t.Setenv("PATH", root+"/bin:/usr/bin:/bin")
	oldHome, oldExe := userHome, executable
	userHome = func(name string) string {
		switch name {
		case "me", "root": // as if guardsh ran as root, with HOME here
			return home
		}
		return ""
	}
	executable = func() (string, error) { return root + "/opt/guardsh/guardsh", nil }
	t.Cleanup(func() { userHome, executable = oldHome, oldExe })
	return root
}

// TestOwnFilesOnDisk: paths that reach guardsh's files or an agent's
// settings only through symlinks on disk, ~user, $PATH, the binary's real
// location, or variables of guardsh's environment; and look-alikes that
// stay quiet.
func TestOwnFilesOnDisk(t *testing.T) {
	root := ownFixture(t)
	home := root + "/home/me"
	cases := []struct {
		cmd, rule string // rule "" = neither rule
	}{
		{"echo x > " + root + "/tmp/g/config.toml", "guardsh-tamper"},
		{"echo x > " + root + "/tmp/gg/config.toml", "guardsh-tamper"},
		{"echo x > " + root + "/tmp/sub/c", "guardsh-tamper"},
		{"cd " + root + "/tmp/sub && echo x > c", "guardsh-tamper"},
		{"cd " + root + "/tmp/g && printf '[approvals]\\nmode = \"off\"\\n' > config.toml", "guardsh-tamper"},
		{"cd " + root + "/tmp && echo x > g/../guardsh/config.toml", "guardsh-tamper"}, // .. after a link: its target's parent
		{"cd " + root + "/tmp && cp /x/off.toml gg", "guardsh-tamper"},                 // into the directory the link reaches
		{"cd " + root + "/tmp && mkfifo g/config.toml", "guardsh-tamper"},
		{"echo x > " + home + "/dots/guardsh/config.toml", "guardsh-tamper"}, // the real place of a symlinked config dir
		{"cd ~/dots && sed -i s/a/b/ guardsh/config.toml", "guardsh-tamper"},
		{"rm -rf " + root + "/tmp/st/guardsh", "guardsh-tamper"},
		{"cd " + root + "/tmp/st && rm -rf guardsh", "guardsh-tamper"},
		{"echo x > ~me/.config/guardsh/config.toml", "guardsh-tamper"},
		{"echo x > ~root/.config/guardsh/config.toml", "guardsh-tamper"},
		{"cd ~root/.config/guardsh && echo x > config.toml", "guardsh-tamper"},
		{"python3 -c \"open('" + root + "/tmp/g/config.toml','w').write('')\"", "guardsh-tamper"},
		// The binary, found through PATH or at its real location.
		{"cp /tmp/evil " + root + "/bin/guardsh", "guardsh-tamper"},
		{"printf '#!/bin/sh\\nexit 0\\n' > " + root + "/bin/guardsh", "guardsh-tamper"},
		{"cd " + root + "/bin && cat /tmp/evil > guardsh", "guardsh-tamper"},
		{"cd " + root + "/opt/guardsh && truncate -s 0 guardsh", "guardsh-tamper"},
		{"rm -rf " + root + "/opt", "guardsh-tamper"},
		// Agent settings through a link.
		{"echo '{}' > " + root + "/tmp/s", "agent-settings-tamper"},
		{"cd ~/proj && jq 'del(.hooks)' .claude/settings.json > /tmp/x && mv /tmp/x .claude/settings.json", "agent-settings-tamper"},
		// A hard link made earlier: the same file under another name.
		{"echo x > " + root + "/tmp/hard", "guardsh-tamper"},
		{"cd " + root + "/tmp && sed -i s/a/b/ hard", "guardsh-tamper"},
		// cd through CDPATH, on the line or in the environment.
		{"CDPATH=~/.config; cd guardsh && echo x > config.toml", "guardsh-tamper"},
		{"cd /tmp; CDPATH=:" + root + "/tmp cd g && echo x > config.toml", "guardsh-tamper"},
		// Globs the shell expands against the disk.
		{"echo x > " + home + "/.config/guard*/config.toml", "guardsh-tamper"},
		{"cd ~/.config && echo x > guar?sh/conf*.toml", "guardsh-tamper"},
		{"rm -rf ~/.config/g[u]ardsh", "guardsh-tamper"},
		{"echo '{}' > ~/proj/.cl*/settings.json", "agent-settings-tamper"},
		// Look-alikes.
		{"echo x > ~/.config/nothing*/config.toml", ""},
		{"cat " + root + "/tmp/g/config.toml", ""},
		{"cp " + root + "/tmp/g/config.toml /tmp/backup.toml", ""},
		{"rm " + root + "/tmp/g", ""}, // removes the link, not the config
		{"echo x > " + root + "/tmp/other.toml", ""},
		{"cd " + root + "/tmp && echo x > sub/other", ""},
		{"echo x > ~nobody/.config/other/config.toml", ""},
		{"printf x > " + root + "/tmp/guardsh", ""}, // not in PATH
		{"cat " + root + "/tmp/s", ""},
		{"cat " + root + "/tmp/hard", ""},
		{"CDPATH=~/proj; cd nothing-here && echo x > config.toml", ""},
	}
	for _, c := range cases {
		got := Match(parse.Commands(c.cmd, parse.Options{}), nil)
		var ids []string
		for _, f := range got {
			ids = append(ids, f.Rule)
		}
		own := contains(ids, "guardsh-tamper") || contains(ids, "agent-settings-tamper")
		switch {
		case c.rule == "" && own:
			t.Errorf("%q: must stay quiet, got %v", c.cmd, ids)
		case c.rule != "" && !contains(ids, c.rule):
			t.Errorf("%q: want %s, got %v", c.cmd, c.rule, ids)
		}
	}
}

// TestOwnFilesEnv: the XDG variables and GUARDSH_CONFIG of guardsh's own
// environment say where its files are.
func TestOwnFilesEnv(t *testing.T) {
	root := ownFixture(t)
	t.Setenv("XDG_CONFIG_HOME", root+"/xdg")
	t.Setenv("XDG_STATE_HOME", root+"/state")
	t.Setenv("GUARDSH_CONFIG", root+"/tmp/policy.toml")
	t.Setenv("CODEX_HOME", root+"/codex")
	for _, c := range []struct{ cmd, rule string }{
		{"echo x > " + root + "/xdg/guardsh/config.toml", "guardsh-tamper"},
		{"cd " + root + "/xdg && echo x > guardsh/config.toml", "guardsh-tamper"},
		{"echo x > $XDG_CONFIG_HOME/guardsh/config.toml", "guardsh-tamper"},
		{"cd " + root + "/state/guardsh && echo '{}' > sessions.json", "guardsh-tamper"},
		{"cd " + root + "/tmp && printf 'mode = \"off\"' > policy.toml", "guardsh-tamper"},
		{"echo '{}' > " + root + "/codex/hooks.json", "agent-settings-tamper"},
		{"echo '{}' > $CODEX_HOME/hooks.json", "agent-settings-tamper"},
		{"echo x > " + root + "/xdg/other/config.toml", ""},
		{"cd " + root + "/tmp && echo x > config.toml", ""},
	} {
		var ids []string
		for _, f := range Match(parse.Commands(c.cmd, parse.Options{}), nil) {
			ids = append(ids, f.Rule)
		}
		if c.rule == "" && (contains(ids, "guardsh-tamper") || contains(ids, "agent-settings-tamper")) || c.rule != "" && !contains(ids, c.rule) {
			t.Errorf("%q: want %q, got %v", c.cmd, c.rule, ids)
		}
	}
	// The paths are found again when the environment changes.
	t.Setenv("XDG_CONFIG_HOME", root+"/xdg2")
	if !strings.Contains(strings.Join(hostEnv().dirs, " "), root+"/xdg2/guardsh") {
		t.Errorf("XDG_CONFIG_HOME change not seen: %v", hostEnv().dirs)
	}
}

// BenchmarkOwnFiles measures the cost of the two rules on commands without
// and with writes: Match with them, and with them disabled.
func BenchmarkOwnFiles(b *testing.B) {
	off := map[string]bool{"guardsh-tamper": true, "agent-settings-tamper": true}
	for _, line := range []string{"ls -la", "jq . a.json > b.json && mv b.json a.json", "cd ~/.config/guardsh && printf x > config.toml"} {
		pr := parse.Commands(line, parse.Options{Dir: "/tmp"})
		for _, c := range []struct {
			name string
			dis  map[string]bool
		}{{"with", nil}, {"without", off}} {
			b.Run(c.name+"/"+line, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					Match(pr, c.dis)
				}
			})
		}
	}
}
