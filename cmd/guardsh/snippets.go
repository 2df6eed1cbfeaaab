package main

import (
	"strings"
)

// A snippet is shell code found inside another file, with its first line.
type snippet struct {
	text string
	line int
}

// dockerfileRuns returns the shell form of each RUN instruction of a
// Dockerfile, with backslash continuations joined. The exec form
// (RUN ["a", "b"]) is checked as a quoted command line.
func dockerfileRuns(text string) []snippet {
	var out []snippet
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if len(l) < 4 || !strings.EqualFold(l[:4], "RUN ") && !strings.EqualFold(l, "RUN") {
			continue
		}
		start := i + 1
		body := strings.TrimSpace(l[3:])
		for strings.HasSuffix(body, "\\") && i+1 < len(lines) {
			i++
			body = strings.TrimSuffix(body, "\\") + "\n" + lines[i]
		}
		// Flags such as --mount=… come before the command.
		for strings.HasPrefix(body, "--") {
			_, rest, _ := strings.Cut(body, " ")
			body = strings.TrimSpace(rest)
		}
		if strings.HasPrefix(body, "<<") {
			// A heredoc RUN: the body follows up to the delimiter.
			delim := strings.Trim(strings.TrimPrefix(strings.TrimPrefix(body, "<<"), "-"), `"' `)
			var sb strings.Builder
			for i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != delim {
				i++
				sb.WriteString(lines[i] + "\n")
			}
			i++
			out = append(out, snippet{sb.String(), start + 1})
			continue
		}
		if strings.HasPrefix(body, "[") {
			body = execForm(body)
		}
		out = append(out, snippet{body, start})
	}
	return out
}

// execForm turns ["sh", "-c", "x"] into a quoted command line.
func execForm(s string) string {
	s = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "["), "]")
	var parts []string
	for _, p := range strings.Split(s, "\",") {
		p = strings.TrimSpace(p)
		p = strings.Trim(p, "\"")
		p = strings.ReplaceAll(p, `\"`, `"`)
		parts = append(parts, p)
	}
	return quoteArgs(parts)
}

// workflowRuns returns the run: blocks of a GitHub Actions workflow: the
// single-line form and the | and > block forms.
func workflowRuns(text string) []snippet {
	var out []snippet
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		t := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "- "))
		v, ok := strings.CutPrefix(t, "run:")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		indent := len(l) - len(strings.TrimLeft(l, " "))
		if v == "" || strings.HasPrefix(v, "|") || strings.HasPrefix(v, ">") {
			folded := strings.HasPrefix(v, ">")
			start := i + 2
			var body []string
			blockIndent := -1
			for i+1 < len(lines) {
				n := lines[i+1]
				if strings.TrimSpace(n) == "" {
					body = append(body, "")
					i++
					continue
				}
				ni := len(n) - len(strings.TrimLeft(n, " "))
				if ni <= indent {
					break
				}
				if blockIndent < 0 {
					blockIndent = ni
				}
				body = append(body, n[min(blockIndent, ni):])
				i++
			}
			sep := "\n"
			if folded {
				sep = " "
			}
			out = append(out, snippet{strings.Join(body, sep), start})
			continue
		}
		if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
			v = v[1 : len(v)-1]
		}
		out = append(out, snippet{v, i + 1})
	}
	return out
}
