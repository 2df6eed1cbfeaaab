package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/internal/strictjson"
	"github.com/guardsh/guardsh/rules"
)

// maxBatchLine is the longest line `guardsh check --batch` reads; a longer
// one gets an input-limit result of its own and the lines after it go on.
const maxBatchLine = maxFile

// runBatch reads JSON lines {"cmd": "..."} and writes one JSON result per
// line, in order; blank lines are skipped. A line may name the directory
// its command runs in, {"cmd": "...", "cwd": "/abs/dir"}: it is then
// judged there, as an agent hook's event with a cwd is; without one the
// directory is unknown. A line that cannot be read
// exactly — not one JSON object, a duplicate key anywhere in it, a key
// that is "cmd" in another case, a "cmd" that is not a string, a line over
// [maxBatchLine] — gets a result with the verdict ask and an error, and
// the rest go on. Memory is bounded by one line, whatever the input.
func runBatch(ctx context.Context, e *env, opts check.Options) int {
	lr := newLineReader(e.stdin, maxBatchLine)
	enc := json.NewEncoder(e.stdout)
	enc.SetEscapeHTML(false)
	worst := check.Allow
	for n := 1; ; n++ {
		line, size, err := lr.next()
		if err == io.EOF {
			break
		}
		var res *check.Result
		switch {
		case errors.Is(err, errLineTooLong):
			res = batchTooLong(n, size)
		case err != nil:
			e.errorf("check: reading batch input: %v", err)
			return exitError
		default:
			line = bytes.TrimSpace(line)
			if len(line) == 0 {
				continue
			}
			res = batchLine(ctx, n, line, opts)
		}
		worst = check.Worse(worst, res.Verdict)
		if err := enc.Encode(res); err != nil {
			e.errorf("check: %v", err)
			return exitError
		}
	}
	return worst.ExitCode()
}

// batchLine checks line n of a batch.
func batchLine(ctx context.Context, n int, line []byte, opts check.Options) *check.Result {
	bad := func(msg string) *check.Result {
		return &check.Result{Verdict: check.Ask, Findings: []rules.Finding{}, Error: fmt.Sprintf("line %d: %s", n, msg)}
	}
	obj, err := strictjson.ParseObject(line)
	if errors.Is(err, strictjson.ErrNotObject) {
		return bad(`not a JSON object with a "cmd" string`)
	}
	if err != nil {
		return bad(err.Error())
	}
	cmd, ok, err := obj.String("cmd")
	switch {
	case err != nil:
		return bad(err.Error())
	case !ok:
		return bad(`not a JSON object with a "cmd" string`)
	}
	dir, ok, err := obj.String("cwd")
	switch {
	case err != nil:
		return bad(err.Error())
	case ok && dir != "" && !strings.HasPrefix(dir, "/"):
		return bad(fmt.Sprintf(`"cwd" must be an absolute path, not %q`, dir))
	case dir != "":
		// Scripts the command runs are read, relative to it, as for an
		// agent hook's event.
		opts.Dir, opts.ReadFiles = dir, true
	}
	return check.Line(ctx, cmd, opts)
}

// batchTooLong is the result of a line over the limit: ask, with an
// input-limit finding, since nothing of it was checked.
func batchTooLong(n int, size int64) *check.Result {
	reason := fmt.Sprintf("Line %d is %d bytes, more than the %d MiB a batch line may have, so it was not checked.", n, size, maxBatchLine>>20)
	return &check.Result{Verdict: check.Ask, Findings: []rules.Finding{{
		Rule: "input-limit", Tier: rules.Dangerous, Title: "The batch line is too long to check",
		Reason: reason, Via: []string{}, Source: "guardsh", NeverPermanent: true,
		Suggest: "check a script this large as a file: guardsh check FILE",
	}}, Error: fmt.Sprintf("line %d: longer than %d MiB (%d bytes): not checked", n, maxBatchLine>>20, size)}
}

// errLineTooLong is returned by lineReader.next for a line over its limit,
// which it has skipped.
var errLineTooLong = errors.New("line too long")

// A lineReader returns lines of at most max bytes (without the newline),
// reusing one buffer; a longer line is read to its end and skipped, so
// memory stays bounded by max whatever the input.
type lineReader struct {
	r   *bufio.Reader
	max int
	buf []byte
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next line and its length in bytes, without its "\n" or
// "\r\n". At the end of the input it returns io.EOF; a last line without a
// newline is a line. For a line over the limit it returns errLineTooLong
// and the line's length.
func (lr *lineReader) next() ([]byte, int64, error) {
	lr.buf = lr.buf[:0]
	var size int64
	tooLong, prevCR := false, false
	for {
		chunk, err := lr.r.ReadSlice('\n')
		size += int64(len(chunk))
		if !tooLong {
			if len(lr.buf)+len(chunk) > lr.max+2 { // +2: "\r\n"
				tooLong, lr.buf = true, lr.buf[:0]
			} else {
				lr.buf = append(lr.buf, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			prevCR = bytes.HasSuffix(chunk, []byte("\r"))
			continue
		case err == io.EOF && size == 0:
			return nil, 0, io.EOF
		case err != nil && err != io.EOF:
			return nil, size, err
		}
		if tooLong {
			if bytes.HasSuffix(chunk, []byte("\n")) {
				size--
				if bytes.HasSuffix(chunk, []byte("\r\n")) || len(chunk) == 1 && prevCR {
					size--
				}
			}
			return nil, size, errLineTooLong
		}
		line := lr.buf
		if bytes.HasSuffix(line, []byte("\n")) {
			line, size = line[:len(line)-1], size-1
			if bytes.HasSuffix(line, []byte("\r")) {
				line, size = line[:len(line)-1], size-1
			}
		}
		if len(line) > lr.max {
			return nil, size, errLineTooLong
		}
		return line, size, nil
	}
}
