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
