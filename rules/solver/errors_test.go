package solver

import (
	"errors"
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
