package shells

import (
	"os"

	"golang.org/x/sys/unix"
)

// sealedMemFile returns an anonymous memory file holding data, sealed so
// that nothing can change the checked text afterwards, or nil when the
// kernel has none.
func sealedMemFile(data []byte) *os.File {
	fd, err := unix.MemfdCreate("guardsh-stdin", unix.MFD_ALLOW_SEALING)
	if err != nil {
		return nil
	}
	f := os.NewFile(uintptr(fd), "guardsh-stdin")
	if _, err := f.Write(data); err != nil {
		f.Close()
		return nil
	}
	unix.FcntlInt(uintptr(fd), unix.F_ADD_SEALS, unix.F_SEAL_WRITE|unix.F_SEAL_GROW|unix.F_SEAL_SHRINK|unix.F_SEAL_SEAL)
	return f
}

// dup2 duplicates fd onto target without close-on-exec.
func dup2(fd, target int) error { return unix.Dup3(fd, target, 0) }
