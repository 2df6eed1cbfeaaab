package strictjson

import (
	"runtime"
	"time"

	"golang.org/x/sys/unix"
)

// cpuTime runs f on one locked OS thread and returns the CPU time that
// thread spent: unlike the wall clock, it does not grow when a loaded
// machine makes f wait for a core.
func cpuTime(f func()) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var a, b unix.Rusage
	unix.Getrusage(unix.RUSAGE_THREAD, &a)
	f()
	unix.Getrusage(unix.RUSAGE_THREAD, &b)
	return time.Duration(b.Utime.Nano() + b.Stime.Nano() - a.Utime.Nano() - a.Stime.Nano())
}
