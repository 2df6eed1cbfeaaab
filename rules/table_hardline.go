package rules

import (
	"os"
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// Hardline, complete (issue 10): other spellings of kill -9 -1, disks reached
// indirectly (a device path after cd /dev, a link to a device, a device
// named by a command substitution, partitioning tools fed a script), and
// power-off or reboot by D-Bus, kexec and systemd's rescue modes. They extend
// the rules of table.go, so allowlists, rules.disable and explain keep the
// same ids.
func init() {
	extend("kill-all", nil, killAllSpelled, nil,
		[]string{"kill -9 -01", "kill -9 -0001", "kill -s KILL -01", "kill -9 -- -01", "kill -sigkill -1", "kill -9 ' -1'",
			"kill -9 0", "kill -KILL 0", "kill -s 9 0", "kill -n 9 -00", "builtin kill -9 -01", "command kill -9 0", "env kill -9 -01",
			"kill -9 $(ps -e -o pid=)", "kill -KILL `ps -A -o pid`", "kill -9 $(pgrep -u root)", "kill $(ps ax -o pid=)"},
		[]string{"kill 0", "kill -TERM 0", "kill -9 1234", "kill -9 -1234", "kill -0 0", "kill -9 10", "kill -l 9", "kill -9 %1",
			"trap 'kill 0' EXIT", "kill -0 -1234",
			"kill -9 $(ps aux | grep '[n]ode' | awk '{print $2}')", "kill -9 $(pgrep -u root nginx)", "kill $(cat app.pid)", "kill -9 $(ps -o pid= -p 1234)"})
	extend("disk-overwrite", nil, diskIndirect, diskAliases,
		[]string{"cd /dev; dd if=/dev/zero of=sda", "cd /dev && cat /dev/zero > sda", "cd /dev/disk/by-id && dd if=x of=ata-X",
			"ln -sf /dev/sda out; dd if=/dev/zero of=out", "ln -s /dev/nvme0n1 d && cat img > d", "mknod disk b 8 0; dd if=/dev/zero of=disk",
			"dd if=/dev/zero of=$(ls /dev/sd* | head -1)", "cat /dev/zero > \"$(ls /dev/nvme*n1)\"",
			"ddrescue -f /dev/zero /dev/sda", "ddrescue --force img /dev/sdb map", "pvcreate -ff /dev/sda", "pvcreate -ff -y /dev/sdb1",
			"fdisk /dev/sda <<< $'o\\nw'", "printf 'o\\nw\\n' | fdisk /dev/sda", "fdisk /dev/sda < layout.txt",
			"gdisk /dev/sda <<< $'o\\nY\\nw\\nY'", "parted /dev/sda <<< 'mklabel gpt'", "python3 -c \"open('/dev/sda','wb').write(b'x')\"",
			"perl -e 'open F,\">/dev/sda\"; print F 1'", "x=$(ls /dev/sd* | head -1); dd if=/dev/zero of=$x",
			"find /dev -name 'sd?' -exec dd if=/dev/zero of={} \\;", "ls /dev/sd* | xargs -I{} dd if=/dev/zero of={}", "lsblk -dpno NAME | xargs -n1 wipefs -a"},
		[]string{"fdisk -l", "fdisk -l /dev/sda", "fdisk /dev/sda", "fdisk /dev/sda <<< $'p\\nq'", "ddrescue /dev/sda disk.img map",
			"ddrescue -f /dev/sda disk.img", "pvcreate disk.img", "pvcreate /dev/sdb", "pvs", "ln -s /dev/sda out", "ln -s /dev/null out; echo x > out",
			"cd /dev && ls", "dd if=/dev/zero of=$(mktemp)", "cd /tmp; dd if=/dev/zero of=sda", "python3 -c \"open('/dev/sda','rb').read(512)\"",
			"find /dev -name 'sd?' -exec ls -la {} \\;", "ls /dev/sd* | xargs -I{} dd if={} of=/dev/null count=1", "lsblk -dpno NAME | xargs -n1 blkid",
			"find . -name '*.img' -exec dd if=/dev/zero of={} \\;"})
	extend("shutdown", nil, powerOff, nil,
		[]string{"dbus-send --system --print-reply --dest=org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager.PowerOff boolean:true",
			"busctl call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager PowerOff b false",
			"gdbus call --system --dest org.freedesktop.login1 --object-path /org/freedesktop/login1 --method org.freedesktop.login1.Manager.Reboot false",
			"busctl call org.freedesktop.systemd1 /org/freedesktop/systemd1 org.freedesktop.systemd1.Manager StartUnit ss reboot.target replace",
			"qdbus --system org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager.Halt false",
			"kexec -e", "kexec --exec", "kexec -f /boot/vmlinuz", "systemctl rescue", "systemctl emergency", "systemctl isolate rescue.target",
			"systemctl isolate emergency", "systemctl start rescue.target", "init 1", "telinit S", "cd /proc && echo b > sysrq-trigger",
			"dd of=/proc/sysrq-trigger <<< b"},
		[]string{"busctl list", "busctl call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager ListSessions",
			"gdbus introspect --system --dest org.freedesktop.login1 --object-path /org/freedesktop/login1",
			"busctl call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager Suspend b false",
			"dbus-send --session --dest=org.example.App / org.example.App.Reboot", "kexec -l /boot/vmlinuz --initrd=/boot/initrd.img",
			"kexec -u", "systemctl isolate graphical.target", "systemctl status rescue.target", "sysctl kernel.sysrq", "cat /proc/sysrq-trigger"})
}

// extend adds a matcher (cmd for one command, input for the whole line),
// program names and examples to a rule of the table. It must run before
// the first match (from an init function).
func extend(id string, names []string, cmd func(*parse.Command) bool, input func(*parse.Result) []hit, match, noMatch []string) {
	r, ok := lookup(id) // not Lookup: the packs are not made at start-up
	if !ok {
		panic("rules: extend: no rule " + id)
	}
	if cmd != nil {
		if prev := r.cmd; prev != nil {
			r.cmd = func(c *parse.Command) bool { return prev(c) || cmd(c) }
		} else {
			r.cmd = cmd
		}
		// The rule keeps its program names (plus names, when it has
		// some): cmd must match only those, or any command for a rule
		// without names.
		if r.names != nil {
			r.names = append(r.names, names...)
		}
	}
	if input != nil {
		if prev := r.input; prev != nil {
			r.input = func(res *parse.Result) []hit { return append(prev(res), input(res)...) }
		} else {
			r.input = input
		}
	}
	r.Match = append(r.Match, match...)
	r.NoMatch = append(r.NoMatch, noMatch...)
}

// ── kill ────────────────────────────────────────────────────────────────

// killAllSpelled reads kill's arguments the way bash's builtin (and procps
// kill) does: the first -SIG, -s SIG or -n NUM is the signal, -- ends the
// options, and every later word is a PID read as a decimal number with
// leading zeros and surrounding blanks allowed, so -01, -0001 and ' -1' are
// all -1: every process. PID 0 is the caller's process group (the shell
// that runs the command, its jobs, and for an agent usually the agent
// itself); with SIGKILL, which nothing can catch or clean up after, that is
// hardline too. kill 0 with another signal (trap 'kill 0' EXIT, the idiom for
// stopping a script's own jobs) and signal 0 (a probe) stay quiet.
func killAllSpelled(c *parse.Command) bool {
	if c.Name() != "kill" || len(c.Args) < 1 {
		return false
	}
	sig, pids := "TERM", []parse.Word(nil)
	ws := c.Args[1:]
	saw := false
	i := 0
loop:
	for ; i < len(ws); i++ {
		v := ws[i].Value
		switch {
		case v == "-l" || v == "-L" || v == "--list" || v == "--table" || v == "--help":
			return false
		case v == "-s" || v == "-n" || v == "--signal":
			if i+1 >= len(ws) {
				return false
			}
			sig, saw = ws[i+1].Value, true
			i++
		case strings.HasPrefix(v, "--signal="):
			sig, saw = strings.TrimPrefix(v, "--signal="), true
		case v == "--":
			i++
			break loop
		case strings.HasPrefix(v, "-") && !saw && len(v) > 1:
			sig, saw = v[1:], true
		default:
			break loop
		}
	}
	pids = ws[i:]
	signal := normSignal(sig)
	if len(pids) == 0 && signal != "0" && viaHas(c, "xargs", "parallel") && listsEveryPID(stdinSource(c)) {
		return true // ps -e -o pid= | xargs kill -9
	}
	for _, w := range pids {
		if neg, ok := smallSpecial(w.Value); ok && (neg && signal != "0" || signal == "KILL") {
			return true // false; kill -9 -$? is kill -9 -1
		}
		if neg, ok := smallUnknown(w); ok && (neg && signal != "0" || signal == "KILL") {
			return true // kill -9 -${#?}, kill -9 ${#@}: a length (pred_redteam4.go)
		}
		if !w.Static {
			if w.Subst != "" && signal != "0" && listsEveryPID(w.Subst) {
				return true // kill -9 $(ps -e -o pid=)
			}
			continue
		}
		n, ok := pidNumber(w.Value)
		switch {
		case !ok:
		case n == "-1" && signal != "0":
			return true
		case n == "0" && signal == "KILL":
			return true
		}
	}
	return false
}

// listsEveryPID reports the code of a command substitution that lists every
// process ID of the system: ps -e, ps -eo pid, ps ax, ps -A, pgrep -u root
// with no pattern or a pattern every name matches (pgrep -f .), also through
// stages that only reshape the list (| awk '{print $2}', | tail -n +2,
// | cut -c1-6). A filtered list (ps aux | grep x | …, pgrep NAME) picks
// processes and is left to kill-force.
func listsEveryPID(src string) bool {
	if src == "" || strings.ContainsAny(unquotedSingle(src), ";&$`()<>") {
		return false
	}
	stages := strings.Split(src, "|")
	for _, st := range stages[1:] {
		if !reshapesOnly(strings.Fields(st)) {
			return false
		}
	}
	f := strings.Fields(stages[0])
	if len(f) == 0 {
		return false
	}
	switch path.Base(f[0]) {
	case "ps":
		return psListsAll(f[1:])
	case "pgrep":
		root, pats := false, []string(nil)
		for i := 1; i < len(f); i++ {
			a := f[i]
			switch {
			case a == "-u" || a == "-U" || a == "--euid" || a == "--uid":
				if i+1 < len(f) && (f[i+1] == "root" || f[i+1] == "0") {
					root = true
				}
				i++
			case a == "-g" || a == "-G" || a == "-P" || a == "-s" || a == "-t" || a == "-F" || a == "--parent" ||
				a == "--group" || a == "--session" || a == "--terminal" || a == "--pidfile" || a == "--ns" || a == "--cgroup":
				return false // a selection: some processes
			case a == "-d" || a == "--delimiter":
				i++
			case strings.HasPrefix(a, "-"):
			default:
				pats = append(pats, strings.Trim(a, `'"`))
			}
		}
		switch {
		case len(pats) == 0:
			return root
		case len(pats) == 1:
			switch pats[0] {
			case ".", ".*", "^", "$", "^.*", ".*$", "^.*$", ".+", "^.", "":
				return true
			}
		}
	}
	return false
}

// stdinSource spells the pipeline stages that feed c's standard input, in
// order, as one "a | b" text for listsEveryPID, or "" when a stage's words
// are not all known.
func stdinSource(c *parse.Command) string {
	var stages []string
	for s := c.StdinFrom; s != nil && len(stages) < 8; s = s.StdinFrom {
		var ws []string
		for _, w := range s.Args {
			if !w.Static {
				return ""
			}
			v := w.Value
			if strings.ContainsAny(v, " \t'") {
				v = "'" + v + "'"
			}
			ws = append(ws, v)
		}
		stages = append([]string{strings.Join(ws, " ")}, stages...)
	}
	return strings.Join(stages, " | ")
}

// unquotedSingle is src without its single-quoted spans (awk's '{print $2}'
// holds no shell code).
func unquotedSingle(src string) string {
	var b strings.Builder
	in := false
	for i := 0; i < len(src); i++ {
		switch {
		case src[i] == '\'':
			in = !in
		case !in:
			b.WriteByte(src[i])
		}
	}
	if in {
		return src // unbalanced: judge it as written
	}
	return b.String()
}

// psListsAll reads ps's options (procps: UNIX options after "-", BSD ones
// without, GNU long ones) and reports whether they select every process:
// -e or -A, BSD "ax" (or A), with no option that narrows the list to some.
func psListsAll(args []string) bool {
	all := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case strings.HasPrefix(a, "--"):
			name, _, hasVal := strings.Cut(a[2:], "=")
			switch name {
			case "pid", "ppid", "user", "User", "group", "Group", "sid", "tty", "quick-pid", "deselect":
				return false
			case "format", "sort", "cols", "columns", "rows", "lines", "width", "context":
				if !hasVal {
					i++
				}
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			for j := 1; j < len(a); j++ {
				switch c := a[j]; c {
				case 'e', 'A':
					all = true
				case 'p', 'q', 'C', 'u', 'U', 'g', 'G', 't', 's', 'N':
					return false
				case 'o', 'O', 'k', 'D':
					if j == len(a)-1 {
						i++ // its value is the next word
					}
					j = len(a)
				}
			}
		case a != "":
			// BSD options: a = every user's processes with a terminal, x = also
			// those without; p, t, U take a list and narrow it.
			hasA, hasX := false, false
			for j := 0; j < len(a); j++ {
				switch a[j] {
				case 'a':
					hasA = true
				case 'x':
					hasX = true
				case 'A':
					all = true
				case 'p', 't', 'U', 'q':
					return false
				case 'o', 'O', 'k':
					if j == len(a)-1 {
						i++
					}
					j = len(a)
				}
			}
			if hasA && hasX {
				all = true
			}
		}
	}
	return all
}

// reshapesOnly reports a pipeline stage that passes every line of a process
// list on, reshaped but not filtered: awk printing a field for every line,
// cut, tr, a tail or sed dropping only the header, sort, uniq.
func reshapesOnly(f []string) bool {
	if len(f) == 0 {
		return false
	}
	switch path.Base(f[0]) {
	case "cut", "tr", "sort", "uniq", "xargs":
		return path.Base(f[0]) != "xargs" || len(f) == 1
	case "awk", "gawk", "mawk":
		prog := strings.Join(f[1:], " ")
		prog = strings.Trim(prog, `'"`)
		prog = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(prog), "NR>1"))
		return strings.HasPrefix(prog, "{") && strings.HasSuffix(prog, "}") && strings.HasPrefix(strings.TrimSpace(prog[1:]), "print")
	case "tail":
		return len(f) == 3 && f[1] == "-n" && strings.HasPrefix(f[2], "+") || len(f) == 2 && strings.HasPrefix(f[1], "-n+")
	case "sed":
		return len(f) == 2 && (f[1] == "1d" || f[1] == "'1d'")
	}
	return false
}

// normSignal returns a signal's name without SIG, in upper case, or its
// number for 0 and 9 spelled as names: KILL, 0.
func normSignal(s string) string {
	s = strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(s)), "SIG")
	if n, ok := pidNumber(s); ok {
		switch n {
		case "9":
			return "KILL"
		case "0":
			return "0"
		}
		return n
	}
	return s
}

// pidNumber reads a decimal number as strtoimax does for bash's kill: blanks
// around it, one sign, leading zeros. It returns the canonical form ("-1",
// "0", "1234").
func pidNumber(s string) (string, bool) {
	s = strings.Trim(s, " \t\n")
	neg := false
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return "", false
		}
	}
	s = strings.TrimLeft(s, "0")
	if s == "" {
		return "0", true
	}
	if neg {
		return "-" + s, true
	}
	return s, true
}

// ── disks reached indirectly ────────────────────────────────────────────

// diskIndirect catches writes to a disk the direct rule does not see: a
// relative device path resolved against the working directory (cd /dev;
// dd of=sda), a path that is, at check time, a block device or a link to
// one, a command substitution listing disks ($(ls /dev/sd*)), partitioning
// tools fed a script that writes (fdisk <<< w), ddrescue and pvcreate forced
// onto a device.
func diskIndirect(c *parse.Command) bool {
	if len(c.Args) == 0 && len(c.Redirs) == 0 {
		return false
	}
	if dynamicDiskTarget(c) {
		return true
	}
	dev := func(w parse.Word) bool { return w.Static && deviceAt(c, w.Value) }
	for _, w := range writeTargets(c) {
		if dev(w) {
			return true
		}
	}
	name := c.Name()
	switch name {
	case "find":
		// find /dev -name 'sd?' -exec dd of={} \;
		return c.Inner != nil && fillsDisk(c.Inner) && findListsDisks(c)
	case "xargs", "parallel":
		// ls /dev/sd* | xargs -I{} dd of={}; lsblk -dpno NAME | xargs wipefs -a
		return c.Inner != nil && c.StdinFrom != nil && listsDisks(c.StdinFrom) && fillsDisk(c.Inner)
	}
	if name == "dd" {
		for _, w := range c.Args[1:] {
			if v, ok := strings.CutPrefix(w.Value, "of="); ok && w.Static && deviceAt(c, v) {
				return true
			}
		}
		return false
	}
	switch name {
	case "shred", "blkdiscard", "sfdisk", "sgdisk", "wipefs", "cryptsetup", "nvme", "zpool", "badblocks", "mkswap", "mkfs", "mke2fs",
		"mkfs.ext2", "mkfs.ext3", "mkfs.ext4", "mkfs.xfs", "mkfs.btrfs", "mkfs.vfat", "mkfs.fat", "mkfs.ntfs", "mkfs.exfat", "mkfs.f2fs":
		// The direct rules judge these by their options; only the
		// operand needs resolving here: run them again on a copy
		// whose operands are the devices.
		cp := withDevices(c)
		return cp != nil && (ruleHits("disk-overwrite", cp) || ruleHits("mkfs-device", cp))
	case "ddrescue":
		a := args(c, "-b", "--sector-size", "-c", "--cluster-size", "-i", "--input-position", "-o", "--output-position", "-s", "--size", "-m", "--domain-mapfile")
		return a.has("f", "force") && len(a.operands) >= 2 && dev(a.operands[1])
	case "pvcreate":
		force := 0
		for _, w := range c.Args[1:] {
			v := w.Value
			switch {
			case v == "--force":
				force++
			case v == "--yes":
				force++
			case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--"):
				force += strings.Count(v, "f") + strings.Count(v, "y")
			}
		}
		return force >= 2 && anyOperandDev(c)
	case "fdisk", "gdisk", "cfdisk", "parted":
		a := args(c, "-b", "--sector-size", "-c", "--compatibility", "-u", "--units", "-C", "--cylinders", "-H", "--heads", "-S", "--sectors", "-o", "--output", "-w", "--wipe", "-W", "--wipe-partitions", "-a", "--align")
		if a.has("l", "list", "v", "version", "h", "help") || !anyOperandDev(c) {
			return false
		}
		return scriptWrites(c, name)
	}
	return false
}

// fillsDisk reports whether a command run by find -exec or xargs writes to
// the path it is given: {} as a write target or dd's of=, or a disk tool
// whose device operand xargs appends.
func fillsDisk(in *parse.Command) bool {
	for _, w := range writeTargets(in) {
		if strings.Contains(w.Value, "{}") {
			return true
		}
	}
	switch in.Name() {
	case "dd":
		for _, w := range in.Args[1:] {
			if v, ok := strings.CutPrefix(w.Value, "of="); ok && strings.Contains(v, "{}") {
				return true
			}
		}
	case "shred", "blkdiscard", "wipefs", "sfdisk", "sgdisk", "mkfs", "mke2fs", "mkswap", "mkfs.ext2", "mkfs.ext3", "mkfs.ext4", "mkfs.xfs", "mkfs.btrfs", "mkfs.vfat", "mkfs.fat":
		if in.Name() == "wipefs" && !args(in).has("a", "all", "o", "offset") {
			return false
		}
		return true
	}
	return false
}

// listsDisks reports a command whose output is a list of disks: lsblk and
// blkid, or ls, echo, printf or find naming block devices.
func listsDisks(p *parse.Command) bool {
	switch p.Name() {
	case "lsblk", "blkid":
		return !args(p).has("h", "help", "V", "version")
	case "find":
		return findListsDisks(p)
	case "ls", "echo", "printf":
		for _, w := range p.Args[1:] {
			if w.Static && parse.BlockDevice(w.Value) {
				return true
			}
		}
	}
	return false
}

// findListsDisks reports find starting in a disk directory (/dev/disk/…,
// /dev/mapper), or in /dev with -type b or a -name that matches disks.
func findListsDisks(c *parse.Command) bool {
	ws := c.Args[1:]
	inDev := false
	for _, w := range ws {
		v := w.Value
		if strings.HasPrefix(v, "-") || v == "!" || v == "(" {
			break
		}
		if parse.BlockDevice(v) {
			return true
		}
		inDev = inDev || path.Clean(v) == "/dev"
	}
	if !inDev {
		return false
	}
	for i, w := range ws {
		if i+1 >= len(ws) {
			break
		}
		switch w.Value {
		case "-type", "-xtype":
			if ws[i+1].Value == "b" {
				return true
			}
		case "-name", "-iname", "-path", "-wholename":
			n := ws[i+1].Value
			if rest, ok := strings.CutPrefix(n, "/dev/"); ok {
				n = rest
			}
			if parse.BlockDevice("/dev/" + n) {
				return true
			}
		}
	}
	return false
}

// scriptWrites reports whether a partitioning tool gets a script on its
// standard input that writes the table: a "w" line for fdisk and gdisk, a
// mklabel, mktable or rm for parted; an input that is not known is taken to
// write (nobody pipes a script into fdisk to look), a terminal is the user's
// to drive.
func scriptWrites(c *parse.Command, name string) bool {
	redirected := c.StdinFrom != nil
	for _, r := range c.Redirs {
		if (r.Fd == "" || r.Fd == "0") && (r.Op == "<" || r.Op == "<<" || r.Op == "<<-" || r.Op == "<<<" || r.Op == "<>") {
			redirected = true
		}
	}
	if !redirected {
		return false
	}
	if !c.StdinStatic {
		return true
	}
	for _, line := range strings.Split(c.StdinText, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch name {
		case "parted":
			for _, w := range f {
				if w == "mklabel" || w == "mktable" || w == "rm" {
					return true
				}
			}
		default:
			if f[0] == "w" || f[0] == "W" {
				return true
			}
		}
	}
	return false
}

// ruleHits runs rule id's matcher on c, if the rule looks at c's program.
func ruleHits(id string, c *parse.Command) bool {
	r, ok := lookup(id) // not Lookup: the packs are not made at start-up
	if !ok || r.cmd == nil || r.names != nil && !contains(r.names, c.Name()) {
		return false
	}
	return r.cmd(c)
}

// anyOperandDev reports an operand that is a block device where the command
// runs.
func anyOperandDev(c *parse.Command) bool {
	for _, w := range args(c).operands {
		if w.Static && deviceAt(c, w.Value) {
			return true
		}
	}
	return false
}

// withDevices returns a copy of c whose operands that are block devices
// where the command runs (but not spelled as one) are replaced by a device
// path, or nil when there is none.
func withDevices(c *parse.Command) *parse.Command {
	var cp *parse.Command
	for i, w := range c.Args {
		if i == 0 || !w.Static || strings.HasPrefix(w.Value, "-") || parse.BlockDevice(w.Value) || !deviceAt(c, w.Value) {
			continue
		}
		if cp == nil {
			x := *c
			x.Args = append([]parse.Word(nil), c.Args...)
			cp = &x
		}
		cp.Args[i].Value = "/dev/sda"
	}
	return cp
}

// deviceAt reports whether path p names a block device for the command: as
// spelled (/dev/sda), resolved against its working directory (sda after
// cd /dev), or on the file system at check time (a link to /dev/sda, a node
// made by mknod).
func deviceAt(c *parse.Command, p string) bool {
	if p == "" || quietDevice(p) {
		return false
	}
	if parse.BlockDevice(p) {
		return true
	}
	r := c.Resolve(p)
	if r != p && parse.BlockDevice(r) {
		return true
	}
	return blockOnDisk(c, p)
}

// blockOnDisk stats the path the command would open, following links, and
// reports a block device. Relative paths need a known working directory.
func blockOnDisk(c *parse.Command, p string) bool {
	if strings.ContainsAny(p, "*?[$`\x00") || strings.HasPrefix(p, "/proc/") || strings.HasPrefix(p, "/sys/") {
		return false
	}
	abs := c.Resolve(p)
	if rest, ok := strings.CutPrefix(abs, "~"); ok {
		h := os.Getenv("HOME")
		if h == "" || !(rest == "" || strings.HasPrefix(rest, "/")) {
			return false
		}
		abs = h + rest
	}
	if !strings.HasPrefix(abs, "/") {
		return false
	}
	fi, err := os.Stat(abs)
	return err == nil && fi.Mode()&os.ModeDevice != 0 && fi.Mode()&os.ModeCharDevice == 0
}

// diskAliases follows the line: a link (ln, ln -s), a device node (mknod
// NAME b) or a copy of the node (cp -a, cp -R) made to a block device gives
// its name the device's meaning for the commands after it.
func diskAliases(res *parse.Result) []hit {
	var out []hit
	var aliases map[string]bool
	for _, c := range res.Commands {
		if c.Deferred || c.Contained || c.Guessed || c.Folded || len(c.Args) == 0 && len(c.Redirs) == 0 {
			continue
		}
		if len(aliases) > 0 {
			if cp := withAliases(c, aliases); cp != nil && (ruleHits("disk-overwrite", cp) || ruleHits("mkfs-device", cp)) {
				out = append(out, hit{start: c.Start, end: c.End, detail: "a link to a disk made on the same line"})
			}
		}
		if name, ok := makesDeviceName(c); ok {
			if aliases == nil {
				aliases = map[string]bool{}
			}
			aliases[name] = true
		}
	}
	return out
}

// makesDeviceName returns the name a command gives a block device: the link
// name of ln TARGET NAME, the node of mknod NAME b, the copy of cp -a DEV
// NAME, each resolved against the working directory.
func makesDeviceName(c *parse.Command) (string, bool) {
	switch c.Name() {
	case "ln", "cp", "mknod":
	default:
		return "", false
	}
	a := args(c, "-t", "--target-directory", "-S", "--suffix", "-m", "--mode", "-Z", "--context")
	ops := a.operands
	for _, w := range ops {
		if !w.Static {
			return "", false
		}
	}
	switch c.Name() {
	case "mknod":
		if len(ops) >= 2 && ops[1].Value == "b" {
			return c.Resolve(ops[0].Value), true
		}
		return "", false
	case "cp":
		if !a.has("a", "archive", "R", "r", "recursive", "d", "no-dereference") || a.has("L", "dereference") {
			return "", false
		}
	}
	if len(ops) == 0 || !parse.BlockDevice(c.Resolve(ops[0].Value)) {
		return "", false
	}
	switch {
	case len(ops) == 1:
		return c.Resolve(path.Base(ops[0].Value)), true
	case len(ops) == 2:
		return c.Resolve(ops[1].Value), true
	}
	return "", false
}

// withAliases returns a copy of c whose words naming an alias of a disk are
// the disk, or nil when none does.
func withAliases(c *parse.Command, aliases map[string]bool) *parse.Command {
	var cp *parse.Command
	clone := func() {
		if cp == nil {
			x := *c
			x.Args = append([]parse.Word(nil), c.Args...)
			x.Redirs = append([]parse.Redirect(nil), c.Redirs...)
			cp = &x
		}
	}
	for i, w := range c.Args {
		if i == 0 || !w.Static {
			continue
		}
		v, pre := w.Value, ""
		if rest, ok := strings.CutPrefix(v, "of="); ok {
			v, pre = rest, "of="
		}
		if aliases[c.Resolve(v)] {
			clone()
			cp.Args[i].Value = pre + "/dev/sda"
		}
	}
	for i, r := range c.Redirs {
		if r.Writes() && r.Target.Static && aliases[c.Resolve(r.Target.Value)] {
			clone()
			cp.Redirs[i].Target.Value = "/dev/sda"
		}
	}
	return cp
}

// dynamicDiskTarget reports a write target (a redirection, dd's of=, tee's
// file) that is not static but a command substitution naming block devices,
// such as of=$(ls /dev/sd* | head -1).
func dynamicDiskTarget(c *parse.Command) bool {
	for _, w := range writeTargets(c) {
		if !w.Static && mentionsDisk(w.Subst) {
			return true
		}
	}
	if c.Name() == "dd" {
		for _, w := range c.Args[1:] {
			if !w.Static && strings.HasPrefix(w.Value, "of=") && mentionsDisk(w.Subst) {
				return true
			}
		}
	}
	return false
}

// mentionsDisk reports a block device path (or glob of them) in source text.
func mentionsDisk(s string) bool {
	for {
		i := strings.Index(s, "/dev/")
		if i < 0 {
			return false
		}
		j := i + 5
		for j < len(s) && !strings.ContainsRune(" \t\n;|&)(<>'\"`$", rune(s[j])) {
			j++
		}
		if parse.BlockDevice(s[i:j]) {
			return true
		}
		s = s[j:]
	}
}

// ── power and boot ──────────────────────────────────────────────────────

// powerOff catches power-off and reboot requested over D-Bus (logind's and
// systemd's PowerOff, Reboot, Halt, KExec; StartUnit of a shutdown target),
// kexec executing a new kernel, systemd's rescue and emergency modes (which
// stop every service and session), init 1, and sysrq written through a
// relative path. Suspend and hibernate are not hardline: sessions survive.
func powerOff(c *parse.Command) bool {
	for _, w := range writeTargets(c) {
		if w.Static && path.Clean(c.Resolve(w.Value)) == "/proc/sysrq-trigger" {
			return true
		}
	}
	switch c.Name() {
	case "dd":
		for _, w := range c.Args[1:] {
			if v, ok := strings.CutPrefix(w.Value, "of="); ok && path.Clean(c.Resolve(v)) == "/proc/sysrq-trigger" {
				return true
			}
		}
	case "dbus-send", "busctl", "gdbus", "qdbus", "qdbus6", "qdbus-qt5", "dbus":
		return dbusPowerOff(c)
	case "kexec":
		a := args(c, "--initrd", "--append", "--command-line", "--reuse-cmdline", "-t", "--type", "--dtb", "--mem-min", "--mem-max")
		if a.has("e", "exec", "f", "force") {
			return true
		}
		return len(a.operands) > 0 && !a.has("l", "load", "p", "load-panic", "u", "unload", "s", "kexec-file-syscall", "S", "status", "h", "help", "v", "version")
	case "systemctl":
		s, rest := sub(c, "-H", "--host", "-M", "--machine", "-t", "--type", "-p", "--property", "-o", "--output", "--signal", "-s", "--root")
		switch s {
		case "rescue", "emergency":
			return true
		case "isolate", "start", "restart":
			for _, w := range rest {
				switch strings.TrimSuffix(w.Value, ".target") {
				case "rescue", "emergency", "runlevel1", "runlevel0", "runlevel6", "shutdown", "final":
					return true
				}
			}
		}
	case "init", "telinit":
		a := args(c)
		if len(a.operands) > 0 {
			switch a.operands[0].Value {
			case "1", "s", "S", "single":
				return true
			}
		}
	}
	return false
}

// dbusPowerOff reports a D-Bus call of a method that powers the machine off
// or reboots it, on logind, systemd or ConsoleKit.
func dbusPowerOff(c *parse.Command) bool {
	var sb strings.Builder
	for _, w := range c.Args[1:] {
		sb.WriteString(w.Value)
		sb.WriteByte(' ')
	}
	all := sb.String()
	if !strings.Contains(all, "login1") && !strings.Contains(all, "systemd1") && !strings.Contains(all, "ConsoleKit") {
		return false
	}
	for _, tok := range strings.FieldsFunc(all, func(r rune) bool { return r == ' ' || r == '.' || r == '/' || r == '=' || r == ':' }) {
		switch tok {
		case "PowerOff", "Reboot", "Halt", "KExec", "PowerOffWithFlags", "RebootWithFlags", "HaltWithFlags", "KExecWithFlags",
			"SoftReboot", "Stop", "Restart":
			return tok != "Stop" && tok != "Restart" || strings.Contains(all, "ConsoleKit")
		case "StartUnit", "StartUnitReplace", "Isolate":
			for _, t := range []string{"poweroff.target", "reboot.target", "halt.target", "kexec.target", "rescue.target", "emergency.target", "soft-reboot.target"} {
				if strings.Contains(all, t) {
					return true
				}
			}
		}
	}
	return false
}
