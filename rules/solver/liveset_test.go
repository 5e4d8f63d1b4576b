package solver

import (
	"cmp"
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"nostromo-lessons/rules"
)

var (
	liveset       = flag.Bool("liveset", false, "run TestLiveSet: peak live tables of solving orders over the configurations reachable from the start (slow, about 5 GB)")
	livesetOrders = flag.String("liveset.orders", "", "regular expression: the orders TestLiveSet measures (all by default)")
)

// lsStart is the start position whose reachable configurations TestLiveSet
// orders.
const lsStart = "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0"

// lsKey packs an unfinished configuration into 52 bits: the pawns of ranks 2
// to 7 (ranks 1 and 8 never hold a pawn), then saved and taken, two bits
// each.
func lsKey(c config) uint64 {
	const edges = rules.Rank1 | rules.Rank8
	if c.pawns&edges != 0 || c.saved > 3 || c.taken > 3 {
		panic(fmt.Sprintf("liveset: configuration %x %d %d does not pack", uint64(c.pawns), c.saved, c.taken))
	}
	return uint64(c.pawns)>>8 | uint64(c.saved)<<48 | uint64(c.taken)<<50
}

func lsConfig(k uint64) config {
	return config{rules.Bitboard(k&(1<<48-1)) << 8, uint8(k >> 48 & 3), uint8(k >> 50 & 3)}
}

func lsDescribe(c config) string {
	var b []byte
	for _, s := range c.pawns.Squares() {
		b = append(b, s.String()...)
	}
	return fmt.Sprintf("%s s%d t%d", b, c.saved, c.taken)
}

// How a reader reaches a table it reads, which decides the states it reads
// there (see worker.retro): a pawn's step (to rank 8 included) reads the
// Black-to-move states with the knight on the board, a pawn's capture of the
// knight (to rank 8 included) the 64 states of a pending flight, the knight
// taking the pawn on q the 64 White-to-move states with the knight on q.
const (
	lsStep uint8 = 1 << iota
	lsCapture
	lsTake
)

// lsKind returns how c reaches its successor k.
func lsKind(c, k config) uint8 {
	switch {
	case k.taken > c.taken:
		return lsTake
	case k.saved > c.saved:
		return lsStep | lsCapture // a pawn on rank 7 may always do both
	case (k.pawns&^c.pawns).First()-(c.pawns&^k.pawns).First() == 8:
		return lsStep
	}
	return lsCapture
}

// lsGraph is the DAG of the configurations reachable from a root: node 0 is
// the root, the others numbered in breadth-first order; succ lists the
// tables a node reads (its unfinished successors, without repeats, in the
// order config.successors first lists them) with kind how it reaches them,
// pred the nodes that read a node.
type lsGraph struct {
	keys       []uint64
	off, roff  []int64
	succ, pred []int32
	kind       []uint8
	phi        []int8 // rank (from 0) of every pawn on the board + 7 per pawn gone: grows along every edge
	height     []int8 // as build.go has it: the longest chain of tables below
}

func (g *lsGraph) n() int                  { return len(g.keys) }
func (g *lsGraph) succs(v int32) []int32   { return g.succ[g.off[v]:g.off[v+1]] }
func (g *lsGraph) preds(v int32) []int32   { return g.pred[g.roff[v]:g.roff[v+1]] }
func (g *lsGraph) indeg(v int32) int32     { return int32(g.roff[v+1] - g.roff[v]) }
func (g *lsGraph) outdeg(v int32) int32    { return int32(g.off[v+1] - g.off[v]) }
func (g *lsGraph) config(v int32) config   { return lsConfig(g.keys[v]) }
func (g *lsGraph) pawnCount(v int32) int   { return bits.OnesCount64(g.keys[v] & (1<<48 - 1)) }
func (g *lsGraph) describe(v int32) string { return lsDescribe(g.config(v)) }

// lsBuild lists the configurations reachable from root that need a table
// under the game target, and the edges between them.
func lsBuild(root config) *lsGraph {
	t := target{kind: Game}
	g := &lsGraph{off: []int64{0}}
	ids := map[uint64]int32{lsKey(root): 0}
	g.keys = append(g.keys, lsKey(root))
	var buf [maxSuccessors]config
	for v := 0; v < len(g.keys); v++ {
		c := lsConfig(g.keys[v])
		start := len(g.succ)
		for _, k := range c.successors(buf[:0]) {
			if end, _ := t.countEnd(k.saved, k.taken); end {
				continue
			}
			key := lsKey(k)
			id, ok := ids[key]
			if !ok {
				id = int32(len(g.keys))
				ids[key] = id
				g.keys = append(g.keys, key)
			}
			if j := slices.Index(g.succ[start:], id); j >= 0 {
				g.kind[start+j] |= lsKind(c, k)
				continue
			}
			g.succ = append(g.succ, id)
			g.kind = append(g.kind, lsKind(c, k))
		}
		g.off = append(g.off, int64(len(g.succ)))
	}
	ids = nil
	n := len(g.keys)
	g.roff = make([]int64, n+1)
	for _, w := range g.succ {
		g.roff[w+1]++
	}
	for i := range n {
		g.roff[i+1] += g.roff[i]
	}
	fill := slices.Clone(g.roff[:n])
	g.pred = make([]int32, len(g.succ))
	for v := range int32(n) {
		for _, w := range g.succs(v) {
			g.pred[fill[w]] = v
			fill[w]++
		}
	}
	g.phi = g.potential([8]int{0, 1, 2, 3, 4, 5, 6, 7})
	g.height = make([]int8, n)
	for _, v := range g.sortedBy(func(v int32) int { return -int(g.phi[v]) }) {
		h := int8(0)
		for _, w := range g.succs(v) {
			h = max(h, g.height[w]+1)
		}
		g.height[v] = h
	}
	return g
}

// potential returns, for every node, the sum of w[rank] (rank from 0) over
// its pawns on the board and w[7] per pawn gone.
func (g *lsGraph) potential(w [8]int) []int8 {
	out := make([]int8, g.n())
	for v := range int32(g.n()) {
		c := g.config(v)
		p := w[7] * (int(c.saved) + int(c.taken))
		for _, s := range c.pawns.Squares() {
			p += w[s.Rank()]
		}
		out[v] = int8(p)
	}
	return out
}

// sortedBy returns the nodes sorted by key, ties by node number.
func (g *lsGraph) sortedBy(key func(v int32) int) []int32 {
	type kv struct {
		k int
		v int32
	}
	s := make([]kv, g.n())
	for v := range int32(g.n()) {
		s[v] = kv{key(v), v}
	}
	slices.SortFunc(s, func(a, b kv) int { return cmp.Or(cmp.Compare(a.k, b.k), cmp.Compare(a.v, b.v)) })
	out := make([]int32, len(s))
	for i, x := range s {
		out[i] = x.v
	}
	return out
}

// sortedFunc returns the nodes sorted by compare, ties by node number.
func (g *lsGraph) sortedFunc(compare func(a, b int32) int) []int32 {
	out := make([]int32, g.n())
	for v := range out {
		out[v] = int32(v)
	}
	slices.SortFunc(out, func(a, b int32) int { return cmp.Or(compare(a, b), cmp.Compare(a, b)) })
	return out
}

// lsResult is what one solving order costs.
type lsResult struct {
	err      error
	peak     int   // most tables in memory: the live ones and the one being solved
	at       int   // how many tables were solved before the peak
	atNode   int32 // the table solved at the peak
	profile  [10]int
	byPawns  [rules.PawnCount + 1]int // the live tables at the peak by pawns on the board
	slices   int64                    // most states in memory when only the states still read are kept
	slicesAt int
}

// check reports an error unless order holds every node once, each after all
// the tables it reads.
func (g *lsGraph) check(order []int32) error {
	if len(order) != g.n() {
		return fmt.Errorf("%d nodes ordered, want %d", len(order), g.n())
	}
	pos := make([]int32, g.n())
	for i := range pos {
		pos[i] = -1
	}
	for i, v := range order {
		if pos[v] >= 0 {
			return fmt.Errorf("node %d (%s) ordered twice", v, g.describe(v))
		}
		pos[v] = int32(i)
	}
	bad, first := 0, int32(-1)
	for v := range int32(g.n()) {
		for _, w := range g.succs(v) {
			if pos[w] > pos[v] {
				if bad == 0 {
					first = v
				}
				bad++
			}
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d of %d edges go to a table solved later, the first from %s", bad, len(g.succ), g.describe(first))
	}
	return nil
}

// simulate solves the tables in order, freeing each as soon as every node
// that reads it is solved (the root's table is kept to the end), and
// counts the tables in memory: the live ones and the one being solved. It
// also counts the states in memory if a solved table kept only the states
// its unsolved readers read (see lsStep): the Black-to-move states with the
// knight on the board while a reader steps a pawn into it, the 64 states of
// a pending flight while a reader captures into it, the 64 White-to-move
// states with the knight on q for each reader whose pawn on q can be taken;
// the table being solved whole.
func (g *lsGraph) simulate(order []int32) lsResult {
	var r lsResult
	if r.err = g.check(order); r.err != nil {
		return r
	}
	n := g.n()
	rem := make([]int32, n)
	var steps, captures, takes []uint8
	kept := func(w int32) int64 {
		var k int64
		if steps[w] > 0 {
			k += 64 * 64
		}
		if captures[w] > 0 {
			k += 64
		}
		return k + 64*int64(takes[w])
	}
	for pass := range 2 {
		steps, captures, takes = make([]uint8, n), make([]uint8, n), make([]uint8, n)
		for v := range int32(n) {
			rem[v] = g.indeg(v)
			for j, w := range g.succs(v) {
				k := g.kind[g.off[v]+int64(j)]
				if k&lsStep != 0 {
					steps[w]++
				}
				if k&lsCapture != 0 {
					captures[w]++
				}
				if k&lsTake != 0 {
					takes[w]++
				}
			}
		}
		live, states := 0, int64(0)
		for i, v := range order {
			if pass == 1 {
				if i == r.at {
					for _, u := range order[:i] {
						if rem[u] > 0 || u == 0 {
							r.byPawns[g.pawnCount(u)]++
						}
					}
					break
				}
			} else {
				if live+1 > r.peak {
					r.peak, r.at, r.atNode = live+1, i, v
				}
				if j := i * len(r.profile) / len(order); live+1 > r.profile[j] {
					r.profile[j] = live + 1
				}
				if states+nStates > r.slices {
					r.slices, r.slicesAt = states+nStates, i
				}
			}
			if rem[v] > 0 || v == 0 {
				live++
			}
			if v == 0 {
				states += nStates
			} else {
				states += kept(v)
			}
			for j, w := range g.succs(v) {
				before := kept(w)
				k := g.kind[g.off[v]+int64(j)]
				if k&lsStep != 0 {
					steps[w]--
				}
				if k&lsCapture != 0 {
					captures[w]--
				}
				if k&lsTake != 0 {
					takes[w]--
				}
				states += kept(w) - before
				if rem[w]--; rem[w] == 0 {
					live--
				}
			}
		}
	}
	return r
}

// orderDFS returns the post-order of a depth-first search from the root that
// visits the children of a node as listed, reversed if reverse, then
// stably sorted by compare unless it is nil.
func (g *lsGraph) orderDFS(compare func(a, b int32) int, reverse bool) []int32 {
	seen := make([]bool, g.n())
	out := make([]int32, 0, g.n())
	type frame struct {
		v    int32
		kids []int32
	}
	kids := func(v int32) []int32 {
		k := slices.Clone(g.succs(v))
		if reverse {
			slices.Reverse(k)
		}
		if compare != nil {
			slices.SortStableFunc(k, compare)
		}
		return k
	}
	stack := []frame{{0, kids(0)}}
	seen[0] = true
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if len(f.kids) == 0 {
			out = append(out, f.v)
			stack = stack[:len(stack)-1]
			continue
		}
		w := f.kids[0]
		f.kids = f.kids[1:]
		if !seen[w] {
			seen[w] = true
			stack = append(stack, frame{w, kids(w)})
		}
	}
	return out
}

// alap keeps the nodes for which skeleton is true (and the root) where base
// has them and moves every other node as late as it can go: just before the
// first node that reads it, the nodes moved to the same place ordered by phi
// descending (phi grows along every edge).
func (g *lsGraph) alap(base []int32, skeleton func(v int32) bool) []int32 {
	when := make([]int32, g.n())
	for i := len(base) - 1; i >= 0; i-- {
		v := base[i]
		if v == 0 || skeleton(v) {
			when[v] = int32(i)
			continue
		}
		when[v] = int32(len(base))
		for _, u := range g.preds(v) {
			when[v] = min(when[v], when[u])
		}
	}
	return g.sortedBy(func(v int32) int { return int(when[v])<<8 - int(g.phi[v]) })
}

// Tie rules of orderGreedy.
const (
	lsLIFO     = iota // the score first, then the most recently readied
	lsScorePhi        // the score first, then the highest phi
	lsPhiScore        // the highest phi first, then the score: the phi order with the score as tie-break
)

// orderGreedy lists the nodes from the sinks up, each time taking, among
// the nodes whose tables are all solved ("ready"), one that frees the most
// tables net of its own (its score), with the tie rule mode.
func (g *lsGraph) orderGreedy(mode int) []int32 {
	n := g.n()
	rem := make([]int32, n)  // unsolved readers of each node
	todo := make([]int32, n) // unsolved tables each node reads
	score := make([]int32, n)
	done := make([]bool, n)
	for v := range int32(n) {
		rem[v] = g.indeg(v)
		todo[v] = g.outdeg(v)
		if v != 0 {
			score[v]--
		}
	}
	for v := range int32(n) {
		if rem[v] == 1 { // its only reader frees it
			score[g.preds(v)[0]]++
		}
	}
	const phis, scores = 64, maxSuccessors + 2
	bucket := func(v int32) int {
		switch mode {
		case lsScorePhi:
			return int(score[v]+1)*phis + int(g.phi[v])
		case lsPhiScore:
			return int(g.phi[v])*scores + int(score[v]+1)
		}
		return int(score[v] + 1)
	}
	buckets := make([][]int32, scores*phis)
	top := -1
	push := func(v int32) {
		b := bucket(v)
		buckets[b] = append(buckets[b], v)
		top = max(top, b)
	}
	for v := range int32(n) {
		if todo[v] == 0 {
			push(v)
		}
	}
	out := make([]int32, 0, n)
	for len(out) < n {
		v := int32(-1)
		for v < 0 {
			for len(buckets[top]) == 0 {
				top--
			}
			x := buckets[top][len(buckets[top])-1]
			buckets[top] = buckets[top][:len(buckets[top])-1]
			if !done[x] && bucket(x) == top {
				v = x
			}
		}
		done[v] = true
		out = append(out, v)
		for _, w := range g.succs(v) {
			if rem[w]--; rem[w] == 1 {
				for _, u := range g.preds(w) {
					if !done[u] {
						score[u]++
						if todo[u] == 0 {
							push(u)
						}
						break
					}
				}
			}
		}
		for _, u := range g.preds(v) {
			if todo[u]--; todo[u] == 0 {
				push(u)
			}
		}
	}
	return out
}

// TestLiveSet measures, over the configurations reachable from the start,
// how many tables a solve would hold at once if each table were freed as
// soon as every configuration that reads it is solved, for several solving
// orders. It is an analysis, not a check of the solver: it runs only with
// -liveset, for example
//
//	go test ./rules/solver -run TestLiveSet -liveset -v -timeout 60m
//
// and -liveset.orders REGEXP to measure only some orders. It needs about
// 5 GB and a few minutes.
func TestLiveSet(t *testing.T) {
	if !*liveset {
		t.Skip("run with -liveset")
	}
	// First check simulate against the definition on a small DAG.
	small := lsBuild(config{pawns: 0x7 << 18, saved: 1, taken: 2}) // c3 d3 e3
	smallOrders := [][]int32{
		small.orderDFS(nil, false),
		small.sortedBy(func(v int32) int { return -int(small.phi[v]) }),
		small.orderGreedy(lsLIFO),
		small.alap(small.orderGreedy(lsPhiScore), func(v int32) bool { return small.pawnCount(v) == 3 }),
	}
	for _, order := range smallOrders {
		r := small.simulate(order)
		if peak, states := small.lsBrute(order); r.err != nil || r.peak != peak || r.slices != states {
			t.Fatalf("simulate on %d configurations: peak %d, %d states, %v; by definition %d, %d states", small.n(), r.peak, r.slices, r.err, peak, states)
		}
	}
	t.Logf("simulate agrees with the definition on %d configurations", small.n())

	begin := time.Now()
	p, err := rules.ParseFEN(lsStart)
	if err != nil {
		t.Fatal(err)
	}
	g := lsBuild(configOf(p))
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("from %s: %d configurations need a table, %d edges between them (tables read), heights 0 to %d; listed in %v, heap %.1f GB",
		lsStart, g.n(), len(g.succ), slices.Max(g.height), time.Since(begin).Round(time.Millisecond), float64(ms.HeapAlloc)/1e9)
	var byPawns [rules.PawnCount + 1]int
	for v := range int32(g.n()) {
		byPawns[g.pawnCount(v)]++
	}
	for k := rules.PawnCount; k >= 1; k-- {
		t.Logf("%d pawns on the board: %8d configurations", k, byPawns[k])
	}
	var levels [rules.PawnCount + 1][64]int
	for v := range int32(g.n()) {
		levels[g.pawnCount(v)][g.phi[v]]++
	}
	for k := rules.PawnCount; k >= 3; k-- {
		t.Logf("%d pawns on the board, configurations by phi: %v", k, lsLevels(levels[k][:]))
	}
	var phis, pairs [128][128]bool
	nPhis, nPairs := 0, 0
	for v := range int32(g.n()) {
		if !phis[0][g.phi[v]] {
			phis[0][g.phi[v]] = true
			nPhis++
		}
		if !pairs[g.phi[v]][g.height[v]] {
			pairs[g.phi[v]][g.height[v]] = true
			nPairs++
		}
	}
	t.Logf("%d distinct phis, %d distinct (phi, height) pairs", nPhis, nPairs)

	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]int32, g.n())
	for i := range random {
		random[i] = rng.Int32()
	}
	// Keys to sort by. pawns is the bitboard (a2 lowest); lowFirst the
	// bitboard read from a2 up (a2 highest), so that descending it puts
	// first the configurations with a pawn on the lowest square where they
	// differ.
	pawns := func(v int32) int { return int(g.keys[v] & (1<<48 - 1)) }
	lowFirst := func(v int32) int { return int(bits.Reverse64(g.keys[v]<<16) & (1<<48 - 1)) }
	gone := func(v int32) int { c := g.config(v); return int(c.saved + c.taken) }
	desc := func(key func(v int32) int) func(v int32) int { return func(v int32) int { return -key(v) } }
	// by sorts by pot descending, then by the keys in turn.
	by := func(pot []int8, keys ...func(v int32) int) func() []int32 {
		return func() []int32 {
			cols := make([][]int, len(keys))
			for j, key := range keys {
				cols[j] = make([]int, g.n())
				for v := range int32(g.n()) {
					cols[j][v] = key(v)
				}
			}
			return g.sortedFunc(func(a, b int32) int {
				if c := cmp.Compare(pot[b], pot[a]); c != 0 {
					return c
				}
				for _, col := range cols {
					if c := cmp.Compare(col[a], col[b]); c != 0 {
						return c
					}
				}
				return 0
			})
		}
	}
	// rankRows compares the pawns rank by rank from rank 2 up: at the first
	// rank where they differ, fewer pawns first, then the lower bitboard.
	rankRows := func(a, b int32) int {
		for r := range 6 {
			x, y := g.keys[a]>>(8*r)&0xff, g.keys[b]>>(8*r)&0xff
			if x != y {
				return cmp.Or(cmp.Compare(bits.OnesCount64(x), bits.OnesCount64(y)), cmp.Compare(x, y))
			}
		}
		return 0
	}
	// files compares the pawns file by file from a to h, the higher ranks
	// first: an order steps follow, captures towards the h-file break.
	files := func(a, b int32) int {
		for f := range 8 {
			x, y := g.keys[a]>>f&0x010101010101, g.keys[b]>>f&0x010101010101
			if x != y {
				return -cmp.Compare(x, y)
			}
		}
		return 0
	}
	six := func(v int32) bool { return g.pawnCount(v) == rules.PawnCount }
	byPhi := func(a, b int32) int { return cmp.Compare(g.phi[a], g.phi[b]) }
	heightOrder := func(then func(v int32) int) func() []int32 {
		return func() []int32 { return g.sortedBy(func(v int32) int { return int(g.height[v])<<52 + then(v) }) }
	}
	fileSum := func(v int32) int {
		f := 0
		for _, q := range g.config(v).pawns.Squares() {
			f += q.File()
		}
		return f
	}
	rankSquares := func(v int32) int {
		r := 0
		for _, q := range g.config(v).pawns.Squares() {
			r += q.Rank() * q.Rank()
		}
		return r
	}
	// tilt sorts by a*phi + b*(sum of the pawns' files) descending, then by
	// the bitboard from a2 descending.
	tilt := func(a, b int) func() []int32 {
		return func() []int32 {
			return g.sortedBy(func(v int32) int { return -(a*int(g.phi[v])+b*fileSum(v))<<48 - lowFirst(v) })
		}
	}
	phi6 := g.potential([8]int{0, 1, 2, 3, 4, 5, 6, 6}) // a pawn gone counts as one on rank 7
	phiTopHeavy := g.potential([8]int{0, 1, 2, 3, 4, 6, 8, 9})
	phiBottomHeavy := g.potential([8]int{0, 2, 4, 5, 6, 7, 8, 9})
	orders := []struct {
		name  string
		order func() []int32
	}{
		{"height asc (build.go), then BFS number", heightOrder(func(v int32) int { return int(v) })},
		{"height asc (build.go), then random", heightOrder(func(v int32) int { return int(random[v]) })},
		{"phi desc, then BFS number", by(g.phi, func(v int32) int { return int(v) })},
		{"phi desc, then bitboard asc", by(g.phi, pawns)},
		{"phi desc, then bitboard desc", by(g.phi, desc(pawns))},
		{"phi desc, then bitboard from a2 asc", by(g.phi, lowFirst)},
		{"phi desc, then bitboard from a2 desc", by(g.phi, desc(lowFirst))},
		{"phi desc, then file sum asc, then from a2 desc", by(g.phi, fileSum, desc(lowFirst))},
		{"phi desc, then file sum desc, then from a2 desc", by(g.phi, desc(fileSum), desc(lowFirst))},
		{"phi desc, then rank squares asc, then from a2 desc", by(g.phi, rankSquares, desc(lowFirst))},
		{"phi desc, then rank squares desc, then from a2 desc", by(g.phi, desc(rankSquares), desc(lowFirst))},
		{"phi desc, then pawns on board asc, then from a2 desc", by(g.phi, g.pawnCount, desc(lowFirst))},
		{"phi desc, then pawns on board desc, then from a2 desc", by(g.phi, desc(g.pawnCount), desc(lowFirst))},
		{"phi(1,2,3,4,5,6;6) desc, then phi desc, then from a2 desc", by(phi6, func(v int32) int { return -int(g.phi[v]) }, desc(lowFirst))},
		{"phi*16+file sum desc, then from a2 desc", tilt(16, 1)},
		{"phi*16-file sum desc, then from a2 desc", tilt(16, -1)},
		{"phi*8+file sum desc, then from a2 desc", tilt(8, 1)},
		{"phi*8-file sum desc, then from a2 desc", tilt(8, -1)},
		{"phi*4-file sum desc, then from a2 desc", tilt(4, -1)},
		{"phi(1,2,3,4,6,8;9) desc, then from a2 desc", by(phiTopHeavy, desc(lowFirst))},
		{"phi(2,4,5,6,7,8;9) desc, then from a2 desc", by(phiBottomHeavy, desc(lowFirst))},
		{"pawns on board asc, then phi desc", func() []int32 {
			return g.sortedBy(func(v int32) int { return g.pawnCount(v)<<8 - int(g.phi[v]) })
		}},
		{"gone desc, then bitboard desc", func() []int32 { return g.sortedBy(func(v int32) int { return -gone(v)<<48 - pawns(v) }) }},
		{"rank rows from rank 2, fewer pawns first", func() []int32 { return g.sortedFunc(rankRows) }},
		{"files a to h, higher ranks first", func() []int32 { return g.sortedFunc(files) }},
		{"DFS, children as listed", func() []int32 { return g.orderDFS(nil, false) }},
		{"DFS, children reversed", func() []int32 { return g.orderDFS(nil, true) }},
		{"DFS, children by phi asc", func() []int32 { return g.orderDFS(byPhi, false) }},
		{"DFS, children by phi desc", func() []int32 { return g.orderDFS(func(a, b int32) int { return byPhi(b, a) }, false) }},
		{"greedy, ties last readied", func() []int32 { return g.orderGreedy(lsLIFO) }},
		{"greedy, ties highest phi", func() []int32 { return g.orderGreedy(lsScorePhi) }},
		{"phi desc, then greedy", func() []int32 { return g.orderGreedy(lsPhiScore) }},
		{"ALAP<6 on phi desc, then greedy", func() []int32 { return g.alap(g.orderGreedy(lsPhiScore), six) }},
		{"ALAP<6 on phi desc, then pawns on board desc, then from a2 desc", func() []int32 {
			return g.alap(by(g.phi, desc(g.pawnCount), desc(lowFirst))(), six)
		}},
		{"ALAP<6 on phi*16+file sum desc, then from a2 desc", func() []int32 { return g.alap(tilt(16, 1)(), six) }},
		{"ALAP<6 on phi desc, then BFS number", func() []int32 { return g.alap(by(g.phi, func(v int32) int { return int(v) })(), six) }},
		{"ALAP<6 on phi desc, then bitboard asc", func() []int32 { return g.alap(by(g.phi, pawns)(), six) }},
		{"ALAP<6 on phi desc, then from a2 desc", func() []int32 { return g.alap(by(g.phi, desc(lowFirst))(), six) }},
	}
	only := regexp.MustCompile(*livesetOrders)
	gb := func(tables int, bytes int) float64 { return float64(tables) * nStates * float64(bytes) / 1e9 }
	var table []string
	for _, o := range orders {
		if !only.MatchString(o.name) {
			continue
		}
		start := time.Now()
		r := g.simulate(o.order())
		took := time.Since(start).Round(100 * time.Millisecond)
		if r.err != nil {
			t.Logf("%s: rejected: %v (%v)", o.name, r.err, took)
			table = append(table, fmt.Sprintf("| %s | rejected | | | | |", o.name))
			continue
		}
		t.Logf("%s: peak %d tables (%.2f GB at 1 byte a state, %.2f GB at 2) after %d of %d solved, at %s (height %d, phi %d); %v",
			o.name, r.peak, gb(r.peak, 1), gb(r.peak, 2), r.at, g.n(), g.describe(r.atNode), g.height[r.atNode], g.phi[r.atNode], took)
		t.Logf("    peak per tenth of the order: %v", r.profile)
		t.Logf("    live at the peak by pawns on the board (6 to 1): %v", lsBackward(r.byPawns[1:]))
		t.Logf("    keeping only the states still read: peak %.2f G states (%.2f GB at 1 byte, %.2f GB at 2) after %d solved",
			float64(r.slices)/1e9, float64(r.slices)/1e9, float64(r.slices)*2/1e9, r.slicesAt)
		table = append(table, fmt.Sprintf("| %s | %d | %.1f%% | %.2f | %.2f | %.2f |",
			o.name, r.peak, 100*float64(r.at)/float64(g.n()), gb(r.peak, 1), gb(r.peak, 2), float64(r.slices)/1e9))
	}
	t.Logf("| order | peak tables | at | GB (1 B/state) | GB (2 B/state) | G states kept if sliced |\n%s", strings.Join(table, "\n"))
	t.Logf("total %v", time.Since(begin).Round(time.Second))
}

func lsBackward(s []int) []int {
	s = slices.Clone(s)
	slices.Reverse(s)
	return s
}

// lsLevels lists the nonzero counts as phi:count.
func lsLevels(counts []int) string {
	var b []byte
	for phi, n := range counts {
		if n > 0 {
			b = fmt.Appendf(b, " %d:%d", phi, n)
		}
	}
	return string(b)
}

// lsBrute returns the peaks simulate finds, computed from their definition
// at every step.
func (g *lsGraph) lsBrute(order []int32) (peak int, states int64) {
	pos := make([]int, g.n())
	for i, v := range order {
		pos[v] = i
	}
	for i := range order {
		live, kept := 1, int64(nStates)
		for _, u := range order[:i] {
			if u == 0 {
				live++
				kept += nStates
				continue
			}
			var step, capture bool
			var takes int64
			for j := g.roff[u]; j < g.roff[u+1]; j++ {
				p := g.pred[j]
				if pos[p] < i {
					continue
				}
				for k, w := range g.succs(p) {
					if w != u {
						continue
					}
					kind := g.kind[g.off[p]+int64(k)]
					step = step || kind&lsStep != 0
					capture = capture || kind&lsCapture != 0
					if kind&lsTake != 0 {
						takes++
					}
				}
			}
			if step || capture || takes > 0 {
				live++
			}
			if step {
				kept += 64 * 64
			}
			if capture {
				kept += 64
			}
			kept += 64 * takes
		}
		peak, states = max(peak, live), max(states, kept)
	}
	return peak, states
}
