package parse

import (
	"path"
	"strings"
	"sync"
)

// systemDirs are the top-level directories whose loss breaks the machine.
var systemDirs = set("/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/libx32", "/opt",
	"/proc", "/root", "/sbin", "/srv", "/sys", "/usr", "/var", "/snap", "/run", "/mnt", "/media",
	"/System", "/Library", "/Applications", "/Users", "/private", "/private/etc", "/private/var", "/Volumes", "/nix")

// Clean cleans a path the way the kernel resolves it, keeping a trailing /*
// glob: "//", "/.", "/..", "/./" all become "/".
func Clean(p string) string {
	if p == "" {
		return ""
	}
	glob := ""
	for _, suffix := range []string{"/*", "/.*", "/{*,.*}"} {
		if strings.HasSuffix(p, suffix) && len(p) > len(suffix)-1 {
			glob, p = "/*", strings.TrimSuffix(p, suffix)
			if p == "" {
				p = "/"
			}
			break
		}
	}
	c := path.Clean(p)
	if glob != "" {
		if c == "/" {
			return "/*"
		}
		return c + glob
	}
	return c
}

// RootLike reports whether a path names / itself or everything in it.
func RootLike(p string) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	c := Clean(p)
	if c == "/" || c == "/*" {
		return true
	}
	// On macOS /Volumes/Macintosh HD is a link to /: with a trailing
	// slash or /* rm follows it.
	if d, ok := strings.CutSuffix(c, "/*"); ok || strings.HasSuffix(p, "/") {
		if !ok {
			d = c
		}
		return strings.EqualFold(d, "/Volumes/Macintosh HD")
	}
	return false
}

// SystemDir reports whether a path is a system directory or everything in
// one: /etc, /usr/*, /var/, /usr/bin, /boot/efi, and the Windows drives
// mounted by WSL, Git Bash and Cygwin (/mnt/c, /c, /cygdrive/c).
func SystemDir(p string) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	c := strings.TrimSuffix(Clean(p), "/*")
	if systemDirs()[c] || secondDirs()[c] {
		return true
	}
	// macOS file systems are case-insensitive: /USERS is /Users.
	return foldedSystemDirs()[strings.ToLower(c)]
}

// foldedSystemDirs are the system directories in lower case.
var foldedSystemDirs = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, m := range []map[string]bool{systemDirs(), secondDirs()} {
		for d := range m {
			out[strings.ToLower(d)] = true
		}
	}
	return out
})

var secondDirs = set("/usr/bin", "/usr/sbin", "/usr/lib", "/usr/lib64", "/usr/libexec", "/usr/include", "/usr/share",
	"/boot/efi", "/var/lib", "/var/log", "/etc/ssh", "/etc/pam.d", "/mnt/c", "/mnt/d", "/c", "/d", "/cygdrive/c", "/cygdrive/d",
	"/System/Library", "/Library/Frameworks", "/System/Volumes/Data")

// HomeDir reports the home directory written with a variable for the user:
// /home/$USER, /Users/$USER, /home/${LOGNAME}, and their /*.
func HomeDir(p string) bool {
	c := strings.TrimSuffix(strings.TrimSuffix(p, "/*"), "/")
	for _, pre := range []string{"/home/", "/Users/", "/root"} {
		if rest, ok := strings.CutPrefix(c, pre); ok {
			switch rest {
			case "${USER}", "${LOGNAME}", "${USERNAME}", "$(…)", "${SUDO_USER}":
				return true
			}
		}
	}
	return c == "/root"
}

// DotDotRoot reports a relative path of so many ".." that it reaches / from
// any ordinary directory (eight or more), optionally followed by a system
// directory: ../../../../../../../../etc.
func DotDotRoot(p string) bool {
	n := 0
	rest := p
	for {
		if r, ok := strings.CutPrefix(rest, "../"); ok {
			n++
			rest = r
			continue
		}
		if rest == ".." {
			n++
			rest = ""
		}
		break
	}
	if n < 8 {
		return false
	}
	rest = strings.TrimSuffix(rest, "/")
	return rest == "" || rest == "*" || SystemDir("/"+rest)
}

// HomeLike reports whether a path is the home directory or everything in it:
// ~, ~/, ~/*, $HOME (which parse resolves to ~).
func HomeLike(p string) bool {
	if p == "" || p[0] != '~' {
		return false
	}
	rest := strings.TrimPrefix(p, "~")
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		user := rest[:i]
		if user != "" && !validUser(user) {
			return false
		}
		rest = rest[i:]
	} else if validUser(rest) || rest == "" {
		return true
	} else {
		return false
	}
	c := path.Clean("/" + rest)
	return c == "/" || c == "/*" || rest == "/*" || rest == "/.*" || strings.TrimRight(rest, "/.") == ""
}

func validUser(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}

// BlockDevice reports whether a path is a raw disk or partition: /dev/sda,
// /dev/nvme0n1p2, /dev/mmcblk0, /dev/disk/by-id/…, /dev/mapper/…, /dev/md0,
// /dev/loop0, /dev/rdisk2 (macOS).
func BlockDevice(p string) bool {
	c := path.Clean(p)
	dev, ok := strings.CutPrefix(c, "/dev/")
	if !ok {
		return false
	}
	if strings.HasPrefix(dev, "disk/") || strings.HasPrefix(dev, "mapper/") {
		return true
	}
	if dir, name, ok := strings.Cut(dev, "/"); ok && name != "" && !strings.Contains(name, "/") {
		// /dev/VG/LV, /dev/md/0, /dev/stratis/POOL/FS, /dev/zvol/…
		switch dir {
		case "pts", "fd", "shm", "mqueue", "hugepages", "net", "input", "snd", "dri", "bus", "char", "cpu", "usb",
			"v4l", "serial", "block", "bsg", "vfio", "dma_heap", "cpu_dma_latency", "tty", "log":
			return false
		}
		return true
	}
	if strings.HasPrefix(dev, "stratis/") || strings.HasPrefix(dev, "zvol/") {
		return true
	}
	for _, pre := range []string{"sd", "hd", "vd", "xvd", "nvme", "mmcblk", "md", "dm-", "loop", "disk", "rdisk", "sr", "nbd", "zd", "rbd", "bcache", "ubd", "mtdblock"} {
		if rest, ok := strings.CutPrefix(dev, pre); ok && rest != "" && !strings.Contains(rest, "/") {
			if pre == "loop" && rest == "-control" {
				return false
			}
			if rest[0] >= 'a' && rest[0] <= 'z' || rest[0] >= '0' && rest[0] <= '9' || rest[0] == '[' || rest[0] == '?' || rest[0] == '*' {
				return true
			}
		}
	}
	return false
}

// WindowsRoot reports a Windows drive root: C:\, C:/, C:.
func WindowsRoot(p string) bool {
	p = strings.TrimRight(strings.Trim(p, `"'`), `\/*.`)
	return len(p) == 2 && p[1] == ':' && (p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z')
}

// WindowsSystemDir reports C:\Windows, C:\Program Files and C:\Users.
func WindowsSystemDir(p string) bool {
	p = strings.ToLower(strings.TrimRight(strings.ReplaceAll(strings.Trim(p, `"'`), "/", `\`), `\*`))
	if len(p) < 3 || p[1] != ':' {
		return false
	}
	switch p[2:] {
	case `\windows`, `\program files`, `\program files (x86)`, `\users`, `\programdata`:
		return true
	}
	return false
}

// TopLevelGlob reports a glob in the first component of an absolute path
// that could match a system directory: /???, /[a-z]*, /e?c.
func TopLevelGlob(p string) bool {
	if !strings.HasPrefix(p, "/") {
		return false
	}
	first, _, _ := strings.Cut(p[1:], "/")
	if !strings.ContainsAny(first, "*?[") || first == "*" {
		return false
	}
	for d := range systemDirs() {
		name := strings.TrimPrefix(d, "/")
		if strings.Contains(name, "/") {
			continue
		}
		if ok, err := path.Match(first, name); ok && err == nil {
			return true
		}
	}
	return false
}

// charDevices are /dev entries that are not disks.
var charDevices = set("null", "zero", "full", "random", "urandom", "tty", "console", "ptmx", "stdin", "stdout",
	"stderr", "kmsg", "log", "mem", "kmem", "port", "rtc", "watchdog", "fuse", "net/tun", "kvm", "vhost-net",
	"uinput", "hwrng", "cpu_dma_latency", "autofs", "btrfs-control", "loop-control", "mapper/control", "snapshot")

// DeviceTarget reports whether a path under /dev, written to by a tool meant
// for disks (dd of=, mkfs, wipefs), is a disk: every /dev path is, except the
// character devices and pseudo files (null, zero, tty*, pts/*, fd/*, …).
func DeviceTarget(p string) bool {
	if BlockDevice(p) {
		return true
	}
	c := path.Clean(p)
	dev, ok := strings.CutPrefix(c, "/dev/")
	if !ok || dev == "" || charDevices()[dev] {
		return false
	}
	for _, pre := range []string{"tty", "pts/", "fd/", "shm/", "mqueue/", "hugepages/", "snd/", "dri/", "input/", "bus/",
		"cu.", "lp", "video", "hidraw", "i2c-", "spidev", "gpiochip", "ttyUSB", "ttyACM", "ttyS", "vcs", "rtc", "usb/", "net/",
		"cpu/", "char/", "serial/", "vfio/", "dma_heap/", "bsg/", "sg", "nvidia", "tpm", "mei", "ppp", "dsp", "audio", "midi", "mixer", "fb"} {
		if strings.HasPrefix(dev, pre) {
			return false
		}
	}
	return true
}
