package question

import (
	"nostromo-lessons/internal/catalog"
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

// Wording names the pieces whose moves count, the king's and the pawns'
// together (or the knight's), so that a side and its king cannot be
// mistaken in any theme; that names the side to move too.
func (q *CountMoves) Wording(p *catalog.Printer) string {
	return p.Say(sideKey("q.count-moves", q.Position.Side))
}

func (q *CountMoves) Key(*catalog.Printer) string { return itoa(q.Answer) }

func (q *CountMoves) Space(*catalog.Printer) Space { return Space{Kind: NumberBox} }
