package analysis

import (
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Value is a position's exact worth: who wins with best play (or a draw)
// and in how many of the winner's moves, counted as docs/RULES.md says
// (Moves is ignored for a draw).
type Value struct {
	Result rules.Result // WhiteWins, BlackWins or Draw
	Moves  int
}

// ValueOf returns the value a solution proves.
func ValueOf(sol solver.Solution) Value { return Value{sol.Result, sol.Moves} }

// Class is what a move did to the value of the game for the side that
// played it.
type Class uint8

// The classes. Kept is a move that keeps the value (a win no slower than
// SlipMoves-1 moves beyond the best, a draw, or a defence no shorter than
// SlipMoves-1 moves below the longest); Slip keeps the result but wins
// slower, or loses sooner, by SlipMoves or more; Mistake changes the result
// for the mover: a win to a draw, a draw to a loss, a win to a loss.
// Unjudged is a move whose position before or after could not be proven.
const (
	Kept Class = iota
	Slip
	Mistake
	Unjudged
)

var classNames = [...]string{Kept: "kept", Slip: "slip", Mistake: "mistake", Unjudged: "unjudged"}

// String returns "kept", "slip", "mistake" or "unjudged".
func (c Class) String() string { return classNames[c] }

// SlipMoves is how many moves a win must be made slower, or a defence
// shorter, for the move to be a slip.
const SlipMoves = 3

// Outcome returns what v is for side c: 1 a win, 0 a draw, -1 a loss.
func Outcome(v Value, c rules.Color) int {
	switch {
	case v.Result == rules.Draw || v.Result == rules.NoResult:
		return 0
	case (v.Result == rules.WhiteWins) == (c == rules.White):
		return 1
	}
	return -1
}

// Classify returns the class of a move played by mover: before is the
// value of the position the move was played in (mover to move), after the
// value of the position it made (the other side to move, or the game over
// with Moves 0). A win's count after the move is one less than the mover
// needs (its next move comes after the reply), so a move that keeps the
// fastest win has after.Moves+1 == before.Moves; a loser's best defence
// keeps after.Moves == before.Moves. Exact values never improve with a
// move; if after is better than before for the mover (values from two
// provers that disagree), the move is Kept.
func Classify(mover rules.Color, before, after Value) Class {
	ob, oa := Outcome(before, mover), Outcome(after, mover)
	switch {
	case oa < ob:
		return Mistake
	case oa > ob:
		return Kept
	case ob == 1 && after.Moves+1-before.Moves >= SlipMoves:
		return Slip
	case ob == -1 && before.Moves-after.Moves >= SlipMoves:
		return Slip
	}
	return Kept
}
