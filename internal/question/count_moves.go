package question

import (
	"nostromo-lessons/internal/catalog"
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

// Wording names the pieces whose moves count, the king's and the pawns'
// together (or the knight's), so that a side and its king cannot be
// mistaken in any theme; that names the side to move too.
func (q *CountMoves) Wording(p *catalog.Printer) string {
	return p.Say(sideKey("q.count-moves", q.Position.Side))
}

func (q *CountMoves) Key(*catalog.Printer) string { return itoa(q.Answer) }

func (q *CountMoves) Space(*catalog.Printer) Space { return Space{Kind: style.NumberBox} }

func init() {
	define(KindCountMoves, KindInfo{Name: "count-moves", Drill: true, Typed: true, Levels: [4]int{4, 8, 12, 16},
		Words: []string{"q.count-moves.white", "q.count-moves.black"}, Requires: withPosition,
		Answer: Field{Type: IntegerField, Min: 0, Max: 999, Doc: "How many legal moves the side to move has."},
		Decode: func(in Input) (Question, bool) {
			p, ok := positionAnswer(in)
			q := &CountMoves{Position: p}
			answered := in.Has("answer")
			if answered {
				var good bool
				q.Answer, good = in.Integer("answer", 0, 999)
				ok = ok && good
			}
			return q, ok && answered
		},
		Encode: func(q Question, out Output) {
			out.Position("position", q.(*CountMoves).Position)
			out.Number("answer", q.(*CountMoves).Answer)
		},
	})
}
