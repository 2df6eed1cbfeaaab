package approve

import (
	"fmt"
	"net"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/guardsh/guardsh/internal/atomicfile"
)

// SyslogAddr is the local syslog socket every decision is also sent to
// when audit.syslog is on. rsyslog, syslog-ng and journald (through its
// /dev/log socket) all listen there, and ship the line with the rest of
// the host's logs.
var SyslogAddr = "/dev/log"

// SyslogFailures is the file in the state directory that counts the
// decisions that could not be sent; doctor reports it.
const SyslogFailures = "syslog-failures"

// syslogTimeout bounds a send: a full or stuck socket never delays a
// decision by more than this.
const syslogTimeout = 5 * time.Millisecond

// sdID is the structured-data id of guardsh's fields (RFC 5424 section 7.2.2
// allows NAME@NUMBER ids; 32473 is the example enterprise number RFC 5612
// reserves for documentation, so no registry is implied).
const sdID = "guardsh@32473"

// SendSyslog sends one audit entry to addr as an RFC 5424 message over a
// unix datagram socket: facility auth, severity warning for a block,
// notice for a denial, info otherwise; the fields as structured data; the
// command (already redacted) as the message.
func SendSyslog(addr string, e Entry) error {
	msg := FormatSyslog(e, time.Now())
	// Connecting a unix datagram socket never waits, so the dial has no
	// deadline: one that expired while a loaded machine descheduled the
	// process would drop the record before any attempt to send it.
	c, err := net.Dial("unixgram", addr)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetWriteDeadline(time.Now().Add(syslogTimeout))
	_, err = c.Write([]byte(msg))
	return err
}

// FormatSyslog renders an entry as an RFC 5424 message.
func FormatSyslog(e Entry, now time.Time) string {
	sev := 6 // info
	switch e.Decision {
	case "blocked":
		sev = 4
	case "denied":
		sev = 5
	}
	const facilityAuth = 4
	host, _ := os.Hostname()
	if host == "" {
		host = "-"
	}
	uname := strconv.Itoa(os.Getuid())
	if u, err := user.Current(); err == nil {
		uname = u.Username
	}
	fields := [][2]string{
		{"decision", e.Decision}, {"verdict", e.Verdict}, {"how", string(e.How)},
		{"rules", strings.Join(e.Rules, ",")}, {"front", e.Front}, {"session", e.Session},
		{"agent_session", e.AgentSession}, {"told", e.Told},
		{"cwd", e.Dir}, {"user", uname}, {"uid", strconv.Itoa(os.Getuid())}, {"code", e.Code},
	}
	var sd strings.Builder
	sd.WriteString("[" + sdID)
	for _, f := range fields {
		if f[1] == "" {
			continue
		}
		fmt.Fprintf(&sd, " %s=\"%s\"", f[0], sdEscape(f[1]))
	}
	sd.WriteString("]")
	t := e.Time
	if t.IsZero() {
		t = now
	}
	return fmt.Sprintf("<%d>1 %s %s guardsh %d - %s %s: %s", facilityAuth*8+sev, t.UTC().Format(time.RFC3339Nano),
		host, os.Getpid(), sd.String(), e.Decision, oneLine(e.Command))
}

// sdEscape escapes a structured-data parameter value (RFC 5424 6.3.3).
func sdEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, `]`, `\]`)
	return r.Replace(oneLine(s))
}

func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r < ' ' && r != '\t' {
			return ' '
		}
		return r
	}, s)
}

// countSyslogFailure adds one to the failure counter in stateDir.
func countSyslogFailure(stateDir string) {
	atomicfile.Update(filepath.Join(stateDir, SyslogFailures), 0o600, func(old []byte) ([]byte, error) {
		n, _ := strconv.Atoi(strings.TrimSpace(string(old)))
		return []byte(strconv.Itoa(n+1) + "\n"), nil
	})
}

// SyslogFailureCount returns how many decisions could not be sent.
func SyslogFailureCount(stateDir string) int {
	b, err := atomicfile.ReadFile(filepath.Join(stateDir, SyslogFailures), 64)
	if err != nil {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	return n
}
