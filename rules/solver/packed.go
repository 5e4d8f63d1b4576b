package solver

import (
	"math/bits"

	"nostromo-lessons/rules"
)

// A forgetting solve keeps the Black-to-move half of a table packed: only
// the states that can arise, those with the king off the pawns, the knight
// off the pawns and the king and not attacking the king, and for each king
// square its flight state. With six pawns that is about three quarters of
// the half's sideStates values.

// packedKnights returns the knight squares a packed half keeps for the
// king on king, in a configuration with these pawns (the king off them).
func packedKnights(pawns rules.Bitboard, king rules.Square) rules.Bitboard {
	return ^pawns &^ king.Bit() &^ rules.KnightAttacks(king)
}

// halfLayout says where the states of each king square start in a packed
// half: those of king at off[king], its knight squares in order
// (packedKnights), then its flight state; off[64] is the half's size.
type halfLayout struct {
	pawns rules.Bitboard
	off   [65]uint16
}

// set lays out the packed half of a configuration with these pawns.
func (l *halfLayout) set(pawns rules.Bitboard) {
	l.pawns = pawns
	n := 0
	for king := range rules.Square(64) {
		l.off[king] = uint16(n)
		if !pawns.Has(king) {
			n += packedKnights(pawns, king).Count() + 1
		}
	}
	l.off[64] = uint16(n)
}

// size returns the number of values of the packed half.
func (l *halfLayout) size() int { return int(l.off[64]) }

// index returns the place in the packed half of the state with the king on
// king and the knight on knight (rules.NoSquare for the flight), which it
// keeps.
func (l *halfLayout) index(king, knight rules.Square) int {
	valid := packedKnights(l.pawns, king)
	if knight == rules.NoSquare {
		return int(l.off[king]) + valid.Count()
	}
	return int(l.off[king]) + bits.OnesCount64(uint64(valid&(knight.Bit()-1)))
}

// pack writes into dst, of size l.size(), the packed half of h, the
// Black-to-move half of a whole table (indexed by stateIndex less
// sideStates).
func (l *halfLayout) pack(dst, h []value) {
	i := 0
	for king := range rules.Square(64) {
		if l.pawns.Has(king) {
			continue
		}
		row := h[int(king)*knightSlots:]
		for b := packedKnights(l.pawns, king); b != 0; b &= b - 1 {
			dst[i] = row[b.First()]
			i++
		}
		dst[i] = row[rules.NoSquare]
		i++
	}
}

// packedFlights copies the flight states of packed half h into f (those
// of kings on pawns, which no move reads, as draws).
func (l *halfLayout) packedFlights(h []value, f *flights) {
	for king := range rules.Square(64) {
		f[king] = drawValue
		if !l.pawns.Has(king) {
			f[king] = h[l.index(king, rules.NoSquare)]
		}
	}
}

// halfBytes returns the memory of the packed half of a configuration with
// these pawns, as the Solver's blocks hold it: its size rounded up to 64
// bytes.
func halfBytes(pawns rules.Bitboard) int64 {
	var l halfLayout
	l.set(pawns)
	return int64(64 * halfClass(l.size()))
}

// halfClass returns the block class of a packed half of size values: the
// number of 64-byte lines it takes.
func halfClass(size int) int { return (size + 63) / 64 }
