//go:build !unix

package tirith

import (
	"errors"
	"io/fs"
	"os/exec"
	"time"
)

func lockFile(name string) (func(), error) {
	return nil, errors.New("installing tirith is only supported on Unix systems")
}

func detach(cmd *exec.Cmd) {}

func inode(fi fs.FileInfo) uint64 { return 0 }

func ctime(path string) int64 { return 0 }

func ownGroup(cmd *exec.Cmd) { cmd.WaitDelay = 250 * time.Millisecond }
