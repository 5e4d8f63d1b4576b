package solver

import (
	"math/rand/v2"
	"slices"
	"testing"

	"nostromo-lessons/rules"
)

// TestLineChoice checks positions where the secondary rule, not the order
// by SAN, decides the move a line plays among equally good ones.
func TestLineChoice(t *testing.T) {
	tests := []struct {
		name, fen string
		result    rules.Result
		equal     []string // best moves the rule chooses among, the choice included
		want      string
	}{
		// Knight d7, pawn a6, king h5; saved 2, taken 3. White saves the
		// a-pawn in 10 moves whatever Black does: Nb6 and Nf6+ delay it
		// equally, and the losing knight gives the check.
		{"losing knight checks", "8/3n4/P7/7K/8/8/8/8 b 2 3", rules.WhiteWins, []string{"Nb6", "Nf6+"}, "Nf6+"},
		// Knight g3 against pawns e7 and f5, king c6; saved 2, taken 2.
		// e8 wins at once whatever Black does; of its equal moves, Nxf5
		// is the one after which the knight attacks a pawn (e7).
		{"losing knight attacks a pawn", "8/4P3/2K5/5P2/8/6n1/8/8 b 2 2", rules.WhiteWins, []string{"Ne2", "Nf1", "Nxf5"}, "Nxf5"},
		// King d6 beside the knight c7, pawn b4; saved 2, taken 3. The
		// position is a draw; Kc6, Ke5 and Kxc7 all keep it, and the
		// drawing side takes the knight.
		{"drawing king captures", "8/2n5/3K4/8/1P6/8/8/8 w 2 3", rules.Draw, []string{"Kc6", "Ke5", "Kxc7"}, "Kxc7"},
		// Pawns d7 and e3, knight e8; saved 2, taken 2. d8 and dxe8 both
		// save the third pawn at once; the winning side captures.
		{"winning pawn captures", "4n3/3P4/7K/8/8/4P3/8/8 w 2 2", rules.WhiteWins, []string{"d8", "dxe8"}, "dxe8"},
	}
	s := New(Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := rules.ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := s.Solve(p, Goal{Kind: Game})
			if err != nil {
				t.Fatal(err)
			}
			best := sans(p, sol.Best)
			if sol.Result != tt.result {
				t.Fatalf("Solve(%q) = %v, want %v", tt.fen, sol.Result, tt.result)
			}
			for _, m := range tt.equal {
				if !slices.Contains(best, m) {
					t.Fatalf("Solve(%q).Best = %v, want it to hold %s", tt.fen, best, m)
				}
			}
			if best[0] == tt.want {
				t.Fatalf("Solve(%q).Best = %v: the order by SAN alone would choose %s; the case tests nothing", tt.fen, best, tt.want)
			}
			if got := p.SAN(LineChoice(p, sol)); got != tt.want {
				t.Errorf("LineChoice(%q, best %v) = %s, want %s", tt.fen, best, got, tt.want)
			}
			if got := p.SAN(sol.Line[0]); got != tt.want {
				t.Errorf("Solve(%q).Line[0] = %s, want %s", tt.fen, got, tt.want)
			}
		})
	}
}

// TestLineChoiceIsBest checks, on random positions and goals, that the
// move LineChoice picks is one of the best moves, and that every move of
// Solve's line is a best move of the position it is played in.
func TestLineChoiceIsBest(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 16))
	s := New(Options{})
	n := 150
	if testing.Short() {
		n = 40
	}
	goals := []Goal{{Kind: Game}, {Kind: SaveMore, K: 1}, {Kind: TakeMore, K: 1}}
	for i := range n {
		p, g := randomPosition(r, 1+i%3), goals[i%len(goals)]
		sol, err := s.Solve(p, g)
		if err != nil {
			t.Fatal(err)
		}
		if len(sol.Best) == 0 {
			continue
		}
		if m := LineChoice(p, sol); !slices.Contains(sol.Best, m) {
			t.Fatalf("LineChoice(%q, %v) = %s, not among the best %v", p, g, p.SAN(m), sans(p, sol.Best))
		}
		q := p
		for ply, m := range sol.Line {
			at, err := s.Solve(q, g)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(at.Best, m) {
				t.Fatalf("Solve(%q, %v).Line[%d] = %s, not among the best %v of %q", p, g, ply, q.SAN(m), sans(q, at.Best), q)
			}
			q = q.Apply(m)
		}
	}
}
