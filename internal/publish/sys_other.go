//go:build !unix

package publish

import (
	"io/fs"
	"os"
)

const (
	openNoFollow = 0
	openNoCTTY   = 0
	openNonBlock = 0
)

// noReader reports whether opening a FIFO failed for want of a reader:
// never here, where the open does not ask not to block.
func noReader(error) bool { return false }

// lock opens the lock file; without flock it does not keep a second build
// out.
func lock(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o666)
}

// canLock says that lock does not keep other processes out here.
const canLock = false

// ownedByMe is not asked where canLock is false.
func ownedByMe(fs.FileInfo) bool { return false }
