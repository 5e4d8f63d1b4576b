package rules

// Move is a move of either side: the piece on From goes to To. The knight's
// flight to its lair is the Move{From: NoSquare, To: Lair}.
//
// A Move says nothing of captures or saves; they follow from the position it
// is played in. Moves are comparable values.
type Move struct {
	From, To Square
}

// Flight is the knight's flight to its lair, Black's only move after the
// knight was captured.
var Flight = Move{From: NoSquare, To: Lair}

// IsFlight reports whether m is the knight's flight.
func (m Move) IsFlight() bool { return m.From == NoSquare }

// String returns the move in coordinate notation: "e2e3", "f6e4", or "@f6"
// for the flight.
func (m Move) String() string {
	if m.IsFlight() {
		return "@" + m.To.String()
	}
	return m.From.String() + m.To.String()
}

// MaxMoves is the most legal moves a position can have: eight king steps, six
// pawn steps and two pawn captures for White; Black never has more than eight.
const MaxMoves = 16

// Apply returns the position after m. It does not check that m is legal:
// play only moves from LegalMoves or ParseMove.
func (p Position) Apply(m Move) Position {
	to := m.To.Bit()
	if p.Side == White {
		if m.From == p.King {
			p.King = m.To
		} else {
			p.Pawns &^= m.From.Bit()
			if to&Rank8 != 0 {
				p.Saved++
			} else {
				p.Pawns |= to
			}
		}
		if m.To == p.Knight {
			p.Knight = NoSquare
		}
	} else {
		p.Knight = m.To
		if p.Pawns&to != 0 {
			p.Pawns &^= to
			p.Taken++
		}
	}
	p.Side = p.Side.Other()
	return p
}

// IsCapture reports whether m, played in p, captures: a white piece taking
// the knight, or the knight taking a pawn.
func (p Position) IsCapture(m Move) bool {
	if p.Side == White {
		return m.To == p.Knight
	}
	return !m.IsFlight() && p.Pawns.Has(m.To)
}

// IsSave reports whether m, played in p, is a pawn reaching rank 8.
func (p Position) IsSave(m Move) bool {
	return p.Side == White && m.From != p.King && m.To.Rank() == 7
}
