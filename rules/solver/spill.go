package solver

import (
	"fmt"
	"io"
	"unsafe"
)

// A forgetting solve with Options.Spill holds at most its budget: when the
// parts it keeps (see parts.go) would take more, it writes some of them to
// the spill and drops them from memory, and reads them back before a
// worker solves a configuration that reads them. It spills the parts of
// the configurations solved last first: in the plan's order, which sweeps
// the configurations back from the most advanced, their readers come
// last. Parts read back are spilled again only when no part solved since
// is left in memory. Spilling changes no value: the tables a solve builds
// are the same with it as without.

// Spill is the storage a forgetting solve puts parts of tables in when
// they do not fit its budget (see Options.Spill): an *os.File, say, of a
// scratch file. The solve writes and reads whole parts at offsets it
// chooses, from 0 up, reusing the room of parts read back.
type Spill interface {
	io.ReaderAt
	io.WriterAt
}

// spillStore shares the room of a Spill out in slots of whole 64-byte
// lines, by class (the number of lines), as blockPool does memory.
type spillStore struct {
	end  int64 // where the next new slot starts
	free [spillClasses][]int64
}

// spillClasses is the number of classes of slots: parts hold at most a
// half (blockClasses lines), the flight states (a line) and a row for
// each of 48 squares.
const spillClasses = blockClasses + 1 + 48 + 1

// get returns the offset of a slot of class lines or more, and its class.
func (ss *spillStore) get(class int) (int64, int) {
	for c := class; c < spillClasses; c++ {
		if n := len(ss.free[c]); n > 0 {
			at := ss.free[c][n-1]
			ss.free[c] = ss.free[c][:n-1]
			return at, c
		}
	}
	at := ss.end
	ss.end += int64(64 * class)
	return at, class
}

// put frees the slot at offset at of class lines.
func (ss *spillStore) put(at int64, class int) {
	ss.free[class] = append(ss.free[class], at)
}

// spilled is where the parts of a table are in the spill: the slot and
// its class, and what it holds of each part, as they were when written.
type spilled struct {
	on     bool // the parts are in the spill, not in memory
	at     int64
	class  uint8
	half   uint16 // values of the packed half, 0 for none
	flight bool
	rows   uint8
}

// spillParts writes pt to the spill and drops its memory. It returns the
// spill's error.
func (s *Solver) spillParts(pt *parts, buf []value) ([]value, error) {
	sp := spilled{on: true, half: uint16(len(pt.half)), flight: pt.flight != nil, rows: uint8(len(pt.rows) / 64)}
	buf = append(buf[:0], pt.half...)
	if sp.flight {
		buf = append(buf, pt.flight[:]...)
	}
	buf = append(buf, pt.rows...)
	at, class := s.spill.get((len(buf) + 63) / 64)
	sp.at, sp.class = at, uint8(class)
	if _, err := s.opts.Spill.WriteAt(asBytes(buf), at); err != nil {
		s.spill.put(at, class)
		return buf, fmt.Errorf("solver: spill: %w", err)
	}
	s.stats.Spilled += int64(len(buf))
	s.stored -= pt.bytes()
	if pt.half != nil {
		s.halves.put(pt.half)
		pt.half = nil
	}
	if pt.flight != nil {
		s.pool.flights = append(s.pool.flights, pt.flight)
		pt.flight = nil
	}
	if pt.rows != nil {
		s.rows.put(pt.rows)
		pt.rows = nil
	}
	pt.spill = sp
	return buf, nil
}

// unspill reads pt back from the spill: the parts that something left to
// solve still reads. It returns the spill's error.
func (s *Solver) unspill(pt *parts, buf []value) ([]value, error) {
	sp := pt.spill
	n := int(sp.half) + int(sp.rows)*64
	if sp.flight {
		n += 64
	}
	if cap(buf) < n {
		buf = make([]value, n)
	}
	buf = buf[:n]
	if _, err := s.opts.Spill.ReadAt(asBytes(buf), sp.at); err != nil {
		return buf, fmt.Errorf("solver: spill: %w", err)
	}
	s.stats.Reloaded += int64(n)
	rest := buf
	if sp.half > 0 {
		if pt.left[readHalf] > 0 {
			pt.half = s.halves.get(halfClass(int(sp.half)))[:sp.half]
			copy(pt.half, rest)
		}
		rest = rest[sp.half:]
	}
	if sp.flight {
		if pt.left[readFlight] > 0 {
			pt.flight = s.pool.newFlights()
			copy(pt.flight[:], rest)
		}
		rest = rest[64:]
	}
	if sp.rows > 0 && pt.left[readRow] > 0 {
		pt.rows = s.rows.get(int(sp.rows))[:64*int(sp.rows)]
		copy(pt.rows, rest)
	}
	s.spill.put(sp.at, int(sp.class))
	pt.spill = spilled{}
	s.stored += pt.bytes()
	return buf, nil
}

// asBytes returns the values of v as bytes (a value is a byte).
func asBytes(v []value) []byte {
	return unsafe.Slice((*byte)(unsafe.SliceData(v)), len(v))
}

// spills reports whether the run spills parts over its budget.
func (r *run) spills() bool { return r.p.keep != nil && r.s.opts.Spill != nil }

// pinReads reads back the parts of the tables configuration j reads that
// are in the spill, and pins them all, so that none is spilled while j is
// solved. The caller holds the run's lock.
func (r *run) pinReads(j int32) error {
	var buf [maxSuccessors]read
	for _, rd := range r.p.reads(int(j), buf[:0]) {
		pt := r.parts[rd.k]
		if pt == nil || pt.whole != nil {
			continue
		}
		pt.pins++
		if !pt.spill.on {
			continue
		}
		var err error
		if r.scratch, err = r.s.unspill(pt, r.scratch); err != nil {
			return err
		}
		r.reloaded = append(r.reloaded, rd.k)
	}
	return nil
}

// unpinReads undoes pinReads once j is solved. The caller holds the run's
// lock.
func (r *run) unpinReads(j int32) {
	var buf [maxSuccessors]read
	for _, rd := range r.p.reads(int(j), buf[:0]) {
		if pt := r.parts[rd.k]; pt != nil && pt.whole == nil {
			pt.pins--
		}
	}
}

// makeRoom spills parts until the run's tables, its lists, the records
// of the parts (see recordBytes) and need bytes more fit the budget. It
// reports false when they cannot, the parts left all being read by
// configurations being solved, and returns the spill's error. The caller
// holds the run's lock.
func (r *run) makeRoom(need int64) (bool, error) {
	var pinned []int32
	defer func() { r.solvedLast = append(r.solvedLast, pinned...) }()
	for r.s.stored+r.own+r.s.held*recordBytes+need > r.s.opts.Budget {
		k, ok := r.victim()
		if !ok {
			return false, nil
		}
		pt := r.parts[k]
		if pt.pins > 0 {
			pinned = append(pinned, k)
			continue
		}
		var err error
		if r.scratch, err = r.s.spillParts(pt, r.scratch); err != nil {
			return false, err
		}
	}
	return true, nil
}

// recordBytes is the memory of the record of a table held (parts, with
// its allocator's rounding), which a run that spills counts against its
// budget: at the whole game's peak the records of millions of parts,
// spilled or not, take a tenth of the default budget of tables build, and
// the Go heap would otherwise reach the memory limit table.Build sets,
// where the collector runs without a pause.
const recordBytes = 112

// victim returns the position of parts to spill: the last solved of those
// in memory, or when there are none, the last read back. The caller holds
// the run's lock.
func (r *run) victim() (int32, bool) {
	for _, stack := range []*[]int32{&r.solvedLast, &r.reloaded} {
		for n := len(*stack); n > 0; n = len(*stack) {
			k := (*stack)[n-1]
			*stack = (*stack)[:n-1]
			if pt := r.parts[k]; pt != nil && pt.whole == nil && !pt.spill.on && pt.bytes() > 0 {
				return k, true
			}
		}
	}
	return 0, false
}
