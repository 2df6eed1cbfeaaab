package rules

import (
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// exempt reports commands that only print help or simulate, by flags whose
// meaning is known for that program: --help first, halt -w, git push -n,
// systemctl … --when cancel. Generic flags anywhere (--dry-run, a later
// --help) are in simulates: they quiet dangerous rules, never hardline ones,
// since a shell builtin such as kill does not read them.
//
// For a program whose grammar guardsh knows, words after the "--" that
// ends its options are operands (git clean -fdx -- . --dry-run cleans, the
// last word is a pathspec), and --dry-run=false is no dry run.
func simulates(c *parse.Command) bool {
	if sim, known := platformSimulates(c); known {
		return sim
	}
	for i, w := range c.Args[1:] {
		sim := false
		switch w.Value {
		case "--help", "-help", "--dry-run", "--dryrun", "--generate-cli-skeleton", "--simulate":
			sim = true
		}
		if v, ok := strings.CutPrefix(w.Value, "--dry-run="); ok && v != "none" && !falsy(v) {
			sim = true
		}
		if sim && undone(c.Args[i+2:]) {
			continue // --dry-run --no-dry-run: the last one wins (argparse, pflag)
		}
		if sim {
			// Only now read the line by its grammar, if guardsh has
			// one: after its "--" the word is an operand, and a later
			// --no-dry-run (by any spelling the grammar knows: aws
			// --no-d) switches it off again.
			p := readLine(c)
			if p != nil && p.DashDash >= 0 && i >= p.DashDash {
				return false
			}
			if p != nil && (w.Value == "--dry-run" || w.Value == "--dryrun") {
				if _, on := p.Get("dry-run", "dryrun"); !on {
					continue
				}
			}
			return true
		}
	}
	return false
}

// undone reports a later word that switches the dry run off again.
func undone(later []parse.Word) bool {
	for _, w := range later {
		switch w.Value {
		case "--no-dry-run", "--no-dryrun":
			return true
		}
		if v, ok := strings.CutPrefix(w.Value, "--dry-run="); ok && falsy(v) {
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
	case "rclone":
		// By its grammar: --dry-run=false is no dry run.
		p := readLine(c)
		return p != nil && p.Err == nil && p.Has("dry-run")
	case "mkfs", "mke2fs", "mkfs.ext2", "mkfs.ext3", "mkfs.ext4", "wipefs":
		return args(c).has("n", "no-act", "dry-run")
	case "vgremove", "lvremove", "pvremove":
		return args(c).has("h", "help", "?")
	}
	return false
}
