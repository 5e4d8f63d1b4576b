package generate

import "nostromo-lessons/rules"

// The eight symmetries of the board (the identity, three rotations and four
// reflections) are numbered 0 to 7: bit 0 mirrors the files (a-h), bit 1
// mirrors the ranks (1-8), bit 2 swaps files and ranks. They map knight
// jumps onto knight jumps and king steps onto king steps, so two labyrinths,
// or two drills, that are images of each other are the same exercise seen in
// a mirror. Positions of a real game have no such symmetry: pawns only go
// up, and the lair is f6.
const symmetries = 8

// symSquare returns the image of s under the symmetry t.
func symSquare(s rules.Square, t int) rules.Square {
	if !s.Valid() {
		return s
	}
	f, r := symOffset(s.File(), s.Rank(), t, 7)
	return rules.NewSquare(f, r)
}

// symOffset maps the coordinates (x, y) under the symmetry t, mirroring
// around top/2: top is 7 for squares of the board, 0 for offsets (dx, dy).
func symOffset(x, y, t, top int) (int, int) {
	if t&1 != 0 {
		x = top - x
	}
	if t&2 != 0 {
		y = top - y
	}
	if t&4 != 0 {
		x, y = y, x
	}
	return x, y
}

// symBoard returns the image of the set b under the symmetry t.
func symBoard(b rules.Bitboard, t int) rules.Bitboard {
	var out rules.Bitboard
	for ; b != 0; b &= b - 1 {
		out |= symSquare(b.First(), t).Bit()
	}
	return out
}

// canonical returns the least of key(t) over the eight symmetries t: a key
// shared by an exercise and all its mirror images.
func canonical(key func(t int) string) string {
	best := key(0)
	for t := 1; t < symmetries; t++ {
		if k := key(t); k < best {
			best = k
		}
	}
	return best
}
