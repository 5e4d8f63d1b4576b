package proof

import (
	"slices"
	"strings"

	"nostromo-lessons/internal/opening"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Book is a question.Solver that answers questions about the whole game
// from the opening book (package opening) where the book knows every best
// move, and asks Inner everything else. Its solutions carry no line: the
// book holds values, not lines.
type Book struct {
	Inner question.Solver
}

// lookup returns the book's solution of p for goal g, when it has the
// value of p and of every move from it.
func lookup(p rules.Position, g solver.Goal) (solver.Solution, bool) {
	if g.Kind != solver.Game {
		return solver.Solution{}, false
	}
	sol, ok := opening.Lookup(p)
	if !ok || sol.Best == nil && !p.Status().Over() {
		return solver.Solution{}, false
	}
	return sol, true
}

// Solve implements question.Solver.
func (b Book) Solve(p rules.Position, g solver.Goal) (solver.Solution, error) {
	if sol, ok := lookup(p, g); ok {
		return sol, nil
	}
	return b.Inner.Solve(p, g)
}

// WinningMoves implements question.Solver: from the book, the moves after
// which the side to move still wins, sorted by SAN as the solver sorts them.
func (b Book) WinningMoves(p rules.Position, g solver.Goal) ([]rules.Move, error) {
	if _, ok := lookup(p, g); ok {
		win := []rules.Move{}
		for _, m := range p.LegalMoves() {
			after := p.Apply(m)
			sol, ok := opening.Lookup(after)
			if !ok && !after.Status().Over() {
				return b.Inner.WinningMoves(p, g)
			}
			if !ok {
				sol.Result = after.Status().Result()
			}
			if sol.Result == wins(p.Side) {
				win = append(win, m)
			}
		}
		slices.SortFunc(win, func(a, b rules.Move) int { return strings.Compare(p.SAN(a), p.SAN(b)) })
		return win, nil
	}
	return b.Inner.WinningMoves(p, g)
}

// wins returns the result that is a win for side c.
func wins(c rules.Color) rules.Result {
	if c == rules.White {
		return rules.WhiteWins
	}
	return rules.BlackWins
}
