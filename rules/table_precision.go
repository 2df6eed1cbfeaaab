package rules

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// Rules of issue 12 for what install scripts and Dockerfiles do that a
// reviewer wants to see: a crontab installed from a file or stdin, and a
// new package-signing key trusted.
func init() {
	table = append(table, crontabInstall, keyTrust)
}

var crontabInstall = &Rule{
	ID: "crontab-install", Tier: Dangerous,
	Title:   "Install a crontab",
	Reason:  "crontab FILE or crontab - replaces the user's scheduled jobs with new ones: code that runs again and again, later, unattended.",
	Suggest: "crontab -l first, and add the one line you mean with crontab -e",
	names:   []string{"crontab"},
	cmd: func(c *parse.Command) bool {
		a := args(c, "-u")
		if a.has("l", "e", "r", "V", "T") {
			return false
		}
		if len(a.operands) == 0 {
			return crontabStdin(c)
		}
		return len(a.operands) == 1 && a.operands[0].Value != "/dev/null"
	},
	Match: []string{"crontab -", "echo '* * * * * x' | crontab -", "crontab mycron", "(crontab -l; echo x) | crontab -", "crontab -u bob jobs.txt",
		"echo '* * * * * x' | crontab", "crontab <<EOF\n* * * * * x\nEOF", "crontab < jobs"},
	NoMatch: []string{"crontab -l", "crontab -e", "crontab -l > backup", "crontab", "crontab -r < /dev/null"},
}

var keyTrust = &Rule{
	ID: "package-key-trust", Tier: Dangerous,
	Title:   "Trust a new package-signing key",
	Reason:  "A key added to apt's or rpm's keyrings lets whoever holds it sign packages this machine installs as root.",
	Suggest: "check the key's fingerprint against the vendor's documentation before adding it",
	// Every command: a redirection into a keyring is one too.
	cmd: func(c *parse.Command) bool {
		switch path.Base(c.Name()) {
		case "apt-key":
			vals := args(c).words()
			return contains(vals, "add") || contains(vals, "adv")
		case "rpm", "rpmkeys":
			return contains(args(c).words(), "--import")
		}
		return keyWrite(c)
	},
	Match: []string{"curl -fsSL https://x/gpg | sudo apt-key add -", "curl -fsSL https://x/gpg | gpg --dearmor -o /etc/apt/keyrings/docker.gpg",
		"wget -qO- https://x/key | gpg --dearmor > /usr/share/keyrings/x.gpg", "rpm --import https://x/key", "gpg --dearmor --output=/etc/apt/trusted.gpg.d/x.gpg k",
		"gpg --dearmor | sudo tee /usr/share/keyrings/x.gpg", "curl -fsSLo /usr/share/keyrings/x.asc https://x/key", "wget -qO /usr/share/keyrings/x.asc https://x/key",
		"install -m 644 x.gpg /usr/share/keyrings/", "gpg --no-default-keyring --keyring /usr/share/keyrings/x.gpg --recv-keys ABC", "gpg -o/usr/share/keyrings/x.gpg --dearmor k", "gpg --dearm --outp /usr/share/keyrings/x.gpg k"},
	NoMatch: []string{"gpg --verify x.sig x", "apt-key list", "gpg --dearmor -o key.gpg k", "rpm -qa", "gpg --no-default-keyring --keyring /usr/share/keyrings/x.gpg --verify s.gpg s",
		"curl -fsSLo key.asc https://x/key", "cat /usr/share/keyrings/x.gpg"},
}

// keyringPath reports a path where apt, dnf or rpm look for trusted keys.
// The directory itself counts too: it is what cp -t, install -t and wget
// -P write into.
func keyringPath(p string) bool {
	if !strings.HasPrefix(p, "/") {
		return false
	}
	p = path.Clean(p)
	for _, d := range []string{"/etc/apt/keyrings", "/usr/share/keyrings", "/etc/apt/trusted.gpg.d", "/etc/pki/rpm-gpg", "/usr/local/share/keyrings"} {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return p == "/etc/apt/trusted.gpg"
}
