package rules

import (
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
)

// A find that deletes from /, a system directory or ~ is hardline
// (find-delete-root) because it removes every file it reaches. One whose
// expression first selects one program's runtime leftovers cannot reach
// the system's essentials (issue 12, the held-out set: docker:dind's
// entrypoint, find /run /var/run -iname 'docker*.pid' -delete, was the
// only block in 65 files). It is still find-delete (dangerous, it asks).
//
// The selection is a -name, -iname, -path or -ipath pattern whose last
// component has both a literal stem (the program: "docker" in
// docker*.pid; a pattern starting with a wildcard selects every program's
// files) and a literal tail that is a leftover suffix of the table below
// (".pid"). A stem alone is not enough (lib*, python*, sudo* under /usr),
// nor a tail alone (find / -name '*.log' -delete empties every log on the
// system, find / -name '*.o' every object file: both stay hardline). The
// expression must be a plain conjunction (no -o, -or, ",", !, -not or
// parentheses, which can select anything else), every word static, and
// the pattern must come before the delete action (find / -delete -name
// x deletes first). A recursive rm (-exec rm -rf {}, xargs rm -r) also
// needs -type f before it: a directory named docker.pid can hold a tree.

// leftover is one suffix whose files a program leaves and makes again.
type leftover struct {
	Suffix string
	Why    string
}

// leftovers are the suffixes a narrowed find-delete's pattern may end in.
// A lock (.lock) or a socket (.sock) is left out: removing one under a
// running program breaks it.
var leftovers = [...]leftover{
	{".pid", "a process id, written again when the program starts"},
	{".pyc", "Python byte code, compiled again from its source"},
	{".pyo", "Python byte code, compiled again from its source"},
	{".swp", "an editor's swap file"},
	{".swo", "an editor's swap file"},
	{".tmp", "a temporary file"},
	{".orig", "a patch's copy of the file it changed"},
	{".rej", "a patch's rejected hunks"},
	{".log", "one program's log (a stem is required: every log on the system is not)"},
}

// findNarrowed reports whether find f selects, before it deletes, only
// one program's leftovers (see above); recursive says the delete is a
// recursive rm of what find lists.
func findNarrowed(f *parse.Command, recursive bool) bool {
	expr := f.Args[1+len(findStartWords(f)):]
	for len(expr) > 0 && (expr[0].Value == "-H" || expr[0].Value == "-L" || expr[0].Value == "-P" || expr[0].Value == "--") {
		expr = expr[1:]
	}
	narrowed, files := false, false
	for i := 0; i < len(expr); i++ {
		w := expr[i]
		if !w.Static {
			return false
		}
		switch w.Value {
		case "-o", "-or", ",", "!", "-not", "(", ")":
			return false
		case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename":
			if i+1 >= len(expr) || !expr[i+1].Static {
				return false
			}
			if leftoverPattern(expr[i+1].Value, w.Value == "-iname" || w.Value == "-ipath" || w.Value == "-iwholename") {
				narrowed = true
			}
			i++
		case "-type":
			if i+1 >= len(expr) {
				return false
			}
			files = files || expr[i+1].Value == "f"
			i++
		case "-delete":
			if !narrowed {
				return false
			}
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for ; j < len(expr) && expr[j].Value != ";" && expr[j].Value != "+"; j++ {
			}
			if i+1 < len(expr) && findRmLike(expr[i+1:j]) {
				if !narrowed || findRecursiveRm(expr[i+1:j]) && !files {
					return false
				}
			}
			i = j
		case "-regex", "-iregex", "-lname", "-ilname", "-newer", "-samefile", "-perm", "-user", "-group", "-uid", "-gid",
			"-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-size", "-maxdepth", "-mindepth", "-links", "-inum",
			"-printf", "-fprint", "-fprint0", "-fls", "-used", "-context", "-xtype", "-fstype", "-newermt", "-anewer", "-cnewer":
			i++ // their argument
		}
	}
	if recursive && !files {
		return false
	}
	return narrowed
}

// findRuntimeLeftovers reports a find that deletes only one program's
// leftovers (findNarrowed) under /run or /var/run: the runtime directory,
// emptied at every boot, whose pid files the programs write again when
// they start (docker:dind's entrypoint removes a stale dockerd pid file).
func findRuntimeLeftovers(f *parse.Command) bool {
	roots := findStartWords(f)
	if len(roots) == 0 {
		return false
	}
	for _, w := range roots {
		v := path.Clean(w.Value)
		if !w.Static || strings.Contains(w.Value, "..") || v != "/run" && v != "/var/run" && !strings.HasPrefix(v, "/run/") && !strings.HasPrefix(v, "/var/run/") {
			return false
		}
	}
	return findNarrowed(f, findRecursiveExec(f))
}

// findRecursiveExec reports a find -exec of a recursive rm.
func findRecursiveExec(f *parse.Command) bool {
	for i, w := range f.Args {
		if (w.Value == "-exec" || w.Value == "-execdir" || w.Value == "-ok" || w.Value == "-okdir") && i+1 < len(f.Args) {
			j := i + 1
			for ; j < len(f.Args) && f.Args[j].Value != ";" && f.Args[j].Value != "+"; j++ {
			}
			if findRmLike(f.Args[i+1:j]) && findRecursiveRm(f.Args[i+1:j]) {
				return true
			}
		}
	}
	return false
}

// findRmLike reports an -exec command that deletes.
func findRmLike(ws []parse.Word) bool {
	if len(ws) == 0 {
		return false
	}
	switch path.Base(ws[0].Value) {
	case "rm", "shred", "unlink", "truncate":
		return true
	}
	return false
}

// findRecursiveRm reports an rm given -r, -R or --recursive.
func findRecursiveRm(ws []parse.Word) bool {
	for _, w := range ws[1:] {
		v := w.Value
		if v == "--recursive" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsAny(v, "rR") {
			return true
		}
	}
	return false
}

// leftoverPattern reports whether a find pattern's last component has a
// literal stem and ends, after its last wildcard, in a leftover suffix.
func leftoverPattern(p string, fold bool) bool {
	if fold {
		p = strings.ToLower(p)
	}
	last := p[strings.LastIndexByte(p, '/')+1:]
	if last == "" || strings.Contains(last, `\`) {
		return false
	}
	first := strings.IndexAny(last, "*?[")
	if first == 0 {
		return false
	}
	tail := last
	if lw := strings.LastIndexAny(last, "*?[]"); lw >= 0 {
		tail = last[lw+1:]
	}
	for _, l := range leftovers {
		// A stem: before the first wildcard, or before the suffix of
		// a literal name (docker.pid; not .pid alone).
		if strings.HasSuffix(tail, l.Suffix) && len(last) > len(l.Suffix) {
			return true
		}
	}
	return false
}

// A password set for an account (issue 12, the held-out set): a literal
// one (echo 'seluser:secret' | chpasswd in a shipped image, usermod -p
// with a fixed hash) is known to everyone who reads the script or the
// image's history, and is the finding; a random one (gitea's
// echo "git:$(dd if=/dev/urandom bs=24 count=1 | base64)" | chpasswd,
// which unlocks the account for key logins) is known to nobody, and is
// not. A password that is neither known nor random (an argument, a
// variable of the caller) is still reported: it may be either.

// randomSources are the commands whose output is a random secret: a
// password made of one of them alone is not known.
var randomSources = [...]string{"/dev/urandom", "/dev/random", "openssl rand", "pwgen", "uuidgen", "/proc/sys/kernel/random/uuid", "gpg --gen-random", "apg"}

// randomOnly reports whether a word is made of literal text and one
// expansion whose text comes from a random source.
func randomOnly(w parse.Word) bool {
	if w.Static || w.Subst == "" || w.Origin != "dynamic" && w.Origin != "local" || strings.Count(w.Value, "$") != 1 {
		return false
	}
	for _, r := range randomSources {
		if strings.Contains(w.Subst, r) {
			return !strings.Contains(w.Subst, "$RANDOM")
		}
	}
	return false
}

// chpasswdGrant is privilege-grant's reading of chpasswd: a literal
// password for root, or one not known (from a file, an argument, a
// variable of the caller) unless it is random. A literal password of
// another account is password-literal's, in a script.
func chpasswdGrant(c *parse.Command) bool {
	if c.StdinStatic {
		return strings.Contains(c.StdinText, "root:")
	}
	return !stdinRandom(c)
}

// stdinRandom reports a command whose standard input is an echo or printf
// of literal text and passwords from a random source only.
func stdinRandom(c *parse.Command) bool {
	s := c.StdinFrom
	if s == nil || s.Name() != "echo" && s.Name() != "printf" || len(s.Args) < 2 || s.StdinFrom != nil || stdinRedirected(c) {
		return false
	}
	random := false
	for _, w := range s.Args[1:] {
		if !w.Static {
			if !randomOnly(w) {
				return false
			}
			random = true
		}
	}
	return random
}

// literalPassword reports a command that sets a password written in the
// input: chpasswd or passwd --stdin given literal text, usermod or
// useradd -p with a fixed hash, SQL giving root or postgres a literal
// password.
func literalPassword(c *parse.Command) bool {
	switch c.Name() {
	case "chpasswd":
		return c.StdinStatic && strings.TrimSpace(c.StdinText) != "" && !strings.Contains(c.StdinText, "root:")
	case "passwd":
		return args(c).has("stdin") && c.StdinStatic && strings.TrimSpace(c.StdinText) != ""
	case "usermod", "useradd":
		return fixedHash(c)
	case "mysql", "mariadb", "psql":
		return dbRootPassword(c)
	}
	return false
}

// fixedHash reports usermod/useradd -p (--password) given a fixed
// encrypted password: a literal one, or openssl passwd / mkpasswd of a
// literal password. -p ” (no password) is reported elsewhere.
func fixedHash(c *parse.Command) bool {
	for i, w := range c.Args {
		v, ok := "", false
		switch {
		case w.Value == "-p" || w.Value == "--password":
			if i+1 < len(c.Args) {
				w, v, ok = c.Args[i+1], c.Args[i+1].Value, true
			}
		case strings.HasPrefix(w.Value, "--password="):
			v, ok = strings.TrimPrefix(w.Value, "--password="), true
		}
		if !ok || v == "" {
			continue
		}
		if w.Static && v != "!" && v != "*" && v != "!!" {
			return true // a literal hash ("!" and "*" lock the account)
		}
		s := w.Subst
		if (strings.HasPrefix(s, "openssl passwd") || strings.HasPrefix(s, "mkpasswd")) && !strings.ContainsAny(s, "$`<|") && len(strings.Fields(s)) > 2 {
			return true // $(openssl passwd -1 secret)
		}
	}
	return false
}

// dbRootPassword reports a mysql, mariadb or psql command whose SQL sets
// a literal password for the database's root (root, postgres):
// mysql -u root -e "ALTER USER root@localhost IDENTIFIED BY 'password'".
func dbRootPassword(c *parse.Command) bool {
	var sql []string
	for i, w := range c.Args[1:] {
		v := w.Value
		switch {
		case v == "-e" || v == "--execute" || v == "-c" || v == "--command":
			if i+2 < len(c.Args) && c.Args[i+2].Static {
				sql = append(sql, c.Args[i+2].Value)
			}
		case strings.HasPrefix(v, "--execute=") || strings.HasPrefix(v, "--command="):
			if w.Static {
				sql = append(sql, v[strings.IndexByte(v, '=')+1:])
			}
		}
	}
	if c.StdinStatic {
		sql = append(sql, c.StdinText)
	}
	for _, s := range sql {
		if dbRootPasswordSQL().MatchString(s) {
			return true
		}
	}
	return false
}

// dbRootPasswordSQL matches SQL that sets a literal password for root or
// postgres (compiled when first needed: nothing is built at start-up).
func dbRootPasswordSQL() *regexp.Regexp {
	dbRootOnce.Do(func() {
		q := "['\"`]?"
		dbRootRe = regexp.MustCompile(`(?is)\b(?:alter|create)\s+(?:user|role)\s+(?:if\s+(?:not\s+)?exists\s+)?` + q + `(?:root|postgres)` + q + `(?:@\S+)?\s.*?(?:\bidentified\b.*?\bby\s+(?:password\s+)?'[^']+'|\bpassword\s+'[^']+')` +
			`|\bset\s+password\s+for\s+` + q + `root` + q + `\S*\s*=\s*(?:password\s*\(\s*)?'[^']+'`)
	})
	return dbRootRe
}

var (
	dbRootOnce sync.Once
	dbRootRe   *regexp.Regexp
)

// stdinRedirected reports a command with a redirection of its standard
// input (which replaces the pipe).
func stdinRedirected(c *parse.Command) bool {
	for _, r := range c.Redirs {
		if (r.Fd == "" || r.Fd == "0") && strings.HasPrefix(r.Op, "<") {
			return true
		}
	}
	return false
}

// passwordLiteral is the finding of a literal password in a script
// (Options.File: a Dockerfile's RUN steps, a workflow's run: steps, a
// script). At a prompt, setting a password one has just chosen is what
// chpasswd is for (tldr: printf "username:new_password" | sudo chpasswd).
// Its examples need a script file, so TestPasswordLiteral runs them.
var passwordLiteral = &Rule{
	ID: "password-literal", Tier: Dangerous,
	Title:   "A password written in the script",
	Reason:  "A password or password hash written in a script or an image's build steps is known to everyone who can read them, and so is the account it opens.",
	Suggest: "generate the password when the script runs (openssl rand), lock the account, or use keys",
	input:   literalPasswords,
	Match: []string{"echo 'seluser:secret' | chpasswd", "pw=secret; echo \"u:$pw\" | chpasswd", "printf 'a:1\\nb:2\\n' | sudo chpasswd",
		"chpasswd <<EOF\nbob:hunter2\nEOF", "echo secret | passwd --stdin bob", "usermod -p '$6$salt$hash' bob", "useradd -m -p \"$(openssl passwd -1 secret)\" bob",
		"mysql -u root -e \"ALTER USER root@localhost IDENTIFIED WITH mysql_native_password BY 'password'; FLUSH PRIVILEGES;\"",
		"psql -U postgres -c \"ALTER USER postgres PASSWORD 'postgres'\"", "mysql -e \"SET PASSWORD FOR 'root'@'localhost' = PASSWORD('x')\"",
		"sudo mysql --execute=\"CREATE USER IF NOT EXISTS 'root'@'%' IDENTIFIED BY 'root'\""},
	NoMatch: []string{"echo \"git:$(dd if=/dev/urandom bs=24 count=1 status=none | base64)\" | chpasswd", "pw=$(openssl rand -hex 16); echo \"u:$pw\" | chpasswd",
		"echo \"$USERNAME:$NEW_PASSWORD\" | chpasswd", "echo \"$u:$pw\" | passwd --stdin bob", "usermod -p \"$HASH\" bob", "usermod -p '!' bob", "useradd -p \"$(openssl passwd -1 \"$PW\")\" bob",
		"mysql -u root -e 'SELECT 1'", "mysql -e \"ALTER USER app@localhost IDENTIFIED BY 'x'\"", "psql -c \"ALTER USER postgres PASSWORD NULL\"",
		"mysql -u root -p\"$PW\" -e 'SHOW DATABASES'", "echo 'root:x' | chpasswd", "passwd bob"},
}

func init() { Register(passwordLiteral) }

// literalPasswords is password-literal's input part.
func literalPasswords(r *parse.Result) []hit {
	if !r.File {
		return nil
	}
	var out []hit
	for _, c := range r.Commands {
		if c.Deferred || !literalPassword(c) {
			continue
		}
		start, end := max(0, min(c.Start, len(r.Input))), max(0, min(c.End, len(r.Input)))
		if start <= end {
			out = append(out, hit{start: start, end: end})
		}
	}
	return out
}

// targetTwinRule reports the rules whose findings on target twins (the
// same file written another way in another branch, parse/dupes7.go) are
// one fact: the file changed. A credential or start-up file is not one of
// them: there the text is code, and two texts are two facts.
func targetTwinRule(id string) bool {
	return id == "system-config-write"
}

// moreFacts returns the facts of rules/dupes.go's later rows for rule r's
// finding on command c of res.
func moreFacts(r *Rule, c *parse.Command, res *parse.Result) []string {
	switch r.ID {
	case "chown-root":
		if c.Name() == "chown" {
			return []string{factChownRoot + ":" + span(c)}
		}
	case "chmod-recursive-system":
		if c.Name() == "chown" && chownToRoot(c) {
			return []string{factChownRoot + ":" + span(c)}
		}
	case "system-config-write":
		var out []string
		for _, w := range writeTargets(c) {
			if w.Static {
				out = append(out, factWrote+":"+span(c)+":"+w.Value)
			}
		}
		if res != nil && res.Staged != nil {
			if to, ok := res.Staged[c.Start]; ok && c.Name() != "mv" {
				out = append(out, factStage+":"+strconv.Itoa(to))
			}
			if c.Name() == "mv" {
				for _, to := range res.Staged {
					if to == c.Start {
						out = append(out, factStage+":"+strconv.Itoa(to))
						break
					}
				}
			}
		}
		return out
	case "files-overwrite-outside":
		var out []string
		for _, w := range writeTargets(c) {
			if w.Static {
				out = append(out, factWrote+":"+span(c)+":"+w.Value)
			}
		}
		return out
	case "packages-unverified":
		if localPackagesOnly(c) {
			return []string{factRan + ":" + span(c)}
		}
	case "guardsh-tamper":
		for _, v := range c.Via {
			if f, ok := strings.CutPrefix(v, "written to "); ok {
				return []string{factWrote + ":" + span(c) + ":" + f}
			}
		}
	}
	return nil
}

// chownToRoot reports a chown -R whose owner is root (chown-root's
// command).
func chownToRoot(c *parse.Command) bool {
	a := args(c)
	if !a.has("R", "recursive") || len(a.operands) == 0 {
		return false
	}
	o := a.operands[0].Value
	return o == "root" || o == "0" || strings.HasPrefix(o, "root:") || strings.HasPrefix(o, "0:")
}

// namesHarmless reports resolved names of a dynamic export (parse's
// Command.Names: every call of the helper gives a literal one) none of
// which is guardsh's (GUARDSH_*, the hooks' __guardsh*) or one guardsh
// finds its files through (HOME, XDG_*_HOME). nil is not resolved.
func namesHarmless(names []string) bool {
	if len(names) == 0 {
		return false
	}
	for _, n := range names {
		if strings.HasPrefix(n, "GUARDSH_") || strings.HasPrefix(n, hookMark) || guardshHomeVar(n) || n == "BASH_ENV" || n == "ENV" || n == "ZDOTDIR" || n == "PROMPT_COMMAND" {
			return false
		}
	}
	return true
}

// localPackagesOnly reports a package install whose every operand is a
// package file (x.apk, x.deb, x.rpm, a path): nothing from a repository,
// which would be unverified too, and another fact.
func localPackagesOnly(c *parse.Command) bool {
	n := 0
	for _, w := range args(c).operands {
		v := w.Value
		switch v {
		case "add", "install", "-i", "localinstall":
			continue
		}
		if !strings.HasSuffix(v, ".apk") && !strings.HasSuffix(v, ".deb") && !strings.HasSuffix(v, ".rpm") {
			return false
		}
		n++
	}
	return n > 0
}
