package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/guardsh/guardsh/check"
)

// batchRun runs the real guardsh check --batch with stdin and returns its
// results, exit code, peak RSS in MiB and wall time.
func batchRun(t *testing.T, stdin io.Reader) (results []check.Result, code int, rssMiB int64, took time.Duration) {
	t.Helper()
	bin, err := exec.LookPath("guardsh")
	if err != nil {
		t.Fatal(err)
	}
	dir, environ := home(t)
	cmd := exec.Command(bin, "check", "--batch")
	cmd.Dir, cmd.Env, cmd.Stdin = dir, environ, stdin
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	t0 := time.Now()
	err = cmd.Run()
	took = time.Since(t0)
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r check.Result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("result %q: %v", sc.Text(), err)
		}
		results = append(results, r)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rssMiB = ru.Maxrss >> 10
	}
	if stderr.Len() > 0 {
		t.Logf("stderr: %s", stderr.String())
	}
	return results, cmd.ProcessState.ExitCode(), rssMiB, took
}

// longLine is a batch line of about n bytes: {"cmd":"echo aaaa…"}.
func longLine(n int) io.Reader {
	return io.MultiReader(strings.NewReader(`{"cmd":"echo `), io.LimitReader(repeatByte('a'), int64(n)), strings.NewReader("\"}\n"))
}

type repeatByte byte

func (b repeatByte) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(b)
	}
	return len(p), nil
}

// TestBatchLongLine is the review's reproduction (9f75968, other
// observations): a line over 8 MiB stopped the whole batch with "token too
// long", and a later rm -rf / got no result. Now that line alone gets an
// ask with an input-limit finding, and every later line its own result.
func TestBatchLongLine(t *testing.T) {
	var first int64
	for _, size := range []int{maxBatchLine + 1, 9 << 20, 64 << 20} {
		in := io.MultiReader(strings.NewReader(`{"cmd":"ls"}`+"\n"), longLine(size),
			strings.NewReader(`{"cmd":"rm -rf /"}`+"\n"), longLine(size), strings.NewReader(`{"cmd":"echo hi"}`))
		res, code, rss, took := batchRun(t, in)
		t.Logf("two lines of %d bytes: exit %d, %d results, peak RSS %d MiB, %v", size, code, len(res), rss, took)
		if len(res) != 5 {
			t.Fatalf("%d results, want 5: %+v", len(res), res)
		}
		want := []check.Verdict{check.Allow, check.Ask, check.Block, check.Ask, check.Allow}
		for i, r := range res {
			if r.Verdict != want[i] {
				t.Errorf("line %d: verdict %s, want %s (%+v)", i+1, r.Verdict, want[i], r)
			}
		}
		for _, i := range []int{1, 3} {
			if len(res[i].Findings) != 1 || res[i].Findings[0].Rule != "input-limit" || !strings.Contains(res[i].Error, "longer than 8 MiB") {
				t.Errorf("line %d: %+v", i+1, res[i])
			}
		}
		if code != 1 {
			t.Errorf("exit %d, want 1 (the worst: block)", code)
		}
		// Memory is bounded by one line (the 8 MiB limit), not by the
		// input: lines 8 times longer cost no more. (The race detector
		// doubles the figures.)
		limit := int64(120)
		if raceBuild {
			limit = 300
		}
		if first == 0 {
			first = rss
		}
		if rss > limit || rss > first+40 {
			t.Errorf("peak RSS %d MiB for lines of %d bytes (%d MiB for lines just over the limit)", rss, size, first)
		}
	}
}

// TestBatchManyLines: memory stays flat over many lines, and a line of
// exactly the limit is still checked.
func TestBatchManyLines(t *testing.T) {
	var b bytes.Buffer
	for i := 0; i < 20000; i++ {
		b.WriteString(`{"cmd":"ls -la /tmp"}` + "\n")
	}
	b.WriteString("\n   \n")
	b.WriteString(`{"cmd":"echo ` + strings.Repeat("b", maxBatchLine-len(`{"cmd":"echo "}`)) + `"}` + "\r\n")
	b.WriteString(`{"cmd":"rm -rf /"}`)
	res, code, rss, took := batchRun(t, &b)
	t.Logf("20,002 lines: exit %d, %d results, peak RSS %d MiB, %v", code, len(res), rss, took)
	if len(res) != 20002 || code != 1 {
		t.Fatalf("%d results, exit %d", len(res), code)
	}
	// The engine asks for a command over what it analyses (4 MiB); the
	// point here is that the line was read and given to it, not refused.
	if r := res[20000]; r.Error != "" || !strings.HasPrefix(r.Command, "echo bbb") {
		t.Errorf("the line of exactly %d bytes: %s %s", maxBatchLine, r.Verdict, r.Error)
	}
	if r := res[20001]; r.Verdict != check.Block {
		t.Errorf("last line: %s", r.Verdict)
	}
}

func TestLineReader(t *testing.T) {
	in := "a\n\nbbbb\nccccc\ndddd\r\neeeee\r\nlast"
	lr := newLineReader(strings.NewReader(in), 4)
	type got struct {
		line string
		size int64
		long bool
	}
	var all []got
	for {
		line, size, err := lr.next()
		if err == io.EOF {
			break
		}
		all = append(all, got{string(line), size, err == errLineTooLong})
	}
	want := []got{{"a", 1, false}, {"", 0, false}, {"bbbb", 4, false}, {"", 5, true}, {"dddd", 4, false}, {"", 5, true}, {"last", 4, false}}
	if len(all) != len(want) {
		t.Fatalf("got %+v", all)
	}
	for i := range want {
		if all[i] != want[i] {
			t.Errorf("line %d: %+v, want %+v", i+1, all[i], want[i])
		}
	}
}

// FuzzLineReader compares lineReader, with a tiny buffer so that lines
// span many reads, with a plain split: the same lines, the same lengths
// (without "\n" or "\r\n"), and too-long exactly for lines over the limit.
func FuzzLineReader(f *testing.F) {
	for _, s := range []string{"a\nbb\r\nccc", "\r\n\r\n", strings.Repeat("x", 40) + "\r\ny", "abc\r", "\n", ""} {
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, max uint8) {
		m := int(max % 40)
		lr := &lineReader{r: bufio.NewReaderSize(bytes.NewReader(data), 16), max: m}
		parts := bytes.Split(data, []byte("\n"))
		if len(parts[len(parts)-1]) == 0 {
			parts = parts[:len(parts)-1] // the input ends with a newline, or is empty
		}
		for i, p := range parts {
			if i < len(parts)-1 || bytes.HasSuffix(data, []byte("\n")) {
				p = bytes.TrimSuffix(p, []byte("\r"))
			}
			line, size, err := lr.next()
			if err != nil && err != errLineTooLong {
				t.Fatalf("line %d: %v", i+1, err)
			}
			if size != int64(len(p)) || (err == errLineTooLong) != (len(p) > m) || (err == nil && !bytes.Equal(line, p)) {
				t.Fatalf("line %d of %q (max %d): %q %d %v, want %q", i+1, data, m, line, size, err, p)
			}
		}
		if _, _, err := lr.next(); err != io.EOF {
			t.Fatalf("after %d lines: %v, want EOF", len(parts), err)
		}
	})
}
