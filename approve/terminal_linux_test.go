//go:build linux

package approve

import (
	"os"
	"strings"
	"testing"

	"github.com/creack/pty"
)

func TestParseStat(t *testing.T) {
	line := "4242 (a) (b c) S 17 4242 4242 34816 4242 4194560 1 2 3 4 5 6 7 8 20 0 1 0 98765 1 2 3"
	st, ok := parseStat(4242, []byte(line))
	if !ok || st.comm != "a) (b c" || st.ppid != 17 || st.sid != 4242 || st.tty != 34816 || st.start != 98765 {
		t.Errorf("parseStat: %+v %v", st, ok)
	}
	if _, ok := parseStat(1, []byte("1 (x) S 0")); ok {
		t.Error("a short line must not parse")
	}
}

func TestRequester(t *testing.T) {
	r := Requester()
	if len(r) == 0 || r[0].PID != os.Getpid() || r[0].Start == 0 {
		t.Fatalf("Requester: %+v", r)
	}
	if len(r) > maxRequester {
		t.Errorf("Requester: %d processes, at most %d", len(r), maxRequester)
	}
}

// TestTerminalRefusal opens a pseudo-terminal in this process: its master's
// holder is this process, so the terminal is refused when this process is
// the requester, and trusted otherwise (unless the tests themselves run
// inside a command guardsh checked).
func TestTerminalRefusal(t *testing.T) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer ptmx.Close()
	defer tty.Close()
	self := Requester()[:1]
	why := TerminalRefusal(tty, self)
	if !strings.Contains(why, "a process that asked guardsh for approval") || !strings.Contains(why, "/dev/pts/") {
		t.Errorf("a pty created by the requester: got %q", why)
	}
	why = TerminalRefusal(tty, nil)
	if _, marked := os.LookupEnv(GuardedEnv); marked != (why != "") {
		t.Errorf("a pty created by a process that is not guarded: got %q (%s set: %v)", why, GuardedEnv, marked)
	}
	if why := TerminalRefusal(nil, self); why != "" {
		t.Errorf("no terminal: got %q", why)
	}
	f, _ := os.Open(os.DevNull)
	defer f.Close()
	if why := TerminalRefusal(f, self); why != "" {
		t.Errorf("/dev/null: got %q", why)
	}
}

func TestMergeProcs(t *testing.T) {
	a := []Proc{{PID: 1, Start: 5}}
	got := mergeProcs(a, []Proc{{PID: 1, Start: 5}, {PID: 1, Start: 6}, {PID: 2, Start: 1}}, 2)
	if len(got) != 2 || got[1].Start != 6 {
		t.Errorf("mergeProcs: %+v", got)
	}
}

func TestRecordGuarded(t *testing.T) {
	dir := t.TempDir()
	self := Requester()[:1]
	gone := Proc{PID: self[0].PID, Start: self[0].Start + 1} // a reused id
	if err := RecordGuarded(dir, append(self, gone)); err != nil {
		t.Fatal(err)
	}
	if g := Guarded(dir); len(g) != 2 || g[0] != self[0] {
		t.Errorf("Guarded: %+v, want %+v first", g, self)
	}
	// The next write drops the process that is gone.
	other := Proc{PID: os.Getppid()}
	if st, ok := readStat(other.PID); ok {
		other.Start = st.start
	}
	if err := RecordGuarded(dir, []Proc{other}); err != nil {
		t.Fatal(err)
	}
	if g := Guarded(dir); len(g) != 2 || g[0] != self[0] || g[1] != other {
		t.Errorf("Guarded after a write: %+v, want %+v and %+v", g, self[0], other)
	}
	st, _ := os.Stat(guardedFile(dir))
	if err := RecordGuarded(dir, []Proc{other}); err != nil {
		t.Fatal(err)
	}
	if st2, _ := os.Stat(guardedFile(dir)); !st2.ModTime().Equal(st.ModTime()) {
		t.Error("a known agent must not rewrite the file")
	}
}
