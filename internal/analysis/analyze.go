package analysis

import (
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Prover proves positions of the whole game: the methods of
// question.Solver, so that the opening book in front of the solver
// (proof.Book), the proof cache, the solver itself or a whole-game table
// may answer. An error (such as *solver.BudgetError) leaves the position
// unproven, and the moves next to it unjudged.
type Prover interface {
	Solve(p rules.Position, g solver.Goal) (solver.Solution, error)
	WinningMoves(p rules.Position, g solver.Goal) ([]rules.Move, error)
}

// Proven is a position of the game and what proving it gave: its
// solution, or the error that stopped the proof.
type Proven struct {
	Position rules.Position
	Solution solver.Solution // valid when Err is nil
	Err      error
}

// Value returns the position's value; ok is false when it is unproven.
func (p Proven) Value() (v Value, ok bool) { return ValueOf(p.Solution), p.Err == nil }

// Judged is one move of the game and its verdict.
type Judged struct {
	Move          rules.Move
	Before, After Proven // the positions the move was played in and made
	Class         Class
}

// Analyze proves every position of g with pr, in order, and judges every
// move. A finished position is not asked of pr: its value is the game's
// result in 0 moves. proving, when not nil, is called before each
// position is proven with its index (0 the start) and the count, for a
// progress line.
func Analyze(g Game, pr Prover, proving func(i, n int)) []Judged {
	n := len(g.Moves) + 1
	proven := make([]Proven, n)
	p := g.Start
	for i := range n {
		if proving != nil {
			proving(i, n)
		}
		proven[i] = prove(p, pr)
		if i < len(g.Moves) {
			p = p.Apply(g.Moves[i])
		}
	}
	out := make([]Judged, len(g.Moves))
	for i, m := range g.Moves {
		j := Judged{Move: m, Before: proven[i], After: proven[i+1], Class: Unjudged}
		before, ok1 := j.Before.Value()
		after, ok2 := j.After.Value()
		if ok1 && ok2 {
			j.Class = Classify(j.Before.Position.Side, before, after)
		}
		out[i] = j
	}
	return out
}

// prove returns p proven by pr, or by its status when the game is over.
func prove(p rules.Position, pr Prover) Proven {
	if st := p.Status(); st.Over() {
		return Proven{Position: p, Solution: solver.Solution{Result: st.Result(), Moves: 0}}
	}
	sol, err := pr.Solve(p, solver.Goal{Kind: solver.Game})
	if err != nil {
		return Proven{Position: p, Err: err}
	}
	return Proven{Position: p, Solution: sol}
}

// Keeping returns the moves of j's position that keep its value, for a
// "find the better move" exercise: in a win every winning move, in a draw
// every move that keeps the draw (the solution's best moves); none in a
// loss, which no move can keep worse.
func Keeping(j Judged, pr Prover) ([]rules.Move, error) {
	b := j.Before
	switch {
	case b.Err != nil:
		return nil, b.Err
	case b.Solution.Result == rules.Draw:
		return b.Solution.Best, nil
	case Outcome(ValueOf(b.Solution), b.Position.Side) == 1:
		return pr.WinningMoves(b.Position, solver.Goal{Kind: solver.Game})
	}
	return nil, nil
}
