package proof

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// counting is a solver that counts the questions that reach it.
type counting struct {
	s     *solver.Solver
	mu    sync.Mutex
	calls int
}

func (c *counting) Solve(p rules.Position, g solver.Goal) (solver.Solution, error) {
	c.mu.Lock()
	c.calls++
	c.mu.Unlock()
	return c.s.Solve(p, g)
}

func (c *counting) WinningMoves(p rules.Position, g solver.Goal) ([]rules.Move, error) {
	c.mu.Lock()
	c.calls++
	c.mu.Unlock()
	return c.s.WinningMoves(p, g)
}

func newCounting() *counting { return &counting{s: solver.New(solver.Options{})} }

// questions are small positions with a win, a loss, a draw and a sub-goal.
var questions = []struct {
	fen  string
	goal solver.Goal
}{
	{"8/8/4PK2/8/8/8/8/n7 w 2 3", solver.Goal{Kind: solver.Game}},
	{"8/8/5n2/8/4P3/8/8/K7 b 2 3", solver.Goal{Kind: solver.Game}},
	{"8/8/5n2/8/8/8/3P4/4K3 w 2 3", solver.Goal{Kind: solver.Game}},
	{"8/8/5n2/8/8/3P4/2P5/4K3 w 1 3", solver.Goal{Kind: solver.SaveMore, K: 1}},
}

// ask puts every question to s, both methods, and returns what it said.
func ask(t *testing.T, s interface {
	Solve(rules.Position, solver.Goal) (solver.Solution, error)
	WinningMoves(rules.Position, solver.Goal) ([]rules.Move, error)
}) []string {
	t.Helper()
	var out []string
	for _, q := range questions {
		p, err := rules.ParseFEN(q.fen)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := s.Solve(p, q.goal)
		if err != nil {
			t.Fatalf("Solve(%s): %v", q.fen, err)
		}
		win, err := s.WinningMoves(p, q.goal)
		if err != nil {
			t.Fatalf("WinningMoves(%s): %v", q.fen, err)
		}
		out = append(out, strings.Join([]string{sol.Result.String(), strconv.Itoa(sol.Moves), p.SANList(sol.Best), p.NumberedLine(sol.Line, len(sol.Line)), p.SANList(win)}, " | "))
	}
	return out
}

// TestCache checks that a warm cache answers as the solver does without
// asking it, and that a corrupt, truncated or foreign entry is proven again.
func TestCache(t *testing.T) {
	dir, key := t.TempDir(), testKey(t)
	want := ask(t, newCounting().s)

	cold := newCounting()
	if got := ask(t, NewCache(cold, dir, key, nil)); !slices.Equal(got, want) {
		t.Fatalf("cold cache answers %q, want %q", got, want)
	}
	warm := newCounting()
	c := NewCache(warm, dir, key, nil)
	if got := ask(t, c); !slices.Equal(got, want) || warm.calls != 0 {
		t.Fatalf("warm cache answers %q with %d solver calls, want %q with none", got, warm.calls, want)
	}
	if hits, misses := c.Stats(); hits != 2*len(questions) || misses != 0 {
		t.Errorf("warm cache: %d hits, %d misses; want %d and 0", hits, misses, 2*len(questions))
	}

	entries, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	if len(entries) != 2*len(questions) {
		t.Fatalf("%d cache entries, want %d", len(entries), 2*len(questions))
	}
	spoil := map[string]func([]byte) []byte{
		"truncated": func(b []byte) []byte { return b[:len(b)/2] },
		"corrupt":   func(b []byte) []byte { b = slices.Clone(b); b[len(b)-3] ^= 1; return b },
		"empty":     func([]byte) []byte { return nil },
		"foreign":   func([]byte) []byte { data, _ := os.ReadFile(entries[0]); return data },
	}
	for name, f := range spoil {
		t.Run(name, func(t *testing.T) {
			for _, e := range entries[1:] {
				data, _ := os.ReadFile(e)
				if err := os.WriteFile(e, f(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			again := newCounting()
			if got := ask(t, NewCache(again, dir, key, nil)); !slices.Equal(got, want) || again.calls != len(entries)-1 {
				t.Errorf("after spoiling %d entries: answers %q with %d solver calls, want %q with %d", len(entries)-1, got, again.calls, want, len(entries)-1)
			}
		})
	}
}

// TestCacheUnwritable checks that a cache folder that cannot be written
// costs a warning, once, and never an answer.
func TestCacheUnwritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	c := NewCache(newCounting(), filepath.Join(file, "proofs"), testKey(t), func(w string) { warnings = append(warnings, w) })
	if got, want := ask(t, c), ask(t, newCounting().s); !slices.Equal(got, want) {
		t.Errorf("answers %q, want %q", got, want)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "cannot be written") {
		t.Errorf("warnings %q, want one saying the cache cannot be written", warnings)
	}
}

// TestCacheConcurrent checks that two runs filling one folder at once
// leave entries that a third run reads whole.
func TestCacheConcurrent(t *testing.T) {
	dir, key := t.TempDir(), testKey(t)
	want := ask(t, newCounting().s)
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() { ask(t, NewCache(newCounting(), dir, key, nil)) })
	}
	wg.Wait()
	third := newCounting()
	if got := ask(t, NewCache(third, dir, key, nil)); !slices.Equal(got, want) || third.calls != 0 {
		t.Errorf("after two concurrent runs: answers %q with %d solver calls, want %q with none", got, third.calls, want)
	}
}
