package publish

import (
	"context"
	"errors"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
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
	if n, err := Publish(context.Background(), out, emitAll(first)); err != nil || n != 2 {
		t.Fatalf("Publish(first) = %d, %v; want 2, nil", n, err)
	}
	before := readTree(t, out)
	if before["site/index.html"] != "one" || before[outputMarker] == "" {
		t.Fatalf("first build wrote %v", before)
	}

	failing := func(emit EmitFunc) error {
		emit("site/index.html", func(w io.Writer) error { _, err := io.WriteString(w, "two"); return err })
		return errors.New("lesson 3 is broken")
	}
	if _, err := Publish(context.Background(), out, failing); err == nil {
		t.Fatal("Publish(failing) succeeded")
	}
	if after := readTree(t, out); len(after) != len(before) || after["site/index.html"] != "one" {
		t.Errorf("a failed build changed out/: got %v, want %v", after, before)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Publish(ctx, out, emitAll(map[string]string{"x": "y"})); err == nil {
		t.Error("publish with a cancelled context succeeded")
	}
	if after := readTree(t, out); after["site/index.html"] != "one" {
		t.Errorf("an interrupted build changed out/: %v", after)
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Errorf("temporary folders left behind: %v", entries)
	}

	if _, err := Publish(context.Background(), out, emitAll(map[string]string{"site/index.html": "two"})); err != nil {
		t.Fatal(err)
	}
	if after := readTree(t, out); after["site/index.html"] != "two" || after["pdf/a.pdf"] != "" {
		t.Errorf("second build: got %v, want only the new files", after)
	}
}

func TestPublishRefusesForeignFolderAndEscapes(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "thesis.txt"), []byte("precious"), 0o644)
	_, err := Publish(context.Background(), dir, emitAll(map[string]string{"a": "b"}))
	if err == nil || !strings.Contains(err.Error(), "not made by nostromo-lessons") {
		t.Errorf("publish over a foreign folder: err = %v, want a refusal", err)
	}
	for _, name := range []string{"../escape", "/abs", "a/../../b", outputMarker} {
		out := filepath.Join(t.TempDir(), "out")
		if _, err := Publish(context.Background(), out, emitAll(map[string]string{name: "x"})); err == nil {
			t.Errorf("publish accepted file name %q", name)
		}
	}
}
