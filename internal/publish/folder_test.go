package publish

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// leftovers lists what a build left beside out, besides out and its lock
// file: temporary folders, old outputs.
func leftovers(t *testing.T, out string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Dir(out))
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, e := range entries {
		if e.Name() != filepath.Base(out) && e.Name() != "."+filepath.Base(out)+".lock" {
			left = append(left, e.Name())
		}
	}
	return left
}

// withoutExchange makes Folder use the two-rename swap, as on a system
// without renameat2, for the rest of the test.
func withoutExchange(t *testing.T) {
	savedX, savedN := exchange, renameNoReplace
	exchange = func(a, b string) error { return errors.ErrUnsupported }
	renameNoReplace = func(a, b string) error { return errors.ErrUnsupported }
	t.Cleanup(func() { exchange, renameNoReplace = savedX, savedN })
}

var (
	oldFiles = map[string]string{"site/index.html": "old", "pdf/a.pdf": "old pdf"}
	newFiles = map[string]string{"site/index.html": "new", "md/a.md": "new md"}
)

// sameFiles reports whether the folder dir holds exactly files and the
// marker.
func sameFiles(t *testing.T, dir string, files map[string]string) bool {
	t.Helper()
	if _, err := os.Stat(dir); err != nil {
		return false
	}
	got := readTree(t, dir)
	if got[outputMarker] == "" || len(got) != len(files)+1 {
		return false
	}
	for name, body := range files {
		if got[name] != body {
			return false
		}
	}
	return true
}

// TestFolderKilledMidSwap stops a build between the two steps of the swap,
// as a kill would, on both paths: the one-step exchange (then removing the
// old output) and the two renames. At every such point the old or the new
// output is complete, and the next build finishes the work: out holds one
// complete output and nothing is left beside it.
func TestFolderKilledMidSwap(t *testing.T) {
	for _, tt := range []struct {
		name      string
		exchange  bool
		point     string
		wantAfter map[string]string // out after the next (failing) build
	}{
		{"exchange", true, "exchanged", newFiles},
		{"two renames", false, "renamed-old", oldFiles},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !tt.exchange {
				withoutExchange(t)
			}
			out := filepath.Join(t.TempDir(), "out")
			if _, err := Folder(context.Background(), out, emitAll(oldFiles)); err != nil {
				t.Fatal(err)
			}
			killAt = tt.point
			_, err := Folder(context.Background(), out, emitAll(newFiles))
			killAt = ""
			if !errors.Is(err, errKilled) {
				t.Fatalf("Folder killed at %q: err = %v, want errKilled", tt.point, err)
			}
			// Right after the kill: some folder holds a complete output.
			complete := false
			for _, name := range append(leftovers(t, out), filepath.Base(out)) {
				dir := filepath.Join(filepath.Dir(out), name)
				complete = complete || sameFiles(t, dir, oldFiles) || sameFiles(t, dir, newFiles)
			}
			if !complete {
				t.Fatalf("after a kill at %q no folder holds a complete output: %v", tt.point, leftovers(t, out))
			}
			// The next build, even one that fails, first puts things right.
			fail := func(EmitFunc) error { return errors.New("lesson 3 is broken") }
			if _, err := Folder(context.Background(), out, fail); err == nil {
				t.Fatal("Folder(fail) succeeded")
			}
			if !sameFiles(t, out, tt.wantAfter) {
				t.Errorf("after the next build out holds %v, want %v", readTree(t, out), tt.wantAfter)
			}
			if left := leftovers(t, out); len(left) > 0 {
				t.Errorf("the next build left %v beside out", left)
			}
		})
	}
}

// TestFolderSwapPaths builds twice into a new folder on both swap paths.
func TestFolderSwapPaths(t *testing.T) {
	for _, exch := range []bool{true, false} {
		t.Run(map[bool]string{true: "exchange", false: "two renames"}[exch], func(t *testing.T) {
			if !exch {
				withoutExchange(t)
			}
			out := filepath.Join(t.TempDir(), "out")
			for _, files := range []map[string]string{oldFiles, newFiles} {
				if _, err := Folder(context.Background(), out, emitAll(files)); err != nil {
					t.Fatal(err)
				}
				if !sameFiles(t, out, files) {
					t.Errorf("out holds %v, want %v", readTree(t, out), files)
				}
			}
			if left := leftovers(t, out); len(left) > 0 {
				t.Errorf("left %v beside out", left)
			}
		})
	}
}

// TestFolderRemovesStale checks that temporary folders of killed builds are
// removed by the next build, but only folders with the marker, and never
// what a link points to.
func TestFolderRemovesStale(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	mk := func(dir string, marker bool) {
		if err := os.MkdirAll(filepath.Join(dir, "site"), 0o777); err != nil {
			t.Fatal(err)
		}
		if marker {
			os.WriteFile(filepath.Join(dir, outputMarker), []byte(markerText), 0o666)
		}
	}
	stale := filepath.Join(parent, ".out.tmp-12345-0")
	staleOld := filepath.Join(parent, ".out.tmp-3162568188.old") // from an earlier version
	foreign := filepath.Join(parent, ".out.tmp-mine")
	otherOutput := filepath.Join(parent, ".out.tmp-x.tmp-7-0") // the build of out.tmp-x
	mk(staleOld, true)
	mk(otherOutput, true)
	elsewhere := filepath.Join(t.TempDir(), "precious")
	mk(stale, true)
	mk(foreign, false)
	mk(elsewhere, true)
	link := filepath.Join(parent, ".out.tmp-link")
	if err := os.Symlink(elsewhere, link); err != nil {
		t.Fatal(err)
	}
	if _, err := Folder(context.Background(), out, emitAll(newFiles)); err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{stale, staleOld} {
		if _, err := os.Lstat(gone); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the stale folder %s is still there (%v)", gone, err)
		}
	}
	for _, keep := range []string{foreign, otherOutput, link, filepath.Join(elsewhere, outputMarker)} {
		if _, err := os.Lstat(keep); err != nil {
			t.Errorf("%s was removed: %v", keep, err)
		}
	}
}

// TestFolderNames checks that the output folder name is cleaned, and that
// names a build cannot use are refused before any work.
func TestFolderNames(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("file", []byte("x"), 0o666)
	os.Symlink(dir, "link")
	for _, tt := range []struct {
		out  string
		want string // "" when it should work
	}{
		{"out/", ""},
		{"a/b/../out2//", ""},
		{"", "empty"},
		{".", "folder of its own"},
		{"..", "folder of its own"},
		{"/", "folder of its own"},
		{"file", "regular file"},
		{"link", "symbolic link"},
	} {
		t.Run(tt.out, func(t *testing.T) {
			produced := false
			_, err := Folder(context.Background(), tt.out, func(emit EmitFunc) error { produced = true; return emitAll(newFiles)(emit) })
			if tt.want == "" {
				if err != nil || !sameFiles(t, filepath.Clean(tt.out), newFiles) {
					t.Errorf("Folder(%q) = %v, want the files in %s", tt.out, err, filepath.Clean(tt.out))
				}
				return
			}
			var refused *RefusedError
			if !errors.As(err, &refused) || !strings.Contains(err.Error(), tt.want) || produced {
				t.Errorf("Folder(%q) = %v (produced: %v), want a refusal naming %q before any work", tt.out, err, produced, tt.want)
			}
		})
	}
}

// TestFolderMode checks that the output folder is made with the umask
// applied, so that a web server can read it.
func TestFolderMode(t *testing.T) {
	mask := unix.Umask(0o022)
	defer unix.Umask(mask)
	out := filepath.Join(t.TempDir(), "out")
	if _, err := Folder(context.Background(), out, emitAll(newFiles)); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{".", "site", "site/index.html"} {
		info, err := os.Stat(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		want := fs.FileMode(0o755)
		if !info.IsDir() {
			want = 0o644
		}
		if info.Mode().Perm() != want {
			t.Errorf("%s has mode %v, want %v under umask 022", name, info.Mode().Perm(), want)
		}
	}
}

// TestFolderLocked checks that a build is refused while another holds the
// lock, and leaves out as it was.
func TestFolderLocked(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	if _, err := Folder(context.Background(), out, emitAll(oldFiles)); err != nil {
		t.Fatal(err)
	}
	l, err := lock(filepath.Join(filepath.Dir(out), ".out.lock"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Folder(context.Background(), out, emitAll(newFiles))
	if err == nil || !strings.Contains(err.Error(), "another build") || !strings.Contains(err.Error(), "was not changed") {
		t.Errorf("Folder while locked: %v, want an \"another build\" error", err)
	}
	l.Close()
	if !sameFiles(t, out, oldFiles) {
		t.Errorf("a refused build changed out: %v", readTree(t, out))
	}
	if _, err := Folder(context.Background(), out, emitAll(newFiles)); err != nil {
		t.Errorf("Folder after the lock was released: %v", err)
	}
}

// TestFolderMessagesTellTheTruth checks that when the old output cannot be
// removed after the swap, the error says out holds the new output.
func TestFolderMessagesTellTheTruth(t *testing.T) {
	for _, exch := range []bool{true, false} {
		t.Run(map[bool]string{true: "exchange", false: "two renames"}[exch], func(t *testing.T) {
			if !exch {
				withoutExchange(t)
			}
			out := filepath.Join(t.TempDir(), "out")
			if _, err := Folder(context.Background(), out, emitAll(oldFiles)); err != nil {
				t.Fatal(err)
			}
			saved := removeAll
			removeAll = func(string) error { return errors.New("disk on fire") }
			defer func() { removeAll = saved }()
			_, err := Folder(context.Background(), out, emitAll(newFiles))
			if err == nil || strings.Contains(err.Error(), "not changed") || !strings.Contains(err.Error(), "holds the new output") {
				t.Errorf("Folder with a failing removal: %v, want an error saying out holds the new output", err)
			}
			if !sameFiles(t, out, newFiles) {
				t.Errorf("out holds %v, want the new output", readTree(t, out))
			}
		})
	}
}

// TestFolderEmitReserved checks that a build cannot emit the marker.
func TestFolderEmitReserved(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	_, err := Folder(context.Background(), out, func(emit EmitFunc) error {
		return emit(outputMarker, func(w io.Writer) error { return nil })
	})
	if err == nil {
		t.Error("emitting the marker succeeded")
	}
}

// killingRemoval is a removeAll that a kill stops in the middle: it
// removes the marker (os.RemoveAll often takes it first) and one more
// file, then stops.
func killingRemoval(dir string) error {
	os.Remove(filepath.Join(dir, outputMarker))
	filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			os.Remove(name)
			return filepath.SkipAll
		}
		return err
	})
	return errKilled
}

// TestFolderKilledWhileRemoving kills a build in the middle of removing a
// folder: the old output after the swap (on both swap paths), or a stale
// temporary folder. The next build removes what is left, though the
// marker is gone (N8: such folders stayed for ever, 11 and 21 MB).
func TestFolderKilledWhileRemoving(t *testing.T) {
	for _, tt := range []struct {
		name     string
		exchange bool
		stale    bool
	}{
		{"old output, exchange", true, false},
		{"old output, two renames", false, false},
		{"stale temporary folder", true, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !tt.exchange {
				withoutExchange(t)
			}
			out := filepath.Join(t.TempDir(), "out")
			if _, err := Folder(context.Background(), out, emitAll(oldFiles)); err != nil {
				t.Fatal(err)
			}
			if tt.stale {
				stale := filepath.Join(filepath.Dir(out), ".out.tmp-999999-0")
				for name, body := range map[string]string{outputMarker: markerText, "site/a.html": "a", "site/b.html": "b"} {
					p := filepath.Join(stale, filepath.FromSlash(name))
					os.MkdirAll(filepath.Dir(p), 0o777)
					if err := os.WriteFile(p, []byte(body), 0o666); err != nil {
						t.Fatal(err)
					}
				}
			}
			removeAll = killingRemoval
			_, err := Folder(context.Background(), out, emitAll(newFiles))
			removeAll = os.RemoveAll
			if !errors.Is(err, errKilled) {
				t.Fatalf("Folder killed while removing: err = %v, want errKilled", err)
			}
			if left := leftovers(t, out); len(left) == 0 {
				t.Fatalf("the kill left nothing beside out: the test kills nothing")
			}
			for range 2 {
				if _, err := Folder(context.Background(), out, emitAll(newFiles)); err != nil {
					t.Fatal(err)
				}
			}
			if left := leftovers(t, out); len(left) > 0 {
				t.Errorf("two builds after the kill left %v beside out", left)
			}
			if !sameFiles(t, out, newFiles) {
				t.Errorf("out holds %v, want the new output", readTree(t, out))
			}
		})
	}
}

// TestFolderRemovesRmOnly checks that the folders being removed that the
// next build removes whatever they hold are its own output's
// (.OUT.rm-PID-N), folders, not links, and not another output's.
func TestFolderRemovesRmOnly(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	elsewhere := t.TempDir()
	precious := filepath.Join(elsewhere, "precious.txt")
	os.WriteFile(precious, []byte("keep"), 0o666)
	for _, name := range []string{".out.rm-12-0", ".out.rm-x", ".out.rm-1", ".other.rm-12-0", ".out.x.rm-12-0"} {
		os.MkdirAll(filepath.Join(parent, name, "site"), 0o777)
		os.Symlink(elsewhere, filepath.Join(parent, name, "link"))
	}
	os.Symlink(elsewhere, filepath.Join(parent, ".out.rm-13-0"))
	if _, err := Folder(context.Background(), out, emitAll(newFiles)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(parent, ".out.rm-12-0")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf(".out.rm-12-0 is still there (%v)", err)
	}
	for _, keep := range []string{".out.rm-x", ".out.rm-1", ".other.rm-12-0", ".out.x.rm-12-0", ".out.rm-13-0"} {
		if _, err := os.Lstat(filepath.Join(parent, keep)); err != nil {
			t.Errorf("%s was removed: %v", keep, err)
		}
	}
	if _, err := os.Stat(precious); err != nil {
		t.Errorf("a file through a link was removed: %v", err)
	}
}

// TestRestore checks that Restore, which build runs before proving, puts
// back the output of a build killed between the two renames of the swap
// (where the system has no one-step exchange), so that a build that then
// fails leaves out complete (N9: it left no out and said "out was not
// changed").
func TestRestore(t *testing.T) {
	withoutExchange(t)
	out := filepath.Join(t.TempDir(), "out")
	if _, err := Folder(context.Background(), out, emitAll(oldFiles)); err != nil {
		t.Fatal(err)
	}
	killAt = "renamed-old"
	_, err := Folder(context.Background(), out, emitAll(newFiles))
	killAt = ""
	if !errors.Is(err, errKilled) {
		t.Fatalf("Folder killed between the renames: err = %v, want errKilled", err)
	}
	if _, err := os.Lstat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("after the kill out is there (%v): the test kills nothing", err)
	}
	l, err := lock(filepath.Join(filepath.Dir(out), ".out.lock"))
	if err != nil {
		t.Fatal(err)
	}
	if err := Restore(out); err != nil {
		t.Errorf("Restore while another build runs: %v, want nil", err)
	}
	if _, err := os.Lstat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Restore changed out while another build held the lock")
	}
	l.Close()
	if err := Restore(out); err != nil {
		t.Fatal(err)
	}
	if !sameFiles(t, out, oldFiles) {
		t.Errorf("after Restore out holds %v, want the old output", readTree(t, out))
	}
	if left := leftovers(t, out); len(left) > 0 {
		t.Errorf("Restore left %v beside out", left)
	}
	for _, name := range []string{filepath.Join(t.TempDir(), "none", "out"), filepath.Join(t.TempDir(), "out")} {
		if err := Restore(name); err != nil {
			t.Errorf("Restore(%s), with nothing to restore: %v", name, err)
		}
	}
}
