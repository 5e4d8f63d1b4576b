package solver

import (
	"math/rand/v2"
	"testing"

	"nostromo-lessons/rules"
)

// benchPositions returns n random positions with the given number of pawns
// on the board, all on rank minRank+1 or above (minRank counted from 0).
func benchPositions(seed uint64, n, pawns, minRank int) []rules.Position {
	r := rand.New(rand.NewPCG(seed, 0))
	var out []rules.Position
	for len(out) < n {
		if p := randomPosition(r, pawns); p.Pawns&(rules.Bitboard(1)<<(8*minRank)-1) == 0 {
			out = append(out, p)
		}
	}
	return out
}

// benchCold solves the game from eight random positions in turn, with a
// fresh Solver for each: one op is one cold solve, averaged over the
// positions when -benchtime is a multiple of 8 (such as 8x or 16x). It
// reports the configurations solved per op and the positions solved per
// second while building tables.
func benchCold(b *testing.B, pawns, minRank int) {
	ps := benchPositions(uint64(100+pawns), 8, pawns, minRank)
	b.ReportAllocs()
	var solved, configs, n int64
	var seconds float64
	for b.Loop() {
		s := New(Options{})
		if _, err := s.Solve(ps[n%int64(len(ps))], Goal{Kind: Game}); err != nil {
			b.Fatal(err)
		}
		st := s.Stats()
		solved, configs, seconds, n = solved+st.Solved, configs+st.Configs, seconds+st.Time.Seconds(), n+1
	}
	b.ReportMetric(float64(solved)/seconds, "positions/s")
	b.ReportMetric(float64(configs)/float64(n), "configs/op")
}

func BenchmarkSolve3Pawns(b *testing.B)      { benchCold(b, 3, 1) }
func BenchmarkSolve4Pawns(b *testing.B)      { benchCold(b, 4, 1) }
func BenchmarkSolve5PawnsRank4(b *testing.B) { benchCold(b, 5, 3) }

// BenchmarkTableBuilding reports the rate of table building alone on a
// larger solve: a random position with 4 pawns, cold.
func BenchmarkTableBuilding(b *testing.B) {
	p := benchPositions(7, 1, 4, 1)[0]
	b.ReportAllocs()
	var solved int64
	var seconds float64
	for b.Loop() {
		s := New(Options{})
		if _, err := s.Solve(p, Goal{Kind: Game}); err != nil {
			b.Fatal(err)
		}
		solved, seconds = solved+s.Stats().Solved, seconds+s.Stats().Time.Seconds()
	}
	b.ReportMetric(float64(solved)/seconds, "positions/s")
}

// BenchmarkPlanForget reports the time a forgetting solve takes to plan
// five pawns of a real game, 611,080 configurations: to list them and
// weigh the memory they need at once, before it solves one or refuses
// (one op is one plan, from an empty Solver).
func BenchmarkPlanForget(b *testing.B) {
	p, err := rules.ParseFEN("8/5n2/8/8/8/1P1P4/P1P1P3/4K3 w 0 1")
	if err != nil {
		b.Fatal(err)
	}
	root := tableKey{configOf(p), target{kind: Game}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(Options{Forget: true}).plan(root, 1<<40); err != nil {
			b.Fatal(err)
		}
	}
}
