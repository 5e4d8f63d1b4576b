package solver

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// errTestStop is the error of the tests' Options.Stop.
var errTestStop = errors.New("test: stop")

// stopFEN is a position whose solve plans 5720 configurations: more than
// stopEvery, so that planning asks Stop, and enough for a solve to be
// stopped half way.
const stopFEN = "8/8/5n2/8/8/3P4/P1P5/4K3 w 1 2"

// TestStop checks that a solve stops when Options.Stop says so, before it
// starts, while it plans and while it solves, with one worker or two,
// keeping its tables or forgetting them: the error is ErrStopped and
// Stop's, nothing is solved after the stop, the Solver's accounting holds
// only the whole tables it caches, and once Stop says to go on the same
// Solver gives the answer and the tables of a fresh one.
func TestStop(t *testing.T) {
	p := mustFEN(t, stopFEN)
	g := Goal{Kind: Game}
	fresh := New(Options{})
	want, err := fresh.Solve(p, g)
	if err != nil {
		t.Fatal(err)
	}
	total := fresh.Stats().Built
	tests := []struct {
		name   string
		forget bool
		// stop reports whether Stop, asked by the plan's method in
		// ("visit", "forget", or "" elsewhere), stops the solve of s.
		stop func(s *Solver, in string) bool
		// solving says whether configurations are solved before the stop.
		solving bool
	}{
		{"before start", false, func(*Solver, string) bool { return true }, false},
		{"planning", false, func(_ *Solver, in string) bool { return in == "visit" }, false},
		{"solving", false, func(s *Solver, _ string) bool { return s.stats.Built >= 100 }, true},
		{"forgetting/planning", true, func(_ *Solver, in string) bool { return in == "visit" }, false},
		{"forgetting/planning the reads", true, func(_ *Solver, in string) bool { return in == "forget" }, false},
		{"forgetting/solving", true, func(s *Solver, _ string) bool { return s.stats.Built >= 100 }, true},
	}
	for _, tt := range tests {
		for _, workers := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/workers=%d", tt.name, workers), func(t *testing.T) {
				var s *Solver
				going := false
				s = New(Options{Workers: workers, Forget: tt.forget, Stop: func() error {
					// Workers ask Stop holding the run's lock, and
					// planning alone: s.stats needs no other.
					if going || !tt.stop(s, planMethod()) {
						return nil
					}
					return errTestStop
				}})
				_, err := s.Evaluate(p, g)
				if !errors.Is(err, ErrStopped) || !errors.Is(err, errTestStop) {
					t.Fatalf("Evaluate = %v, want ErrStopped and Stop's error", err)
				}
				st := s.Stats()
				if built := st.Built; tt.solving != (built > 0) || built >= total || tt.solving && built > 100+int64(workers) {
					t.Errorf("stopped after solving %d configurations of %d (solving: %v)", built, total, tt.solving)
				}
				checkHeld(t, s, "stopped")
				going = true
				got, err := s.Evaluate(p, g)
				if err != nil {
					t.Fatalf("Evaluate after the stop: %v", err)
				}
				if got.Result != want.Result || got.Moves != want.Moves || !slices.Equal(got.Best, want.Best) {
					t.Errorf("Evaluate after the stop = %v in %d, best %v; a fresh Solver: %v in %d, best %v",
						got.Result, got.Moves, got.Best, want.Result, want.Moves, want.Best)
				}
				if tt.forget {
					return
				}
				if got, err := s.Solve(p, g); err != nil || !slices.Equal(got.Line, want.Line) {
					t.Errorf("Solve after the stop: line %v, error %v; want line %v", got.Line, err, want.Line)
				}
				checkHeld(t, s, "solved again")
				if len(s.tables) != len(fresh.tables) {
					t.Errorf("%d tables after solving again, a fresh Solver %d", len(s.tables), len(fresh.tables))
				}
				for k, tab := range s.tables {
					if w := fresh.tables[k]; w == nil || *w != *tab {
						t.Fatalf("table of %v differs from a fresh Solver's", k.config)
					}
				}
			})
		}
	}
}

// planMethod returns the name of the plan's method its caller runs in,
// such as "visit", or "" when it runs in none.
func planMethod() string {
	pcs := make([]uintptr, 128)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		f, more := frames.Next()
		if _, method, ok := strings.Cut(f.Function, ".(*plan)."); ok {
			return method
		}
		if !more {
			return ""
		}
	}
}

// checkHeld checks that s holds only the whole tables it caches, and
// counts them and their states.
func checkHeld(t *testing.T, s *Solver, when string) {
	t.Helper()
	if n := int64(len(s.tables)); s.held != n || s.stored != n*nStates {
		t.Errorf("%s: %d tables held and %d states stored, want the %d cached and %d", when, s.held, s.stored, n, n*nStates)
	}
}

// TestWorkerPanic checks that a panic in a worker, while it solves a
// configuration (a test hook in retro) or while it holds the run's lock
// (in Options.Progress), with one worker or two, is the solve's error, not
// a crash; the Solver drops its tables and, the panic gone, answers as a
// fresh one.
func TestWorkerPanic(t *testing.T) {
	p := mustFEN(t, stopFEN)
	g := Goal{Kind: Game}
	want, err := New(Options{}).Evaluate(p, g)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		// arm makes the solve of s panic, until disarmed, and returns
		// the options of s.
		arm func(t *testing.T, disarmed *atomic.Bool) Options
	}{
		{"in retro", func(t *testing.T, disarmed *atomic.Bool) Options {
			var n atomic.Int64
			retroHook = func(tableKey) {
				if n.Add(1) == 100 && !disarmed.Load() {
					panic("test: retro")
				}
			}
			t.Cleanup(func() { retroHook = nil })
			return Options{}
		}},
		{"holding the lock", func(t *testing.T, disarmed *atomic.Bool) Options {
			return Options{Progress: func(Progress) {
				if !disarmed.Load() {
					panic("test: progress")
				}
			}}
		}},
	}
	for _, tt := range tests {
		for _, workers := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/workers=%d", tt.name, workers), func(t *testing.T) {
				var disarmed atomic.Bool
				opts := tt.arm(t, &disarmed)
				opts.Workers = workers
				s := New(opts)
				_, err := s.Evaluate(p, g)
				if err == nil || !strings.HasPrefix(err.Error(), "solver: internal error: test: ") || !strings.Contains(err.Error(), "please report") {
					t.Fatalf("Evaluate = %v, want the panic as an internal error", err)
				}
				checkHeld(t, s, "panicked")
				if len(s.tables) != 0 {
					t.Errorf("%d tables kept after a panic, want none", len(s.tables))
				}
				disarmed.Store(true)
				got, err := s.Evaluate(p, g)
				if err != nil || got.Result != want.Result || got.Moves != want.Moves || !slices.Equal(got.Best, want.Best) {
					t.Errorf("Evaluate after the panic = %+v, %v; want %+v", got, err, want)
				}
			})
		}
	}
}
