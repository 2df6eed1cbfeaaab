package rules

import (
	"path"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
)

// argv is a command's arguments split the GNU way: short letters, long
// options (with their values), and operands.
type argv struct {
	short    map[byte]bool
	shortVal map[byte]parse.Word // values of short options in withValue: -t DIR, -Dt DIR (pred_redteam6.go)
	long     map[string]string
	operands []parse.Word
	all      []parse.Word
}

// args splits a command's arguments. Options named in withValue take the
// next argument as their value (for short options: the rest of the bundle).
//
// Programs whose whole grammar package programs knows (rm, chmod, chown,
// chgrp, shred, rsync …) are read by it instead, and withValue is ignored.
func args(c *parse.Command, withValue ...string) argv {
	if a, ok := grammarArgs(c); ok {
		return a
	}
	var a argv
	if len(c.Args) > 0 {
		a.all = c.Args[1:]
	}
	ws := a.all
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		switch {
		case v == "--":
			a.operands = append(a.operands, ws[i+1:]...)
			return a
		case strings.HasPrefix(v, "--"):
			name, val, eq := strings.Cut(v[2:], "=")
			name = longPrefix(name, withValue) // --target-dir is --target-directory (pred_redteam6.go)
			if !eq && contains(withValue, "--"+name) && i+1 < len(ws) {
				i++
				val = ws[i].Value
			}
			a.setLong(name, val)
		case len(v) > 1 && v[0] == '-':
			for j := 1; j < len(v); j++ {
				a.setShort(v[j])
				if contains(withValue, "-"+string(v[j])) {
					if j == len(v)-1 && i+1 < len(ws) {
						i++
						a.setShortVal(v[j], ws[i])
					} else if j < len(v)-1 {
						w := ws[i]
						w.Value = v[j+1:]
						a.setShortVal(v[j], w)
					}
					break
				}
			}
		default:
			a.operands = append(a.operands, ws[i])
		}
	}
	return a
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// setShort and setLong record an option; the maps are made on the first
// one (most commands a rule reads have few options, many none).
func (a *argv) setShort(b byte) {
	if a.short == nil {
		a.short = map[byte]bool{}
	}
	a.short[b] = true
}

func (a *argv) setLong(name, val string) {
	if a.long == nil {
		a.long = map[string]string{}
	}
	a.long[name] = val
}

// has reports whether any of the short letters or long names is set.
func (a argv) has(opts ...string) bool {
	for _, o := range opts {
		if len(o) == 1 {
			if a.short[o[0]] {
				return true
			}
		} else if _, ok := a.long[o]; ok {
			return true
		} else if _, ok := a.abbrev(o); ok {
			return true
		}
	}
	return false
}

// value returns a long option's value.
func (a argv) value(name string) (string, bool) {
	v, ok := a.long[name]
	if !ok {
		return a.abbrev(name)
	}
	return v, ok
}

// words returns the values of all arguments.
func (a argv) words() []string {
	out := make([]string, len(a.all))
	for i, w := range a.all {
		out[i] = w.Value
	}
	return out
}

// sub returns the first operand (a subcommand such as git's "reset") and the
// rest, skipping the program's global options.
func sub(c *parse.Command, globalWithValue ...string) (string, []parse.Word) {
	ws := c.Args[1:]
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		if contains(globalWithValue, v) {
			i++
			continue
		}
		if strings.HasPrefix(v, "-") {
			continue
		}
		return v, ws[i+1:]
	}
	return "", nil
}

// subCommand returns a copy of c whose argv starts at the subcommand.
func subCommand(c *parse.Command, rest []parse.Word, name string) *parse.Command {
	cp := *c
	cp.Args = append([]parse.Word{{Value: name, Static: true}}, rest...)
	return &cp
}

// underTemp reports whether a path is strictly inside a temporary directory,
// without ".." and without a glob in its first component.
func underTemp(p string) bool {
	if strings.Contains(p, "..") {
		return false
	}
	if rest, ok := parse.TempPrefix(p); ok {
		rest = strings.TrimLeft(rest, "/")
		first, _, _ := strings.Cut(rest, "/")
		return first != "" && !strings.ContainsAny(first, "*?[") && first != "."
	}
	return false
}

// absolute reports whether a resolved path is absolute (or rooted in ~).
func absolute(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~")
}

// systemConfig reports whether a path is system configuration.
func systemConfig(p string) bool {
	if parse.InsideFresh(p) {
		return false // a directory a mktemp just made: nothing reads it
	}
	c := path.Clean(p)
	for _, d := range []string{"/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/lib", "/lib", "/lib64", "/usr/libexec", "/etc", "/private/etc", "/boot", "/usr/lib/systemd", "/lib/systemd", "/Library/LaunchDaemons",
		"/Library/LaunchAgents", "/private/var/root", "/etc/sudoers.d", "/usr/local/etc", "/var/spool/cron"} {
		if c == d || strings.HasPrefix(c, d+"/") {
			return true
		}
	}
	return false
}

// zshStartup reports a zsh start-up file in the directory ZDOTDIR names:
// $ZDOTDIR/.zshrc, or one of the two places people set it to
// (~/.config/zsh, ~/.zsh). zsh reads them at every start when ZDOTDIR is
// set, as it reads ~/.zshrc otherwise (redteam5).
func zshStartup(c string) bool {
	dir, base := path.Split(c)
	switch base {
	case ".zshrc", ".zshenv", ".zprofile", ".zlogin", ".zlogout":
	default:
		return false
	}
	dir = strings.TrimSuffix(dir, "/")
	switch dir {
	case "$ZDOTDIR", "${ZDOTDIR}", "~/.config/zsh", "~/.zsh", "${XDG_CONFIG_HOME}/zsh", "$XDG_CONFIG_HOME/zsh":
		return true
	}
	return strings.HasPrefix(dir, "${ZDOTDIR:-") && strings.HasSuffix(dir, "}")
}

// credentialFile reports whether a path holds credentials or shell start-up
// code of the user.
func credentialFile(p string) bool {
	c := p
	if parse.InsideFresh(c) {
		return false // a directory a mktemp just made: nothing reads it
	}
	if strings.HasPrefix(c, "${HOME}") {
		c = "~" + strings.TrimPrefix(c, "${HOME}")
	}
	if envFile(path.Base(c)) {
		return true
	}
	if zshStartup(c) {
		return true
	}
	if c == ".git/config" || strings.HasSuffix(c, "/.git/config") {
		return true // core.fsmonitor, aliases, filters: code git runs later, like ~/.gitconfig
	}
	if strings.Contains(c, ".git/hooks/") || strings.HasPrefix(c, ".githooks/") || strings.Contains(c, "/.config/autostart/") ||
		strings.Contains(c, "/.config/systemd/user/") || strings.Contains(c, "/Library/LaunchAgents/") {
		return true // code that runs on the next commit, login or boot
	}
	if strings.HasPrefix(c, "~") && !strings.HasPrefix(c, "~/") {
		// ~root/.bashrc, ~bob/.ssh: another user's home.
		if i := strings.IndexByte(c, '/'); i > 0 {
			c = "~" + c[i:]
		}
	}
	if !strings.HasPrefix(c, "~/") && !strings.HasPrefix(c, "/root/") && !strings.HasPrefix(c, "/home/") && !strings.HasPrefix(c, "/Users/") {
		return false
	}
	rest := c[strings.IndexByte(c, '/')+1:]
	if strings.HasPrefix(c, "/home/") || strings.HasPrefix(c, "/Users/") {
		_, rest, _ = strings.Cut(rest[strings.IndexByte(rest, '/')+1:], "/")
	} else if strings.HasPrefix(c, "/root/") {
		rest = strings.TrimPrefix(c, "/root/")
	}
	rest = path.Clean(rest)
	for _, f := range []string{".ssh", ".aws/credentials", ".aws/config", ".netrc", ".pgpass", ".npmrc", ".pypirc",
		".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin",
		".bash_aliases", ".zlogout", ".kshrc", ".mkshrc", ".bashrc.d", ".zshrc.d", ".oh-my-zsh/custom",
		".config/fish", ".gnupg", ".git-credentials", ".docker/config.json", ".kube/config", ".cshrc", ".tcshrc",
		".inputrc", ".bash_logout", ".config/gh/hosts.yml", ".gitconfig", ".cargo/credentials", ".cargo/credentials.toml",
		".config/gcloud", ".azure", ".terraform.d/credentials.tfrc.json", ".vault-token"} {
		if rest == f || strings.HasPrefix(rest, f+"/") {
			return true
		}
	}
	return false
}

// secretFile reports whether a path holds secrets worth stealing.
func secretFile(p string) bool {
	c := strings.TrimPrefix(p, "@")
	c = strings.TrimPrefix(c, "<")
	if strings.HasPrefix(c, "${HOME}") {
		c = "~" + strings.TrimPrefix(c, "${HOME}")
	}
	if runtimeSecret(c) { // pred_redteam5.go: /run/secrets, /proc/*/environ
		return true
	}
	if parse.InFresh(c) {
		// A file in a directory a mktemp just made (~/.ssh/x.XXXXXX/k)
		// holds only what the script put there; copying a secret in
		// reads it from its own path, which is the read reported.
		return false
	}
	base := path.Base(c)
	switch base {
	case "master.key", "credentials.yml.enc", "terraform.tfstate", "terraform.tfstate.backup", "service-account.json",
		"credentials.json", "client_secret.json", ".vault-token", "kubeconfig", "secrets.yml", "secrets.yaml":
		return true
	}
	if envFile(base) ||
		strings.HasPrefix(base, "id_") && strings.Contains(c, ".ssh") ||
		c == "/etc/shadow" || c == "/etc/gshadow" || strings.HasPrefix(c, "/etc/ssh/ssh_host_") && !strings.HasSuffix(c, ".pub") {
		return !strings.HasSuffix(c, ".pub")
	}
	if !strings.HasPrefix(c, "~/") && !strings.HasPrefix(c, "/root/") && !strings.HasPrefix(c, "/home/") {
		return false
	}
	for _, f := range []string{"/.ssh", "/.aws", "/.aws/credentials", "/.netrc", "/.gnupg", "/.git-credentials", "/.docker/config.json",
		"/.kube/config", "/.pgpass", "/.npmrc", "/.pypirc", "/.config/gh/hosts.yml", "/.vault-token", "/.config/gcloud", "/.azure"} {
		if strings.HasSuffix(c, f) || strings.Contains(c, f+"/") {
			return !strings.HasSuffix(c, ".pub") && !strings.HasSuffix(c, "known_hosts")
		}
	}
	return false
}

// guardshFile reports whether a path is guardsh's own configuration or state.
func guardshFile(p string) bool {
	for _, s := range []string{".config/guardsh", ".local/state/guardsh", "${XDG_CONFIG_HOME}/guardsh", "${XDG_STATE_HOME}/guardsh",
		"${GUARDSH_CONFIG}", ".local/share/guardsh", "${XDG_DATA_HOME}/guardsh", "guardsh/config.toml", "guardsh/audit.jsonl"} {
		if strings.Contains(p, s) {
			return true
		}
	}
	return false
}

// writeTargets returns every path a command writes to: redirection targets,
// tee operands, cp/mv/install/ln destinations, sed -i and perl -i files,
// truncate and dd of= targets.
func writeTargets(c *parse.Command) []parse.Word {
	if len(c.Redirs) == 0 && !writers()[c.Name()] {
		return nil
	}
	var out []parse.Word
	for _, r := range c.Redirs {
		if r.Writes() {
			out = append(out, r.Target)
		}
	}
	if len(c.Args) == 0 {
		return out
	}
	switch c.Name() {
	case "tee":
		out = append(out, args(c).operands...)
	case "cp", "mv", "install", "ln", "rsync":
		a := args(c, "-t", "--target-directory", "-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix", "-e")
		if t, ok := a.value("target-directory"); ok {
			out = append(out, parse.Word{Value: t, Static: true, Start: c.Start, End: c.End})
		} else if t, ok := a.shortVal['t']; ok {
			out = append(out, t) // -t DIR, also in a bundle (-Dt DIR)
		} else if a.short['t'] {
			for i, w := range c.Args {
				if w.Value == "-t" && i+1 < len(c.Args) {
					out = append(out, c.Args[i+1])
				}
			}
		} else if len(a.operands) >= 2 {
			out = append(out, a.operands[len(a.operands)-1])
		}
	case "sed":
		a := args(c, "-e", "-f", "--expression", "--file", "-l", "--line-length")
		out = append(out, sedScriptWrites(c, a)...) // w FILE, s///w FILE (pred_redteam6.go)
		if a.has("i", "in-place") || inPlaceBundle(c) {
			ops := a.operands
			if !a.has("e", "expression", "f", "file") && len(ops) > 0 {
				ops = ops[1:]
			}
			out = append(out, ops...)
		}
	case "perl":
		if inPlaceBundle(c) {
			a := args(c, "-e", "-E")
			out = append(out, a.operands...)
		}
	case "curl", "wget":
		out = append(out, downloadWords(c)...)
	case "sort":
		for i, w := range c.Args[1:] {
			if w.Value == "-o" && i+2 < len(c.Args) {
				out = append(out, c.Args[i+2])
			} else if v, ok := strings.CutPrefix(w.Value, "--output="); ok {
				w.Value = v
				out = append(out, w)
			}
		}
	case "sponge":
		out = append(out, args(c, "-a").operands...)
	case "truncate", "shred", "touch":
		if c.Name() != "touch" {
			out = append(out, args(c, "-s", "--size", "-r", "--reference", "-n", "--iterations").operands...)
		}
	case "find":
		// -fprint FILE, -fprint0 FILE, -fls FILE, -fprintf FILE FORMAT
		// create or truncate FILE.
		for i, w := range c.Args[1:] {
			switch w.Value {
			case "-fprint", "-fprint0", "-fls", "-fprintf":
				if i+2 < len(c.Args) {
					out = append(out, c.Args[i+2])
				}
			}
		}
	case "dd":
		for _, w := range c.Args[1:] {
			if v, ok := strings.CutPrefix(w.Value, "of="); ok {
				w.Value = v
				out = append(out, w)
			}
		}
	case "patch", "unzip", "gawk", "awk", "cpio":
		out = append(out, extractTargets(c)...)
	case "apply_patch", "applypatch", "ed", "red":
		out = append(out, scriptWriteTargets(c)...) // pred_redteam6.go
	}
	return withResolved(c, out)
}

// sharedGitConfig reports ln linking another repository's configuration as
// a new work tree's .git/config (git-new-workdir: ln -s "$git_dir/config"
// "$new/.git/config"): the two share what one already had, and nothing new
// runs. A configuration from a temporary directory is no repository's.
func sharedGitConfig(c *parse.Command, target parse.Word) bool {
	if c.Name() != "ln" || path.Base(target.Value) != "config" || path.Base(path.Dir(target.Value)) != ".git" {
		return false
	}
	ops := args(c, "-t", "--target-directory", "-S", "--suffix").operands
	if len(ops) != 2 {
		return false
	}
	src := ops[0].Value
	return path.Base(src) == "config" && !tempDir(src) && !underTemp(src) && !inTemp(src)
}

// relInKnownDir reports a static relative word of a command whose working
// directory the line's own cd makes known.
func relInKnownDir(c *parse.Command, w parse.Word) bool {
	v := w.Value
	return c.Dir != "" && w.Static && v != "" && v != "-" && !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "~") && !strings.HasPrefix(v, "$")
}

// withResolved adds to relative static targets their path in the working
// directory when the line's own cd makes it known: cd ~/.ssh && cat k >>
// authorized_keys writes ~/.ssh/authorized_keys, cd /etc && cp x hosts
// writes /etc/hosts. The target as written stays, for rules that read
// relative names (.env, .git/hooks/…).
func withResolved(c *parse.Command, out []parse.Word) []parse.Word {
	if c.Dir == "" {
		return out
	}
	n := len(out)
	for _, w := range out[:n] {
		if !relInKnownDir(c, w) {
			continue
		}
		r := w
		r.Value = c.Resolve(w.Value)
		out = append(out, r)
	}
	return out
}

// inPlaceBundle finds -i in bundles such as -pi or -i.bak.
func inPlaceBundle(c *parse.Command) bool {
	for _, w := range c.Args[1:] {
		v := w.Value
		if strings.HasPrefix(v, "-i") || strings.HasPrefix(v, "--in-place") {
			return true
		}
		if len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "i") && !strings.ContainsAny(v, "=/") && len(v) <= 4 {
			return true
		}
	}
	return false
}

// envFile reports whether a file name is a dotenv file with real values
// (.env, .env.production), not a template (.env.example).
func envFile(base string) bool {
	if base == ".env" {
		return true
	}
	if !strings.HasPrefix(base, ".env.") {
		return false
	}
	for _, t := range []string{"example", "sample", "template", "dist", "defaults"} {
		if strings.Contains(base, t) {
			return false
		}
	}
	return true
}

// downloadWords returns the files curl -o and wget -O write (and the
// directories --output-dir and -P name), as words: see grammarWrites.
func downloadWords(c *parse.Command) []parse.Word { return grammarWrites(c) }

// writers are the programs writeTargets knows how to read.
var writers = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"tee": true, "cp": true, "mv": true, "install": true, "ln": true, "rsync": true, "sed": true,
		"perl": true, "truncate": true, "shred": true, "dd": true, "find": true, "curl": true, "wget": true, "sort": true, "sponge": true,
		"patch": true, "unzip": true, "gawk": true, "awk": true, "cpio": true, "apply_patch": true, "applypatch": true, "ed": true, "red": true}
})

// inTemp reports a path inside /tmp (globs allowed), for deleting single
// files: rm -f /tmp/*.lock.
func inTemp(p string) bool {
	if strings.Contains(p, "..") {
		return false
	}
	for _, t := range []string{"/tmp/", "/var/tmp/", "/private/tmp/", "${TMPDIR}/"} {
		if rest, ok := strings.CutPrefix(p, t); ok && rest != "" && rest != "*" {
			return true
		}
	}
	return false
}
