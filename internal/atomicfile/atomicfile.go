// Package atomicfile updates small files shared by many guardsh processes at
// once: every change takes an exclusive lock, and a rewrite replaces the file
// atomically, so no reader sees a torn file and no writer loses another's
// update.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

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
	return os.Rename(tmp.Name(), path)
}

// Append adds data to the end of path in one write, holding an exclusive lock
// on the file itself, so lines from concurrent processes never interleave.
// The file and its directory are created if missing (mode 0600 and 0700).
func Append(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	// O_NONBLOCK: a FIFO put in the file's place fails at once (ENXIO)
	// instead of blocking until someone reads it.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0o600)
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
	_, werr := f.Write(data)
	flock(f, unix.LOCK_UN)
	cerr := f.Close()
	if werr != nil {
		return werr
	}
	return cerr
}
