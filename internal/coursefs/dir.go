package coursefs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"nostromo-lessons/internal/regular"
)

// Errors of the file system Dir returns. A file the course supplies that is
// not a regular file (a FIFO, a device, a socket) is refused before any
// byte of it is read; a file over its limit (FileLimit) fails while it is
// read.
var (
	ErrNotRegular = regular.ErrNotRegular
	ErrTooLarge   = regular.ErrTooLarge
	ErrLink       = errors.New("a symbolic link, which is not followed; give the file itself")
)

// Dir returns the course folder dir as a file system that cannot leave it:
// it is read through an os.Root, so no path with "..", and no symbolic link
// that points outside the folder, is followed. A relative link that stays
// inside the course is followed (a lesson may be a link to another file of
// the course); an absolute link is refused even when it points inside, as
// os.Root refuses it. Every file is opened without blocking and checked on
// the open descriptor: only regular files and folders are opened, and a
// file is read through its size limit (FileLimit).
//
// The file system implements fs.ReadDirFS and fs.StatFS; Close releases
// its folder descriptor (else the garbage collector does).
func Dir(dir string) (*DirFS, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("course %q: %w", dir, UnwrapPath(err))
	}
	return &DirFS{root}, nil
}

// FileLimit returns the size limit of a course file by its path: templates,
// style sheets and piece art have their own; everything else (the YAML
// files) has MaxFileSize.
func FileLimit(name string) int64 {
	switch {
	case strings.HasPrefix(name, "templates/art/"):
		return MaxArtSize
	case strings.HasPrefix(name, "templates/") && strings.HasSuffix(name, ".css"):
		return MaxStyleSize
	case strings.HasPrefix(name, "templates/"):
		return MaxTemplateSize
	}
	return MaxFileSize
}

// DirFS is a course folder opened by Dir.
type DirFS struct{ root *os.Root }

// Close releases the folder; the file system cannot be used after.
func (r *DirFS) Close() error { return r.root.Close() }

// Open implements fs.FS: it opens name without following a link out of the
// course, refuses anything that is neither a regular file nor a folder, and
// limits what can be read of a file.
func (r *DirFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	f, err := r.root.OpenFile(name, regular.Flags, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: UnwrapPath(err)}
	}
	limit := FileLimit(name)
	info, err := regular.Check(f, limit) // fstat: the file opened, not the name
	switch {
	case err != nil:
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: UnwrapPath(err)}
	case info.IsDir():
		return f, nil
	}
	return &limitedFile{f: f, name: name, left: limit}, nil
}

// ReadDir implements fs.ReadDirFS: the entries of the folder name, sorted.
func (r *DirFS) ReadDir(name string) ([]fs.DirEntry, error) {
	f, err := r.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d, ok := f.(fs.ReadDirFile)
	if !ok {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: errors.New("not a folder")}
	}
	entries, err := d.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	if err != nil {
		return entries, &fs.PathError{Op: "readdir", Path: name, Err: UnwrapPath(err)}
	}
	return entries, nil
}

// Stat implements fs.StatFS without following a link out of the course.
func (r *DirFS) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	info, err := r.root.Stat(name)
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: UnwrapPath(err)}
	}
	return info, nil
}

// SizeError is a file over its size limit; it is ErrTooLarge.
type SizeError = regular.SizeError

func tooLarge(limit int64) error { return &SizeError{Limit: limit} }

// limitedFile is a regular file of the course read through its limit: a
// read past the limit fails (the file grew after it was opened).
type limitedFile struct {
	f    *os.File
	name string
	left int64 // bytes that may still be read
}

func (l *limitedFile) Stat() (fs.FileInfo, error) { return l.f.Stat() }
func (l *limitedFile) Close() error               { return l.f.Close() }

func (l *limitedFile) Read(p []byte) (int, error) {
	if l.left <= 0 {
		// One byte more than the limit tells a full file from a long one.
		var one [1]byte
		if n, _ := l.f.Read(one[:]); n > 0 {
			return 0, &fs.PathError{Op: "read", Path: l.name, Err: tooLarge(FileLimit(l.name))}
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.f.Read(p)
	l.left -= int64(n)
	if err != nil && err != io.EOF {
		err = &fs.PathError{Op: "read", Path: l.name, Err: UnwrapPath(err)}
	}
	return n, err
}

// ReadFile reads the file at path on disk (outside any course) as Dir
// reads a course file: without blocking, only a regular file, at most
// limit bytes.
//
// A symbolic link is refused, not followed, as a course's link out of its
// folder is: there is no folder here for it to stay in, and the target's
// first line would be quoted in the messages about it.
func ReadFile(name string, limit int64) ([]byte, error) {
	linfo, err := os.Lstat(name)
	if err != nil {
		return nil, UnwrapPath(err)
	}
	if linfo.Mode()&fs.ModeSymlink != 0 {
		return nil, ErrLink
	}
	f, err := os.OpenFile(name, regular.Flags, 0)
	if err != nil {
		return nil, UnwrapPath(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, UnwrapPath(err)
	}
	if !os.SameFile(linfo, info) { // made a link, or replaced, in between
		return nil, ErrLink
	}
	src, err := regular.Read(f, limit)
	if err != nil {
		return nil, UnwrapPath(err)
	}
	return src, nil
}

// ReadLimited reads the file name of fsys, failing with ErrTooLarge past
// limit bytes.
func ReadLimited(fsys fs.FS, name string, limit int64) ([]byte, error) {
	fh, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	if info, err := fh.Stat(); err == nil && info.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("is a folder, not a file")}
	}
	src, err := io.ReadAll(io.LimitReader(fh, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(src)) > limit {
		return nil, &fs.PathError{Op: "read", Path: name, Err: tooLarge(limit)}
	}
	return src, nil
}

// UnwrapPath returns the error an fs.PathError wraps, or err itself, so
// that a message names the file once.
func UnwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
