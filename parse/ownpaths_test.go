package parse

import (
	"os"
	"path/filepath"
	"testing"
)

func TestPathEnvResolve(t *testing.T) {
	root := t.TempDir()
	root, _ = filepath.EvalSymlinks(root)
	home := filepath.Join(root, "home", "me")
	cfg := filepath.Join(home, ".config", "guardsh")
	os.MkdirAll(cfg, 0o755)
	os.MkdirAll(filepath.Join(root, "tmp", "a", "b"), 0o755)
	os.WriteFile(filepath.Join(cfg, "config.toml"), nil, 0o644)
	// Links: an absolute one to the config dir, a relative one to the
	// config file, a link to a link, a link to a directory followed by "..".
	os.Symlink(cfg, filepath.Join(root, "tmp", "g"))
	os.Symlink("../../home/me/.config/guardsh/config.toml", filepath.Join(root, "tmp", "a", "c"))
	os.Symlink(filepath.Join(root, "tmp", "g"), filepath.Join(root, "tmp", "gg"))
	os.Symlink(filepath.Join(cfg, "x", "y"), filepath.Join(root, "tmp", "deep"))
	os.Symlink("loop", filepath.Join(root, "tmp", "loop"))
	env := &PathEnv{Home: home,
		Getenv: func(n string) string {
			return map[string]string{"XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": "", "USER": "me"}[n]
		},
		UserHome: func(n string) string {
			if n == "me" {
				return home
			}
			return ""
		},
	}
	tmp := root + "/tmp"
	cases := []struct {
		dir, p string
		follow bool
		want   string // "" = not ok
	}{
		{"", "~/.config/guardsh/config.toml", true, cfg + "/config.toml"},
		{"", "~me/.config/guardsh/config.toml", true, cfg + "/config.toml"},
		{"", "~nobody/.config/guardsh/config.toml", true, ""},
		{"", "${XDG_CONFIG_HOME}/guardsh/config.toml", true, cfg + "/config.toml"},
		{"", "${XDG_DATA_HOME}/guardsh", true, "/guardsh"}, // unset is empty, as in the shell
		{"", "${OTHER}/guardsh", true, ""},
		{"", "$(…)/guardsh", true, ""},
		{"~/.config/guardsh", "config.toml", true, cfg + "/config.toml"},
		{"~/.config", "./guardsh/../guardsh//config.toml", true, cfg + "/config.toml"},
		{"", "config.toml", true, ""}, // relative, directory unknown
		{tmp, "g/config.toml", true, cfg + "/config.toml"},
		{tmp, "gg/config.toml", true, cfg + "/config.toml"},
		{tmp, "a/c", true, cfg + "/config.toml"},
		{tmp, "a/c", false, tmp + "/a/c"}, // rm a/c removes the link
		{tmp, "g", false, tmp + "/g"},
		{tmp, "g/", true, cfg},
		{tmp, "g/../guardsh/config.toml", true, home + "/.config/guardsh/config.toml"}, // .. after a link: the target's parent
		{tmp, "deep/z", true, cfg + "/x/y/z"},                                          // a dangling link: its target as written
		{tmp, "a/b/../../g/new", true, cfg + "/new"},
		{tmp, "loop/x", true, tmp + "/loop/x"},
		{"/", "etc/guardsh/x", true, "/etc/guardsh/x"},
	}
	for _, c := range cases {
		got, ok := env.Resolve(c.dir, c.p, c.follow)
		if c.want == "" {
			if ok {
				t.Errorf("Resolve(%q, %q) = %q, want unknown", c.dir, c.p, got)
			}
			continue
		}
		if !ok || got != c.want {
			t.Errorf("Resolve(%q, %q, %v) = %q, %v; want %q", c.dir, c.p, c.follow, got, ok, c.want)
		}
	}
}
