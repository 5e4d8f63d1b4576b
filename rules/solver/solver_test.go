package solver

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"nostromo-lessons/rules"
)

var (
	oracleCount   = flag.Int("oracle.n", 500, "random positions TestAgainstOracle compares")
	oracleConfigs = flag.Int("oracle.configs", 40, "most pawn configurations a random position of TestAgainstOracle may lead to")
	oracleSeed    = flag.Uint64("oracle.seed", 2026, "seed of TestAgainstOracle's random positions")
)

// randomPosition returns a random valid position with the given number of
// pawns on the board: pawns on ranks 2 to 7, king and knight anywhere, now
// and then a pending flight, and the other pawns split between saved and
// taken.
func randomPosition(r *rand.Rand, pawns int) rules.Position {
	for {
		var p rules.Position
		for p.Pawns.Count() < pawns {
			p.Pawns |= rules.NewSquare(r.IntN(8), 1+r.IntN(6)).Bit()
		}
		p.King = rules.Square(r.IntN(64))
		p.Knight = rules.Square(r.IntN(64))
		p.Side = rules.Color(r.IntN(2))
		if r.IntN(20) == 0 {
			p.Knight, p.Side = rules.NoSquare, rules.Black
		}
		rest := rules.PawnCount - pawns
		p.Saved = uint8(min(r.IntN(3), rest))
		p.Taken = uint8(rest) - p.Saved
		if p.Validate() == nil {
			return p
		}
	}
}

// goalCount returns the saved or taken count at which g is reached from p,
// as the oracle's end test takes it.
func goalCount(p rules.Position, g Goal) int {
	switch g.Kind {
	case SaveMore:
		return int(p.Saved) + g.K
	case TakeMore:
		return int(p.Taken) + g.K
	}
	return 0
}

func sans(p rules.Position, moves []rules.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = p.SAN(m)
	}
	return out
}

// checkAgainstOracle compares the solver with the oracle on the root of g.
func checkAgainstOracle(t *testing.T, s *Solver, g *graph, goal Goal) {
	t.Helper()
	p := g.pos[0]
	ov := g.settle(goal.Kind, goalCount(p, goal))
	want := g.solution(ov, 0)
	got, err := s.Solve(p, goal)
	if err != nil {
		t.Fatalf("Solve(%q, %v) error: %v", p, goal, err)
	}
	if got.Result != want.Result || got.Moves != want.Moves || !slices.Equal(sans(p, got.Best), want.Best) {
		t.Fatalf("Solve(%q, %v) = %v in %d, best %v; oracle: %v in %d, best %v",
			p, goal, got.Result, got.Moves, sans(p, got.Best), want.Result, want.Moves, want.Best)
	}
	// The line is legal, as long as the distance, and ends the game or
	// goal (a draw's line is capped).
	q := p
	for _, m := range got.Line {
		if !q.IsLegal(m) {
			t.Fatalf("Solve(%q, %v): line %v: %v is illegal in %q", p, goal, got.Line, m, q)
		}
		q = q.Apply(m)
	}
	if plies := int(ov.dist[0]); want.Result != rules.Draw && len(got.Line) != plies {
		t.Fatalf("Solve(%q, %v): line %v has %d plies, want %d", p, goal, sans(p, got.Line), len(got.Line), plies)
	}
	if end, _ := oracleEnd(q, goal.Kind, goalCount(p, goal)); want.Result != rules.Draw && !end {
		t.Fatalf("Solve(%q, %v): line %v does not reach the end", p, goal, sans(p, got.Line))
	}
	// WinningMoves: every move to a position lost for the opponent.
	var wantWin []string
	for j, k := range g.children(0) {
		if ov.res[k] == -1 && !ov.end[0] {
			wantWin = append(wantWin, p.SAN(g.moves[int(g.start[0])+j]))
		}
	}
	slices.Sort(wantWin)
	win, err := s.WinningMoves(p, goal)
	if err != nil {
		t.Fatalf("WinningMoves(%q, %v) error: %v", p, goal, err)
	}
	if gotWin := sans(p, win); !slices.Equal(gotWin, wantWin) {
		t.Fatalf("WinningMoves(%q, %v) = %v, oracle %v", p, goal, gotWin, wantWin)
	}
}

// TestAgainstOracle compares the solver with the independent oracle of
// oracle_test.go on random positions with 1, 2 and 3 pawns on the board
// (half, a third and a sixth of them), for the game and for two sub-goals (K from 1 to 3, so that
// some goals cannot be reached). To keep the run short, positions leading
// to more than -oracle.configs pawn configurations are skipped and others
// drawn in their place, which favours advanced pawns; raise the flag for a
// heavier run. Two workers, each with its own Solver, share the positions.
func TestAgainstOracle(t *testing.T) {
	type job struct {
		p     rules.Position
		goals []Goal
	}
	r := rand.New(rand.NewPCG(*oracleSeed, 0))
	var jobs []job
	skipped := 0
	for len(jobs) < *oracleCount {
		p := randomPosition(r, []int{1, 1, 1, 2, 2, 3}[len(jobs)%6])
		if configsFrom(configOf(p), *oracleConfigs) < 0 {
			skipped++
			continue
		}
		jobs = append(jobs, job{p, []Goal{{Kind: Game}, {Kind: SaveMore, K: 1 + r.IntN(3)}, {Kind: TakeMore, K: 1 + r.IntN(3)}}})
	}
	t.Logf("seed %d: %d positions, %d skipped as leading to more than %d configurations", *oracleSeed, len(jobs), skipped, *oracleConfigs)
	const workers = 2
	for w := range workers {
		t.Run(fmt.Sprintf("worker%d", w), func(t *testing.T) {
			t.Parallel()
			s := New(Options{})
			for n := w; n < len(jobs); n += workers {
				g := explore(jobs[n].p, math.MaxInt)
				for _, goal := range jobs[n].goals {
					t.Run(fmt.Sprintf("%03d-%s%d", n, goal.Kind, goal.K), func(t *testing.T) {
						checkAgainstOracle(t, s, g, goal)
					})
				}
			}
		})
	}
}

// configsFrom returns the number of configurations reachable from c, or -1
// when there are more than limit. It only spares TestAgainstOracle building
// graphs it would throw away.
func configsFrom(c config, limit int) int {
	seen := map[config]bool{c: true}
	todo := []config{c}
	for len(todo) > 0 {
		c := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if c.saved >= rules.SavesToWin || c.taken >= rules.TakesToWin {
			continue
		}
		for _, k := range c.successors(nil) {
			if !seen[k] {
				if len(seen) == limit {
					return -1
				}
				seen[k] = true
				todo = append(todo, k)
			}
		}
	}
	return len(seen)
}
