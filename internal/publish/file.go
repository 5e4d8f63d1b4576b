package publish

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"nostromo-lessons/internal/regular"
)

// RefusedError reports a target that publish will not write: a symbolic link
// to anything but a device or a FIFO, a folder, a socket, a block device, an
// empty name. Commands report it as bad input.
type RefusedError struct {
	Name   string // the target as given
	Reason string
	Err    error // the cause, if any: fs.ErrNotExist for a folder that does not exist
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("will not write %q: %s", e.Name, e.Reason)
}

func (e *RefusedError) Unwrap() error { return e.Err }

// WriteFile writes data to the file name, by one rule per kind of target:
//
//   - a regular file, or no file yet, is replaced atomically: data goes to a
//     temporary file beside name (created with mode 0666 less the umask),
//     which is renamed to name once complete, so name is never half written;
//   - a character device or a FIFO (/dev/null, /dev/stdout on a terminal or
//     a pipe, a named pipe) is opened and streamed into, never replaced;
//   - a symbolic link is followed only to a character device or a FIFO
//     (/dev/stdout is one); to anything else it is refused, never written
//     through and never replaced;
//   - anything else (a folder, a socket, a block device) is refused.
//
// A refusal is a *RefusedError.
func WriteFile(name string, data []byte) error {
	return WriteFileContext(context.Background(), name, data)
}

// WriteFileContext is WriteFile, stopped by ctx while it waits: for a
// FIFO's reader to open it, or for the reader to take what is written.
// Stopped, it returns ctx's error.
func WriteFileContext(ctx context.Context, name string, data []byte) error {
	stream, err := checkFile(name)
	if err != nil {
		return err
	}
	if stream {
		return streamFile(ctx, name, data)
	}
	return replaceFile(name, data)
}

// CheckFile reports, before any work, whether WriteFile would refuse name:
// nil, a *RefusedError, or the error of looking at it.
func CheckFile(name string) error {
	_, err := checkFile(name)
	return err
}

// checkFile applies WriteFile's rule to name: stream tells whether name is
// a device or FIFO (or a link to one) to write into rather than replace.
func checkFile(name string) (stream bool, err error) {
	if name == "" {
		return false, &RefusedError{Name: name, Reason: "the file name is empty"}
	}
	info, err := os.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		return false, checkFolder(name)
	case err != nil:
		return false, err
	case info.Mode().IsRegular():
		return false, nil
	case info.Mode()&(fs.ModeCharDevice|fs.ModeNamedPipe) != 0:
		return true, nil
	case info.Mode()&fs.ModeSymlink == 0:
		return false, &RefusedError{Name: name, Reason: fmt.Sprintf("it is %s, not a regular file, a character device or a FIFO", regular.Kind(info.Mode()))}
	}
	info, err = os.Stat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, &RefusedError{Name: name, Reason: "it is a symbolic link to nothing; a link is followed only to a character device or a FIFO"}
	case err != nil:
		return false, err
	case info.Mode()&(fs.ModeCharDevice|fs.ModeNamedPipe) == 0:
		return false, &RefusedError{Name: name, Reason: fmt.Sprintf("it is a symbolic link to %s; a link is followed only to a character device or a FIFO (write to the target itself, or leave out -o for standard output)", regular.Kind(info.Mode()))}
	}
	return true, nil
}

// checkFolder refuses a new file name whose folder does not exist or is
// not a folder, naming the folder: the temporary file beside name could
// not be made, and its name would only confuse.
func checkFolder(name string) error {
	dir := filepath.Dir(name)
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &RefusedError{Name: name, Reason: fmt.Sprintf("the folder %q does not exist; make it first", dir), Err: fs.ErrNotExist}
	case errors.Is(err, syscall.ENOTDIR):
		return &RefusedError{Name: name, Reason: fmt.Sprintf("the folder %q does not exist (a part of it is a file)", dir), Err: fs.ErrNotExist}
	case err != nil:
		return err
	case !info.IsDir():
		return &RefusedError{Name: name, Reason: fmt.Sprintf("%q is %s, not a folder", dir, regular.Kind(info.Mode()))}
	}
	return nil
}

// streamFile writes data into the device or FIFO name. The kind of file is
// judged again on the open file, so a name swapped in between is caught;
// opening with O_WRONLY alone changes nothing in a regular file.
//
// The file is opened without blocking: a FIFO that no one reads yet is
// tried again every pollFIFO until a reader comes or ctx is done, and a
// write that waits for the reader ends when ctx is done, so Ctrl-C stops
// both.
func streamFile(ctx context.Context, name string, data []byte) error {
	flags := os.O_WRONLY | openNoCTTY | openNonBlock // following a link checkFile allowed
	f, err := os.OpenFile(name, flags, 0)
	for err != nil && noReader(err) {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pollFIFO):
		}
		f, err = os.OpenFile(name, flags, 0)
	}
	if err != nil {
		return err
	}
	info, err := f.Stat()
	if err == nil && info.Mode()&(fs.ModeCharDevice|fs.ModeNamedPipe) == 0 {
		f.Close()
		return &RefusedError{Name: name, Reason: fmt.Sprintf("it became %s while being opened", regular.Kind(info.Mode()))}
	}
	if err == nil {
		stop := context.AfterFunc(ctx, func() { f.SetWriteDeadline(time.Now()) })
		_, err = f.Write(data)
		stop()
		if ctx.Err() != nil {
			err = ctx.Err()
		}
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// pollFIFO is how often streamFile tries again to open a FIFO without a
// reader.
const pollFIFO = 50 * time.Millisecond

// replaceFile writes data to a new temporary file beside name and renames it
// to name once complete.
func replaceFile(name string, data []byte) error {
	tmp, err := createTemp(name)
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// createTemp creates a new file beside name, with mode 0666 less the umask
// (os.CreateTemp would make it 0600).
func createTemp(name string) (*os.File, error) {
	dir, base := filepath.Dir(name), filepath.Base(name)
	for i := 0; ; i++ {
		tmp := filepath.Join(dir, "."+base+".tmp-"+strconv.Itoa(os.Getpid())+"-"+strconv.Itoa(i))
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL|openNoFollow, 0o666)
		if errors.Is(err, fs.ErrExist) && i < 10000 {
			continue
		}
		return f, err
	}
}
