package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"nostromo-lessons/internal/build"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// countdownContext is a context cancelled by the nth call of its Err:
// a stop at a point of the work (the solver asks Err before each
// configuration it solves), not at a time.
type countdownContext struct {
	context.Context
	cancel context.CancelFunc
	n      atomic.Int64
}

// newCountdown returns a context cancelled by the nth call of its Err
// (the first, for n = 1).
func newCountdown(t *testing.T, n int64) *countdownContext {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	c := &countdownContext{Context: ctx, cancel: cancel}
	c.n.Store(n)
	return c
}

// Err implements context.Context.
func (c *countdownContext) Err() error {
	if c.n.Add(-1) <= 0 {
		c.cancel()
	}
	return c.Context.Err()
}

// stopFEN is a position whose proof solves 5720 configurations, not in
// the opening book: a context cancelled by its 50th Err stops it half way.
const stopFEN = "8/8/5n2/8/8/3P4/P1P5/4K3 w 1 2"

// TestSolverStopped checks that the solver of a command stops inside a
// proof once its context is done, with the context's error, and that the
// proof cache keeps nothing of the stopped proof; the same proof with a
// context never done is cached, so the check could fail.
func TestSolverStopped(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("NOSTROMO_CACHE", cache)
	p, err := rules.ParseFEN(stopFEN)
	if err != nil {
		t.Fatal(err)
	}
	pf := addProofFlags(flag.NewFlagSet("check", flag.ContinueOnError))
	for _, tt := range []struct {
		name string
		ctx  context.Context
	}{
		{"before the proof", newCountdown(t, 1)},
		{"inside the proof", newCountdown(t, 50)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := pf.solver(tt.ctx, "check", 0, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Solve(p, solver.Goal{Kind: solver.Game}); !errors.Is(err, context.Canceled) || !errors.Is(err, solver.ErrStopped) {
				t.Errorf("Solve = %v, want context.Canceled and solver.ErrStopped", err)
			}
			if files := cacheFiles(t, cache); len(files) != 0 {
				t.Errorf("the cache holds %q after a stopped proof, want nothing", files)
			}
		})
	}
	s, err := pf.solver(context.Background(), "check", 0, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Solve(p, solver.Goal{Kind: solver.Game}); err != nil {
		t.Fatal(err)
	}
	if len(cacheFiles(t, cache)) == 0 {
		t.Error("the cache holds nothing after a proof")
	}
}

// cacheFiles returns the files in the cache folder dir.
func cacheFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestBuildCourseStopped checks that a build whose context is done before
// it proves, or while it proves, returns the context's error, writes
// nothing and reports no problems (the stopped proofs are not the
// course's).
func TestBuildCourseStopped(t *testing.T) {
	dir := longProofCourse(t)
	for _, tt := range []struct {
		name string
		ctx  context.Context
	}{
		{"before proving", newCountdown(t, 1)},
		{"while proving", newCountdown(t, 50)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("NOSTROMO_CACHE", t.TempDir())
			out := filepath.Join(t.TempDir(), "out")
			var stderr strings.Builder
			pf := addProofFlags(flag.NewFlagSet("build", flag.ContinueOnError))
			err := buildCourse(tt.ctx, os.DirFS(dir), out, build.Options{Name: dir}, pf, io.Discard, &stderr)
			if !errors.Is(err, context.Canceled) {
				t.Errorf("buildCourse = %v, want context.Canceled", err)
			}
			if stderr.Len() != 0 {
				t.Errorf("stderr %q, want nothing", stderr.String())
			}
			if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s: %v, want no folder", out, err)
			}
		})
	}
}

// longProofCourse returns the folder of a starter course with one more
// exercise, whose proof is stopFEN's.
func longProofCourse(t *testing.T) string {
	t.Helper()
	dir := starterCourse(t)
	name := filepath.Join(dir, "lessons", "01-first-steps.yaml")
	text, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	long := "  - id: first-long\n    kind: outcome\n    position: " + stopFEN + "\n    answer: draw\ninclude:\n"
	text = []byte(strings.Replace(string(text), "include:\n", long, 1))
	if err := os.WriteFile(name, text, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}
