package parse

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// foldLookalikes rewrites, in NFKC-folded text, each shell word that spells
// an ASCII word with look-alike letters from other scripts — Cyrillic "м" in
// "rм", Greek "ο" in "chοwn", "-гf" — as that ASCII word, by the table of
// [lookalikes] (the Unicode confusables skeleton, UTS #39, restricted to
// letters that read as ASCII). A word is folded only when every one of its
// characters then is ASCII and it already holds an ASCII letter or digit,
// or then starts with "-" or "/" (an option, a path): a word wholly in another script — Russian or
// Greek text, a file name — is left as it is, and so is a word with any
// letter that has no Latin look-alike.
func foldLookalikes(s string) string {
	if isPlainASCII(s) {
		return s
	}
	var sb strings.Builder
	changed := false
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && !wordBreak(s[j]) {
			_, n := utf8.DecodeRuneInString(s[j:])
			j += n
		}
		if j == i {
			// A separator: copied as it is.
			_, n := utf8.DecodeRuneInString(s[i:])
			if changed {
				sb.WriteString(s[i : i+n])
			}
			i += n
			continue
		}
		if w, ok := foldWord(s[i:j]); ok {
			if !changed {
				sb.Grow(len(s))
				sb.WriteString(s[:i])
				changed = true
			}
			sb.WriteString(w)
		} else if changed {
			sb.WriteString(s[i:j])
		}
		i = j
	}
	if !changed {
		return s
	}
	return sb.String()
}

// wordBreak reports whether the byte c ends a shell word for
// foldLookalikes: ASCII blanks and the shell's operators. Quotes, $, = and
// slashes stay inside the word, so r"м" and /bin/rм are one word.
func wordBreak(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ';', '&', '|', '(', ')', '<', '>':
		return true
	}
	return false
}

// foldWord returns w with its look-alike letters replaced, and whether it
// is a look-alike of an ASCII word (see foldLookalikes).
func foldWord(w string) (string, bool) {
	if isPlainASCII(w) {
		return w, false
	}
	latin := strings.HasPrefix(w, "-")
	var sb strings.Builder
	for _, r := range w {
		if r < utf8.RuneSelf {
			if r < 0x7f && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
				latin = true
			}
			sb.WriteRune(r)
			continue
		}
		a := lookalike(r)
		if a == "" {
			return w, false
		}
		sb.WriteString(a)
	}
	f := sb.String()
	return f, latin || strings.HasPrefix(f, "-") || strings.HasPrefix(f, "/")
}

// lookalike returns the ASCII text the character r passes for, or "".
func lookalike(r rune) string {
	i := sort.Search(len(lookalikes), func(i int) bool { return lookalikes[i].r >= r })
	if i < len(lookalikes) && lookalikes[i].r == r {
		return lookalikes[i].ascii
	}
	return ""
}
