//go:build unix

package parse

import (
	"os"
	"syscall"
)

// openNonBlock opens a file for reading without blocking on a FIFO.
func openNonBlock(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
