package generate

import (
	"fmt"

	"nostromo-lessons/internal/question"
)

// Measure is how hard a generated exercise is: a Score the level is read
// from, and the facts the score counts, in words ("4 moves, 1 detour").
//
// Each kind has its own score, always grounded in the rules engine, the
// labyrinth search or the solver, never guessed:
//
//   - knight-moves: the squares to find, + 3 per jump square holding a
//     piece (a pawn the knight may take, or the king it may not).
//   - king-moves: the squares to find, + 3 per empty neighbour the knight
//     guards, + 1 per neighbouring pawn, + 4 when the knight is a
//     neighbour (a capture, or one the lair rule forbids).
//   - legal: the weight of the rule that decides the answer, from 1 (a
//     plain step) to 5 (a capture the lair rule forbids); see legalReasons.
//   - count-moves: the legal moves, + 2 per move the rules take away (a
//     king step onto a guarded square, a pawn step forbidden by check or
//     by a guarded rank-8 square, a capture the lair rule forbids, the
//     knight's jump onto the king).
//   - outcome, moves-to-win, moves-to-goal, best-move: the solver's
//     distance in moves for the goal side (a draw, or a goal it cannot
//     force, counts drawDistance), + 2 per tempting wrong move of the side
//     to move (see tempts: a move not among the best that does something).
//   - labyrinth: the fewest moves, + 1 per detour move (how many more
//     moves the piece needs than on an empty board; every labyrinth has
//     one at least, so the easiest, 3 moves where 2 would do, scores 4).
//
// Level maps a score to a level from 1 to 5 by the thresholds of
// thresholds.
type Measure struct {
	Score int
	Text  string
}

// String returns "7: 5 moves, 1 tempting wrong move".
func (m Measure) String() string { return fmt.Sprintf("%d: %s", m.Score, m.Text) }

// drawDistance is what a draw adds to the score of the solver kinds: seeing
// that nobody can win is about as hard as seeing a win in six moves.
const drawDistance = 6

// thresholds returns the highest score of levels 1 to 4 of kind k, as the
// kind registers them (question.KindInfo.Levels); a higher score is level
// 5.
func thresholds(k question.Kind) [4]int {
	if info := k.Info(); info != nil {
		return info.Levels
	}
	return [4]int{}
}

// Level returns the level, 1 (easiest) to 5, of an exercise of kind k whose
// measure has the given score.
func Level(k question.Kind, score int) int {
	t := thresholds(k)
	for i, most := range t {
		if score <= most {
			return i + 1
		}
	}
	return 5
}

// LevelRange returns the scores of level n (1-5) for kind k: from lo to hi,
// with hi -1 for "no limit" at level 5.
func LevelRange(k question.Kind, n int) (lo, hi int) {
	t := thresholds(k)
	lo, hi = 0, -1
	if n > 1 {
		lo = t[n-2] + 1
	}
	if n < 5 {
		hi = t[n-1]
	}
	return lo, hi
}
