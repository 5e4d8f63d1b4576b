package question

import (
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
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

func (q *KnightMoves) Space(*catalog.Printer) Space { return Space{Kind: style.SquareLines} }

func init() {
	define(KindKnightMoves, squaresKind("knight-moves", [4]int{4, 8, 11, 14},
		"The squares the knight can jump to, such as [d5, e4]; [] for none.",
		func(p rules.Position, set rules.Bitboard) Question { return &KnightMoves{Position: p, Squares: set} }))
}

// answer returns the position and the author's squares, for Encode.
func (q *KnightMoves) answer() (rules.Position, rules.Bitboard) { return q.Position, q.Squares }

// squaresAnswer is a question whose answer is a set of squares of its
// position.
type squaresAnswer interface {
	answer() (rules.Position, rules.Bitboard)
}

// squaresKind returns the registration of a drill kind whose answer is a
// set of squares of the position, knight-moves or king-moves: its name,
// levels and the doc of its answer, with ask making its question.
func squaresKind(name string, levels [4]int, doc string, ask func(rules.Position, rules.Bitboard) Question) KindInfo {
	return KindInfo{Name: name, Drill: true, Levels: levels, Words: []string{"q." + name}, Requires: withPosition,
		Answer: Field{Type: SquaresField, Doc: doc},
		Decode: func(in Input) (Question, bool) {
			p, ok := positionAnswer(in)
			set, good := in.Squares("answer")
			return ask(p, set), ok && good
		},
		Encode: func(q Question, out Output) {
			p, set := q.(squaresAnswer).answer()
			out.Position("position", p)
			out.Squares("answer", set)
		},
	}
}
