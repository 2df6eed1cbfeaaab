package parse

import (
	"regexp"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/payload"
)

// Deletions that interpreter code spells as a loop or a glob rather than one
// call the source scanner knows: Python's os.walk(ROOT) with os.remove,
// os.unlink, os.rmdir or shutil.rmtree on what it yields deletes ROOT's
// tree; Perl's unlink glob("PAT") deletes what PAT matches. (R's unlink
// and file.remove are read by payload.CallLines.)

var (
	treeOnce sync.Once
	walkRe   *regexp.Regexp
	perlGlob *regexp.Regexp
)

func treePatterns() {
	treeOnce.Do(func() {
		walkRe = regexp.MustCompile(`os\.walk\(\s*(?:r?"([^"]*)"|r?'([^']*)')`)
		perlGlob = regexp.MustCompile(`unlink\s*\(?\s*(?:glob\s*\(?\s*(?:"([^"]*)"|'([^']*)')|<([^>]*)>)`)
	})
}

// treeDeletes returns the deletions of loops and globs in code of lang.
func treeDeletes(lang payload.Lang, code string) []payload.Delete {
	switch lang {
	case payload.LangPython:
		if !strings.Contains(code, "os.walk") {
			return nil
		}
		if !strings.Contains(code, "os.remove") && !strings.Contains(code, "os.unlink") && !strings.Contains(code, "rmtree") && !strings.Contains(code, "os.rmdir") {
			return nil
		}
		treePatterns()
		var out []payload.Delete
		for _, m := range walkRe.FindAllStringSubmatch(code, 8) {
			out = append(out, payload.Delete{Call: "os.walk + remove", Target: m[1] + m[2], Recursive: true, Static: true})
		}
		return out
	case payload.LangPerl:
		if !strings.Contains(code, "unlink") {
			return nil
		}
		treePatterns()
		var out []payload.Delete
		for _, m := range perlGlob.FindAllStringSubmatch(code, 8) {
			out = append(out, payload.Delete{Call: "unlink glob", Target: m[1] + m[2] + m[3], Static: true})
		}
		return out
	}
	return nil
}

// awkRunsLines reports an awk program that runs each input line as a
// command: {system($0)}, {print | "sh"}, {print $0 | "bash"}.
func awkRunsLines(prog string) bool {
	s := strings.Join(strings.Fields(prog), "")
	if strings.Contains(s, "system($0)") {
		return true
	}
	for _, sh := range []string{`|"sh"`, `|"bash"`, `|"/bin/sh"`, `|"/bin/bash"`, `|"dash"`, `|"zsh"`} {
		if strings.Contains(s, "print"+sh) || strings.Contains(s, "print$0"+sh) {
			return true
		}
	}
	return false
}

// awkInput returns awk's input when it is known: static standard input,
// or files the line wrote.
func (p *parser) awkInput(c *Command, args []Word) (string, bool) {
	var files []Word
	seenProg := false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if !seenProg {
			if v == "-F" || v == "-v" || v == "-f" {
				i++
				continue
			}
			if strings.HasPrefix(v, "-") {
				continue
			}
			seenProg = true
			continue
		}
		if !strings.Contains(v, "=") {
			files = append(files, args[i])
		}
	}
	if len(files) == 0 {
		return c.StdinText, c.StdinStatic
	}
	var sb strings.Builder
	for _, f := range files {
		s := p.vars.files.open(c.Dir, f.Value, false)
		if !f.Static || !s.found || !s.static {
			return "", false
		}
		sb.WriteString(s.text)
	}
	return sb.String(), true
}
