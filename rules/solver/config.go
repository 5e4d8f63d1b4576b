package solver

import "nostromo-lessons/rules"

// A configuration is what moves inside it leave alone: the pawns on the
// board and the saved and taken counters. Within one configuration only the
// king and the knight move (the flight included); every pawn move and every
// capture of a pawn leads to a strictly smaller configuration, since pawns
// only go forward and leave the board. The configurations therefore form a
// DAG, solved from the end of the game backwards.
type config struct {
	pawns        rules.Bitboard
	saved, taken uint8
}

// configOf returns the configuration of p.
func configOf(p rules.Position) config {
	return config{p.Pawns, p.Saved, p.Taken}
}

// potential returns the sum of the ranks (counted from 0) of c's pawns,
// and 7 for each pawn saved or taken. Every move leaving a configuration
// raises it: a step or a capture by one, a save by one, a take by 7 less
// the pawn's rank.
func (c config) potential() int {
	p := 7 * (int(c.saved) + int(c.taken))
	for b := c.pawns; b != 0; b &= b - 1 {
		p += b.First().Rank()
	}
	return p
}

// sweep returns the sum of the ranks (counted from 0) of c's pawns, and 6
// for each pawn saved or taken. No move leaving a configuration lowers it
// (a save or the take of a pawn on rank 7 leaves it as it is).
func (c config) sweep() int {
	return c.potential() - int(c.saved) - int(c.taken)
}

// tableKey names a solved table: a configuration under a goal target.
type tableKey struct {
	config
	target
}

// The states of a configuration are indexed by side, king square and knight
// square (64, rules.NoSquare, while the flight is pending):
//
//	White to move: index = knight*64 + king
//	Black to move: index = 64*65 + king*65 + knight
//
// so a table holds nStates values, valid states or not (White has no
// pending flight: its last 64 slots are unused). The orders suit the
// retrograde analysis: the predecessors of a state differ from one another
// only in the square of the piece that moved (Black's knight or White's
// king), which is the index's last term on the predecessors' side, so they
// lie close together.
const (
	knightSlots = 65
	sideStates  = 64 * knightSlots
	nStates     = 2 * sideStates
)

func stateIndex(side rules.Color, king, knight rules.Square) int {
	if side == rules.White {
		return int(knight)*64 + int(king)
	}
	return sideStates + int(king)*knightSlots + int(knight)
}

// table holds the values of all states of one configuration under one
// target, indexed by stateIndex. Invalid states hold a draw and are never
// read.
type table [nStates]value

// successors appends to dst the configurations that moves from c can lead
// to: each pawn's step and diagonal captures (of the knight), with a pawn
// reaching rank 8 counted as saved, and each pawn taken by the knight. It
// lists configurations structurally, whether or not some state of c can
// actually play the move; the list may hold finished configurations.
func (c config) successors(dst []config) []config {
	for b := c.pawns; b != 0; b &= b - 1 {
		from := b.First()
		rest := c.pawns &^ from.Bit()
		dst = append(dst, config{rest, c.saved, c.taken + 1}) // taken by the knight
		for _, d := range [3]int{8, 7, 9} {
			if d == 7 && from.File() == 0 || d == 9 && from.File() == 7 {
				continue
			}
			to := from + rules.Square(d)
			if c.pawns.Has(to) {
				continue
			}
			if to.Rank() == 7 {
				dst = append(dst, config{rest, c.saved + 1, c.taken})
			} else {
				dst = append(dst, config{rest | to.Bit(), c.saved, c.taken})
			}
		}
	}
	return dst
}
