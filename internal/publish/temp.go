package publish

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// tempLock is the lock file in a folder of TempFolder: held while its
// process runs, it marks the folder as one of this tool's.
const tempLock = ".nostromo-lessons-lock"

// TempFolder makes a new folder in the system's temporary folder, named
// prefix and random digits, for a process that runs for long, such as
// serve, and returns it with a function that removes it. The folder holds
// a lock file while the process runs, and however the process ends (a
// kill too) the lock is released: first, TempFolder removes the folders
// of prefix that this user's earlier processes left, those whose lock is
// free, never another's that runs. A folder is renamed to prefix "rm-"
// PID-N before it is removed, so that a kill during the removal leaves a
// folder that the next call removes whatever it holds. Where the system
// has no lock that a killed process releases (Windows), nothing left is
// removed.
func TempFolder(prefix string) (dir string, remove func(), err error) {
	removeStaleTemp(os.TempDir(), prefix)
	dir, err = os.MkdirTemp("", prefix+"*")
	if err != nil {
		return "", nil, err
	}
	// The lock is taken under another name, then renamed: a file named
	// tempLock is always locked while its process runs, so another
	// process never takes a new folder for a dead one's.
	l, err := lock(filepath.Join(dir, tempLock+".new"))
	if err == nil {
		err = os.Rename(filepath.Join(dir, tempLock+".new"), filepath.Join(dir, tempLock))
		if err != nil {
			l.Close()
		}
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	remove = func() {
		rm := tempRmName(filepath.Dir(dir), prefix)
		if os.Rename(dir, rm) == nil {
			l.Close()
			os.RemoveAll(rm)
			return
		}
		l.Close()
		os.RemoveAll(dir)
	}
	return dir, remove, nil
}

// tempRmName returns a new name in parent for a folder of prefix about to
// be removed: prefix "rm-" PID-N.
func tempRmName(parent, prefix string) string {
	for i := 0; ; i++ {
		name := filepath.Join(parent, prefix+"rm-"+strconv.Itoa(os.Getpid())+"-"+strconv.Itoa(i))
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) || i >= 10000 {
			return name
		}
	}
}

// removeStaleTemp removes the folders of prefix in parent that this
// user's processes left when they were killed: folders (not links) that
// hold a lock file (a regular file) that no process holds, and folders
// being removed (prefix "rm-" PID-N) whatever they hold.
func removeStaleTemp(parent, prefix string) {
	if !canLock {
		return
	}
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.Type().IsDir() {
			continue
		}
		name := filepath.Join(parent, e.Name())
		info, err := os.Lstat(name)
		if err != nil || !info.IsDir() || !ownedByMe(info) {
			continue
		}
		if r, ok := strings.CutPrefix(rest, "rm-"); ok {
			pid, n, _ := strings.Cut(r, "-")
			if allDigits(pid) && allDigits(n) {
				os.RemoveAll(name) // removes links inside, never what they point to
			}
			continue
		}
		lf := filepath.Join(name, tempLock)
		if li, err := os.Lstat(lf); err != nil || !li.Mode().IsRegular() {
			continue // not one of ours, or one being made
		}
		l, err := lock(lf)
		if err != nil {
			continue // its process runs
		}
		rm := tempRmName(parent, prefix)
		err = os.Rename(name, rm)
		l.Close()
		if err == nil {
			os.RemoveAll(rm)
		}
	}
}
