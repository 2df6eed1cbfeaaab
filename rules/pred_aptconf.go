package rules

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// An image build or a CI job commonly tunes apt with a file in
// /etc/apt/apt.conf.d: retries, no recommends, assume yes. apt.conf.d is
// trust configuration (it can switch signature and TLS checks off, or run
// commands around dpkg), so a write there stays a finding in an image and
// on a runner, except when its whole content is known and sets only
// options that change no check and run nothing (aptBenign). Insecure
// settings are downgrade-config-insecure's in any case.

// aptBenign reports the apt options (lower case) that tune downloads and
// choices but change no check and run no command. An option not listed,
// a hook (DPkg::Post-Invoke, APT::Update::Pre-Invoke) or a block keeps the
// finding. (A switch, not a map: nothing is built at start-up.)
func aptBenign(name string) bool {
	switch name {
	case "acquire::retries", "acquire::languages", "acquire::gzipindexes", "acquire::compressiontypes::order",
		"acquire::http::timeout", "acquire::https::timeout", "acquire::ftp::timeout", "acquire::http::pipeline-depth",
		"acquire::http::no-cache", "acquire::queue-mode", "acquire::forceipv4", "acquire::forceipv6", "acquire::http::dl-limit",
		"apt::install-recommends", "apt::install-suggests", "apt::get::install-recommends", "apt::get::install-suggests",
		"apt::get::assume-yes", "apt::get::fix-missing", "apt::get::clean", "apt::acquire::retries",
		"apt::autoremove::recommendsimportant", "apt::autoremove::suggestsimportant",
		"apt::keep-downloaded-packages", "binary::apt::apt::keep-downloaded-packages",
		"dir::cache::pkgcache", "dir::cache::srcpkgcache", "dpkg::use-pty", "apt::color", "quiet",
		"apt::periodic::update-package-lists", "apt::periodic::unattended-upgrade", "apt::periodic::enable",
		"apt::periodic::download-upgradeable-packages", "apt::periodic::autocleaninterval":
		return true
	}
	return false
}

// aptBenignDpkgOption reports the dpkg options an apt.conf may pass that
// change no check: conffile choices and unsafe (unsynced) writes.
func aptBenignDpkgOption(o string) bool {
	switch o {
	case "--force-unsafe-io", "--force-confdef", "--force-confold", "--force-confnew", "--force-confmiss":
		return true
	}
	return false
}

// benignAptConf reports a command whose every write is a file of
// /etc/apt/apt.conf.d with known content that holds only aptBenign
// options: echo 'APT::Install-Recommends "false";' >
// /etc/apt/apt.conf.d/80recommends.
func benignAptConf(c *parse.Command) bool {
	targets := writeTargets(c)
	if len(targets) == 0 {
		return false
	}
	for _, t := range targets {
		if !t.Static || path.Dir(path.Clean(t.Value)) != "/etc/apt/apt.conf.d" {
			return false
		}
	}
	var text string
	switch c.Name() {
	case "echo", "printf":
		for _, w := range c.Args[1:] {
			if !w.Static {
				return false
			}
		}
		if c.Name() == "printf" && len(c.Args) > 2 {
			return false // a format with arguments: the text is not the words
		}
		for _, w := range c.Args[1:] {
			if c.Name() == "echo" && strings.HasPrefix(w.Value, "-") && text == "" {
				continue
			}
			text += w.Value + " "
		}
		text = strings.ReplaceAll(text, `\n`, "\n")
	case "cat", "tee":
		if !c.StdinStatic || c.StdinText == "" || len(args(c).operands) > 0 && c.Name() == "cat" {
			return false
		}
		text = c.StdinText
	default:
		return false
	}
	return aptTextBenign(text)
}

// aptTextBenign reads apt.conf statements (NAME "VALUE"; one or more a
// line, // and # comments) and reports whether each sets an aptBenign
// option, or dpkg options aptBenignDpkgOption accepts.
func aptTextBenign(text string) bool {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if strings.ContainsAny(line, "{}") {
			return false // blocks: hooks and lists
		}
		for _, st := range strings.Split(line, ";") {
			st = strings.TrimSpace(st)
			if st == "" {
				continue
			}
			name, val, ok := strings.Cut(st, " ")
			if !ok {
				return false
			}
			name = strings.ToLower(strings.TrimSpace(name))
			val = strings.Trim(strings.TrimSpace(val), `"`)
			if name == "dpkg::options::" {
				if !aptBenignDpkgOption(val) {
					return false
				}
			} else if !aptBenign(name) || strings.ContainsAny(val, "`$") {
				return false
			}
			n++
		}
	}
	return n > 0
}
