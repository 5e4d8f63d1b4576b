package solver

import (
	"math/rand/v2"
	"testing"

	"nostromo-lessons/rules"
)

// benchPositions returns n random positions with the given pawns on the
// board, from ranks minRank (counted from 0) upwards.
func benchPositions(seed uint64, n, pawns, minRank int) []rules.Position {
	r := rand.New(rand.NewPCG(seed, 0))
	var out []rules.Position
	for len(out) < n {
		p := randomPosition(r, pawns)
		if p.Pawns&^(rules.Bitboard(1)<<(8*minRank)-1) != p.Pawns {
			continue
		}
		out = append(out, p)
	}
	return out
}

// benchCold solves a fixed random position with a fresh Solver each
// iteration, and reports the positions solved per second of table
// building.
func benchCold(b *testing.B, pawns, minRank int) {
	p := benchPositions(uint64(pawns), 1, pawns, minRank)[0]
	b.ReportAllocs()
	var st Stats
	for b.Loop() {
		s := New(Options{})
		if _, err := s.Solve(p, Goal{Kind: Game}); err != nil {
			b.Fatal(err)
		}
		st.Solved += s.Stats().Solved
		st.Time += s.Stats().Time
		st.Configs = s.Stats().Configs
	}
	b.ReportMetric(float64(st.Solved)/st.Time.Seconds(), "positions/s")
	b.ReportMetric(float64(st.Configs), "configs")
	b.Logf("%s", p)
}

func BenchmarkSolve3Pawns(b *testing.B)      { benchCold(b, 3, 1) }
func BenchmarkSolve4Pawns(b *testing.B)      { benchCold(b, 4, 1) }
func BenchmarkSolve5PawnsRank4(b *testing.B) { benchCold(b, 5, 3) }
