package solver

import "nostromo-lessons/rules"

// StateIndex returns the index in a Table of the state with side to move,
// the king on king and the knight on knight (rules.NoSquare while the
// flight is pending): with White to move knight*64 + king, with Black to
// move 64*65 + king*65 + knight (see tables.go).
func StateIndex(side rules.Color, king, knight rules.Square) int {
	return stateIndex(side, king, knight)
}

// StateAt returns the side to move, the king's square and the knight's
// square of the state at index i of a Table, the inverse of StateIndex.
// It reports ok == false for the slots no state uses (White to move with
// the flight pending) and for i out of range.
func StateAt(i int) (side rules.Color, king, knight rules.Square, ok bool) {
	switch {
	case i < 0 || i >= nStates:
		return 0, 0, 0, false
	case i < sideStates:
		knight, king = rules.Square(i/64), rules.Square(i%64)
		return rules.White, king, knight, knight != rules.NoSquare
	}
	i -= sideStates
	return rules.Black, rules.Square(i / knightSlots), rules.Square(i % knightSlots), true
}

// Outcome is the value of a state for the side to move, without its
// distance: a loss, a draw or a win.
type Outcome int8

// The outcomes, ordered as the side to move prefers them.
const (
	Loss Outcome = -1
	Draw Outcome = 0
	Win  Outcome = 1
)

// String returns "loss", "draw" or "win".
func (o Outcome) String() string {
	switch o {
	case Loss:
		return "loss"
	case Win:
		return "win"
	}
	return "draw"
}

// At returns the value of state i of t for the side to move: the outcome,
// and for a win or a loss the winner's number of moves as RULES.md counts
// them (0 for a game already won), -1 for a draw.
func (t *Table) At(i int) (Outcome, int) {
	v := value(t[i])
	switch {
	case v.isWin():
		return Win, v.moves()
	case v.isLoss():
		return Loss, v.moves()
	}
	return Draw, -1
}

// Set sets state i of t to outcome o in the given number of moves, as At
// returns them (a loss in 0 moves is a game already lost, such as a
// checkmate). It reports ok == false, leaving t as it was, for an outcome
// that is none of the three or moves out of range: below 0, or above the
// longest distance a table holds (126 moves), for a win or a loss.
func (t *Table) Set(i int, o Outcome, moves int) bool {
	switch o {
	case Draw:
		t[i] = byte(drawValue)
	case Win:
		if moves < 0 || moves > maxMoves {
			return false
		}
		t[i] = byte(winIn(max(2*moves-1, 0)))
	case Loss:
		if moves < 0 || moves > maxMoves {
			return false
		}
		t[i] = byte(lossIn(2 * moves))
	default:
		return false
	}
	return true
}
