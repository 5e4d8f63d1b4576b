package publish

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"nostromo-lessons/internal/regular"
)

// outputMarker is written into every output folder, so that a later build
// replaces only folders that the tool itself made.
const outputMarker = ".nostromo-lessons-output"

// EmitFunc writes one output file, named by a slash path relative to the
// output folder, through write.
type EmitFunc func(name string, write func(io.Writer) error) error

// Folder makes the output folder out atomically: produce emits every file
// into a fresh temporary folder beside out, and only when all of them are
// written is it swapped in for out. On any error, or when ctx is cancelled,
// the temporary folder is removed and the previous out is left as it was.
// It returns the number of files written.
//
// The swap is one step where the system allows it (renameat2 with
// RENAME_EXCHANGE on Linux); elsewhere it is two renames, out to .OUT.old
// and the new folder to out, and a build stopped between the two is undone
// by the next one, which first puts .OUT.old back (as Restore does before
// a build proves anything). A lock file beside out (.OUT.lock) keeps a
// second build out while one runs. Temporary folders left by killed builds
// (.OUT.tmp-*) are removed under the lock, only when they carry the output
// marker, never through a link. A folder is removed by renaming it to a
// name only removal uses (.OUT.rm-PID-N) first, so that a build killed
// while it removes one (which may take the marker first) leaves a folder
// the next build knows, and removes, whatever is left in it. Folders are
// made with mode 0777 less the umask, files 0666 less the umask.
//
// Every error says whether out was changed.
func Folder(ctx context.Context, out string, produce func(emit EmitFunc) error) (files int, err error) {
	out, err = CheckFolder(out)
	if err != nil {
		return 0, err
	}
	parent, base := filepath.Dir(out), filepath.Base(out)
	if err := os.MkdirAll(parent, 0o777); err != nil {
		return 0, unchanged(out, err)
	}
	l, err := lock(filepath.Join(parent, "."+base+".lock"))
	if errors.Is(err, errLocked) {
		return 0, unchanged(out, fmt.Errorf("another build is writing %s", out))
	} else if err != nil {
		return 0, unchanged(out, err)
	}
	defer l.Close()
	if err := restoreOld(out); err != nil {
		return 0, err
	}
	removeStale(parent, base)
	if err := checkReplaceable(out); err != nil {
		return 0, err
	}
	tmp, err := makeTemp(parent, base)
	if err != nil {
		return 0, unchanged(out, err)
	}
	defer func() {
		if !errors.Is(err, errKilled) { // a kill leaves everything as it is
			discard(tmp, out) // a no-op once tmp has become out
		}
	}()
	emit := func(name string, write func(io.Writer) error) error {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("stopped: %w", err)
		}
		files++
		return writeFile(tmp, name, write)
	}
	if err := produce(emit); err != nil {
		return 0, unchanged(out, err)
	}
	if err := ctx.Err(); err != nil {
		return 0, unchanged(out, fmt.Errorf("stopped: %w", err))
	}
	return files, swap(tmp, out)
}

// errLocked is returned by lock when another build holds the lock.
var errLocked = errors.New("locked")

// errKilled is returned where a test asks Folder to stop as if killed.
var errKilled = errors.New("killed (a test)")

// killAt, when a test sets it, stops Folder at the named point of the swap
// as a kill would: nothing after it runs, nothing is cleaned up.
var killAt = ""

// removeAll removes a folder renamed for removal (discard); tests make
// it fail, or stop in the middle as a kill would.
var removeAll = os.RemoveAll

// Restore puts back the output folder out of a build killed in the middle
// of the two-rename swap (where the system has no one-step exchange:
// macOS, Windows), and removes the old output beside it and the
// temporary folders of killed builds. build runs it before proving
// anything, so that a build that then fails on the course's problems
// leaves out complete, as its message says, and nothing beside it. It
// does nothing while another build holds the lock; that build restores
// out.
func Restore(out string) error {
	out, err := CheckFolder(out)
	var refused *RefusedError
	if errors.As(err, &refused) {
		return nil // the build refuses it, with the reason
	}
	parent, base := filepath.Dir(out), filepath.Base(out)
	if _, err := os.Lstat(parent); err != nil {
		return nil // nothing to restore
	}
	l, err := lock(filepath.Join(parent, "."+base+".lock"))
	if err != nil {
		return nil // another build runs, or the build says why
	}
	defer l.Close()
	if err := restoreOld(out); err != nil {
		return err
	}
	removeStale(parent, base)
	return nil
}

// unchanged wraps err from a build that left out as it was.
func unchanged(out string, err error) error {
	return fmt.Errorf("build: %w; %s was not changed", err, out)
}

// CheckFolder returns the output folder name out cleaned ("out/" is "out"),
// or an error before any work if no build could write it: an empty name, a
// name with no folder of its own (".", "..", "/"), a symbolic link, a file,
// or a folder that is not empty and that no build made.
func CheckFolder(out string) (string, error) {
	if out == "" {
		return "", &RefusedError{Name: out, Reason: "the output folder name is empty"}
	}
	clean := filepath.Clean(out)
	if b := filepath.Base(clean); b == "." || b == ".." || b == string(filepath.Separator) {
		return "", &RefusedError{Name: out, Reason: "name a folder of its own for the output, such as out"}
	}
	return clean, checkReplaceable(clean)
}

// checkReplaceable refuses to replace anything but a folder that a build
// made, or an empty folder; it never follows a link.
func checkReplaceable(out string) error {
	info, err := os.Lstat(out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return unchanged(out, err)
	}
	if !info.IsDir() {
		return &RefusedError{Name: out, Reason: fmt.Sprintf("it is %s, not an output folder", regular.Kind(info.Mode()))}
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		return unchanged(out, err)
	}
	if len(entries) > 0 && !marked(out) {
		return &RefusedError{Name: out, Reason: "the folder is not empty and was not made by nostromo-lessons build; choose another folder with -o, or empty it"}
	}
	return nil
}

// marked reports whether dir is a folder (not a link) holding the output
// marker as a regular file.
func marked(dir string) bool {
	d, err := os.Lstat(dir)
	if err != nil || !d.IsDir() {
		return false
	}
	m, err := os.Lstat(filepath.Join(dir, outputMarker))
	return err == nil && m.Mode().IsRegular()
}

// makeTemp creates the temporary folder of a build beside out, with the
// output marker already in it, so that if the build is killed the next one
// knows the folder as its own.
func makeTemp(parent, base string) (string, error) {
	for i := 0; ; i++ {
		tmp := filepath.Join(parent, "."+base+".tmp-"+strconv.Itoa(os.Getpid())+"-"+strconv.Itoa(i))
		err := os.Mkdir(tmp, 0o777) // the umask applies
		if errors.Is(err, fs.ErrExist) && i < 10000 {
			continue
		}
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(tmp, outputMarker), []byte(markerText), 0o666); err != nil {
			os.RemoveAll(tmp)
			return "", err
		}
		return tmp, nil
	}
}

const markerText = "made by nostromo-lessons build; the next build replaces this folder\n"

// oldName is where the two-rename swap keeps the old output.
func oldName(out string) string {
	return filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".old")
}

// restoreOld finishes the two-rename swap of a build killed in the middle:
// when out is missing and the old output waits beside it, it goes back;
// when out is there, the old output is removed.
func restoreOld(out string) error {
	old := oldName(out)
	if !marked(old) {
		return nil
	}
	_, err := os.Lstat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.Rename(old, out); err != nil {
			return fmt.Errorf("build: %s is missing and its old output in %s could not be put back: %w", out, old, err)
		}
	case err == nil:
		discard(old, out)
	}
	return nil
}

// rmName returns a new name beside out for a folder about to be removed:
// .BASE.rm-PID-N, which only removal uses.
func rmName(parent, base string) string {
	for i := 0; ; i++ {
		name := filepath.Join(parent, "."+base+".rm-"+strconv.Itoa(os.Getpid())+"-"+strconv.Itoa(i))
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) || i >= 10000 {
			return name
		}
	}
}

// discard removes dir, a folder beside the output folder out: it renames
// it to rmName first, so that a kill during the removal leaves a folder
// that the next build removes (removeStale), and returns where the folder
// is, when it could not be removed.
func discard(dir, out string) (string, error) {
	rm := rmName(filepath.Dir(out), filepath.Base(out))
	if err := os.Rename(dir, rm); err != nil {
		return dir, err
	}
	if err := removeAll(rm); err != nil {
		return rm, err
	}
	return "", nil
}

// removeStale removes the temporary folders of earlier builds that were
// killed: folders (not links) named .BASE.tmp-* that carry the marker, and
// folders named .BASE.rm-*, which a build was removing when it was killed,
// whatever is left in them.
func removeStale(parent, base string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := filepath.Join(parent, e.Name())
		switch {
		case !e.Type().IsDir(): // never through a link
		case isRmName(e.Name(), base):
			os.RemoveAll(name) // removes links inside, never what they point to
		case isTempName(e.Name(), base) && marked(name):
			discard(name, filepath.Join(parent, base))
		}
	}
}

// isRmName reports whether name is a folder being removed of the output
// folder base: .BASE.rm-PID-N.
func isRmName(name, base string) bool {
	rest, ok := strings.CutPrefix(name, "."+base+".rm-")
	if !ok {
		return false
	}
	pid, n, _ := strings.Cut(rest, "-")
	return allDigits(pid) && allDigits(n)
}

// isTempName reports whether name is one of the temporary folders of the
// output folder base: .BASE.tmp-PID-N (and, from earlier versions,
// .BASE.tmp-N and .BASE.tmp-N.old). The digits keep out the temporary
// folders of another output whose name starts alike ("out.tmp-x").
func isTempName(name, base string) bool {
	rest, ok := strings.CutPrefix(name, "."+base+".tmp-")
	if !ok {
		return false
	}
	rest = strings.TrimSuffix(rest, ".old")
	pid, n, _ := strings.Cut(rest, "-")
	return allDigits(pid) && (n == "" && !strings.Contains(rest, "-") || allDigits(n))
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// writeFile writes the file name (a slash path) below dir.
func writeFile(dir, name string, write func(io.Writer) error) error {
	if !fs.ValidPath(name) || name == "." || path.Base(name) == outputMarker {
		return fmt.Errorf("file name %q would leave the output folder or is reserved", name)
	}
	full := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(full), 0o777); err != nil {
		return err
	}
	f, err := os.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	err = write(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// swap puts the finished folder tmp in place of out.
func swap(tmp, out string) error {
	if _, err := os.Lstat(out); errors.Is(err, fs.ErrNotExist) {
		err := renameNoReplace(tmp, out)
		if errors.Is(err, errors.ErrUnsupported) {
			err = os.Rename(tmp, out)
		}
		if err != nil {
			return unchanged(out, err)
		}
		return nil
	}
	err := exchange(tmp, out)
	if err == nil {
		if killAt == "exchanged" {
			return errKilled
		}
		if where, err := discard(tmp, out); err != nil {
			return fmt.Errorf("build: %s holds the new output, but the old one, now in %s, could not be removed (the next build removes it): %w", out, where, err)
		}
		return nil
	}
	if !errors.Is(err, errors.ErrUnsupported) {
		return unchanged(out, err)
	}
	old := oldName(out)
	if err := os.Rename(out, old); err != nil {
		return unchanged(out, err)
	}
	if killAt == "renamed-old" {
		return errKilled
	}
	if err := os.Rename(tmp, out); err != nil {
		if rerr := os.Rename(old, out); rerr != nil {
			return fmt.Errorf("build: %w; the old output is in %s and could not be put back (%v); the next build puts it back", err, old, rerr)
		}
		return unchanged(out, err)
	}
	if where, err := discard(old, out); err != nil {
		return fmt.Errorf("build: %s holds the new output, but the old one, now in %s, could not be removed (the next build removes it): %w", out, where, err)
	}
	return nil
}

// CopyFS copies every file of fsys into dir, which must be empty or not
// exist yet, and returns the slash paths of the files written.
func CopyFS(dir string, fsys fs.FS) ([]string, error) {
	if dir == "" { // it would be the current folder
		return nil, errors.New("the folder name is empty; name a new folder, such as my-course")
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return nil, fmt.Errorf("%s is not empty; choose a new or empty folder", dir)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	var files []string
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		files = append(files, name)
		return os.WriteFile(target, data, 0o644)
	})
	return files, err
}
