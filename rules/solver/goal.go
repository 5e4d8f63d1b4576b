package solver

import (
	"fmt"

	"nostromo-lessons/rules"
)

// String returns "game", "save" or "take".
func (k GoalKind) String() string {
	switch k {
	case Game:
		return "game"
	case SaveMore:
		return "save"
	case TakeMore:
		return "take"
	}
	return fmt.Sprintf("GoalKind(%d)", uint8(k))
}

// target is a goal made absolute for one solve: the game itself, or the
// count of saved (SaveMore) or taken (TakeMore) pawns that reaches the goal.
// Tables are cached per target, since the same configuration has different
// values under different targets.
type target struct {
	kind  GoalKind
	count uint8 // saved or taken pawns that reach the goal; 0 for Game
}

// newTarget checks g and makes it absolute for a solve from p. It reports
// reachable == false when the goal needs more pawns than p has left: such a
// goal can never be reached and every position is a draw for it.
func newTarget(p rules.Position, g Goal) (t target, reachable bool, err error) {
	switch g.Kind {
	case Game:
		return target{kind: Game}, true, nil
	case SaveMore, TakeMore:
	default:
		return target{}, false, fmt.Errorf("solver: goal kind %d: want Game, SaveMore or TakeMore", g.Kind)
	}
	if g.K < 1 {
		return target{}, false, fmt.Errorf("solver: goal %s %d: want 1 or more pawns", g.Kind, g.K)
	}
	onBoard := p.Pawns.Count()
	if g.Kind == SaveMore {
		n := int(p.Saved) + g.K
		return target{SaveMore, uint8(min(n, 255))}, g.K <= onBoard && n <= rules.SavesToWin, nil
	}
	n := int(p.Taken) + g.K
	return target{TakeMore, uint8(min(n, 255))}, g.K <= onBoard && n <= rules.TakesToWin, nil
}

// countEnd reports whether a configuration with these counters has ended
// the game or the goal, and if so the outcome: WhiteWins, BlackWins, or Draw
// for a failed sub-goal.
func (t target) countEnd(saved, taken uint8) (bool, rules.Result) {
	switch t.kind {
	case SaveMore:
		switch {
		case saved >= t.count:
			return true, rules.WhiteWins
		case taken >= rules.TakesToWin:
			return true, rules.Draw
		}
	case TakeMore:
		switch {
		case taken >= t.count:
			return true, rules.BlackWins
		case saved >= rules.SavesToWin:
			return true, rules.Draw
		}
	default:
		switch {
		case saved >= rules.SavesToWin:
			return true, rules.WhiteWins
		case taken >= rules.TakesToWin:
			return true, rules.BlackWins
		}
	}
	return false, rules.NoResult
}

// stuckEnd returns the outcome when White is to move with no legal move:
// in the game a checkmate is Black's win and a stalemate a draw; for a
// sub-goal both end the game without reaching the goal.
func (t target) stuckEnd(inCheck bool) rules.Result {
	if t.kind == Game && inCheck {
		return rules.BlackWins
	}
	return rules.Draw
}

// endValue returns the value, for side to move, of a finished game or goal
// with the given outcome.
func endValue(outcome rules.Result, side rules.Color) value {
	switch {
	case outcome == rules.WhiteWins && side == rules.White, outcome == rules.BlackWins && side == rules.Black:
		return winIn(0)
	case outcome == rules.WhiteWins, outcome == rules.BlackWins:
		return lossIn(0)
	}
	return drawValue
}

// resultFor returns the result that stands for side's win.
func resultFor(side rules.Color) rules.Result {
	if side == rules.White {
		return rules.WhiteWins
	}
	return rules.BlackWins
}
