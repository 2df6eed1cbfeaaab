package rules

import (
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// secretReadSend finds a line that reads secrets (a credential file, the
// environment) and sends data to another host.
func secretReadSend(r *parse.Result) []hit {
	var reads, sends *parse.Command
	for _, c := range r.Commands {
		name := c.Name()
		switch name {
		case "cat", "tar", "zip", "base64", "gzip", "head", "tail", "xxd", "gpg", "cp", "openssl", "od", "strings":
			for _, w := range c.Args[1:] {
				if secretAt(c, w.Value) {
					reads = c
				}
			}
		case "env", "printenv":
			if len(c.Args) == 1 {
				reads = c
			}
		}
		if senders()[name] || name == "dig" || name == "nslookup" || name == "host" || name == "ping" {
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
		return []hit{{start: start, end: end}}
	}
	return nil
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

// printsSecret reports a command that prints a credential: gh auth token,
// gcloud auth print-access-token, security find-generic-password -w, vault
// read, kubectl get secret, op read, pass show, aws configure get, sops -d,
// gopass show, infisical export.
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
	case "kubectl", "oc":
		return strings.Contains(w, "get secret") || strings.Contains(w, "create token") || strings.HasPrefix(w, "config view") && args(c).has("raw")
	case "sops":
		// sops -d FILE, sops decrypt FILE: the secrets in plain text.
		a := args(c)
		return a.has("d", "decrypt") || strings.HasPrefix(w, "decrypt")
	case "gopass":
		return strings.HasPrefix(w, "show") || strings.HasPrefix(w, "cat") || !strings.HasPrefix(w, "-") && w != "" &&
			!strings.HasPrefix(w, "ls") && !strings.HasPrefix(w, "list") && !strings.HasPrefix(w, "insert") && !strings.HasPrefix(w, "sync")
	case "infisical":
		return strings.HasPrefix(w, "export") || strings.Contains(w, "secrets get")
	case "glab":
		return strings.Contains(w, "config get token") || strings.HasPrefix(w, "auth token")
	case "op":
		return strings.HasPrefix(w, "read") || strings.HasPrefix(w, "item get")
	case "pass":
		return strings.HasPrefix(w, "show") || !strings.HasPrefix(w, "-") && w != "" && !strings.HasPrefix(w, "ls") && !strings.HasPrefix(w, "insert")
	case "aws":
		return strings.Contains(w, "configure get") || strings.Contains(w, "configure export-credentials") || strings.Contains(w, "get-secret-value") || strings.Contains(w, "get-session-token")
	case "az":
		return strings.Contains(w, "get-access-token") || strings.Contains(w, "secret show")
	case "doppler", "bw", "heroku":
		return strings.Contains(w, "secrets") || strings.Contains(w, "get password") || strings.Contains(w, "auth:token")
	}
	return false
}
