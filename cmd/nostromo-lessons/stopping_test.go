package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/model"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// countingSolver counts the proofs asked of it and cancels after the
// first, as a save during a build does.
type countingSolver struct {
	n      int
	cancel context.CancelFunc
}

func (s *countingSolver) Solve(rules.Position, solver.Goal) (solver.Solution, error) {
	s.n++
	s.cancel()
	return solver.Solution{Result: rules.WhiteWins, Moves: 1}, nil
}

func (s *countingSolver) WinningMoves(rules.Position, solver.Goal) ([]rules.Move, error) {
	s.n++
	s.cancel()
	return nil, nil
}

// TestStoppingSolver checks that once its context is done a stopping
// solver asks nothing more of the solver behind it (the proof cache, which
// so never sees its errors), and fails with the context's error.
func TestStoppingSolver(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	inner := &countingSolver{cancel: cancel}
	s, err := stopping(ctx, func(*course.Course) (question.Solver, error) { return inner, nil })(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Solve(rules.Start, solver.Goal{Kind: solver.Game}); err != nil {
		t.Fatalf("first Solve = %v, want the inner solver's answer", err)
	}
	if _, err := s.Solve(rules.Start, solver.Goal{Kind: solver.Game}); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve after cancel = %v, want context.Canceled", err)
	}
	if _, err := s.WinningMoves(rules.Start, solver.Goal{Kind: solver.Game}); !errors.Is(err, context.Canceled) {
		t.Errorf("WinningMoves after cancel = %v, want context.Canceled", err)
	}
	if inner.n != 1 {
		t.Errorf("the inner solver was asked %d proofs, want 1", inner.n)
	}
}

// TestBuildCourseStopped checks that a build whose context is done before
// it proves returns the context's error, writes nothing and reports no
// problems (the stopped proofs are not the course's).
func TestBuildCourseStopped(t *testing.T) {
	t.Setenv("NOSTROMO_CACHE", t.TempDir())
	dir := starterCourse(t)
	out := filepath.Join(t.TempDir(), "out")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stderr strings.Builder
	pf := addProofFlags(flag.NewFlagSet("build", flag.ContinueOnError))
	err := buildCourse(ctx, os.DirFS(dir), dir, out, model.Settings{}, pf, func(string) {}, io.Discard, &stderr)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("buildCourse = %v, want context.Canceled", err)
	}
	if stderr.Len() != 0 {
		t.Errorf("stderr %q, want nothing", stderr.String())
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s: %v, want no folder", out, err)
	}
}
