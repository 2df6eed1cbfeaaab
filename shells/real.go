package shells

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

// ErrSelf is returned when the shell guardsh was told to run is guardsh
// itself: running it would loop forever.
var ErrSelf = errors.New("the real shell is guardsh itself")

// A Choice is the real shell guardsh will run, and where that came from.
type Choice struct {
	Path   string // absolute path of the executable
	Source string // "GUARDSH_SHELL", "config shell.path", or "default"
}

// Real picks the real shell: envShell ($GUARDSH_SHELL) if set, else
// configShell (the config's shell.path) if set, else bash, else sh, looked up
// in PATH and then in /usr/bin and /bin. An explicit choice that cannot be
// run, or that is guardsh itself, is an error: guardsh does not silently fall
// back to another shell. The defaults skip any candidate that is guardsh.
func Real(envShell, configShell string) (*Choice, error) {
	for _, c := range []struct{ name, source string }{
		{envShell, "GUARDSH_SHELL"},
		{configShell, "config shell.path"},
	} {
		if c.name == "" {
			continue
		}
		p, err := resolve(c.name)
		if err != nil {
			return nil, fmt.Errorf("%s=%q: %v", c.source, c.name, err)
		}
		if IsGuardsh(p) {
			return nil, fmt.Errorf("%s=%q: %w", c.source, c.name, ErrSelf)
		}
		return &Choice{Path: p, Source: c.source}, nil
	}
	var tried []string
	for _, name := range []string{"bash", "/usr/bin/bash", "/bin/bash", "sh", "/usr/bin/sh", "/bin/sh"} {
		p, err := resolve(name)
		if err != nil {
			continue
		}
		if IsGuardsh(p) {
			tried = append(tried, p+" (is guardsh)")
			continue
		}
		return &Choice{Path: p, Source: "default"}, nil
	}
	if len(tried) > 0 {
		return nil, fmt.Errorf("no bash or sh found that is not guardsh (tried %v): %w", tried, ErrSelf)
	}
	return nil, errors.New("no bash or sh found in PATH, /usr/bin or /bin")
}

// resolve finds an executable by name (in PATH) or path, and returns its
// absolute path.
func resolve(name string) (string, error) {
	p, err := exec.LookPath(name)
	if err != nil {
		return "", err
	}
	return filepath.Abs(p)
}

// self is the running executable; a variable so tests can point it at a
// copy of guardsh.
var self = func() (string, error) { return os.Executable() }

// IsGuardsh reports whether the executable at path is this very program: the
// same file (through any symbolic or hard link), or a copy of it (the same
// size and the same leading bytes, which hold the Go build id).
func IsGuardsh(path string) bool {
	me, err := self()
	if err != nil {
		return false
	}
	a, err := os.Stat(path)
	if err != nil {
		return false
	}
	b, err := os.Stat(me)
	if err != nil {
		return false
	}
	if os.SameFile(a, b) {
		return true
	}
	if a.Size() != b.Size() {
		return false
	}
	return sameHead(path, me)
}

// sameHead compares the first 8 KiB of two files.
func sameHead(p, q string) bool {
	const n = 8 << 10
	head := func(name string) []byte {
		f, err := os.Open(name)
		if err != nil {
			return nil
		}
		defer f.Close()
		b := make([]byte, n)
		k, _ := io.ReadFull(f, b)
		return b[:k]
	}
	x, y := head(p), head(q)
	return x != nil && bytes.Equal(x, y)
}
