package generate

import (
	"errors"
	"fmt"

	"nostromo-lessons/rules"
)

// MaxPawnCaptures is the most knight captures by pawns that Plausible
// accepts before a position: each moves a pawn one file aside, and a lesson
// position that needed more looks made up.
const MaxPawnCaptures = 2

// Plausible reports why a real game from the default start could not (or
// would hardly) reach p, or nil. It is a cheap test, not a proof of
// reachability:
//
//   - p is valid (rules.Position.Validate), the game is in play and the
//     knight is on the board (no flight pending);
//   - the pawns on the board came from distinct start files b to g: a pawn
//     changes file only by taking the knight, one file per capture, and each
//     capture also moves it one rank up, so a pawn on rank r stands at most
//     r-2 files from its start file (a pawn on rank 2 has never moved);
//   - at most MaxPawnCaptures such captures in all, counted with the best
//     assignment of pawns to start files.
//
// Saved and taken pawns need no test of their own: Validate already checks
// that pawns on the board + saved + taken = 6. Drills (knight-moves,
// king-moves, legal, count-moves) are drawn from plausible positions too;
// labyrinths are boards without a game and skip the test.
func Plausible(p rules.Position) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if st := p.Status(); st.Over() {
		return fmt.Errorf("the game is over (%s)", st)
	}
	if p.FlightPending() {
		return errors.New("the knight's flight is pending")
	}
	captures := pawnCaptures(p.Pawns)
	switch {
	case captures < 0:
		return errors.New("the pawns cannot all have come from the start files b to g")
	case captures > MaxPawnCaptures:
		return fmt.Errorf("the pawns need %d captures of the knight to stand where they do, more than %d", captures, MaxPawnCaptures)
	}
	return nil
}

// pawnCaptures returns the fewest knight captures by pawns that bring pawns
// from distinct start files b-g to the squares of pawns, or -1 when none do.
func pawnCaptures(pawns rules.Bitboard) int {
	sq := pawns.Squares()
	if len(sq) > rules.PawnCount {
		return -1
	}
	best := -1
	var try func(i int, used uint8, cost int)
	try = func(i int, used uint8, cost int) {
		if best >= 0 && cost >= best {
			return
		}
		if i == len(sq) {
			best = cost
			return
		}
		s := sq[i]
		for start := 1; start <= 6; start++ { // files b to g
			d := abs(s.File() - start)
			if used&(1<<start) == 0 && d <= s.Rank()-1 {
				try(i+1, used|1<<start, cost+d)
			}
		}
	}
	try(0, 0, 0)
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
