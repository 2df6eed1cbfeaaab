package parse

import (
	"strings"
)

// rawScan looks at text that could not be analysed (a parse error, a limit)
// for the shapes of hardline commands, without parsing it: rm -rf / and the
// system directories, mkfs, writes to a raw disk, fork bombs, shutdown. What
// it finds is an [IssueHardlineRaw]. It is linear in the size of the text.
func rawScan(res *Result, text string) {
	text = strings.ReplaceAll(text, "\\\n", "")
	if len(text) > maxInput {
		text = text[:maxInput]
	}
	add := func(detail string) {
		for _, is := range res.Issues {
			if is.Kind == IssueHardlineRaw && is.Detail == detail {
				return
			}
		}
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
	var segs [][]string
	for _, seg := range segments(text) {
		// Any rm, dd, mkfs or shutdown inside a segment starts one: sh -c
		// rm -rf / may have lost its quotes.
		for i := 1; i < len(seg); i++ {
			switch n := seg[i]; {
			case n == "rm" || n == "dd" || strings.HasPrefix(n, "mkfs") || n == "shutdown" || n == "reboot":
				segs = append(segs, seg[i:])
			}
		}
		segs = append(segs, seg)
	}
	for _, seg := range segs {
		if len(seg) == 0 {
			continue
		}
		name := seg[0]
		if i := strings.LastIndexByte(name, '/'); i >= 0 {
			name = name[i+1:]
		}
		for len(seg) > 1 && (name == "sudo" || name == "doas" || name == "exec" || name == "command" || name == "nohup" || name == "env") {
			seg = seg[1:]
			name = seg[0]
			if i := strings.LastIndexByte(name, '/'); i >= 0 {
				name = name[i+1:]
			}
		}
		switch {
		case name == "rm":
			rec := false
			for _, a := range seg[1:] {
				if a == "--recursive" || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsAny(a, "rR") {
					rec = true
				}
			}
			if !rec {
				continue
			}
			for _, a := range seg[1:] {
				if RootLike(a) || SystemDir(a) || HomeLike(a) {
					add("rm -r of " + a)
				}
			}
		case name == "mkfs" || strings.HasPrefix(name, "mkfs.") || name == "mke2fs" || name == "wipefs":
			add(name + " on a device")
		case name == "dd":
			for _, a := range seg[1:] {
				if v, ok := strings.CutPrefix(a, "of="); ok && BlockDevice(v) {
					add("dd to " + v)
				}
			}
		case name == "shutdown" || name == "reboot" || name == "halt" || name == "poweroff":
			add(name)
		}
		for i, a := range seg {
			if (a == ">" || a == ">>" || a == "&>") && i+1 < len(seg) && BlockDevice(seg[i+1]) {
				add("a write to " + seg[i+1])
			}
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
// operators, removing quotes. It is a rough, fail-closed tokenizer.
func segments(text string) [][]string {
	var segs [][]string
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
				segs = append(segs, cur)
				cur = nil
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
		segs = append(segs, cur)
	}
	return segs
}
