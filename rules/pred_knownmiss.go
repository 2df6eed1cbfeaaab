package rules

import (
	"net/url"
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// addKnownmissPredicates adds the $conditions of the pack entries of the
// known-miss pass: fuser's gentle signals, credential reads from a cloud
// metadata service, git configuration that runs foreign code.
func addKnownmissPredicates(m map[string]func(c *parse.Command, ws []parse.Word, rest []int) bool) {
	m["gentle-signal"] = func(c *parse.Command, ws []parse.Word, rest []int) bool { return gentleSignal(ws) }
	m["metadata-credentials"] = func(c *parse.Command, ws []parse.Word, rest []int) bool {
		for _, w := range ws {
			if metadataCredentialURL(w.Value) {
				return true
			}
		}
		return false
	}
	m["git-foreign-code"] = gitForeignCode
	m["serves-home"] = func(c *parse.Command, ws []parse.Word, rest []int) bool { return servesHome(c) }
}

// servesHome reports a static file server started on the home directory
// or / for the network: python -m http.server (--directory DIR, else the
// working directory), php -S ADDR -t DIR, http-server DIR, serve DIR. A
// server bound to the loopback address is local.
func servesHome(c *parse.Command) bool {
	ws := c.Args[1:]
	dir, bind, server := "", "", false
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		next := func() string {
			if i+1 < len(ws) {
				i++
				return ws[i].Value
			}
			return ""
		}
		switch {
		case v == "-m" && i+1 < len(ws) && (ws[i+1].Value == "http.server" || ws[i+1].Value == "SimpleHTTPServer"):
			server = true
			i++
		case v == "-mhttp.server":
			server = true
		case v == "-S" && c.Name() == "php":
			server, bind = true, next()
		case v == "-t" && c.Name() == "php", v == "-d" || v == "--directory":
			dir = next()
		case strings.HasPrefix(v, "--directory="):
			dir = strings.TrimPrefix(v, "--directory=")
		case v == "-b" || v == "--bind" || v == "-a":
			bind = next()
		case strings.HasPrefix(v, "--bind="):
			bind = strings.TrimPrefix(v, "--bind=")
		case !strings.HasPrefix(v, "-") && (c.Name() == "http-server" || c.Name() == "serve") && dir == "":
			server, dir = true, v
		}
	}
	if c.Name() == "http-server" || c.Name() == "serve" {
		server = true
	}
	if !server {
		return false
	}
	h, _, _ := strings.Cut(strings.TrimPrefix(bind, "["), "]")
	if h, _, _ = strings.Cut(h, ":"); h == "127.0.0.1" || h == "localhost" || strings.HasPrefix(bind, "[::1]") || bind == "::1" {
		return false
	}
	if dir == "" {
		dir = "."
	}
	if c.Dir != "" && !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, "~") && !strings.HasPrefix(dir, "${HOME}") {
		dir = c.Resolve(dir)
	}
	d := path.Clean(dir)
	return d == "/" || d == "~" || d == "${HOME}" || parse.RootLike(dir) || parse.HomeDir(d) || d == "/root" || d == "/home" || d == "/Users" ||
		parse.HomeLike(dir) && !strings.Contains(strings.TrimPrefix(d, "~"), "/")
}

// gentleSignal reports a -SIGNAL word (fuser -k -HUP, kill -USR1 style)
// that asks a process to reload or report, not to end.
func gentleSignal(ws []parse.Word) bool {
	for _, w := range ws {
		s, ok := strings.CutPrefix(w.Value, "-")
		if !ok {
			continue
		}
		switch strings.TrimPrefix(s, "SIG") {
		case "HUP", "USR1", "USR2", "CONT", "WINCH", "1", "10", "12", "18", "28":
			return true
		}
	}
	return false
}

// metadataCredentialURL reports a URL (any host spelling: the paths are
// the services' own) that fetches credentials from a cloud instance
// metadata service: AWS and Alibaba security-credentials, GCE service
// account tokens and identities, Azure managed-identity tokens, ECS task
// credentials. The IMDSv2 session token (latest/api/token) is not one: it
// only opens the metadata for reading, and every script that reads the
// instance id asks for it.
func metadataCredentialURL(v string) bool {
	l := strings.ToLower(v)
	if !strings.Contains(l, "meta") && !strings.Contains(l, "credentials") && !strings.Contains(l, "%") {
		return false // the common case: no URL of the kind
	}
	if d, err := url.PathUnescape(l); err == nil {
		l = d
	}
	switch {
	case strings.Contains(l, "meta-data/") && strings.Contains(l, "security-credentials"):
		return true // AWS (also identity-credentials/ec2/security-credentials), Alibaba (ram/security-credentials)
	case strings.Contains(l, "computemetadata/v1") && (strings.Contains(l, "/token") || strings.Contains(l, "/identity")):
		return true // GCE service-accounts/…/token, …/identity
	case strings.Contains(l, "metadata/identity/oauth2/token"):
		return true // Azure managed identity
	case strings.Contains(l, "aws_container_credentials_relative_uri"), strings.Contains(l, "aws_container_credentials_full_uri"),
		strings.Contains(l, "169.254.170.2/v2/credentials"):
		return true // ECS task role
	}
	return false
}

// gitForeignCode reads git config [set] KEY VALUE: core.hooksPath set to a
// temporary directory, or (with --global, --system or a --file) to a
// relative path, which is the hooks directory of every repository git
// works in; a credential helper that is shell text writing to a file or
// the network, or a program in a temporary directory.
func gitForeignCode(c *parse.Command, ws []parse.Word, rest []int) bool {
	if len(rest) > 0 && ws[rest[0]].Value == "set" {
		rest = rest[1:]
	}
	if len(rest) < 2 {
		return false
	}
	key := strings.ToLower(ws[rest[0]].Value)
	val := ws[rest[1]]
	v := strings.TrimSpace(val.Value)
	if !val.Static || v == "" {
		return false
	}
	switch {
	case key == "core.hookspath":
		if v == "/dev/null" {
			return false
		}
		if absolute(v) || strings.HasPrefix(v, "${") {
			return tempDir(v)
		}
		return gitWideScope(ws)
	case key == "include.path" || strings.HasPrefix(key, "includeif.") && strings.HasSuffix(key, ".path"):
		// A configuration included from a temporary directory: whoever
		// writes there sets core.fsmonitor or an alias for this git.
		return absolute(v) && tempDir(v)
	case key == "credential.helper" || strings.HasPrefix(key, "credential.") && strings.HasSuffix(key, ".helper"):
		if sh, ok := strings.CutPrefix(v, "!"); ok {
			return helperLeaks(sh)
		}
		prog, _, _ := strings.Cut(v, " ")
		return absolute(prog) && tempDir(prog)
	}
	return false
}

// tempDir reports a path in a temporary directory anyone can write to.
func tempDir(p string) bool {
	p = path.Clean(p)
	for _, t := range []string{"/tmp", "/var/tmp", "/dev/shm", "/private/tmp", "${TMPDIR}"} {
		if p == t || strings.HasPrefix(p, t+"/") {
			return true
		}
	}
	return false
}

// gitWideScope reports git config options that write a configuration read
// by every repository: --global, --system, or a --file outside the
// repository.
func gitWideScope(ws []parse.Word) bool {
	for i, w := range ws {
		switch v := w.Value; {
		case v == "--global" || v == "--system":
			return true
		case v == "-f" || v == "--file":
			return i+1 < len(ws) && !strings.HasPrefix(ws[i+1].Value, ".git/")
		case strings.HasPrefix(v, "--file="):
			return !strings.HasPrefix(v, "--file=.git/")
		}
	}
	return false
}

// helperLeaks reports credential-helper shell text that writes what it
// reads (git hands it the username and password on its input) to a file
// or sends it over the network.
func helperLeaks(sh string) bool {
	t := sh
	for _, quiet := range []string{"2>/dev/null", ">/dev/null", ">&2", "1>&2", "2>&1", "&>/dev/null"} {
		t = strings.ReplaceAll(t, quiet, " ")
	}
	if strings.Contains(t, ">") || strings.Contains(t, "/dev/tcp/") || strings.Contains(t, "/dev/udp/") {
		return true
	}
	for _, f := range strings.FieldsFunc(t, func(r rune) bool { return strings.ContainsRune(" \t;|&(){}'\"", r) }) {
		switch path.Base(f) {
		case "tee", "curl", "wget", "nc", "ncat", "netcat", "socat", "telnet", "scp", "rsync", "sftp", "mail", "sendmail", "dd":
			return true
		}
	}
	return false
}

// codeReverseShell reports interpreter code that connects a socket and
// hands it to a shell as its input and output: Python's socket + dup2 +
// /bin/sh or pty.spawn, Perl's socket + open(STDIN, ">&S") + exec, PHP's
// fsockopen + exec("/bin/sh -i <&3 …"), Ruby's TCPSocket + exec, Node's
// net.Socket piped into child_process.spawn("/bin/sh"), gawk's /inet/tcp.
func codeReverseShell(c *parse.Command) bool {
	switch n := c.Name(); {
	case strings.HasPrefix(n, "python"), strings.HasPrefix(n, "pypy"), n == "perl", strings.HasPrefix(n, "ruby"), strings.HasPrefix(n, "php"),
		n == "node", n == "nodejs", n == "deno", n == "bun", n == "gawk", n == "awk", n == "lua", strings.HasPrefix(n, "lua5"):
	default:
		return false
	}
	var b strings.Builder
	for _, w := range c.Args[1:] {
		b.WriteString(w.Value)
		b.WriteByte(' ')
	}
	b.WriteString(c.StdinText)
	return reverseShellCode(b.String())
}

// reverseShellCode reports source text with the three parts of a reverse
// shell: a network connection, a shell, and the connection made its
// standard input and output.
func reverseShellCode(t string) bool {
	has := func(any ...string) bool {
		for _, s := range any {
			if strings.Contains(t, s) {
				return true
			}
		}
		return false
	}
	net := has("socket.socket", "socket(", "fsockopen", "stream_socket_client", "TCPSocket", "IO::Socket", "net.Socket", "net.connect",
		"createConnection", "/inet/tcp/", "/dev/tcp/", "socket.tcp", "socket.connect")
	shell := has("/bin/sh", "/bin/bash", "/bin/zsh", "sh -i", "bash -i", "pty.spawn", `"sh"`, `'sh'`, `"bash"`, `'bash'`, "cmd.exe")
	wired := has("dup2", "fileno", ">&S", "<&3", ">&3", "<&%d", ">&%d", "STDIN", "stdio", ".pipe(", "|&", "proc_open", "descriptorspec")
	return net && shell && wired
}

// fdReverseShell finds a descriptor opened on the network (exec
// 5<>/dev/tcp/HOST/PORT) that a later command of the line runs what it
// reads from or sends its output to: a shell reading it (sh <&5 >&5), or
// a command word read at run time writing to it (while read l; do $l >&5;
// done). A descriptor used only to send or read data (an HTTP request
// written with echo, cat <&3) is not one.
func fdReverseShell(r *parse.Result) []hit {
	var out []hit
	var netFDs map[string]*parse.Command
	for _, c := range r.Commands {
		if len(c.Args) > 0 && c.Args[0].Value == "exec" && len(c.Args) == 1 || len(c.Args) == 0 {
			for _, rd := range c.Redirs {
				if t := rd.Target.Value; rd.Fd != "" && (strings.HasPrefix(t, "/dev/tcp/") || strings.HasPrefix(t, "/dev/udp/")) {
					if netFDs == nil {
						netFDs = map[string]*parse.Command{}
					}
					fd := rd.Fd
					if name, ok := strings.CutPrefix(fd, "{"); ok {
						fd = "${" + name // exec {s}<>…: the shell puts the number in $s
					}
					netFDs[fd] = c
				}
			}
			continue
		}
		if netFDs == nil || len(c.Args) == 0 {
			continue
		}
		if !c.Args[0].Static || isShell(c.Name()) {
			if o := netFDUse(c, netFDs); o != nil {
				out = append(out, hit{start: o.Start, end: c.End})
				continue
			}
		}
		if isShell(c.Name()) {
			// cat <&5 | sh: the shell runs what the connection sends.
			for s := c.StdinFrom; s != nil; s = s.StdinFrom {
				if o := netFDUse(s, netFDs); o != nil {
					out = append(out, hit{start: o.Start, end: c.End})
					break
				}
			}
		}
	}
	return out
}

// netFDUse returns the command that opened the network descriptor c reads
// from or writes to (<&5, >&5, 2>&$s), or nil.
func netFDUse(c *parse.Command, netFDs map[string]*parse.Command) *parse.Command {
	for _, rd := range c.Redirs {
		if rd.Op == ">&" || rd.Op == "<&" {
			if o := netFDs[rd.Target.Value]; o != nil {
				return o
			}
		}
	}
	return nil
}
