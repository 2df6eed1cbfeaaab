package scan

import (
	"encoding/json"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// Dockerfile returns the shell code of each RUN instruction (also ONBUILD
// RUN) of a Dockerfile, read as Docker reads it:
//   - CRLF line ends are plain line ends;
//   - a parser directive # escape=` at the top changes the escape character;
//   - a line ending in the escape character continues on the next line, the
//     escape and the line end removed; comment lines and empty lines inside
//     the continued instruction are dropped;
//   - RUN flags (--mount=…, --network=…) are not part of the command;
//   - the exec form RUN ["sh", "-c", "…"] is the argv it names;
//   - a heredoc RUN <<EOF runs its body; RUN cmd <<EOF gives cmd the body;
//   - SHELL ["bash", "-o", "pipefail", "-c"] changes the shell of later
//     RUNs, and a SHELL that is not a POSIX shell (powershell, cmd) gets the
//     command as its argument;
//   - each RUN is an image step (Snippet.Image), unless a flag gives it
//     the host's privileges or devices (Snippet.Privileged).
func Dockerfile(text string) []Snippet {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	escape := byte('\\')
	i := 0
	// Parser directives: only before anything else.
	for ; i < len(lines); i++ {
		m := directive().FindStringSubmatch(lines[i])
		if m == nil {
			break
		}
		if strings.EqualFold(m[1], "escape") && len(m[2]) == 1 {
			escape = m[2][0]
		}
	}
	shell := []string{"/bin/sh", "-c"}
	starts := LineStarts(text)
	var out []Snippet
	for ; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if l == "" || l[0] == '#' {
			continue
		}
		start := i + 1
		// Join the continued lines, as Docker does.
		var b builder
		cur := strings.TrimLeft(lines[i], " \t")
		line, col := i+1, len(lines[i])-len(cur)
		for {
			t := strings.TrimRight(cur, " \t")
			if len(t) == 0 || t[len(t)-1] != escape || i+1 >= len(lines) {
				b.add(cur, line, col)
				break
			}
			b.add(t[:len(t)-1], line, col)
			i++
			for i < len(lines) && i+1 < len(lines) && isSkipped(lines[i]) {
				i++
			}
			cur, line, col = lines[i], i+1, 0
		}
		inst := b.snippet("")
		word, rest := cutWord(inst.Text)
		if strings.EqualFold(word, "ONBUILD") {
			word, rest = cutWord(rest)
		}
		restOff := len(inst.Text) - len(rest)
		switch strings.ToUpper(word) {
		case "COPY", "ADD":
			if strings.EqualFold(word, "ADD") && strings.Contains(rest, "://") {
				if s, ok := addURL(&inst, rest, restOff); ok {
					out = append(out, s) // verify: a remote source is a download
					continue
				}
			}
			if s, ok := copyChmod(&inst, rest, restOff); ok {
				out = append(out, s)
			}
		case "SHELL":
			var argv []string
			if json.Unmarshal([]byte(strings.TrimSpace(rest)), &argv) == nil && len(argv) > 0 {
				shell = argv
			}
		case "RUN":
			body := rest
			image := true
			var privileged []Privilege
			// Flags such as --mount=… come before the command.
			for {
				t := strings.TrimLeft(body, " \t")
				if !strings.HasPrefix(t, "--") {
					body = t
					break
				}
				flag, r, _ := strings.Cut(t, " ")
				if runPrivileged(flag) {
					image = false
					at := restOff + len(rest) - len(t)
					privileged = append(privileged, inst.privilege(flag, at, starts, text))
				}
				body = r
			}
			off := restOff + len(rest) - len(body)
			if strings.HasPrefix(body, "[") {
				var argv []string
				if json.Unmarshal([]byte(strings.TrimSpace(body)), &argv) == nil {
					out = append(out, Snippet{Text: QuoteArgs(argv), Shell: "bash", marks: []int{0}, lines: []int{inst.Line(off)}, Image: image, Privileged: privileged})
					continue
				}
			}
			var sb builder
			for k, m := range inst.marks {
				if k+1 < len(inst.marks) && inst.marks[k+1] <= off {
					continue
				}
				from := max(m, off)
				to := len(inst.Text)
				if k+1 < len(inst.marks) {
					to = inst.marks[k+1]
				}
				sb.add(inst.Text[from:to], inst.lines[k], inst.cols[k]+from-m)
			}
			// Heredocs: their bodies follow the instruction.
			docs := heredocs(body, lines[i+1:])
			if len(docs) > 0 {
				// Only a RUN that is nothing but its heredoc runs the
				// body as a script; RUN <<EOF cat > /etc/x gives cat
				// the body, as a shell would.
				script := strings.HasPrefix(strings.TrimSpace(body), "<<") && (len(docs) > 1 || strings.TrimSpace(body) == docs[0][0])
				if script && len(docs) == 1 {
					sb = builder{}
				}
				for _, d := range docs {
					dash, delim := d[1] == "-", d[3]
					if !script || len(docs) > 1 {
						sb.add("\n", i+1, -1)
					}
					for i+1 < len(lines) {
						i++
						t := lines[i]
						if dash {
							t = strings.TrimLeft(t, "\t")
						}
						if t == delim {
							if !script || len(docs) > 1 {
								sb.add(lines[i], i+1, 0)
							}
							break
						}
						sb.add(lines[i]+"\n", i+1, 0)
					}
				}
			}
			s := sb.snippet("")
			if d := ShellOf(strings.Join(shell, " ")); d != "" {
				s.Shell = d
				if strings.HasPrefix(s.Text, "#!") {
					first, _, _ := strings.Cut(s.Text[2:], "\n")
					if d := ShellOf(first); d != "" {
						s.Shell = d
					}
				}
			} else {
				// powershell -Command, cmd /S /C: the command is
				// their argument.
				s = Snippet{Text: QuoteArgs(append(append([]string(nil), shell...), s.Text)), Shell: "bash", marks: []int{0}, lines: []int{start}}
			}
			s.Image, s.Privileged = image, privileged
			if strings.TrimSpace(s.Text) != "" || len(privileged) > 0 {
				out = append(out, s)
			}
		}
	}
	return out
}

var (
	directive = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^#\s*([a-zA-Z]+)\s*=\s*(\S+)\s*$`) })
	heredoc   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`<<(-?)\s*(["']?)([A-Za-z_][A-Za-z0-9_]*)["']?`) })
)

// heredocs returns the heredoc markers of a RUN command (<<EOF, <<-'EOF'),
// each as [match, dash, quote, delimiter], when the lines after it hold the
// delimiter; a << inside a word or a here-string <<< is none.
func heredocs(body string, after []string) [][]string {
	var out [][]string
	for _, ix := range heredoc().FindAllStringSubmatchIndex(body, -1) {
		if ix[0] > 0 && body[ix[0]-1] == '<' || ix[0]+2 < len(body) && body[ix[0]+2] == '<' {
			continue
		}
		m := []string{body[ix[0]:ix[1]], body[ix[2]:ix[3]], body[ix[4]:ix[5]], body[ix[6]:ix[7]]}
		found := false
		for _, l := range after {
			if l == m[3] || m[1] == "-" && strings.TrimLeft(l, "\t") == m[3] {
				found = true
				break
			}
		}
		if found {
			out = append(out, m)
		}
	}
	return out
}

// isSkipped reports whether a line inside a continued instruction is
// dropped: a comment line or an empty line.
func isSkipped(l string) bool {
	t := strings.TrimSpace(l)
	return t == "" || t[0] == '#'
}

func cutWord(s string) (string, string) {
	s = strings.TrimLeft(s, " \t")
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i:]
}

// QuoteArgs joins argv parts as a shell would need them written, so that
// the shell splits the line back into the same parts.
func QuoteArgs(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		q, err := syntax.Quote(a, syntax.LangBash)
		if err != nil {
			q = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		parts[i] = q
	}
	return strings.Join(parts, " ")
}

// A Privilege is a RUN flag that gives the step more than a build
// container: --security=insecure (with docker build --allow
// security.insecure the step runs with every capability, and can reach
// the host's devices and kernel) or --device (a host device in the
// container).
type Privilege struct {
	Flag string // as written
	// Line is its file line; Col its column (1-based, in characters);
	// Start and End its offsets in the file.
	Line, Col, Start, End int
}

// runPrivileged reports a RUN flag that gives the step the host's
// privileges or devices.
func runPrivileged(flag string) bool {
	name, val, _ := strings.Cut(flag, "=")
	switch strings.ToLower(name) {
	case "--security":
		return !strings.EqualFold(strings.Trim(val, `"'`), "sandbox")
	case "--device":
		return true
	}
	return false
}

// privilege locates a RUN flag found at offset at of the instruction s.
func (s *Snippet) privilege(flag string, at int, starts []int, text string) Privilege {
	p := Privilege{Flag: flag, Line: s.Line(at)}
	p.Start = s.FileOffset(at, starts)
	p.End = min(p.Start+len(flag), len(text))
	if p.Line >= 1 && p.Line <= len(starts) && starts[p.Line-1] <= p.Start {
		p.Col = utf8.RuneCountInString(text[starts[p.Line-1]:p.Start]) + 1
	}
	return p
}

// copyChmod reads COPY --chmod=MODE … DEST (ADD too) as the chmod MODE --
// DEST it amounts to, an image step: a setuid or world-writable mode ships
// as it does from RUN chmod. The snippet points at the flag and shows the
// instruction.
func copyChmod(inst *Snippet, rest string, restOff int) (Snippet, bool) {
	flags, offs, body := copyFlags(rest, restOff)
	mode, at := "", -1
	for i, flag := range flags {
		if m, ok := strings.CutPrefix(flag, "--chmod="); ok {
			mode, at = strings.Trim(m, `"'`), offs[i]
		}
	}
	if mode == "" {
		return Snippet{}, false
	}
	words, ok := copyWords(body)
	if !ok {
		return Snippet{}, false
	}
	line, col := inst.Pos(at)
	return Snippet{Text: QuoteArgs([]string{"chmod", mode, "--", words[len(words)-1]}), Shell: "bash",
		marks: []int{0}, lines: []int{line}, cols: []int{col}, Image: true,
		shown: strings.TrimSpace(inst.Text)}, true
}

// copyFlags splits what follows a COPY or ADD keyword into its --flags,
// each with its offset in the file, and the rest: sources and destination.
func copyFlags(rest string, restOff int) (flags []string, offs []int, body string) {
	body = rest
	for {
		t := strings.TrimLeft(body, " \t")
		if !strings.HasPrefix(t, "--") {
			return flags, offs, t
		}
		flag, r, _ := strings.Cut(t, " ")
		flags, offs = append(flags, flag), append(offs, restOff+len(rest)-len(t))
		body = r
	}
}

// copyWords returns a COPY's or ADD's sources and destination, at least
// two: its JSON array form, or the words of its first line (heredoc
// sources, COPY <<EOF /x, follow that line).
func copyWords(body string) ([]string, bool) {
	var words []string
	if strings.HasPrefix(body, "[") {
		if json.Unmarshal([]byte(strings.TrimSpace(body)), &words) != nil {
			return nil, false
		}
	} else {
		first, _, _ := strings.Cut(body, "\n")
		words = strings.Fields(first)
	}
	return words, len(words) >= 2
}
