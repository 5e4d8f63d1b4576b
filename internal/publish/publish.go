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
func Folder(ctx context.Context, out string, produce func(emit EmitFunc) error) (int, error) {
	if err := checkReplaceable(out); err != nil {
		return 0, err
	}
	parent, base := filepath.Dir(out), filepath.Base(out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return 0, fmt.Errorf("build: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, "."+base+".tmp-")
	if err != nil {
		return 0, fmt.Errorf("build: %w", err)
	}
	defer os.RemoveAll(tmp) // a no-op once tmp has become out
	files := 0
	emit := func(name string, write func(io.Writer) error) error {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("build: stopped: %w", err)
		}
		files++
		return writeFile(tmp, name, write)
	}
	if err := produce(emit); err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(tmp, outputMarker), []byte("made by nostromo-lessons build; the next build replaces this folder\n"), 0o644); err != nil {
		return 0, fmt.Errorf("build: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("build: stopped: %w", err)
	}
	return files, swap(tmp, out)
}

// checkReplaceable refuses to replace a folder that a build did not make.
func checkReplaceable(out string) error {
	entries, err := os.ReadDir(out)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && len(entries) == 0) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("build: output folder %q: %w", out, err)
	}
	if _, err := os.Stat(filepath.Join(out, outputMarker)); err != nil {
		return fmt.Errorf("build: output folder %q is not empty and was not made by nostromo-lessons build; choose another folder with -o, or empty it", out)
	}
	return nil
}

// writeFile writes the file name (a slash path) below dir.
func writeFile(dir, name string, write func(io.Writer) error) error {
	if !fs.ValidPath(name) || name == "." || path.Base(name) == outputMarker {
		return fmt.Errorf("build: file name %q would leave the output folder or is reserved", name)
	}
	full := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return fmt.Errorf("build: %w", err)
	}
	f, err := os.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("build: %w", err)
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
		return fmt.Errorf("build: %s: %w", name, err)
	}
	return nil
}

// swap puts the finished folder tmp in place of out, keeping the old out
// until the new one is in place.
func swap(tmp, out string) error {
	old := ""
	if _, err := os.Stat(out); err == nil {
		old = tmp + ".old"
		if err := os.Rename(out, old); err != nil {
			return fmt.Errorf("build: %w", err)
		}
	}
	if err := os.Rename(tmp, out); err != nil {
		if old != "" {
			os.Rename(old, out)
		}
		return fmt.Errorf("build: %w", err)
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// WriteFile writes data to a temporary file beside name and renames it to
// name once complete, so that name is never half written.
func WriteFile(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
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

// CopyFS copies every file of fsys into dir, which must be empty or not
// exist yet, and returns the slash paths of the files written.
func CopyFS(dir string, fsys fs.FS) ([]string, error) {
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
