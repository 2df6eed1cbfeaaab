//go:build !linux

package approve

import "golang.org/x/sys/unix"

// FlushInput discards type-ahead on the terminal fd (TIOCFLUSH with FREAD,
// as BSD's tcflush(TCIFLUSH) does).
func FlushInput(fd int) { unix.IoctlSetPointerInt(fd, unix.TIOCFLUSH, 1) }
