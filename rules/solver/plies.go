package solver

import "nostromo-lessons/rules"

// plies settles the states of the configuration with these pawns into t,
// ply by ply, on sets of king squares: a state is won within d plies when
// some move leads to a state lost within d-1 (or a move leaving wins
// within d), and lost within d plies when every move leads to a state won
// by the opponent within d-1 (and its moves leaving all lose within d).
// The first ply at which a state enters a set is its distance.
//
// A knight square's sets are recomputed at a ply only when the sets they
// are made from changed at the ply before, or a move leaving comes due:
// White's with the knight on n read Black's with the knight on n (the
// king moved) and the flight states with the king on n (the king took the
// knight); Black's read White's with the knight a jump away. When nothing
// changes, the count skips to the next ply at which a move leaving comes
// due, and ends when none is left.
func (w *worker) plies(pawns rules.Bitboard, t *table) {
	var wWon, wLost [64]rules.Bitboard
	var bWon, bLost [knightSlots]rules.Bitboard
	changedW := w.mated              // knight squares whose White sets changed at the last ply
	var changedB rules.Bitboard      // knight squares whose Black sets changed
	var changedFlight rules.Bitboard // king squares whose flight states changed
	for d := 1; ; d++ {
		if d > maxPlies {
			w.tooLong = true
			return
		}
		dirtyW := changedB | changedFlight
		dirtyB := knightNeighbours(changedW) &^ pawns
		flight := changedW.Has(rules.Lair)
		if dirtyW|dirtyB == 0 && !flight {
			if d = w.nextExit(d); d < 0 {
				return
			}
		}
		ew, eb := w.exitsLose(d)
		dirtyW, dirtyB = dirtyW|ew, dirtyB|eb
		for b := dirtyW; b != 0; b &= b - 1 {
			n := b.First()
			wWon[n], wLost[n] = w.whiteSets(pawns, n)
		}
		for b := dirtyB; b != 0; b &= b - 1 {
			n := b.First()
			bWon[n], bLost[n] = w.blackSets(n)
		}
		f := rules.NoSquare
		if flight {
			bWon[f], bLost[f] = w.bWon[f]|w.wLost[rules.Lair]&w.bValid[f], w.bLost[f]|w.wWon[rules.Lair]&w.bValid[f]
		}
		changedW, changedB, changedFlight = 0, 0, 0
		for b := dirtyW; b != 0; b &= b - 1 {
			n := b.First()
			if w.commitWhite(t, n, d, wWon[n], wLost[n]) {
				changedW |= n.Bit()
			}
		}
		for b := dirtyB; b != 0; b &= b - 1 {
			n := b.First()
			if w.commitBlack(t, n, d, bWon[n], bLost[n]) {
				changedB |= n.Bit()
			}
		}
		if flight {
			changedFlight = (bWon[f] &^ w.bWon[f]) | (bLost[f] &^ w.bLost[f])
			w.commitBlack(t, f, d, bWon[f], bLost[f])
		}
		cw, cb := w.exitsWin(t, d)
		changedW, changedB = changedW|cw, changedB|cb
	}
}

// whiteSets returns White's won and lost sets, with the knight on n, one
// ply further than Black's sets.
func (w *worker) whiteSets(pawns rules.Bitboard, n rules.Square) (won, lost rules.Bitboard) {
	to := w.kingTo[n]
	won = kingNeighbours(w.bLost[n] & to)
	open := kingNeighbours(to &^ w.bWon[n])
	if canCapture(pawns, n) {
		f := rules.NoSquare
		if w.bLost[f].Has(n) {
			won |= rules.KingAttacks(n)
		}
		if !w.bWon[f].Has(n) {
			open |= rules.KingAttacks(n)
		}
	}
	valid := w.wValid[n]
	return w.wWon[n] | won&valid, w.wLost[n] | valid&^open&w.wExitOK[n]
}

// blackSets returns Black's won and lost sets, with the knight on n, one
// ply further than White's sets.
func (w *worker) blackSets(n rules.Square) (won, lost rules.Bitboard) {
	lost = ^rules.Bitboard(0)
	for j := w.jumps[n]; j != 0; j &= j - 1 {
		m := j.First()
		won |= w.wLost[m]
		lost &= w.wWon[m]
	}
	valid := w.bValid[n]
	return w.bWon[n] | won&valid, w.bLost[n] | lost&valid&w.bExitOK[n]
}

// commitWhite stores White's new sets with the knight on n, reached at ply
// d, writing the value of each state new to them into t. It reports
// whether the sets grew.
func (w *worker) commitWhite(t *table, n rules.Square, d int, won, lost rules.Bitboard) bool {
	return commit(t, &w.wWon[n], &w.wLost[n], stateIndex(rules.White, 0, n), 1, d, won, lost)
}

// commitBlack is commitWhite for Black's sets (n being rules.NoSquare for
// the flight states).
func (w *worker) commitBlack(t *table, n rules.Square, d int, won, lost rules.Bitboard) bool {
	return commit(t, &w.bWon[n], &w.bLost[n], stateIndex(rules.Black, 0, n), knightSlots, d, won, lost)
}

// commit replaces the sets *oldWon and *oldLost, whose king square k is
// state base + stride*k of t, by won and lost, reached at ply d, and
// reports whether they grew.
func commit(t *table, oldWon, oldLost *rules.Bitboard, base, stride, d int, won, lost rules.Bitboard) bool {
	addWon, addLost := won&^*oldWon, lost&^*oldLost
	if addWon|addLost == 0 {
		return false
	}
	*oldWon, *oldLost = won, lost
	write(t, base, stride, addWon, winIn(d))
	write(t, base, stride, addLost, lossIn(d))
	return true
}

// write stores v into t for each king square k of kings, at base +
// stride*k.
func write(t *table, base, stride int, kings rules.Bitboard, v value) {
	for ; kings != 0; kings &= kings - 1 {
		t[base+stride*int(kings.First())] = v
	}
}

// exitsLose marks the states whose moves leaving all lose, the longest in
// d plies (d even), as free to be lost from ply d on, and returns their
// knight squares, for White and for Black.
func (w *worker) exitsLose(d int) (white, black rules.Bitboard) {
	if d%2 != 0 || d >= len(w.due) {
		return 0, 0
	}
	for _, e := range w.due[d] {
		if e.side == rules.White {
			w.wExitOK[e.knight] |= e.kings
			white |= e.knight.Bit()
		} else {
			w.bExitOK[e.knight] |= e.kings
			black |= e.knight.Bit()
		}
	}
	return white, black
}

// exitsWin settles the states won in d plies (d odd) by a move leaving,
// unless settled sooner, and returns the knight squares whose sets grew,
// for White and for Black.
func (w *worker) exitsWin(t *table, d int) (white, black rules.Bitboard) {
	if d%2 == 0 || d >= len(w.due) {
		return 0, 0
	}
	for _, e := range w.due[d] {
		if e.side == rules.White {
			if newly := e.kings &^ w.wWon[e.knight]; newly != 0 {
				w.wWon[e.knight] |= newly
				write(t, stateIndex(rules.White, 0, e.knight), 1, newly, winIn(d))
				white |= e.knight.Bit()
			}
		} else if newly := e.kings &^ w.bWon[e.knight]; newly != 0 {
			w.bWon[e.knight] |= newly
			write(t, stateIndex(rules.Black, 0, e.knight), knightSlots, newly, winIn(d))
			black |= e.knight.Bit()
		}
	}
	return white, black
}

// nextExit returns the first ply from d on at which a move leaving comes
// due, or -1 when none is left.
func (w *worker) nextExit(d int) int {
	for ; d < len(w.due); d++ {
		if len(w.due[d]) > 0 {
			return d
		}
	}
	return -1
}

// knightNeighbours returns the squares a knight jump away from some square
// of b.
func knightNeighbours(b rules.Bitboard) rules.Bitboard {
	var out rules.Bitboard
	for ; b != 0; b &= b - 1 {
		out |= rules.KnightAttacks(b.First())
	}
	return out
}

// kingNeighbours returns the squares a king step away from some square of
// b.
func kingNeighbours(b rules.Bitboard) rules.Bitboard {
	row := b | (b<<1)&^rules.FileA | (b>>1)&^rules.FileH
	return (b<<1)&^rules.FileA | (b>>1)&^rules.FileH | row<<8 | row>>8
}
