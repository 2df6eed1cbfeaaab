package rules

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// This file holds what the public-repositories pass of issue 12 found
// missing (notes/public.md): CI images' install scripts hand a system
// directory to an unprivileged user (pytorch's install_user.sh does `chown
// jenkins:jenkins /usr/local` "for make install"). The directories root's
// PATH, libraries and start-up configuration come from are root's: their
// owner can put a program there that root runs next, so giving one to
// another user is granting root. chown -R of them is chmod-recursive-system;
// this is the plain chown.

// rootDirs are the directories whose owner decides what root runs or reads
// at start-up.
var rootDirs = map[string]bool{
	"/bin": true, "/sbin": true, "/usr": true, "/usr/bin": true, "/usr/sbin": true,
	"/usr/local": true, "/usr/local/bin": true, "/usr/local/sbin": true,
	"/usr/lib": true, "/usr/libexec": true, "/usr/local/lib": true, "/lib": true, "/lib64": true,
	"/etc": true, "/boot": true, "/root": true, "/var/spool/cron": true,
}

// rootConfig are the paths under /etc, at any depth, whose files root runs
// or obeys: a user who owns them owns root.
var rootConfig = []string{"/etc/sudoers", "/etc/cron", "/etc/systemd", "/etc/init.d", "/etc/rc", "/etc/profile", "/etc/bash.bashrc",
	"/etc/environment", "/etc/ld.so.", "/etc/pam.d", "/etc/passwd", "/etc/shadow", "/etc/group", "/etc/gshadow", "/etc/ssh", "/etc/apt", "/etc/yum.repos.d"}

// systemDirHandoff reports whether a chown gives a root directory or root
// configuration to an owner other than root.
func systemDirHandoff(c *parse.Command) bool {
	if path.Base(c.Name()) != "chown" {
		return false
	}
	a := args(c)
	if a.has("R", "recursive") || len(a.operands) < 2 {
		return false
	}
	if _, ok := a.value("reference"); ok {
		return false
	}
	owner := a.operands[0]
	user, _, _ := strings.Cut(owner.Value, ":")
	if owner.Static && (user == "" || user == "root" || user == "0") {
		return false
	}
	if !owner.Static && strings.HasPrefix(owner.Value, ":") {
		return false
	}
	for _, w := range a.operands[1:] {
		if !w.Static {
			continue
		}
		p := w.Value
		if !strings.HasPrefix(p, "/") {
			// Relative to a directory the line reached: cd / && chown
			// bob usr/local.
			if !strings.HasPrefix(c.Dir, "/") {
				continue
			}
			p = path.Join(c.Dir, p)
		}
		p = path.Clean(p)
		if rootDirs[p] {
			return true
		}
		for _, pre := range rootConfig {
			if strings.HasPrefix(p, pre) {
				return true
			}
		}
	}
	return false
}

// kernelKnobs are the kernel hardening settings under /proc/sys and the
// value that switches each off (kernel-hardening-off): docker-install's CI
// writes 0 to apparmor_restrict_unprivileged_userns before it installs.
var kernelKnobs = map[string]string{
	"/proc/sys/kernel/randomize_va_space":                    "0",
	"/proc/sys/kernel/yama/ptrace_scope":                     "0",
	"/proc/sys/kernel/kptr_restrict":                         "0",
	"/proc/sys/kernel/apparmor_restrict_unprivileged_userns": "0",
	"/proc/sys/kernel/unprivileged_userns_clone":             "1",
	"/proc/sys/kernel/dmesg_restrict":                        "0",
	"/proc/sys/fs/protected_symlinks":                        "0",
	"/proc/sys/fs/protected_hardlinks":                       "0",
}
