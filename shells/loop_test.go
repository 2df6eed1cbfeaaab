package shells

import (
	"strings"
	"testing"
)

func TestReentry(t *testing.T) {
	args := []string{"-c", "echo hi"}
	d := argsDigest(args)
	tests := []struct {
		marker         string
		back, same     bool
		n              int
		pid, ppid, arg int
	}{
		{marker: "", back: false},
		{marker: "garbage", back: false},
		{marker: "100:" + d + ":1", back: true, same: true, n: 1},                   // exec'd again: same pid
		{marker: "50:" + d + ":2", back: true, same: true, n: 2},                    // a child of the shell
		{marker: "100:" + argsDigest([]string{"-c", "x"}) + ":3", back: true, n: 3}, // guardsh -c 'guardsh -c …'
		{marker: "7:" + d + ":1", back: false},                                      // an unrelated guardsh
	}
	for _, tt := range tests {
		back, same, n := reentry(tt.marker, 100, 50, args)
		if back != tt.back || same != tt.same || back && n != tt.n {
			t.Errorf("%q: got back=%v same=%v n=%d, want %v %v %d", tt.marker, back, same, n, tt.back, tt.same, tt.n)
		}
	}
}

func TestHandoverEnv(t *testing.T) {
	t.Setenv(LoopEnv, "1:x:5")
	t.Setenv(GuardedEnv, "1")
	env := strings.Join(handoverEnv([]string{"-c", "ls"}, true), "\n")
	if strings.Count(env, LoopEnv+"=") != 1 || strings.Count(env, GuardedEnv+"=") != 1 || strings.Contains(env, "1:x:5") {
		t.Errorf("markers not replaced: %s", env)
	}
	if !strings.Contains(env, ":1\n") {
		t.Errorf("an unrelated marker must restart the count at 1: %s", env)
	}
	env = strings.Join(handoverEnv([]string{"-i"}, false), "\n")
	if !strings.Contains(env, GuardedEnv+"=1") {
		t.Errorf("an interactive session keeps the guarded marker it inherited: %s", env)
	}
}
