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
	// offset of Text on file line lines[i], at byte column cols[i] of that
	// line (0-based; -1 when the text there is not the file's, as for the
	// argv of an exec-form RUN). cols is nil when no column is known.
	marks []int
	lines []int
	cols  []int
	// Image is set for a Dockerfile's RUN step: its effects on local
	// files land in a layer of the image (check.Options.Image).
	Image bool
	// Privileged lists the RUN flags that give the step the host's
	// privileges or devices; such a step is no Image step.
	Privileged []Privilege
	// shown, when set, is the file's text for every finding of a snippet
	// guardsh made up: COPY --chmod=4755 x /usr/bin/x is checked as chmod
	// 4755 -- /usr/bin/x, and reported as the instruction.
	shown string
	// orig is Text as the file has it, when guardsh replaced parts of it
	// by words of the same length (a workflow's ${{ … }}); "" otherwise.
	// With segs, the pieces of Text mapped to it (values put in for
	// expressions, env: assignments written before the step).
	orig string
	segs []seg
	// Runner is set for a run: step of a job on a throwaway machine (a
	// GitHub-hosted runner, a job container): check.Options.Runner.
	// Persist lists the paths of that machine the job saves (caches,
	// artifacts): check.Options.Persist.
	Runner  bool
	Persist []string
	// Secrets names the env: variables of the step that hold secrets
	// (${{ secrets.X }}, ${{ github.token }}): check.Options.Secrets.
	Secrets []string
	// Why says how the step's machine was decided.
	Why string
}

// Original returns the file's own text for text, the part of Text from
// start to end: a workflow step's ${{ … }} expressions in place of their
// placeholder words. Any other text is returned unchanged.
func (s *Snippet) Original(start, end int, text string) string {
	if s.shown != "" {
		return s.shown
	}
	if s.segs != nil {
		if start < 0 || end > len(s.Text) || start > end || s.Text[start:end] != text {
			return text
		}
		return s.original(start, end, text)
	}
	if s.orig == "" || len(s.orig) != len(s.Text) || start < 0 || end > len(s.Text) || start > end || s.Text[start:end] != text {
		return text
	}
	return s.orig[start:end]
}

// Line returns the file line (1-based) of the byte at offset off of Text.
func (s *Snippet) Line(off int) int {
	line, _ := s.Pos(off)
	return line
}

// Pos returns the file line (1-based) and byte column (0-based) of the byte
// at offset off of Text; the column is -1 when it is not known.
func (s *Snippet) Pos(off int) (line, col int) {
	if len(s.marks) == 0 {
		return 1, -1
	}
	i := sort.SearchInts(s.marks, off+1) - 1
	if i < 0 {
		i = 0
	}
	col = -1
	if i < len(s.cols) && s.cols[i] >= 0 {
		col = max(0, s.cols[i]+off-s.marks[i])
	}
	return s.lines[i], col
}

// FileOffset returns the offset in the file of the byte at offset off of
// Text, given the offsets at which the file's lines start (LineStarts): a
// finding in a Dockerfile's RUN is reported where it is in the file. Where
// the column is not known, it is the start of the line.
func (s *Snippet) FileOffset(off int, starts []int) int {
	line, col := s.Pos(off)
	if line < 1 || line > len(starts) {
		return 0
	}
	return starts[line-1] + max(0, col)
}

// LineStarts returns the offset at which each line of text starts.
func LineStarts(text string) []int {
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// builder assembles a Snippet's text and its line marks.
type builder struct {
	sb    strings.Builder
	marks []int
	lines []int
	cols  []int
}

// add appends text that comes from file line line, starting at byte
// column col of it (-1: not the file's text).
func (b *builder) add(text string, line, col int) {
	if n := len(b.lines); n == 0 || b.lines[n-1] != line {
		b.marks = append(b.marks, b.sb.Len())
		b.lines = append(b.lines, line)
		b.cols = append(b.cols, col)
	}
	b.sb.WriteString(text)
}

func (b *builder) snippet(shell string) Snippet {
	return Snippet{Text: b.sb.String(), Shell: shell, marks: b.marks, lines: b.lines, cols: b.cols}
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
