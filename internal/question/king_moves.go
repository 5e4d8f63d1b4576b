package question

import (
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// KingMoves asks for the squares the king may legally step to: empty or
// holding the knight (if the lair rule allows the capture), not attacked by
// the knight. The position is read as if White were to move.
type KingMoves struct {
	Position rules.Position
	Squares  rules.Bitboard // the author's answer
}

// KingSteps returns the squares the king of p may legally step to, as if
// White were to move.
func KingSteps(p rules.Position) rules.Bitboard {
	p.Side = rules.White
	var b rules.Bitboard
	for _, m := range p.LegalMoves() {
		if m.From == p.King {
			b |= m.To.Bit()
		}
	}
	return b
}

func (q *KingMoves) Kind() Kind { return KindKingMoves }

func (q *KingMoves) Check(Solver) (Proof, []Problem) {
	return Proof{}, setProblem("the king may step to", q.Squares, KingSteps(q.Position))
}

func (q *KingMoves) Wording(p *catalog.Printer) string { return p.Say("q.king-moves") }

func (q *KingMoves) Key(p *catalog.Printer) string { return squaresKey(p, q.Squares) }

func (q *KingMoves) Space(*catalog.Printer) Space { return Space{Kind: style.SquareLines} }

func init() {
	define(KindKingMoves, squaresKind("king-moves", [4]int{5, 8, 11, 14},
		"The squares the king may step to, such as [d3, e3]; [] for none.",
		func(p rules.Position, set rules.Bitboard) Question { return &KingMoves{Position: p, Squares: set} }))
}

// answer returns the position and the author's squares, for Encode.
func (q *KingMoves) answer() (rules.Position, rules.Bitboard) { return q.Position, q.Squares }
