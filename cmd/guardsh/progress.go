package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mattn/go-isatty"
)

// progressAfter is how long a file scan runs before it shows its progress.
var progressAfter = time.Second

// progressEvery is how often the progress line is redrawn.
const progressEvery = 100 * time.Millisecond

// A progress line on standard error for long file scans (issue 12): only on
// a terminal (not TERM=dumb), only for the formats a person reads (text,
// gcc; never JSON or SARIF, which programs read), and only once the scan
// has run longer than progressAfter. It is one line, redrawn in place and
// erased before a report is printed and at the end.
type progress struct {
	w     io.Writer
	on    bool
	total int
	start time.Time
	last  time.Time
	shown bool
}

func newProgress(w io.Writer, format string, total int) *progress {
	p := &progress{w: w, total: total, start: time.Now()}
	if format != "text" && format != "gcc" || total < 2 || os.Getenv("TERM") == "dumb" {
		return p
	}
	f, ok := w.(*os.File)
	p.on = ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
	return p
}

// step is called before file number done (0-based) is checked.
func (p *progress) step(done int) {
	if !p.on {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < progressAfter || p.shown && now.Sub(p.last) < progressEvery {
		return
	}
	p.last, p.shown = now, true
	fmt.Fprintf(p.w, "\rguardsh: checked %d of %d files…\x1b[K", done, p.total)
}

// clear erases the progress line, if one is shown.
func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}
