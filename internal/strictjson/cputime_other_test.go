//go:build !linux

package strictjson

import "time"

// cpuTime returns the wall time of f where the thread's CPU time is not
// available.
func cpuTime(f func()) time.Duration {
	t0 := time.Now()
	f()
	return time.Since(t0)
}
