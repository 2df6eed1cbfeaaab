package approve

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/internal/atomicfile"
)

// PendingTTL is how long a pending approval waits for a human, and how long
// an approved one waits for the agent to run the command again.
const PendingTTL = 10 * time.Minute

// pendingAlphabet has no 0/O, 1/I/L: codes are read aloud and retyped.
const pendingAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// pendingCodeLen gives 31^6 (about 900 million) codes.
const pendingCodeLen = 6

// A PendingApproval is an approval asked for where nobody could be prompted: an
// agent ran a dangerous command without a terminal. A human approves it with
// `guardsh approve CODE`; the same command from the same directory then runs
// once.
type PendingApproval struct {
	Code     string    `json:"code"`
	Command  string    `json:"command"`
	Dir      string    `json:"dir"`
	Rules    []string  `json:"rules"`
	Session  string    `json:"session,omitempty"`
	Frontend string    `json:"frontend,omitempty"` // "shell", "hook codex", ...
	Created  time.Time `json:"created"`
	Expires  time.Time `json:"expires"`
	// Approved is when a human approved it; zero while it waits.
	Approved time.Time `json:"approved,omitzero"`
	// Requester is the process that asked and the ancestors that stand
	// for the agent behind it (see [Requester]), of every request for this
	// command: `guardsh approve` refuses a terminal created under them.
	Requester []Proc `json:"requester,omitempty"`
}

// ErrPendingNotFound is returned for a code that does not exist, has expired
// or was already used.
var ErrPendingNotFound = errors.New("no such pending approval (it may have expired or been used)")

// PendingStore keeps pending approvals in one JSON file under the state
// directory. It is the [Pending] store [Decide] uses for front ends without a
// terminal. Every change holds a file lock and replaces the file
// atomically, so concurrent guardsh processes are safe.
type PendingStore struct {
	Path string
	// Now returns the current time; tests set it.
	Now func() time.Time
}

// OpenPending returns the store of pending approvals in stateDir.
func OpenPending(stateDir string) *PendingStore {
	return &PendingStore{Path: filepath.Join(stateDir, "pending.json"), Now: time.Now}
}

// Record records that command, run from dir, waits for a human. If the same
// command from the same directory already waits, that record is returned
// (with its expiry renewed) rather than a new code, so an agent that retries
// does not pile up codes.
func (s *PendingStore) Record(command, dir string, rules []string, session, frontend string) (*PendingApproval, error) {
	return s.RecordFrom(command, dir, rules, session, frontend, nil)
}

// maxRequesters caps the processes one pending approval remembers.
const maxRequesters = 24

// RecordFrom is [PendingStore.Record] that also remembers the requesting
// processes from (see [Requester]), added to those of earlier requests.
func (s *PendingStore) RecordFrom(command, dir string, rules []string, session, frontend string, from []Proc) (*PendingApproval, error) {
	var out *PendingApproval
	err := s.update(func(list []*PendingApproval, now time.Time) ([]*PendingApproval, error) {
		for _, p := range list {
			if p.Command == command && p.Dir == dir && p.Approved.IsZero() {
				p.Expires = now.Add(PendingTTL)
				p.Requester = mergeProcs(p.Requester, from, maxRequesters)
				out = p
				return list, nil
			}
		}
		code, err := newPendingCode(list)
		if err != nil {
			return nil, err
		}
		out = &PendingApproval{Code: code, Command: command, Dir: dir, Rules: rules, Session: session,
			Frontend: frontend, Created: now, Expires: now.Add(PendingTTL), Requester: mergeProcs(nil, from, maxRequesters)}
		return append(list, out), nil
	})
	return out, err
}

// Lookup returns the pending approval with the given code (case and spaces or
// dashes do not matter).
func (s *PendingStore) Lookup(code string) (*PendingApproval, error) {
	var out *PendingApproval
	err := s.update(func(list []*PendingApproval, now time.Time) ([]*PendingApproval, error) {
		out = findPending(list, code)
		return list, nil
	})
	if err == nil && out == nil {
		err = ErrPendingNotFound
	}
	return out, err
}

// Approve marks a waiting approval as approved: the same command from the
// same directory may now run once within [PendingTTL].
func (s *PendingStore) Approve(code string) (*PendingApproval, error) {
	var out *PendingApproval
	err := s.update(func(list []*PendingApproval, now time.Time) ([]*PendingApproval, error) {
		p := findPending(list, code)
		if p == nil {
			return nil, ErrPendingNotFound
		}
		p.Approved = now
		p.Expires = now.Add(PendingTTL)
		out = p
		return list, nil
	})
	return out, err
}

// Consume reports whether an approved record covers exactly command run from
// dir, and if so removes it: an approval is good for one run.
func (s *PendingStore) Consume(command, dir string) (*PendingApproval, error) {
	var out *PendingApproval
	err := s.update(func(list []*PendingApproval, now time.Time) ([]*PendingApproval, error) {
		for i, p := range list {
			if !p.Approved.IsZero() && p.Command == command && p.Dir == dir {
				out = p
				return append(list[:i:i], list[i+1:]...), nil
			}
		}
		return list, nil
	})
	return out, err
}

// List returns the records that have not expired.
func (s *PendingStore) List() ([]*PendingApproval, error) {
	var out []*PendingApproval
	err := s.update(func(list []*PendingApproval, now time.Time) ([]*PendingApproval, error) {
		out = list
		return list, nil
	})
	return out, err
}

// update runs fn on the unexpired records under the lock and writes back
// what it returns. Expired records are dropped on every update.
func (s *PendingStore) update(fn func(list []*PendingApproval, now time.Time) ([]*PendingApproval, error)) error {
	now := s.Now()
	return atomicfile.Update(s.Path, 0o600, func(old []byte) ([]byte, error) {
		var all []*PendingApproval
		if len(old) > 0 {
			if err := json.Unmarshal(old, &all); err != nil {
				// A broken file holds no approval anyone can use;
				// starting afresh fails closed.
				all = nil
			}
		}
		live := all[:0]
		for _, p := range all {
			if p != nil && now.Before(p.Expires) {
				live = append(live, p)
			}
		}
		list, err := fn(live, now)
		if err != nil {
			return nil, err
		}
		if list == nil {
			list = []*PendingApproval{}
		}
		data, err := json.MarshalIndent(list, "", "  ")
		if err != nil {
			return nil, err
		}
		return append(data, '\n'), nil
	})
}

// Take implements [Pending]: it spends an approval of exactly res.Command
// from req.Dir.
func (s *PendingStore) Take(res *check.Result, req *Request) (code string, ok bool) {
	p, err := s.Consume(res.Command, req.Dir)
	if err != nil || p == nil {
		return "", false
	}
	return p.Code, true
}

// Add implements [Pending]: it records res.Command from req.Dir and returns
// the code a human approves it with.
func (s *PendingStore) Add(res *check.Result, req *Request, rules []string) (string, error) {
	p, err := s.RecordFrom(res.Command, req.Dir, rules, req.Session, req.Front, Requester())
	if err != nil {
		return "", err
	}
	return p.Code, nil
}

// NormalizePendingCode upper-cases a code and drops spaces and dashes.
func NormalizePendingCode(code string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == ' ' || r == '-' || r == '\t':
			return -1
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		}
		return r
	}, code)
}

func findPending(list []*PendingApproval, code string) *PendingApproval {
	code = NormalizePendingCode(code)
	for _, p := range list {
		if p.Code == code {
			return p
		}
	}
	return nil
}

// newPendingCode draws a random code not in use.
func newPendingCode(list []*PendingApproval) (string, error) {
	for range 16 {
		b := make([]byte, pendingCodeLen)
		if _, err := rand.Read(b); err != nil {
			return "", fmt.Errorf("cannot draw a random code: %v", err)
		}
		for i := range b {
			// 256 is not a multiple of 31; the bias (under 1%) does not
			// matter for a code that lives ten minutes.
			b[i] = pendingAlphabet[int(b[i])%len(pendingAlphabet)]
		}
		if findPending(list, string(b)) == nil {
			return string(b), nil
		}
	}
	return "", errors.New("cannot draw an unused code")
}
