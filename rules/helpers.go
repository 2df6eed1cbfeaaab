package rules

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// rmRecursive reports whether rm deletes recursively: -r, -R, --recursive in
// any spelling or position.
func rmRecursive(c *parse.Command) bool {
	a := args(c)
	if a.has("r", "R", "recursive") {
		return true
	}
	// getopt_long takes unique prefixes: --r, --rec, --recursiv.
	for name := range a.long {
		if len(name) >= 1 && strings.HasPrefix("recursive", name) {
			return true
		}
	}
	return false
}

// anyOperand reports whether a static operand satisfies pred.
func anyOperand(c *parse.Command, pred func(string) bool) bool {
	for _, w := range args(c).operands {
		if w.Static && (pred(w.Value) || c.Dir != "" && pred(c.Resolve(w.Value))) {
			return true
		}
	}
	return false
}

// viaHas reports whether the command was reached through one of the carriers.
func viaHas(c *parse.Command, carriers ...string) bool {
	for _, v := range c.Via {
		if contains(carriers, v) {
			return true
		}
	}
	return false
}

func killsAll(c *parse.Command) bool {
	if c.Name() == "killall5" {
		return args(c).has("9") || sigKill(c)
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

func findDeletes(c *parse.Command) bool {
	for i, w := range c.Args {
		if w.Value == "-delete" {
			return true
		}
		if (w.Value == "-exec" || w.Value == "-execdir" || w.Value == "-ok" || w.Value == "-okdir") && i+1 < len(c.Args) {
			n := path.Base(c.Args[i+1].Value)
			if n == "rm" || n == "shred" || n == "unlink" || n == "truncate" {
				return true
			}
		}
	}
	return false
}

// findRootIn reports whether any of find's starting points satisfies pred,
// as written or resolved against the working directory when it is known.
// With no starting point, find starts at ".".
func findRootIn(c *parse.Command, pred func(string) bool) bool {
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
	paths := 0
	for _, w := range ws {
		v := w.Value
		if strings.HasPrefix(v, "-") || v == "!" || v == "(" {
			break
		}
		paths++
		// A relative path is judged in the working directory too
		// (cd / && find . -delete is find / -delete).
		if w.Static && (pred(v) || c.Dir != "" && pred(c.Resolve(v))) {
			return true
		}
	}
	// With no starting point, find starts at ".".
	return paths == 0 && c.Dir != "" && pred(c.Resolve("."))
}

// chmodMode returns chmod's mode argument.
func chmodMode(c *parse.Command) string {
	for _, w := range c.Args[1:] {
		v := w.Value
		if v == "--" {
			continue
		}
		if strings.HasPrefix(v, "--") {
			continue
		}
		if strings.HasPrefix(v, "-") && strings.Trim(v[1:], "RfvcH") == "" {
			continue
		}
		return v
	}
	return ""
}

func octal(m string) (string, bool) {
	if m == "" || len(m) > 5 {
		return "", false
	}
	for _, r := range m {
		if r < '0' || r > '7' {
			return "", false
		}
	}
	for len(m) < 4 {
		m = "0" + m
	}
	return m[len(m)-4:], true
}

func worldWritable(m string) bool {
	if o, ok := octal(m); ok {
		return (o[3]-'0')&2 != 0
	}
	for _, clause := range strings.Split(m, ",") {
		i := strings.IndexAny(clause, "+=")
		if i < 0 {
			continue
		}
		who, perms := clause[:i], clause[i+1:]
		if (strings.ContainsAny(who, "oa") || who == "" && strings.HasPrefix(clause[i:], "=")) && strings.Contains(perms, "w") {
			return true
		}
	}
	return false
}

func setuid(m string) bool {
	if o, ok := octal(m); ok {
		d := o[0] - '0'
		return d&4 != 0 || d&2 != 0
	}
	for _, clause := range strings.Split(m, ",") {
		i := strings.IndexAny(clause, "+=")
		if i >= 0 && strings.Contains(clause[i+1:], "s") {
			return true
		}
	}
	return false
}

// quietDevice reports devices that are safe to write to.
func quietDevice(p string) bool {
	switch p {
	case "/dev/null", "/dev/zero", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/full":
		return true
	}
	return strings.HasPrefix(p, "/dev/fd/") || strings.HasPrefix(p, "/dev/pts/")
}

// sqlTexts returns the SQL a database client gets: -c, -e, --command,
// --execute, --query, positional SQL for sqlite3 and duckdb, and static
// standard input.
func sqlTexts(c *parse.Command) []string {
	var out []string
	ws := c.Args[1:]
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		name, val, eq := strings.Cut(v, "=")
		switch name {
		case "-c", "-e", "--command", "--execute", "-Q", "-q", "--query", "--eval":
			if eq {
				out = append(out, val)
			} else if i+1 < len(ws) {
				out = append(out, ws[i+1].Value)
				i++
			}
			continue
		}
		if len(v) > 2 && (strings.HasPrefix(v, "-c") || strings.HasPrefix(v, "-e") && c.Name() != "psql") && !strings.HasPrefix(v, "--") {
			out = append(out, v[2:])
		}
	}
	if c.Name() == "sqlite3" || c.Name() == "duckdb" || c.Name() == "litecli" {
		ops := args(c, "-cmd", "-separator", "-nullvalue").operands
		for i := 1; i < len(ops); i++ {
			out = append(out, ops[i].Value)
		}
	}
	if c.Name() == "cockroach" || c.Name() == "bq" {
		for _, w := range args(c).operands {
			out = append(out, w.Value)
		}
	}
	if c.StdinStatic {
		out = append(out, c.StdinText)
	}
	return out
}

// sqlDestructive reports whether SQL text drops, truncates, or deletes without
// a WHERE clause.
func sqlDestructive(sql string) bool {
	for _, stmt := range strings.Split(sql, ";") {
		words := strings.Fields(strings.ToUpper(stripSQLComments(stmt)))
		if len(words) == 0 {
			continue
		}
		switch words[0] {
		case "DROP", "TRUNCATE":
			return true
		case "DELETE":
			if !contains(words, "WHERE") {
				return true
			}
			// WHERE 1=1 and WHERE TRUE delete everything too.
			i := indexOf(words, "WHERE")
			if i+1 < len(words) && (words[i+1] == "1=1" || words[i+1] == "TRUE" || words[i+1] == "1") {
				return true
			}
		case "ALTER":
			if contains(words, "DROP") {
				return true
			}
		}
	}
	return false
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

func stripSQLComments(s string) string {
	for {
		i := strings.Index(s, "/*")
		if i < 0 {
			break
		}
		j := strings.Index(s[i+2:], "*/")
		if j < 0 {
			s = s[:i]
			break
		}
		s = s[:i] + " " + s[i+2+j+2:]
	}
	var sb strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if i := strings.Index(line, "--"); i >= 0 {
			line = line[:i]
		}
		sb.WriteString(line)
		sb.WriteByte('\n')
	}
	return sb.String()
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

// dangerousLooking reports arguments that would be destructive for a
// destructive program.
func dangerousLooking(w parse.Word) bool {
	v := w.Value
	switch v {
	case "-rf", "-fr", "-r", "-R", "-Rf", "-rF", "--recursive", "--force", "-f", "--no-preserve-root", "-9", "-KILL",
		"--hard", "777", "666", "--mirror", "--delete", "--now", "-delete", "DROP", "FLUSHALL", "destroy":
		return true
	}
	if strings.HasPrefix(v, "of=") || strings.HasPrefix(v, "if=/dev/") {
		return true
	}
	return w.Static && (parse.RootLike(v) || parse.SystemDir(v) || parse.HomeLike(v) || parse.BlockDevice(v))
}

func dynamicCommand(c *parse.Command) bool {
	if len(c.Args) == 0 || c.Args[0].Static {
		return false
	}
	if c.Args[0].Origin == "network" || c.Args[0].Origin == "decoder" {
		return true
	}
	for _, w := range c.Args[1:] {
		if dangerousLooking(w) {
			return true
		}
	}
	return false
}

// gitSub returns git's subcommand and its arguments, skipping global options.
func gitSub(c *parse.Command) (string, []parse.Word) {
	return sub(c, "-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env", "--super-prefix")
}

// chmodThenRun finds chmod +x FILE followed by running FILE in the same input.
func chmodThenRun(r *parse.Result) []hit {
	var out []hit
	made := map[string]*parse.Command{}
	for _, c := range r.Commands {
		if c.Name() == "chmod" {
			m := chmodMode(c)
			exec := strings.Contains(m, "x") && strings.ContainsAny(m, "+=")
			if o, ok := octal(m); ok {
				exec = (o[1]-'0')&1 != 0
			}
			if exec {
				if ops := args(c).operands; len(ops) > 1 {
					for _, w := range ops[1:] {
						made[path.Clean(w.Value)] = c
					}
				}
			}
			continue
		}
		if len(c.Args) == 0 {
			continue
		}
		if first, ok := made[path.Clean(c.Args[0].Value)]; ok {
			out = append(out, hit{first.Start, c.End, ""})
		}
	}
	return out
}

// wrapperOptions splits a wrapper's own options (letters in withValue take
// a value) from the command it runs.
func wrapperOptions(c *parse.Command, withValue string) (argv, []parse.Word) {
	own := argv{short: map[byte]bool{}, long: map[string]string{}}
	ws := c.Args[1:]
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		switch {
		case v == "--":
			return own, ws[i+1:]
		case strings.HasPrefix(v, "--"):
			name, val, _ := strings.Cut(v[2:], "=")
			own.long[name] = val
			if !strings.Contains(v, "=") && contains([]string{"user", "group", "host", "prompt", "chdir", "role", "type", "close-from", "other-user", "command-timeout", "chroot"}, name) {
				i++
			}
		case len(v) > 1 && v[0] == '-':
			for j := 1; j < len(v); j++ {
				own.short[v[j]] = true
				if strings.IndexByte(withValue, v[j]) >= 0 {
					if j == len(v)-1 {
						i++
					}
					break
				}
			}
		default:
			return own, ws[i:]
		}
	}
	return own, nil
}

func isShell(name string) bool {
	switch name {
	case "sh", "bash", "zsh", "fish", "dash", "ksh", "tcsh", "csh":
		return true
	}
	return false
}

// shellsNoArgs reports a bare interactive shell as sudo's command.
func shellsNoArgs(a argv) bool {
	if len(a.operands) == 0 {
		return false
	}
	switch path.Base(a.operands[0].Value) {
	case "sh", "bash", "zsh", "fish", "dash", "ksh":
		return len(a.operands) == 1
	}
	return false
}

func containerStops(c *parse.Command) bool {
	s, rest := sub(c, "-H", "--host", "--context", "-c", "--config", "-l", "--log-level")
	vals := make([]string, len(rest))
	for i, w := range rest {
		vals[i] = w.Value
	}
	if c.Name() == "docker-compose" {
		return s == "down" && composeDownDestroys(vals) || s == "stop" || s == "kill" || s == "rm"
	}
	switch s {
	case "stop", "kill", "restart":
		return true
	case "rm", "rmi":
		// By docker's grammar: -fv and --force=true bundle or spell -f.
		if g, ok := readSub(c); ok && g.sub(0) == s {
			return g.Has("f", "force")
		}
		return contains(vals, "-f") || contains(vals, "--force")
	case "compose":
		for _, v := range vals {
			if strings.HasPrefix(v, "-") {
				continue
			}
			if v == "down" {
				// down without -v or --rmi removes containers and
				// networks that up makes again; volumes stay.
				return composeDownDestroys(vals)
			}
			return v == "stop" || v == "kill" || v == "rm"
		}
	case "system", "volume", "container":
		if len(vals) > 0 {
			return vals[0] == "prune" || vals[0] == "rm" && s == "volume" || vals[0] == "kill" || vals[0] == "stop" || vals[0] == "reset" && s == "system"
		}
	}
	return false
}

func windowsDestructive(c *parse.Command) bool {
	w := args(c).words()
	low := strings.ToLower(strings.Join(w, " "))
	switch strings.TrimSuffix(strings.ToLower(c.Name()), ".exe") {
	case "cmd":
		switch cmdVerb(w) {
		case "del", "erase", "rd", "rmdir", "format", "shutdown", "diskpart", "cipher", "vssadmin", "bcdedit", "taskkill":
			return true
		}
	case "vssadmin":
		return strings.Contains(low, "delete") || strings.Contains(low, "resize shadowstorage")
	case "bcdedit":
		return strings.Contains(low, "/set") || strings.Contains(low, "/delete") || strings.Contains(low, "/deletevalue")
	case "taskkill":
		return strings.Contains(" "+low+" ", " /f ")
	case "format", "format.com":
		return len(w) > 0 && len(w[0]) == 2 && w[0][1] == ':'
	case "wmic":
		return strings.Contains(low, "shadowcopy delete")
	case "wbadmin":
		return strings.Contains(low, "delete")
	case "cipher":
		return strings.Contains(low, "/w")
	case "del", "rd", "rmdir":
		return strings.Contains(low, "/s")
	case "powershell", "pwsh":
		if strings.Contains(low, "write-host") || strings.Contains(low, "write-output") {
			return false // prose
		}
		if strings.Contains(low, "-enc") || strings.Contains(low, "-e ") {
			for _, v := range w {
				lv := strings.ToLower(v)
				if lv == "-e" || lv == "-ec" || strings.HasPrefix("-encodedcommand", lv) && len(lv) >= 4 {
					return true
				}
			}
		}
		return strings.Contains(low, "remove-item") && (strings.Contains(low, "-recurse") || strings.Contains(low, "-r ")) ||
			strings.Contains(low, "format-volume") || strings.Contains(low, "clear-disk")
	}
	return false
}

func cloudDestroys(c *parse.Command) bool {
	w := args(c).words()
	has := func(s ...string) bool {
		for _, x := range s {
			if !contains(w, x) {
				return false
			}
		}
		return true
	}
	dry := false
	for _, x := range w {
		if strings.HasPrefix(x, "--dry-run") && x != "--dry-run=none" {
			dry = true
		}
	}
	s, rest := sub(c, "-n", "--namespace", "--context", "--kubeconfig", "-f", "--profile", "--region", "--project", "-chdir")
	if n := c.Name(); n == "kubectl" || n == "helm" {
		// By their grammar: global options with values anywhere
		// (kubectl --request-timeout 5s delete, helm --kube-context x
		// uninstall).
		if g, ok := readSub(c); ok {
			s, rest = g.sub(0), nil
			if ops := g.operands(); len(ops) > 0 {
				rest = ops[1:]
			}
		}
	}
	switch c.Name() {
	case "kubectl":
		if s == "apply" && has("--prune") && !dry {
			return true
		}
		if s != "delete" || dry {
			return false
		}
		if has("--all") || has("-A") || has("--all-namespaces") {
			return true
		}
		if len(rest) > 0 {
			kind := rest[0].Value
			return kind == "namespace" || kind == "ns" || kind == "namespaces" || strings.HasPrefix(kind, "namespace/") ||
				kind == "pv" || kind == "pvc" || kind == "persistentvolume" || kind == "persistentvolumeclaim" || kind == "node" || kind == "nodes" || kind == "crd"
		}
	case "helm":
		return s == "uninstall" || s == "delete" || s == "del" || s == "un"
	case "terraform", "tofu", "terragrunt":
		return s == "destroy" || s == "apply" && (has("-auto-approve") || has("--auto-approve") || has("-destroy"))
	case "pulumi":
		return s == "destroy" || s == "up" && (has("-y") || has("--yes"))
	case "aws":
		if s == "s3" && len(rest) > 0 {
			return rest[0].Value == "rm" && (has("--recursive")) || rest[0].Value == "rb" && has("--force")
		}
		for _, x := range w {
			if (strings.HasPrefix(x, "delete-") || strings.HasPrefix(x, "terminate-") || x == "schedule-key-deletion") && x != "delete-message" && x != "delete-message-batch" {
				return true
			}
		}
	case "gcloud", "az", "doctl", "eksctl":
		if s == "storage" && len(rest) > 0 && rest[0].Value == "rm" && (has("-r") || has("--recursive")) {
			return true
		}
		return contains(w, "delete") || contains(w, "destroy")
	case "gsutil":
		// By gsutil's grammar: -o and -h take a value before the verb.
		g, ok := readSub(c)
		return ok && (g.sub(0) == "rm" && g.Has("r", "R", "a") || g.sub(0) == "rb")
	}
	return false
}

// network programs that send data to other hosts.
var senders = map[string]bool{"curl": true, "wget": true, "nc": true, "ncat": true, "netcat": true, "socat": true, "scp": true,
	"rsync": true, "sftp": true, "ssh": true, "ftp": true, "http": true, "https": true, "xh": true, "telnet": true, "openssl": true, "aws": true, "gsutil": true, "rclone": true}

func exfiltrates(c *parse.Command) bool {
	name := c.Name()
	switch name {
	case "gh":
		// gh api -X DELETE …: a raw delete of a repository or resource.
		for i, w := range c.Args {
			if (w.Value == "-X" || w.Value == "--method") && i+1 < len(c.Args) && strings.EqualFold(c.Args[i+1].Value, "DELETE") {
				return true
			}
		}
		// gh gist create FILE uploads it.
		if s, rest := sub(c); s == "gist" && len(rest) > 0 && rest[0].Value == "create" {
			for _, w := range rest[1:] {
				if secretFile(w.Value) {
					return true
				}
			}
		}
		return false
	case "python", "python3":
		// python3 -m http.server --directory ~/.ssh
		w := strings.Join(c.Argv(), " ")
		if strings.Contains(w, "http.server") {
			for _, a := range c.Args {
				if secretFile(a.Value) {
					return true
				}
			}
		}
		return false
	}
	if !senders[name] {
		return false
	}
	for _, r := range c.Redirs {
		if r.Op == "<" && secretFile(r.Target.Value) {
			return true
		}
	}
	for i, w := range c.Args[1:] {
		v := w.Value
		if _, val, ok := strings.Cut(v, "=@"); ok && secretFile(val) {
			return true
		}
		if strings.HasPrefix(v, "@") && secretFile(v[1:]) {
			return true
		}
		if _, val, ok := strings.Cut(v, "--post-file="); ok && secretFile(val) || strings.HasPrefix(v, "--body-file=") && secretFile(strings.TrimPrefix(v, "--body-file=")) {
			return true
		}
		prev := ""
		if i > 0 {
			prev = c.Args[i].Value
		}
		if (name == "scp" || name == "rsync" || name == "sftp" || name == "rclone" || name == "aws" || name == "gsutil") && secretFile(v) &&
			!strings.HasPrefix(v, "-") && !contains([]string{"-i", "-F", "-o", "-e", "--rsh", "-S", "--identity", "-J", "--exclude", "--include", "--filter", "-f", "--exclude-from", "--include-from"}, prev) && !strings.HasPrefix(v, "--") {
			return true
		}
		if (prev == "-T" || prev == "--upload-file" || prev == "--post-file" || prev == "-d" || prev == "--data" || prev == "--data-binary" || prev == "-F" || prev == "--form") && secretFile(strings.TrimPrefix(v, "@")) {
			return true
		}
		if !w.Static && secretInURL(v) {
			return true
		}
	}
	// Piped in: cat ~/.ssh/id_rsa | curl -d @- …, env | nc …
	for s := c.StdinFrom; s != nil; s = s.StdinFrom {
		switch s.Name() {
		case "env", "printenv", "set", "export":
			if len(s.Args) == 1 || s.Name() == "printenv" && secretName(s.Args[1].Value) {
				return true
			}
		case "gcloud", "gh", "security", "vault", "kubectl", "op", "pass", "aws", "az", "doppler", "bw", "heroku":
			if printsSecret(s) {
				return true
			}
		case "gpg", "gpg2":
			for _, w := range s.Args {
				if w.Value == "--export-secret-keys" || w.Value == "--export-secret-subkeys" || secretFile(w.Value) {
					return true
				}
			}
		case "cat", "tar", "zip", "base64", "gzip", "head", "tail", "xxd":
			for _, w := range s.Args[1:] {
				if secretFile(w.Value) {
					return true
				}
			}
		}
	}
	return false
}

// secretInURL finds a URL carrying a variable named like a secret.
func secretInURL(v string) bool {
	if !strings.Contains(v, "://") {
		return false
	}
	u := strings.ToUpper(v)
	for _, s := range []string{"SECRET", "TOKEN", "PASSWORD", "PASSWD", "API_KEY", "APIKEY", "PRIVATE_KEY", "ACCESS_KEY", "CREDENTIAL"} {
		if strings.Contains(u, "${"+s) || strings.Contains(u, "_"+s+"}") || strings.Contains(u, s+"}") {
			return true
		}
	}
	return false
}

func tampers(c *parse.Command) bool {
	if writesGuardshFile(c) {
		return true
	}
	if len(c.Args) == 0 {
		return false
	}
	switch c.Name() {
	case "trap", "unset", "unfunction", "functions", "bind", "bindkey", "zle", "shopt", "set", "export", "declare", "typeset":
	case "ln", "rm", "mv", "chmod":
		// Any argument naming guardsh's files: ln -s CONFIG x, rm and
		// mv of them.
		for _, a := range c.Args[1:] {
			if guardshFile(a.Value) {
				return true
			}
		}
		return false
	default:
		return false
	}
	w := args(c).words()
	all := c.Argv()[1:]
	switch c.Name() {
	case "trap":
		if len(all) == 1 && (all[0] == "DEBUG" || all[0] == "RETURN") {
			return true // trap DEBUG resets it, like trap - DEBUG
		}
		for i, a := range all {
			if (a == "DEBUG" || a == "RETURN") && i > 0 {
				return all[0] == "-" || all[0] == "" || all[0] == "--"
			}
		}
	case "unset", "unfunction", "functions":
		for _, a := range all {
			if strings.Contains(a, "guardsh") {
				return true
			}
		}
	case "bind":
		joined := strings.Join(all, " ")
		if contains(all, "-r") || contains(all, "-x") || strings.Contains(joined, ":") {
			return strings.Contains(joined, `\C-m`) || strings.Contains(joined, `\C-j`) || strings.Contains(joined, `\r`) || strings.Contains(joined, "RETURN") || strings.Contains(joined, `\n`) || strings.Contains(joined, "guardsh")
		}
	case "bindkey":
		joined := strings.Join(all, " ")
		if i := indexOf(all, "-A"); i >= 0 && i+2 < len(all) && hookKeymaps[all[i+2]] {
			// bindkey -A mine main: mine becomes the keymap the
			// hook's Enter binding lives in.
			return true
		}
		if i := indexOf(all, "-M"); i >= 0 && i+1 < len(all) && !hookKeymaps[all[i+1]] {
			// A keymap of its own (zed's, sticky-note's): the
			// prompt's Enter is untouched.
			return false
		}
		return strings.Contains(joined, "^M") || strings.Contains(joined, "^J") || strings.Contains(joined, "-r") && strings.Contains(joined, "guardsh")
	case "zle":
		return (contains(all, "-N") || contains(all, "-A")) && (contains(all, "accept-line") || strings.Contains(strings.Join(all, " "), "guardsh"))
	case "shopt":
		return contains(w, "extdebug") && contains(all, "-u")
	case "set":
		return contains(all, "+T") || contains(all, "functrace") && contains(all, "+o")
	case "export", "declare", "typeset":
		for _, a := range all {
			if (strings.HasPrefix(a, "GUARDSH_") || strings.HasPrefix(a, "__guardsh")) && strings.Contains(a, "=") && !strings.HasPrefix(a, "GUARDSH_SESSION=") {
				return true
			}
		}
	case "complete":
		return false
	}
	return false
}

// downloadThenRun finds a file written by curl or wget that a later command
// of the same input runs: as a program, or as the script of a shell,
// interpreter or source.
func downloadThenRun(r *parse.Result) []hit {
	var out []hit
	got := map[string]*parse.Command{}
	for _, c := range r.Commands {
		name := c.Name()
		if name == "curl" || name == "wget" {
			for _, f := range downloadTargets(c) {
				got[path.Clean(f)] = c
			}
			continue
		}
		if len(c.Args) == 0 || len(got) == 0 {
			continue
		}
		run := []string{c.Args[0].Value}
		if isShell(name) || name == "source" || name == "." || strings.HasPrefix(name, "python") || name == "perl" || name == "ruby" || name == "node" || name == "php" {
			if ops := args(c, "-o", "-O").operands; len(ops) > 0 {
				run = append(run, ops[0].Value)
			}
		}
		for _, f := range run {
			if first, ok := got[path.Clean(f)]; ok {
				out = append(out, hit{first.Start, c.End, ""})
				break
			}
		}
	}
	return out
}

// downloadTargets returns the files curl or wget write.
func downloadTargets(c *parse.Command) []string {
	var out []string
	for _, r := range c.Redirs {
		if r.Writes() && r.Target.Static {
			out = append(out, r.Target.Value)
		}
	}
	ws := c.Args[1:]
	remoteName := c.Name() == "wget"
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		switch {
		case c.Name() == "curl" && (v == "-o" || v == "--output") && i+1 < len(ws):
			out = append(out, ws[i+1].Value)
			i++
		case c.Name() == "curl" && strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.HasSuffix(v, "o") && i+1 < len(ws):
			out = append(out, ws[i+1].Value)
			i++
		case c.Name() == "curl" && (v == "-O" || v == "--remote-name" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "O")):
			remoteName = true
		case c.Name() == "wget" && (v == "-O" || v == "--output-document") && i+1 < len(ws):
			if ws[i+1].Value != "-" {
				out = append(out, ws[i+1].Value)
			}
			remoteName = false
			i++
		case c.Name() == "wget" && strings.HasPrefix(v, "--output-document="):
			out = append(out, strings.TrimPrefix(v, "--output-document="))
			remoteName = false
		case strings.Contains(v, "://") && remoteName:
			u := v
			if j := strings.IndexAny(u, "?#"); j >= 0 {
				u = u[:j]
			}
			if b := path.Base(u); b != "" && b != "/" && !strings.Contains(b, ":") {
				out = append(out, b, "./"+b)
			}
		}
	}
	return out
}

// reverseShell finds a shell wired to a network socket.
func reverseShell(c *parse.Command) bool {
	if reverseShellPipe(c) {
		return true
	}
	name := c.Name()
	switch name {
	case "nc", "ncat", "netcat", "socat":
	default:
		if !isShell(name) || len(c.Redirs) == 0 {
			return false
		}
	}
	a := args(c)
	switch name {
	case "nc", "ncat", "netcat":
		return a.has("e", "c", "exec", "sh-exec", "lua-exec")
	case "socat":
		net, exec := false, false
		for _, w := range a.words() {
			l := strings.ToLower(w)
			net = net || strings.HasPrefix(l, "tcp") || strings.HasPrefix(l, "udp") || strings.HasPrefix(l, "openssl") || strings.HasPrefix(l, "ssl")
			exec = exec || strings.HasPrefix(l, "exec:") || strings.HasPrefix(l, "system:")
		}
		return net && exec
	}
	if !isShell(name) {
		return false
	}
	for _, r := range c.Redirs {
		if strings.HasPrefix(r.Target.Value, "/dev/tcp/") || strings.HasPrefix(r.Target.Value, "/dev/udp/") {
			return true
		}
	}
	return false
}

// reverseShellPipe finds sh -i | nc host port.
func reverseShellPipe(c *parse.Command) bool {
	switch c.Name() {
	case "nc", "ncat", "netcat", "telnet", "socat", "openssl":
	default:
		return false
	}
	for s := c.StdinFrom; s != nil; s = s.StdinFrom {
		if isShell(s.Name()) && args(s).has("i") {
			return true
		}
	}
	return false
}

func containerHostRoot(c *parse.Command) bool {
	s, rest := sub(c, "-H", "--host", "--context", "-c", "--config")
	if s != "run" && s != "create" {
		return false
	}
	for i, w := range rest {
		v := w.Value
		if v == "--privileged" || v == "--pid=host" {
			return true
		}
		mount := ""
		switch {
		case (v == "-v" || v == "--volume" || v == "--mount") && i+1 < len(rest):
			mount = rest[i+1].Value
		case strings.HasPrefix(v, "--volume=") || strings.HasPrefix(v, "--mount="):
			_, mount, _ = strings.Cut(v, "=")
		case strings.HasPrefix(v, "-v") && len(v) > 2:
			mount = v[2:]
		}
		src, _, _ := strings.Cut(mount, ":")
		if strings.Contains(mount, "source=") {
			_, after, _ := strings.Cut(mount, "source=")
			src, _, _ = strings.Cut(after, ",")
		}
		if src != "" && (parse.RootLike(src) || parse.SystemDir(src) || systemConfig(src)) {
			return true
		}
		if !strings.HasPrefix(v, "-") && i > 0 && !strings.HasPrefix(rest[i-1].Value, "-") {
			break // the image: what follows is the container's command
		}
	}
	return false
}

// secretReadSend finds a line that reads secrets (a credential file, the
// environment) and sends data to another host.
func secretReadSend(r *parse.Result) []hit {
	var reads, sends *parse.Command
	for _, c := range r.Commands {
		name := c.Name()
		switch name {
		case "cat", "tar", "zip", "base64", "gzip", "head", "tail", "xxd", "gpg", "cp", "openssl", "od", "strings":
			for _, w := range c.Args[1:] {
				if secretFile(w.Value) {
					reads = c
				}
			}
		case "env", "printenv":
			if len(c.Args) == 1 {
				reads = c
			}
		}
		if senders[name] || name == "dig" || name == "nslookup" || name == "host" || name == "ping" {
			sends = c
		}
		for _, rd := range c.Redirs {
			if rd.Writes() && (strings.HasPrefix(rd.Target.Value, "/dev/tcp/") || strings.HasPrefix(rd.Target.Value, "/dev/udp/")) {
				sends = c
			}
		}
	}
	if reads == nil || sends == nil {
		return nil
	}
	// Only when data can flow from one to the other: a pipe, a
	// substitution, or the same command.
	if reads == sends || reads.Subst || piped(reads, sends) {
		start, end := min(reads.Start, sends.Start), max(reads.End, sends.End)
		return []hit{{start, end, ""}}
	}
	return nil
}

func piped(from, to *parse.Command) bool {
	for s := to.StdinFrom; s != nil; s = s.StdinFrom {
		if s == from || s.Start == from.Start && s.End == from.End {
			return true
		}
	}
	return false
}

// destroyers maps programs to the subcommand words (the clouds, hosting,
// sync and database tools are in the packs of package programs) (any of them, in order of
// appearance) by which they destroy data.
var destroyers = map[string][][]string{
	"zpool":          {{"destroy"}},
	"zfs":            {{"destroy"}},
	"lvremove":       {{}},
	"vgremove":       {{}},
	"pvremove":       {{}},
	"mdadm":          {{"--zero-superblock"}},
	"dropdb":         {{}},
	"mysqladmin":     {{"drop"}},
	"rails":          {{"db:drop"}, {"db:reset"}, {"db:schema:load"}, {"db:purge"}, {"db:migrate:reset"}},
	"rake":           {{"db:drop"}, {"db:reset"}, {"db:purge"}},
	"manage.py":      {{"flush"}, {"reset_db"}, {"sqlflush"}, {"migrate", "zero"}},
	"prisma":         {{"migrate", "reset"}, {"db", "push", "--force-reset"}},
	"supabase":       {{"db", "reset"}},
	"cdk":            {{"destroy"}},
	"vagrant":        {{"destroy"}},
	"virsh":          {{"undefine"}, {"vol-delete"}, {"pool-delete"}},
	"lxc":            {{"delete"}},
	"incus":          {{"delete"}},
	"multipass":      {{"delete"}, {"purge"}},
	"npm":            {{"unpublish"}},
	"firebase":       {{"projects:delete"}, {"database:remove"}, {"firestore:delete"}},
	"vercel":         {{"remove"}, {"rm"}},
	"sam":            {{"delete"}},
	"serverless":     {{"remove"}},
	"sls":            {{"remove"}},
	"btrfs":          {{"subvolume", "delete"}, {"su", "d"}, {"sub", "del"}, {"subvol", "delete"}},
	"alembic":        {{"downgrade", "base"}},
	"mix":            {{"ecto.drop"}, {"ecto.reset"}},
	"sequelize":      {{"db:drop"}},
	"sequelize-cli":  {{"db:drop"}},
	"flyway":         {{"clean"}},
	"liquibase":      {{"drop-all"}, {"dropAll"}},
	"pg_restore":     {{"--clean"}, {"-c"}},
	"pg_dropcluster": {{}},
	"dropuser":       {{}},
	"consul":         {{"kv", "delete", "-recurse"}},
	"s3cmd":          {{"del", "--recursive"}, {"rb", "--recursive"}},
	"mc":             {{"rm", "--force"}, {"rb", "--force"}},
	"php":            {{"artisan", "migrate:fresh"}, {"artisan", "db:wipe"}, {"artisan", "migrate:reset"}},
	"dotnet":         {{"ef", "database", "drop"}},
	"bfg":            {{}},
	"VBoxManage":     {{"unregistervm", "--delete"}},
	"vboxmanage":     {{"unregistervm", "--delete"}},
}

func destroyNames() []string {
	var out []string
	for n := range destroyers {
		out = append(out, n)
	}
	return append(out, "python", "python3", "bin/rails")
}

func destroysData(c *parse.Command) bool {
	name := c.Name()
	ws := args(c).words()
	if (name == "python" || name == "python3") && len(ws) > 0 && path.Base(ws[0]) == "manage.py" {
		name, ws = "manage.py", ws[1:]
	}
	pats, ok := destroyers[name]
	if !ok {
		return false
	}
	for _, pat := range pats {
		if len(pat) == 0 {
			return true
		}
		i := 0
		for _, w := range ws {
			if i < len(pat) && w == pat[i] {
				i++
			}
		}
		if i == len(pat) {
			return true
		}
	}
	return false
}

// exempt reports commands that only print help or simulate, by flags whose
// meaning is known for that program: --help first, halt -w, git push -n,
// systemctl … --when cancel. Generic flags anywhere (--dry-run, a later
// --help) are in simulates: they quiet dangerous rules, never hardline ones,
// since a shell builtin such as kill does not read them.
func simulates(c *parse.Command) bool {
	for _, w := range c.Args[1:] {
		switch w.Value {
		case "--help", "-help", "--dry-run", "--dryrun", "--generate-cli-skeleton", "--simulate":
			return true
		}
		if strings.HasPrefix(w.Value, "--dry-run=") && w.Value != "--dry-run=none" {
			return true
		}
	}
	return false
}

// exempt reports commands that only print help or simulate: --help first,
// git push -n, halt -w.
func exempt(c *parse.Command) bool {
	if v := c.Args[1].Value; v == "--help" || v == "-help" {
		return true // help first: nothing else is read
	}
	switch c.Name() {
	case "halt", "reboot", "poweroff":
		return args(c).has("w", "wtmp-only")
	case "systemctl":
		a := args(c)
		if v, ok := a.value("when"); ok && v == "cancel" {
			return true
		}
		for i, w := range c.Args {
			if w.Value == "--when" && i+1 < len(c.Args) && c.Args[i+1].Value == "cancel" {
				return true
			}
		}
		w := a.words()
		for i := range w {
			if (w[i] == "-s" || w[i] == "--signal") && i+1 < len(w) && w[i+1] == "help" {
				return true
			}
		}
	case "git":
		g, ok := readSub(c)
		return ok && g.sub(0) == "push" && g.Has("dry-run")
	case "mkfs", "mke2fs", "mkfs.ext2", "mkfs.ext3", "mkfs.ext4", "wipefs", "rclone":
		return args(c).has("n", "no-act", "dry-run")
	case "vgremove", "lvremove", "pvremove":
		return args(c).has("h", "help", "?")
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

// secretName reports an environment variable named like a secret.
func secretName(n string) bool {
	u := strings.ToUpper(n)
	for _, s := range []string{"SECRET", "TOKEN", "PASSWORD", "PASSWD", "API_KEY", "APIKEY", "PRIVATE_KEY", "ACCESS_KEY", "CREDENTIAL"} {
		if strings.Contains(u, s) {
			return true
		}
	}
	return false
}

// cmdVerb returns the program cmd /c or /k runs: cmd /c del /s x gives "del".
func cmdVerb(w []string) string {
	for i, a := range w {
		if (strings.EqualFold(a, "/c") || strings.EqualFold(a, "/k") || strings.EqualFold(a, "/r")) && i+1 < len(w) {
			v := strings.ToLower(w[i+1])
			v = strings.TrimSuffix(strings.TrimPrefix(v, `"`), `"`)
			if f := strings.Fields(v); len(f) > 0 {
				return strings.TrimSuffix(f[0], ".exe")
			}
		}
	}
	return ""
}

// windowsHardline finds the Windows spellings of hardline commands: a
// recursive delete of a drive root or of C:\Windows, formatting or wiping a
// volume or disk, shutting the machine down.
func windowsHardline(c *parse.Command) bool {
	w := args(c).words()
	low := strings.ToLower(strings.Join(w, " "))
	name := strings.TrimSuffix(strings.ToLower(c.Name()), ".exe")
	rootTarget := func(ws []string) bool {
		for _, x := range ws {
			if parse.WindowsRoot(x) || parse.WindowsSystemDir(x) {
				return true
			}
		}
		return false
	}
	switch name {
	case "cmd":
		rest := []string{}
		for i, a := range w {
			if strings.EqualFold(a, "/c") || strings.EqualFold(a, "/k") {
				rest = strings.Fields(strings.Join(w[i+1:], " "))
				break
			}
		}
		switch cmdVerb(w) {
		case "del", "erase", "rd", "rmdir":
			return strings.Contains(low, "/s") && rootTarget(rest)
		case "format":
			return len(rest) > 1 && len(rest[1]) == 2 && rest[1][1] == ':'
		case "shutdown":
			return strings.Contains(low, "/s") || strings.Contains(low, "/r") || strings.Contains(low, "/p")
		}
	case "format", "format.com":
		return len(w) > 0 && len(w[0]) == 2 && w[0][1] == ':'
	case "shutdown":
		return false // the Linux shutdown rule reads it
	case "powershell", "pwsh":
		if strings.Contains(low, "write-host") || strings.Contains(low, "write-output") || strings.Contains(low, "echo ") {
			return false // prose
		}
		profile := strings.Contains(low, "$env:userprofile") || strings.Contains(low, "$home")
		return strings.Contains(low, "format-volume") || strings.Contains(low, "clear-disk") ||
			strings.Contains(low, "stop-computer") || strings.Contains(low, "restart-computer") ||
			strings.Contains(low, "remove-item") && strings.Contains(low, "-recurse") && (rootTarget(w) || profile)
	}
	return false
}

// printsSecret reports a command that prints a credential: gh auth token,
// gcloud auth print-access-token, security find-generic-password -w, vault
// read, kubectl get secret, op read, pass show, aws configure get.
func printsSecret(c *parse.Command) bool {
	w := strings.Join(args(c).words(), " ")
	switch c.Name() {
	case "gh":
		return strings.HasPrefix(w, "auth token")
	case "gcloud":
		return strings.Contains(w, "print-access-token") || strings.Contains(w, "print-identity-token")
	case "security":
		return strings.Contains(w, "find-generic-password") || strings.Contains(w, "find-internet-password") || strings.Contains(w, "dump-keychain")
	case "vault":
		return strings.HasPrefix(w, "read") || strings.HasPrefix(w, "kv get") || strings.Contains(w, "print token")
	case "kubectl":
		return strings.Contains(w, "get secret")
	case "op":
		return strings.HasPrefix(w, "read") || strings.HasPrefix(w, "item get")
	case "pass":
		return strings.HasPrefix(w, "show") || !strings.HasPrefix(w, "-") && w != "" && !strings.HasPrefix(w, "ls") && !strings.HasPrefix(w, "insert")
	case "aws":
		return strings.Contains(w, "configure get") || strings.Contains(w, "get-secret-value") || strings.Contains(w, "get-session-token")
	case "az":
		return strings.Contains(w, "get-access-token") || strings.Contains(w, "secret show")
	case "doppler", "bw", "heroku":
		return strings.Contains(w, "secrets") || strings.Contains(w, "get password") || strings.Contains(w, "auth:token")
	}
	return false
}

// critical are packages whose removal breaks the system.
var critical = map[string]bool{"libc6": true, "glibc": true, "libc": true, "systemd": true, "systemd-sysv": true, "init": true,
	"bash": true, "coreutils": true, "sudo": true, "dpkg": true, "apt": true, "rpm": true, "pacman": true, "util-linux": true,
	"login": true, "passwd": true, "openssh-server": false, "grub-pc": true, "grub2": true, "grub-efi-amd64": true, "linux-image": true,
	"kernel": true, "kernel-core": true, "linux": true, "base": true, "base-files": true, "libstdc++6": true, "zlib1g": true, "musl": true}

func removesCritical(c *parse.Command) bool {
	a := args(c)
	ops := a.operands
	removing := false
	switch c.Name() {
	case "apt-get", "apt", "aptitude":
		if a.has("s", "simulate", "dry-run", "just-print", "no-act") {
			return false
		}
		removing = len(ops) > 0 && (ops[0].Value == "remove" || ops[0].Value == "purge" || ops[0].Value == "autoremove")
		if len(ops) > 0 {
			ops = ops[1:]
		}
	case "dpkg":
		removing = a.has("r", "P", "remove", "purge")
	case "rpm":
		removing = a.has("e", "erase")
	case "yum", "dnf", "zypper", "apk":
		removing = len(ops) > 0 && (ops[0].Value == "remove" || ops[0].Value == "erase" || ops[0].Value == "del" || ops[0].Value == "rm")
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
		if critical[name] || strings.HasPrefix(name, "linux-image") || strings.HasPrefix(name, "kernel") {
			return true
		}
	}
	return false
}

// hookKeymaps are the zsh keymaps the hook's Enter binding is in, or that
// become it.
var hookKeymaps = map[string]bool{"main": true, "emacs": true, "viins": true, "vicmd": true}
