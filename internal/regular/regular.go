// Package regular reads files that may be hostile, as the course loader
// and the proof cache read theirs: opened without blocking (a FIFO never
// hangs the reader), judged on the open descriptor (a name swapped after
// the open changes nothing), only regular files, and read through a size
// limit (a link to /dev/zero, or a file that grows, is cut short).
package regular

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// Errors of Check and Read.
var (
	ErrNotRegular = errors.New("not a regular file")
	ErrTooLarge   = errors.New("file is over the size limit")
)

// SizeError is a file over its size limit; it is ErrTooLarge.
type SizeError struct{ Limit int64 }

func (e *SizeError) Error() string {
	return fmt.Sprintf("file is more than %d bytes, the limit", e.Limit)
}

// Is reports whether target is ErrTooLarge.
func (e *SizeError) Is(target error) bool { return target == ErrTooLarge }

// Flags are the flags to open a file for Check and Read with: read only,
// and without blocking, so that opening a FIFO returns at once.
const Flags = os.O_RDONLY | syscall.O_NONBLOCK

// Check judges the file f is open on (fstat, not the name): a folder
// passes, as does a regular file of at most limit bytes; anything else (a
// FIFO, a device, a socket) is ErrNotRegular, and a larger file a
// *SizeError.
func Check(f *os.File, limit int64) (fs.FileInfo, error) {
	info, err := f.Stat()
	switch {
	case err != nil:
		return nil, err
	case info.IsDir():
		return info, nil
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("%w (%s)", ErrNotRegular, Kind(info.Mode()))
	case info.Size() > limit:
		return nil, &SizeError{limit}
	}
	return info, nil
}

// Read reads the whole of f, opened with Flags, when it is a regular file
// of at most limit bytes, reading no more than that even if it grows.
func Read(f *os.File, limit int64) ([]byte, error) {
	info, err := Check(f, limit)
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return nil, fmt.Errorf("%w (%s)", ErrNotRegular, Kind(info.Mode()))
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &SizeError{limit}
	}
	return data, nil
}

// Kind names the kind of file m is, with its article, for messages: "a
// regular file", "a folder", "a symbolic link", "a named pipe", "a socket",
// "a character device", "a block device", else its mode. It is the one
// spelling of file modes in words (the loader, the proof cache, the
// publisher).
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a folder"
	case m.IsRegular():
		return "a regular file"
	}
	return "mode " + m.String()
}
