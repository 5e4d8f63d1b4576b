package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// TestLevelFiveIsReply checks that level 5 plays, in positions the
// browser proves, the move "reply" plays (the solver's line), and says
// it is perfect.
func TestLevelFiveIsReply(t *testing.T) {
	e := New()
	for _, p := range playable(7, 40) {
		if p.Status().Over() {
			continue
		}
		t.Run(p.String(), func(t *testing.T) {
			got, err := e.Level(p, Request{FEN: p.String(), Level: 5})
			if err != nil {
				t.Fatal(err)
			}
			want, err := e.Reply(p)
			if err != nil {
				t.Fatal(err)
			}
			if got.SAN != p.SAN(want) || !got.Perfect || got.Source != SourceSolver && got.Source != SourceBook {
				t.Errorf("Level(%q, 5) = %s from %s (perfect %v), want %s, perfect", p, got.SAN, got.Source, got.Perfect, p.SAN(want))
			}
		})
	}
}

// TestChooseExact checks the choice of a level's mistake with exact
// values: a win thrown to a draw before a win thrown to a loss, the loss
// the opponent wins fastest, and the best move when no move loses value
// or the draw says so.
func TestChooseExact(t *testing.T) {
	always, never := Level{Chance: 1}, Level{Chance: 0}
	tried := map[string]int{}
	e := New()
	for _, p := range playable(11, 150) {
		if p.Status().Over() {
			continue
		}
		sol, moves, _, ok := e.exact(p)
		if !ok {
			t.Fatalf("exact(%q): not proven", p)
		}
		want, err := e.s.Evaluate(p, solver.Goal{Kind: solver.Game})
		if err != nil {
			t.Fatal(err)
		}
		if sol.Result != want.Result || sol.Moves != want.Moves || p.SANList(sol.Best) != p.SANList(want.Best) {
			t.Fatalf("exact(%q) = %v in %d, best %s; solver %v in %d, best %s", p, sol.Result, sol.Moves, p.SANList(sol.Best), want.Result, want.Moves, p.SANList(want.Best))
		}
		mover := outcome(sol.Result, p.Side)
		// The worst result a move leads to, and the best below mover's.
		worst, below := mover, -2
		for _, m := range moves {
			o := outcome(m.Value.Result, p.Side)
			worst = min(worst, o)
			if o < mover {
				below = max(below, o)
			}
		}
		r := rand.New(rand.NewPCG(1, 2))
		if got := chooseExact(p, sol, moves, never, r); got != solver.LineChoice(p, want) {
			t.Errorf("chooseExact(%q, never) = %s, want the line's %s", p, p.SAN(got), p.SAN(solver.LineChoice(p, want)))
		}
		got := chooseExact(p, sol, moves, always, r)
		var after Scored
		for _, m := range moves {
			if m.Move == got {
				after = m
			}
		}
		o := outcome(after.Value.Result, p.Side)
		switch {
		case worst == mover:
			tried["nothing to lose"]++
			if got != solver.LineChoice(p, want) {
				t.Errorf("chooseExact(%q, always) = %s with no move losing value, want the line's %s", p, p.SAN(got), p.SAN(solver.LineChoice(p, want)))
			}
		case o != below:
			t.Errorf("chooseExact(%q, always) = %s, to %v; want a move to outcome %d", p, p.SAN(got), after.Value.Result, below)
		default:
			tried[[]string{"to a loss", "to a draw"}[o+1]]++
			for _, m := range moves {
				if outcome(m.Value.Result, p.Side) == o && m.Score < after.Score {
					t.Errorf("chooseExact(%q, always) = %s (%v in %d), but %s (%v in %d) is punished faster", p, p.SAN(got), after.Value.Result, after.Value.Moves, p.SAN(m.Move), m.Value.Result, m.Value.Moves)
				}
			}
		}
	}
	for _, k := range []string{"nothing to lose", "to a loss", "to a draw"} {
		if tried[k] == 0 {
			t.Errorf("no position tried %q", k)
		}
	}
}

// TestLevelChances checks that a level errs about as often as its
// chance says where a move loses value, and that a seed gives the same
// move every time.
func TestLevelChances(t *testing.T) {
	e := New()
	var p rules.Position // the first playable position where a move loses value
	for _, q := range playable(3, 100) {
		if q.Status().Over() {
			continue
		}
		sol, moves, _, _ := e.exact(q)
		for _, m := range moves {
			if outcome(m.Value.Result, q.Side) < outcome(sol.Result, q.Side) {
				p = q
			}
		}
		if p == q {
			break
		}
	}
	want, _ := e.Reply(p)
	for lv := 1; lv <= 5; lv++ {
		errs := 0
		const n = 400
		for seed := range uint64(n) {
			got, err := e.Level(p, Request{FEN: p.String(), Level: lv, Seed: &seed})
			if err != nil {
				t.Fatal(err)
			}
			again, _ := e.Level(p, Request{FEN: p.String(), Level: lv, Seed: &seed})
			if again.SAN != got.SAN {
				t.Fatalf("Level(%q, %d, seed %d) = %s, then %s", p, lv, seed, got.SAN, again.SAN)
			}
			if got.SAN != p.SAN(want) {
				errs++
			}
		}
		rate, chance := float64(errs)/n, Levels[lv-1].Chance
		if rate < chance-0.07 || rate > chance+0.07 {
			t.Errorf("level %d erred in %.0f%% of %d moves, want about %.0f%%", lv, 100*rate, n, 100*chance)
		}
	}
}

// TestSearch checks the search's best move in positions one move from
// their end.
func TestSearch(t *testing.T) {
	tests := []struct{ name, fen, want string }{
		{"save the third", "8/4P3/n7/8/8/8/1PP2P2/4K3 w 2 0", "e8"},
		{"take the fourth", "8/8/8/8/2n5/8/1P1P1P2/6K1 b 0 3", "Nxb2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := rules.ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			moves := Search(p, nil, 5000)
			if got := p.SAN(moves[0].Move); got != tt.want && !(tt.want == "Nxb2" && got == "Nxd2") {
				t.Errorf("Search(%q) best %s (%d), want %s", tt.fen, got, moves[0].Score, tt.want)
			}
			if moves[0].Score < winScore-maxPly {
				t.Errorf("Search(%q) best %s scores %d, want a win", tt.fen, p.SAN(moves[0].Move), moves[0].Score)
			}
		})
	}
}

// TestLevelSearch checks that a position no exact source holds is
// searched, and said not perfect.
func TestLevelSearch(t *testing.T) {
	fen := "8/8/5n2/8/2P1P3/3P4/1P3PP1/4K3 w 0 0"
	p, _ := rules.ParseFEN(fen)
	got, err := New().Level(p, Request{FEN: fen, Level: 5})
	if err != nil {
		t.Fatal(err)
	}
	if got.Source != SourceSearch || got.Perfect {
		t.Errorf("Level(%q) from %s, perfect %v; want search, not perfect", fen, got.Source, got.Perfect)
	}
}

// TestLevelErrors checks the refusals of "level".
func TestLevelErrors(t *testing.T) {
	e := New()
	for _, tt := range []struct{ req, want string }{
		{`{"op":"level","fen":"start","level":0}`, "level 0: want 1 to 5"},
		{`{"op":"level","fen":"start","level":6}`, "level 6: want 1 to 5"},
	} {
		var got struct{ Error string }
		json.Unmarshal(e.Handle([]byte(tt.req)), &got)
		if !strings.HasPrefix(got.Error, "engine: ") || !strings.Contains(got.Error, tt.want) {
			t.Errorf("Handle(%s) error %q, want one with %q", tt.req, got.Error, tt.want)
		}
	}
	p, _ := rules.ParseFEN("8/4P3/n7/8/8/8/1PP2P2/4K3 w 2 0")
	over := p.Apply(rules.Move{From: rules.NewSquare(4, 6), To: rules.NewSquare(4, 7)})
	if _, err := e.Level(over, Request{Level: 5}); err == nil || !strings.Contains(err.Error(), "the game is over") {
		t.Errorf("Level(%q) error %v, want the game is over", over, err)
	}
}

// TestConcurrent checks that one Engine answers requests from several
// goroutines at once, as serve's route asks it, with the answers it gives
// one at a time (run with -race).
func TestConcurrent(t *testing.T) {
	reqs := []string{
		`{"op":"level","fen":"8/8/8/3n4/8/1P6/2P2P2/4K3 w 1 2","level":2,"seed":3}`,
		`{"op":"level","fen":"8/8/5n2/8/2P1P3/3P4/1P3PP1/4K3 w 0 0","level":4,"seed":3}`,
		`{"op":"solve","fen":"8/8/8/3n4/8/1P6/2P2P2/4K3 w 1 2"}`,
		`{"op":"review","fen":"8/8/8/3n4/8/1P6/2P2P2/4K3 w 1 2","moves":["c3","Nxc3","b4"]}`,
	}
	want := make([]string, len(reqs))
	for i, r := range reqs {
		want[i] = string(NewWith(Options{Nodes: 5000}).Handle([]byte(r)))
	}
	e := NewWith(Options{Nodes: 5000})
	done := make(chan error)
	for g := range 8 {
		go func() {
			for k := range len(reqs) {
				i := (g + k) % len(reqs)
				if got := string(e.Handle([]byte(reqs[i]))); got != want[i] {
					done <- fmt.Errorf("Handle(%s) at once = %s, alone %s", reqs[i], got, want[i])
					return
				}
			}
			done <- nil
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// TestSearchRepetition checks that a move to a position of the game's
// history scores as a draw (0), where without the history it does not.
func TestSearchRepetition(t *testing.T) {
	p, _ := rules.ParseFEN("8/8/5n2/8/2P1P3/3P4/1P3PP1/4K3 w 0 0")
	for _, s := range Search(p, nil, 5000) {
		if s.Score == 0 {
			continue
		}
		after := p.Apply(s.Move)
		for _, r := range Search(p, []string{after.String()}, 5000) {
			if r.Move == s.Move && r.Score != 0 {
				t.Errorf("Search(%q) with %q in the history: %s scores %d, want 0 (a draw)", p, after, p.SAN(s.Move), r.Score)
			}
		}
		return
	}
	t.Fatalf("Search(%q): every move scores 0", p)
}
