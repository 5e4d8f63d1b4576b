package solver

import (
	"cmp"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"nostromo-lessons/rules"
)

// TestForget checks that a forgetting Solver, with one worker or two,
// gives the same value and best moves as one that keeps its tables, holds
// only the root's table and those its moves lead to afterwards, and fits
// its plan's peak, smaller than the whole solve; with one worker, the peak
// is reached exactly.
func TestForget(t *testing.T) {
	for _, p := range benchPositions(9, 6, 4, 1)[:3] {
		for workers := 1; workers <= 2; workers++ {
			t.Run(fmt.Sprintf("%s/workers=%d", p, workers), func(t *testing.T) {
				forget(t, p, workers)
			})
		}
	}
}

// forget is TestForget's check of one position, solved by workers.
func forget(t *testing.T, p rules.Position, workers int) {
	keep := New(Options{})
	want, err := keep.Solve(p, Goal{Kind: Game})
	if err != nil {
		t.Fatal(err)
	}
	whole := keep.Stats().Configs
	s := New(Options{Forget: true, Workers: workers})
	pl, err := s.plan(tableKey{configOf(p), target{kind: Game}}, 1<<30)
	if err != nil || int64(len(pl.order)) != whole {
		t.Fatalf("plan lists %d configurations (error %v), the keeping solve built %d", len(pl.order), err, whole)
	}
	for j := range pl.order {
		for _, k := range pl.readPositions(j, nil) {
			if int(k) >= j {
				t.Fatalf("plan: %v (%d) reads %v (%d), solved later", pl.config(j), j, pl.config(int(k)), k)
			}
		}
	}
	// The plan's peak is exact for one worker, which solves in plan
	// order, and an upper bound for more (see plan.forget): the
	// solve must fit it as the budget.
	s = New(Options{Forget: true, Budget: pl.peak, Workers: workers})
	best, err := s.WinningMoves(p, Goal{Kind: Game})
	if err != nil {
		t.Fatalf("forgetting solve with %d workers within its peak of %d bytes (%d tables whole): %v", workers, pl.peak, whole, err)
	}
	if workers == 1 {
		tight := New(Options{Forget: true, Budget: pl.peak - 1, Workers: 1, Eager: true})
		var be *BudgetError
		if _, err := tight.Evaluate(p, Goal{Kind: Game}); !errors.As(err, &be) {
			t.Errorf("forgetting solve within one byte less than its peak: error %v, want a *BudgetError", err)
		}
	}
	if wantBest, _ := keep.WinningMoves(p, Goal{Kind: Game}); !slices.Equal(best, wantBest) {
		t.Errorf("winning moves %v, want %v", best, wantBest)
	}
	root := len(pl.order) - 1
	near := []int32{int32(root)}
	for _, k := range pl.readPositions(root, nil) {
		near = pl.readPositions(int(k), append(near, k))
	}
	if n := len(ConfigOf(p).Near(2)); n != len(uniq(near)) {
		t.Errorf("Near(2) lists %d configurations, the plan %d", n, len(uniq(near)))
	}
	if kept, st := int64(len(uniq(near))), s.Stats(); st.Configs != kept || st.Built != whole {
		t.Errorf("held %d tables after building %d, want %d held (the root's, two moves deep) of %d built", st.Configs, st.Built, kept, whole)
	}
	// The tables kept were solved from parts (packed halves, flight
	// states, rows): every state agrees with the keeping solve's.
	for _, c := range ConfigOf(p).Near(2) {
		got, ok := s.Table(c)
		want, _ := keep.Table(c)
		if !ok || *got != *want {
			t.Errorf("table of %v: held %v, not the keeping solve's", c, ok)
		}
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
	t.Logf("peak %d bytes, %.1f%% of the %d tables whole", pl.peak, 100*float64(pl.peak)/float64(whole*StatesPerConfig), whole)
	if pl.peak >= whole*StatesPerConfig {
		t.Errorf("peak of %d bytes, no less than the %d tables of the whole solve", pl.peak, whole)
	}
}

// uniq returns the distinct elements of s.
func uniq(s []int32) []int32 {
	s = slices.Clone(s)
	slices.Sort(s)
	return slices.Compact(s)
}

// TestQueueWindow checks that workers take the first ready configuration
// within the window ahead of the first not solved, and nothing beyond it.
func TestQueueWindow(t *testing.T) {
	// Six configurations; 2 reads 0, 3 reads 2, the others read nothing.
	reads := map[int][]int32{2: {0}, 3: {2}}
	q := newQueue(6, func(j int, dst []int32) []int32 { return append(dst, reads[j]...) }, 3)
	steps := []struct {
		solve int32 // solved before picking, or -1
		want  int32 // picked, or -1 for none
	}{
		{-1, 0}, // window 0-2: 2 waits for 0
		{-1, 1},
		{-1, -1}, // 2 not ready, 3 beyond the window
		{1, -1},  // 0 still the first not solved: the window stays 0-2
		{0, 2},   // window 2-4
		{-1, 4},  // 3 waits for 2
		{-1, -1}, // 5 beyond the window
		{2, 3},   // window 3-5
		{-1, 5},
		{-1, -1},
	}
	for i, st := range steps {
		if st.solve >= 0 {
			q.solved(st.solve)
		}
		j, ok := q.pick()
		if !ok {
			j = -1
		}
		if j != st.want {
			t.Fatalf("step %d: pick() = %d, want %d", i, j, st.want)
		}
	}
}

// TestReadOf checks which part of a table each kind of move leaving reads,
// on the successors of a configuration with a pawn on every rank that
// matters: steps, captures either side, saves by a step or a capture, and
// takes.
func TestReadOf(t *testing.T) {
	sq := func(name string) rules.Square {
		s, err := rules.ParseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	r := config{pawns: sq("b2").Bit() | sq("e4").Bit() | sq("g7").Bit(), saved: 1, taken: 1}
	tests := []struct {
		name string
		k    config
		kind readKind
		row  string // the knight's square, for a row
	}{
		{"step", config{sq("b3").Bit() | sq("e4").Bit() | sq("g7").Bit(), 1, 1}, readHalf, ""},
		{"capture left", config{sq("b2").Bit() | sq("d5").Bit() | sq("g7").Bit(), 1, 1}, readFlight, ""},
		{"capture right", config{sq("b2").Bit() | sq("f5").Bit() | sq("g7").Bit(), 1, 1}, readFlight, ""},
		{"save", config{sq("b2").Bit() | sq("e4").Bit(), 2, 1}, readHalf, ""},
		{"take", config{sq("b2").Bit() | sq("g7").Bit(), 1, 2}, readRow, "e4"},
	}
	var buf [maxSuccessors]config
	succ := r.successors(buf[:0])
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !slices.Contains(succ, tt.k) {
				t.Fatalf("%v is no successor of %v", tt.k, r)
			}
			kind, s := readOf(r, tt.k)
			if kind != tt.kind || kind == readRow && s.String() != tt.row {
				t.Errorf("readOf(%v, %v) = %d, %v; want %d, %s", r, tt.k, kind, s, tt.kind, tt.row)
			}
		})
	}
}

// TestParts checks that the parts of a table hold its values (the
// Black-to-move half, the flight states, the rows of the knight squares
// asked), that their bytes are counted as stored while held, and that
// dropping them, a kind at a time, gives every byte back.
func TestParts(t *testing.T) {
	p := mustFEN(t, "8/8/5n2/8/3P4/8/1P3P2/4K3 w 0 3")
	s := New(Options{})
	if _, err := s.Evaluate(p, Goal{Kind: Game}); err != nil {
		t.Fatal(err)
	}
	tab := s.tables[tableKey{configOf(p), target{kind: Game}}]
	rowSet := rules.Bitboard(1<<3 | 1<<20 | 1<<63)
	before, pooled := s.stored, len(s.pool.parts) // parts that held whole tables
	pt := s.compact(tab, p.Pawns, readCounts{2, 1, 3}, rowSet)
	// The packed half keeps, for each of the 61 king squares off the
	// pawns, its flight state and the knight squares off the pawns and
	// the king that do not attack it.
	var l halfLayout
	l.set(p.Pawns)
	size, kept := 0, 0
	for king := range rules.Square(64) {
		if !p.Pawns.Has(king) {
			size += 1 + (^p.Pawns &^ king.Bit() &^ rules.KnightAttacks(king)).Count()
		}
	}
	if l.size() != size || len(pt.half) != size || size >= sideStates {
		t.Fatalf("packed half of %d values (layout %d), want %d, fewer than %d", len(pt.half), l.size(), size, sideStates)
	}
	if got, want := s.stored-before, int64(64*halfClass(size)+64+3*64); got != want || pt.bytes() != want {
		t.Fatalf("compact stored %d bytes (parts %d), want %d", got, pt.bytes(), want)
	}
	for king := range rules.Square(64) {
		for knight := range rules.Square(knightSlots) {
			q := rules.Position{Pawns: p.Pawns, King: king, Knight: knight, Side: rules.Black, Taken: p.Taken}
			if q.Validate() != nil {
				continue
			}
			kept++
			i := stateIndex(rules.Black, king, knight)
			if got := pt.half[l.index(king, knight)]; got != tab[i] {
				t.Fatalf("packed half at %v: %v, want %v", q, got, tab[i])
			}
		}
		if f, want := pt.flight[king], tab[stateIndex(rules.Black, king, rules.NoSquare)]; f != want {
			t.Fatalf("flight[%v] = %v, want %v", king, f, want)
		}
		for b := rowSet; b != 0; b &= b - 1 {
			n := b.First()
			if got, want := pt.row(n)[king], tab[stateIndex(rules.White, king, n)]; got != want {
				t.Fatalf("row(%v)[%v] = %v, want %v", n, king, got, want)
			}
		}
	}
	for i, kind := range []readKind{readRow, readHalf, readRow, readFlight, readHalf, readRow} {
		last := i == 5
		if gone := s.release(pt, kind); gone != last {
			t.Fatalf("release %d (kind %d) reports all dropped = %v, want %v", i, kind, gone, last)
		}
	}
	if kept == 0 || kept > size {
		t.Errorf("%d valid states with Black to move, the packed half keeps %d", kept, size)
	}
	if s.stored != before {
		t.Errorf("after dropping every part, %d bytes stored, want %d", s.stored, before)
	}
	if h := len(s.halves.free[halfClass(size)]); h != 1 || len(s.pool.flights) != 1 || len(s.rows.free[3]) != 1 ||
		len(s.pool.parts) != pooled || s.pool.parts[pooled-1] != pt {
		t.Errorf("pools hold %d halves, %d flights, %d 3-row blocks, %d parts; want one of each, and the %d parts before",
			h, len(s.pool.flights), len(s.rows.free[3]), len(s.pool.parts), pooled)
	}
}

// TestOrderKey checks that an order key gives its configuration back and
// that order keys sort configurations as the plan orders them: sweep
// down, then potential down, then the pawns' squares read from a2 up,
// then saved and taken up.
func TestOrderKey(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 0))
	var cs []config
	for range 2000 {
		n := 1 + r.IntN(rules.PawnCount)
		c := configOf(randomPosition(r, n))
		c.saved = uint8(r.IntN(min(rules.SavesToWin, rules.PawnCount-n+1)))
		c.taken = uint8(r.IntN(min(rules.TakesToWin, rules.PawnCount-n-int(c.saved)+1)))
		cs = append(cs, c)
		var buf [maxSuccessors]config
		cs = append(cs, c.successors(buf[:0])...)
	}
	order := func(a, b config) int {
		return cmp.Or(cmp.Compare(b.sweep(), a.sweep()), cmp.Compare(b.potential(), a.potential()),
			cmp.Compare(bits.Reverse64(uint64(b.pawns)), bits.Reverse64(uint64(a.pawns))),
			cmp.Compare(a.saved, b.saved), cmp.Compare(a.taken, b.taken))
	}
	for i, c := range cs {
		if got := keyOf(c).config(); got != c {
			t.Fatalf("keyOf(%v).config() = %v", c, got)
		}
		d := cs[(i+1)%len(cs)]
		if got, want := cmp.Compare(keyOf(c), keyOf(d)), order(c, d); got != want {
			t.Fatalf("keys of %v and %v compare %d, the plan's order %d", c, d, got, want)
		}
	}
}

// TestBlockReuse checks that a block pool gives a dropped block of the
// class asked for or else of the smallest larger class that has one,
// carves a block anew only when none is free, and keeps the rest of a
// slab too small for a block as a smaller block.
func TestBlockReuse(t *testing.T) {
	var bp blockPool
	big, bigger := bp.get(50), bp.get(52)
	bp.put(big)
	bp.put(bigger)
	steps := []struct {
		class, want int // the class asked for, and that of the block given
		reused      bool
	}{
		{45, 50, true},
		{3, 52, true},
		{45, 45, false},
		{53, 53, false},
	}
	for _, st := range steps {
		b := bp.get(st.class)
		reused := &b[0] == &big[0] || &b[0] == &bigger[0]
		if cap(b) != 64*st.want || len(b) != cap(b) || reused != st.reused {
			t.Fatalf("get(%d): a block of %d bytes (reused %v), want class %d (reused %v)", st.class, cap(b), reused, st.want, st.reused)
		}
	}
	for len(bp.slab) >= 64*60 {
		bp.get(60)
	}
	rest := len(bp.slab)
	bp.get(60)
	if got := bp.free[rest/64]; rest == 0 || len(got) != 1 || cap(got[0]) != rest {
		t.Errorf("after the slab ran out with %d bytes left, free blocks of that class: %d", rest, len(got))
	}
}

// TestListedReads checks the reads a forgetting plan counts while it
// lists (plan.visit, moved to the order's positions by plan.sort) against
// those counted over the sorted plan, one configuration at a time (see
// plan.reads): from empty, from a Solver whose cache holds tables the
// plan then leaves out, and under a sub-goal, whose counters end some
// configurations.
func TestListedReads(t *testing.T) {
	tests := []struct {
		name, fen, before string // before: a position solved first, or ""
		goal              Goal
	}{
		{"empty", planProgressFEN, "", Goal{Kind: Game}},
		{"cached", stopFEN, "8/8/5n2/8/8/2PP4/P7/4K3 b 1 2", Goal{Kind: Game}},
		{"sub-goal", stopFEN, "", Goal{Kind: SaveMore, K: 1}},
		{"four pawns", benchPositions(9, 1, 4, 1)[0].String(), "", Goal{Kind: Game}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			s := New(Options{Forget: true})
			if tt.before != "" {
				if _, err := s.Evaluate(mustFEN(t, tt.before), tt.goal); err != nil || s.Stats().Configs == 0 {
					t.Fatalf("Evaluate(%q) = %v, %d tables held; want some", tt.before, err, s.Stats().Configs)
				}
			}
			tg, _, err := newTarget(p, tt.goal)
			if err != nil {
				t.Fatal(err)
			}
			root := tableKey{configOf(p), tg}
			pl, err := s.plan(root, 1<<40)
			if err != nil {
				t.Fatal(err)
			}
			if fresh := New(Options{Forget: true}).mustPlan(t, root, 1<<40); tt.before != "" && len(pl.order) >= len(fresh.order) {
				t.Errorf("plan after solving %q lists %d configurations, a fresh one %d: want fewer", tt.before, len(pl.order), len(fresh.order))
			}
			left, rowSet := make([]readCounts, len(pl.order)), make([]rules.Bitboard, len(pl.order))
			reads := 0
			for j := range pl.order {
				for _, r := range pl.reads(j, nil) {
					left[r.k][r.kind]++
					if r.kind == readRow {
						rowSet[r.k] |= r.square.Bit()
					}
					reads++
				}
			}
			if reads == 0 {
				t.Fatalf("plan of %d configurations has no reads", len(pl.order))
			}
			for j := range pl.order {
				if pl.left[j] != left[j] || pl.rowSet[j] != rowSet[j] {
					t.Fatalf("%v: reads counted while listing %v, rows %x; over the order %v, rows %x",
						pl.config(j), pl.left[j], pl.rowSet[j], left[j], rowSet[j])
				}
			}
		})
	}
}

// TestVerdictsNearBudget checks the verdicts of the solve that solve runs
// (keeping its tables, then, over the budget, forgetting them) on
// positions whose forgetting solve needs N bytes at once, more than
// keeping every table allows: within N it gives the keeping solve's
// value and best moves, within N-1 it refuses, needing N. N is the peak
// of the plan weighed as before listing counted reads (refPeak), so the
// verdicts are those of that plan.
func TestVerdictsNearBudget(t *testing.T) {
	for _, p := range append(benchPositions(9, 6, 4, 1)[:2], mustFEN(t, stopFEN)) {
		g := Goal{Kind: Game}
		want, err := New(Options{}).Evaluate(p, g)
		if err != nil {
			t.Fatal(err)
		}
		pl := New(Options{Eager: true}).mustPlan(t, tableKey{configOf(p), target{kind: Game}}, 1<<40)
		n := refPeak(pl, len(New(Options{}).workers), 2)
		if n >= int64(len(pl.order))*nStates {
			t.Fatalf("%s: a forgetting solve needs %d, keeping every table %d: want less", p, n, int64(len(pl.order))*nStates)
		}
		for _, budget := range []int64{n, n - 1} {
			t.Run(fmt.Sprintf("%s/budget=%d", p, budget), func(t *testing.T) {
				got, err := solveAsSolveDoes(p, g, budget)
				var be *BudgetError
				switch {
				case budget >= n && (err != nil || got.Result != want.Result || got.Moves != want.Moves || !slices.Equal(got.Best, want.Best)):
					t.Errorf("within %d bytes: %v in %d, best %v, error %v; want %v in %d, best %v",
						budget, got.Result, got.Moves, got.Best, err, want.Result, want.Moves, want.Best)
				case budget < n && (!errors.As(err, &be) || !be.Counted || be.Needed != n):
					t.Errorf("within %d bytes: error %v, want a *BudgetError needing %d", budget, err, n)
				}
			})
		}
	}
}

// solveAsSolveDoes evaluates p as the solve command does: keeping every
// table, and when that is over the budget, forgetting them.
func solveAsSolveDoes(p rules.Position, g Goal, budget int64) (Solution, error) {
	sol, err := New(Options{Budget: budget}).Evaluate(p, g)
	var be *BudgetError
	if errors.As(err, &be) {
		return New(Options{Budget: budget, Forget: true}).Evaluate(p, g)
	}
	return sol, err
}

// refPeak returns the bytes a forgetting solve of pl, a plan listed with
// no reads counted, holds at once with workers, its depth moves kept: as
// plan.forget weighed it before listing counted reads, counting them in a
// pass over the order of its own, then going over it once more.
func refPeak(pl *plan, workers, depth int) int64 {
	keep := make([]bool, len(pl.order))
	keep[len(pl.order)-1] = true
	level := []int32{int32(len(pl.order) - 1)}
	for range depth {
		var next []int32
		for _, j := range level {
			for _, k := range pl.readPositions(int(j), nil) {
				if !keep[k] {
					keep[k] = true
					next = append(next, k)
				}
			}
		}
		level = next
	}
	left, rowSet := make([]readCounts, len(pl.order)), make([]rules.Bitboard, len(pl.order))
	for j := range pl.order {
		for _, r := range pl.reads(j, nil) {
			left[r.k][r.kind]++
			if r.kind == readRow {
				rowSet[r.k] |= r.square.Bit()
			}
		}
	}
	ref := &plan{order: pl.order, slots: pl.slots, left: left, rowSet: rowSet, keep: keep}
	var live, peak int64
	for j := range pl.order {
		peak = max(peak, live+nStates)
		if l := left[j]; keep[j] {
			live += nStates
		} else {
			live += partBytes(ref.halfBytes(j, l), l[readFlight] > 0, int(l[readRow]))
		}
		for _, r := range pl.reads(j, nil) {
			if left[r.k][r.kind]--; !keep[r.k] && left[r.k][r.kind] == 0 {
				live -= ref.kindBytes(r.k, r.kind)
			}
		}
	}
	return min(peak+int64(window(workers)-1)*nStates, int64(len(pl.order))*nStates) + ref.ownBytes()
}
