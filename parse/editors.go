package parse

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// editorVars are the variables a program that opens a file in an editor
// takes the editor from; the editor is run with the file as its last
// argument.
var editorVars = set("EDITOR", "VISUAL", "SUDO_EDITOR")

// editedFiles returns the files a program hands to $EDITOR: visudo edits
// /etc/sudoers (or -f FILE), vipw /etc/passwd (-g /etc/group, -s the
// shadow file), vigr /etc/group, sudoedit and sudo -e the files named,
// crontab -e the user's crontab. EDITOR='tee -a' visudo is tee -a
// /etc/sudoers reading visudo's standard input: a sudoers entry written
// with no human in the editor.
func editedFiles(c *Command) []string {
	args := c.Args[1:]
	has := func(short byte, long string) bool {
		for _, w := range args {
			v := w.Value
			if v == "--" {
				return false
			}
			if v == "--"+long || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.IndexByte(v[1:], short) >= 0 {
				return true
			}
		}
		return false
	}
	switch path.Base(c.Name()) {
	case "visudo":
		if has('c', "check") {
			return nil
		}
		for i, w := range args {
			if (w.Value == "-f" || w.Value == "--file") && i+1 < len(args) {
				return []string{args[i+1].Value}
			}
			if v, ok := strings.CutPrefix(w.Value, "--file="); ok {
				return []string{v}
			}
			if v, ok := strings.CutPrefix(w.Value, "-f"); ok && v != "" {
				return []string{v}
			}
		}
		return []string{"/etc/sudoers"}
	case "vipw", "vigr":
		group := path.Base(c.Name()) == "vigr" || has('g', "group")
		switch {
		case group && has('s', "shadow"):
			return []string{"/etc/gshadow"}
		case group:
			return []string{"/etc/group"}
		case has('s', "shadow"):
			return []string{"/etc/shadow"}
		}
		return []string{"/etc/passwd"}
	case "sudoedit":
		var out []string
		for _, w := range args {
			if !strings.HasPrefix(w.Value, "-") {
				out = append(out, w.Value)
			}
		}
		return out
	case "crontab":
		if has('e', "edit") {
			return []string{"/var/spool/cron/crontabs/USER"}
		}
	}
	return nil
}

// editorCode returns the code an editor variable's value runs for c: the
// value with the edited files appended, quoted.
func editorCode(c *Command, name, code string) string {
	if !editorVars()[name] {
		return code
	}
	for _, f := range editedFiles(c) {
		code += " " + quoteArg(f)
	}
	return code
}

// quoteArg quotes a word for the shell when it needs it.
func quoteArg(s string) string {
	if q, err := syntax.Quote(s, syntax.LangBash); err == nil {
		return q
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
