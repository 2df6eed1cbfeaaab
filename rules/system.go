package rules

import (
	"path"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
)

func killsAll(c *parse.Command) bool {
	if c.Name() == "killall5" {
		// killall5 signals every process but its own session's and the
		// kernel's: SIGTERM by default, as kill -1 does (misses6: it
		// blocked only with -9).
		return !harmlessSignal(c)
	}
	if c.Name() == "pkill" || c.Name() == "killall" {
		// SIGKILL to every process of root.
		a := args(c, "-u", "-U", "--euid", "--uid", "-s", "--signal")
		root := false
		for i, w := range c.Args {
			if (w.Value == "-u" || w.Value == "-U" || w.Value == "--euid" || w.Value == "--uid" || w.Value == "--user") && i+1 < len(c.Args) {
				root = root || c.Args[i+1].Value == "root" || c.Args[i+1].Value == "0"
			}
		}
		every := len(a.operands) > 0 && (a.operands[len(a.operands)-1].Value == "." || a.operands[len(a.operands)-1].Value == ".*" || a.operands[len(a.operands)-1].Value == "^")
		all := len(a.operands) == 0 || every
		if every && (a.has("f", "r", "regexp", "full") || c.Name() == "pkill") && (a.has("9") || sigKill(c)) {
			return true // a pattern that matches every process
		}
		self := false
		for i, w := range c.Args {
			if (w.Value == "-u" || w.Value == "-U") && i+1 < len(c.Args) && (c.Args[i+1].Value == "${USER}" || c.Args[i+1].Value == "${LOGNAME}" || c.Args[i+1].Value == "$(…)") {
				self = true
			}
		}
		return (root || self) && all && (a.has("9") || sigKill(c))
	}
	ws := c.Args[1:]
	if len(ws) == 1 && ws[0].Value == "-1" {
		return true
	}
	// The first argument may be a signal: -9, -KILL, -s SIG, -n NUM.
	i := 0
	if i < len(ws) && (ws[i].Value == "-s" || ws[i].Value == "-n") {
		i += 2
	} else if i < len(ws) && strings.HasPrefix(ws[i].Value, "-") && ws[i].Value != "--" && i+1 < len(ws) {
		i++
	}
	for ; i < len(ws); i++ {
		if ws[i].Value == "-1" {
			return true
		}
	}
	return false
}

func shutsDown(c *parse.Command) bool {
	for _, t := range writeTargets(c) {
		if path.Clean(t.Value) == "/proc/sysrq-trigger" {
			return true
		}
	}
	switch c.Name() {
	case "shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl", "loginctl", "openrc-shutdown":
	default:
		return false
	}
	a := args(c)
	if a.has("help", "version") {
		return false
	}
	switch c.Name() {
	case "shutdown":
		return !a.has("c", "k", "show")
	case "reboot", "halt", "poweroff":
		return true
	case "", "echo", "printf", "tee":
		for _, t := range writeTargets(c) {
			if path.Clean(t.Value) == "/proc/sysrq-trigger" {
				return true
			}
		}
	case "openrc-shutdown", "killall5":
		return c.Name() == "openrc-shutdown" || a.has("9") || sigKill(c)
	case "init", "telinit":
		return len(a.operands) > 0 && (a.operands[0].Value == "0" || a.operands[0].Value == "6")
	case "systemctl", "loginctl":
		s, rest := sub(c, "-H", "--host", "-M", "--machine")
		switch s {
		case "poweroff", "reboot", "halt", "kexec", "soft-reboot":
			return true
		case "start", "isolate", "restart":
			for _, w := range rest {
				switch w.Value {
				case "reboot.target", "poweroff.target", "halt.target", "kexec.target", "soft-reboot.target":
					return true
				}
			}
		}
	}
	return false
}

func sigKill(c *parse.Command) bool {
	for i, w := range c.Args {
		v := strings.ToUpper(w.Value)
		if (v == "-S" || v == "--SIGNAL") && i+1 < len(c.Args) {
			s := strings.ToUpper(c.Args[i+1].Value)
			if s == "KILL" || s == "9" || s == "SIGKILL" {
				return true
			}
		}
		if v == "-SIGKILL" || v == "-KILL" || v == "--SIGNAL=KILL" || v == "--SIGNAL=9" {
			return true
		}
	}
	return false
}

// harmlessSignal reports kill with a signal that does not end the process:
// 0 (a check), USR1, USR2, HUP, CONT, WINCH, INFO.
func harmlessSignal(c *parse.Command) bool {
	if len(c.Args) < 2 {
		return false
	}
	sig := strings.TrimPrefix(strings.ToUpper(c.Args[1].Value), "-")
	if (sig == "S" || sig == "N") && len(c.Args) > 2 {
		sig = strings.ToUpper(c.Args[2].Value)
	}
	sig = strings.TrimPrefix(sig, "SIG")
	switch sig {
	case "0", "USR1", "USR2", "HUP", "CONT", "WINCH", "INFO", "10", "12", "1", "18", "28":
		return true
	}
	return false
}

// critical are packages whose removal breaks the system.
var critical = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"libc6": true, "glibc": true, "libc": true, "systemd": true, "systemd-sysv": true, "init": true,
		"bash": true, "coreutils": true, "sudo": true, "dpkg": true, "apt": true, "rpm": true, "pacman": true, "util-linux": true,
		"login": true, "passwd": true, "grub-pc": true, "grub2": true, "grub-efi-amd64": true, "linux-image": true,
		"kernel": true, "kernel-core": true, "linux": true, "base": true, "base-files": true, "libstdc++6": true, "zlib1g": true, "musl": true,
		// Debian's and Ubuntu's own tools (apt's hooks, debconf, netplan…)
		// are written in Python and Perl; Alpine's userland is busybox.
		"python3": true, "python3-minimal": true, "perl-base": true, "debconf": true, "dash": true, "libpam0g": true, "libpam-modules": true,
		"pam": true, "busybox": true, "alpine-baselayout": true, "apk-tools": true, "tar": true, "findutils": true, "grep": true, "sed": true, "mount": true,
		// The SSH server and the network configuration: without them a
		// remote machine can no longer be reached to repair it.
		"openssh-server": true, "openssh": true, "openssh-server-pam": true, "dropbear": true, "network-manager": true,
		"networkmanager": true, "netplan.io": true, "ifupdown": true}
})

// pkgValueOpts are the options of the package managers that take a value
// in the next word (apt-get -o Dpkg::Options::=x remove …, dnf --setopt x
// remove …): read as values, not as the subcommand.
var pkgValueOpts = []string{"-o", "--option", "-c", "--config-file", "--config", "-t", "--target-release", "--setopt", "--installroot",
	"--releasever", "-d", "--debuglevel", "-e", "--errorlevel", "-x", "--exclude", "--enablerepo", "--disablerepo", "--repo", "--repofrompath",
	"-R", "--root", "-X", "--repository", "-p", "--arch", "--cache-dir", "--keys-dir", "--repositories-file", "-D", "--reposd-dir", "-C"}

func removesCritical(c *parse.Command) bool {
	a := args(c)
	switch c.Name() {
	case "apt-get", "apt", "aptitude", "yum", "dnf", "microdnf", "zypper", "apk":
		a = args(c, pkgValueOpts...)
	}
	ops := a.operands
	removing := false
	switch c.Name() {
	case "apt-get", "apt", "aptitude":
		if a.has("s", "simulate", "dry-run", "just-print", "no-act", "recon") {
			return false
		}
		removing = len(ops) > 0 && (ops[0].Value == "remove" || ops[0].Value == "purge" || ops[0].Value == "autoremove")
		if len(ops) > 0 && (ops[0].Value == "install" || ops[0].Value == "reinstall") {
			// apt-get install NAME- removes NAME (aptitude: NAME_ purges).
			for _, w := range ops[1:] {
				if v := strings.TrimSuffix(w.Value, "-"); v != w.Value && critical()[strings.TrimSuffix(v, ":amd64")] {
					return true
				}
				if v := strings.TrimSuffix(w.Value, "_"); c.Name() == "aptitude" && v != w.Value && critical()[v] {
					return true
				}
			}
		}
		if len(ops) > 0 {
			ops = ops[1:]
		}
	case "dpkg":
		removing = a.has("r", "P", "remove", "purge")
	case "rpm":
		removing = a.has("e", "erase")
	case "yum", "dnf", "microdnf", "zypper", "apk":
		removing = len(ops) > 0 && (ops[0].Value == "remove" || ops[0].Value == "erase" || ops[0].Value == "del" || ops[0].Value == "rm" || ops[0].Value == "autoremove")
		if len(ops) > 0 {
			ops = ops[1:]
		}
	case "pacman":
		removing = a.has("R", "remove")
	}
	if !removing {
		return false
	}
	for _, w := range ops {
		name := strings.TrimRight(strings.SplitN(w.Value, "=", 2)[0], "*")
		name = strings.TrimSuffix(strings.TrimSuffix(name, "-"), ":amd64")
		if critical()[name] || strings.HasPrefix(name, "linux-image") || strings.HasPrefix(name, "kernel") {
			return true
		}
	}
	return false
}
