package solver

import "fmt"

// value is the exact value of a state for the side to move, packed in 16
// bits:
//
//	0            a draw (or, while a configuration is being solved, not yet known)
//	2(P+1)       the side to move loses in P plies
//	2(P+1) + 1   the side to move wins in P plies
//
// P counts plies (the flight is a ply) to the end of the game or of the
// sub-goal under optimal play: the winner shortens, the loser delays.
type value uint16

const (
	drawValue value = 0
	// maxPlies is the longest distance a value can hold.
	maxPlies = 1<<15 - 2
)

func winIn(plies int) value  { return value(2*(plies+1) + 1) }
func lossIn(plies int) value { return value(2 * (plies + 1)) }

func (v value) isWin() bool  { return v&1 == 1 }
func (v value) isLoss() bool { return v != 0 && v&1 == 0 }
func (v value) isDraw() bool { return v == 0 }

// plies returns the distance of a win or a loss in plies, or -1 for a draw.
func (v value) plies() int { return int(v>>1) - 1 }

// back returns the value, for the side that moved, of a move leading to a
// position of value v (v being for the opponent, who is then to move).
func (v value) back() value {
	switch {
	case v.isWin():
		return v + 1 // win in P for the opponent: loss in P+1
	case v.isLoss():
		return v + 3 // loss in P for the opponent: win in P+1
	}
	return drawValue
}

// score orders values for the side to move: higher is better. A shorter win
// beats a longer one, any win beats a draw, a draw beats any loss, and a
// longer loss beats a shorter one.
func (v value) score() int {
	switch {
	case v.isWin():
		return 1<<20 - v.plies()
	case v.isLoss():
		return -(1 << 20) + v.plies()
	}
	return 0
}

// moves converts the value to the winner's number of moves as RULES.md
// counts them: with the winner to move (P+1)/2, with the loser to move P/2;
// -1 for a draw.
func (v value) moves() int {
	switch {
	case v.isWin():
		return (v.plies() + 1) / 2
	case v.isLoss():
		return v.plies() / 2
	}
	return -1
}

// String describes v, such as "win in 3 plies", for test failures.
func (v value) String() string {
	switch {
	case v.isWin():
		return fmt.Sprintf("win in %d plies", v.plies())
	case v.isLoss():
		return fmt.Sprintf("loss in %d plies", v.plies())
	}
	return "draw"
}
