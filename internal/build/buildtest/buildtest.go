// Package buildtest builds courses in memory for end-to-end tests, as the command's build does (Hugo's integrationtest_builder.go is the model).
package buildtest

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"testing"

	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/render"
)

// Build checks the course in fsys with the solver s (build.Check) and
// renders it as build does with opts (Files). The test fails at the
// course's first problem.
func Build(t testing.TB, fsys fs.FS, s question.Solver, opts build.Options) (*course.Course, map[string][]byte) {
	t.Helper()
	opts.Solver = func(*course.Course) (question.Solver, error) { return s, nil }
	c, err := build.Check(context.Background(), fsys, opts)
	if err != nil {
		t.Fatalf("build.Check = %v", err)
	}
	return c, renderFrom(t, build.Model(c, opts), fsys, opts)
}

// Files renders c, a verified course, as build does with opts, in memory:
// every output file's bytes by its slash path (site/index.html,
// pdf/rules.pdf, ...). Only the embedded templates are used.
func Files(t testing.TB, c *course.Course, opts build.Options) map[string][]byte {
	t.Helper()
	return Render(t, build.Model(c, opts), opts)
}

// Render is Files for a course's model, which a test may have changed.
func Render(t testing.TB, m render.Course, opts build.Options) map[string][]byte {
	t.Helper()
	return renderFrom(t, m, nil, opts)
}

// renderFrom is Render with the course's own templates from src.
func renderFrom(t testing.TB, m render.Course, src fs.FS, opts build.Options) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := build.Render(m, src, opts, func(path string, write func(io.Writer) error) error {
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			return err
		}
		files[path] = buf.Bytes()
		return nil
	})
	if err != nil {
		t.Fatalf("build.Render: %v", err)
	}
	return files
}

// Write writes the files whose path matches the pattern (path.Match, such
// as "site/*") into dir, each by its base name, for a program that reads
// them from the disk (Chromium, poppler).
func Write(t testing.TB, files map[string][]byte, pattern, dir string) {
	t.Helper()
	for p, data := range files {
		ok, err := path.Match(pattern, p)
		if err != nil {
			t.Fatalf("buildtest.Write: pattern %q: %v", pattern, err)
		}
		if !ok {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, path.Base(p)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// WriteTree writes every file into dir by its path: site/, pdf/ and
// teacher/ as build writes them.
func WriteTree(t testing.TB, files map[string][]byte, dir string) {
	t.Helper()
	for p, data := range files {
		name := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
