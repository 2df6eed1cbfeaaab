package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
)

// MaxRead is the size limit of [ReadFile]: guardsh's own files (the config,
// sessions, pending approvals, markers) are far smaller.
const MaxRead = 1 << 20

// MaxUpdate is the size limit of the current content [Update] reads.
const MaxUpdate = 8 << 20

// ErrNotRegular is returned by [ReadFile] for a path that is not a regular
// file: a FIFO, a socket, a device or a directory.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is returned by [ReadFile] for a file over its size limit.
var ErrTooLarge = errors.New("file too large")

// ReadFile reads a small file that lives where others can write (the
// config, state files): it is opened with O_NONBLOCK, so a FIFO never
// blocks, checked with fstat to be a regular file, and read up to max bytes
// (MaxRead when max <= 0). A FIFO, a device, a directory or a file over the
// limit is an error wrapping [ErrNotRegular] or [ErrTooLarge]; a missing
// file is an error satisfying errors.Is(err, fs.ErrNotExist), as with
// os.ReadFile. Errors do not repeat the path.
func ReadFile(path string, max int64) ([]byte, error) {
	if max <= 0 {
		max = MaxRead
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, unwrapPathErr(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, unwrapPathErr(err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%w (%s)", ErrNotRegular, kind(st.Mode()))
	}
	if st.Size() > max {
		return nil, fmt.Errorf("%w (%d bytes, the limit is %d)", ErrTooLarge, st.Size(), max)
	}
	// The file may grow between fstat and read: read one byte more than the
	// limit to notice.
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, unwrapPathErr(err)
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%w (more than %d bytes)", ErrTooLarge, max)
	}
	return data, nil
}

// kind names a file type for an error message.
func kind(m os.FileMode) string {
	switch {
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a block device"
	case m.IsDir():
		return "a directory"
	}
	return "type " + m.Type().String()
}

// unwrapPathErr drops the path an *os.PathError repeats, keeping errors.Is.
func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
