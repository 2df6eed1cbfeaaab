//go:build linux

package approve

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// procStat is what guardsh reads of /proc/PID/stat.
type procStat struct {
	pid, ppid, sid int
	tty            uint64 // tty_nr: the controlling terminal, 0 for none
	start          uint64
	comm           string
}

// readStat reads /proc/PID/stat.
func readStat(pid int) (procStat, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, false
	}
	return parseStat(pid, b)
}

// parseStat parses a /proc/PID/stat line. The command name is in
// parentheses and may hold spaces and parentheses itself.
func parseStat(pid int, b []byte) (procStat, bool) {
	open, end := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
	if open < 0 || end < open {
		return procStat{}, false
	}
	f := strings.Fields(string(b[end+1:]))
	// f[0] is field 3 (state); ppid is 4, session 6, tty_nr 7, starttime 22.
	if len(f) < 20 {
		return procStat{}, false
	}
	ppid, err1 := strconv.Atoi(f[1])
	sid, err2 := strconv.Atoi(f[3])
	tty, err3 := strconv.ParseInt(f[4], 10, 64)
	start, err4 := strconv.ParseUint(f[19], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
		return procStat{}, false
	}
	return procStat{pid: pid, ppid: ppid, sid: sid, tty: uint64(uint32(tty)), start: start, comm: string(b[open+1 : end])}, true
}

func requester(pid int) []Proc {
	var out []Proc
	for i := 0; i < maxRequester && pid > 1; i++ {
		st, ok := readStat(pid)
		if !ok {
			break
		}
		if i > 0 && st.pid == st.sid && st.tty != 0 {
			break // the person's shell on their terminal
		}
		out = append(out, Proc{PID: st.pid, Start: st.start, Name: st.comm})
		pid = st.ppid
	}
	return out
}

// ttyNr encodes a device number the way /proc/PID/stat writes tty_nr.
func ttyNr(rdev uint64) uint64 {
	major, minor := uint64(unix.Major(rdev)), uint64(unix.Minor(rdev))
	return (minor & 0xff) | (major&0xfff)<<8 | (minor&^0xff)<<12
}

func terminalRefusal(tty *os.File, guarded []Proc) string {
	if tty == nil {
		return ""
	}
	var st unix.Stat_t
	if err := unix.Fstat(int(tty.Fd()), &st); err != nil || st.Mode&unix.S_IFMT != unix.S_IFCHR {
		return ""
	}
	major, minor := unix.Major(st.Rdev), unix.Minor(st.Rdev)
	nr := ttyNr(st.Rdev)
	if major == 5 && minor == 0 {
		// /dev/tty stands for the controlling terminal: find which.
		self, ok := readStat(os.Getpid())
		if !ok || self.tty == 0 {
			return ""
		}
		nr = self.tty
		major, minor = uint32(nr>>8&0xfff), uint32(nr&0xff|nr>>12&0xfff00)
	}
	name := fmt.Sprintf("(device %d,%d)", major, minor)
	if major >= 136 && major <= 143 {
		name = "/dev/pts/" + strconv.Itoa(int(major-136)*256+int(minor))
	} else if n, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(int(tty.Fd()))); err == nil {
		name = n
	}
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return ""
	}
	procs := map[int]procStat{}
	var leaders []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		p, ok := readStat(pid)
		if !ok {
			continue
		}
		procs[pid] = p
		if p.tty == nr && p.pid == p.sid {
			leaders = append(leaders, pid)
		}
	}
	var masters []int
	if major >= 136 && major <= 143 {
		masters = ptyMasters(procs, int(major-136)*256+int(minor))
	}
	for _, m := range masters {
		if why := guardedAncestry(procs, m, true, guarded); why != "" {
			return fmt.Sprintf("the terminal %s was created by %s (pid %d)%s", name, procs[m].comm, m, why)
		}
	}
	for _, l := range leaders {
		// A leader's own marker is not counted: guardsh -c started by
		// sshd or tmux for a person leads its own session.
		if why := guardedAncestry(procs, l, false, guarded); why != "" {
			return fmt.Sprintf("the session on the terminal %s was started by %s (pid %d)%s", name, procs[l].comm, l, why)
		}
	}
	return ""
}

// ptyMasters returns the processes holding the master side of pseudo-terminal
// number index (/dev/pts/INDEX).
func ptyMasters(procs map[int]procStat, index int) []int {
	want := "tty-index:\t" + strconv.Itoa(index) + "\n"
	var out []int
	for pid := range procs {
		dir := "/proc/" + strconv.Itoa(pid)
		fds, err := os.ReadDir(dir + "/fd")
		if err != nil {
			continue
		}
		for _, fd := range fds {
			l, err := os.Readlink(dir + "/fd/" + fd.Name())
			if err != nil || l != "/dev/ptmx" && l != "/dev/pts/ptmx" {
				continue
			}
			info, err := os.ReadFile(dir + "/fdinfo/" + fd.Name())
			if err == nil && strings.Contains(string(info)+"\n", want) {
				out = append(out, pid)
				break
			}
		}
	}
	return out
}

// guardedAncestry walks from pid up to process 1 and says why one of them is
// guarded, or "". self says whether pid's own environment counts.
func guardedAncestry(procs map[int]procStat, pid int, self bool, guarded []Proc) string {
	for i, cur := 0, pid; i < 128 && cur > 1; i++ {
		p, ok := procs[cur]
		if !ok {
			if p, ok = readStat(cur); !ok {
				return ""
			}
		}
		for _, g := range guarded {
			if g.PID == cur && g.Start == p.start {
				who := ", which is"
				if cur != pid {
					who = fmt.Sprintf(", which runs under %s (pid %d),", p.comm, cur)
				}
				return who + " a process that asked guardsh for approval (an agent)"
			}
		}
		if cur != pid || self {
			if v, ok := environValue(cur, GuardedEnv); ok {
				where := ""
				if cur != pid {
					where = fmt.Sprintf(" under %s (pid %d)", p.comm, cur)
				}
				return fmt.Sprintf(", which runs%s inside a command guardsh checked (%s=%s)", where, GuardedEnv, v)
			}
		}
		cur = p.ppid
	}
	return ""
}

// environValue reads one variable of a process's initial environment.
func environValue(pid int, name string) (string, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return "", false
	}
	for _, kv := range bytes.Split(b, []byte{0}) {
		if v, ok := bytes.CutPrefix(kv, []byte(name+"=")); ok {
			return string(v), true
		}
	}
	return "", false
}

// alive reports whether p still runs (the same process, not a reused id).
func alive(p Proc) bool {
	st, ok := readStat(p.PID)
	return ok && st.start == p.Start
}
