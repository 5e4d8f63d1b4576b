package question

import (
	"errors"
	"fmt"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
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

// OtherSide explains why text, a move that is not legal in p, is not: when
// it is a legal move of the side that is not to move, it returns "; Nxd5 is
// a move of Black, and White is to move here: for Black to move, write
// to_move: black (or b in a FEN)". Otherwise it returns "".
func OtherSide(p rules.Position, text string) string {
	other := p
	other.Side = p.Side.Other()
	if other.Validate() != nil {
		return ""
	}
	if _, err := rules.ParseMove(other, text); err != nil {
		return ""
	}
	return fmt.Sprintf("; %s is a move of %s, and %s is to move here: for %s to move, write to_move: %s (or %c in a FEN)",
		text, sideName(other.Side), sideName(p.Side), sideName(other.Side), other.Side, other.Side.String()[0])
}

func (q *Legal) Kind() Kind { return KindLegal }

func (q *Legal) Check(Solver) (Proof, []Problem) {
	legal, err := ParseLegalMove(q.Position, q.Move)
	if err != nil {
		return Proof{}, problem("move", "%v", err)
	}
	switch {
	case q.Answer && !legal:
		return Proof{}, wordProblem("yes", "no", "answer yes, but %s is not legal here (legal: %s)%s", q.Move, q.Position.SANList(q.Position.LegalMoves()), OtherSide(q.Position, q.Move))
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
	return Space{Kind: style.TickBoxes, Choices: []string{p.Say("q.yes"), p.Say("q.no")}}
}

func init() {
	define(KindLegal, KindInfo{Name: "legal", Drill: true, Levels: [4]int{1, 2, 3, 4},
		Words: []string{"q.legal", "q.yes", "q.no"}, Requires: withPosition,
		Keys: []Field{
			{Name: "move", Type: MoveField, Required: true, Doc: "The move to judge."},
		},
		Answer: Field{Type: AnswerWordField, Words: []string{"yes", "no"}, Doc: "yes if the move is legal, no if not."},
		Decode: decodeLegal,
		Encode: func(q Question, out Output) {
			l := q.(*Legal)
			out.Position("position", l.Position)
			out.Word("move", l.Move)
			out.Word("answer", map[bool]string{true: "yes", false: "no"}[l.Answer])
		},
	})
}

// decodeLegal reads a legal question: its position, move and answer.
func decodeLegal(in Input) (Question, bool) {
	p, ok := positionAnswer(in)
	q := &Legal{Position: p}
	if in.Need("move") {
		s, good := in.Move("move", p)
		if !good {
			ok = false
		} else {
			q.Move = s
		}
	} else {
		ok = false
	}
	answered := in.Has("answer")
	if answered {
		s, good := in.AnswerWord("answer", "yes", "no")
		q.Answer, ok = s == "yes", ok && good
	}
	return q, ok && answered
}
