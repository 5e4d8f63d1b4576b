package publish

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func emitAll(files map[string]string) func(EmitFunc) error {
	return func(emit EmitFunc) error {
		for _, name := range slices.Sorted(maps.Keys(files)) {
			body := files[name]
			if err := emit(name, func(w io.Writer) error { _, err := io.WriteString(w, body); return err }); err != nil {
				return err
			}
		}
		return nil
	}
}

func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		got[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestPublishReplacesOnlyWhenComplete(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	first := map[string]string{"site/index.html": "one", "pdf/a.pdf": "pdf"}
	if n, err := Folder(context.Background(), out, emitAll(first)); err != nil || n != 2 {
		t.Fatalf("Folder(first) = %d, %v; want 2, nil", n, err)
	}
	before := readTree(t, out)
	if before["site/index.html"] != "one" || before[outputMarker] == "" {
		t.Fatalf("first build wrote %v", before)
	}

	failing := func(emit EmitFunc) error {
		emit("site/index.html", func(w io.Writer) error { _, err := io.WriteString(w, "two"); return err })
		return errors.New("lesson 3 is broken")
	}
	if _, err := Folder(context.Background(), out, failing); err == nil {
		t.Fatal("Folder(failing) succeeded")
	}
	if after := readTree(t, out); len(after) != len(before) || after["site/index.html"] != "one" {
		t.Errorf("a failed build changed out/: got %v, want %v", after, before)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Folder(ctx, out, emitAll(map[string]string{"x": "y"})); err == nil {
		t.Error("publish with a cancelled context succeeded")
	}
	if after := readTree(t, out); after["site/index.html"] != "one" {
		t.Errorf("an interrupted build changed out/: %v", after)
	}
	if left := leftovers(t, out); len(left) > 0 {
		t.Errorf("temporary folders left behind: %v", left)
	}

	if _, err := Folder(context.Background(), out, emitAll(map[string]string{"site/index.html": "two"})); err != nil {
		t.Fatal(err)
	}
	if after := readTree(t, out); after["site/index.html"] != "two" || after["pdf/a.pdf"] != "" {
		t.Errorf("second build: got %v, want only the new files", after)
	}
}

func TestPublishRefusesForeignFolderAndEscapes(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "thesis.txt"), []byte("precious"), 0o644)
	_, err := Folder(context.Background(), dir, emitAll(map[string]string{"a": "b"}))
	if err == nil || !strings.Contains(err.Error(), "not made by nostromo-lessons") {
		t.Errorf("publish over a foreign folder: err = %v, want a refusal", err)
	}
	for _, name := range []string{"../escape", "/abs", "a/../../b", outputMarker} {
		out := filepath.Join(t.TempDir(), "out")
		if _, err := Folder(context.Background(), out, emitAll(map[string]string{name: "x"})); err == nil {
			t.Errorf("publish accepted file name %q", name)
		}
	}
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "x.yaml")
	if err := os.WriteFile(name, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(name, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(name); string(data) != "new" {
		t.Errorf("file holds %q, want \"new\"", data)
	}
	err := WriteFile(filepath.Join(dir, "missing", "x.yaml"), []byte("new"))
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("writing into a missing folder: %v, want a not-exist error", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("folder holds %d files, want 1", len(entries))
	}
}

func TestCopyFS(t *testing.T) {
	src := fstest.MapFS{"a.yaml": {Data: []byte("a")}, "lessons/b.yaml": {Data: []byte("b")}}
	dir := filepath.Join(t.TempDir(), "new")
	files, err := CopyFS(dir, src)
	if err != nil || !slices.Equal(files, []string{"a.yaml", "lessons/b.yaml"}) {
		t.Fatalf("CopyFS = %v, %v; want [a.yaml lessons/b.yaml], nil", files, err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "lessons", "b.yaml")); string(data) != "b" {
		t.Errorf("lessons/b.yaml holds %q, want \"b\"", data)
	}
	if files, err := CopyFS("", src); err == nil || files != nil || !strings.Contains(err.Error(), "folder name is empty") {
		t.Errorf("CopyFS into \"\" = %v, %v; want a \"folder name is empty\" error", files, err)
	}
	if _, err := CopyFS(dir, src); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("CopyFS into a non-empty folder: %v, want a \"not empty\" error", err)
	}
}

// TestTempFolder checks the folders of long-running processes (serve) in
// the system's temporary folder: one that a killed process left (its lock
// free) is removed by the next TempFolder, and one being removed whatever
// it holds; a running process's folder, a folder without the lock file,
// another prefix's and links are kept; remove removes the folder (N8:
// serve killed left its folder for ever).
func TestTempFolder(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	const prefix = "nostromo-lessons-serve-"
	elsewhere := t.TempDir()
	os.WriteFile(filepath.Join(elsewhere, "precious.txt"), []byte("keep"), 0o666)
	mk := func(name string, lockFile bool) string {
		dir := filepath.Join(tmp, name)
		if err := os.MkdirAll(filepath.Join(dir, "build-1", "site"), 0o777); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "build-1", "site", "index.html"), []byte("x"), 0o666)
		os.Symlink(elsewhere, filepath.Join(dir, "build-1", "link"))
		if lockFile {
			os.WriteFile(filepath.Join(dir, tempLock), nil, 0o666)
		}
		return dir
	}
	live, removeLive, err := TempFolder(prefix)
	if err != nil {
		t.Fatal(err)
	}
	dead := mk(prefix+"123", true)
	removing := mk(prefix+"rm-77-0", false) // its lock file went first
	foreign := mk(prefix+"456", false)
	other := mk("other-789", true)
	os.Symlink(elsewhere, filepath.Join(tmp, prefix+"999"))
	os.Symlink(elsewhere, filepath.Join(tmp, prefix+"rm-1-0"))

	dir, remove, err := TempFolder(prefix)
	if err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{dead, removing} {
		if _, err := os.Lstat(gone); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s, left by a killed process, is still there (%v)", filepath.Base(gone), err)
		}
	}
	for _, keep := range []string{live, filepath.Join(live, tempLock), dir, foreign, other, filepath.Join(tmp, prefix+"999"), filepath.Join(tmp, prefix+"rm-1-0"), filepath.Join(elsewhere, "precious.txt")} {
		if _, err := os.Lstat(keep); err != nil {
			t.Errorf("%s was removed: %v", keep, err)
		}
	}
	remove()
	removeLive()
	for _, gone := range []string{dir, live} {
		if _, err := os.Lstat(gone); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("remove left %s (%v)", filepath.Base(gone), err)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(tmp, prefix+"rm-*")); len(m) != 1 { // the link
		t.Errorf("folders being removed are left: %v", m)
	}
}
