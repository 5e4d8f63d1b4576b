package generate

import (
	"math/rand/v2"
	"testing"

	"nostromo-lessons/rules"
)

// TestGamePosition checks the positions of random games from the start:
// the same seed gives the same positions, each one in play with its knight
// on the board, not the start, and among them positions of 5 and of 6
// pawns.
func TestGamePosition(t *testing.T) {
	start := rules.Start
	draw := func(seed uint64) []rules.Position {
		r := rand.New(rand.NewPCG(seed, 0))
		var out []rules.Position
		for range 200 {
			if p, ok := GamePosition(r, start); ok {
				out = append(out, p)
			}
		}
		return out
	}
	a, b := draw(7), draw(7)
	if len(a) != len(b) || len(a) < 100 {
		t.Fatalf("seed 7 gave %d and %d positions of 200 games; want the same, at least 100", len(a), len(b))
	}
	pawns := map[int]int{}
	for i, p := range a {
		if p != b[i] {
			t.Fatalf("game %d of seed 7: %s, then %s", i, p, b[i])
		}
		if p.Status().Over() || p.FlightPending() || p.Validate() != nil || p == start {
			t.Errorf("GamePosition gave %s: want a valid position in play, not the start, its knight on the board", p)
		}
		pawns[p.Pawns.Count()]++
	}
	if pawns[5] == 0 || pawns[6] == 0 {
		t.Errorf("pawns on the board in 200 games: %v; want games with 5 and with 6", pawns)
	}
	if c := draw(8); len(c) == len(a) && c[0] == a[0] && c[1] == a[1] {
		t.Errorf("seeds 7 and 8 gave the same first positions")
	}
}
