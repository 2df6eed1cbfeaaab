package parse

import (
	"regexp"
	"strings"
	"sync"
)

// make checks the recipes make runs from a makefile guardsh can read: one
// on standard input (make -f - <<< …, make -f /dev/stdin), text given with
// --eval, or a makefile the line wrote (printf 'all:\n\trm -rf ~' >
// Makefile; make). A makefile already in the directory is the project's
// own build and is not read.
func (p *parser) make(c *Command, name string, args []Word) {
	var texts []string
	static := true
	named := false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		val, opt := "", ""
		switch {
		case v == "-f" || v == "--file" || v == "--makefile" || v == "--eval":
			if i+1 >= len(args) {
				continue
			}
			opt, val = v, args[i+1].Value
			static = static && args[i+1].Static
			i++
		case strings.HasPrefix(v, "--eval=") || strings.HasPrefix(v, "--file=") || strings.HasPrefix(v, "--makefile="):
			opt, val, _ = strings.Cut(v, "=")
			static = static && args[i].Static
		case strings.HasPrefix(v, "-f") && len(v) > 2:
			opt, val = "-f", v[2:]
		default:
			continue
		}
		if opt == "--eval" {
			texts = append(texts, val)
			continue
		}
		named = true
		switch val {
		case "-", "/dev/stdin", "/proc/self/fd/0", "/dev/fd/0":
			if c.StdinStatic {
				texts = append(texts, c.StdinText)
			} else if src := stdinSource(c); src != "" && src != "tty" && src != "file" {
				c.CodeSource, c.CodeDetail = src, name+" -f -"
			}
		default:
			if s := p.vars.files.open(c.Dir, val, false); s.found {
				if !s.static {
					c.fileCode(originOf(s.origin), name+" -f "+s.where+": "+s.why)
				}
				texts = append(texts, s.text)
			}
		}
	}
	if !named {
		for _, mf := range []string{"GNUmakefile", "makefile", "Makefile"} {
			if s := p.vars.files.open(c.Dir, mf, false); s.found {
				if !s.static {
					c.fileCode(originOf(s.origin), name+": "+s.why)
				}
				texts = append(texts, s.text)
				break
			}
		}
	}
	if !static {
		c.CodeSource, c.CodeDetail = "dynamic", name+" --eval"
		return
	}
	for _, t := range texts {
		for _, r := range makeRecipes(t) {
			p.payload(name+" recipe", r, Word{Value: r, Static: true, Start: c.Start, End: c.End}, c.Line, false)
		}
	}
}

var makeVar = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\(([A-Za-z_][A-Za-z0-9_]*)\)`) })

// makeRecipes returns the shell commands of a makefile's recipes (lines
// that start with a tab, without their @, - and + prefixes) and of its
// $(shell …) calls, with make's $$ as $ and $(VAR) as ${VAR}.
func makeRecipes(text string) []string {
	var out []string
	for _, line := range strings.Split(strings.ReplaceAll(text, "\\\n", " "), "\n") {
		if rest, ok := strings.CutPrefix(line, "\t"); ok {
			rest = strings.TrimLeft(rest, "@-+ \t")
			if rest != "" && !strings.HasPrefix(rest, "#") {
				out = append(out, makeShell(rest))
			}
			continue
		}
		// A rule with its recipe after a semicolon: all: ; rm -rf ~
		if i := strings.Index(line, ":"); i > 0 && !strings.Contains(line[:i], "=") {
			if _, recipe, ok := strings.Cut(line[i:], ";"); ok && strings.TrimSpace(recipe) != "" {
				out = append(out, makeShell(strings.TrimLeft(recipe, "@-+ \t")))
			}
		}
		for rest := line; ; {
			j := strings.Index(rest, "$(shell ")
			if j < 0 {
				break
			}
			body, depth := rest[j+8:], 1
			k := 0
			for ; k < len(body) && depth > 0; k++ {
				switch body[k] {
				case '(':
					depth++
				case ')':
					depth--
				}
			}
			out = append(out, makeShell(strings.TrimSuffix(body[:k], ")")))
			rest = body[k:]
		}
		if len(out) > 256 {
			break
		}
	}
	return out
}

func makeShell(s string) string {
	s = makeVar().ReplaceAllString(s, "$${$1}")
	return strings.ReplaceAll(s, "$$", "$")
}
