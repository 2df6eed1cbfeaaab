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

func clip(s string) string {
	if len(s) <= maxLogCommand {
		return s
	}
	cut := maxLogCommand
	for cut > 0 && !utf8Start(s[cut]) {
		cut--
	}
	return s[:cut] + "…(" + strconv.Itoa(len(s)) + " bytes)"
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }
