package question

import (
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/rules"
)

// KnightMoves asks for the squares the knight can jump to now: every knight
// jump from its square except onto the king (a jump onto a pawn takes it).
// The side to move does not matter.
type KnightMoves struct {
	Position rules.Position
	Squares  rules.Bitboard // the author's answer
}

// KnightJumps returns the squares the knight of p can jump to.
func KnightJumps(p rules.Position) rules.Bitboard {
	return rules.KnightAttacks(p.Knight) &^ p.King.Bit()
}

func (q *KnightMoves) Kind() Kind { return KindKnightMoves }

func (q *KnightMoves) Check(Solver) (Proof, []Problem) {
	if q.Position.FlightPending() {
		return Proof{}, problem("position", "there is no knight on the board (its flight to f6 is pending)")
	}
	return Proof{}, setProblem("the knight can jump to", q.Squares, KnightJumps(q.Position))
}

func (q *KnightMoves) Wording(p *catalog.Printer) string { return p.Say("q.knight-moves") }

func (q *KnightMoves) Key(p *catalog.Printer) string { return squaresKey(p, q.Squares) }

func (q *KnightMoves) Space(*catalog.Printer) Space { return Space{Kind: SquareLines} }

func init() {
	define(KindKnightMoves, KindInfo{Name: "knight-moves", Drill: true, Levels: [4]int{4, 8, 11, 14},
		Words: []string{"q.knight-moves"}, Requires: withPosition,
		Answer: Field{Type: SquaresField, Doc: "The squares the knight can jump to, such as [d5, e4]; [] for none."},
		Decode: func(in Input) (Question, bool) {
			p, ok := positionAnswer(in)
			set, good := in.Squares("answer")
			return &KnightMoves{Position: p, Squares: set}, ok && good
		},
		Encode: func(q Question, out Output) {
			out.Position("position", q.(*KnightMoves).Position)
			out.Squares("answer", q.(*KnightMoves).Squares)
		},
	})
}
