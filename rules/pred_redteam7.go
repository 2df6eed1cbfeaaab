package rules

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// The seventh red team on the verified-download contract (pred_verify.go,
// notes/redteam7.md):
//
//   - A checksum or signature check makes a run of the downloaded file
//     quiet only in a file scan (check FILE: a reviewer's script, image or
//     workflow). At a prompt, from an agent's hook, in $SHELL mode and in
//     --batch the line's author also writes the check: curl -o i.sh URL &&
//     curl -o i.sh.sha256 URL.sha256 && sha256sum -c i.sh.sha256 && sh i.sh
//     checks the server against itself, and an agent can put any sums file
//     beside the download. There a run of a download asks, as it did
//     before the contract (download-run, remote-code).
//   - A check counts for a download only when it comes after that download
//     and nothing writes the file again between the check and the use (a
//     second curl -o of the same name, cp x i.sh, sed -i, mv … i.sh): the
//     check before the download, or of a file replaced after it, checked
//     other bytes than the ones that run.

// runChecks returns the checks of an input that may quiet a run of a
// download: those of a file scan, none otherwise.
func runChecks(r *parse.Result) *checks {
	if r == nil || !r.File {
		return nil
	}
	return inputChecks(r)
}

// since returns the checks of k that come after the download dl of f and
// before which nothing rewrites f up to its use (for a use the check may
// follow, an install, the checks after the use are kept as they are).
func (k *checks) since(dl *parse.Command, f string, use *parse.Command, after bool) *checks {
	from, to := k.order[dl], k.order[use]
	keep := func(list []check) []check {
		var out []check
		for _, ck := range list {
			if ck.at <= from {
				continue // checked before this download
			}
			if ck.at < to && k.rewrites(f, ck.at, to) {
				continue // the file was written again after the check
			}
			out = append(out, ck)
		}
		return out
	}
	n := &checks{order: k.order, res: k.res, all: keep(k.all)}
	for name, list := range k.names {
		if l := keep(list); len(l) > 0 {
			if n.names == nil {
				n.names = map[string][]check{}
			}
			n.names[name] = l
		}
	}
	_ = after
	return n
}

// rewrites reports a command of the input, between places from and to of
// the walk, that writes the file f (by its base name, as checks name files).
func (k *checks) rewrites(f string, from, to int) bool {
	if k.res == nil {
		return false
	}
	b := path.Base(path.Clean(f))
	for _, c := range k.res.Commands {
		i := k.order[c]
		if i <= from || i >= to {
			continue
		}
		if fetches(c, k.res) {
			for _, t := range fetchTargets(c) {
				if path.Base(path.Clean(t)) == b {
					return true
				}
			}
		}
		for _, w := range writeTargets(c) {
			if w.Static && path.Base(path.Clean(w.Value)) == b {
				return true
			}
		}
		if n := c.Name(); n == "mv" || n == "cp" || n == "ln" || n == "install" || n == "rsync" || n == "tee" {
			if ops := args(c).operands; len(ops) > 0 {
				if last := ops[len(ops)-1]; last.Static && path.Base(path.Clean(last.Value)) == b {
					return true
				}
			}
		}
	}
	return false
}

// anyMatch reports a comparison stage that any sum passes: sha256sum F |
// grep -q . (or "", ^, a pattern that is no hash), so the check cannot
// fail. A dynamic pattern ("$SUM") or one that holds a hash (a run of 32
// or more hex digits) compares.
func anyMatch(st *parse.Command) bool {
	switch st.Name() {
	case "grep", "egrep", "fgrep":
	default:
		return false
	}
	var pats []parse.Word
	var first *parse.Word
	ws := st.Args[1:]
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		v := w.Value
		switch {
		case v == "-e" || v == "--regexp":
			if i+1 < len(ws) {
				i++
				pats = append(pats, ws[i])
			}
		case strings.HasPrefix(v, "--regexp="):
			w.Value = strings.TrimPrefix(v, "--regexp=")
			pats = append(pats, w)
		case v == "-f" || v == "--file" || strings.HasPrefix(v, "--file=") || strings.HasPrefix(v, "-f"):
			return false // patterns from a file: not known here
		case v == "-m" || v == "--max-count" || v == "-A" || v == "-B" || v == "-C":
			i++
		case strings.HasPrefix(v, "-e") && len(v) > 2:
			w.Value = v[2:]
			pats = append(pats, w)
		case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && v != "-":
			// A bundle: -qf FILE reads patterns from FILE, -qe PAT gives one.
			if strings.ContainsRune(v, 'f') {
				return false
			}
			if strings.HasSuffix(v, "e") && i+1 < len(ws) {
				i++
				pats = append(pats, ws[i])
			}
		case strings.HasPrefix(v, "-") && v != "-":
		default:
			if first == nil {
				first = &ws[i]
			}
		}
	}
	if len(pats) == 0 && first != nil {
		pats = []parse.Word{*first}
	}
	if len(pats) == 0 {
		return false
	}
	for _, w := range pats {
		if !w.Static || hexRun(w.Value) >= 32 {
			return false
		}
	}
	return true
}

// hexRun returns the length of the longest run of hex digits in s.
func hexRun(s string) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

// maintSystemName reports a package name that is also the name of a
// system directory or of a program other packages ship (the seventh red
// team on rules/maint.go): the contract takes a path with a whole component
// equal to the package's name as the package's own, so a debian/ssl.postrm
// removing /etc/ssl (the CA store and private keys), a debian/cron.d.postrm
// removing /etc/cron.d, or a debian/env.postinst linking its binary over
// /usr/bin/env (also ls, git, python3 …) was quiet. Such a name gets no
// contract, as a security program's does. (A switch: nothing is built at
// start-up.)
func maintSystemName(n string) bool {
	switch n {
	// Directories of the filesystem hierarchy and of /etc, /usr, /var.
	case "etc", "usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "var", "home", "root", "boot", "opt", "srv", "tmp", "run",
		"dev", "proc", "sys", "mnt", "media", "snap", "local", "share", "include", "src", "libexec", "log", "cache", "spool", "mail",
		"backups", "games", "lock", "ssl", "pki", "certs", "private", "security", "default", "alternatives", "skel", "profile.d",
		"sudoers.d", "pam.d", "cron.d", "cron.daily", "cron.hourly", "cron.weekly", "cron.monthly", "init.d", "rc.d", "rcS.d",
		"rc0.d", "rc1.d", "rc2.d", "rc3.d", "rc4.d", "rc5.d", "rc6.d", "ld.so.conf.d", "modprobe.d", "modules-load.d", "sysctl.d",
		"tmpfiles.d", "udev", "network", "networkmanager", "netplan", "dhcp", "resolvconf", "x11", "xdg", "fonts", "logrotate.d",
		"rsyslog.d", "environment.d", "keyrings", "trusted.gpg.d", "sources.list.d", "preferences.d", "apt.conf.d", "yum.repos.d",
		"dpkg", "kernel", "firmware", "modules", "bash_completion.d", "polkit-1", "dbus-1", "sudo", "ssh", "gnupg", "selinux",
		"apparmor.d", "iptables", "nftables", "hosts", "passwd", "group", "shadow", "gshadow", "subuid", "subgid", "fstab",
		"crontab", "environment", "profile", "bashrc", "bash.bashrc", "zshrc", "ld.so.preload", "ld.so.conf", "nsswitch.conf",
		"resolv.conf", "sysctl.conf", "limits.d", "motd", "issue", "os-release", "machine-id", "lsb-release":
		return true
	// Programs of the base system and the common interpreters and tools
	// whose /usr/bin name another package owns.
	case "sh", "env", "ls", "cp", "mv", "rm", "ln", "cat", "chmod", "chown", "chgrp", "mkdir", "rmdir", "touch", "install", "dd",
		"cut", "sort", "uniq", "head", "tail", "tr", "tee", "test", "echo", "printf", "pwd", "id", "whoami", "date", "kill", "ps",
		"sed", "awk", "gawk", "mawk", "grep", "find", "xargs", "tar", "gzip", "bzip2", "xz", "zstd", "unzip", "which", "stat",
		"python", "python3", "perl", "ruby", "node", "nodejs", "php", "lua", "java", "git", "curl", "wget", "scp", "sftp", "rsync",
		"make", "gcc", "cc", "ld", "gpg", "openssl", "less", "more", "vi", "vim", "nano", "top", "mount", "umount", "ip", "ping",
		"systemctl", "journalctl", "service", "update-rc.d", "logger", "hostname", "getent", "useradd", "usermod",
		"groupadd", "chpasswd", "visudo", "pkexec", "newgrp", "sg", "chsh", "chfn", "mandb", "man", "ssh-agent", "ssh-keygen":
		return true
	}
	return false
}
