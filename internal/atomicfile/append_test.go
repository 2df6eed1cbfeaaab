package atomicfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// validLines fails unless every line of path is a JSON object and the file
// ends in a newline.
func validLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 0 && b[len(b)-1] != '\n' {
		t.Errorf("%s does not end in a newline: …%q", path, b[max(0, len(b)-40):])
	}
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if l == "" {
			continue
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Errorf("line %q is not a record: %v", l[:min(len(l), 60)], err)
		}
		out = append(out, l)
	}
	return out
}

func record(n int, pad int) []byte {
	b, _ := json.Marshal(map[string]any{"n": n, "pad": strings.Repeat("x", pad)})
	return append(b, '\n')
}

// TestAppendShortWrite: a write the disk takes only part of is taken back
// (review §17), with a fake write(2) that stops halfway.
func TestAppendShortWrite(t *testing.T) {
	p := filepath.Join(t.TempDir(), "audit.jsonl")
	if err := Append(p, record(1, 10)); err != nil {
		t.Fatal(err)
	}
	real := writeOnce
	t.Cleanup(func() { writeOnce = real })
	for _, fail := range []func(f *os.File, b []byte) (int, error){
		func(f *os.File, b []byte) (int, error) { n, _ := real(f, b[:len(b)/2]); return n, nil },            // short, no error
		func(f *os.File, b []byte) (int, error) { n, _ := real(f, b[:len(b)/2]); return n, syscall.ENOSPC }, // short, ENOSPC
		func(f *os.File, b []byte) (int, error) { return 0, syscall.ENOSPC },                                // nothing
	} {
		writeOnce = fail
		err := Append(p, record(2, 200))
		if err == nil || !(errors.Is(err, io.ErrShortWrite) || errors.Is(err, syscall.ENOSPC)) {
			t.Errorf("err = %v, want a short write or ENOSPC", err)
		}
		if got := validLines(t, p); len(got) != 1 {
			t.Errorf("after a failed append: %d records, want the 1 there was", len(got))
		}
	}
	writeOnce = real
	if err := Append(p, record(3, 10)); err != nil {
		t.Fatal(err)
	}
	if got := validLines(t, p); len(got) != 2 {
		t.Errorf("%d records, want 2", len(got))
	}
}

// TestAppendAfterTornLine: a file torn by an older version (no newline at
// the end) gets one before the next record, which is then readable.
func TestAppendAfterTornLine(t *testing.T) {
	p := filepath.Join(t.TempDir(), "audit.jsonl")
	os.WriteFile(p, append(record(1, 5), `{"n":2,"rules":["rm-root"],"`...), 0o600)
	if err := Append(p, record(3, 5)); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[2], `{"n":3`) {
		t.Errorf("lines %q: the new record must be a line of its own", lines)
	}
}

// TestAppendFullDisk reproduces review §17 on a real file system: a 64 KiB
// tmpfs, filled, then an append that does not fit. It needs root to mount
// the tmpfs; TestAppendShortWrite covers the same path everywhere.
func TestAppendFullDisk(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Log("not root: no tmpfs to fill; TestAppendShortWrite covers the short write")
		return
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Logf("cannot mount a tmpfs (%v: %s); TestAppendShortWrite covers the short write", err, bytes.TrimSpace(out))
		return
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	p := filepath.Join(dir, "audit.jsonl")
	n := 0
	for ; ; n++ {
		if err := Append(p, record(n, 300)); err != nil {
			if !errors.Is(err, syscall.ENOSPC) && !errors.Is(err, io.ErrShortWrite) {
				t.Fatalf("append %d: %v", n, err)
			}
			break
		}
		if n > 10000 {
			t.Fatal("the 64 KiB tmpfs never filled")
		}
	}
	before := validLines(t, p)
	if len(before) != n {
		t.Errorf("%d records after %d appends and a failed one", len(before), n)
	}
	// A bigger record fails too; the file stays as it was.
	if err := Append(p, record(-1, 9000)); err == nil {
		t.Error("a 9 KB record fit on a full disk")
	}
	if got := validLines(t, p); len(got) != n {
		t.Errorf("%d records after the second failure, want %d", len(got), n)
	}
	// Space freed: the next record is a line of its own.
	st, _ := os.Stat(p)
	if err := os.Truncate(p, st.Size()/2); err != nil { // frees pages, and tears the last line
		t.Fatal(err)
	}
	if err := Append(p, record(99999, 10)); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, `{"n":99999`) {
		t.Errorf("the record after freeing space is glued to a torn line: %q", last[:min(60, len(last))])
	}
}

// TestCleanStale: temporary files left by a killed process beside a file
// are removed at its next write, once older than a minute; a fresh one (a
// writer at work) and other files are kept (review §20).
func TestCleanStale(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "pending.json")
	old := time.Now().Add(-2 * StaleAfter)
	stale := []string{".pending.json.tmp123", ".pending.json.tmp9"}
	keep := []string{".pending.json.tmpfresh", ".sessions.json.tmp1", "pending.json.tmp1", ".pending.jsonx.tmp1", "notes"}
	for _, n := range append(append([]string{}, stale...), keep...) {
		os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o600)
		if n != ".pending.json.tmpfresh" {
			os.Chtimes(filepath.Join(dir, n), old, old)
		}
	}
	if err := Update(p, 0o600, func([]byte) ([]byte, error) { return []byte("{}"), nil }); err != nil {
		t.Fatal(err)
	}
	for _, n := range stale {
		if _, err := os.Lstat(filepath.Join(dir, n)); err == nil {
			t.Errorf("%s is still there", n)
		}
	}
	for _, n := range keep {
		if _, err := os.Lstat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s was removed", n)
		}
	}
}
