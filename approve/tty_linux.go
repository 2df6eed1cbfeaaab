package approve

import "golang.org/x/sys/unix"

// FlushInput discards type-ahead on the terminal fd (tcflush TCIFLUSH).
func FlushInput(fd int) { unix.IoctlSetInt(fd, unix.TCFLSH, unix.TCIFLUSH) }
