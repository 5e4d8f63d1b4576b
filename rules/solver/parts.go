package solver

import (
	"math/bits"

	"nostromo-lessons/rules"
)

// A forgetting solve keeps of a solved table only the parts that the
// configurations of its plan not yet solved read, and drops each part
// after its last reader (see plan.forget and run.solved). A move leaving
// a configuration reads, of the table it leads to:
//
//   - a pawn's step (or a save, by a step or a capture): the Black-to-move
//     half, kept packed (see packed.go);
//   - a pawn's capture of the knight: the 64 flight states, one a king
//     square, which that half holds too;
//   - the knight's take of the pawn on a square: the 64 White-to-move
//     states with the knight on that square, one a king square (a row).
//
// Each row has one reader (the configuration with that pawn back on the
// board), so a table keeps one row a take that reads it.

// readKind is the part of a table a move leaving reads.
type readKind uint8

const (
	readHalf   readKind = iota // the Black-to-move half
	readFlight                 // the flight states
	readRow                    // one row of the White-to-move half
)

// readCounts counts reads of the parts of a table, by readKind. A count
// fits a byte: a half is read by at most 30 moves (a step of each of the
// six pawns, three ways to save from each file), the flight states by at
// most 12 (captures either side), and the rows by at most 48 (a take of a
// pawn back on each square).
type readCounts [3]uint8

// readOf returns what configuration r reads of configuration k, which a
// move from r leads to: the part, and for a row, the knight's square.
func readOf(r, k config) (readKind, rules.Square) {
	switch {
	case k.taken != r.taken:
		return readRow, (r.pawns &^ k.pawns).First()
	case k.saved != r.saved:
		return readHalf, 0
	}
	from, to := (r.pawns &^ k.pawns).First(), (k.pawns &^ r.pawns).First()
	if to == from+8 {
		return readHalf, 0
	}
	return readFlight, 0
}

// flights holds the flight states of a table, by king square.
type flights [64]value

// parts is what a forgetting solve holds of a solved table: the packed
// Black-to-move half, the flight states (apart, although the half holds
// them too: 64 bytes, so that each part is dropped on its own), and the
// rows of the knight squares in rowSet, 64 values each, in the order of
// the squares. A field is nil when nothing left to solve reads it.
type parts struct {
	whole  *table // the whole table, when it is kept so (see run.store); nil otherwise
	half   []value
	flight *flights
	rowSet rules.Bitboard
	rows   []value
	// left counts the reads of each part by configurations not yet
	// solved, by readKind (the rows together: they are dropped together).
	left readCounts
	// pins counts the configurations being solved that read the parts,
	// which are not spilled then; spill says where they are when they
	// are spilled (see spill.go).
	pins  uint8
	spill spilled
}

// bytes returns the memory the parts hold, in bytes (one a state): that
// of the block class of the half and of the rows (see blockPool.get:
// their blocks may be larger).
func (pt *parts) bytes() int64 {
	return partBytes(64*int64(halfClass(len(pt.half))), pt.flight != nil, len(pt.rows)/64)
}

// partBytes returns the bytes of parts holding a half of halfBytes, the
// flight states or not, and rows rows.
func partBytes(halfBytes int64, hasFlight bool, rows int) int64 {
	n := halfBytes + int64(64*rows)
	if hasFlight {
		n += 64
	}
	return n
}

// row returns the row of knight square s, which the parts hold.
func (pt *parts) row(s rules.Square) []value {
	i := 64 * bits.OnesCount64(uint64(pt.rowSet&(s.Bit()-1)))
	return pt.rows[i : i+64 : i+64]
}

// flightsOf copies the flight states of a Black-to-move half into f.
func flightsOf(h []value, f *flights) {
	for king := range f {
		f[king] = h[king*knightSlots+int(rules.NoSquare)]
	}
}

// compact returns the parts of t, the table of a configuration with these
// pawns, that the reads counted in left need, the rows being those of the
// knight squares in rowSet, and counts them as stored.
func (s *Solver) compact(t *table, pawns rules.Bitboard, left readCounts, rowSet rules.Bitboard) *parts {
	pt := s.pool.newParts()
	pt.left = left
	if left[readHalf] > 0 {
		var l halfLayout
		l.set(pawns)
		pt.half = s.halves.get(halfClass(l.size()))[:l.size()]
		l.pack(pt.half, t[sideStates:])
	}
	if left[readFlight] > 0 {
		pt.flight = s.pool.newFlights()
		flightsOf(t[sideStates:], pt.flight)
	}
	if left[readRow] > 0 {
		pt.rowSet = rowSet
		pt.rows = s.rows.get(rowSet.Count())[:0]
		for b := rowSet; b != 0; b &= b - 1 {
			n := int(b.First())
			pt.rows = append(pt.rows, t[n*64:n*64+64]...)
		}
	}
	s.stored += pt.bytes()
	return pt
}

// release counts one read of kind of pt done, dropping the part when
// nothing left reads it. It reports whether pt then holds nothing.
func (s *Solver) release(pt *parts, kind readKind) bool {
	if pt.left[kind]--; pt.left[kind] > 0 {
		return false
	}
	if pt.spill.on {
		// The part stays in the spill until nothing reads the others.
		if pt.left != (readCounts{}) {
			return false
		}
		s.spill.put(pt.spill.at, int(pt.spill.class))
		pt.spill = spilled{}
		s.pool.parts = append(s.pool.parts, pt)
		return true
	}
	before := pt.bytes()
	switch kind {
	case readHalf:
		s.halves.put(pt.half)
		pt.half = nil
	case readFlight:
		s.pool.flights = append(s.pool.flights, pt.flight)
		pt.flight = nil
	case readRow:
		s.rows.put(pt.rows)
		pt.rowSet, pt.rows = 0, nil
	}
	s.stored += pt.bytes() - before
	if pt.left != (readCounts{}) {
		return false
	}
	s.pool.parts = append(s.pool.parts, pt)
	return true
}

// dropParts drops pt, whatever still reads it.
func (s *Solver) dropParts(pt *parts) {
	for kind := range pt.left {
		if pt.left[kind] > 0 {
			pt.left[kind] = 1
			s.release(pt, readKind(kind))
		}
	}
}

// partPool keeps the memory of dropped parts for reuse, so that a long
// forgetting solve leaves the garbage collector next to nothing to do (as
// the Solver's tables, halves and rows, carved from slabs, do).
type partPool struct {
	parts   []*parts
	flights []*flights
}

// newParts returns empty parts.
func (pp *partPool) newParts() *parts {
	if n := len(pp.parts); n > 0 {
		pt := pp.parts[n-1]
		pp.parts = pp.parts[:n-1]
		*pt = parts{}
		return pt
	}
	return new(parts)
}

// newFlights returns room for flight states.
func (pp *partPool) newFlights() *flights {
	if n := len(pp.flights); n > 0 {
		f := pp.flights[n-1]
		pp.flights = pp.flights[:n-1]
		return f
	}
	return new(flights)
}
