package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// absentMayApply reports whether the absent-then-made analysis
// (absentWords) can find anything in a script: it marks operands of an rm
// as the script's own after a mkdir, a cp or a git init or clone made
// them, and git commands as run in a repository of the script's own after
// a git init or clone; a script naming none of these is skipped. The
// analysis is a path-sensitive walk of the whole file and was a third of a
// file scan's time; skipping it can only leave a command asking, never
// make one quiet.
func absentMayApply(text string) bool {
	git := hasWord(text, "git")
	gitMakes := git && (hasWord(text, "init") || hasWord(text, "clone"))
	return hasWord(text, "rm") && (hasWord(text, "mkdir") || hasWord(text, "cp") || gitMakes) || gitMakes
}

// hasWord reports whether w occurs in text with no letter, digit, _ or -
// on either side (rm in "/bin/rm" or "\rm", not in "form" or "rm-rf.sh").
func hasWord(text, w string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], w)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(w)
		if (j == 0 || !wordByte(text[j-1])) && (end == len(text) || !wordByte(text[end])) {
			return true
		}
		i = j + 1
	}
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// absentWordsIf is absentWords for a script where it may apply.
func absentWordsIf(text string, stmts []*syntax.Stmt, errexit bool, shell string) (rms, repos map[int]bool) {
	if !absentMayApply(text) {
		return nil, nil
	}
	return absentWordsShell(stmts, errexit, shell)
}
