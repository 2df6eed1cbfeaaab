package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

func TestUpdate(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a", "f")
	if err := Update(p, 0o640, func(old []byte) ([]byte, error) {
		if old != nil {
			t.Errorf("old = %q for a new file", old)
		}
		return []byte("one"), nil
	}); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v", st.Mode())
	}
	os.Chmod(p, 0o600)
	boom := errors.New("boom")
	if err := Update(p, 0o644, func(old []byte) ([]byte, error) { return []byte("two"), boom }); err != boom {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "one" {
		t.Fatalf("written despite the error: %q", b)
	}
	Update(p, 0o644, func(old []byte) ([]byte, error) { return append(old, " two"...), nil })
	if b, _ := os.ReadFile(p); string(b) != "one two" {
		t.Fatalf("got %q", b)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("an existing file's mode changed to %v", st.Mode())
	}
	// No temporary files are left behind.
	if es, _ := os.ReadDir(filepath.Dir(p)); len(es) != 2 { // f and f.lock
		t.Errorf("directory holds %d entries", len(es))
	}
}

func TestUpdateSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real")
	os.WriteFile(target, []byte("x"), 0o644)
	link := filepath.Join(dir, "link")
	os.Symlink(target, link)
	Update(link, 0o644, func(old []byte) ([]byte, error) { return append(old, 'y'), nil })
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink was replaced by a file")
	}
	if b, _ := os.ReadFile(target); string(b) != "xy" {
		t.Errorf("target: %q", b)
	}
}

func TestConcurrentUpdateAndAppend(t *testing.T) {
	dir := t.TempDir()
	counter := filepath.Join(dir, "counter")
	log := filepath.Join(dir, "log")
	var wg sync.WaitGroup
	const n = 50
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := Update(counter, 0o600, func(old []byte) ([]byte, error) {
				v, _ := strconv.Atoi(string(old))
				return []byte(strconv.Itoa(v + 1)), nil
			}); err != nil {
				t.Error(err)
			}
			line := fmt.Sprintf("%03d %s\n", i, strings.Repeat("z", 8000))
			if err := Append(log, []byte(line)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if b, _ := os.ReadFile(counter); string(b) != strconv.Itoa(n) {
		t.Errorf("counter = %s, want %d", b, n)
	}
	b, _ := os.ReadFile(log)
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != n {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines {
		if len(l) != 8004 {
			t.Fatalf("torn line of %d bytes", len(l))
		}
	}
}
