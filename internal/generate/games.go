package generate

import (
	"math/rand/v2"

	"nostromo-lessons/rules"
)

// The plies of the random games that GamePosition plays: a position is
// taken after MinGamePly to MaxGamePly plies, the middle of a real game.
const (
	MinGamePly = 8
	MaxGamePly = 30
)

// GamePosition plays a random game from start, each ply a legal move drawn
// from r, for a number of plies drawn from MinGamePly to MaxGamePly, and
// returns the position reached. It returns false when the game ended
// before, or the position reached has its knight's flight pending (not a
// position to ask about). The same r gives the same position.
func GamePosition(r *rand.Rand, start rules.Position) (rules.Position, bool) {
	p := start
	plies := MinGamePly + r.IntN(MaxGamePly-MinGamePly+1)
	var buf [rules.MaxMoves]rules.Move
	for range plies {
		if p.Status().Over() {
			return p, false
		}
		moves := p.AppendLegalMoves(buf[:0])
		if len(moves) == 0 {
			return p, false
		}
		p = p.Apply(moves[r.IntN(len(moves))])
	}
	return p, !p.Status().Over() && !p.FlightPending()
}
