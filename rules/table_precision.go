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
		return len(a.operands) == 1 && a.operands[0].Value != "/dev/null"
	},
	Match:   []string{"crontab -", "echo '* * * * * x' | crontab -", "crontab mycron", "(crontab -l; echo x) | crontab -", "crontab -u bob jobs.txt"},
	NoMatch: []string{"crontab -l", "crontab -e", "crontab -l > backup"},
}

var keyTrust = &Rule{
	ID: "package-key-trust", Tier: Dangerous,
	Title:   "Trust a new package-signing key",
	Reason:  "A key added to apt's or rpm's keyrings lets whoever holds it sign packages this machine installs as root.",
	Suggest: "check the key's fingerprint against the vendor's documentation before adding it",
	names:   []string{"apt-key", "gpg", "gpg2", "rpm", "rpmkeys"},
	cmd: func(c *parse.Command) bool {
		vals := args(c).words()
		switch path.Base(c.Name()) {
		case "apt-key":
			return contains(vals, "add") || contains(vals, "adv")
		case "rpm", "rpmkeys":
			return contains(vals, "--import")
		}
		for i, v := range c.Args {
			o := ""
			switch {
			case v.Value == "-o" || v.Value == "--output" || v.Value == "--keyring":
				if i+1 < len(c.Args) {
					o = c.Args[i+1].Value
				}
			case strings.HasPrefix(v.Value, "--output="):
				o = strings.TrimPrefix(v.Value, "--output=")
			case strings.HasPrefix(v.Value, "--keyring="):
				o = strings.TrimPrefix(v.Value, "--keyring=")
			}
			if o != "" && keyringPath(o) {
				return true
			}
		}
		for _, r := range c.Redirs {
			if r.Writes() && keyringPath(r.Target.Value) {
				return true
			}
		}
		return false
	},
	Match: []string{"curl -fsSL https://x/gpg | sudo apt-key add -", "curl -fsSL https://x/gpg | gpg --dearmor -o /etc/apt/keyrings/docker.gpg",
		"wget -qO- https://x/key | gpg --dearmor > /usr/share/keyrings/x.gpg", "rpm --import https://x/key", "gpg --dearmor --output=/etc/apt/trusted.gpg.d/x.gpg k"},
	NoMatch: []string{"gpg --verify x.sig x", "apt-key list", "gpg --dearmor -o key.gpg k", "rpm -qa"},
}

// keyringPath reports a path where apt, dnf or rpm look for trusted keys.
func keyringPath(p string) bool {
	for _, d := range []string{"/etc/apt/keyrings/", "/usr/share/keyrings/", "/etc/apt/trusted.gpg.d/", "/etc/pki/rpm-gpg/", "/usr/local/share/keyrings/"} {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return p == "/etc/apt/trusted.gpg"
}
