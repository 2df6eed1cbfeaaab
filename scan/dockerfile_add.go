package scan

import (
	"strings"
)

// addURL reads ADD [--checksum=…] [--chmod=MODE] URL… DEST (verify, issue
// 12: pi-hole's ADD --chmod=0755 https://raw.githubusercontent.com/…/padd.sh
// /usr/local/bin/padd was not read): each remote source is a download into
// DEST, as curl -fsSLo DEST URL (then chmod MODE DEST) would make it, so
// the download rules judge it (download-install-bin for a program
// directory). A --checksum=sha256:… flag is the check: the build fails on
// a mismatch, and nothing is reported. A git URL (ADD
// https://github.com/x/y.git#tag /src) is a clone, not a program, and is
// left to what later steps do with it.
func addURL(inst *Snippet, rest string, restOff int) (Snippet, bool) {
	flags, offs, body := copyFlags(rest, restOff)
	mode, at := "", restOff+len(rest)-len(body)
	for i, flag := range flags {
		if strings.HasPrefix(flag, "--checksum=") {
			return Snippet{}, false
		}
		if m, ok := strings.CutPrefix(flag, "--chmod="); ok {
			mode = strings.Trim(m, `"'`)
		}
		if i == 0 {
			at = offs[0]
		}
	}
	words, ok := copyWords(body)
	if !ok {
		return Snippet{}, false
	}
	dest := words[len(words)-1]
	var cmds []string
	for _, src := range words[:len(words)-1] {
		if !strings.HasPrefix(src, "http://") && !strings.HasPrefix(src, "https://") || gitURL(src) {
			continue
		}
		to := dest
		if strings.HasSuffix(dest, "/") {
			base := src
			if i := strings.IndexAny(base, "?#"); i >= 0 {
				base = base[:i]
			}
			to = dest + base[strings.LastIndex(base, "/")+1:]
		}
		cmds = append(cmds, QuoteArgs([]string{"curl", "-fsSLo", to, src}))
		if mode != "" {
			cmds = append(cmds, QuoteArgs([]string{"chmod", mode, "--", to}))
		}
	}
	if len(cmds) == 0 {
		return Snippet{}, false
	}
	line, col := inst.Pos(at)
	return Snippet{Text: strings.Join(cmds, " && "), Shell: "bash", marks: []int{0}, lines: []int{line}, cols: []int{col}, Image: true,
		shown: strings.TrimSpace(inst.Text)}, true
}

// gitURL reports a git repository URL as ADD takes one: a .git path, with
// an optional #ref.
func gitURL(u string) bool {
	u, _, _ = strings.Cut(u, "#")
	return strings.HasSuffix(u, ".git") || strings.HasPrefix(u, "git@")
}
