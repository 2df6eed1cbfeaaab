package approve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/internal/atomicfile"
)

// AuditFile is the name of the audit log in the state directory.
const AuditFile = "audit.jsonl"

// An Entry is one line of the audit log: an ask or block decision.
type Entry struct {
	Time     time.Time `json:"time"`
	Front    string    `json:"front"`
	Session  string    `json:"session,omitempty"`
	Dir      string    `json:"cwd"`
	Command  string    `json:"command"` // secrets redacted
	Verdict  string    `json:"verdict"` // ask or block
	Rules    []string  `json:"rules"`
	Decision string    `json:"decision"` // go, blocked or denied
	How      How       `json:"how"`
	Code     string    `json:"code,omitempty"` // pending approval code
	// AgentSession is the agent's session id, for agent hooks.
	AgentSession string `json:"agent_session,omitempty"`
	// Told is what an agent hook answered the agent: allow, ask or deny.
	Told string `json:"told,omitempty"`
	// Smart is the smart-approval model's answer, when it was asked.
	Smart *SmartAnswer `json:"smart,omitempty"`
}

// auditNow writes the record of a decision before what it explains is saved
// (a session or permanent approval), so that Decide does not write it again.
func (req *Request) auditNow(res *check.Result, d Decision) {
	req.audit(res, d)
	if req.audited != nil {
		*req.audited = true
	}
}

// audit appends the decision to the log; a failure is a warning.
func (req *Request) audit(res *check.Result, d Decision) {
	verdict := string(res.Verdict)
	if d.Outcome == Blocked {
		verdict = string(check.Block)
	} else if verdict != string(check.Block) {
		verdict = string(check.Ask)
	}
	e := Entry{
		Time: req.Now().UTC(), Front: req.Front, Session: req.Session, Dir: req.Dir,
		Command: redactClip(res.Command), Verdict: verdict, Rules: d.Rules,
		Decision: d.Outcome.String(), How: d.How, Code: d.Code, Smart: d.Smart,
	}
	if e.Rules == nil {
		e.Rules = []string{}
	}
	e.AgentSession = req.AgentSession
	if strings.HasPrefix(req.Front, "hook:") {
		switch {
		case d.Outcome == Go:
			e.Told = "allow"
		case d.How == NoTTY && req.AgentAsks:
			e.Told, e.How = "ask", AgentAsk
		default:
			e.Told = "deny"
		}
	}
	if err := AppendLog(req.StateDir, e); err != nil {
		req.warn("cannot write the audit log: %v", err)
	}
	if req.Config != nil && req.Config.Audit.Syslog {
		if err := SendSyslog(SyslogAddr, e); err != nil {
			countSyslogFailure(req.StateDir)
		}
	}
}

// MaxLogSize is the size at which the audit log is moved to audit.jsonl.1
// (replacing the previous one) and started afresh.
const MaxLogSize = 16 << 20

// AppendLog adds one entry to the audit log in stateDir. Concurrent writers
// never interleave their lines.
func AppendLog(stateDir string, e Entry) error {
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	path := filepath.Join(stateDir, AuditFile)
	if st, err := os.Stat(path); err == nil && st.Size() >= MaxLogSize {
		rotate(path)
	}
	return atomicfile.Append(path, append(line, '\n'))
}

// rotate moves a full log aside. A writer that opened the old file just
// before still finishes its line there, in audit.jsonl.1: nothing is lost.
func rotate(path string) {
	unlock, err := atomicfile.Lock(path)
	if err != nil {
		return
	}
	defer unlock()
	if st, err := os.Stat(path); err == nil && st.Size() >= MaxLogSize {
		os.Rename(path, path+".1")
	}
}

// ReadLog returns the last n entries of the audit log (all if n <= 0),
// oldest first, reaching into the rotated log when needed. Lines that do
// not decode are skipped. A missing log is empty.
func ReadLog(stateDir string, n int) ([]Entry, error) {
	path := filepath.Join(stateDir, AuditFile)
	out, err := readLogFile(path)
	if err != nil {
		return nil, err
	}
	if n <= 0 || len(out) < n {
		old, err := readLogFile(path + ".1")
		if err != nil {
			return nil, err
		}
		out = append(old, out...)
	}
	if n > 0 && len(out) > n {
		out = out[len(out)-n:]
	}
	return out, nil
}

func readLogFile(path string) ([]Entry, error) {
	// Two rotations' worth: a log is rotated at MaxLogSize, and a writer
	// may finish a line after that.
	data, err := atomicfile.ReadFile(path, 2*MaxLogSize)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Entry
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		var e Entry
		if json.Unmarshal(sc.Bytes(), &e) == nil {
			out = append(out, e)
		}
	}
	return out, sc.Err()
}
