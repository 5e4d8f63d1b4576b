package solver

import "fmt"

// value is the exact value of a state for the side to move, in one byte.
// Its goodness g = v ^ 0x80 orders values as the side to move prefers them
// (higher is better):
//
//	1 + m      the side to move loses in m moves (2m plies)
//	0x80       a draw, or, while a configuration is being solved, not yet known (v = 0)
//	0xff - m   the side to move wins in m moves (2m - 1 plies; 0 for a game it has already won)
//
// A side wins with its own move, so a win is an odd number of plies away
// and a loss an even number: counting moves loses nothing. m is at most
// maxMoves. The opponent's best move is the one of least goodness for the
// mover, so a minimum over moves compares values directly.
type value uint8

const (
	drawValue value = 0
	// maxMoves is the longest distance in moves a value can hold.
	maxMoves = 126
	// maxPlies is the longest distance in plies a value can hold.
	maxPlies = 2 * maxMoves
	// drawGoodness is the goodness of a draw.
	drawGoodness = 0x80
)

// winIn returns the value of a win in the given number of plies, which is
// odd (or 0 for a game already won), at most maxPlies.
func winIn(plies int) value { return value((0xff - (plies+1)/2) ^ 0x80) }

// lossIn returns the value of a loss in the given number of plies, which
// is even, at most maxPlies.
func lossIn(plies int) value { return value((1 + plies/2) ^ 0x80) }

// goodness returns v's goodness for the side to move (see value).
func (v value) goodness() int { return int(v ^ 0x80) }

func (v value) isWin() bool  { return v != 0 && v < 0x80 }
func (v value) isLoss() bool { return v > 0x80 }
func (v value) isDraw() bool { return v == 0 }

// plies returns the distance of a win or a loss in plies, or -1 for a draw.
func (v value) plies() int {
	switch m := v.moves(); {
	case v.isWin():
		return max(2*m-1, 0)
	case v.isLoss():
		return 2 * m
	}
	return -1
}

// back returns the value, for the side that moved, of a move leading to a
// position of value v (v being for the opponent, who is then to move).
func (v value) back() value {
	switch {
	case v.isWin():
		return lossIn(v.plies() + 1)
	case v.isLoss():
		return winIn(v.plies() + 1)
	}
	return drawValue
}

// score orders values for the side to move: higher is better. A shorter win
// beats a longer one, any win beats a draw, a draw beats any loss, and a
// longer loss beats a shorter one.
func (v value) score() int { return v.goodness() - drawGoodness }

// moves returns the winner's number of moves as docs/RULES.md counts them:
// with the winner to move (P+1)/2, with the loser to move P/2, P being the
// distance in plies; -1 for a draw.
func (v value) moves() int {
	switch {
	case v.isWin():
		return 0xff - v.goodness()
	case v.isLoss():
		return v.goodness() - 1
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
