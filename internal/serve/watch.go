package serve

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// OutputMarker is the file that marks a folder written by "build" (see
// internal/publish): Watch neither watches such a folder nor counts
// changes in it, so that building into the course folder does not make
// serve build again.
const OutputMarker = ".nostromo-lessons-output"

// Watch watches the folder root and every folder below it, new ones too.
// It calls changed once as soon as the folders are watched, so that a build
// it starts sees every change that is not reported later, and again once
// things have been quiet for wait after a change.
// Editors that save by writing a temporary file and renaming it over the
// old one are seen through the folder's events: the rename creates the
// file's name anew. Hidden files and folders (a leading dot) and editors'
// backup and swap files are ignored. Problems of the watcher (for example
// too many events to keep up) are passed to warn and count as a change.
// Watch returns when ctx is done, or at once if root cannot be watched.
func Watch(ctx context.Context, root string, wait time.Duration, changed func(), warn func(error)) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	if err := addTree(w, root, warn); err != nil {
		return err
	}
	changed()
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if Ignored(filepath.Base(ev.Name)) || ev.Op == fsnotify.Chmod {
				continue
			}
			if ev.Has(fsnotify.Create) {
				if info, err := os.Lstat(ev.Name); err == nil && info.IsDir() {
					if isOutput(ev.Name) {
						continue
					}
					// Files made in it before it was watched are
					// counted by the build this event starts.
					if err := addTree(w, ev.Name, warn); err != nil {
						warn(err)
					}
				}
			}
			timer.Reset(wait)
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			warn(err)
			timer.Reset(wait)
		case <-timer.C:
			changed()
		}
	}
}

// addTree watches dir and every folder below it that is neither hidden nor
// a build's output. A folder that vanishes while it is walked is skipped.
func addTree(w *fsnotify.Watcher, dir string, warn func(error)) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p != dir {
				return nil
			}
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if p != dir && (Ignored(d.Name()) || isOutput(p)) {
			return filepath.SkipDir
		}
		if err := w.Add(p); err != nil {
			if p == dir {
				return err
			}
			warn(err)
		}
		return nil
	})
}

// isOutput reports whether the folder dir was written by a build.
func isOutput(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, OutputMarker))
	return err == nil
}

// Ignored reports whether a change to the file or folder name is none of
// the course's: hidden names (.git, .file.swp, .#file), backups (file~),
// Emacs's #file# and the file 4913 that Vim makes to test a folder.
func Ignored(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasSuffix(name, "~") ||
		strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#") ||
		name == "4913" || strings.HasSuffix(name, ".swp") || strings.HasSuffix(name, ".swx")
}
