package solver

import (
	"math/bits"

	"nostromo-lessons/rules"
)

// worker solves configurations, one at a time, with its own working
// memory. Several workers solve configurations of a plan at once: each
// only reads the tables of configurations solved before it.
type worker struct {
	s *Solver

	// The states of the configuration being solved, as sets of king
	// squares per knight square (rules.NoSquare for a pending flight):
	// valid ones, and those settled so far as won or lost for the side to
	// move, White (w) or Black (b).
	wValid, wWon, wLost [64]rules.Bitboard
	bValid, bWon, bLost [knightSlots]rules.Bitboard
	// wExitOK and bExitOK hold the states whose moves leaving the
	// configuration all lose within the plies counted so far (or that have
	// none): only those can be lost.
	wExitOK [64]rules.Bitboard
	bExitOK [knightSlots]rules.Bitboard
	// kingTo[n] holds the squares the king may step to, without capturing,
	// with the knight on n; jumps[n] the squares the knight may jump to
	// from n without taking a pawn.
	kingTo, jumps [64]rules.Bitboard
	// due[d] holds the states whose best move leaving the configuration
	// comes due at ply d: for odd d a win in d plies (won then unless won
	// sooner), for even d a loss (they may be lost from then on).
	due [][]event
	// dueAt gathers, for the knight square being noted, its states by
	// ply, listed in dueTouched (see note and flush).
	dueAt      [maxPlies + 1]rules.Bitboard
	dueTouched []int
	// least holds, per state with White to move, the least goodness for
	// Black of the states its moves leaving lead to (see note).
	least [64 * 64]uint16
	// mated holds the knight squares of the states lost at ply 0.
	mated rules.Bitboard
	// tooLong is set when a distance exceeds maxPlies: the configuration
	// cannot be stored.
	tooLong bool

	// run is the solve of a plan under way, whose tables (whole, or the
	// parts kept) are read for the configurations of the plan that moves
	// leaving lead to.
	run *run

	// What moves leaving the configuration being solved read of the
	// configurations they reach, by the moving pawn's square (see
	// parts.go): the Black-to-move half after its step (packed when
	// stepPacked, laid out as stepLayout says), the flight states after
	// its captures (to from+7 and to from+9), and the row with the knight
	// on its square after its being taken.
	step       [64][]value
	stepPacked [64]bool
	stepLayout [64]halfLayout
	capture    [64][2]flights
	take       [64][]value
}

// endTables holds, for each value a finished game or goal can have for the
// side then to move (a draw, a win or a loss in 0 plies), a table filled
// with it.
var endTables = func() map[value]*table {
	m := make(map[value]*table)
	for _, v := range []value{drawValue, winIn(0), lossIn(0)} {
		t := new(table)
		for i := range t {
			t[i] = v
		}
		m[v] = t
	}
	return m
}()

// kidOf returns the table of configuration c, whose side to move is side,
// reached by a move leaving: the whole table, or, for one a forgetting run
// has made into parts, those parts. When that move ends the game or goal,
// it is one of endTables, all of whose states hold the value of that end.
func (w *worker) kidOf(c config, t target, side rules.Color) (*table, *parts) {
	if end, out := t.countEnd(c.saved, c.taken); end {
		return endTables[endValue(out, side)], nil
	}
	if w.run != nil {
		if j, ok := w.run.p.find(c); ok {
			pt := w.run.parts[j]
			switch {
			case pt == nil:
				panic("solver: successor configuration not solved first")
			case pt.whole != nil:
				return pt.whole, nil
			}
			return nil, pt
		}
	}
	tab := w.s.tables[tableKey{c, t}]
	if tab == nil {
		panic("solver: successor configuration not solved first")
	}
	return tab, nil
}

// setHalf sets step, stepPacked and stepLayout of the pawn on from to
// the Black-to-move half of c's table (see kidOf).
func (w *worker) setHalf(from rules.Square, c config, t target) {
	tab, pt := w.kidOf(c, t, rules.Black)
	if tab != nil {
		w.step[from], w.stepPacked[from] = tab[sideStates:], false
		return
	}
	w.step[from], w.stepPacked[from] = pt.half, true
	w.stepLayout[from].set(c.pawns)
}

// flightsOf fills f with the flight states of c's table (see kidOf).
func (w *worker) flightsOf(c config, t target, f *flights) {
	tab, pt := w.kidOf(c, t, rules.Black)
	switch {
	case tab != nil:
		flightsOf(tab[sideStates:], f)
	case pt.flight != nil:
		*f = *pt.flight
	default: // a save by a capture, which reads the half (see readOf)
		var l halfLayout
		l.set(c.pawns)
		l.packedFlights(pt.half, f)
	}
}

// rowOf returns the row of c's table with White to move and the knight on
// s (see kidOf).
func (w *worker) rowOf(c config, t target, s rules.Square) []value {
	tab, pt := w.kidOf(c, t, rules.White)
	if tab != nil {
		return tab[int(s)*64 : int(s)*64+64]
	}
	return pt.row(s)
}

// setKids fills step, capture and take for configuration k.
func (w *worker) setKids(k tableKey) {
	for b := k.pawns; b != 0; b &= b - 1 {
		from := b.First()
		rest := k.pawns &^ from.Bit()
		w.take[from] = w.rowOf(config{rest, k.saved, k.taken + 1}, k.target, from)
		for dir, d := range [3]rules.Square{7, 9, 8} {
			if d == 7 && from.File() == 0 || d == 9 && from.File() == 7 {
				continue
			}
			to := from + d
			if k.pawns.Has(to) {
				continue
			}
			c := config{rest | to.Bit(), k.saved, k.taken}
			if to.Rank() == 7 {
				c = config{rest, k.saved + 1, k.taken}
			}
			if d == 8 {
				w.setHalf(from, c, k.target)
			} else {
				w.flightsOf(c, k.target, &w.capture[from][dir])
			}
		}
	}
}

// noExit is the least goodness of a state when no move leaves the
// configuration.
const noExit = 0x100

// event is states whose best move leaving comes due at the same ply: those
// with side to move, the knight on knight and the king on kings.
type event struct {
	side   rules.Color
	knight rules.Square
	kings  rules.Bitboard
}

// canCapture reports whether the king or a pawn may take the knight on
// knight in a configuration with these pawns: the lair rule forbids it
// when the knight stands on f6 or a pawn does.
func canCapture(pawns rules.Bitboard, knight rules.Square) bool {
	return knight != rules.Lair && !pawns.Has(rules.Lair)
}

// retro solves every state of configuration k.config under k.target into
// t, all of whose successor configurations are solved. It returns the
// number of valid states.
//
// Moves leaving the configuration have known values, read once per state
// by the forward pass (white and black). Inside the configuration, values
// are settled ply by ply on sets of king squares (see plies). States
// never settled are draws: neither side can force a win.
//
// Moves are generated with bitboards, following rules.Position's move
// generation; the tests check the tables against the rules engine.
func (w *worker) retro(k tableKey, t *table) int {
	for d := range w.due {
		w.due[d] = w.due[d][:0]
	}
	w.setKids(k)
	w.setSquares(k.pawns)
	w.white(k, t)
	w.black(k.pawns)
	w.plies(k.pawns, t)
	valid := 0
	for n := range w.wValid {
		valid += w.wValid[n].Count()
	}
	for n := range w.bValid {
		valid += w.bValid[n].Count()
	}
	return valid
}

// setSquares fills the valid states, the king's steps and the knight's
// jumps of the configuration with these pawns, and empties the settled
// sets.
func (w *worker) setSquares(pawns rules.Bitboard) {
	free := ^pawns
	for n := range rules.Square(64) {
		attacked := rules.KnightAttacks(n)
		w.wValid[n], w.bValid[n], w.kingTo[n], w.jumps[n] = 0, 0, 0, 0
		if !pawns.Has(n) {
			w.wValid[n] = free &^ n.Bit()
			w.bValid[n] = free &^ n.Bit() &^ attacked
			w.kingTo[n] = free &^ n.Bit() &^ attacked
			w.jumps[n] = attacked &^ pawns
		}
		w.wExitOK[n], w.bExitOK[n] = w.wValid[n], w.bValid[n]
		w.wWon[n], w.wLost[n], w.bWon[n], w.bLost[n] = 0, 0, 0, 0
	}
	none := rules.NoSquare
	w.bValid[none] = 0
	if !pawns.Has(rules.Lair) {
		w.bValid[none] = free &^ rules.Lair.Bit()
	}
	w.bExitOK[none], w.bWon[none], w.bLost[none] = w.bValid[none], 0, 0
	w.mated = 0
}

// white is the forward pass over the states with White to move: it reads
// the values of the pawns' moves (steps, and captures of the knight) into
// least, a pawn at a time, then notes each state's best move leaving, and
// settles the states without a move (checkmate, stalemate).
func (w *worker) white(k tableKey, t *table) {
	for i := range w.least {
		w.least[i] = noExit
	}
	w.whiteSteps(k.pawns)
	w.whiteCaptures(k.pawns)
	for knight := range rules.Square(64) {
		valid := w.wValid[knight]
		stuck := valid &^ kingNeighbours(w.kingTo[knight])
		if canCapture(k.pawns, knight) {
			stuck &^= rules.KingAttacks(knight)
		}
		for kings := valid; kings != 0; kings &= kings - 1 {
			king := kings.First()
			i := stateIndex(rules.White, king, knight)
			if least := int(w.least[i]); least != noExit || !stuck.Has(king) {
				w.note(&w.wExitOK[knight], king, least)
				continue
			}
			check := rules.KnightAttacks(knight).Has(king)
			if v := endValue(k.stuckEnd(check), rules.White); v.isLoss() {
				t[i] = v
				w.wLost[knight] |= king.Bit()
				w.mated |= knight.Bit()
			} else {
				w.wExitOK[knight] &^= king.Bit()
			}
		}
		w.flush(rules.White, knight)
	}
}

// whiteSteps lowers least by the pawns' steps: legal when the king is not
// in check, onto a square free of the king and the knight, and not onto a
// saving square the knight attacks.
func (w *worker) whiteSteps(pawns rules.Bitboard) {
	for b := (pawns << 8) &^ pawns; b != 0; b &= b - 1 {
		to := b.First()
		free := ^(pawns | to.Bit()) // for the king and the knight
		knightFree := free
		if to.Rank() == 7 {
			knightFree &^= rules.KnightAttacks(to)
		}
		if w.stepPacked[to-8] {
			w.packedStep(to-8, free, knightFree)
			continue
		}
		kid := w.step[to-8]
		for kings := free; kings != 0; kings &= kings - 1 {
			king := kings.First()
			row := kid[int(king)*knightSlots:]
			for knights := knightFree &^ king.Bit() &^ rules.KnightAttacks(king); knights != 0; knights &= knights - 1 {
				knight := knights.First()
				i := stateIndex(rules.White, king, knight)
				w.least[i] = min(w.least[i], uint16(row[knight].goodness()))
			}
		}
	}
}

// packedStep is whiteSteps for the step of the pawn on from, whose half
// is packed: the king on kings, the knight on knightFree.
func (w *worker) packedStep(from rules.Square, kings, knightFree rules.Bitboard) {
	kid, l := w.step[from], &w.stepLayout[from]
	for ; kings != 0; kings &= kings - 1 {
		king := kings.First()
		row := kid[l.off[king]:]
		valid := packedKnights(l.pawns, king)
		for knights := knightFree &^ king.Bit() &^ rules.KnightAttacks(king); knights != 0; knights &= knights - 1 {
			knight := knights.First()
			i := stateIndex(rules.White, king, knight)
			at := bits.OnesCount64(uint64(valid & (knight.Bit() - 1)))
			w.least[i] = min(w.least[i], uint16(row[at].goodness()))
		}
	}
}

// whiteCaptures lowers least by the pawns' captures of the knight: legal
// when f6 is left empty (no other piece stands on it).
func (w *worker) whiteCaptures(pawns rules.Bitboard) {
	for knight := range rules.Square(64) {
		if pawns.Has(knight) || knight == rules.Lair {
			continue
		}
		capturers := rules.PawnAttackers(knight) & pawns
		if pawns.Has(rules.Lair) {
			capturers &= rules.Lair.Bit()
		}
		for ; capturers != 0; capturers &= capturers - 1 {
			from := capturers.First()
			kid := &w.capture[from][(knight-from)/9]
			for kings := ^pawns &^ knight.Bit() &^ rules.Lair.Bit(); kings != 0; kings &= kings - 1 {
				king := kings.First()
				i := stateIndex(rules.White, king, knight)
				w.least[i] = min(w.least[i], uint16(kid[king].goodness()))
			}
		}
	}
}

// black is the forward pass over the states with Black to move: it reads
// the values of the knight's captures of pawns, a pawn at a time, in the
// order of the successor's table, and notes each state's best.
func (w *worker) black(pawns rules.Bitboard) {
	var least [64]uint16
	for knight := range rules.Square(64) {
		takes := rules.KnightAttacks(knight) & pawns
		valid := w.bValid[knight]
		if takes == 0 || valid == 0 {
			continue
		}
		for kings := valid; kings != 0; kings &= kings - 1 {
			least[kings.First()] = noExit
		}
		for ; takes != 0; takes &= takes - 1 {
			to := takes.First()
			row := w.take[to]
			for kings := valid; kings != 0; kings &= kings - 1 {
				king := kings.First()
				least[king] = min(least[king], uint16(row[king].goodness()))
			}
		}
		for kings := valid; kings != 0; kings &= kings - 1 {
			king := kings.First()
			w.note(&w.bExitOK[knight], king, int(least[king]))
		}
		w.flush(rules.Black, knight)
	}
}

// note records what the moves leaving a state (king on king, exit-OK bits
// in ok), of least goodness least for the opponent, bring: a win at a
// known ply, or, when they all lose, the ply from which the state may be
// lost; a state with a move leaving to a draw is never lost. The opponent
// is never to move in a game it has already won (no move ends the game
// for the opponent), so a loss is at least 2 plies away. The states of one
// knight square are gathered by ply until flush.
func (w *worker) note(ok *rules.Bitboard, king rules.Square, least int) {
	d := 0
	switch {
	case least == noExit:
		return
	case least < drawGoodness: // the opponent loses in least-1 moves, 2(least-1) plies
		d = 2*least - 1
	case least == drawGoodness:
		*ok &^= king.Bit()
		return
	default: // the opponent wins in 0xff-least moves, 2(0xff-least)-1 plies
		d = 2 * (0xff - least)
	}
	*ok &^= king.Bit()
	if d > maxPlies {
		w.tooLong = true
		return
	}
	if w.dueAt[d] == 0 {
		w.dueTouched = append(w.dueTouched, d)
	}
	w.dueAt[d] |= king.Bit()
}

// flush lists the states gathered by note, with side to move and the
// knight on knight, in due.
func (w *worker) flush(side rules.Color, knight rules.Square) {
	for _, d := range w.dueTouched {
		for len(w.due) <= d {
			w.due = append(w.due, nil)
		}
		w.due[d] = append(w.due[d], event{side, knight, w.dueAt[d]})
		w.dueAt[d] = 0
	}
	w.dueTouched = w.dueTouched[:0]
}
