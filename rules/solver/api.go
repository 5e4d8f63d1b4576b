package solver

import (
	"fmt"
	"time"

	"nostromo-lessons/rules"
)

// GoalKind says what a side is trying to achieve.
type GoalKind uint8

// The goals. Game is the whole game; SaveMore is "White saves K more pawns",
// TakeMore is "Black takes K more pawns".
const (
	Game GoalKind = iota
	SaveMore
	TakeMore
)

// Goal is the question a solve answers. For SaveMore and TakeMore, K is the
// number of further pawns (1 or more).
type Goal struct {
	Kind GoalKind
	K    int
}

// Solution is the exact answer for one position and goal.
//
// For the whole game, Result is WhiteWins, BlackWins or Draw. For a sub-goal,
// Result is the goal side's win (WhiteWins for SaveMore, BlackWins for
// TakeMore) when that side can force the goal, and Draw when it cannot (the
// opponent's game win and an endless defence both count as failure).
type Solution struct {
	Result rules.Result
	// Moves is the winner's number of moves to the win, counted as docs/RULES.md
	// says (0 for a finished game); -1 when Result is Draw.
	Moves int
	// Best holds every optimal move for the side to move, sorted by SAN:
	// for the winner every move that keeps the shortest win, for the loser
	// every move that delays longest, in a draw every move that keeps the draw.
	Best []rules.Move
	// Line is one principal line from the position to the end of the game
	// (or to the goal), optimal for both sides, each move chosen among the
	// equally good ones by LineChoice; empty for a finished game.
	// In a draw it is a short line of drawing moves, at most a few moves long.
	Line []rules.Move
}

// BudgetError reports that a solve needed more than its budget allowed,
// with what a message to the user needs: the memory and the time the
// solve would take.
type BudgetError struct {
	What  string // what was counted: "states", of BytesPerState bytes each
	Limit int64  // the budget
	// Needed is, when Counted, how many the solve holds at once; otherwise
	// a floor on that: for a solve that keeps its tables, the tables of
	// the configurations counted before the count stopped and one more;
	// for a forgetting one (Forget), which holds far fewer tables than it
	// builds, one table and its plan's lists of those configurations.
	Needed int64
	// Configs is the number of configurations the whole solve builds:
	// exact when Counted, and otherwise Bound's upper bound.
	Configs int64
	Counted bool
	// Listed is, when not Counted, how many configurations the count
	// listed before it stopped at its limit (see Options.Forget): the
	// solve builds more.
	Listed int64
	// Forget is whether the solve drops tables (Options.Forget).
	Forget bool
	// Time estimates how long building Configs tables takes with the
	// Solver's workers (see EstimateTime).
	Time time.Duration
}

// Bytes returns the memory of Needed states, in bytes.
func (e *BudgetError) Bytes() int64 { return e.Needed * BytesPerState }

// PlanBytes returns, when not Counted, a budget with which a fresh Solver
// like the one that failed (forgetting or not) lists every configuration
// of the solve, and so counts what it needs at once: Configs tables, or a
// forgetListing-th of them when forgetting (see countLimit). A solve that
// keeps its tables is then solved; a forgetting one may still need more.
func (e *BudgetError) PlanBytes() int64 {
	tables := e.Configs
	if e.Forget {
		tables = (tables + forgetListing - 1) / forgetListing
	}
	return tables * BytesPerConfig
}

func (e *BudgetError) Error() string {
	if !e.Counted {
		return fmt.Sprintf("solver: not solved within budget: more than %d configurations to build (budget %d %s); at most %d, about %v",
			e.Listed, e.Limit, e.What, e.Configs, e.Time.Round(time.Second))
	}
	return fmt.Sprintf("solver: not solved within budget: %d %s needed at once (budget %d); %d configurations, about %v",
		e.Needed, e.What, e.Limit, e.Configs, e.Time.Round(time.Second))
}
