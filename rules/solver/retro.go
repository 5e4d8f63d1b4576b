package solver

import "nostromo-lessons/rules"

// worker solves configurations, one at a time, with its own working
// memory. Several workers solve the configurations of one height at once:
// they only read the tables of lower heights.
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
	// exitWins[d] holds the states with a win in d plies by a move leaving
	// the configuration, won then unless won sooner; exitLosses[d] the
	// states whose moves leaving all lose, the longest in d plies.
	exitWins, exitLosses [][]int32
	// least holds, per state with White to move, the least goodness for
	// Black of the states its moves leaving lead to (see exits).
	least [64 * 64]uint16
	// mated holds the knight squares of the states lost at ply 0.
	mated rules.Bitboard
	// tooLong is set when a distance exceeds maxPlies: the configuration
	// cannot be stored.
	tooLong bool

	// plan is the plan being solved, and planTables its tables, read
	// for the configurations of the plan that moves leaving lead to.
	plan       *plan
	planTables []*table

	// The configurations reached by moves leaving the one being solved,
	// by the moving pawn's square: its step, its captures (to from+7 and
	// to from+9) and its being taken.
	step, take [64]kid
	capture    [64][2]kid
}

// kid is the table of a configuration reached by a move leaving the one
// being solved. When that move ends the game or goal, it is one of
// endTables, all of whose states hold the value of that end.
type kid = *table

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

// kidOf returns the kid for configuration c, whose side to move is side.
func (w *worker) kidOf(c config, t target, side rules.Color) kid {
	if end, out := t.countEnd(c.saved, c.taken); end {
		return endTables[endValue(out, side)]
	}
	var tab *table
	if j, ok := w.planIndex(c); ok {
		tab = w.planTables[j]
	} else {
		tab = w.s.tables[tableKey{c, t}]
	}
	if tab == nil {
		panic("solver: successor configuration not solved first")
	}
	return tab
}

// planIndex returns c's position in the plan being solved, if it is in it.
func (w *worker) planIndex(c config) (int32, bool) {
	if w.plan == nil {
		return 0, false
	}
	j, ok := w.plan.index[c]
	return j, ok
}

// setKids fills step, capture and take for configuration k.
func (w *worker) setKids(k tableKey) {
	for b := k.pawns; b != 0; b &= b - 1 {
		from := b.First()
		rest := k.pawns &^ from.Bit()
		w.take[from] = w.kidOf(config{rest, k.saved, k.taken + 1}, k.target, rules.White)
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
				w.step[from] = w.kidOf(c, k.target, rules.Black)
			} else {
				w.capture[from][dir] = w.kidOf(c, k.target, rules.Black)
			}
		}
	}
}

// exits gathers the moves of one state that leave the configuration: the
// least goodness, for the opponent, of the states they lead to (see
// value), which is the mover's best among them; noExit when none leaves.
type exits struct {
	least int
}

// noExit is exits.least when no move leaves.
const noExit = 0x100

// add counts a move to a state of value v (for the opponent).
func (e *exits) add(v value) { e.least = min(e.least, v.goodness()) }

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
	for d := range w.exitWins {
		w.exitWins[d] = w.exitWins[d][:0]
	}
	for d := range w.exitLosses {
		w.exitLosses[d] = w.exitLosses[d][:0]
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
			e := exits{least: int(w.least[i])}
			if e.least != noExit || !stuck.Has(king) {
				w.note(&w.wExitOK[knight], king, i, e)
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
	}
}

// whiteSteps lowers least by the pawns' steps: legal when the king is not
// in check, onto a square free of the king and the knight, and not onto a
// saving square the knight attacks.
func (w *worker) whiteSteps(pawns rules.Bitboard) {
	for b := (pawns << 8) &^ pawns; b != 0; b &= b - 1 {
		to := b.First()
		kid := w.step[to-8]
		free := ^(pawns | to.Bit()) // for the king and the knight
		knightFree := free
		if to.Rank() == 7 {
			knightFree &^= rules.KnightAttacks(to)
		}
		for kings := free; kings != 0; kings &= kings - 1 {
			king := kings.First()
			row := kid[stateIndex(rules.Black, king, 0):]
			for knights := knightFree &^ king.Bit() &^ rules.KnightAttacks(king); knights != 0; knights &= knights - 1 {
				knight := knights.First()
				i := stateIndex(rules.White, king, knight)
				w.least[i] = min(w.least[i], uint16(row[knight].goodness()))
			}
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
			kid := w.capture[from][(knight-from)/9]
			for kings := ^pawns &^ knight.Bit() &^ rules.Lair.Bit(); kings != 0; kings &= kings - 1 {
				king := kings.First()
				i := stateIndex(rules.White, king, knight)
				w.least[i] = min(w.least[i], uint16(kid[stateIndex(rules.Black, king, rules.NoSquare)].goodness()))
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
			row := w.take[to][stateIndex(rules.White, 0, to):]
			for kings := valid; kings != 0; kings &= kings - 1 {
				king := kings.First()
				least[king] = min(least[king], uint16(row[king].goodness()))
			}
		}
		for kings := valid; kings != 0; kings &= kings - 1 {
			king := kings.First()
			w.note(&w.bExitOK[knight], king, stateIndex(rules.Black, king, knight), exits{least: int(least[king])})
		}
	}
}

// note records what the moves leaving state i (king on king, exit-OK bits
// in ok) bring: a win at a known ply, or, when they all lose, the ply from
// which the state may be lost; a state with a move leaving to a draw is
// never lost. The opponent is never to move in a game it has already won
// (no move ends the game for the opponent), so a loss is at least 2 plies
// away.
func (w *worker) note(ok *rules.Bitboard, king rules.Square, i int, e exits) {
	switch g := e.least; {
	case g == noExit:
	case g < drawGoodness: // the opponent loses in g-1 moves, 2(g-1) plies
		*ok &^= king.Bit()
		w.due(&w.exitWins, 2*g-1, int32(i))
	case g == drawGoodness:
		*ok &^= king.Bit()
	default: // the opponent wins in 0xff-g moves, 2(0xff-g)-1 plies
		*ok &^= king.Bit()
		w.due(&w.exitLosses, 2*(0xff-g), int32(i))
	}
}

// due appends state i to q[d], growing q as needed. A distance over
// maxPlies is not stored: it marks the solve as too long.
func (w *worker) due(q *[][]int32, d int, i int32) {
	if d > maxPlies {
		w.tooLong = true
		return
	}
	for len(*q) <= d {
		*q = append(*q, nil)
	}
	(*q)[d] = append((*q)[d], i)
}
