package rules

import (
	"path"
	"strconv"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// Permissions given away: a secret made readable by other accounts, and a
// system path made writable by one through an owner or an ACL. chmod's
// write grants are chmod-world-writable's and privilege-grant's; these are
// the readings they did not have (chmod 644 /etc/shadow, chown bob
// /usr/bin/sudo and every setfacl grant were allowed).

// exposedSecret reports whether a path's contents are a secret another
// account must not read: password hashes, private keys, credentials. The
// files ssh wants readable (config, authorized_keys, known_hosts, *.pub)
// and a project's .env are not, and neither is a secret directory itself
// unless the change is recursive (chmod 755 ~/.ssh lists, chmod -R 755
// ~/.ssh exposes the keys).
func exposedSecret(p string, recursive bool) bool {
	c := p
	if strings.HasPrefix(c, "${HOME}") {
		c = "~" + strings.TrimPrefix(c, "${HOME}")
	}
	c = path.Clean(c)
	base := path.Base(c)
	if strings.HasPrefix(c, "/etc/ssl/private/") || c == "/etc/ssl/private" && recursive {
		return true
	}
	if base == ".ssh" || base == ".aws" || base == ".gnupg" || base == ".azure" || base == "gcloud" {
		return recursive && secretFile(c+"/x")
	}
	if envFile(base) {
		return false
	}
	switch base {
	case "config", "authorized_keys", "authorized_keys2", "known_hosts", "environment", "rc":
		if path.Base(path.Dir(c)) == ".ssh" {
			return false
		}
	}
	return secretFile(c)
}

// grantsRead reports a chmod mode that gives others read permission (the
// octal other digit; o, a or no who letters, which chmod applies to every
// class the umask leaves). Group read is not counted: /etc/shadow is 640
// root:shadow and private keys 640 root:ssl-cert by design.
func grantsRead(m string) bool { return grantsPerm(m, 3, 4, 'r', "oa", "+=") }

// secretMadeReadable reports a chmod, install or setfacl that lets other
// accounts read a secret file (chmod 644 /etc/shadow, chmod -R 755 ~/.ssh,
// setfacl -m u:www-data:r ~/.aws/credentials).
func secretMadeReadable(c *parse.Command) bool {
	switch c.Name() {
	case "chmod":
		m := chmodMode(c)
		if m == "" || !grantsRead(m) {
			return false
		}
		a := args(c)
		rec := a.has("R", "recursive")
		for i, w := range a.operands {
			if i == 0 && w.Value == m {
				continue
			}
			v := w.Value
			if relInKnownDir(c, w) {
				v = c.Resolve(v) // cd ~/.ssh && chmod 644 id_rsa
			}
			if exposedSecret(v, rec) {
				return true
			}
		}
	case "setfacl":
		g := readACL(c)
		for _, t := range g.targets {
			v := t.Value
			if relInKnownDir(c, t) {
				v = c.Resolve(v)
			}
			if g.read && exposedSecret(v, g.recursive) {
				return true
			}
		}
	}
	return false
}

// aclGrant is what a setfacl command grants: read or write for an account
// other than root (a named user or group, the owning group, others), on
// its targets.
type aclGrant struct {
	read, write bool
	recursive   bool
	targets     []parse.Word
}

// readACL reads setfacl's -m/--modify/--set entries
// ([d[efault]:]u[ser]:NAME:PERMS, g[roup]:NAME:PERMS, o[ther]::PERMS; PERMS
// letters or one octal digit) and its file operands. A mask entry grants
// nothing of its own; -x, -X and -b take away.
func readACL(c *parse.Command) aclGrant {
	var g aclGrant
	var specs []string
	ws := c.Args[1:]
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		switch {
		case v == "--":
			g.targets = append(g.targets, ws[i+1:]...)
			i = len(ws)
		case strings.HasPrefix(v, "--modify=") || strings.HasPrefix(v, "--set="):
			_, s, _ := strings.Cut(v, "=")
			specs = append(specs, s)
		case v == "--modify" || v == "--set" || v == "--remove" || v == "--set-file" || v == "--modify-file" || v == "--remove-file":
			if i+1 < len(ws) {
				i++
				if v == "--modify" || v == "--set" {
					specs = append(specs, ws[i].Value)
				}
			}
		case v == "--recursive":
			g.recursive = true
		case strings.HasPrefix(v, "--"):
		case len(v) > 1 && v[0] == '-':
			for j := 1; j < len(v); j++ {
				switch v[j] {
				case 'R':
					g.recursive = true
				case 'm', 'x', 'M', 'X':
					val := v[j+1:]
					if val == "" && i+1 < len(ws) {
						i++
						val = ws[i].Value
					}
					if v[j] == 'm' {
						specs = append(specs, val)
					}
					j = len(v)
				}
			}
		default:
			g.targets = append(g.targets, ws[i])
		}
	}
	for _, s := range specs {
		for _, e := range strings.Split(s, ",") {
			r, w := aclEntryGrants(e)
			g.read, g.write = g.read || r, g.write || w
		}
	}
	return g
}

// aclEntryGrants reads one ACL entry: whether it gives read or write to an
// account other than the file's owner and root.
func aclEntryGrants(e string) (read, write bool) {
	parts := strings.Split(strings.TrimSpace(e), ":")
	if len(parts) > 0 && (parts[0] == "d" || parts[0] == "default") {
		parts = parts[1:]
	}
	if len(parts) != 3 {
		return false, false
	}
	tag, who, perms := parts[0], parts[1], parts[2]
	switch tag {
	case "u", "user":
		if who == "" || who == "root" || who == "0" {
			return false, false // the owner's own entry, or root
		}
	case "g", "group":
		if who == "" || who == "root" || who == "0" {
			return false, false // the owning group's own entry, or root's
		}
	case "o", "other":
	default:
		return false, false // m[ask]: no grant of its own
	}
	if n, err := strconv.Atoi(perms); err == nil && len(perms) == 1 {
		return n&4 != 0, n&2 != 0
	}
	return strings.Contains(perms, "r"), strings.Contains(perms, "w")
}

// systemBin reports a program in a system bin directory, which root runs:
// the account that owns it can replace it. /usr/local/bin/TOOL is not
// (a user's own install there is common).
func systemBin(p string) bool {
	switch path.Dir(path.Clean(p)) {
	case "/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/libexec", "/usr/lib/sudo", "/usr/libexec/sudo":
		return true
	}
	return false
}

// systemHandedOver reports a chown of a system program to an account other
// than root (chown bob /usr/bin/sudo), and a setfacl that lets such an
// account write a root directory, root's configuration or a system program
// (setfacl -m u:bob:rw /etc/shadow, setfacl -m o::rwx /usr/bin/sudo).
// Recursive grants under system paths are chmod-recursive-system's.
func systemHandedOver(c *parse.Command) bool {
	switch c.Name() {
	case "chown":
		a := args(c)
		if len(a.operands) < 2 {
			return false
		}
		if _, ok := a.value("reference"); ok {
			return false
		}
		owner := a.operands[0]
		user, _, _ := strings.Cut(owner.Value, ":")
		if owner.Static && (user == "" || user == "root" || user == "0") || !owner.Static && strings.HasPrefix(owner.Value, ":") {
			return false
		}
		for _, w := range a.operands[1:] {
			if w.Static && systemBin(w.Value) {
				return true
			}
		}
	case "setfacl":
		g := readACL(c)
		if !g.write || g.recursive {
			return false // recursive: chmod-recursive-system, as chown -R
		}
		for _, t := range g.targets {
			if !t.Static {
				continue
			}
			p := path.Clean(t.Value)
			if rootDirs[p] || systemBin(p) {
				return true
			}
			for _, pre := range rootConfig {
				if strings.HasPrefix(p, pre) {
					return true
				}
			}
		}
	}
	return false
}

// aclRecursiveSystem reports setfacl -R granting write under a system or
// home path, as chown -R of it would (docker-selenium: setfacl -Rm
// u:seluser:rwx /opt).
func aclRecursiveSystem(c *parse.Command) bool {
	if c.Name() != "setfacl" {
		return false
	}
	g := readACL(c)
	if !g.recursive || !g.write {
		return false
	}
	for _, w := range g.targets {
		v := w.Value
		if relInKnownDir(c, w) {
			v = c.Resolve(v)
		}
		home := strings.HasPrefix(v, "~/") && !parse.HomeLike(v) || strings.HasPrefix(v, "${HOME}/")
		if (strings.HasPrefix(v, "/") || parse.HomeLike(v)) && !underTemp(v) && !home {
			return true
		}
	}
	return false
}

// lockFileFd reports the flock idiom's redirect: a descriptor of its own
// (3 and up) opened on a lock file, ( flock -n 9 || exit 1; … ) 9>
// /var/lock/app.lock, exec 9>/run/app.lck. Emptying a lock file loses
// nothing; a package manager's lock file (yarn.lock, Cargo.lock) is data
// and a redirect on stdout is a write.
func lockFileFd(r parse.Redirect) bool {
	if r.Fd == "" || r.Fd == "0" || r.Fd == "1" || r.Fd == "2" || !r.Target.Static {
		return false
	}
	v := path.Clean(r.Target.Value)
	base := path.Base(v)
	switch base {
	case "yarn.lock", "Cargo.lock", "Gemfile.lock", "poetry.lock", "composer.lock", "flake.lock", "Pipfile.lock", "mix.lock",
		"pubspec.lock", "Podfile.lock", "uv.lock", "deno.lock", "conan.lock", "Package.resolved":
		return false
	}
	b := strings.ToLower(base)
	for _, suf := range []string{".lock", ".lck", "_lock", "-lock", ".lockfile", "_lockfile"} {
		if strings.HasSuffix(b, suf) {
			return true
		}
	}
	return b == "lock" || b == "lockfile" || strings.HasPrefix(v, "/var/lock/") || strings.HasPrefix(v, "/run/lock/")
}
