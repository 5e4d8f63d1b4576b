package question

import (
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// CountMoves asks for the number of legal moves of the side to move.
type CountMoves struct {
	Position rules.Position
	Answer   int // the author's answer
}

func (q *CountMoves) Kind() Kind { return KindCountMoves }

func (q *CountMoves) Check(Solver) (Proof, []Problem) {
	moves := q.Position.LegalMoves()
	if q.Answer != len(moves) {
		return Proof{}, problem("answer", "answer %d, but %s has %s (%s)", q.Answer, sideName(q.Position.Side), Plural(len(moves), "legal move"), q.Position.SANList(moves))
	}
	return Proof{}, nil
}

func (q *CountMoves) Wording(t style.Theme) string {
	return toMove(t, q.Position) + " How many different moves can " + t.SideInSentence(q.Position.Side) + " make?"
}

func (q *CountMoves) Key(style.Theme) string { return itoa(q.Answer) }

func (q *CountMoves) Space(style.Theme) Space { return Space{Kind: NumberBox} }
