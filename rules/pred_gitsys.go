package rules

import (
	"path"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
)

// gitsysPredicates returns the $conditions of the gitsys pack entries
// (sync, system, packages, downgrades); initPredicates adds them, on first
// use.
func gitsysPredicates() map[string]func(c *parse.Command, ws []parse.Word, rest []int) bool {
	return map[string]func(c *parse.Command, ws []parse.Word, rest []int) bool{
		// nodeps-remove: see nodepsRemove.
		"nodeps-remove": func(c *parse.Command, ws []parse.Word, rest []int) bool { return nodepsRemove(c) },
		// insecure-setting-write: text that switches a security check off is
		// written to the configuration file that reads it (insecureSettings).
		"insecure-setting-write": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			targets := writeTargets(c)
			if len(targets) == 0 {
				return false
			}
			text := ""
			for _, t := range targets {
				for _, s := range insecureSettings() {
					if !s.file(homeRelative(t.Value)) {
						continue
					}
					if text == "" {
						text = settingText(writtenText(c, ws) + "\n" + c.StdinText)
					}
					for _, n := range s.needles {
						if strings.Contains(text, n) {
							return true
						}
					}
				}
			}
			return false
		},
		// outside-project: an operand after the pattern's words names a file
		// outside the project: an absolute or home path that is not a
		// temporary file, a device (disk rules) or a log (logs pack).
		"outside-project": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			for _, i := range rest {
				w := ws[i]
				v := w.Value
				if !w.Static && strings.Contains(v, "$") {
					continue
				}
				if !absolute(v) && !strings.HasPrefix(v, "${HOME}") {
					continue
				}
				if underTemp(v) || inTemp(v) || parse.InFresh(v) || strings.HasPrefix(v, "/dev/") || strings.HasPrefix(v, "/proc/") || logFile(v) {
					continue
				}
				return true
			}
			return false
		},
		// empties-outside: a file outside the project is emptied by a
		// redirection with nothing written (: > FILE, > FILE, true > FILE)
		// or by cp /dev/null FILE.
		"empties-outside": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			var targets []parse.Word
			switch c.Name() {
			case "", ":", "true":
				for _, r := range c.Redirs {
					if (r.Op == ">" || r.Op == ">|" || r.Op == "&>") && !lockFileFd(r) {
						targets = append(targets, r.Target)
					}
				}
			case "cp":
				a := args(c)
				if len(a.operands) == 2 && a.operands[0].Value == "/dev/null" {
					targets = append(targets, a.operands[1])
				}
			}
			for _, t := range targets {
				v := t.Value
				if (t.Static || !strings.Contains(v, "$")) && (absolute(v) || strings.HasPrefix(v, "${HOME}")) &&
					!underTemp(v) && !inTemp(v) && !parse.InFresh(v) && !strings.HasPrefix(v, "/dev/") && !strings.HasPrefix(v, "/proc/") && !logFile(v) {
					return true
				}
			}
			return false
		},
		// npm-http-registry: npm config set registry http://… (or
		// @scope:registry): packages then come over plain HTTP, and anyone on
		// the path can serve other code.
		"npm-http-registry": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			if len(rest) == 0 {
				return false
			}
			k, v, eq := strings.Cut(ws[rest[0]].Value, "=")
			if !eq && len(rest) > 1 {
				v = ws[rest[1]].Value
			}
			k = strings.ToLower(k)
			return (k == "registry" || strings.HasSuffix(k, ":registry")) && strings.HasPrefix(strings.ToLower(strings.Trim(v, `"'`)), "http://")
		},
		// git-safe-any: git config safe.directory '*' switches off git's
		// check that a repository belongs to the user, which keeps another
		// user's hooks and config (core.fsmonitor, core.sshCommand) from
		// running as you.
		"git-safe-any": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			if len(rest) > 0 && ws[rest[0]].Value == "set" {
				rest = rest[1:]
			}
			return len(rest) >= 2 && strings.ToLower(ws[rest[0]].Value) == "safe.directory" && ws[rest[1]].Value == "*"
		},
		// git-ssh-insecure: git config core.sshCommand with host key checks
		// off (StrictHostKeyChecking=no, UserKnownHostsFile=/dev/null).
		"git-ssh-insecure": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			if len(rest) > 0 && ws[rest[0]].Value == "set" {
				rest = rest[1:]
			}
			if len(rest) < 2 || strings.ToLower(ws[rest[0]].Value) != "core.sshcommand" {
				return false
			}
			return sshInsecure(settingText(ws[rest[1]].Value))
		},
	}
}

// An insecureSetting is a configuration file (by path) and the settings
// in it that switch a security check off, written as settingText words.
type insecureSetting struct {
	file    func(p string) bool
	needles []string
}

// insecureSettings are the persistent security downgrades guardsh knows,
// by file: TLS checks of curl, wget, apt, yum/dnf, pip; package signature
// checks; host key checks of ssh; root and password logins of sshd; plain
// HTTP Docker registries.
var insecureSettings = sync.OnceValue(func() []insecureSetting {
	return []insecureSetting{
		{file: baseIs(".curlrc", "_curlrc"), needles: []string{" insecure ", " -k ", " --insecure "}},
		{file: baseIs(".wgetrc", "wgetrc"), needles: []string{"check_certificate=off", "check-certificate=off", "check_certificate=0", "check_certificate=no"}},
		{file: pathUnder("/etc/apt/apt.conf.d/", "/etc/apt/apt.conf"), needles: []string{"verify-peer false", "verify-host false", "allowunauthenticated true",
			"allowinsecurerepositories true", "allowdowngradetoinsecurerepositories true", "allow-unauthenticated true", "force-yes true"}},
		{file: pathUnder("/etc/apt/sources.list.d/", "/etc/apt/sources.list"), needles: []string{"trusted=yes", "allow-insecure=yes", "allow-weak=yes", "check-valid-until=no"}},
		{file: pathUnder("/etc/yum.repos.d/", "/etc/yum.conf", "/etc/dnf/dnf.conf", "/etc/zypp/repos.d/"), needles: []string{"gpgcheck=0", "gpgcheck=false", "gpgcheck=no",
			"sslverify=0", "sslverify=false", "sslverify=no"}},
		{file: pathUnder("/etc/pacman.conf"), needles: []string{"siglevel=never", "siglevel = never"}},
		{file: pathUnder("/etc/ssh/sshd_config", "/etc/ssh/sshd_config.d/"), needles: []string{"permitrootlogin yes", "passwordauthentication yes",
			"permitemptypasswords yes", "strictmodes no"}},
		{file: func(p string) bool {
			return strings.HasPrefix(p, "~/.ssh/config") || pathUnder("/etc/ssh/ssh_config", "/etc/ssh/ssh_config.d/")(p)
		}, needles: []string{"stricthostkeychecking no", "stricthostkeychecking=no", "userknownhostsfile /dev/null", "userknownhostsfile=/dev/null"}},
		{file: pathUnder("/etc/docker/daemon.json"), needles: []string{"insecure-registries"}},
		{file: func(p string) bool {
			return baseIs("pip.conf", "pip.ini")(p) && (strings.HasPrefix(p, "/etc/") || strings.HasPrefix(p, "~/"))
		}, needles: []string{"trusted-host"}},
		{file: baseIs(".npmrc", ".yarnrc", ".yarnrc.yml"), needles: []string{"strict-ssl=false", "strict-ssl false", "enablestrictssl: false", "registry=http://", "registry http://"}},
		{file: baseIs(".gitconfig"), needles: []string{"sslverify=false", "sslverify=0", "sslverify = false"}},
	}
})

// settingText lowercases configuration text, drops quotes and ;, and
// spaces around =, and puts one space between words and at both ends, so a
// needle such as "verify-peer false" matches Verify-Peer "false";.
func settingText(s string) string {
	s = strings.ToLower(s)
	s = strings.NewReplacer(`"`, " ", "'", " ", ";", " ", `\n`, " ", `\t`, " ", "{", " ", "}", " ", ",", " ", "[", " ", "]", " ").Replace(s)
	f := strings.Fields(s)
	out := " " + strings.Join(f, " ") + " "
	for strings.Contains(out, " = ") {
		out = strings.ReplaceAll(out, " = ", "=")
	}
	out = strings.ReplaceAll(out, " =", "=")
	out = strings.ReplaceAll(out, "= ", "=")
	// sed scripts: s/a/b/ leaves its parts joined by /.
	return out + strings.ReplaceAll(out, "/", " ") + " "
}

// sshInsecure reports ssh options that switch host key checks off.
func sshInsecure(t string) bool {
	return strings.Contains(t, "stricthostkeychecking=no") || strings.Contains(t, "userknownhostsfile=/dev/null")
}

// homeRelative writes a path under the home directory as ~/….
func homeRelative(p string) string {
	if rest, ok := strings.CutPrefix(p, "${HOME}"); ok {
		return "~" + rest
	}
	return p
}

func baseIs(names ...string) func(string) bool {
	return func(p string) bool {
		b := path.Base(p)
		for _, n := range names {
			if b == n {
				return true
			}
		}
		return false
	}
}

// pathUnder matches paths equal to one of the names or, for a name ending in
// "/", inside that directory.
func pathUnder(names ...string) func(string) bool {
	return func(p string) bool {
		p = path.Clean(p)
		for _, n := range names {
			if strings.HasSuffix(n, "/") && strings.HasPrefix(p, n) || p == n {
				return true
			}
		}
		return false
	}
}

// writtenText is the text a writer command puts into its files: for sed,
// the replacements of its s/…/…/ expressions (not what they replace, so
// that s/yes/no/ is not read as writing yes) and its other commands; for
// the others, their argument words.
func writtenText(c *parse.Command, ws []parse.Word) string {
	if c.Name() != "sed" {
		return wordsText(ws)
	}
	var b strings.Builder
	for _, w := range ws {
		v := w.Value
		if len(v) > 3 && v[0] == 's' && !isAlnum(v[1]) && v[1] != ' ' {
			parts := strings.Split(v[2:], string(v[1]))
			if len(parts) >= 2 {
				b.WriteString(parts[1])
				b.WriteByte(' ')
				continue
			}
		}
		b.WriteString(v)
		b.WriteByte(' ')
	}
	return b.String()
}

func isAlnum(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// nodepsRemove reports removing a package while telling the package
// manager to ignore what depends on it: pacman -Rdd, rpm -e --nodeps,
// dpkg --force-depends (or --force-all) -r/-P.
func nodepsRemove(c *parse.Command) bool {
	switch c.Name() {
	case "pacman":
		removing, d := false, 0
		for _, w := range c.Args[1:] {
			v := w.Value
			switch {
			case v == "--remove":
				removing = true
			case v == "--nodeps":
				d++
			case len(v) > 1 && v[0] == '-' && v[1] != '-':
				if strings.IndexByte(v, 'R') > 0 {
					removing = true
				}
				d += strings.Count(v, "d")
			}
		}
		return removing && d >= 2
	case "rpm":
		a := args(c)
		return a.has("e", "erase") && a.has("nodeps")
	case "dpkg":
		a := args(c)
		if !a.has("r", "P", "remove", "purge") {
			return false
		}
		for _, w := range c.Args[1:] {
			if v, ok := strings.CutPrefix(w.Value, "--force-"); ok {
				for _, f := range strings.Split(v, ",") {
					if f == "all" || f == "depends" || f == "remove-essential" || f == "remove-protected" {
						return true
					}
				}
			}
		}
	}
	return false
}
