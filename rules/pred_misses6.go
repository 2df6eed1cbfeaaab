package rules

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// The $conditions of the trust pack (programs/table_misses6.go): what a
// glob cannot say about keytool's case-blind commands, certutil's trust
// flags and the directories a CA bundle is built from.
func addMisses6Predicates(m map[string]func(c *parse.Command, ws []parse.Word, rest []int) bool) {
	m["keytool-trust-import"] = func(c *parse.Command, ws []parse.Word, rest []int) bool { return keytoolTrustImport(ws) }
	m["certutil-trust-add"] = func(c *parse.Command, ws []parse.Word, rest []int) bool { return certutilTrustAdd(ws) }
	m["ca-anchor-write"] = func(c *parse.Command, ws []parse.Word, rest []int) bool {
		if !mentionsCAStore(c) {
			return false // asked of every command: no reading of its writes unless a word names a CA store
		}
		for _, w := range writeTargets(c) {
			if caAnchorPath(w.Value) {
				return true
			}
		}
		return false
	}
	m["quarantine-off"] = func(c *parse.Command, ws []parse.Word, rest []int) bool { return quarantineOff(ws) }
}

// keytoolOpt returns the option a keytool word names, lower case and
// without its dashes (keytool reads -ImportCert as -importcert), or "".
func keytoolOpt(v string) string {
	if !strings.HasPrefix(v, "-") {
		return ""
	}
	return strings.ToLower(strings.TrimLeft(v, "-"))
}

// keytoolTrustImport reports keytool -importcert (-import) into the JVM's
// trust store (-cacerts, or a -keystore named cacerts or jssecacerts, or
// under the distributions' java trust directories), or -importkeystore
// into one (-destkeystore).
func keytoolTrustImport(ws []parse.Word) bool {
	cmd, store, cacerts := "", "", false
	for i := 0; i < len(ws); i++ {
		switch o := keytoolOpt(ws[i].Value); o {
		case "importcert", "import", "importkeystore":
			cmd = o
		case "cacerts":
			cacerts = true
		case "keystore", "destkeystore":
			if i+1 < len(ws) {
				i++
				if o == "destkeystore" || cmd != "importkeystore" {
					store = ws[i].Value
				}
			}
		}
	}
	if cmd == "" {
		return false
	}
	return cacerts || store != "" && javaTrustStore(store)
}

// javaTrustStore reports a keystore path that is a JVM's trust store.
func javaTrustStore(p string) bool {
	switch strings.ToLower(path.Base(p)) {
	case "cacerts", "jssecacerts":
		return true
	}
	return strings.HasPrefix(p, "/etc/ssl/certs/java/") || strings.HasPrefix(p, "/etc/pki/java/") || strings.HasPrefix(p, "/etc/pki/ca-trust/extracted/java/")
}

// certutilTrustAdd reports NSS certutil -A or -M with trust flags that
// grant trust (C, T or P) in the user's or the system's database (or the
// default one: no -d), and Windows' certutil -addstore into a trusted
// store.
func certutilTrustAdd(ws []parse.Word) bool {
	add, trusted, db, hasDB := false, false, "", false
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		switch strings.ToLower(v) {
		case "-addstore", "/addstore":
			for _, s := range ws[i+1:] {
				switch strings.ToLower(s.Value) {
				case "root", "authroot", "trustedpublisher", "trustedpeople":
					return true
				}
			}
			return false
		}
		switch v {
		case "-A", "-M":
			add = true
		case "-t":
			if i+1 < len(ws) {
				i++
				trusted = strings.ContainsAny(ws[i].Value, "CTP")
			}
		case "-d":
			if i+1 < len(ws) {
				i++
				db, hasDB = ws[i].Value, true
			}
		}
	}
	return add && trusted && (!hasDB || nssUserDB(db))
}

// nssUserDB reports an NSS database directory that programs trust
// certificates from: the user's shared one (~/.pki/nssdb, used by Chrome
// and others), the system's (/etc/pki/nssdb), a Firefox or Thunderbird
// profile.
func nssUserDB(d string) bool {
	d = strings.TrimPrefix(strings.TrimPrefix(d, "sql:"), "dbm:")
	for _, s := range []string{".pki/nssdb", "/etc/pki/nssdb", ".mozilla/", "/firefox/", ".thunderbird/", "/Firefox/Profiles/"} {
		if strings.Contains(d+"/", s) {
			return true
		}
	}
	return false
}

// caAnchorDirs are the directories a system CA bundle is built from
// (update-ca-certificates, update-ca-trust, p11-kit); caBundles are the
// bundles programs read.
var caAnchorDirs = []string{"/usr/local/share/ca-certificates", "/usr/share/ca-certificates", "/etc/pki/ca-trust/source", "/usr/share/pki/ca-trust-source",
	"/etc/ca-certificates/trust-source", "/usr/share/ca-certificates/trust-source", "/etc/pki/trust", "/usr/share/pki/trust", "/etc/ssl/certs"}

var caBundles = []string{"/etc/ca-certificates.conf", "/etc/ssl/cert.pem", "/etc/pki/tls/cert.pem", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/pki/tls/certs/ca-bundle.trust.crt",
	"/etc/ssl/ca-bundle.pem", "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", "/etc/pki/java/cacerts", "/etc/ssl/certs/java/cacerts"}

// caAnchorPath reports a path a write into adds a trusted CA: an anchor
// directory (itself, for cp -t and install -t), a bundle, a JVM's cacerts,
// an installed certifi's cacert.pem (site-packages; a project's own
// certifi/cacert.pem is its source). Blocklists distrust, and are not.
func caAnchorPath(p string) bool {
	if strings.Contains(p, "-packages/certifi/cacert.pem") || javaTrustStore(p) && strings.HasPrefix(p, "/") && (strings.Contains(p, "/lib/security/") || strings.HasPrefix(p, "/etc/")) {
		return true
	}
	if !strings.HasPrefix(p, "/") {
		return false
	}
	p = path.Clean(p)
	if strings.Contains(p, "/blocklist") || strings.Contains(p, "/blacklist") {
		return false
	}
	for _, b := range caBundles {
		if p == b {
			return true
		}
	}
	for _, d := range caAnchorDirs {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// quarantineOff reports xattr deleting com.apple.quarantine (-d, in any
// bundle: -rd, -dr) or clearing every attribute (-c, -cr).
func quarantineOff(ws []parse.Word) bool {
	del := false
	for _, w := range ws {
		v := w.Value
		if len(v) > 1 && v[0] == '-' && v[1] != '-' {
			if strings.ContainsRune(v, 'c') {
				return true
			}
			if strings.ContainsRune(v, 'd') {
				del = true
			}
			continue
		}
		if del && v == "com.apple.quarantine" {
			return true
		}
	}
	return false
}

// createMode returns the mode install -m or mkdir -m gives what it makes
// (chmod's rules read chmod's mode), and whether what it makes are
// directories (mkdir, install -d): there the sticky bit (1777, as /tmp
// has) and setgid (new files keep the group) grant nothing more, as for
// chmod on a directory (stickyShared, setgidDirsOnly).
func createMode(c *parse.Command) (mode string, dirs bool) {
	dirs = c.Name() == "mkdir"
	ws := c.Args[1:]
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		switch {
		case v == "--":
			return mode, dirs
		case v == "--directory":
			dirs = true
		case v == "--mode" && i+1 < len(ws):
			i++
			mode = ws[i].Value
		case strings.HasPrefix(v, "--mode="):
			mode = v[len("--mode="):]
		case strings.HasPrefix(v, "--"):
		case len(v) > 1 && v[0] == '-':
			for j := 1; j < len(v); j++ {
				switch v[j] {
				case 'd':
					dirs = dirs || c.Name() == "install"
				case 'm':
					if j+1 < len(v) {
						mode = v[j+1:]
					} else if i+1 < len(ws) {
						i++
						mode = ws[i].Value
					}
					j = len(v)
				case 'o', 'g', 'S', 't', 'Z':
					if c.Name() == "install" && j+1 == len(v) {
						i++ // install -o root, -g wheel, -t DIR: a value
					}
					j = len(v)
				}
			}
		}
	}
	return mode, dirs
}

// stickyMode reports an octal mode with the sticky bit (1777, 3777).
func stickyMode(m string) bool {
	o, ok := octal(m)
	return ok && (o[0]-'0')&1 != 0
}

// setuidBit reports a mode that sets the setuid bit (not only setgid).
func setuidBit(m string) bool {
	if o, ok := octal(m); ok {
		return (o[0]-'0')&4 != 0
	}
	return strings.Contains(m, "u+s") || strings.Contains(m, "a+s") || strings.HasPrefix(m, "+s")
}

// killallUserOnly reports killall selecting by user alone (killall -u bob,
// --user=bob): every process of the user, as pkill -u bob (pkillBroad).
// killall NAME stays quiet, as pkill NAME and kill $(pgrep NAME) do: SIGTERM
// lets the processes clean up; -9 asks in every spelling.
func killallUserOnly(c *parse.Command) bool {
	user, names := false, 0
	ws := c.Args[1:]
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		switch {
		case v == "-u" || v == "--user":
			user = true
			i++
		case strings.HasPrefix(v, "--user="):
			user = true
		case v == "-o" || v == "-y" || v == "-s" || v == "-n" || v == "--older-than" || v == "--younger-than" || v == "--signal" || v == "--ns" || v == "-Z" || v == "--context":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			names++
		}
	}
	return user && names == 0
}

// caStoreMarks are substrings every path caAnchorPath accepts holds.
var caStoreMarks = []string{"ca-certificates", "ca-trust", "/pki/", "/ssl/", "cacert", "jssecacerts"}

// mentionsCAStore reports a command with a redirection target or an
// argument that may name a CA store: the cheap test before writeTargets.
func mentionsCAStore(c *parse.Command) bool {
	has := func(v string) bool {
		for _, m := range caStoreMarks {
			if strings.Contains(v, m) {
				return true
			}
		}
		return false
	}
	if has(c.Dir) {
		return true // cd /usr/local/share/ca-certificates && cp x.crt .
	}
	for _, r := range c.Redirs {
		if has(r.Target.Value) {
			return true
		}
	}
	for _, a := range c.Args {
		if has(a.Value) {
			return true
		}
	}
	return false
}
