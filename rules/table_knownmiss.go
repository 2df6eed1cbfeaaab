package rules

import (
	"path"
	"strconv"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// chmodLockout is chmod taking everyone else's access to / or a system
// directory away (chmod 000 /, chmod 700 /usr): a directory without the x
// bit for others cannot be entered, so every service and user but root
// stops finding its programs, libraries and configuration. The recursive
// forms are chmod-root and chmod-recursive-system.
var chmodLockout = &Rule{
	ID: "chmod-lockout", Tier: Dangerous,
	Title:   "Lock everyone out of / or a system directory",
	Reason:  "Taking others' search (x) permission off /, /usr, /etc, /bin or /tmp makes every program, service and user but root fail to reach the files below it.",
	Suggest: "change the mode of the file or directory you mean; a system directory is normally 755 (/tmp 1777)",
	names:   []string{"chmod"},
	cmd:     locksOut,
	Match: []string{"chmod 000 /", "chmod 0 /", "sudo chmod 700 /usr", "chmod a-rwx /", "chmod -x /etc", "chmod o= /bin", "chmod go-rwx /", "chmod 0000 /tmp",
		"chmod u=rwx,go= /", "/bin/chmod 600 /usr/lib", "chmod --verbose 700 //", "sh -c 'chmod 000 /'", "chmod 000 /./"},
	NoMatch: []string{"chmod 000 ./x", "chmod 755 /", "chmod 1777 /tmp", "chmod 700 /root", "chmod 000 /etc/x.conf", "chmod 700 ~", "chmod o-w /", "chmod a+x /usr",
		"chmod 711 /home", "chmod 700 /home/me", "chmod go-w /usr/local", "echo chmod 000 /"},
}

func init() { table = append(table, chmodLockout) }

// lockoutDirs are the directories (besides parse.SystemDir's) whose mode
// every user depends on.
var lockoutDirs = []string{"/tmp", "/var/tmp"}

func locksOut(c *parse.Command) bool {
	a := args(c)
	if a.has("R", "recursive") {
		return false // chmod-root, chmod-recursive-system
	}
	mode, files := "", a.operands
	for _, w := range c.Args[1:] {
		// chmod -x FILE: GNU chmod reads a mode that starts with -.
		if v := w.Value; len(v) > 1 && v[0] == '-' && strings.Trim(v[1:], "rwxXst") == "" {
			mode = v
		}
	}
	if mode == "" {
		if len(files) < 2 || !files[0].Static {
			return false
		}
		mode, files = files[0].Value, files[1:]
	}
	if !removesOthersSearch(mode) {
		return false
	}
	for _, w := range files {
		if !w.Static {
			continue
		}
		p := parse.Clean(w.Value)
		if c.Dir != "" && !strings.HasPrefix(p, "/") {
			p = parse.Clean(c.Resolve(p))
		}
		if p == "/root" || p == "/private/var/root" {
			continue // root's home is 700 by design
		}
		if parse.RootLike(p) || parse.SystemDir(p) && !strings.HasSuffix(p, "/*") || contains(lockoutDirs, p) {
			return true
		}
	}
	return false
}

// removesOthersSearch reports a chmod mode that leaves others without the x
// bit: an octal mode whose last digit is even, or a symbolic mode that
// takes x away from o (o, a or no one named) or sets o without x.
func removesOthersSearch(mode string) bool {
	if n, err := strconv.ParseUint(mode, 8, 32); err == nil && len(mode) <= 5 {
		return n&1 == 0
	}
	off := false
	for _, clause := range strings.Split(mode, ",") {
		who := strings.TrimLeft(clause, "ugoa")
		names := clause[:len(clause)-len(who)]
		others := names == "" || strings.ContainsAny(names, "oa")
		for who != "" {
			op := who[0]
			if op != '-' && op != '+' && op != '=' {
				return false // not a mode chmod reads
			}
			perms := who[1:]
			if i := strings.IndexAny(perms, "-+="); i >= 0 {
				perms, who = perms[:i], perms[i:]
			} else {
				who = ""
			}
			hasX := strings.ContainsAny(perms, "xX")
			switch {
			case others && op == '-' && hasX, others && op == '=' && !hasX && !strings.ContainsAny(perms, "ugo"):
				off = true
			case others && (op == '+' || op == '=') && hasX:
				off = false
			}
		}
	}
	return off
}

// findChangesAll turns find START … -exec chmod|chown|chgrp … {} with no
// test that narrows what it visits (-name, -path, -user, -perm, -newer …:
// -type only splits files from directories) into the recursive change it
// is: chmod -R MODE START. It returns nil for any other find.
func findChangesAll(c *parse.Command) *parse.Command {
	ws := c.Args[1:]
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		switch v {
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for ; j < len(ws) && ws[j].Value != ";" && ws[j].Value != "+"; j++ {
			}
			inner := ws[i+1 : j]
			if len(inner) < 3 || findNarrows(ws[:i]) {
				return nil
			}
			switch path.Base(inner[0].Value) {
			case "chmod", "chown", "chgrp":
			default:
				return nil
			}
			start := findStarts(c)
			if len(start) == 0 {
				return nil
			}
			cp := *c
			cp.Args = []parse.Word{inner[0], {Value: "-R", Static: true}}
			for _, w := range inner[1:] {
				if w.Value != "{}" {
					cp.Args = append(cp.Args, w)
				}
			}
			cp.Args = append(cp.Args, start...)
			return &cp
		}
	}
	return nil
}

// findNarrows reports a find test among ws that selects only some of the
// files find visits.
func findNarrows(ws []parse.Word) bool {
	for _, w := range ws {
		v := w.Value
		if !strings.HasPrefix(v, "-") && v != "!" && v != "(" {
			continue
		}
		switch v {
		case "-H", "-L", "-P", "-D", "-xdev", "-mount", "-depth", "-d", "-follow", "-maxdepth", "-mindepth", "-type", "-xtype",
			"-print", "-print0", "-ls", "-noleaf", "-ignore_readdir_race", "-true", "--":
			continue
		}
		if strings.HasPrefix(v, "-O") {
			continue
		}
		return true
	}
	return false
}

// findStarts returns find's starting points, "." when none is given.
func findStarts(c *parse.Command) []parse.Word {
	if out := findStartWords(c); len(out) > 0 {
		return out
	}
	return []parse.Word{{Value: ".", Static: true}}
}

// findStartWords returns the starting points find was given (after -H, -L,
// -P, -D X, -O and --), none when it starts at "." by default.
func findStartWords(c *parse.Command) []parse.Word {
	ws := c.Args[1:]
	for len(ws) > 0 && (ws[0].Value == "-H" || ws[0].Value == "-L" || ws[0].Value == "-P" || strings.HasPrefix(ws[0].Value, "-O") || ws[0].Value == "-D") {
		if ws[0].Value == "-D" && len(ws) > 1 {
			ws = ws[1:]
		}
		ws = ws[1:]
	}
	if len(ws) > 0 && ws[0].Value == "--" {
		ws = ws[1:] // GNU find: -- ends its options, the paths follow
	}
	var out []parse.Word
	for _, w := range ws {
		if strings.HasPrefix(w.Value, "-") || w.Value == "!" || w.Value == "(" {
			break
		}
		out = append(out, w)
	}
	return out
}

// zpoolDisk reports a vdev word zpool looks up under /dev (and
// /dev/disk/by-id): sdb, nvme0n1, da0, disk2, ata-WDC_…, wwn-0x…; the
// vdev keywords (mirror, raidz, log, cache …) and files are not.
func zpoolDisk(v string) bool {
	for _, pre := range []string{"ata-", "scsi-", "nvme-", "wwn-", "usb-", "virtio-", "pci-", "dm-name-", "dm-uuid-"} {
		if strings.HasPrefix(v, pre) && !strings.Contains(v, "/") {
			return true
		}
	}
	name := strings.TrimRight(v, "0123456789")
	for _, pre := range []string{"sd", "hd", "vd", "xvd"} {
		if rest, ok := strings.CutPrefix(name, pre); ok && rest != "" && len(rest) <= 2 && strings.Trim(rest, "abcdefghijklmnopqrstuvwxyz") == "" {
			return true
		}
	}
	for _, pre := range []string{"nvme", "mmcblk", "da", "ada", "nvd", "disk"} {
		if rest, ok := strings.CutPrefix(v, pre); ok && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			return true
		}
	}
	return false
}
