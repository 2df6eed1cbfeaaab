package approve

import (
	"regexp"
	"strconv"
	"sync"
)

// Redacted replaces a secret in the audit log.
const Redacted = "[REDACTED]"

// A secret pattern: group 1, when present, is kept (the key or header name),
// and so is group 2 (the @ after a password in a URL); the rest of the match
// is replaced.
// They are compiled on first use: most runs of guardsh never log.
var secretPatterns = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		// Authorization and similar headers, with or without a scheme.
		regexp.MustCompile(`(?i)((?:proxy-)?authorization\s*:\s*(?:(?:bearer|basic|token|digest)\s+)?)[^\s'"]+`),
		regexp.MustCompile(`(?i)((?:x-api-key|api-key|x-auth-token|private-token|cookie)\s*:\s*)[^'"\n]+`),
		// user:password@ in URLs.
		regexp.MustCompile(`([a-zA-Z][a-zA-Z0-9+.-]*://[^/\s:@'"]*:)[^@\s'"/]+(@)`),
		// --password=x, --token x, -p=x style options.
		regexp.MustCompile(`(?i)(--?(?:password|passwd|pass|token|secret|api-key|apikey|access-key|secret-key|client-secret)(?:=|\s+))[^\s'"]+`),
		// NAME=value where the name says secret.
		regexp.MustCompile(`(?i)(\b[A-Z0-9_]*(?:PASSWORD|PASSWD|SECRET|TOKEN|API_KEY|APIKEY|ACCESS_KEY|PRIVATE_KEY)[A-Z0-9_]*=)[^\s'"]+`),
		// Bearer tokens anywhere.
		regexp.MustCompile(`(?i)(bearer\s+)[A-Za-z0-9._~+/=-]{8,}`),
		// Well-known token formats.
		regexp.MustCompile(`()\bsk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{16,}`),
		regexp.MustCompile(`()\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})`),
		regexp.MustCompile(`()\bxox[abposr]-[A-Za-z0-9-]{8,}`),
		regexp.MustCompile(`()\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{16}\b`),
		regexp.MustCompile(`()\bglpat-[A-Za-z0-9_-]{20,}`),
		regexp.MustCompile(`()\bAIza[0-9A-Za-z_-]{35}`),
		regexp.MustCompile(`()\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}`),
		regexp.MustCompile(`()-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)`),
	}
})

// Redact replaces API tokens, AWS keys, Authorization headers, passwords in
// URLs and password options in s with [Redacted], keeping the names around
// them, so a log shows what ran without what it carried.
func Redact(s string) string {
	for _, re := range secretPatterns() {
		s = re.ReplaceAllString(s, "${1}"+Redacted+"${2}")
	}
	return s
}

// maxLogCommand caps the length of a command in the audit log.
const maxLogCommand = 4096

// redactMargin is how much text after the cut is redacted with the part
// that is kept, so that a secret that starts before the cut is recognised
// (its pattern may need up to a few dozen bytes after it) and redacted up
// to the cut. Patterns of unbounded length redact what they see.
const redactMargin = 1024

// redactClip returns the command as the audit log keeps it: clipped to
// maxLogCommand bytes, with secrets redacted. Only the kept part and a
// margin after it are redacted, so the cost does not grow with the command.
func redactClip(s string) string {
	if len(s) <= maxLogCommand {
		return Redact(s)
	}
	r := Redact(s[:runeCut(s, maxLogCommand+redactMargin)])
	if len(r) <= maxLogCommand {
		return r + "…(" + strconv.Itoa(len(s)) + " bytes)"
	}
	return r[:runeCut(r, maxLogCommand)] + "…(" + strconv.Itoa(len(s)) + " bytes)"
}

// clip cuts s to maxLogCommand bytes, on a rune boundary, noting its size.
func clip(s string) string {
	if len(s) <= maxLogCommand {
		return s
	}
	return s[:runeCut(s, maxLogCommand)] + "…(" + strconv.Itoa(len(s)) + " bytes)"
}

// runeCut returns the largest cut ≤ n of s that does not split a rune.
func runeCut(s string, n int) int {
	if n >= len(s) {
		return len(s)
	}
	for n > 0 && !utf8Start(s[n]) {
		n--
	}
	return n
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }
