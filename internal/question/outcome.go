package question

import (
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Outcome asks who wins with best play from the position: White, Black, or
// nobody (a draw).
type Outcome struct {
	Position rules.Position
	Answer   rules.Result // the author's answer: WhiteWins, BlackWins or Draw
}

func (q *Outcome) Kind() Kind { return KindOutcome }

func (q *Outcome) Check(s Solver) (Proof, []Problem) {
	sol, proof, probs := prove(s, q.Position, solver.Goal{Kind: solver.Game})
	if probs != nil {
		return proof, probs
	}
	proof.Winner, proof.Decided = Winner(sol.Result)
	if sol.Result != q.Answer {
		return proof, wordProblem(q.Answer.String(), sol.Result.String(), "answer %s, but %s with best play%s", q.Answer, resultText(sol), shortLine(q.Position, sol.Line))
	}
	return proof, nil
}

// resultText describes the result of a whole-game solution: "White wins in
// 7 moves", "Black wins in 3 moves" or "it is a draw".
func resultText(sol solver.Solution) string {
	if c, ok := Winner(sol.Result); ok {
		return sideName(c) + " wins in " + Plural(sol.Moves, "move")
	}
	return "it is a draw"
}

func (q *Outcome) Wording(p *catalog.Printer) string {
	return toMove(p, q.Position) + " " + p.Say("q.outcome")
}

func (q *Outcome) Key(p *catalog.Printer) string {
	if c, ok := Winner(q.Answer); ok {
		return p.Say(sideKey("q.wins", c))
	}
	return p.Say("q.draw")
}

func (q *Outcome) Space(p *catalog.Printer) Space {
	return Space{Kind: TickBoxes, Choices: []string{p.Say("q.wins.white"), p.Say("q.wins.black"), p.Say("q.draw")}}
}
