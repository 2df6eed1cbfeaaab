package rules

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
	"github.com/guardsh/guardsh/programs"
)

// What the recall pass of issue 12 found missed in real scripts: a user
// put in a group that is root in all but name, by every account tool and
// spelling; the files curl, wget and gpg write, read by their grammars;
// package keys written into a keyring by any writer; a crontab installed
// from standard input.

// adminGroup reports whether a group list (a,b,c) names a group whose
// members are root in all but name: sudo and wheel run anything as root,
// admin on macOS and older Ubuntu, root and adm by name, docker, lxd,
// incus-admin and microk8s start containers that mount the host's /,
// libvirt starts VMs on the host's disks, disk reads and writes every
// block device. A numeric 0 is root's group.
func adminGroup(list string) bool {
	for _, g := range strings.Split(list, ",") {
		switch strings.TrimSpace(g) {
		case "sudo", "wheel", "admin", "root", "0", "adm", "docker", "lxd", "incus-admin", "microk8s", "libvirt", "disk":
			return true
		}
	}
	return false
}

// groupGrant reports a command that puts a user into an admin group, or
// gives an account uid 0: usermod -aG/-g, useradd -G/-g/-u 0, gpasswd
// -a/-M, adduser USER GROUP and --ingroup (Debian's and BusyBox's -G),
// addgroup USER GROUP, groupmems -a USER -g GROUP, dseditgroup -o edit -a
// USER GROUP and dscl . -append /Groups/G GroupMembership USER.
func groupGrant(c *parse.Command) bool {
	name := path.Base(c.Name())
	switch name {
	case "dscl":
		return dsclGrant(c)
	case "chown", "chgrp", "setfacl":
		return socketGrant(c)
	}
	p := readLine(c)
	if p == nil || p.Err != nil {
		return false
	}
	opt := func(keys ...string) bool {
		for _, o := range p.Opts {
			for _, k := range keys {
				if o.HasValue && (o.Key == k || contains(o.Names, k)) && adminGroup(o.Value) {
					return true
				}
			}
		}
		return false
	}
	operand := func(i int) string {
		if i < len(p.Operands) {
			return c.Args[1+p.Operands[i]].Value
		}
		return ""
	}
	uid0 := func() bool {
		v, ok := p.Get("uid")
		return ok && strings.TrimLeft(v, "0") == "" && v != ""
	}
	switch name {
	case "usermod", "useradd":
		return opt("groups", "gid") || uid0()
	case "gpasswd":
		// gpasswd -a USER GROUP, -M USER,… GROUP, -A USER,… GROUP.
		if p.Has("add", "members", "administrators") {
			return adminGroup(operand(0))
		}
	case "adduser", "addgroup":
		// adduser USER GROUP adds an existing user to a group (Debian and
		// BusyBox); --ingroup, --gid and BusyBox's -G set the primary one.
		if opt("ingroup", "gid", "G") {
			return true
		}
		return len(p.Operands) == 2 && adminGroup(operand(1))
	case "groupmems":
		if g, ok := p.Get("group"); ok && p.Has("add") {
			return adminGroup(g)
		}
	case "dseditgroup":
		if op, _ := p.Get("o"); op == "edit" && p.Has("a") {
			return adminGroup(operand(len(p.Operands) - 1))
		}
	}
	return false
}

// dsclGrant reads dscl DATASOURCE -append|-create|-merge /Groups/GROUP
// GroupMembership USER.
func dsclGrant(c *parse.Command) bool {
	ws := c.Args[1:]
	for i := 0; i+2 < len(ws); i++ {
		switch strings.ToLower(ws[i].Value) {
		case "-append", "-create", "-merge", "append", "create", "merge":
		default:
			continue
		}
		g, ok := strings.CutPrefix(ws[i+1].Value, "/Groups/")
		if ok && adminGroup(g) && strings.EqualFold(ws[i+2].Value, "GroupMembership") {
			return true
		}
	}
	return false
}

// grammarWrites returns the files and directories a command writes by the
// options its program's grammar lists as writes (curl -o, --output-dir,
// wget -O, -P, gpg -o), as words holding just the path. A directory is
// given with the name the file gets in it when the line says it (curl -O
// and wget name it after the URL), else with a trailing slash.
func grammarWrites(c *parse.Command) []parse.Word {
	g := programs.Lookup(c.Name())
	if !g.HasWrites() {
		return nil
	}
	p := readLine(c)
	if p == nil {
		return nil
	}
	var out []parse.Word
	for _, w := range g.Written(p) {
		word := c.Args[1+w.Word]
		word.Value = w.Path
		if w.Dir {
			names := remoteNames(c, p)
			if len(names) == 0 {
				names = []string{""}
			}
			for _, n := range names {
				d := word
				d.Value = strings.TrimSuffix(w.Path, "/") + "/" + n
				out = append(out, d)
			}
			continue
		}
		out = append(out, word)
	}
	return out
}

// remoteNames returns the file names curl -O (--remote-name) or wget
// without -O give the files of the line's URLs: the last part of the
// URL's path.
func remoteNames(c *parse.Command, p *programs.Parsed) []string {
	switch c.Name() {
	case "curl":
		if !p.Has("remote-name", "remote-name-all") {
			return nil
		}
	case "wget":
		if _, ok := p.Get("output-document"); ok {
			return nil
		}
	default:
		return nil
	}
	var out []string
	for _, i := range p.Operands {
		if b := urlBase(c.Args[1+i].Value); b != "" {
			out = append(out, b)
		}
	}
	return out
}

// urlBase returns the last part of a URL's path, or "".
func urlBase(u string) string {
	if !strings.Contains(u, "://") {
		return ""
	}
	if j := strings.IndexAny(u, "?#"); j >= 0 {
		u = u[:j]
	}
	if b := path.Base(u); b != "" && b != "/" && b != "." && !strings.Contains(b, ":") {
		return b
	}
	return ""
}

// keyWrite reports a command that writes a package-signing key where apt,
// dnf or rpm trust it: a redirection, tee, cp, install, mv, ln, dd, curl
// or wget into a keyring directory, or gpg writing or importing into one.
func keyWrite(c *parse.Command) bool {
	for _, r := range c.Redirs {
		if r.Writes() && keyringPath(r.Target.Value) {
			return true
		}
	}
	if len(c.Args) < 2 {
		return false
	}
	switch c.Name() {
	case "gpg", "gpg2":
		p := readLine(c)
		if p == nil || p.Err != nil {
			return false
		}
		for _, w := range grammarWrites(c) {
			if keyringPath(w.Value) {
				return true
			}
		}
		// --keyring FILE is where keys are imported to, and only read
		// for --verify: gpg --no-default-keyring --keyring K --verify.
		if p.Has("import", "receive-keys", "recv-keys", "fetch-keys", "refresh-keys") {
			for _, o := range p.Opts {
				if o.HasValue && (o.Key == "keyring" || o.Key == "primary-keyring") && keyringPath(o.Value) {
					return true
				}
			}
		}
		return false
	}
	if !writers()[c.Name()] {
		return false
	}
	for _, w := range writeTargets(c) {
		if keyringPath(w.Value) {
			return true
		}
	}
	return false
}

// crontabStdin reports crontab with no file and no -l/-e/-r, reading the
// new table from a pipe, a heredoc or a redirection: cronie and BusyBox
// install what standard input holds.
func crontabStdin(c *parse.Command) bool {
	if c.StdinFrom != nil || c.StdinText != "" {
		return true
	}
	for _, r := range c.Redirs {
		switch r.Op {
		case "<", "<<", "<<-", "<<<":
			return true
		}
	}
	return false
}

// extractTargets returns what patch, unzip, gawk (or awk) -i inplace and
// cpio -i write: patch FILE (or -o FILE, or the directory -d DIR when the patch
// names the files), unzip -d DIR, gawk's files with -i inplace, cpio -i
// -D DIR. A directory is given with a trailing slash.
func extractTargets(c *parse.Command) []parse.Word {
	ws := c.Args[1:]
	val := func(i int, short, long string) (parse.Word, int, bool) {
		w := ws[i]
		switch {
		case w.Value == short || w.Value == long:
			if i+1 < len(ws) {
				return ws[i+1], i + 1, true
			}
		case long != "" && strings.HasPrefix(w.Value, long+"="):
			w.Value = strings.TrimPrefix(w.Value, long+"=")
			return w, i, true
		case len(w.Value) > len(short) && strings.HasPrefix(w.Value, short) && !strings.HasPrefix(w.Value, "--"):
			w.Value = w.Value[len(short):]
			return w, i, true
		}
		return parse.Word{}, i, false
	}
	dir := func(w parse.Word) parse.Word {
		w.Value = strings.TrimSuffix(w.Value, "/") + "/"
		return w
	}
	var out []parse.Word
	switch c.Name() {
	case "unzip":
		for _, w := range ws {
			if v := w.Value; len(v) > 1 && v[0] == '-' && v[1] != 'd' && strings.ContainsAny(v[1:], "ltpvZ") {
				return nil // lists, tests or prints to standard output
			}
		}
		for i := 0; i < len(ws); i++ {
			if w, j, ok := val(i, "-d", ""); ok {
				out, i = append(out, dir(w)), j
			}
		}
	case "cpio":
		a := args(c)
		if !a.has("i", "extract") {
			return nil
		}
		for i := 0; i < len(ws); i++ {
			if w, j, ok := val(i, "-D", "--directory"); ok {
				out, i = append(out, dir(w)), j
			}
		}
	case "patch":
		if args(c).has("dry-run") {
			return nil
		}
		var ops []parse.Word
		var d *parse.Word
		for i := 0; i < len(ws); i++ {
			v := ws[i].Value
			if w, j, ok := val(i, "-o", "--output"); ok {
				out, i = append(out, w), j
				continue
			}
			if w, j, ok := val(i, "-d", "--directory"); ok {
				d, i = &w, j
				continue
			}
			if _, j, ok := val(i, "-i", "--input"); ok {
				i = j
				continue
			}
			if strings.HasPrefix(v, "-") {
				for _, o := range []string{"-D", "-F", "-z", "-B", "-Y", "-V", "-r"} {
					if v == o {
						i++
					}
				}
				continue
			}
			ops = append(ops, ws[i])
		}
		switch {
		case len(ops) > 0:
			f := ops[0]
			if d != nil && !strings.HasPrefix(f.Value, "/") {
				f.Value = strings.TrimSuffix(d.Value, "/") + "/" + f.Value
			}
			out = append(out, f)
		case d != nil:
			out = append(out, dir(*d))
		}
	case "gawk", "awk":
		inplace, prog := false, false
		var ops []parse.Word
		for i := 0; i < len(ws); i++ {
			v := ws[i].Value
			if w, j, ok := val(i, "-i", "--include"); ok {
				inplace, i = inplace || w.Value == "inplace" || w.Value == "inplace.awk", j
				continue
			}
			if _, j, ok := val(i, "-f", "--file"); ok {
				prog, i = true, j
				continue
			}
			if _, j, ok := val(i, "-e", "--source"); ok {
				prog, i = true, j
				continue
			}
			if _, j, ok := val(i, "-v", "--assign"); ok {
				i = j
				continue
			}
			if strings.HasPrefix(v, "-") && v != "-" {
				continue
			}
			ops = append(ops, ws[i])
		}
		if !inplace {
			return nil
		}
		if !prog && len(ops) > 0 {
			ops = ops[1:]
		}
		out = append(out, ops...)
	}
	return out
}

// rootSockets are the sockets whose users are root in all but name: the
// container and VM daemons that start what they are told with the host's
// / mounted.
var rootSockets = []string{"/var/run/docker.sock", "/run/docker.sock", "/run/containerd/containerd.sock",
	"/var/snap/lxd/common/lxd/unix.socket", "/var/lib/lxd/unix.socket", "/var/lib/incus/unix.socket",
	"/var/run/libvirt/libvirt-sock", "/run/libvirt/libvirt-sock", "/run/podman/podman.sock"}

// socketGrant reports chown, chgrp or setfacl -m handing such a socket to a
// user: chown $USER /var/run/docker.sock is the docker group for one.
func socketGrant(c *parse.Command) bool {
	if c.Name() == "setfacl" && !strings.Contains(strings.Join(args(c).words(), " "), "-m") && !strings.Contains(strings.Join(args(c).words(), " "), "--modify") {
		return false
	}
	for _, w := range c.Args[1:] {
		for _, s := range rootSockets {
			if path.Clean(w.Value) == s {
				return true
			}
		}
	}
	return false
}
