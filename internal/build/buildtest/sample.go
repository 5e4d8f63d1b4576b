package buildtest

import (
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	nostromo "nostromo-lessons"
	"nostromo-lessons/internal/budget"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/proof"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules/solver"
)

var (
	sampleOnce   sync.Once
	sample       *course.Course
	sampleErr    error
	sampleSolver = proof.Book{Inner: solver.New(solver.Options{Budget: budget.Default})}
)

// SampleSolver returns the solver Sample proves with, one per test binary:
// tests that prove the sample's outputs again reuse its tables.
func SampleSolver() question.Solver { return sampleSolver }

// Sample returns the embedded sample course, loaded and verified once per
// test binary with SampleSolver. The test fails at its first problem.
func Sample(t testing.TB) *course.Course {
	t.Helper()
	sampleOnce.Do(func() {
		start := time.Now()
		sample, sampleErr = course.Check(nostromo.Course(), sampleSolver)
		t.Logf("sample course checked in %v", time.Since(start))
	})
	if sampleErr != nil {
		t.Fatalf("Check(sample course) = %v", sampleErr)
	}
	return sample
}

// Chromium returns the path of a Chromium or Chrome for the browser tests.
// Without one the test skips, saying so; in CI (CI=true), where
// .ci/run installs Chromium, it fails instead, so that a browser test
// never passes by not running.
func Chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	const msg = "no chromium installed (apt-get install chromium): the browser tests (the print stylesheet, playing against the alien) need it"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + "; CI=true, where .ci/run installs it")
	}
	t.Skip(msg)
	return ""
}
