// Package atomicfile updates small files shared by many guardsh processes at
// once: every change takes an exclusive lock, and a rewrite replaces the file
// atomically, so no reader sees a torn file and no writer loses another's
// update.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Lock takes an exclusive advisory lock on path+".lock", creating it and its
// directory if needed, and waits for other holders. The returned function
// releases the lock.
//
// The lock lives beside the file rather than on it, because [Update]
// replaces the file with a new inode.
func Lock(path string) (unlock func(), err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0o600)
	if err != nil {
		return nil, err
	}
	if err := flock(f, unix.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", f.Name(), err)
	}
	return func() {
		flock(f, unix.LOCK_UN)
		f.Close()
	}, nil
}

// flock retries on EINTR, which a signal can cause while waiting.
func flock(f *os.File, how int) error {
	for {
		err := unix.Flock(int(f.Fd()), how)
		if err != unix.EINTR {
			return err
		}
	}
}

// Update rewrites path under [Lock]: fn receives the current content (nil if
// the file does not exist) and returns the new content. The new content is
// written to a temporary file in the same directory, synced and renamed over
// path. If fn returns an error, nothing is written. A new file gets mode perm;
// an existing file keeps its mode.
func Update(path string, perm fs.FileMode, fn func(old []byte) ([]byte, error)) error {
	unlock, err := Lock(path)
	if err != nil {
		return err
	}
	defer unlock()
	old, err := ReadFile(path, MaxUpdate)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		old = nil
	case err != nil:
		return fmt.Errorf("%s: %w", path, err)
	default:
		if st, err := os.Stat(path); err == nil {
			perm = st.Mode().Perm()
		}
	}
	data, err := fn(old)
	if err != nil {
		return err
	}
	return WriteFile(path, data, perm)
}

// WriteFile writes data to a temporary file beside path and renames it over
// path, so readers see either the old or the new content. Callers that race
// with other writers must hold [Lock].
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	// A symlinked file (a dotfiles repository) is replaced at its target.
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op after a successful rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	CleanStale(path)
	return nil
}

// StaleAfter is the age after which a temporary file of WriteFile is taken
// for the leftover of a killed process: no write takes that long.
const StaleAfter = time.Minute

// CleanStale removes the temporary files WriteFile leaves beside path when
// a process is killed between creating and renaming one (.NAME.tmp*), once
// they are older than StaleAfter. It is best effort and touches nothing
// else: only regular files (or links) of that exact pattern.
func CleanStale(path string) {
	dir, base := filepath.Dir(path), filepath.Base(path)
	matches, err := filepath.Glob(filepath.Join(dir, "."+escapeGlob(base)+".tmp*"))
	if err != nil {
		return
	}
	cutoff := time.Now().Add(-StaleAfter)
	for _, m := range matches {
		st, err := os.Lstat(m)
		if err != nil || st.IsDir() || !st.ModTime().Before(cutoff) {
			continue
		}
		if st.Mode().IsRegular() || st.Mode()&os.ModeSymlink != 0 {
			os.Remove(m)
		}
	}
}

// escapeGlob quotes the glob characters of a file name.
func escapeGlob(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Append adds data to the end of path in one write, holding an exclusive lock
// on the file itself, so lines from concurrent processes never interleave.
// The file and its directory are created if missing (mode 0600 and 0700).
//
// Nothing is left half-written: data goes out in a single write(2), and if
// the disk takes only part of it (ENOSPC, a quota), the file is truncated
// back to where it was and the error returned. A file that does not end in a
// newline (torn by an older guardsh, or by a crash mid-write) gets one before
// data, so the next record starts on a line of its own.
func Append(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	// O_NONBLOCK: a FIFO put in the file's place fails at once (ENXIO)
	// instead of blocking until someone reads it.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0o600)
	if err != nil {
		return err
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, kind(st.Mode()))
		}
		return err
	}
	if err := flock(f, unix.LOCK_EX); err != nil {
		f.Close()
		return fmt.Errorf("lock %s: %w", path, err)
	}
	werr := appendLocked(f, data)
	flock(f, unix.LOCK_UN)
	cerr := f.Close()
	if werr != nil {
		return fmt.Errorf("append to %s: %w", path, werr)
	}
	return cerr
}

// writeOnce is write(2), once; tests replace it to simulate a full disk.
var writeOnce = func(f *os.File, b []byte) (int, error) {
	for {
		n, err := unix.Write(int(f.Fd()), b)
		if err == unix.EINTR && n <= 0 {
			continue
		}
		return max(n, 0), err
	}
}

// appendLocked appends data to f, which the caller has locked.
func appendLocked(f *os.File, data []byte) error {
	st, err := f.Stat()
	if err != nil {
		return err
	}
	size := st.Size()
	if size > 0 && len(data) > 0 && data[0] != '\n' {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, size-1); err == nil && last[0] != '\n' {
			data = append([]byte{'\n'}, data...)
		}
	}
	n, err := writeOnce(f, data)
	if err == nil && n < len(data) {
		err = io.ErrShortWrite
	}
	if err != nil {
		if n > 0 {
			// Take the partial record back: the file is as it was.
			if terr := f.Truncate(size); terr != nil {
				return fmt.Errorf("%w (and cannot truncate back: %v)", err, terr)
			}
		}
		return err
	}
	return nil
}
