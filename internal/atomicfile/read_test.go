package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	regular := filepath.Join(dir, "f")
	os.WriteFile(regular, []byte("hello"), 0o600)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big")
	os.WriteFile(big, make([]byte, 101), 0o600)
	link := filepath.Join(dir, "link")
	os.Symlink(regular, link)
	cases := []struct {
		name, path string
		want       string
		err        error
		msg        string
	}{
		{"regular", regular, "hello", nil, ""},
		{"symlink to a regular file", link, "hello", nil, ""},
		{"missing", filepath.Join(dir, "none"), "", fs.ErrNotExist, ""},
		{"fifo", fifo, "", ErrNotRegular, "a FIFO"},
		{"directory", dir, "", ErrNotRegular, "a directory"},
		{"/dev/zero", "/dev/zero", "", ErrNotRegular, "a character device"},
		{"/dev/null", "/dev/null", "", ErrNotRegular, "a character device"},
		{"too large", big, "", ErrTooLarge, "101 bytes, the limit is 100"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			done := make(chan struct{})
			var got []byte
			var err error
			go func() { got, err = ReadFile(c.path, 100); close(done) }()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("ReadFile blocked")
			}
			if c.err == nil {
				if err != nil || string(got) != c.want {
					t.Fatalf("got %q, %v", got, err)
				}
				return
			}
			if !errors.Is(err, c.err) {
				t.Fatalf("err = %v, want %v", err, c.err)
			}
			if !strings.Contains(err.Error(), c.msg) {
				t.Errorf("err = %q, want it to say %q", err, c.msg)
			}
		})
	}
}

// TestFIFONeverBlocks: Update and Append on a FIFO put where a state file
// belongs fail at once instead of waiting for a reader or a writer.
func TestFIFONeverBlocks(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pending.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for name, fn := range map[string]func() error{
		"Update": func() error { return Update(fifo, 0o600, func(old []byte) ([]byte, error) { return old, nil }) },
		"Append": func() error { return Append(fifo, []byte("x\n")) },
	} {
		done := make(chan error, 1)
		go func() { done <- fn() }()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%s on a FIFO succeeded", name)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s blocked on a FIFO", name)
		}
	}
}
