package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// TestProgress runs guardsh check over a directory with standard error on a
// real terminal (a pty): past progressAfter, text and gcc reports show a
// progress line there and erase it; JSON and SARIF never do, and neither
// does standard error that is not a terminal.
func TestProgress(t *testing.T) {
	t.Setenv("GUARDSH_TIRITH", "off")
	t.Setenv("TERM", "xterm")
	dir := t.TempDir()
	for i := 0; i < 5; i++ {
		os.WriteFile(filepath.Join(dir, "s"+string(rune('a'+i))+".sh"), []byte("#!/bin/sh\necho ok\n"), 0o644)
	}
	os.WriteFile(filepath.Join(dir, "z.sh"), []byte("#!/bin/sh\nrm -rf src\n"), 0o644)
	old := progressAfter
	progressAfter = 0
	defer func() { progressAfter = old }()

	run := func(onTTY bool, format string) (stderr, stdout string) {
		t.Helper()
		ptmx, tty, err := pty.Open()
		if err != nil {
			t.Fatal(err)
		}
		defer ptmx.Close()
		var out bytes.Buffer
		var errw io.Writer = new(bytes.Buffer)
		if onTTY {
			errw = tty
		}
		got := make(chan string)
		go func() {
			b, _ := io.ReadAll(ptmx)
			got <- string(b)
		}()
		runCheck(&env{stdin: strings.NewReader(""), stdout: &out, stderr: errw}, []string{"--format", format, dir})
		tty.Close()
		select {
		case s := <-got:
			if !onTTY {
				s = errw.(*bytes.Buffer).String()
			}
			return s, out.String()
		case <-time.After(5 * time.Second):
			t.Fatal("pty read did not end")
		}
		return "", ""
	}
	for _, format := range []string{"text", "gcc"} {
		errs, outs := run(true, format)
		if !strings.Contains(errs, "guardsh: checked ") || !strings.Contains(errs, " of 6 files") {
			t.Errorf("%s on a terminal: no progress line in %q", format, errs)
		}
		if !strings.HasSuffix(strings.TrimRight(errs, ""), "\r\x1b[K") {
			t.Errorf("%s: the progress line is not erased at the end: %q", format, errs)
		}
		if !strings.Contains(outs, "rm -rf src") {
			t.Errorf("%s: report lost: %q", format, outs)
		}
	}
	for _, format := range []string{"json", "sarif"} {
		if errs, _ := run(true, format); strings.Contains(errs, "checked") {
			t.Errorf("%s on a terminal shows progress: %q", format, errs)
		}
	}
	if errs, _ := run(false, "text"); errs != "" {
		t.Errorf("progress without a terminal: %q", errs)
	}
}
