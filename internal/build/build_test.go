package build_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/build/buildtest"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules/solver"
	"nostromo-lessons/starter"
)

// TestBuildIsTheTestBuilder: Build publishes into a folder exactly the
// files, byte for byte (besides publish's mark of its folder), that the
// in-memory builder the end-to-end tests use (buildtest.Build) makes of
// the same course, so that what those tests check is what a teacher gets.
func TestBuildIsTheTestBuilder(t *testing.T) {
	src := starter.For(style.English)
	s := solver.New(solver.Options{})
	opts := build.Options{Date: "2024-09-01", Name: "the starter"}
	_, want := buildtest.Build(t, src, s, opts)
	out := filepath.Join(t.TempDir(), "out")
	opts.Solver = func(*course.Course) (question.Solver, error) { return s, nil }
	r, err := build.Build(context.Background(), src, opts, out)
	if err != nil {
		t.Fatalf("Build = %v", err)
	}
	if r.Files != len(want) {
		t.Errorf("Build wrote %d files, the test builder made %d", r.Files, len(want))
	}
	got := map[string][]byte{}
	err = filepath.WalkDir(out, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(out, name)
		got[filepath.ToSlash(rel)], err = os.ReadFile(name)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for path, data := range want {
		if !bytes.Equal(got[path], data) {
			t.Errorf("%s: Build wrote %d bytes, the test builder made %d, not the same", path, len(got[path]), len(data))
		}
	}
	for path := range got {
		if _, ok := want[path]; !ok && path != ".nostromo-lessons-output" { // publish's mark of its folder
			t.Errorf("%s: Build wrote it, the test builder did not make it", path)
		}
	}
}

// TestBuildProblems: a course with a problem is reported on Stderr as
// check reports it, with the line that out was not changed, and Build
// returns ErrProblems, writing nothing.
func TestBuildProblems(t *testing.T) {
	src := fstest.MapFS{"lessons/01-a.yaml": {Data: []byte("title: A\nlevel: 9\n")}}
	out := filepath.Join(t.TempDir(), "out")
	var stderr bytes.Buffer
	_, err := build.Build(context.Background(), src, build.Options{Name: "bad", Stderr: &stderr}, out)
	if !errors.Is(err, build.ErrProblems) {
		t.Fatalf("Build(bad course) = %v, want ErrProblems", err)
	}
	if !strings.Contains(stderr.String(), "lessons/01-a.yaml:") || !strings.Contains(stderr.String(), "build: bad has problems; "+out+" was not changed") {
		t.Errorf("Build(bad course) printed %q, want the problem at its file and that out was not changed", stderr.String())
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Build(bad course) made %s: %v", out, err)
	}
}
