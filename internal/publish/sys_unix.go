//go:build unix

package publish

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

const (
	openNoFollow = unix.O_NOFOLLOW
	openNoCTTY   = unix.O_NOCTTY
	openNonBlock = unix.O_NONBLOCK
)

// canLock says that lock keeps other processes out, and that the system
// releases it when its process ends, however it ends.
const canLock = true

// ownedByMe reports whether info is of a file this process's user owns.
func ownedByMe(info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid()
}

// noReader reports whether opening a FIFO for writing without blocking
// failed for want of a reader.
func noReader(err error) bool { return errors.Is(err, unix.ENXIO) }

// lock takes an exclusive flock on the file name, created if needed, so
// that two builds never write one output folder at once. It does not wait:
// a second build is refused while the first runs. Closing the file (or the
// process ending, however it ends) releases the lock.
func lock(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|openNoFollow, 0o666)
	if err != nil {
		return nil, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			return nil, errLocked
		}
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	return f, nil
}
