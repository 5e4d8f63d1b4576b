package question

import (
	"math/rand/v2"
	"testing"

	"nostromo-lessons/rules"
)

// TestShortestStepsAgreesWithSolve: for seeded random labyrinths (the
// king's or the knight's, guarded or not, with squares to avoid, the start
// itself possibly guarded), the graph a page receives has Solve's
// distance and exactly Solve's number of shortest paths, each ending on
// To; an unreachable To gives an empty graph.
func TestShortestStepsAgreesWithSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2026))
	for i := range 400 {
		q := randomLabyrinth(rng)
		dist, paths, _ := q.Solve()
		gotDist, next := q.ShortestSteps()
		if gotDist != dist {
			t.Fatalf("labyrinth %d (%+v): ShortestSteps says %d moves, Solve %d", i, q, gotDist, dist)
		}
		if dist < 0 {
			if len(next) != 0 {
				t.Errorf("labyrinth %d: To is out of reach, but the graph has %d squares", i, len(next))
			}
			continue
		}
		var count func(s rules.Square, depth int) int
		count = func(s rules.Square, depth int) int {
			if s == q.To {
				if depth != dist {
					t.Errorf("labyrinth %d: a path of the graph reaches %s in %d moves, want %d", i, s, depth, dist)
				}
				return 1
			}
			n := 0
			for _, t := range next[s].Squares() {
				n += count(t, depth+1)
			}
			return n
		}
		if n := count(q.From, 0); n != paths {
			t.Errorf("labyrinth %d (%+v): the graph holds %d shortest paths, Solve counts %d", i, q, n, paths)
		}
	}
}

// randomLabyrinth returns a labyrinth on a random board: the moving piece
// on From, the other pieces and the squares to avoid anywhere else.
func randomLabyrinth(rng *rand.Rand) *Labyrinth {
	sq := func() rules.Square { return rules.Square(rng.IntN(64)) }
	q := &Labyrinth{Piece: rules.Knight, Guarded: rng.IntN(2) == 0}
	if rng.IntN(2) == 0 {
		q.Piece = rules.King
	}
	q.From = sq()
	for q.To = sq(); q.To == q.From; q.To = sq() {
	}
	used := q.From.Bit() | q.To.Bit()
	free := func() rules.Square {
		for {
			if s := sq(); !used.Has(s) {
				used |= s.Bit()
				return s
			}
		}
	}
	q.Board = Board{King: q.From, Knight: free()}
	if q.Piece == rules.Knight {
		q.Board.King, q.Board.Knight = free(), q.From
	}
	for range rng.IntN(5) {
		q.Board.Pawns |= free().Bit()
	}
	for range rng.IntN(6) {
		q.Avoid |= free().Bit()
	}
	return q
}
