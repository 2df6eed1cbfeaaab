package approve

import (
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/guardsh/guardsh/internal/atomicfile"
)

// maxGuarded caps the agent processes remembered in guarded.json.
const maxGuarded = 64

// guardedFile holds the agent processes guardsh's hooks have seen.
func guardedFile(stateDir string) string { return filepath.Join(stateDir, "guarded.json") }

// RecordGuarded remembers procs, the agent behind a `guardsh hook` call (its
// requester's ancestors), in stateDir, so that prompts and `guardsh approve`
// refuse a terminal created under them, as they do under $SHELL mode's
// GUARDSH_GUARDED. Processes that have ended are dropped. It writes only
// when something changed: a hook call for an agent already known reads one
// small file.
func RecordGuarded(stateDir string, procs []Proc) error {
	if len(procs) == 0 {
		return nil
	}
	known := Guarded(stateDir)
	if len(mergeProcs(append([]Proc(nil), known...), procs, maxGuarded)) == len(known) {
		return nil
	}
	return atomicfile.Update(guardedFile(stateDir), 0o600, func(old []byte) ([]byte, error) {
		var list []Proc
		json.Unmarshal(old, &list) // a broken file is started afresh
		live := list[:0]
		for _, p := range list {
			if alive(p) {
				live = append(live, p)
			}
		}
		return json.Marshal(mergeProcs(live, procs, maxGuarded))
	})
}

// Guarded returns the agent processes remembered by [RecordGuarded]. Some
// may have ended: a process is matched by its id and start time, so an
// ended one matches nothing (they are dropped when the file is next
// written).
func Guarded(stateDir string) []Proc {
	b, err := os.ReadFile(guardedFile(stateDir))
	if err != nil || len(b) > 1<<20 {
		return nil
	}
	var list []Proc
	if json.Unmarshal(b, &list) != nil {
		return nil
	}
	return list
}
