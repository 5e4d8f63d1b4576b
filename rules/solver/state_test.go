package solver

import (
	"slices"
	"sync"
	"testing"

	"nostromo-lessons/rules"
)

func TestStateAt(t *testing.T) {
	used := 0
	for i := -1; i <= nStates; i++ {
		side, king, knight, ok := StateAt(i)
		if !ok {
			continue
		}
		used++
		if j := StateIndex(side, king, knight); j != i {
			t.Errorf("StateIndex(StateAt(%d)) = %d", i, j)
		}
	}
	if want := nStates - 64; used != want {
		t.Errorf("StateAt gives %d states, want %d (all but White's 64 flight slots)", used, want)
	}
}

func TestTableSetAt(t *testing.T) {
	tests := []struct {
		o     Outcome
		moves int
		ok    bool
	}{
		{Draw, -1, true},
		{Win, 0, true},
		{Win, 1, true},
		{Win, maxMoves, true},
		{Win, maxMoves + 1, false},
		{Win, -1, false},
		{Loss, 0, true},
		{Loss, 7, true},
		{Loss, maxMoves, true},
		{Loss, maxMoves + 1, false},
		{Outcome(2), 3, false},
	}
	for _, tt := range tests {
		var tab Table
		tab[5] = 0x77
		if ok := tab.Set(5, tt.o, tt.moves); ok != tt.ok {
			t.Errorf("Set(%v, %d) = %v, want %v", tt.o, tt.moves, ok, tt.ok)
			continue
		}
		if !tt.ok {
			if tab[5] != 0x77 {
				t.Errorf("Set(%v, %d) changed the table", tt.o, tt.moves)
			}
			continue
		}
		if o, m := tab.At(5); o != tt.o || m != tt.moves {
			t.Errorf("At after Set(%v, %d) = %v, %d", tt.o, tt.moves, o, m)
		}
	}
	// Every value the solver stores reads back through At and Set.
	for b := range 256 {
		v := value(b)
		if v == 0x80 || v != drawValue && v.moves() > maxMoves {
			continue // goodness 0, or a distance too long: never stored
		}
		var tab Table
		tab[0] = byte(b)
		o, m := tab.At(0)
		var again Table
		if !again.Set(0, o, m) || again[0] != byte(b) {
			t.Errorf("value %#x: At = %v, %d; Set gives %#x", b, o, m, again[0])
		}
	}
}

// TestSolvedLoad checks the hooks a table build uses: Solved sees every
// whole-game table a solve builds, as the Solver keeps it, and a Solver
// whose Load gives those tables back solves nothing and answers the same.
func TestSolvedLoad(t *testing.T) {
	p, err := rules.ParseFEN("8/8/5n2/8/8/8/3PP3/4K3 w 1 3")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	got := map[Config]*Table{}
	s := New(Options{Workers: 2, Solved: func(c Config, tab *Table) {
		mu.Lock()
		defer mu.Unlock()
		if got[c] != nil {
			t.Errorf("Solved called twice for %v", c)
		}
		cp := *tab
		got[c] = &cp
	}})
	want, err := s.Solve(p, Goal{Kind: Game})
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(got)) != s.Stats().Built || len(got) < 10 {
		t.Fatalf("Solved called for %d configurations, the Solver built %d", len(got), s.Stats().Built)
	}
	for c, tab := range got {
		kept, ok := s.Table(c)
		if !ok || *kept != *tab {
			t.Errorf("Solved's table of %v differs from the Solver's", c)
		}
	}
	loads := 0
	s2 := New(Options{Workers: 2,
		Load: func(c Config, tab *Table) bool {
			mu.Lock()
			defer mu.Unlock()
			loads++
			*tab = *got[c]
			return true
		},
		Solved: func(c Config, _ *Table) { t.Errorf("Solved called for %v, which Load gave", c) },
	})
	again, err := s2.Solve(p, Goal{Kind: Game})
	if err != nil {
		t.Fatal(err)
	}
	if loads != len(got) || again.Result != want.Result || again.Moves != want.Moves || len(again.Line) != len(want.Line) {
		t.Errorf("with Load: %d loads, %v in %d; want %d, %v in %d", loads, again.Result, again.Moves, len(got), want.Result, want.Moves)
	}
	if st := s2.Stats(); st.Solved != 0 {
		t.Errorf("with Load the Solver solved %d positions, want 0", st.Solved)
	}
}

// TestDone checks that a forgetting solve told that every table is done
// elsewhere answers the same, loading only the tables it keeps (those
// within Keep moves of the root) and skipping the rest.
func TestDone(t *testing.T) {
	p, err := rules.ParseFEN("8/8/5n2/8/8/8/3PPP2/4K3 w 1 2")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	got := map[Config]*Table{}
	s := New(Options{Workers: 2, Forget: true, Solved: func(c Config, tab *Table) {
		mu.Lock()
		defer mu.Unlock()
		cp := *tab
		got[c] = &cp
	}})
	want, err := s.Evaluate(p, Goal{Kind: Game})
	if err != nil {
		t.Fatal(err)
	}
	loads := 0
	s2 := New(Options{Workers: 2, Forget: true,
		Done: func(c Config) bool { return got[c] != nil },
		Load: func(c Config, tab *Table) bool {
			mu.Lock()
			defer mu.Unlock()
			loads++
			*tab = *got[c]
			return true
		},
		Solved: func(c Config, _ *Table) { t.Errorf("Solved called for %v, which Done says is done", c) },
	})
	again, err := s2.Evaluate(p, Goal{Kind: Game})
	if err != nil {
		t.Fatal(err)
	}
	if again.Result != want.Result || again.Moves != want.Moves || !slices.Equal(again.Best, want.Best) {
		t.Errorf("with Done: %v in %d, best %v; want %v in %d, best %v", again.Result, again.Moves, again.Best, want.Result, want.Moves, want.Best)
	}
	near := len(ConfigOf(p).Near(2))
	if loads >= len(got) || loads < near {
		t.Errorf("with Done: %d loads of %d configurations (%d within 2 moves of the root)", loads, len(got), near)
	}
	t.Logf("%d loads of %d configurations", loads, len(got))
}
