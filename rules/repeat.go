package rules

import (
	"fmt"
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// Repeated appends to a file the script just wrote (parse/repeat.go) are
// one finding: the first write's, whose reason says how many follow. A
// repeat is folded into the finding at the first write of the same rule
// and tier (or of a rule that covers it there: a gpgcheck=0 first line is
// downgrade-config-insecure over system-config-write), unless it is worse
// than that finding can say:
//
//   - another rule matches it (a NOPASSWD line is downgrade-sudo-nopasswd,
//     gpgcheck=0 or [trusted=yes] downgrade-config-insecure, code in an rc
//     line remote-code …): that finding is its own, as always;
//   - its text comes from a download or a decoder;
//   - the rule is hardline;
//   - the file holds one grant or one program a line (sudoers,
//     authorized_keys, known_hosts, crontabs, ld.so.preload, apt source
//     lists, shell start-up files, profile.d, rc.local, git hooks, the
//     credential files of a home directory): each line there is a new
//     key, job, library, source, secret or command;
//   - it starts a new section of a yum/dnf .repo file ([name]): a second
//     repository.

// A repeatNote counts the writes folded into one finding.
type repeatNote struct {
	at     map[int]bool // the folded writes, by offset (a function's body may be walked more than once)
	target string
}

// foldRepeat folds a finding of rule r on repeated write c into the
// finding of the same rule at its first write, and reports whether it did.
// The same write in another branch (a twin) is folded by dupes.go instead.
func (m *matcher) foldRepeat(r *Rule, c *parse.Command) bool {
	if r.Tier == Hardline || c.Repeat.Branch || repeatWorse(c) {
		return false
	}
	for i := range m.out {
		f := &m.out[i]
		if !f.Is(r.ID) || f.Start != c.Repeat.First || f.Tier != r.Tier {
			continue
		}
		if m.repeats == nil {
			m.repeats = map[int]*repeatNote{}
		}
		n := m.repeats[i]
		if n == nil {
			n = &repeatNote{at: map[int]bool{}, target: c.Repeat.Target}
			m.repeats[i] = n
		}
		n.at[c.Start] = true
		return true
	}
	return false
}

// noteRepeats says in each finding's reason how many repeated writes it
// stands for.
func (m *matcher) noteRepeats() {
	for i, n := range m.repeats {
		what := "appends"
		if len(n.at) == 1 {
			what = "append"
		}
		m.out[i].Reason += fmt.Sprintf(" (%d more %s to %s follow in the same block; this finding stands for them)", len(n.at), what, n.target)
	}
}

// repeatWorse reports a repeated write that its first write's finding
// cannot stand for (see above).
func repeatWorse(c *parse.Command) bool {
	for _, w := range c.Args {
		if w.Origin == "network" || w.Origin == "decoder" {
			return true
		}
	}
	if c.StdinFrom != nil {
		for _, w := range c.StdinFrom.Args {
			if w.Origin == "network" || w.Origin == "decoder" {
				return true
			}
		}
	}
	t := c.Repeat.Target
	if lineGrants(t) {
		return true
	}
	if strings.HasSuffix(t, ".repo") {
		text := c.StdinText
		if c.Name() == "echo" || c.Name() == "printf" {
			var sb strings.Builder
			for _, w := range c.Args[1:] {
				sb.WriteString(w.Value + " ")
			}
			text = sb.String()
		}
		for _, l := range strings.Split(strings.ReplaceAll(text, `\n`, "\n"), "\n") {
			if strings.HasPrefix(strings.TrimLeft(l, " \t"), "[") {
				return true
			}
		}
	}
	return false
}

// lineGrants reports a file in which each line is a grant or a program of
// its own.
func lineGrants(p string) bool {
	c := path.Clean(p)
	base := path.Base(c)
	switch base {
	case "sudoers", "authorized_keys", "authorized_keys2", "known_hosts", "crontab", "ld.so.preload", "rc.local",
		"sources.list", "environment", "profile", "bashrc", "bash.bashrc", "zshrc", "zshenv", "zprofile":
		return true
	}
	for _, d := range []string{"/etc/sudoers.d/", "/etc/cron.", "/etc/cron.d/", "/var/spool/cron/", "/etc/apt/sources.list.d/", "/etc/profile.d/", "/etc/zsh/"} {
		if strings.HasPrefix(c, d) {
			return true
		}
	}
	// Credential and start-up files of a home directory (~/.ssh, .netrc,
	// .bashrc, .env, git hooks …): each line a key, a secret or code.
	return credentialFile(p)
}
