package rules

import "math/bits"

// Bitboard is a set of squares: bit n is set when square n belongs to the set
// (bit 0 is a1, bit 7 is h1, bit 63 is h8).
type Bitboard uint64

// Masks of files and ranks.
const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xff
	Rank2 Bitboard = Rank1 << 8
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56
)

// Bit returns the set holding only s, or the empty set for NoSquare.
func (s Square) Bit() Bitboard {
	if !s.Valid() {
		return 0
	}
	return 1 << s
}

// Has reports whether s belongs to b.
func (b Bitboard) Has(s Square) bool { return b&s.Bit() != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of b, or NoSquare when b is empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Squares returns the squares of b in increasing order.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for ; b != 0; b &= b - 1 {
		out = append(out, b.First())
	}
	return out
}

// knightAttacks and kingAttacks hold, for each square, the squares a knight or
// a king standing there attacks. Index 64 (NoSquare) is the empty set, so a
// missing knight attacks nothing.
var knightAttacks, kingAttacks [65]Bitboard

func init() {
	jumps := [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	steps := [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	for s := A1; s <= H8; s++ {
		knightAttacks[s] = offsets(s, jumps)
		kingAttacks[s] = offsets(s, steps)
	}
}

func offsets(s Square, deltas [8][2]int) Bitboard {
	var b Bitboard
	for _, d := range deltas {
		f, r := s.File()+d[0], s.Rank()+d[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			b |= NewSquare(f, r).Bit()
		}
	}
	return b
}

// KnightAttacks returns the squares a knight on s attacks (none for NoSquare).
func KnightAttacks(s Square) Bitboard { return knightAttacks[min(s, NoSquare)] }

// KingAttacks returns the squares a king on s attacks (none for NoSquare).
func KingAttacks(s Square) Bitboard { return kingAttacks[min(s, NoSquare)] }

// PawnAttackers returns the squares from which a white pawn would capture
// on s: one rank below, one file to either side.
func PawnAttackers(s Square) Bitboard {
	b := s.Bit()
	return (b>>7)&^FileA | (b>>9)&^FileH
}
