package tirith

import (
	"slices"
	"strings"
)

// Wants reports whether a command line could interest tirith: it has a URL,
// a non-ASCII character, a network tool (curl, wget, ssh, scp, git
// clone/fetch/pull, a package manager's install) or a pipe into an
// interpreter. It looks at words only, never runs a parser, and is meant to
// be called on every command line: a tirith process costs 100 ms or more,
// this costs about a microsecond.
//
// It errs on the side of yes: a word such as "curl" inside a quoted string
// still selects the line. The deeper analysis is tirith's.
func Wants(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] >= 0x80 {
			return true
		}
	}
	if strings.Contains(text, "://") {
		return true
	}
	words := splitWords(text)
	for i, w := range words {
		name := baseName(w.s)
		if networkTools[name] {
			return true
		}
		if sub, ok := installers[name]; ok && i+1 < len(words) {
			// "git clone", "pip install", "npm i": the verb is the
			// first word that is neither an option nor, perhaps, an
			// option's argument ("git -C dir fetch").
			prev := w.s
			for _, next := range words[i+1 : min(len(words), i+6)] {
				if next.op {
					break
				}
				if slices.Contains(sub, next.s) {
					return true
				}
				if !strings.HasPrefix(next.s, "-") && !strings.HasPrefix(prev, "-") {
					break
				}
				prev = next.s
			}
		}
		if w.s == "|" || w.s == "|&" {
			if pipesIntoInterpreter(words[i+1:]) {
				return true
			}
		}
	}
	return false
}

// networkTools fetch from or connect to other hosts whatever their arguments.
var networkTools = set("curl", "wget", "ssh", "scp", "sftp", "rsync", "nc", "ncat",
	"netcat", "socat", "telnet", "ftp", "aria2c", "httpie", "http", "https", "xh",
	"npx", "pipx", "bunx", "uvx", "iwr", "invoke-webrequest")

// installers fetch only with one of their verbs.
var installers = map[string][]string{
	"git":    {"clone", "fetch", "pull", "submodule", "ls-remote"},
	"pip":    {"install", "download"},
	"pip3":   {"install", "download"},
	"uv":     {"add", "pip", "tool"},
	"npm":    {"install", "i", "add", "exec", "ci", "update"},
	"pnpm":   {"install", "i", "add", "dlx", "exec"},
	"yarn":   {"add", "install", "dlx"},
	"bun":    {"add", "install", "i", "x"},
	"cargo":  {"install", "add"},
	"go":     {"install", "get"},
	"gem":    {"install"},
	"brew":   {"install", "tap"},
	"python": {"pip"}, "python3": {"pip"}, // python -m pip install …
}

// interpreters run what they read on standard input.
var interpreters = set("sh", "bash", "zsh", "dash", "ksh", "mksh", "fish", "ash",
	"busybox", "python", "python2", "python3", "perl", "ruby", "node", "nodejs",
	"php", "lua", "pwsh", "powershell", "osascript", "source", ".", "iex", "deno", "bun")

// carriers put another command in front of the interpreter: "| sudo bash".
var carriers = set("sudo", "doas", "env", "exec", "command", "nice", "nohup", "time", "xargs")

// pipesIntoInterpreter reports whether the command after a pipe is an
// interpreter, perhaps behind carriers: "| sudo -u root env X=1 bash".
func pipesIntoInterpreter(rest []word) bool {
	for i, w := range rest {
		if w.op {
			return false
		}
		name := baseName(w.s)
		if interpreters[name] {
			return true
		}
		if i == 0 && !carriers[name] {
			return false
		}
	}
	return false
}

type word struct {
	s  string
	op bool // a control operator: | |& ; & && || ( ) or a newline
}

// splitWords cuts text into words at blanks, quotes and shell operators.
// Quotes are dropped, not honoured: "cu”rl" gives "cu" and "rl", which is
// fine for a filter that must only find plain tool names.
func splitWords(text string) []word {
	var words []word
	start := -1
	flush := func(i int) {
		if start >= 0 {
			words = append(words, word{s: text[start:i]})
			start = -1
		}
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch c {
		case ' ', '\t', '\'', '"', '`', '<', '>', '{', '}', '\\':
			flush(i)
		case '|', ';', '&', '(', ')', '\n', '\r':
			flush(i)
			op := string(c)
			if c == '|' && i+1 < len(text) && text[i+1] == '&' {
				op = "|&"
				i++
			}
			words = append(words, word{s: op, op: true})
		case '$':
			flush(i)
		default:
			if start < 0 {
				start = i
			}
		}
	}
	flush(len(text))
	return words
}

// baseName returns the last element of a command path: /usr/bin/curl → curl.
func baseName(s string) string {
	if i := strings.LastIndexByte(s, '/'); i >= 0 && i+1 < len(s) {
		return s[i+1:]
	}
	return s
}

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
