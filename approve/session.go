package approve

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/internal/atomicfile"
)

// SessionIdle is how long a session's approvals live without being used.
const SessionIdle = 24 * time.Hour

// sessionFile is the file, under the state directory, that holds the
// approvals of every session.
const sessionFile = "sessions.json"

type sessionDB struct {
	Sessions map[string]*sessionRec `json:"sessions"`
}

type sessionRec struct {
	Used  time.Time            `json:"used"`  // last approval or use
	Rules map[string]time.Time `json:"rules"` // rule id → when approved
}

func readSessions(stateDir string) (*sessionDB, error) {
	data, err := atomicfile.ReadFile(filepath.Join(stateDir, sessionFile), atomicfile.MaxUpdate)
	if err != nil {
		if os.IsNotExist(err) {
			return &sessionDB{Sessions: map[string]*sessionRec{}}, nil
		}
		return nil, err
	}
	return parseSessions(data), nil
}

// parseSessions decodes the file; a damaged file counts as empty, which
// only takes approvals away.
func parseSessions(data []byte) *sessionDB {
	db := &sessionDB{}
	if json.Unmarshal(data, db) != nil || db.Sessions == nil {
		db.Sessions = map[string]*sessionRec{}
	}
	return db
}

// updateSessions changes the file under its lock, dropping sessions idle
// for longer than SessionIdle.
func updateSessions(stateDir string, now time.Time, fn func(db *sessionDB)) error {
	return atomicfile.Update(filepath.Join(stateDir, sessionFile), 0o600, func(old []byte) ([]byte, error) {
		db := parseSessions(old)
		fn(db)
		for id, s := range db.Sessions {
			if now.Sub(s.Used) > SessionIdle || len(s.Rules) == 0 {
				delete(db.Sessions, id)
			}
		}
		return json.MarshalIndent(db, "", "\t")
	})
}

// sessionRules returns the rules approved for a live session. Errors count
// as no approvals.
func sessionRules(stateDir, session string, now time.Time) map[string]bool {
	db, err := readSessions(stateDir)
	if err != nil {
		return nil
	}
	s := db.Sessions[session]
	if s == nil || now.Sub(s.Used) > SessionIdle {
		return nil
	}
	m := make(map[string]bool, len(s.Rules))
	for r := range s.Rules {
		m[r] = true
	}
	return m
}

func touchSession(stateDir, session string, now time.Time) error {
	return updateSessions(stateDir, now, func(db *sessionDB) {
		if s := db.Sessions[session]; s != nil {
			s.Used = now
		}
	})
}

// GrantSession approves rules for the rest of a session (until it has been
// idle for [SessionIdle]).
func GrantSession(stateDir, session string, now time.Time, ruleIDs ...string) error {
	if session == "" {
		return fmt.Errorf("no session: GUARDSH_SESSION is not set")
	}
	return updateSessions(stateDir, now, func(db *sessionDB) {
		s := db.Sessions[session]
		if s == nil {
			s = &sessionRec{Rules: map[string]time.Time{}}
			db.Sessions[session] = s
		}
		s.Used = now
		for _, r := range ruleIDs {
			if _, ok := s.Rules[r]; !ok {
				s.Rules[r] = now
			}
		}
	})
}

// An Approval is one standing approval, for `guardsh approvals list`.
type Approval struct {
	// ID identifies the approval for `guardsh approvals revoke`: "s…" for
	// a session approval, "a…" for a permanent one.
	ID   string `json:"id"`
	Kind string `json:"kind"` // "session" or "always"
	Rule string `json:"rule"`
	// Session is the session of a session approval.
	Session string `json:"session,omitempty"`
	// Dir limits a permanent approval to a directory tree; empty means
	// everywhere.
	Dir     string    `json:"dir,omitempty"`
	Added   time.Time `json:"added"`
	Expires time.Time `json:"expires,omitzero"`
	Reason  string    `json:"reason,omitempty"`
	// Expired is set for a permanent approval past its expiry date.
	Expired bool `json:"expired,omitempty"`
}

func sessionApprovalID(session, rule string) string {
	h := sha256.Sum256([]byte("session\x00" + session + "\x00" + rule))
	return "s" + hex.EncodeToString(h[:])[:7]
}

// AllSessions asks [List] for the approvals of every session.
const AllSessions = "\x00all"

// List returns the approvals of a session (none if session is empty, every
// session's if it is [AllSessions]) and then the permanent approvals of cfg.
func List(stateDir string, cfg *config.Config, session string, now time.Time) ([]Approval, error) {
	var out []Approval
	if session != "" {
		var err error
		if out, err = listSessions(stateDir, session, now); err != nil {
			return nil, err
		}
	}
	for _, a := range cfg.Allow {
		out = append(out, Approval{ID: a.ID(), Kind: "always", Rule: a.Rule, Dir: a.Dir, Added: a.Added,
			Expires: a.Expires, Reason: a.Reason, Expired: a.Expired(now)})
	}
	return out, nil
}

func listSessions(stateDir, session string, now time.Time) ([]Approval, error) {
	db, err := readSessions(stateDir)
	if err != nil {
		return nil, err
	}
	var out []Approval
	for id, s := range db.Sessions {
		if (session != AllSessions && id != session) || now.Sub(s.Used) > SessionIdle {
			continue
		}
		for r, added := range s.Rules {
			out = append(out, Approval{ID: sessionApprovalID(id, r), Kind: "session", Rule: r, Session: id, Added: added})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Session != out[j].Session {
			return out[i].Session < out[j].Session
		}
		return out[i].Rule < out[j].Rule
	})
	return out, nil
}

// Revoke removes the approval with the given id: a session approval from the
// state directory, or a permanent one from the configuration file. It
// returns the approval removed, if any.
func Revoke(stateDir, configFile, id string, now time.Time) (*Approval, error) {
	var found *Approval
	if len(id) > 1 && id[0] == 's' {
		err := updateSessions(stateDir, now, func(db *sessionDB) {
			for sid, s := range db.Sessions {
				for r, added := range s.Rules {
					if sessionApprovalID(sid, r) == id {
						found = &Approval{ID: id, Kind: "session", Rule: r, Session: sid, Added: added}
						delete(s.Rules, r)
					}
				}
			}
		})
		return found, err
	}
	cfg, err := config.Load(configFile)
	if err != nil {
		return nil, err
	}
	for _, a := range cfg.Allow {
		if a.ID() == id {
			found = &Approval{ID: id, Kind: "always", Rule: a.Rule, Dir: a.Dir, Added: a.Added, Expires: a.Expires, Reason: a.Reason}
		}
	}
	if found == nil {
		return nil, nil
	}
	removed, err := config.RemoveAllow(configFile, id)
	if err != nil || !removed {
		return nil, err
	}
	return found, nil
}

// ClearSession removes every approval of a session and returns how many
// there were.
func ClearSession(stateDir, session string, now time.Time) (int, error) {
	n := 0
	err := updateSessions(stateDir, now, func(db *sessionDB) {
		if s := db.Sessions[session]; s != nil {
			n = len(s.Rules)
			delete(db.Sessions, session)
		}
	})
	return n, err
}
