package rules

import (
	"os"
	"regexp"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
)

// This file widens guardsh-tamper to the ways a line typed at a guarded
// prompt can change the shell hook's own state or the place guardsh reads
// its files from, for every line that shell runs afterwards:
//
//   - the hook's variables and functions (__guardsh_bin, __guardsh_paused,
//     __guardsh_enter, …) written by something other than a plain
//     assignment: read, printf -v, let, ((…)), for, mapfile, getopts,
//     ${NAME:=…}, a nameref, an alias (bash's bind -x runs
//     `__guardsh_enter`, which an alias replaces), BASH_ALIASES[…], zsh's
//     functions[…], fish's set and alias;
//   - HOME and the XDG base directories guardsh finds its config and
//     state under, changed for the shell (export, a bare assignment, unset,
//     fish's set): a config written beforehand under another name
//     (tar -x into a fresh directory) then becomes guardsh's, with
//     approvals.mode = "off".
//
// tampers (tamper.go) calls writesHookState and movesGuardshHome;
// tampersEnvCode (table_tamper.go) calls hookStateCode.

// hookMark is the prefix of every variable and function the shell hooks
// define.
const hookMark = "__guardsh"

// guardshHomeVar reports a variable guardsh finds its files through.
func guardshHomeVar(n string) bool {
	switch n {
	case "HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME":
		return true
	}
	return false
}

// hookWriter reports the builtins that can change a variable, function,
// alias or key binding of the shell they run in; any other program runs in
// a process of its own (git commit -m '__guardsh_bin=x' is prose).
func hookWriter(n string) bool {
	switch n {
	case "alias", "unalias", "read", "printf", "print", "let", "mapfile", "readarray", "getopts", "declare", "typeset",
		"local", "export", "readonly", "unset", "set", "functions", "function", "vared", "zle", "bindkey", "bind", "enable", "disable",
		"unfunction", "coproc", "autoload", "zmodload", "emulate", "setopt", "unsetopt", "integer", "float", "complete", "compdef",
		"zstyle", "abbr", "funcsave", "funced", "source", ".", "trap", "hash", "shopt", "eval", "select", "for", "wait":
		return true
	}
	return false
}

// showsOnly reports the commands that only show a hook variable or function
// named in their arguments.
func showsOnly(n string) bool {
	switch n {
	case "echo", "type", "which", "whence", "where", "grep", "egrep", "fgrep", "rg", "cat", "less", "more", "head",
		"tail", "wc", "man", "history", "[", "test", "[[", "printenv", "env", "true", ":", "false", "guardsh":
		return true
	}
	return false
}

// hookReader reports whether c shows, and does not change, the hook names
// it mentions.
func hookReader(c *parse.Command) bool {
	if len(c.Args) == 0 {
		return false
	}
	name := c.Name()
	if showsOnly(name) {
		return true
	}
	all := c.Argv()[1:]
	switch name {
	case "printf", "print":
		for _, a := range all {
			if strings.HasPrefix(a, "-v") {
				return false
			}
		}
		return true
	case "declare", "typeset", "local":
		// Showing only: -p, -f, -F, and names without a value.
		for _, a := range all {
			if strings.HasPrefix(a, "-") || strings.HasPrefix(a, "+") {
				if strings.Trim(a[1:], "pfF") != "" {
					return false
				}
				continue
			}
			if strings.Contains(a, "=") {
				return false
			}
		}
		return true
	case "functions":
		// zsh and fish print a function named without options.
		for _, a := range all {
			if strings.HasPrefix(a, "-") && a != "-q" && a != "--query" && a != "-D" && a != "--details" {
				return false
			}
		}
		return true
	case "set":
		// fish: set -q and set -S ask about a variable.
		return len(all) > 0 && (all[0] == "-q" || all[0] == "--query" || all[0] == "-S" || all[0] == "--show")
	case "command":
		return len(all) > 0 && (all[0] == "-v" || all[0] == "-V")
	}
	return false
}

// writesHookState reports a command, other than one that only shows them,
// whose words or assignments name the hooks' variables or functions:
// read, printf -v, let, mapfile, getopts, alias, fish's set, a nameref, an
// assignment to BASH_ALIASES or zsh's functions, aliases and the like.
func writesHookState(c *parse.Command) bool {
	for _, a := range c.Env {
		if strings.Contains(a.Name, hookMark) || strings.Contains(a.Value.Value, hookMark) {
			return true
		}
		if aliasTable(a.Name) {
			return true
		}
	}
	if len(c.Args) == 0 || !hookWriter(c.Name()) || hookReader(c) {
		return false
	}
	for i, w := range c.Args {
		if strings.Contains(w.Value, hookMark) {
			return true
		}
		if i > 0 && c.Name() == "export" {
			// BASH_ALIASES[__guardsh_enter]=true, listed by the parser as
			// an export of the table's name.
			n, _, _ := strings.Cut(w.Value, "=")
			n, _, _ = strings.Cut(n, "[")
			if aliasTable(n) {
				return true
			}
		}
	}
	return false
}

// aliasTable reports bash's variables that define aliases or command paths
// when assigned (zsh's functions[…] and aliases[…] are plain variables in
// bash: git-filter-branch has functions=$(cat <<EOF …); a hook name in
// their keys is found by hookStateCode).
func aliasTable(n string) bool { return n == "BASH_ALIASES" || n == "BASH_CMDS" }

// keepsOwnValue reports an assignment that leaves a set variable as it is:
// NAME=$NAME or NAME=${NAME:-default} (ohmyzsh's uninstaller:
// HOME="${HOME:-$(getent passwd "$USER" | cut -d: -f6)}"). The parser reads
// such a value as the variable itself (${NAME}, and ~ for HOME);
// ${HOME:-x}/y or ${HOME:-x}$y still moves it.
//
// An XDG variable that guardsh's environment does not set takes the
// default: that one is left to defaultsElsewhere, which reads the default
// in the source (the parser keeps only ${NAME}).
func keepsOwnValue(name, value string) bool {
	return value == "${"+name+"}" || name == "HOME" && value == "~"
}

// defaultsElsewhere is the input part for NAME=${NAME:-DEFAULT} of an XDG
// variable that guardsh's environment does not set: the shell then takes
// DEFAULT, which moves guardsh's files unless it is the XDG default itself
// ($HOME/.config for XDG_CONFIG_HOME). export XDG_CONFIG_HOME=${XDG_CONFIG_HOME:-/tmp/e}
// would otherwise read a config put in /tmp/e.
func defaultsElsewhere(r *parse.Result) []hit {
	if !strings.Contains(r.Input, "XDG_") {
		return nil
	}
	var out []hit
	for _, c := range r.Commands {
		if len(c.Args) < 2 {
			continue
		}
		switch c.Name() {
		case "export":
		case "declare", "typeset", "readonly", "local":
			if !hasFlagLetter(c.Argv()[1:], 'x') {
				continue
			}
		default:
			continue
		}
		for _, w := range c.Args[1:] {
			n, v, ok := strings.Cut(w.Value, "=")
			if !ok || n == "HOME" || !guardshHomeVar(n) || v != "${"+n+"}" || os.Getenv(n) != "" {
				continue
			}
			start, end := max(0, min(w.Start, len(r.Input))), max(0, min(w.End, len(r.Input)))
			if start >= end || !xdgDefault(n, r.Input[start:end]) {
				out = append(out, hit{start: start, end: end})
			}
		}
	}
	return out
}

// xdgDefault reports whether the source of a ${NAME:-DEFAULT} value gives
// the XDG base directory specification's own default for NAME.
func xdgDefault(name, src string) bool {
	src = strings.Trim(src, `"'`)
	_, def, ok := strings.Cut(src, ":-")
	if !ok {
		if _, def, ok = strings.Cut(src, ":="); !ok {
			return false
		}
	}
	def = strings.TrimSuffix(strings.TrimSuffix(def, "}"), "/")
	var rel string
	switch name {
	case "XDG_CONFIG_HOME":
		rel = "/.config"
	case "XDG_STATE_HOME":
		rel = "/.local/state"
	case "XDG_DATA_HOME":
		rel = "/.local/share"
	case "XDG_CACHE_HOME":
		rel = "/.cache"
	default:
		return false
	}
	for _, h := range []string{"$HOME", "${HOME}", "~"} {
		if def == h+rel {
			return true
		}
	}
	return false
}

// movesGuardshHome reports a command that changes, for the shell and what
// it runs next, a variable guardsh finds its files through: HOME or an XDG
// base directory assigned on its own (HOME is always exported, the others
// often are), exported, unset, or set by fish's set, read or printf -v.
// A prefix assignment for one command (HOME=/tmp/h make) is left alone.
func movesGuardshHome(c *parse.Command) bool {
	if len(c.Args) == 0 {
		for _, a := range c.Env {
			if guardshHomeVar(a.Name) && !keepsOwnValue(a.Name, a.Value.Value) {
				return true
			}
		}
		return false
	}
	all := c.Argv()[1:]
	named := func(a string) bool {
		n, _, _ := strings.Cut(a, "=")
		n, _, _ = strings.Cut(n, "[")
		return guardshHomeVar(n)
	}
	switch c.Name() {
	case "export", "declare", "typeset", "local", "readonly", "unset", "setenv", "unsetenv", "read", "mapfile", "readarray", "vared":
		for _, a := range all {
			if strings.HasPrefix(a, "-") {
				continue
			}
			if named(a) {
				if n, v, ok := strings.Cut(a, "="); ok && keepsOwnValue(n, v) {
					continue
				}
				switch c.Name() {
				case "export", "unset", "setenv", "unsetenv", "read", "mapfile", "readarray", "vared":
					return true
				}
				// declare/typeset/local/readonly: only when exported or a
				// value is given to an exported name.
				return strings.Contains(a, "=") || hasFlagLetter(all, 'x')
			}
		}
	case "printf", "print":
		for i, a := range all {
			if v, ok := strings.CutPrefix(a, "-v"); ok {
				if v == "" && i+1 < len(all) {
					v = all[i+1]
				}
				if named(v) {
					return true
				}
			}
		}
	case "set":
		// fish: set [-gx…] NAME VALUE, set -e NAME.
		if len(all) == 0 || all[0] == "-q" || all[0] == "--query" || all[0] == "-S" || all[0] == "--show" {
			return false
		}
		for _, a := range all {
			if strings.HasPrefix(a, "-") {
				continue
			}
			return named(a)
		}
	}
	return false
}

// hasFlagLetter reports a short option bundle among args holding letter.
func hasFlagLetter(args []string, letter byte) bool {
	for _, a := range args {
		if len(a) > 1 && (a[0] == '-' || a[0] == '+') && a[1] != '-' && strings.IndexByte(a[1:], letter) >= 0 {
			return a[0] == '-'
		}
	}
	return false
}

// hookAssignExp matches a parameter expansion that assigns a hook variable:
// ${__guardsh_paused:=1}, ${__guardsh_bin=x}, zsh's ${__guardsh_paused::=1}.
var (
	hookAssignOnce sync.Once
	hookAssignRe   *regexp.Regexp
)

func hookAssignExp() *regexp.Regexp {
	hookAssignOnce.Do(func() { hookAssignRe = regexp.MustCompile(`\$\{` + hookMark + `\w*(\[[^]]*\])?:{0,2}=`) })
	return hookAssignRe
}

// hookStateCode is the input part: a hook name where no command that only
// shows it holds it (a for or select loop's variable, ((…)), coproc, a
// [[ … ]] or arithmetic assignment), and a ${NAME:=…} of one anywhere.
func hookStateCode(r *parse.Result) []hit {
	if !strings.Contains(r.Input, hookMark) {
		return nil
	}
	var out []hit
	quoted := singleQuoted(r.Input)
	for _, m := range hookAssignExp().FindAllStringIndex(r.Input, -1) {
		if !quoted[m[0]] {
			out = append(out, hit{start: m[0], end: m[1]})
		}
	}
	for i := 0; ; {
		j := strings.Index(r.Input[i:], hookMark)
		if j < 0 {
			break
		}
		at := i + j
		i = at + len(hookMark)
		if quoted[at] {
			continue
		}
		var in *parse.Command
		for _, c := range r.Commands {
			if c.Start <= at && at < c.End && (in == nil || c.End-c.Start < in.End-in.Start) {
				in = c
			}
		}
		if in == nil || hookWriter(in.Name()) && !hookReader(in) {
			end := at + len(hookMark)
			for end < len(r.Input) && (r.Input[end] == '_' || r.Input[end] >= 'a' && r.Input[end] <= 'z' || r.Input[end] >= '0' && r.Input[end] <= '9') {
				end++
			}
			out = append(out, hit{start: at, end: end})
		}
	}
	return out
}

// singleQuoted marks the bytes of src inside single quotes (or a comment),
// where the shell expands nothing; a rough reading, erring towards
// expansion.
func singleQuoted(src string) []bool {
	q := make([]bool, len(src)+1)
	single, double, comment := false, false, false
	var delims []string // here-documents whose bodies start at the next newline
	for i := 0; i < len(src); i++ {
		ch := src[i]
		if ch == '\n' && !single && len(delims) > 0 {
			// Here-document bodies: taken as quoted, whatever the
			// delimiter's quoting.
			i++
			for _, d := range delims {
				for i < len(src) {
					end := strings.IndexByte(src[i:], '\n')
					if end < 0 {
						end = len(src) - i
					}
					line := src[i : i+end]
					for k := i; k < i+end; k++ {
						q[k] = true
					}
					i += end + 1
					if strings.TrimLeft(line, "\t") == d {
						break
					}
				}
			}
			delims = delims[:0]
			i--
			continue
		}
		switch {
		case !single && !double && !comment && ch == '<' && strings.HasPrefix(src[i:], "<<") && !strings.HasPrefix(src[i:], "<<<"):
			j := i + 2
			if j < len(src) && src[j] == '-' {
				j++
			}
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			k := j
			for k < len(src) && !strings.ContainsRune(" \t\n;&|<>()", rune(src[k])) {
				k++
			}
			if d := strings.Trim(src[j:k], `'"\`); d != "" {
				delims = append(delims, d)
			}
			i = k - 1
		case comment:
			q[i] = true
			if ch == '\n' {
				comment = false
			}
		case single:
			q[i] = true
			if ch == '\'' {
				single = false
			}
		case ch == '\\':
			i++
		case ch == '"':
			double = !double
		case ch == '\'' && !double:
			single = true
			q[i] = true
		case ch == '#' && !double && (i == 0 || src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' || src[i-1] == ';'):
			comment = true
			q[i] = true
		}
	}
	return q
}

// moreOwnWriter reports the programs moreOwnTargets reads.
func moreOwnWriter(n string) bool {
	switch n {
	case "yq", "dasel", "sd", "xmlstarlet", "crudini", "scp", "docker", "podman", "nerdctl", "kubectl", "sshfs", "rclone", "s3fs", "gocryptfs",
		"encfs", "squashfuse", "archivemount", "fuse-overlayfs", "git", "rsync", "tar", "bsdtar", "gtar", "unzip":
		return true
	}
	return false
}

// moreOwnTargets are the paths ownTargets did not know a command changes:
// in-place editors of structured files (yq -i, dasel put -f, sd,
// xmlstarlet ed -L, crudini --set), git rm and git mv, an rsync of a
// directory's contents (SRC/) into DEST, the members tar or unzip is told
// to extract, the local destination of scp and docker/kubectl cp, and the
// mount point of FUSE file systems (sshfs, rclone mount, …).
func moreOwnTargets(c *parse.Command) []ownTarget {
	var out []ownTarget
	add := func(w parse.Word, whole bool) { out = append(out, ownTarget{w: w, whole: whole}) }
	word := func(w parse.Word, v string) parse.Word { w.Value = v; return w }
	argv := c.Argv()
	switch c.Name() {
	case "yq":
		a := args(c, "-I", "--indent", "-p", "--input-format", "-o", "--output-format", "--expression", "--from-file", "--split-exp")
		if a.has("i", "inplace") && len(a.operands) > 1 {
			for _, w := range a.operands[1:] {
				add(w, false)
			}
		}
	case "dasel":
		for i, v := range argv {
			if (v == "-f" || v == "--file") && i+1 < len(argv) && (contains(argv, "put") || contains(argv, "delete")) {
				add(c.Args[i+1], false)
			}
		}
	case "sd":
		if a := args(c, "-n", "--max-replacements", "-f", "--flags"); !a.has("p", "preview") && len(a.operands) > 2 {
			for _, w := range a.operands[2:] {
				add(w, false)
			}
		}
	case "xmlstarlet":
		if len(argv) > 2 && (argv[1] == "ed" || argv[1] == "edit") && (contains(argv, "-L") || contains(argv, "--inplace")) {
			add(c.Args[len(c.Args)-1], false)
		}
	case "crudini":
		if len(argv) > 2 && (argv[1] == "--set" || argv[1] == "--del" || argv[1] == "--merge") {
			add(c.Args[2], false)
		}
	case "scp":
		if ops := args(c, "-P", "-i", "-o", "-F", "-c", "-l", "-S", "-J", "-D", "-X").operands; len(ops) > 1 && !strings.Contains(ops[len(ops)-1].Value, ":") {
			add(ops[len(ops)-1], false)
		}
	case "docker", "podman", "nerdctl", "kubectl":
		if s, rest := sub(c, "-H", "--host", "-c", "--context", "-n", "--namespace", "--kubeconfig"); s == "cp" {
			var ops []parse.Word
			for _, w := range rest {
				if !strings.HasPrefix(w.Value, "-") {
					ops = append(ops, w)
				}
			}
			if len(ops) > 1 && !strings.Contains(ops[len(ops)-1].Value, ":") {
				add(ops[len(ops)-1], false)
			}
		}
	case "git":
		if s, rest := sub(c, "-C", "-c", "--git-dir", "--work-tree"); s == "rm" || s == "mv" {
			for _, w := range rest {
				if !strings.HasPrefix(w.Value, "-") {
					add(w, true)
				}
			}
		}
	case "rsync":
		a := args(c, "-e", "--rsh", "--exclude", "--include", "--filter", "-f", "--exclude-from", "--include-from", "--files-from", "-T", "--temp-dir", "--chmod", "--chown")
		if ops := a.operands; len(ops) > 1 && !strings.Contains(ops[len(ops)-1].Value, ":") {
			for _, s := range ops[:len(ops)-1] {
				if strings.HasSuffix(s.Value, "/") {
					add(ops[len(ops)-1], true) // SRC/: its contents merge into DEST
					break
				}
			}
		}
	case "tar", "bsdtar", "gtar", "unzip":
		if (c.Name() == "unzip" || extracts(c)) && len(c.Args) > 2 {
			dir := "."
			if c.Name() != "unzip" {
				if d, ok := tarDir(c); ok {
					dir = d.Value
				}
			}
			skip := 0
			for i, w := range c.Args[1:] {
				v := w.Value
				switch {
				case skip > 0:
					skip--
				case c.Name() == "unzip" && v == "-d" && i+2 < len(c.Args):
					dir, skip = c.Args[i+2].Value, 1
				case strings.HasPrefix(v, "-") || i == 0 && c.Name() != "unzip":
					if v == "-C" || v == "-f" || v == "--file" || v == "--directory" || v == "-x" && c.Name() == "unzip" {
						skip = 1
					}
				case archiveName(v):
				default:
					add(word(w, strings.TrimSuffix(dir, "/")+"/"+v), true)
				}
			}
		}
	case "sshfs", "rclone", "s3fs", "gocryptfs", "encfs", "squashfuse", "archivemount", "fuse-overlayfs":
		if c.Name() == "rclone" && (len(argv) < 2 || !contains(argv, "mount") && !contains(argv, "nfsmount")) {
			break
		}
		if ops := args(c, "-o", "-p", "--port", "-F", "--config").operands; len(ops) > 0 {
			add(ops[len(ops)-1], true)
		}
	}
	return out
}

// archiveName reports a word that names an archive rather than a member.
func archiveName(v string) bool {
	for _, ext := range []string{".tar", ".tgz", ".tbz", ".txz", ".zip", ".gz", ".bz2", ".xz", ".zst", ".lz4", ".7z", ".jar", ".whl"} {
		if strings.HasSuffix(v, ext) {
			return true
		}
	}
	return false
}

// runtimeSecret reports the secrets a runtime mounts or keeps for a
// process: Docker and Compose secrets (/run/secrets/NAME, also a build's
// RUN --mount=type=secret), a Kubernetes service account's token and
// certificates (/var/run/secrets/kubernetes.io/…), and a process's
// environment (/proc/self/environ, /proc/PID/environ), as env | curl is.
func runtimeSecret(p string) bool {
	if strings.HasPrefix(p, "/run/secrets/") || strings.HasPrefix(p, "/var/run/secrets/") {
		return true
	}
	if rest, ok := strings.CutPrefix(p, "/proc/"); ok {
		if pid, file, ok := strings.Cut(rest, "/"); ok && file == "environ" {
			return pid == "self" || pid == "thread-self" || pid != "" && strings.Trim(pid, "0123456789") == ""
		}
	}
	return false
}

// wholeHome reports a home directory named as a whole (~, $HOME, /root,
// /home/USER): an archive of it holds every key and token in it.
func wholeHome(p string) bool {
	p = strings.TrimSuffix(p, "/")
	switch p {
	case "~", "$HOME", "${HOME}", "/root":
		return true
	}
	if rest, ok := strings.CutPrefix(p, "/home/"); ok && rest != "" && !strings.Contains(rest, "/") {
		return true
	}
	if rest, ok := strings.CutPrefix(p, "/Users/"); ok && rest != "" && !strings.Contains(rest, "/") {
		return true
	}
	return strings.HasPrefix(p, "~") && !strings.Contains(p, "/") // ~bob
}

// installedFiles returns the files a package manager installs, or a
// runtime runs, from a path: dpkg -i, apt install ./x.deb, rpm -i/-U,
// dnf/yum/zypper install x.rpm, pacman -U, apk add x.apk, pip install
// x.whl, npm install x.tgz, snap install x.snap, flatpak install
// x.flatpak, macOS installer -pkg, java -jar. A package's maintainer
// scripts run as root: installing one just downloaded runs what the server
// sent, as sh x.sh does.
func installedFiles(c *parse.Command) []string {
	if len(c.Args) < 2 {
		return nil
	}
	var out []string
	argv := c.Argv()
	pkg := func(v string) bool {
		for _, ext := range []string{".deb", ".rpm", ".apk", ".whl", ".tgz", ".tar.gz", ".zip", ".snap", ".flatpak", ".pkg", ".pkg.tar.zst", ".pkg.tar.xz", ".jar", ".AppImage"} {
			if strings.HasSuffix(v, ext) {
				return true
			}
		}
		return false
	}
	switch c.Name() {
	case "dpkg", "rpm", "pacman", "apt", "apt-get", "dnf", "yum", "zypper", "apk", "pip", "pip3", "npm", "pnpm", "yarn", "snap", "flatpak", "installer", "gdebi", "pkg":
		for _, v := range argv[1:] {
			if !strings.HasPrefix(v, "-") && pkg(v) {
				out = append(out, v)
			}
		}
	case "java":
		for i, v := range argv {
			if v == "-jar" && i+1 < len(argv) {
				out = append(out, argv[i+1])
			}
		}
	}
	return out
}

// rebindsAccept reports a key binding that accepts the line without the
// hook: the hooks wrap Enter and the accept widgets, so a key bound to the
// accepting action itself runs the line unchecked.
//   - bash: bind '"\C-o": accept-line' (any key, also operate-and-get-next),
//     bind -x that runs $READLINE_LINE, Enter spelled \015, \x0d, \C-M;
//   - zsh: bindkey KEY .accept-line (the builtin widgets, which a wrapper
//     cannot replace), Enter spelled \r, \C-m, \015, $'\r' (a widget of
//     one's own that calls zle .accept-line is left alone: plugins such as
//     sticky-note do);
//   - fish: bind KEY execute (the hook rewraps only Enter), or commandline
//     -f execute.
func rebindsAccept(c *parse.Command) bool {
	if len(c.Args) < 2 {
		return false
	}
	all := c.Argv()[1:]
	joined := strings.Join(all, " ")
	switch c.Name() {
	case "bind":
		if strings.Contains(joined, "READLINE_LINE") && contains(all, "-x") {
			return true
		}
		for _, a := range all {
			if strings.HasPrefix(a, "-") && !strings.Contains(a, ":") {
				continue
			}
			if k, f, ok := strings.Cut(a, ":"); ok {
				f = strings.TrimSpace(f)
				if f == "accept-line" || f == "operate-and-get-next" || enterKey(strings.Trim(k, `"'`)) {
					return true
				}
			}
		}
		// fish: bind [-M MODE] KEY ACTION…
		if strings.Contains(joined, "execute") && !contains(all, "-e") && !contains(all, "--erase") {
			for _, a := range all {
				if a == "execute" || strings.Contains(a, "-f execute") {
					return true
				}
			}
		}
	case "bindkey":
		if i := indexOf(all, "-M"); i >= 0 && i+1 < len(all) && !hookKeymaps()[all[i+1]] {
			return false // a keymap of its own (zed's): the prompt's keys are untouched
		}
		for _, a := range all {
			switch a {
			case ".accept-line", ".accept-and-hold", ".accept-line-and-down-history", ".accept-and-infer-next-history":
				return true
			}
		}
		if contains(all, "-L") || contains(all, "-l") || contains(all, "-M") && len(all) <= 2 {
			return false
		}
		for _, a := range all {
			if !strings.HasPrefix(a, "-") && enterKey(a) {
				return true
			}
		}
	case "commandline":
		return joined == "-f execute" || strings.HasSuffix(joined, " execute") && strings.Contains(joined, "-f")
	}
	return false
}

// enterKey reports a key sequence, as bind, bindkey or fish's bind write
// it, that is Enter (carriage return or newline) by itself.
func enterKey(k string) bool {
	switch strings.ToLower(k) {
	case "^m", "^j", `\r`, `\n`, `\c-m`, `\c-j`, `\015`, `\012`, `\x0d`, `\x0a`, `\e\r`, "\r", "\n", "return", "newline", "enter", `\cm`, `\cj`:
		return true
	}
	return false
}
