package parse

import (
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file keeps, for a variable whose text came from a download, a
// decoder or a command's output, where it came from, so that a finding on
// the code it runs can say which: "eval runs $x, which holds a download
// (curl https://x/i.sh, line 3)".

// setFrom records where the text of dynamic variable name comes from; ""
// forgets it.
func (v *vars) setFrom(name, desc string) {
	if desc == "" {
		v.from.del(name)
		return
	}
	v.from.set(name, desc)
}

// noteFrom remembers, for the word being expanded, the variable of the
// worst origin whose text's source is known.
func (r *resolver) noteFrom(name, origin string) {
	d, ok := r.vars.from.get(name)
	if !ok {
		return
	}
	if r.from != "" && originRank()[origin] <= originRank()[r.fromOrigin] {
		return
	}
	r.from, r.fromOrigin = "$"+short(name)+", which holds "+d, origin
}

// fromValue describes where the text of an assigned dynamic value comes
// from, from its one command substitution: "a download (curl
// https://x/i.sh, line 3)", "decoded text (base64 -d)", "the output of f";
// "" when it has none. The line is named in a file only.
func (p *parser) fromValue(v Word, line int) string {
	if v.Static || v.Subst == "" {
		return ""
	}
	at := ""
	if p.opts.File && line > 0 {
		at = ", line " + strconv.Itoa(line)
	}
	return describeOutput(v.Origin, v.Subst, at)
}

// describeOutput says what the output of code holds, for origin: "a
// download (curl https://x/i.sh)", "decoded text (base64 -d)", "the
// output of f"; "" for a local tool's output. at is appended inside
// the brackets (", line 3").
func describeOutput(origin, code, at string) string {
	switch origin {
	case "network":
		if what := substDownload(code); what != "" {
			return "a download (" + what + at + ")"
		}
		return "the output of " + short(code) + at + ", which comes from the network"
	case "decoder":
		for _, stage := range strings.Split(code, "|") {
			if f := strings.Fields(stage); len(f) > 0 && decoders()[path.Base(f[0])] {
				// The decoder and its options: base64 -d, xxd -r -p.
				n := 1
				for n < len(f) && strings.HasPrefix(f[n], "-") && !strings.ContainsAny(f[n], "<>$") {
					n++
				}
				return "decoded text (" + short(strings.Join(append([]string{path.Base(f[0])}, f[1:n]...), " ")) + at + ")"
			}
		}
		return "decoded text (" + short(code) + at + ")"
	case "local", "":
		return ""
	}
	return "the output of " + short(code) + at
}

// substDownload names the download in the code of a command
// substitution: the network tool and its first URL ("curl
// https://x/i.sh"), or "" when no network tool is named.
func substDownload(code string) string {
	stages := strings.FieldsFunc(code, func(r rune) bool { return r == '|' || r == ';' || r == '&' || r == '\n' })
	for _, stage := range stages {
		tool, url, ref := "", "", ""
		for _, f := range strings.Fields(stage) {
			f = strings.Trim(f, `"'`)
			switch {
			case tool == "":
				if networkTools()[path.Base(f)] {
					tool = path.Base(f)
				}
			case url == "" && strings.Contains(f, "://"):
				url = f
			case ref == "" && strings.HasPrefix(f, "$"):
				ref = f
			}
		}
		switch {
		case tool == "":
			continue
		case url != "":
			return tool + " " + short(url)
		case ref != "":
			return tool + " " + short(ref)
		}
		return tool
	}
	return ""
}

// short cuts text for a reason to at most 60 bytes, without the control
// and invisible characters it may hold (the reason shows input text).
func short(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		cut := 57
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		return s[:cut] + "..."
	}
	return s
}

// CodeFrom says, for a command with a CodeSource, which variable held the
// code it runs and where that text came from, in words for a finding's
// reason: "eval runs $x, which holds a download (curl https://x, line
// 3)"; "" when not known. It reads the command's words and those of the
// commands feeding its input.
func (c *Command) CodeFrom() string {
	if c.CodeSource == "" || len(c.Args) == 0 {
		return ""
	}
	if c.codeFrom != "" {
		return c.codeFrom
	}
	for s := c; s != nil; s = s.StdinFrom {
		for _, w := range s.Args {
			if w.From != "" && origin(w) == c.CodeSource {
				return c.Name() + " runs " + w.From
			}
		}
	}
	for _, w := range c.Args {
		if w.Subst != "" && origin(w) == c.CodeSource {
			if d := describeOutput(c.CodeSource, w.Subst, ""); d != "" {
				return c.Name() + " runs " + d
			}
		}
	}
	if s := c.StdinFrom; s != nil && len(s.Args) > 0 && c.CodeSource != "dynamic" {
		var text []string
		for _, a := range s.Args {
			text = append(text, a.Value)
		}
		if d := describeOutput(c.CodeSource, strings.Join(text, " "), ""); d != "" && !strings.HasPrefix(d, "the output") {
			return c.Name() + " reads " + d
		}
	}
	return ""
}

// fromCommand describes what c writes to a file, for origin: "a download
// (curl https://x/i.sh, line 3)"; "" for other origins.
func (p *parser) fromCommand(c *Command, origin string) string {
	if origin != "network" && origin != "decoder" {
		return ""
	}
	var text []string
	for _, a := range c.Args {
		text = append(text, a.Value)
	}
	at := ""
	if p.opts.File && c.Line > 0 {
		at = ", line " + strconv.Itoa(c.Line)
	}
	return describeOutput(origin, strings.Join(text, " "), at)
}

// fileFrom names, in c's reason, the file whose content c runs and what
// wrote it, when the file's code is what c.CodeSource says.
func (c *Command) fileFrom(s script) {
	if s.from == "" || originOf(s.origin) != c.CodeSource || len(c.Args) == 0 {
		return
	}
	name := strings.TrimSuffix(s.where, " (written by this line)")
	if strings.Contains(path.Base(name), "XXXXXX") {
		name = "the file mktemp made" // its modelled name means nothing to a reader
	}
	c.codeFrom = c.Name() + " runs " + short(name) + ", which holds " + s.from
}
