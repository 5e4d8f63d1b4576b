package proof

import (
	"slices"
	"testing"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// TestBook checks that the book answers the start and the positions after
// its first moves at once, without the solver, and passes on what it does
// not hold.
func TestBook(t *testing.T) {
	inner := newCounting()
	b := Book{Inner: inner}
	game := solver.Goal{Kind: solver.Game}
	sol, err := b.Solve(rules.Start, game)
	if err != nil || sol.Result != rules.Draw || rules.Start.SANList(sol.Best) != "b3, c3, d3, f3, g3" || sol.Line != nil {
		t.Fatalf("Solve(start) = %v %v %s %v; want a draw, best b3, c3, d3, f3, g3, no line", sol.Result, err, rules.Start.SANList(sol.Best), sol.Line)
	}
	if win, err := b.WinningMoves(rules.Start, game); err != nil || len(win) != 0 {
		t.Errorf("WinningMoves(start) = %v, %v; want none (a draw)", win, err)
	}
	kd1 := rules.Start.Apply(mustMove(t, rules.Start, "Kd1"))
	sol, err = b.Solve(kd1, game)
	if err != nil || sol.Result != rules.BlackWins || sol.Moves != 30 {
		t.Fatalf("Solve(after Kd1) = %v in %d, %v; want Black wins in 30", sol.Result, sol.Moves, err)
	}
	win, err := b.WinningMoves(kd1, game)
	if err != nil || len(win) < len(sol.Best) {
		t.Fatalf("WinningMoves(after Kd1) = %v, %v; want at least the %d best moves", win, err, len(sol.Best))
	}
	for _, m := range sol.Best {
		if !slices.Contains(win, m) {
			t.Errorf("best move %s is not among the winning moves %s", kd1.SAN(m), kd1.SANList(win))
		}
	}
	if inner.calls != 0 {
		t.Errorf("the book asked the solver %d times, want none", inner.calls)
	}
	small, _ := rules.ParseFEN("8/8/4PK2/8/8/8/8/n7 w 2 3")
	if _, err := b.Solve(small, game); err != nil || inner.calls != 1 {
		t.Errorf("Solve of a position outside the book: %v, %d solver calls; want it passed on once", err, inner.calls)
	}
	if _, err := b.Solve(rules.Start, solver.Goal{Kind: solver.SaveMore, K: 1}); err == nil || inner.calls != 2 {
		t.Errorf("a sub-goal of the start: %v, %d solver calls; want it passed on (and refused by the solver's budget)", err, inner.calls)
	}
}

func mustMove(t *testing.T, p rules.Position, san string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(p, san)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
