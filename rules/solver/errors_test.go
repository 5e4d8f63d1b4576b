package solver

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"nostromo-lessons/rules"
)

func mustFEN(t *testing.T, fen string) rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSolveErrors(t *testing.T) {
	p := mustFEN(t, "8/8/1n3P2/8/8/6P1/2K5/8 w 2 2")
	tests := []struct {
		name string
		p    rules.Position
		goal Goal
		want string
	}{
		{"invalid_position", rules.Position{King: rules.E1, Knight: rules.E1}, Goal{}, "solver: invalid position"},
		{"goal_kind", p, Goal{Kind: 7}, "solver: goal kind 7"},
		{"save_zero", p, Goal{Kind: SaveMore}, "solver: goal save 0: want 1 or more pawns"},
		{"take_negative", p, Goal{Kind: TakeMore, K: -1}, "solver: goal take -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(Options{}).Solve(tt.p, tt.goal)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("Solve(%q, %v) error %v, want %q...", tt.p, tt.goal, err, tt.want)
			}
		})
	}
}

// TestBudget checks that a solve over budget stops before solving
// anything, with the figure, and that a Solver whose cache holds earlier
// tables drops them to make room.
func TestBudget(t *testing.T) {
	p := mustFEN(t, "8/8/1n3P2/8/8/6P1/2K5/8 w 2 2") // 85 configurations
	s := New(Options{Budget: 10 * StatesPerConfig})
	_, err := s.Solve(p, Goal{Kind: Game})
	var be *BudgetError
	if !errors.As(err, &be) || be.Limit != 10*StatesPerConfig || be.Needed != 85*StatesPerConfig ||
		!be.Counted || be.Configs != 85 || be.Bytes() != 85*BytesPerConfig {
		t.Fatalf("Solve over budget: error %v, want a *BudgetError needing 85 configurations", err)
	}
	if st := s.Stats(); st.Configs != 0 || st.Solved != 0 {
		t.Errorf("Solve over budget solved %d configurations, want none", st.Configs)
	}

	s = New(Options{Budget: 90 * StatesPerConfig})
	if _, err := s.Solve(mustFEN(t, "8/8/8/8/P7/8/2K5/2n5 w 2 3"), Goal{Kind: Game}); err != nil {
		t.Fatal(err)
	}
	before := s.Stats().Configs
	sol, err := s.Solve(p, Goal{Kind: Game})
	if err != nil || sol.Result != rules.WhiteWins || sol.Moves != 9 {
		t.Fatalf("Solve after an earlier solve = %v in %d, %v; want white in 9", sol.Result, sol.Moves, err)
	}
	if got := s.Stats().Configs; got != 85 || before == 0 {
		t.Errorf("configurations held %d then %d, want some then 85 (the cache dropped)", before, got)
	}
}

// TestListingStopped checks what the error of a solve that stops listing
// its configurations at its limit says, keeping its tables or forgetting
// them, against the same solve allowed to list them all: Needed is at
// most what that solve needs at once (for a forgetting one, much less
// than every table listed), and a fresh Solver with PlanBytes lists them
// all and proves the position.
func TestListingStopped(t *testing.T) {
	p := mustFEN(t, "6n1/2P5/1P1K4/8/5P2/8/7P/8 b 1 1") // 2,585 configurations, Bound 5,274
	g := Goal{Kind: Game}
	want, err := New(Options{}).Evaluate(p, g)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		forget bool
		listed int64 // the configurations listed under a budget of 100 tables
	}{
		{"keep", false, 1024},
		{"forget", true, forgetListing * 100},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			all := New(Options{Forget: tt.forget, Eager: true}).mustPlan(t, tableKey{configOf(p), target{kind: Game}}, 1<<40)
			_, err := New(Options{Budget: 100 * StatesPerConfig, Forget: tt.forget}).Evaluate(p, g)
			var be *BudgetError
			if !errors.As(err, &be) || be.Counted || be.Forget != tt.forget || be.Listed != tt.listed {
				t.Fatalf("Evaluate within 100 tables: error %v, want a *BudgetError of %d configurations listed", err, tt.listed)
			}
			if be.Needed <= 0 || be.Needed > all.peak {
				t.Errorf("BudgetError needs %d states; the solve of all %d configurations needs %d: want at most that",
					be.Needed, len(all.order), all.peak)
			}
			if tt.forget && all.peak >= (be.Listed+1)*StatesPerConfig {
				t.Errorf("the forgetting solve needs %d states, the %d tables listed %d: want fewer (the position tests nothing)",
					all.peak, be.Listed+1, (be.Listed+1)*StatesPerConfig)
			}
			got, err := New(Options{Budget: be.PlanBytes() / BytesPerState, Forget: tt.forget}).Evaluate(p, g)
			if err != nil || got.Result != want.Result || got.Moves != want.Moves || !slices.Equal(got.Best, want.Best) {
				t.Errorf("Evaluate within PlanBytes = %d: %v in %d, best %v, error %v; want %v in %d, best %v",
					be.PlanBytes(), got.Result, got.Moves, got.Best, err, want.Result, want.Moves, want.Best)
			}
		})
	}
}
