package solver

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
	"unsafe"

	"nostromo-lessons/rules"
)

// TestBound checks that Bound is no less than the configurations a solve
// plans, for the goals of random positions, and that the figures a
// BudgetError gives agree with it.
func TestBound(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 0))
	goals := []Goal{{Kind: Game}, {Kind: SaveMore, K: 1}, {Kind: TakeMore, K: 2}}
	for pawns := 1; pawns <= 5; pawns++ {
		t.Run(string(rune('0'+pawns))+"_pawns", func(t *testing.T) {
			for range 30 {
				p := randomPosition(r, pawns)
				g := goals[r.IntN(len(goals))]
				b, err := Bound(p, g)
				if err != nil {
					t.Fatalf("Bound(%q, %v): %v", p, g, err)
				}
				tg, reachable, _ := newTarget(p, g)
				if end, _ := tg.countEnd(p.Saved, p.Taken); end || !reachable {
					if b != 0 {
						t.Errorf("Bound(%q, %v) = %d, want 0 (nothing to build)", p, g, b)
					}
					continue
				}
				pl, err := New(Options{}).plan(tableKey{configOf(p), tg}, 20_000)
				if errors.Is(err, errOverLimit) {
					continue // too large to count in a test
				}
				if err != nil {
					t.Fatalf("plan of %q for %v: %v", p, g, err)
				}
				if n := int64(len(pl.order)); b < n {
					t.Errorf("Bound(%q, %v) = %d, but the solve builds %d configurations", p, g, b, n)
				}
			}
		})
	}
}

// TestBoundStart checks Bound of the start against the 11,906,890
// configurations its solve builds (bench/startpos).
func TestBoundStart(t *testing.T) {
	p := mustFEN(t, "start")
	b, err := Bound(p, Goal{Kind: Game})
	if err != nil || b < 11_906_890 || b > 13_000_000 {
		t.Errorf("Bound(start) = %d, %v; want between 11,906,890 and 13 million", b, err)
	}
}

// TestBudgetRefusedEarly checks that a solve far over its budget is
// refused after counting no more configurations than the budget holds
// (sixteen times as many when forgetting), with Bound's figures, needing
// every table counted and one more when it keeps them, and that
// BytesPerConfig matches the tables.
func TestBudgetRefusedEarly(t *testing.T) {
	p := mustFEN(t, "start")
	tests := []struct {
		name   string
		forget bool
		counts int64 // the most configurations counted before refusing
	}{
		{"keep", false, 2000},
		{"forget", true, forgetListing * 2000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(Options{Budget: 2000 * BytesPerConfig / BytesPerState, Forget: tt.forget})
			_, err := s.Evaluate(p, Goal{Kind: Game})
			var be *BudgetError
			if !errors.As(err, &be) {
				t.Fatalf("Evaluate(start) with a budget of 2000 tables: error %v, want a *BudgetError", err)
			}
			b, _ := Bound(p, Goal{Kind: Game})
			if be.Counted || be.Forget != tt.forget || be.Configs != b || be.Listed != tt.counts ||
				be.Bytes() != be.Needed*BytesPerState || be.Time <= 0 {
				t.Errorf("BudgetError %+v; want not counted, Configs = Bound = %d, %d listed", be, b, tt.counts)
			}
			if keep := (tt.counts + 1) * StatesPerConfig; !tt.forget && be.Needed != keep {
				t.Errorf("BudgetError needs %d states, want %d: the tables counted and one more", be.Needed, keep)
			}
			if st := s.Stats(); st.Built != 0 {
				t.Errorf("refused solve built %d tables", st.Built)
			}
		})
	}
	if BytesPerConfig != len(table{})*BytesPerState || BytesPerState != unsafe.Sizeof(value(0)) {
		t.Errorf("BytesPerConfig = %d, want %d (a table's size)", BytesPerConfig, len(table{}))
	}
}

// TestProgress checks the reports of Options.Progress on a solve: the
// configurations done never go back, the last report comes when all are
// done, and its figures are the Solver's.
func TestProgress(t *testing.T) {
	p := mustFEN(t, "8/8/5n2/8/2P5/3P4/8/4K3 w 1 3") // 264 configurations
	for _, workers := range []int{1, 2} {
		t.Run(string(rune('0'+workers))+"_workers", func(t *testing.T) {
			var got []Progress
			s := New(Options{Workers: workers, Progress: func(pr Progress) { got = append(got, pr) }})
			if _, err := s.Evaluate(p, Goal{Kind: Game}); err != nil {
				t.Fatal(err)
			}
			if len(got) == 0 {
				t.Fatal("Progress never called")
			}
			for i := 1; i < len(got); i++ {
				if got[i].Done < got[i-1].Done || got[i].Elapsed < got[i-1].Elapsed {
					t.Errorf("report %d %+v goes back from %+v", i, got[i], got[i-1])
				}
			}
			last, st := got[len(got)-1], s.Stats()
			if last.Done != last.Total || last.Total != st.Built || last.Positions != st.Solved || last.Held != st.Configs || last.ETA != 0 {
				t.Errorf("last report %+v; want all %d configurations done, %d positions, %d held, no time left",
					last, st.Built, st.Solved, st.Configs)
			}
		})
	}
}

// planProgressFEN is a position whose plan lists 41,988 configurations:
// ten times stopEvery, a few milliseconds each.
const planProgressFEN = "8/8/5n2/8/8/1P1P4/P1P5/4K3 w 0 2"

// TestPlanProgress checks the reports of Options.Progress while a solve
// plans, with the progress interval 0 (a report at each look at the
// time, every stopEvery configurations) or an hour (none): Listing, then
// for a forgetting solve Weighing, each with Done increasing, and a last
// report when the plan is complete or over its limit.
func TestPlanProgress(t *testing.T) {
	p := mustFEN(t, planProgressFEN)
	root := tableKey{configOf(p), target{kind: Game}}
	n := len(New(Options{}).mustPlan(t, root, 1<<40).order)
	ticks := n / stopEvery
	tests := []struct {
		name     string
		forget   bool
		limit    int
		interval time.Duration
		// listing and weighing are the reports of each stage wanted,
		// last the last one.
		listing, weighing int
		last              Progress
	}{
		{"keeping", false, 1 << 40, 0, ticks + 1, 0, Progress{Stage: Listing, Done: int64(n)}},
		{"forgetting", true, 1 << 40, 0, ticks + 1, ticks + 1, Progress{Stage: Weighing, Done: int64(n), Total: int64(n)}},
		{"over the limit", false, n / 2, 0, n/2/stopEvery + 1, 0, Progress{Stage: Listing, Done: int64(n / 2)}},
		{"quick", true, 1 << 40, time.Hour, 0, 0, Progress{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []Progress
			s := New(Options{Forget: tt.forget, Progress: func(pr Progress) { got = append(got, pr) }})
			s.interval = tt.interval
			if _, err := s.plan(root, tt.limit); (err != nil) != (tt.limit < n) {
				t.Fatalf("plan with limit %d of %d configurations: error %v", tt.limit, n, err)
			}
			count := map[Stage]int{}
			for i, pr := range got {
				count[pr.Stage]++
				if i > 0 && (stageOrder[pr.Stage] < stageOrder[got[i-1].Stage] || pr.Stage == got[i-1].Stage && pr.Done <= got[i-1].Done) {
					t.Errorf("report %d %+v does not go on from %+v", i, pr, got[i-1])
				}
				if pr.Total != 0 && pr.Done > pr.Total || pr.Stage == Listing && pr.Total != 0 {
					t.Errorf("report %d %+v: Done over Total, or a Total while listing", i, pr)
				}
			}
			if count[Listing] != tt.listing || count[Weighing] != tt.weighing || count[Solving] != 0 {
				t.Errorf("%d listing, %d weighing and %d solving reports, want %d, %d and 0",
					count[Listing], count[Weighing], count[Solving], tt.listing, tt.weighing)
			}
			if len(got) > 0 {
				last := got[len(got)-1]
				last.Elapsed = 0
				if last != tt.last {
					t.Errorf("last report %+v, want %+v", last, tt.last)
				}
			}
		})
	}
}

// TestPlanThenSolveProgress checks that a solve that reports its plan
// goes on to report its solving, up to the last configuration.
func TestPlanThenSolveProgress(t *testing.T) {
	p := mustFEN(t, stopFEN)
	var got []Progress
	s := New(Options{Forget: true, Progress: func(pr Progress) { got = append(got, pr) }})
	s.interval = 0
	if _, err := s.Evaluate(p, Goal{Kind: Game}); err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 || got[0].Stage != Listing {
		t.Fatalf("reports %+v, want Listing first", got)
	}
	for i := 1; i < len(got); i++ {
		if stageOrder[got[i].Stage] < stageOrder[got[i-1].Stage] || got[i].Elapsed < got[i-1].Elapsed {
			t.Errorf("report %d %+v goes back from %+v", i, got[i], got[i-1])
		}
	}
	if last := got[len(got)-1]; last.Stage != Solving || last.Done != last.Total || last.Total != s.Stats().Built {
		t.Errorf("last report %+v, want all %d configurations solved", last, s.Stats().Built)
	}
}

// stageOrder gives the stages in the order a solve goes through them.
var stageOrder = map[Stage]int{Listing: 0, Weighing: 1, Solving: 2}

// mustPlan returns the plan of root within limit, failing t on an error.
func (s *Solver) mustPlan(t *testing.T, root tableKey, limit int) *plan {
	t.Helper()
	p, err := s.plan(root, limit)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLookup checks that Lookup from the tables a forgetting solve keeps
// agrees with Evaluate, for the root, the positions after its moves and
// a reply to each,
// and gives no best moves where a table is missing.
func TestLookup(t *testing.T) {
	p := mustFEN(t, "8/8/5n2/8/2P5/3P4/8/4K3 w 1 3")
	for _, keep := range []int{1, 2} {
		t.Run(string(rune('0'+keep))+"_deep", func(t *testing.T) {
			s, whole := New(Options{Forget: true, Keep: keep}), New(Options{})
			if _, err := s.Evaluate(p, Goal{Kind: Game}); err != nil {
				t.Fatal(err)
			}
			near := ConfigOf(p).Near(keep)
			if int64(len(near)) != s.Stats().Configs {
				t.Errorf("Near(%d) lists %d configurations, the solve kept %d", keep, len(near), s.Stats().Configs)
			}
			tables := func(c Config) *Table {
				tab, _ := s.Table(c)
				return tab
			}
			positions := []rules.Position{p}
			for _, m := range p.LegalMoves() {
				q := p.Apply(m)
				positions = append(positions, q)
				if ms := q.LegalMoves(); len(ms) > 0 {
					positions = append(positions, q.Apply(ms[0]))
				}
			}
			for _, q := range positions {
				got, ok := Lookup(q, tables)
				want, err := whole.Evaluate(q, Goal{Kind: Game})
				if !allKept(q, near) {
					want.Best = nil
				}
				if !ok || err != nil || got.Result != want.Result || got.Moves != want.Moves || !slices.Equal(got.Best, want.Best) || got.Line != nil {
					t.Errorf("Lookup(%q) = %+v, %v; Evaluate: %+v, %v", q, got, ok, want, err)
				}
			}
		})
	}
	if _, ok := Lookup(p, func(Config) *Table { return nil }); ok {
		t.Errorf("Lookup(%q) without tables: ok", p)
	}
}

// allKept reports whether every move of p leads to a configuration of
// kept or ends the game.
func allKept(p rules.Position, kept []Config) bool {
	for _, m := range p.LegalMoves() {
		q := p.Apply(m)
		if !q.Status().Over() && !slices.Contains(kept, ConfigOf(q)) {
			return false
		}
	}
	return true
}

// TestStageString names every stage, and a value that is none by number.
func TestStageString(t *testing.T) {
	for _, tt := range []struct {
		st   Stage
		want string
	}{{Solving, "solving"}, {Listing, "listing"}, {Weighing, "weighing"}, {Stage(9), "Stage(9)"}} {
		if got := tt.st.String(); got != tt.want {
			t.Errorf("Stage(%d).String() = %q, want %q", uint8(tt.st), got, tt.want)
		}
	}
}

// TestLowerBound checks that lowerBound is no more than the configurations
// a solve plans, and no more than Bound, for the goals of random positions:
// a solve refused on it would otherwise be one that fits.
func TestLowerBound(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 0))
	goals := []Goal{{Kind: Game}, {Kind: SaveMore, K: 1}, {Kind: SaveMore, K: 2}, {Kind: TakeMore, K: 1}, {Kind: TakeMore, K: 3}}
	n := 60
	if testing.Short() {
		n = 15
	}
	for pawns := 1; pawns <= 5; pawns++ {
		t.Run(string(rune('0'+pawns))+"_pawns", func(t *testing.T) {
			for range n {
				p := randomPosition(r, pawns)
				g := goals[r.IntN(len(goals))]
				tg, reachable, err := newTarget(p, g)
				if err != nil || !reachable {
					continue
				}
				c := configOf(p)
				lb := lowerBound(c, tg)
				if end, _ := tg.countEnd(p.Saved, p.Taken); end {
					if lb != 0 {
						t.Errorf("lowerBound(%q, %v) = %.0f, want 0 (nothing to build)", p, g, lb)
					}
					continue
				}
				pl, err := New(Options{Eager: true}).plan(tableKey{c, tg}, 400_000)
				if errors.Is(err, errOverLimit) {
					continue // too large to count in a test
				}
				if err != nil {
					t.Fatalf("plan of %q for %v: %v", p, g, err)
				}
				if lb < 1 || lb > float64(len(pl.order)) || lb > bound(c, tg) {
					t.Errorf("lowerBound(%q, %v) = %.0f, want 1 to the %d configurations the solve builds (Bound %.0f)", p, g, lb, len(pl.order), bound(c, tg))
				}
			}
		})
	}
}

// TestLowerBoundHeld checks what knownOver relies on: a Solver that keeps
// its tables, holding those of an earlier solve (a position after a pawn
// is taken or stepped), plans no fewer configurations than lowerBound
// counts, less the tables it holds.
func TestLowerBoundHeld(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 0))
	n := 10
	if testing.Short() {
		n = 3
	}
	for pawns := 2; pawns <= 4; pawns++ {
		for range n {
			p := randomPosition(r, pawns)
			tg := target{kind: Game}
			c := configOf(p)
			if end, _ := tg.countEnd(c.saved, c.taken); end {
				continue
			}
			succ := c.successors(nil)
			before := p
			k := succ[r.IntN(len(succ))]
			before.Pawns, before.Saved, before.Taken = k.pawns, k.saved, k.taken
			s := New(Options{})
			if _, err := s.Evaluate(before, Goal{Kind: Game}); err != nil {
				continue // an invalid position after the move: nothing held
			}
			pl := s.mustPlan(t, tableKey{c, tg}, 1<<40)
			if lb := lowerBound(c, tg); float64(len(pl.order)) < lb-float64(len(s.tables)) {
				t.Errorf("%s after %s: plans %d configurations, holding %d tables; want at least lowerBound %.0f less those", p, before, len(pl.order), len(s.tables), lb)
			}
		}
	}
}

// TestRefusedAtOnce checks the verdicts of solves of positions just within
// and just over their budgets: within the tables its plan lists, a solve
// is solved; one table fewer, it is refused after listing; and a budget
// under lowerBound's count refuses it at once, without listing, with the
// error the listing ends in.
func TestRefusedAtOnce(t *testing.T) {
	for _, fen := range []string{
		"8/8/5n2/8/8/P2P2P1/8/4K3 w 0 3", // 4,979 configurations
		"8/8/5n2/8/8/1P2P2P/8/4K3 w 1 2", // 5,537
	} {
		p := mustFEN(t, fen)
		g := Goal{Kind: Game}
		root := tableKey{configOf(p), target{kind: Game}}
		n := int64(len(New(Options{}).mustPlan(t, root, 1<<40).order))
		lb := int64(lowerBound(root.config, root.target))
		if lb <= 1024 {
			t.Fatalf("%s: lowerBound %d: want more than 1024 (what every solve may list)", fen, lb)
		}
		for _, tt := range []struct {
			name    string
			configs int64 // the budget, in tables
			atOnce  bool  // refused without listing
			solved  bool
		}{
			{"within", n, false, true},
			{"one table over", n - 1, false, false},
			{"under the lower bound", lb - 1, true, false},
		} {
			t.Run(fen+"/"+tt.name, func(t *testing.T) {
				s := New(Options{Budget: tt.configs * nStates})
				if got := s.knownOver(root, s.countLimit(root)); got != tt.atOnce {
					t.Errorf("within %d tables (the plan's %d, at least %d): refused at once %v, want %v", tt.configs, n, lb, got, tt.atOnce)
				}
				_, err := s.Evaluate(p, g)
				var be *BudgetError
				switch {
				case tt.solved && err != nil:
					t.Fatalf("within %d tables (the plan's %d): %v, want it solved", tt.configs, n, err)
				case !tt.solved && !errors.As(err, &be):
					t.Fatalf("within %d tables (the plan's %d): error %v, want a *BudgetError", tt.configs, n, err)
				case tt.solved:
					return
				}
				listed := New(Options{}).mustPlanOver(t, root, int(tt.configs))
				if want := New(Options{Budget: tt.configs * nStates}).listedError(root, int64(len(listed.order))); *be != *want {
					t.Errorf("refused with %+v, want %+v, as the listing refuses", be, want)
				}
			})
		}
	}
}

// mustPlanOver returns the plan of root that stops listing at limit.
func (s *Solver) mustPlanOver(t *testing.T, root tableKey, limit int) *plan {
	t.Helper()
	p, err := s.plan(root, limit)
	if !errors.Is(err, errOverLimit) {
		t.Fatalf("plan of %v within %d: error %v, want it over the limit", root, limit, err)
	}
	return p
}
