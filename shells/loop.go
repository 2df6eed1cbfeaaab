package shells

import (
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"strconv"
	"strings"
)

// LoopEnv is the variable guardsh sets for the real shell it hands over to:
// "PID:DIGEST:N", the process id (which exec keeps), a digest of the
// arguments, and how many times in a row guardsh has come back to itself.
// A GUARDSH_SHELL that is a wrapper around guardsh (a script that execs it,
// or runs it as a child) starts guardsh again in the same process or its
// child: [CheckLoop] sees the marker and refuses instead of looping.
const LoopEnv = "GUARDSH_EXEC"

// GuardedEnv marks the processes of a command guardsh checked in $SHELL mode
// (not a person's interactive session): its value is the process id of that
// guardsh. A terminal created under such a process was not a person's, and
// guardsh's prompts refuse it (see package approve).
const GuardedEnv = "GUARDSH_GUARDED"

// maxReentry is how many times in a row guardsh may hand over to something
// that starts guardsh again (guardsh -c 'guardsh -c …' nests legitimately)
// before it is a loop.
const maxReentry = 8

// ErrLoop is returned by [CheckLoop] when the real shell guardsh handed over
// to started guardsh again.
var ErrLoop = errors.New("the real shell started guardsh again")

// argsDigest is a digest of guardsh's arguments.
func argsDigest(args []string) string {
	h := fnv.New64a()
	for _, a := range args {
		h.Write([]byte(a))
		h.Write([]byte{0})
	}
	return strconv.FormatUint(h.Sum64(), 36)
}

// reentry reads the marker and reports whether this process is guardsh come
// back to itself (the same process after an exec, or its child), whether
// with the same arguments, and how many times in a row.
func reentry(marker string, pid, ppid int, args []string) (back, same bool, n int) {
	f := strings.Split(marker, ":")
	if len(f) != 3 {
		return false, false, 0
	}
	mp, err1 := strconv.Atoi(f[0])
	n, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || (mp != pid && mp != ppid) {
		return false, false, 0
	}
	return true, f[1] == argsDigest(args), n
}

// CheckLoop returns an error wrapping [ErrLoop] when guardsh, about to check
// args in $SHELL mode, was started by the real shell it handed over to: the
// marker is its own process (or its parent) with the same arguments, or it
// came back more than a few times in a row. It is checked before anything
// else, so a wrapper loop ends at the second start.
func CheckLoop(args []string) error {
	back, same, n := reentry(os.Getenv(LoopEnv), os.Getpid(), os.Getppid(), args)
	switch {
	case back && same:
		return fmt.Errorf("%w with the same arguments: the real shell is a wrapper that runs guardsh", ErrLoop)
	case back && n >= maxReentry:
		return fmt.Errorf("%w %d times in a row: the real shell is a wrapper that runs guardsh", ErrLoop, n+1)
	}
	return nil
}

// handoverEnv returns the environment for the real shell: guardsh's own with
// the loop marker for args and, when guarded, the GuardedEnv marker.
func handoverEnv(args []string, guarded bool) []string {
	back, _, n := reentry(os.Getenv(LoopEnv), os.Getpid(), os.Getppid(), args)
	if !back {
		n = 0
	}
	pid := strconv.Itoa(os.Getpid())
	env := os.Environ()
	out := make([]string, 0, len(env)+2)
	for _, kv := range env {
		if strings.HasPrefix(kv, LoopEnv+"=") || guarded && strings.HasPrefix(kv, GuardedEnv+"=") {
			continue
		}
		out = append(out, kv)
	}
	out = append(out, LoopEnv+"="+pid+":"+argsDigest(args)+":"+strconv.Itoa(n+1))
	if guarded {
		out = append(out, GuardedEnv+"="+pid)
	}
	return out
}
