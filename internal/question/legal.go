package question

import (
	"errors"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/rules"
)

// Legal asks whether a move is legal in the position.
type Legal struct {
	Position rules.Position
	Move     string // the move as the author wrote it, SAN or coordinates
	Answer   bool   // the author's answer: true for "yes"
}

// ParseLegalMove reads the move of a legal question: it reports whether text
// is a legal move of p, and an error (wrapping rules.ErrBadMove) only when
// text is not a move at all.
func ParseLegalMove(p rules.Position, text string) (bool, error) {
	_, err := rules.ParseMove(p, text)
	if errors.Is(err, rules.ErrBadMove) {
		return false, err
	}
	return err == nil, nil
}

func (q *Legal) Kind() Kind { return KindLegal }

func (q *Legal) Check(Solver) (Proof, []Problem) {
	legal, err := ParseLegalMove(q.Position, q.Move)
	if err != nil {
		return Proof{}, problem("move", "%v", err)
	}
	switch {
	case q.Answer && !legal:
		return Proof{}, wordProblem("yes", "no", "answer yes, but %s is not legal here (legal: %s)", q.Move, q.Position.SANList(q.Position.LegalMoves()))
	case !q.Answer && legal:
		return Proof{}, wordProblem("no", "yes", "answer no, but %s is legal here", q.Move)
	}
	return Proof{}, nil
}

func (q *Legal) Wording(p *catalog.Printer) string {
	return toMove(p, q.Position) + " " + p.Say("q.legal", p.SAN(q.Move))
}

func (q *Legal) Key(p *catalog.Printer) string {
	if q.Answer {
		return p.Say("q.yes")
	}
	return p.Say("q.no")
}

func (q *Legal) Space(p *catalog.Printer) Space {
	return Space{Kind: TickBoxes, Choices: []string{p.Say("q.yes"), p.Say("q.no")}}
}
