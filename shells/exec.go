package shells

import (
	"fmt"
	"os"
	"syscall"
)

// MaxStdinScript is the largest script guardsh reads from standard input to
// check it before the real shell runs it. Beyond it guardsh refuses, rather
// than run text it has not checked.
const MaxStdinScript = 64 << 20

// Exec replaces guardsh with the real shell at path, with argv0 and args
// exactly as guardsh got them and the environment untouched but for two
// markers ([LoopEnv], [GuardedEnv]): same process,
// so exit status, signals and the standard streams are the shell's. If
// script is not nil, it becomes the shell's standard input, byte for byte
// (guardsh read the original standard input to the end to check it). Exec
// returns only on failure.
func Exec(path, argv0 string, args []string, script []byte) error {
	if script != nil {
		if err := FDFrom(0, script); err != nil {
			return fmt.Errorf("cannot hand the script to %s on standard input: %v", path, err)
		}
	}
	argv := append([]string{argv0}, args...)
	err := syscall.Exec(path, argv, handoverEnv(args, true))
	return fmt.Errorf("cannot run %s: %v", path, err)
}

// FDFrom makes file descriptor target a file holding data, positioned at
// its start: an anonymous memory file where the kernel has them, else an
// unlinked temporary file. It stays open across exec. A regular file
// (unlike a pipe) needs no writer once guardsh is gone, and lets bash read
// ahead and seek back exactly as it does with a script it reads from a file.
func FDFrom(target int, data []byte) error {
	if f := sealedMemFile(data); f != nil {
		defer f.Close()
		return dupTo(f, target)
	}
	return fdFromTemp(target, data)
}

func fdFromTemp(target int, data []byte) error {
	f, err := os.CreateTemp("", "guardsh-stdin-*")
	if err != nil {
		return err
	}
	defer f.Close()
	os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		return err
	}
	return dupTo(f, target)
}

// dupTo rewinds f and duplicates it onto file descriptor target, which
// stays open across exec.
func dupTo(f *os.File, target int) error {
	if _, err := f.Seek(0, 0); err != nil {
		return err
	}
	return dup2(int(f.Fd()), target)
}

// ExecSession replaces guardsh with an interactive session of the real shell
// at path, prepared by [Interactive]. It returns only on failure.
func ExecSession(path string, s *Session) error {
	argv := append([]string{s.Argv0}, s.Args...)
	err := syscall.Exec(path, argv, append(handoverEnv(s.Args, false), s.Env...))
	return fmt.Errorf("cannot run %s: %v", path, err)
}
