//go:build !linux

package shells

import (
	"os"

	"golang.org/x/sys/unix"
)

// sealedMemFile returns nil: only Linux has sealed memory files, elsewhere
// an unlinked temporary file holds the text.
func sealedMemFile(data []byte) *os.File { return nil }

// dup2 duplicates fd onto target without close-on-exec.
func dup2(fd, target int) error { return unix.Dup2(fd, target) }
