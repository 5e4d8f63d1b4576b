package rules

import "fmt"

// PawnCount is the number of pawns taking part in every game: each is on the
// board, already saved, or already taken.
const PawnCount = 6

// SavesToWin is the number of saved pawns that wins the game for White, and
// TakesToWin the number of taken pawns that wins it for Black.
const (
	SavesToWin = 3
	TakesToWin = 4
)

// Position is a game state. It is a comparable value.
//
// Knight is NoSquare when the knight has been captured and its flight is
// pending: then Black is to move and the flight is its only move.
type Position struct {
	Pawns  Bitboard // the white pawns on the board
	King   Square   // the white king
	Knight Square   // the black knight, or NoSquare while its flight is pending
	Side   Color    // the side to move
	Saved  uint8    // pawns that reached rank 8
	Taken  uint8    // pawns the knight captured
}

// Start is the project's default start position:
// White Ke1, pawns b2 c2 d2 e2 f2 g2; Black Nf6; White to move.
var Start = Position{
	Pawns:  Rank2 &^ (A1.Bit()<<8 | H8.Bit()>>48),
	King:   E1,
	Knight: F6,
	Side:   White,
}

// Occupied returns every square holding a piece.
func (p Position) Occupied() Bitboard { return p.Pawns | p.King.Bit() | p.Knight.Bit() }

// InCheck reports whether the knight attacks the white king.
func (p Position) InCheck() bool { return KnightAttacks(p.Knight).Has(p.King) }

// FlightPending reports whether the knight was captured and must now fly to
// its lair.
func (p Position) FlightPending() bool { return p.Knight == NoSquare }

// Validate reports why p is not a valid position under docs/RULES.md, or nil.
// The error wraps ErrInvalidPosition.
func (p Position) Validate() error {
	switch {
	case !p.King.Valid():
		return invalid("no white king")
	case p.Knight > NoSquare:
		return invalid("knight off the board")
	case p.Knight == p.King:
		return invalid(fmt.Sprintf("king and knight on the same square (%s)", p.King))
	case p.Pawns.Has(p.King):
		return invalid(fmt.Sprintf("king and pawn on the same square (%s)", p.King))
	case p.Pawns.Has(p.Knight):
		return invalid(fmt.Sprintf("knight and pawn on the same square (%s)", p.Knight))
	case p.Pawns&Rank1 != 0:
		return invalid(fmt.Sprintf("pawn on rank 1 (%s)", (p.Pawns & Rank1).First()))
	case p.Pawns&Rank8 != 0:
		return invalid(fmt.Sprintf("pawn on rank 8 (%s)", (p.Pawns & Rank8).First()))
	case p.Saved > SavesToWin-1:
		return invalid(fmt.Sprintf("%s saved, at most %d", count(int(p.Saved), "pawn"), SavesToWin-1))
	case p.Taken > TakesToWin-1:
		return invalid(fmt.Sprintf("%s taken, at most %d", count(int(p.Taken), "pawn"), TakesToWin-1))
	case p.Pawns.Count()+int(p.Saved)+int(p.Taken) != PawnCount:
		return invalid(fmt.Sprintf("%s on the board + %d saved + %d taken is %d, want %d",
			count(p.Pawns.Count(), "pawn"), p.Saved, p.Taken, p.Pawns.Count()+int(p.Saved)+int(p.Taken), PawnCount))
	case p.Side > Black:
		return invalid("no side to move")
	case p.FlightPending() && p.Side == White:
		return invalid("no knight, and White is to move")
	case p.FlightPending() && p.Occupied().Has(Lair):
		return invalid("no knight, Black is to move, and the lair f6 is occupied")
	case p.Side == Black && p.InCheck():
		return invalid(fmt.Sprintf("Black is to move and the white king on %s is attacked", p.King))
	}
	return nil
}
