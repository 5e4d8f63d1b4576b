package solver

import (
	"math"
	"time"

	"nostromo-lessons/rules"
)

// BytesPerState is the memory one state of a table takes: a budget of n
// bytes of tables is Options.Budget = n / BytesPerState states.
const BytesPerState = 1

// BytesPerConfig is the memory one configuration's table takes.
const BytesPerConfig = StatesPerConfig * BytesPerState

// PositionsPerSecond is the rate at which one worker solves positions, and
// positionsPerConfig the valid positions of a configuration on average,
// as measured on this project's machine (AMD EPYC, 2 cores): go test
// -run '^$' -bench Solve5PawnsRank4 -benchtime 8x ./rules/solver solved
// 144,456 configurations, 1.11e9 positions, in 21 s of CPU time (52.7
// million a second). EstimateTime uses both.
const (
	PositionsPerSecond = 50_000_000
	positionsPerConfig = 7_650
)

// EstimateTime returns about how long building configs tables takes with
// the given number of workers (0 for GOMAXPROCS, at most 8), at
// PositionsPerSecond each.
func EstimateTime(configs int64, workers int) time.Duration {
	if workers <= 0 {
		workers = defaultWorkers()
	}
	seconds := float64(configs) * positionsPerConfig / (PositionsPerSecond * float64(workers))
	return time.Duration(seconds * float64(time.Second))
}

// Bound returns an upper bound on the number of configurations (tables)
// a solve of p for goal g builds with no table cached, and so on the
// tables it holds at once: BytesPerConfig x Bound bytes always suffice.
// It counts from p's pawns alone, in microseconds: a pawn on the board can
// only stand in the cone of squares its steps and diagonal captures reach
// from its square, so a configuration with k of p's n pawns left is a set
// of k squares of the union of the cones, and a choice of k pawns and a
// square in each one's cone (the lesser count is taken), with one of the
// splits of the n-k pawns gone between saved and taken that do not end
// the game or goal.
//
// The bound is close for pawns near one another, as at the start
// (12.6 million for the 11.9 million configurations the start needs), and
// looser for pawns far apart. A solve whose Bound fits the budget is never
// refused; a caller may refuse at once a position whose Bound does not fit,
// at the cost of some positions that would have fit (a forgetting solve
// holds much fewer tables at once than it builds: a sixth at the start).
func Bound(p rules.Position, g Goal) (int64, error) {
	if err := validate(p); err != nil {
		return 0, err
	}
	t, reachable, err := newTarget(p, g)
	if err != nil || !reachable {
		return 0, err
	}
	if end, _ := t.countEnd(p.Saved, p.Taken); end {
		return 0, nil
	}
	return int64(bound(configOf(p), t)), nil
}

// bound returns Bound for configuration c under t, which c's counters do
// not end, at most 2^62.
func bound(c config, t target) float64 {
	var union rules.Bitboard
	e := []float64{1} // e[k]: the elementary symmetric sum of the cones' sizes
	for b := c.pawns; b != 0; b &= b - 1 {
		cn := cone(b.First())
		union |= cn
		e = append(e, 0)
		for k := len(e) - 1; k > 0; k-- {
			e[k] += e[k-1] * float64(cn.Count())
		}
	}
	n := c.pawns.Count()
	var total float64
	for k := range n + 1 {
		sets := math.Min(binomial(union.Count(), k), e[k])
		total += sets * float64(t.splits(c.saved, c.taken, n-k))
	}
	return math.Min(total, 1<<62)
}

// cone returns the squares a pawn on sq may come to stand on, its own
// included: ahead of it, up to rank 7, no more files aside than ranks
// ahead.
func cone(sq rules.Square) rules.Bitboard {
	var c rules.Bitboard
	for r := sq.Rank(); r <= 6; r++ {
		d := r - sq.Rank()
		for f := max(sq.File()-d, 0); f <= min(sq.File()+d, 7); f++ {
			c |= rules.NewSquare(f, r).Bit()
		}
	}
	return c
}

// splits returns in how many ways gone more pawns can be split between
// saved and taken, from these counters, without ending the game or the
// goal of t.
func (t target) splits(saved, taken uint8, gone int) int {
	n := 0
	for s := range gone + 1 {
		if end, _ := t.countEnd(saved+uint8(s), taken+uint8(gone-s)); !end {
			n++
		}
	}
	return n
}

// binomial returns n choose k.
func binomial(n, k int) float64 {
	b := 1.0
	for i := range k {
		b = b * float64(n-i) / float64(i+1)
	}
	return b
}

// lowerBound returns a lower bound on the number of configurations a solve
// of c under t lists when no table is cached. It counts the configurations
// in which each pawn of c has stayed in a region of its own or left the
// board: the squares the pawns can reach are shared out into disjoint
// regions, each holding its pawn's square and reached from it by steps and
// diagonal captures within the region alone, so that no pawn ever stands
// in another's way. Any choice of a square in the region of each pawn
// kept, with the pawns gone split between saved (only those whose region
// reaches rank 7) and taken (any) in a way that ends neither the game nor
// the goal, is a configuration the solve needs: the counters only grow on
// the way to it, so nothing before it ends the game either, and the kept
// pawns' squares tell which pawns are gone. Each square goes, rank by
// rank, to the smallest region it can join. It is computed in
// microseconds, like Bound, and is between a tenth and a half of the
// configurations a solve lists.
func lowerBound(c config, t target) float64 {
	if end, _ := t.countEnd(c.saved, c.taken); end {
		return 0
	}
	var owner [64]int8 // the pawn whose region holds a square, or -1
	for i := range owner {
		owner[i] = -1
	}
	var size []float64 // by pawn: the squares of its region
	for b := c.pawns; b != 0; b &= b - 1 {
		owner[b.First()] = int8(len(size))
		size = append(size, 1)
	}
	saveable := make([]bool, len(size)) // the region reaches rank 7
	for r := 1; r <= 6; r++ {
		for f := range 8 {
			q := rules.NewSquare(f, r)
			if owner[q] < 0 {
				if owner[q] = smallestBelow(owner, size, f, r); owner[q] >= 0 {
					size[owner[q]]++
				}
			}
			if owner[q] >= 0 && r == 6 {
				saveable[owner[q]] = true
			}
		}
	}
	// e[k][a]: the sum, over the ways to keep k pawns and lose the others,
	// a of them saveable, of the products of the kept pawns' region sizes.
	var e [rules.PawnCount + 1][rules.PawnCount + 1]float64
	e[0][0] = 1
	for i, sz := range size {
		for k := i; k >= 0; k-- {
			for a := i - k; a >= 0; a-- {
				w := e[k][a]
				e[k][a] = 0
				e[k+1][a] += w * sz
				if saveable[i] {
					e[k][a+1] += w
				} else {
					e[k][a] += w
				}
			}
		}
	}
	n := len(size)
	var total float64
	for k := range n + 1 {
		for a := range n - k + 1 {
			for s := range a + 1 {
				if end, _ := t.countEnd(c.saved+uint8(s), c.taken+uint8(n-k-s)); !end {
					total += e[k][a]
				}
			}
		}
	}
	return total
}

// smallestBelow returns the pawn of the smallest region that holds one of
// the squares from which a pawn comes to file f of rank r (by a step or a
// diagonal capture), or -1 when none does.
func smallestBelow(owner [64]int8, size []float64, f, r int) int8 {
	best := int8(-1)
	for from := max(f-1, 0); from <= min(f+1, 7); from++ {
		if i := owner[rules.NewSquare(from, r-1)]; i >= 0 && (best < 0 || size[i] < size[best]) {
			best = i
		}
	}
	return best
}
