package rules

import (
	"os"
	"os/user"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/guardsh/guardsh/parse"
)

// This file holds the file-write part of guardsh-tamper and the rule
// agent-settings-tamper: a command that changes guardsh's own files (config,
// state, data, the binary) or the settings files where the AI agents keep
// guardsh's hook. A path is recognised after resolving it the way the kernel
// will ([parse.PathEnv.Resolve]): the directory the line has reached,
// relative paths, "..", symlinks on disk, ~user, $HOME and the XDG
// variables, through every writer ownTargets knows (redirections, tee, cp,
// mv, ln, install, rsync, dd, sed -i, truncate, rm, chmod, mkfifo, tar -C,
// interpreters' file calls, …).

func init() {
	table = append(table, &Rule{
		ID: "agent-settings-tamper", Tier: Dangerous, NeverPermanent: true,
		Title:   "Change an AI agent's settings",
		Reason:  "The command writes a file where an AI coding agent keeps its hooks and permissions (.claude/settings.json, .codex/hooks.json, .gemini/settings.json, .cursor/hooks.json, .github/hooks/), which can remove guardsh's hook or turn the agent's own checks off.",
		Suggest: "change agent settings yourself, in your editor or with 'guardsh setup AGENT'",
		cmd:     func(c *parse.Command) bool { return ownWrite(c) == ownAgent },
		Match: []string{"jq '.hooks = {}' ~/.claude/settings.json > /tmp/s && mv /tmp/s ~/.claude/settings.json", "sed -i 's/guardsh/true/' .claude/settings.json",
			"cp /tmp/s.json .claude/settings.local.json", "echo '{}' > ~/.codex/hooks.json", "tee ~/.gemini/settings.json < x", "rm .cursor/hooks.json",
			"rm -rf .github/hooks", "python3 -c \"open('.claude/settings.json','w').write('{}')\"",
			"printf 'approval_policy = \"never\"' >> ~/.codex/config.toml", "ln -sf /dev/null .cursor/hooks.json", "mv .claude .claude.off"},
		NoMatch: []string{"cat ~/.claude/settings.json", "jq . .claude/settings.json", "git diff .claude/settings.json", "cp .claude/settings.json /tmp/backup.json",
			"echo '{}' > settings.json", "jq . a.json > b.json", "cat .codex/config.toml", "ls .github/hooks", "echo x > .github/workflows/ci.yml"},
	})
}

// Kinds of files ownWrite finds.
const (
	ownNone = iota
	ownGuardsh
	ownAgent
)

// ownWrite reports whether a command changes guardsh's files (ownGuardsh)
// or an agent's settings (ownAgent).
func ownWrite(c *parse.Command) int {
	if !ownCandidate(c) {
		return ownNone
	}
	ts := ownTargets(c)
	if len(ts) == 0 {
		return ownNone
	}
	env := hostEnv()
	kind := ownNone
	for _, t := range ts {
		// The worst wins: guardsh's own file over an agent's settings.
		if k := ownKind(env, c, t); k > kind {
			kind = k
			if k == ownGuardsh {
				break
			}
		}
	}
	return kind
}

// ownCandidate is the quick reject: a command with no output redirection,
// not a program ownTargets knows and with no output option writes nothing
// it can tell.
func ownCandidate(c *parse.Command) bool {
	if len(c.Redirs) > 0 {
		return true
	}
	if len(c.Args) == 0 {
		return false
	}
	if ownWriters()[c.Name()] || writers()[c.Name()] || moreOwnWriter(c.Name()) {
		return true
	}
	for _, w := range c.Args[1:] {
		if v := w.Value; strings.HasPrefix(v, "-o") || strings.HasPrefix(v, "--o") || strings.HasPrefix(v, "--d") || strings.HasPrefix(v, "--t") || v == "-P" {
			return true
		}
	}
	return false
}

// ownWriters are the programs ownTargets reads, beside writeTargets'.
var ownWriters = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"rm": true, "unlink": true, "rmdir": true, "chmod": true, "chown": true, "chgrp": true, "chattr": true,
		"setfacl": true, "chflags": true, "mkfifo": true, "mknod": true, "tar": true, "bsdtar": true, "gtar": true, "unzip": true, "7z": true,
		"7za": true, "unrar": true, "cpio": true, "patch": true, "mkdir": true, "script": true, "find": true, "git": true, "ruby": true,
		"mount": true, "bindfs": true, "emacs": true, "awk": true, "gawk": true, "ed": true, "ex": true, "vi": true, "vim": true, "nvim": true,
		"gvim": true}
})

// writesGuardshFile is the file-write part of guardsh-tamper.
func writesGuardshFile(c *parse.Command) bool {
	if ownWrite(c) == ownGuardsh {
		return true
	}
	if len(c.Args) > 0 {
		switch c.Name() {
		case "ln", "cp", "install", "mv", "rsync":
			// Replacing the guardsh binary, wherever it is: the hook
			// and $SHELL run "guardsh" from PATH.
			for _, t := range writeTargets(c) {
				if path.Base(t.Value) == "guardsh" {
					return true
				}
			}
		}
	}
	return false
}

// An ownTarget is a path a command creates, writes, replaces or removes.
type ownTarget struct {
	w parse.Word
	// whole is set when the path is removed or moved away as a whole (rm
	// -r, mv SRC): a directory holding a protected file counts too.
	whole bool
	// link is set when a symlink in the last component is not followed
	// (rm, mv SRC, the link ln creates).
	link bool
	// inside is set when only a path strictly inside guardsh's
	// directories counts (mkdir).
	inside bool
	// source is set for the file a link is made to: it is not changed,
	// but gets a new name (only guardsh's own files count).
	source bool
	// tree is set for a git work tree a subcommand writes: a tree at,
	// inside or holding guardsh's directories counts.
	tree bool
}

// worktreeWriters are the git subcommands that change files of the work
// tree.
var worktreeWriters = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"checkout": true, "restore": true, "reset": true, "stash": true, "pull": true, "merge": true,
		"rebase": true, "apply": true, "am": true, "switch": true, "clean": true, "mv": true, "rm": true, "cherry-pick": true, "revert": true}
})

// ownTargets lists the paths a command changes.
func ownTargets(c *parse.Command) []ownTarget {
	var out []ownTarget
	add := func(w parse.Word, whole, link bool) { out = append(out, ownTarget{w: w, whole: whole, link: link}) }
	for _, w := range writeTargets(c) {
		add(w, false, false)
	}
	if len(c.Args) == 0 {
		return out
	}
	word := func(w parse.Word, v string) parse.Word { w.Value = v; return w }
	out = append(out, moreOwnTargets(c)...) // pred_redteam5.go
	switch c.Name() {
	case "cp", "mv", "install", "ln", "rsync":
		a := args(c, "-t", "--target-directory", "-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix", "-e", "--rsh", "--exclude", "--include", "--filter", "-f")
		ops := a.operands
		if c.Name() == "ln" && len(ops) >= 1 {
			// A new name for guardsh's files, through which they can be
			// written later: a hard link to one, or a symlink to one or to
			// a directory holding them. A symlink's target is relative to
			// the link's directory; both readings are taken.
			srcs := ops
			if len(ops) > 1 {
				srcs = ops[:len(ops)-1]
			}
			for _, s := range srcs {
				out = append(out, ownTarget{w: s, whole: true, source: true})
				if a.has("s", "symbolic") && len(ops) > 1 && !strings.HasPrefix(s.Value, "/") && !strings.HasPrefix(s.Value, "~") {
					dest := ops[len(ops)-1].Value
					out = append(out, ownTarget{w: word(s, path.Dir(strings.TrimSuffix(dest, "/"))+"/"+s.Value), whole: true, source: true})
					out = append(out, ownTarget{w: word(s, strings.TrimSuffix(dest, "/")+"/"+s.Value), whole: true, source: true})
				}
			}
		}
		if len(ops) == 1 && c.Name() == "ln" {
			// ln -s TARGET: a link named like the target, here.
			add(word(ops[0], path.Base(ops[0].Value)), false, true)
		}
		if len(ops) >= 2 {
			dest := ops[len(ops)-1]
			srcs := ops[:len(ops)-1]
			if t, ok := a.value("target-directory"); ok {
				dest, srcs = word(dest, t), ops
			} else if t, ok := a.shortVal['t']; ok {
				dest, srcs = t, ops // -t DIR, also in a bundle (-Dt DIR)
			} else if a.short['t'] {
				for i, w := range c.Args {
					if w.Value == "-t" && i+1 < len(c.Args) {
						dest, srcs = c.Args[i+1], ops
					}
				}
			}
			// Into a directory: DEST/NAME of each source; a tree copied or
			// moved there as a whole (cp -r X/.config ~) replaces or
			// merges into what holds guardsh's files.
			tree := c.Name() == "mv" || c.Name() == "rsync" || a.has("r", "R", "recursive", "a", "archive")
			for _, s := range srcs {
				if s.Static && !strings.Contains(dest.Value, ":") {
					add(word(dest, strings.TrimSuffix(dest.Value, "/")+"/"+path.Base(strings.TrimSuffix(s.Value, "/"))), tree, false)
				}
			}
			if c.Name() == "rsync" {
				for name := range a.long {
					if strings.HasPrefix(name, "delete") {
						add(dest, true, false) // the destination mirrors the source
					}
				}
			}
			// ln and mv replace a link at DEST rather than write through
			// it, unless it is a link to a directory: both readings.
			if c.Name() == "ln" || c.Name() == "mv" {
				add(dest, c.Name() == "mv" && a.has("T", "no-target-directory"), true)
			}
			if c.Name() == "mv" || c.Name() == "rsync" && a.has("remove-source-files") {
				for _, s := range srcs {
					add(s, true, true)
				}
			}
		}
	case "rm", "unlink", "rmdir", "shred":
		rec := c.Name() == "rm" && rmRecursive(c)
		for _, w := range args(c).operands {
			add(w, rec, c.Name() != "shred")
		}
	case "chmod", "chown", "chgrp", "chattr", "setfacl", "chflags":
		a := args(c, "--reference", "-m", "-M", "-x", "-X", "--modify", "--remove", "--set", "--set-file")
		ops := a.operands
		if _, ref := a.value("reference"); !ref && len(ops) > 0 && c.Name() != "setfacl" &&
			(c.Name() != "chattr" || strings.HasPrefix(ops[0].Value, "+") || strings.HasPrefix(ops[0].Value, "=")) {
			ops = ops[1:] // the mode, owner or attributes
		}
		rec := a.has("R", "recursive")
		for _, w := range ops {
			add(w, rec, false)
		}
	case "mkfifo", "mknod":
		ops := args(c, "-m", "--mode", "-Z", "--context").operands
		if c.Name() == "mknod" && len(ops) > 1 {
			ops = ops[:1]
		}
		for _, w := range ops {
			add(w, false, true)
		}
	case "tar", "bsdtar", "gtar":
		if extracts(c) {
			if d, ok := tarDir(c); ok {
				add(d, false, false)
			} else {
				add(word(c.Args[0], "."), false, false) // into the working directory
			}
		}
	case "unzip", "7z", "7za", "unrar", "cpio", "patch":
		// Extraction into -d DIR (unzip, patch), -oDIR (7z), or else the
		// working directory; patch FILE.
		d, ok := word(c.Args[0], "."), false
		for i, w := range c.Args[1:] {
			switch {
			case (w.Value == "-d" || w.Value == "--directory") && c.Name() != "7z" && c.Name() != "7za" && i+2 < len(c.Args):
				d, ok = c.Args[i+2], true
			case strings.HasPrefix(w.Value, "--directory="):
				d, ok = word(w, strings.TrimPrefix(w.Value, "--directory=")), true
			case (c.Name() == "7z" || c.Name() == "7za") && strings.HasPrefix(w.Value, "-o") && len(w.Value) > 2:
				d, ok = word(w, w.Value[2:]), true
			}
		}
		if c.Name() == "patch" && !ok {
			if ops := args(c, "-d", "-D", "-o", "-p", "-i", "--directory", "--output", "--input", "-F", "-z", "-B", "-V", "-r").operands; len(ops) > 0 {
				d = ops[0] // patch FILE
			}
		}
		if c.Name() != "cpio" || args(c).has("i", "extract") {
			add(d, false, false)
		}
	case "mkdir":
		// A directory in a file's place (mkdir config.toml) breaks it;
		// guardsh's own directories themselves may be made.
		for _, w := range args(c, "-m", "--mode", "-Z", "--context").operands {
			out = append(out, ownTarget{w: w, inside: true})
		}
	case "script":
		if ops := args(c, "-c", "--command", "-E", "--echo", "-I", "--log-in", "-O", "--log-out", "-B", "--log-io", "-T", "--log-timing", "-t", "--timing").operands; len(ops) > 0 {
			add(ops[len(ops)-1], false, false)
		}
	case "find":
		// find DIR -delete, or -exec a writer: the tree under DIR.
		writes := false
		for i, w := range c.Args[1:] {
			switch w.Value {
			case "-delete":
				writes = true
			case "-fprint", "-fprint0", "-fprintf", "-fls":
				if i+2 < len(c.Args) {
					add(c.Args[i+2], false, false)
				}
			case "-exec", "-execdir", "-ok", "-okdir":
				if i+2 < len(c.Args) {
					switch path.Base(c.Args[i+2].Value) {
					case "rm", "mv", "cp", "sed", "chmod", "chown", "truncate", "shred", "tee", "perl", "dd", "ln", "install", "unlink", "sh", "bash":
						writes = true
					}
				}
			}
		}
		if writes {
			for _, w := range c.Args[1:] {
				if strings.HasPrefix(w.Value, "-") || w.Value == "(" || w.Value == "!" {
					break
				}
				add(w, false, false)
			}
		}
	case "git":
		// Subcommands that write the work tree: the repository (-C DIR,
		// else the working directory) holds what they change.
		if s, _ := sub(c, "-C", "-c", "--git-dir", "--work-tree"); worktreeWriters()[s] {
			d := word(c.Args[0], ".")
			for i, w := range c.Args[1 : len(c.Args)-1] {
				v := c.Args[i+2].Value
				switch {
				case w.Value == "--work-tree" || w.Value == "-C" && (strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~")):
					d = word(c.Args[i+2], v)
				case w.Value == "-C":
					d = word(c.Args[i+2], d.Value+"/"+v) // -C is relative to the one before
				}
				if w.Value == s {
					break
				}
			}
			out = append(out, ownTarget{w: d, tree: true})
		}
		if s, rest := sub(c, "-C", "-c", "--git-dir", "--work-tree"); s == "clone" || s == "init" {
			if ops := args(subCommand(c, rest, s), "-b", "--branch", "-o", "--origin", "--depth", "--reference", "-c", "--config", "--template", "--separate-git-dir").operands; len(ops) > 0 {
				if s == "init" || len(ops) > 1 {
					add(ops[len(ops)-1], false, false)
				}
			}
		}
	case "ruby":
		if inPlaceBundle(c) {
			for _, w := range args(c, "-e", "-E", "-r", "-I", "-C").operands {
				add(w, false, false)
			}
		}
	case "mount", "bindfs":
		// Something else mounted over guardsh's directory.
		if ops := args(c, "-o", "--options", "-t", "--types", "-L", "--label", "-U", "--uuid", "-O", "--test-opts").operands; len(ops) > 0 {
			add(ops[len(ops)-1], true, false)
		}
	case "emacs":
		if contains(c.Argv(), "--batch") || contains(c.Argv(), "-batch") || contains(c.Argv(), "--script") {
			for _, w := range args(c, "--eval", "-l", "--load", "-f", "--funcall", "--script").operands {
				add(w, false, false)
			}
		}
	case "awk", "gawk":
		// gawk -i inplace PROGRAM FILE…
		inplace := false
		for i, w := range c.Args[1:] {
			inplace = inplace || w.Value == "-iinplace" || w.Value == "--include=inplace" ||
				(w.Value == "-i" || w.Value == "--include") && i+2 < len(c.Args) && c.Args[i+2].Value == "inplace"
		}
		if inplace {
			if ops := args(c, "-i", "--include", "-f", "--file", "-v", "--assign", "-F", "--field-separator").operands; len(ops) > 1 {
				for _, w := range ops[1:] {
					add(w, false, false)
				}
			}
		}
	case "ed", "ex":
		for _, w := range args(c).operands {
			add(w, false, false)
		}
	case "vi", "vim", "nvim", "gvim":
		// Run as a batch editor (-c, +cmd, -s, -e, -E), not interactively.
		batch := false
		for _, w := range c.Args[1:] {
			v := w.Value
			batch = batch || v == "-c" || v == "-s" || v == "-e" || v == "-E" || v == "-es" || v == "-Es" || v == "--cmd" || strings.HasPrefix(v, "+")
		}
		if batch {
			for _, w := range args(c, "-c", "--cmd", "-S", "-u", "-i", "-s", "-w", "-W").operands {
				add(w, false, false)
			}
		}
	}
	// Output options of any program: -o FILE, --output FILE, --out=FILE,
	// --output-dir DIR, -P DIR (wget): gcc -o ~/.local/bin/guardsh.
	for i, w := range c.Args[1:] {
		v := w.Value
		name, val, eq := strings.Cut(v, "=")
		switch name {
		case "-o", "--output", "-out", "--out", "--outfile", "--output-file", "--output-dir", "--output-directory", "--directory-prefix", "-P", "--target", "--dest", "--destination":
			if name == "-P" && c.Name() != "wget" || name == "-o" && eq {
				continue
			}
			if eq {
				add(word(w, val), false, false)
			} else if i+2 < len(c.Args) {
				add(c.Args[i+2], false, false)
			}
		}
	}
	return out
}

// extracts reports tar -x in any spelling: -x, --extract, --get, xf.
func extracts(c *parse.Command) bool {
	for i, w := range c.Args[1:] {
		v := w.Value
		if v == "--extract" || v == "--get" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsRune(v, 'x') {
			return true
		}
		if i == 0 && !strings.HasPrefix(v, "-") && strings.ContainsRune(v, 'x') {
			return true // the old bundle: tar xf a.tar
		}
	}
	return false
}

// tarDir returns tar's -C / --directory.
func tarDir(c *parse.Command) (parse.Word, bool) {
	var d parse.Word
	ok := false
	for i, w := range c.Args[1:] {
		v := w.Value
		switch {
		case (v == "-C" || v == "--directory") && i+2 < len(c.Args):
			d, ok = c.Args[i+2], true
		case strings.HasPrefix(v, "--directory="):
			d, ok = w, true
			d.Value = strings.TrimPrefix(v, "--directory=")
		case strings.HasPrefix(v, "-C") && len(v) > 2:
			d, ok = w, true
			d.Value = v[2:]
		}
	}
	return d, ok
}

// ownKind says whose file a target is.
func ownKind(env *hostPaths, c *parse.Command, t ownTarget) int {
	v := t.w.Value
	if !t.inside && guardshFile(v) {
		return ownGuardsh
	}
	if agentLiteral(v) || agentPath(v, t.whole) {
		return ownAgent
	}
	if !t.w.Static {
		// An expression an interpreter builds the path with:
		// os.path.join(home, ".config", "guardsh"), Path.home() /
		// ".claude" / "settings.json".
		sq := squashPathExpr(v)
		if guardshFile(sq) {
			return ownGuardsh
		}
		if agentPath(sq, t.whole) {
			return ownAgent
		}
	}
	p, ok := env.env.Resolve(c.Dir, v, !t.link)
	if !ok {
		return ownNone
	}
	kind := env.kindOf(p, t)
	if kind == ownNone && strings.ContainsAny(v, "*?[") {
		// A glob the shell expands against the disk, as here:
		// ~/.config/guard*/config.toml.
		kind = env.globKind(c.Dir, v, t)
	}
	return kind
}

// kindOf says whose file a resolved path is.
func (h *hostPaths) kindOf(p string, t ownTarget) int {
	switch {
	case t.source || t.tree:
		if h.guardsh(p, true) {
			return ownGuardsh
		}
		if t.tree {
			return ownNone
		}
		if agentPath(p, true) || h.agentHome(p) {
			return ownAgent
		}
	case t.inside:
		if h.guardshInside(p) {
			return ownGuardsh
		}
	case h.guardsh(p, t.whole) || !t.link && h.sameFile(p):
		return ownGuardsh
	case agentPath(p, t.whole) || h.agentHome(p):
		return ownAgent
	}
	return ownNone
}

// sameFile reports a file with more than one name that is one of
// guardsh's files under another name: a hard link made earlier.
func (h *hostPaths) sameFile(p string) bool {
	id, nlink, ok := parse.FileID(p)
	if !ok || nlink < 2 {
		return false
	}
	h.inodesOnce.Do(h.findInodes)
	return h.inodes[id]
}

// findInodes records the device and inode of guardsh's files: the files in
// its directories (two levels deep) and its single files.
func (h *hostPaths) findInodes() {
	h.inodes = map[[2]uint64]bool{}
	add := func(p string) {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			if st, ok := fi.Sys().(*syscall.Stat_t); ok {
				h.inodes[[2]uint64{uint64(st.Dev), uint64(st.Ino)}] = true
			}
		}
	}
	n := 0
	var walk func(dir string, depth int)
	walk = func(dir string, depth int) {
		es, _ := os.ReadDir(dir)
		for _, e := range es {
			if n++; n > 1024 {
				return
			}
			p := dir + "/" + e.Name()
			if e.IsDir() && depth < 2 {
				walk(p, depth+1)
			} else {
				add(p)
			}
		}
	}
	for _, d := range h.dirs {
		walk(d, 0)
	}
	for _, f := range h.files {
		add(f)
	}
}

// maxGlob bounds the matches of one glob that are looked at.
const maxGlob = 64

// globKind expands a glob against the disk and says whose files its
// matches are.
func (h *hostPaths) globKind(dir, v string, t ownTarget) int {
	abs, ok := h.env.Resolve(dir, v, false)
	if !ok {
		return ownNone
	}
	matches, _ := filepath.Glob(abs)
	kind := ownNone
	for i, m := range matches {
		if i == maxGlob {
			break
		}
		if r, ok := h.env.Resolve("/", m, !t.link); ok {
			kind = max(kind, h.kindOf(r, t))
		}
	}
	return kind
}

// squashPathExpr turns the source text of a path expression into a path to
// look for names in: quotes, spaces and + dropped, commas and / joined, so
// os.path.join(h, ".config", "guardsh") reads …/.config/guardsh.
func squashPathExpr(e string) string {
	var b strings.Builder
	for _, r := range e {
		switch r {
		case '"', '\'', '`', ' ', '\t', '+', '(', ')':
		case ',':
			b.WriteByte('/')
		default:
			b.WriteRune(r)
		}
	}
	s := b.String()
	for strings.Contains(s, "//") {
		s = strings.ReplaceAll(s, "//", "/")
	}
	return s
}

// agentLiteral reports a path, as written, that names an agent's settings
// whatever the variables in it hold: ${CODEX_HOME}/hooks.json.
func agentLiteral(v string) bool {
	for _, s := range []string{"${CODEX_HOME}/hooks.json", "${CODEX_HOME}/config.toml", "${CLAUDE_CONFIG_DIR}/settings"} {
		if strings.Contains(v, s) {
			return true
		}
	}
	return false
}

// agentPath reports a path (absolute, or relative as written) of an
// agent's settings: .claude/settings*.json, .codex/hooks.json and
// config.toml, .gemini/settings.json, .cursor/hooks.json, anything under
// .github/hooks; with whole, also the directory holding them.
func agentPath(p string, whole bool) bool {
	// Case-insensitive file systems (macOS, Windows) take .CLAUDE for
	// .claude.
	p = strings.ToLower(strings.TrimSuffix(p, "/"))
	dir, base := path.Split(p)
	dir = strings.TrimSuffix(dir, "/")
	parent := path.Base(dir)
	switch parent {
	case ".claude":
		if strings.HasPrefix(base, "settings") && strings.HasSuffix(base, ".json") {
			return true
		}
	case ".codex":
		if base == "hooks.json" || base == "config.toml" {
			return true
		}
	case ".gemini":
		if base == "settings.json" {
			return true
		}
	case ".cursor":
		if base == "hooks.json" {
			return true
		}
	}
	if strings.Contains(p+"/", "/.github/hooks/") || strings.HasPrefix(p+"/", ".github/hooks/") {
		return true
	}
	if whole {
		switch base {
		case ".claude", ".codex", ".gemini", ".cursor", ".github":
			return true
		}
	}
	return false
}

// hostPaths are the files of this user that guardsh protects, found from
// the environment guardsh runs in.
type hostPaths struct {
	env parse.PathEnv
	// dirs are guardsh's directories: every path at or under one is
	// guardsh's.
	dirs []string
	// files are single files: the guardsh binary, $GUARDSH_CONFIG.
	files []string
	// pathDirs are the directories of $PATH, where a program named
	// guardsh would be run by the hooks.
	pathDirs []string
	// agentFiles are settings files outside the usual names:
	// ~/.claude.json, $CODEX_HOME/hooks.json, managed settings.
	agentFiles []string
	// inodes are the device and inode numbers of guardsh's files, found
	// on first need, to know them under another name (a hard link).
	inodesOnce sync.Once
	inodes     map[[2]uint64]bool
}

var (
	hostMu   sync.Mutex
	hostKey  string
	hostLast *hostPaths
)

// hostVars are the variables hostPaths depends on.
var hostVars = []string{"HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "GUARDSH_CONFIG", "CODEX_HOME", "CLAUDE_CONFIG_DIR", "PATH"}

// hostEnv returns the protected paths of the current environment; it is
// computed again only when one of hostVars changes.
func hostEnv() *hostPaths {
	var key strings.Builder
	for _, v := range hostVars {
		key.WriteString(os.Getenv(v))
		key.WriteByte(0)
	}
	hostMu.Lock()
	defer hostMu.Unlock()
	if hostLast != nil && key.String() == hostKey {
		return hostLast
	}
	hostKey, hostLast = key.String(), newHostPaths()
	return hostLast
}

func newHostPaths() *hostPaths {
	home := os.Getenv("HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	if !strings.HasPrefix(home, "/") {
		home = ""
	}
	h := &hostPaths{env: parse.PathEnv{Home: home, Getenv: os.Getenv, UserHome: userHome}}
	resolve := func(p string) string {
		if !strings.HasPrefix(p, "/") {
			return ""
		}
		r, _ := h.env.Resolve("/", p, true)
		return r
	}
	addDir := func(p string) {
		if r := resolve(p); r != "" {
			h.dirs = append(h.dirs, path.Clean(p), r)
		}
	}
	addFile := func(list *[]string, p string) {
		if r := resolve(p); r != "" {
			*list = append(*list, path.Clean(p), r)
		}
	}
	xdg := func(name, def string) {
		if v := os.Getenv(name); strings.HasPrefix(v, "/") {
			addDir(v + "/guardsh")
		}
		if home != "" {
			addDir(home + "/" + def + "/guardsh")
		}
	}
	xdg("XDG_CONFIG_HOME", ".config")
	xdg("XDG_STATE_HOME", ".local/state")
	xdg("XDG_DATA_HOME", ".local/share")
	xdg("XDG_CACHE_HOME", ".cache")
	if home != "" {
		// macOS defaults of github.com/adrg/xdg.
		addDir(home + "/Library/Application Support/guardsh")
		addDir(home + "/Library/Caches/guardsh")
		addDir(home + "/Library/Preferences/guardsh")
		addFile(&h.agentFiles, home+"/.claude.json")
	}
	addDir("/etc/guardsh")
	if cfg := os.Getenv("GUARDSH_CONFIG"); cfg != "" {
		if !strings.HasPrefix(cfg, "/") {
			if wd, err := os.Getwd(); err == nil {
				cfg = filepath.Join(wd, cfg)
			}
		}
		addFile(&h.files, cfg)
	}
	if exe, err := executable(); err == nil && strings.HasPrefix(filepath.Base(exe), "guardsh") {
		addFile(&h.files, exe)
	}
	for _, name := range []string{"CODEX_HOME", "CLAUDE_CONFIG_DIR"} {
		if d := os.Getenv(name); strings.HasPrefix(d, "/") {
			for _, f := range []string{"hooks.json", "config.toml", "settings.json", "settings.local.json"} {
				addFile(&h.agentFiles, d+"/"+f)
			}
		}
	}
	for _, f := range []string{"/etc/claude-code/managed-settings.json", "/Library/Application Support/ClaudeCode/managed-settings.json",
		"/etc/codex/config.toml", "/etc/gemini-cli/settings.json"} {
		addFile(&h.agentFiles, f)
	}
	dirs := filepath.SplitList(os.Getenv("PATH"))
	if home != "" {
		// ~/bin and ~/.local/bin join PATH at the next login once they
		// exist (Debian's and Ubuntu's ~/.profile), ahead of where
		// guardsh is installed: eval "$(guardsh init bash)" then runs a
		// guardsh put there.
		dirs = append(dirs, home+"/bin", home+"/.local/bin")
	}
	for _, d := range dirs {
		if r := resolve(d); r != "" {
			h.pathDirs = append(h.pathDirs, path.Clean(d), r)
		}
	}
	return h
}

// executable is os.Executable, replaced by tests.
var executable = os.Executable

// userHome returns the home directory of a user from the user database; a
// variable, for tests.
var userHome = func(name string) string {
	if u, err := user.Lookup(name); err == nil {
		return u.HomeDir
	}
	return ""
}

// under reports whether p is dir or inside it.
func under(p, dir string) bool {
	return p == dir || dir == "/" || strings.HasPrefix(p, dir+"/")
}

// guardsh reports whether an absolute, resolved path is one of guardsh's
// files; with whole, a directory holding one counts too.
func (h *hostPaths) guardsh(p string, whole bool) bool {
	if whole && (strings.Count(p, "/") < 2 || h.env.Home != "" && under(h.env.Home, p)) {
		// The home directory, /, /etc and the like: removing them is
		// worse than tampering, and rules of its own.
		whole = false
	}
	for _, d := range h.dirs {
		if under(p, d) || whole && under(d, p) {
			return true
		}
	}
	for _, f := range h.files {
		if p == f || whole && under(f, p) {
			return true
		}
	}
	if path.Base(p) == "guardsh" {
		// A program named guardsh in a directory of PATH: the hooks
		// would run it.
		dir := path.Dir(p)
		for _, d := range h.pathDirs {
			if dir == d {
				return true
			}
		}
	}
	return false
}

// guardshInside reports a path strictly inside one of guardsh's
// directories.
func (h *hostPaths) guardshInside(p string) bool {
	for _, d := range h.dirs {
		if strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// agentHome reports the agents' settings files outside the usual names.
func (h *hostPaths) agentHome(p string) bool {
	for _, f := range h.agentFiles {
		if p == f {
			return true
		}
	}
	return false
}
