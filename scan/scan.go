// Package scan finds the shell code in files that guardsh check reads: a
// script in the dialect of its #! line, the RUN instructions of a
// Dockerfile (joined as Docker joins them), the run: steps of a GitHub
// Actions workflow (with their shell: and ${{ … }} expressions). Each piece
// is a Snippet that knows the file line of every byte.
package scan

import (
	"path/filepath"
	"sort"
	"strings"
)

// A Snippet is shell code found in a file.
type Snippet struct {
	// Text is the code, as the shell will get it.
	Text string
	// Shell is its dialect ("bash", "zsh", …), "" for the caller's
	// default.
	Shell string
	// marks map offsets of Text to file lines: marks[i] is the first
	// offset of Text on file line lines[i].
	marks []int
	lines []int
}

// Line returns the file line (1-based) of the byte at offset off of Text.
func (s *Snippet) Line(off int) int {
	if len(s.marks) == 0 {
		return 1
	}
	i := sort.SearchInts(s.marks, off+1) - 1
	if i < 0 {
		i = 0
	}
	return s.lines[i]
}

// builder assembles a Snippet's text and its line marks.
type builder struct {
	sb    strings.Builder
	marks []int
	lines []int
}

// add appends text that comes from file line line.
func (b *builder) add(text string, line int) {
	if n := len(b.lines); n == 0 || b.lines[n-1] != line {
		b.marks = append(b.marks, b.sb.Len())
		b.lines = append(b.lines, line)
	}
	b.sb.WriteString(text)
}

func (b *builder) snippet(shell string) Snippet {
	return Snippet{Text: b.sb.String(), Shell: shell, marks: b.marks, lines: b.lines}
}

// Dialect returns the shell a script is written for: the one its #! line
// names (#!/bin/zsh, #!/usr/bin/env -S bash -e), else its extension's
// (.zsh, .ksh) or zsh's start-up file names (.zshrc, zprofile, …), else def, the --shell flag. sh, dash and ash scripts are
// read as bash, a superset: a bash-ism in a /bin/sh script is still
// checked.
func Dialect(name, text, def string) string {
	if strings.HasPrefix(text, "#!") {
		line, _, _ := strings.Cut(text[2:], "\n")
		if d := ShellOf(line); d != "" {
			return d
		}
	}
	switch filepath.Base(name) {
	case ".zshrc", ".zshenv", ".zprofile", ".zlogin", ".zlogout", "zshrc", "zshenv", "zprofile", "zlogin", "zlogout":
		return "zsh"
	}
	switch filepath.Ext(name) {
	case ".zsh":
		return "zsh"
	case ".ksh", ".mksh":
		return "mksh"
	case ".bash":
		return "bash"
	case ".fish":
		return "fish"
	}
	return def
}

// ShellOf maps a command line that runs a shell (the rest of a #! line, a
// workflow's shell:, a Dockerfile's SHELL) to a dialect, or "" when the
// program is not a shell guardsh parses.
func ShellOf(line string) string {
	f := strings.Fields(strings.TrimSuffix(line, "\r"))
	if len(f) == 0 {
		return ""
	}
	prog := filepath.Base(f[0])
	if prog == "env" {
		prog = ""
		for _, a := range f[1:] {
			if strings.HasPrefix(a, "-") || strings.Contains(a, "=") {
				continue
			}
			prog = filepath.Base(a)
			break
		}
	}
	switch strings.TrimSuffix(prog, ".exe") {
	case "zsh":
		return "zsh"
	case "ksh", "ksh93", "mksh", "pdksh":
		return "mksh"
	case "fish":
		return "fish"
	case "bash", "sh", "dash", "ash", "busybox":
		return "bash"
	}
	return ""
}
