package publish

import (
	"errors"

	"golang.org/x/sys/unix"
)

// exchange swaps the folders a and b in one step (renameat2 with
// RENAME_EXCHANGE): at every moment each name holds one complete folder.
// It returns errors.ErrUnsupported where the kernel or file system lacks it.
var exchange = func(a, b string) error {
	return renameat2(a, b, unix.RENAME_EXCHANGE)
}

// renameNoReplace renames from to to in one step, failing if to exists
// (renameat2 with RENAME_NOREPLACE). It returns errors.ErrUnsupported where
// the kernel or file system lacks it.
var renameNoReplace = func(from, to string) error {
	return renameat2(from, to, unix.RENAME_NOREPLACE)
}

func renameat2(from, to string, flags uint) error {
	err := unix.Renameat2(unix.AT_FDCWD, from, unix.AT_FDCWD, to, flags)
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL) {
		return errors.ErrUnsupported
	}
	return err
}
