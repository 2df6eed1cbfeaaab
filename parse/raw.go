package parse

import (
	"strings"
)

// rawScan looks at text that could not be analysed (a parse error, a limit)
// for the shapes of hardline commands, without parsing it: rm -rf / and the
// system directories, mkfs, writes to a raw disk, fork bombs, shutdown. What
// it finds is an [IssueHardlineRaw]. It reads the whole text, however large,
// in time and memory linear in its size (one segment at a time).
func rawScan(res *Result, text string) {
	text = strings.ReplaceAll(text, "\\\n", "")
	seen := map[string]bool{}
	for _, is := range res.Issues {
		if is.Kind == IssueHardlineRaw {
			seen[is.Detail] = true
		}
	}
	add := func(detail string) {
		if seen[detail] || len(seen) >= 64 {
			return
		}
		seen[detail] = true
		res.Issues = append(res.Issues, Issue{Kind: IssueHardlineRaw, Detail: detail, End: len(res.Input)})
	}
	compact := strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\n' {
			return -1
		}
		return r
	}, text)
	if strings.Contains(compact, "(){:|:&") || strings.Contains(compact, "(){:|:;") || forkShape(compact) {
		add("a fork bomb")
	}
	compact = ""
	segments(text, func(seg []string) { rawSegment(seg, add) })
}

// rawSegment looks at one segment. Any rm, dd, mkfs, shutdown or reboot
// inside it starts a command (sh -c rm -rf / may have lost its quotes),
// which takes every token after it as an argument; the flags of each start
// are computed from the right in one pass, so the work is linear.
func rawSegment(seg []string, add func(string)) {
	if len(seg) == 0 {
		return
	}
	for i, a := range seg {
		if (a == ">" || a == ">>" || a == "&>") && i+1 < len(seg) && BlockDevice(seg[i+1]) {
			add("a write to " + seg[i+1])
		}
	}
	// The first command of the segment, after wrappers.
	first := 0
	base := func(n string) string {
		if i := strings.LastIndexByte(n, '/'); i >= 0 {
			return n[i+1:]
		}
		return n
	}
	for first+1 < len(seg) {
		switch base(seg[first]) {
		case "sudo", "doas", "exec", "command", "nohup", "env":
			first++
			continue
		}
		break
	}
	rec, danger, dev := false, "", ""
	for i := len(seg) - 1; i >= 0; i-- {
		a := seg[i]
		name := a
		if i == first {
			name = base(a)
		}
		starts := name == "rm" || name == "dd" || strings.HasPrefix(name, "mkfs") || name == "shutdown" || name == "reboot" ||
			i == first && (name == "mke2fs" || name == "wipefs" || name == "halt" || name == "poweroff")
		if starts && (i >= 1 || i == first) {
			switch {
			case name == "rm":
				if rec && danger != "" {
					add("rm -r of " + danger)
				}
			case name == "mkfs" || strings.HasPrefix(name, "mkfs.") || name == "mke2fs" || name == "wipefs":
				add(name + " on a device")
			case name == "dd":
				if dev != "" {
					add("dd to " + dev)
				}
			case name == "shutdown" || name == "reboot" || name == "halt" || name == "poweroff":
				add(name)
			}
		}
		// a is an argument of every start to its left.
		if a == "--recursive" || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsAny(a, "rR") {
			rec = true
		}
		if RootLike(a) || SystemDir(a) || HomeLike(a) {
			danger = a
		}
		if v, ok := strings.CutPrefix(a, "of="); ok && BlockDevice(v) {
			dev = v
		}
	}
}

// forkShape finds NAME(){NAME|NAME&} with any name.
func forkShape(s string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], "(){")
		if j < 0 {
			return false
		}
		j += i
		k := j
		for k > 0 && !strings.ContainsRune(";&|\n{}()", rune(s[k-1])) {
			k--
		}
		name := s[k:j]
		if name != "" && strings.HasPrefix(s[j+3:], name+"|"+name) {
			return true
		}
		i = j + 3
	}
}

// segments splits text into simple-command-like token lists at shell
// operators, removing quotes, and calls fn with each (fn must not keep it).
// It is a rough, fail-closed tokenizer.
func segments(text string, fn func(seg []string)) {
	var cur []string
	var tok strings.Builder
	flush := func() {
		if tok.Len() > 0 {
			cur = append(cur, tok.String())
			tok.Reset()
		}
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch c {
		case '\'', '"', '\\':
			continue
		case ' ', '\t':
			flush()
		case ';', '&', '|', '\n', '(', ')', '`', '{', '}':
			flush()
			if len(cur) > 0 {
				fn(cur)
				cur = cur[:0]
			}
		case '>':
			flush()
			op := ">"
			if i+1 < len(text) && text[i+1] == '>' {
				op = ">>"
				i++
			}
			cur = append(cur, op)
		case '$':
			if strings.HasPrefix(text[i:], "${IFS}") {
				flush()
				i += 5
				continue
			}
			if strings.HasPrefix(text[i:], "$HOME") {
				tok.WriteString("~")
				i += 4
				continue
			}
			if strings.HasPrefix(text[i:], "${HOME}") {
				tok.WriteString("~")
				i += 6
				continue
			}
			tok.WriteByte(c)
		default:
			tok.WriteByte(c)
		}
	}
	flush()
	if len(cur) > 0 {
		fn(cur)
	}
}
