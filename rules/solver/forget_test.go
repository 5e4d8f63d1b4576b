package solver

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestForget checks that a forgetting Solver gives the same value and best
// moves as one that keeps its tables, holds only the root's table and
// those its moves lead to afterwards, and fits a budget smaller than the
// whole solve.
func TestForget(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 0))
	for _, p := range benchPositions(9, 6, 4, 1)[:3] {
		t.Run(p.String(), func(t *testing.T) {
			keep := New(Options{})
			want, err := keep.Solve(p, Goal{Kind: Game})
			if err != nil {
				t.Fatal(err)
			}
			whole := keep.Stats().Configs
			workers := 1 + r.IntN(2)
			s := New(Options{Forget: true, Workers: workers})
			pl, ok := s.plan(tableKey{configOf(p), target{kind: Game}}, 1<<30)
			if !ok || int64(len(pl.order)) != whole {
				t.Fatalf("plan lists %d configurations, the keeping solve built %d", len(pl.order), whole)
			}
			for j := range pl.order {
				for _, k := range pl.reads(j) {
					if int(k) >= j {
						t.Fatalf("plan: %v (%d) reads %v (%d), solved later", pl.order[j], j, pl.order[k], k)
					}
				}
			}
			// The plan's peak is exact for one worker, which solves in plan
			// order. Two workers may take ready configurations in another
			// order and hold a few more tables at once (seen in CI: the
			// budget run out by one table), so they get twice the peak,
			// still far below the whole.
			budget := int64(pl.peak)
			if workers > 1 {
				budget = min(2*budget, whole)
			}
			s = New(Options{Forget: true, Budget: budget * StatesPerConfig, Workers: workers})
			best, err := s.WinningMoves(p, Goal{Kind: Game})
			if err != nil {
				t.Fatalf("forgetting solve with %d workers within %d tables (peak %d of %d): %v", workers, budget, pl.peak, whole, err)
			}
			if wantBest, _ := keep.WinningMoves(p, Goal{Kind: Game}); !slices.Equal(best, wantBest) {
				t.Errorf("winning moves %v, want %v", best, wantBest)
			}
			root := len(pl.order) - 1
			near := []int32{int32(root)}
			for _, k := range pl.reads(root) {
				near = append(append(near, k), pl.reads(int(k))...)
			}
			if n := len(ConfigOf(p).Near(2)); n != len(uniq(near)) {
				t.Errorf("Near(2) lists %d configurations, the plan %d", n, len(uniq(near)))
			}
			if kept, st := int64(len(uniq(near))), s.Stats(); st.Configs != kept || st.Built != whole {
				t.Errorf("held %d tables after building %d, want %d held (the root's, two moves deep) of %d built", st.Configs, st.Built, kept, whole)
			}
			got, err := s.Evaluate(p, Goal{Kind: Game})
			if err != nil || got.Result != want.Result || got.Moves != want.Moves || !slices.Equal(got.Best, want.Best) {
				t.Errorf("Evaluate = %v in %d, best %v (%v); want %v in %d, best %v", got.Result, got.Moves, got.Best, err, want.Result, want.Moves, want.Best)
			}
			for _, m := range p.LegalMoves() {
				q := p.Apply(m)
				got, err := s.Evaluate(q, Goal{Kind: Game})
				want, _ := keep.Evaluate(q, Goal{Kind: Game})
				if err != nil || got.Result != want.Result || got.Moves != want.Moves || !slices.Equal(got.Best, want.Best) {
					t.Errorf("after %s: Evaluate = %v in %d (%v); want %v in %d", p.SAN(m), got.Result, got.Moves, err, want.Result, want.Moves)
				}
			}
			if st := s.Stats(); st.Built != whole {
				t.Errorf("Evaluate built %d more tables, want none", st.Built-whole)
			}
			t.Logf("peak %d tables of %d", pl.peak, whole)
			if pl.peak >= int(whole) {
				t.Errorf("peak of %d tables, no fewer than the %d of the whole solve", pl.peak, whole)
			}
		})
	}
}

// uniq returns the distinct elements of s.
func uniq(s []int32) []int32 {
	s = slices.Clone(s)
	slices.Sort(s)
	return slices.Compact(s)
}

// TestReadyHeap checks the queue's heap against sorting.
func TestReadyHeap(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 0))
	var h readyHeap
	var want []int32
	for range 2000 {
		if r.IntN(3) > 0 || len(h) == 0 {
			j := int32(r.IntN(500))
			h.push(j)
			want = append(want, j)
			continue
		}
		slices.Sort(want)
		if got := h.pop(); got != want[0] {
			t.Fatalf("pop %d, want %d", got, want[0])
		}
		want = want[1:]
	}
	h = readyHeap(slices.Clone(want))
	h.init()
	slices.Sort(want)
	for _, w := range want {
		if got := h.pop(); got != w {
			t.Fatalf("after init: pop %d, want %d", got, w)
		}
	}
}
