package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomSeed seeds the random positions of the differential test; failures
// print it with the position.
const randomSeed = 20261129

// hotSquares are where the rules have their corners: the lair f6 and the
// squares around it, the squares from which a knight reaches f6, and rank 7.
var hotSquares = func() []Square {
	var out []Square
	for _, name := range []string{
		"f6", "e5", "f5", "g5", "e6", "g6", "e7", "f7", "g7", // the lair and its ring
		"d5", "d7", "e4", "g4", "h5", "h7", "e8", "g8", // a knight's jump from f6
		"a7", "b7", "c7", "d7", "h7", "a8", "b8", "c8", "d8", "f8", "h8", // rank 7 and above it
	} {
		s, err := ParseSquare(name)
		if err != nil {
			panic(err)
		}
		out = append(out, s)
	}
	return out
}()

// randomPosition returns a random Position, not necessarily valid: a king,
// 0 to 6 pawns on ranks 2-7, a knight or a pending flight, a side to move,
// and saved and taken consistent with the pawns where that is possible.
// About half of the pieces go to hotSquares.
func randomPosition(r *rand.Rand) Position {
	square := func() Square {
		if r.IntN(2) == 0 {
			return hotSquares[r.IntN(len(hotSquares))]
		}
		return Square(r.IntN(64))
	}
	p := Position{King: square(), Knight: square(), Side: Color(r.IntN(2))}
	if r.IntN(8) == 0 {
		p.Knight, p.Side = NoSquare, Black
	}
	n := r.IntN(7)
	for p.Pawns.Count() < n {
		s := square()
		if s.Rank() >= 1 && s.Rank() <= 6 && s != p.King && s != p.Knight {
			p.Pawns |= s.Bit()
		}
	}
	off := PawnCount - n // saved + taken
	lo, hi := max(0, off-(TakesToWin-1)), min(SavesToWin-1, off)
	if lo <= hi {
		p.Saved = uint8(lo + r.IntN(hi-lo+1))
	}
	p.Taken = uint8(max(0, off-int(p.Saved)))
	return p
}

// randomPositions returns n distinct valid random positions.
func randomPositions(n int) []Position {
	r := rand.New(rand.NewPCG(randomSeed, 0))
	seen := map[Position]bool{}
	var out []Position
	for len(out) < n {
		p := randomPosition(r)
		if p.Validate() != nil || seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, p)
	}
	return out
}

func TestRandomPositionsCoverTheCorners(t *testing.T) {
	var pending, black, lairTaken, rank7, check int
	for _, p := range randomPositions(200) {
		switch {
		case p.FlightPending():
			pending++
		case p.Side == Black:
			black++
		}
		if p.Occupied().Has(Lair) {
			lairTaken++
		}
		if p.Pawns&Rank7 != 0 {
			rank7++
		}
		if p.InCheck() {
			check++
		}
	}
	for _, c := range []struct {
		what string
		n    int
	}{{"flight pending", pending}, {"Black to move", black}, {"f6 occupied", lairTaken}, {"pawn on rank 7", rank7}, {"White in check", check}} {
		if c.n < 10 {
			t.Errorf("only %d of 200 random positions have %s, want at least 10", c.n, c.what)
		}
	}
}

// compareTree walks the perft tree of p to depth plies and checks, at every
// node, that the fast and the slow generator agree on the legal moves (as
// sets), on the position after each move, and on the status. It returns the
// number of leaves, which the caller compares to Perft.
func compareTree(t *testing.T, p Position, depth int) uint64 {
	t.Helper()
	slow := slowFromPosition(p)
	if got := slow.position(); got != p {
		t.Fatalf("slowFromPosition(%v).position() = %v", p, got)
	}
	var buf [MaxMoves]Move
	fast := p.AppendLegalMoves(buf[:0])
	want := slow.moves()
	if !sameMoves(fast, want) {
		t.Fatalf("%v: AppendLegalMoves = %v, want %v (slow generator)", p, sortedMoves(fast), sortedMoves(want))
	}
	if got := p.CountLegalMoves(); got != len(want) {
		t.Fatalf("%v: CountLegalMoves() = %d, want %d", p, got, len(want))
	}
	if got, want := p.Status(), slow.status(); got != want {
		t.Fatalf("%v: Status() = %v, want %v", p, got, want)
	}
	if p.Side == Black && !p.Status().Over() && len(want) == 0 {
		t.Fatalf("%v: Black has no legal move", p)
	}
	if depth == 0 {
		return 1
	}
	var leaves uint64
	for _, m := range want {
		if !p.IsLegal(m) {
			t.Fatalf("%v: IsLegal(%v) = false, want true", p, m)
		}
		after := p.Apply(m)
		if want := slow.apply(m).position(); after != want {
			t.Fatalf("%v: Apply(%v) = %v, want %v", p, m, after, want)
		}
		leaves += compareTree(t, after, depth-1)
	}
	return leaves
}

func sameMoves(a, b []Move) bool {
	return slices.Equal(sortedMoves(a), sortedMoves(b))
}

func sortedMoves(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	slices.Sort(out)
	return out
}

func TestDifferentialStart(t *testing.T) {
	depth := 6
	if testing.Short() {
		depth = 4
	}
	leaves := compareTree(t, Start, depth)
	if got := Perft(Start, depth); got != leaves {
		t.Errorf("Perft(Start, %d) = %d, want %d (slow generator)", depth, got, leaves)
	}
}

func TestDifferentialRandom(t *testing.T) {
	const n, depth = 200, 4
	for i, p := range randomPositions(n) {
		t.Run(fmt.Sprintf("%03d", i), func(t *testing.T) {
			t.Parallel()
			t.Cleanup(func() {
				if t.Failed() {
					t.Logf("random position %d of seed %d: %v", i, randomSeed, p)
				}
			})
			leaves := compareTree(t, p, depth)
			if got := Perft(p, depth); got != leaves {
				t.Errorf("Perft(%q, %d) = %d, want %d (slow generator; seed %d)", p, depth, got, leaves, randomSeed)
			}
		})
	}
}
