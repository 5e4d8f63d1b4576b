package solver

import (
	"errors"
	"fmt"
	"time"

	"nostromo-lessons/rules"
)

// DefaultBudget is the number of states a Solver stores when Options.Budget
// is 0: 1.5 billion states, about 3 GB of tables (two bytes a state, 8320
// states a configuration), which leaves room to spare on a machine with
// 8 GB or more.
const DefaultBudget = 1_500_000_000

// StatesPerConfig is the number of states one configuration's table holds
// and counts against the budget: side to move (2) x king square (64) x
// knight square or pending flight (65). Invalid states are counted too.
const StatesPerConfig = nStates

// Options tune a Solver.
type Options struct {
	// Budget is the most states the Solver stores, counted in whole
	// configurations of StatesPerConfig states; 0 means DefaultBudget.
	// A solve that needs more stops as soon as it would exceed the budget
	// and returns a *BudgetError.
	Budget int64
}

// Stats describes the work a Solver has done.
type Stats struct {
	Configs int64         // configurations solved and held in the cache
	States  int64         // states held (Configs x StatesPerConfig), the figure the budget limits
	Bytes   int64         // bytes of the cached tables
	Solved  int64         // valid positions solved while building tables, over the Solver's life
	Time    time.Duration // time spent building tables, over the Solver's life
}

// Solver computes exact values. It caches the tables it builds across
// calls, so solving many positions of one game with one Solver is fast. A
// Solver is safe for use by one goroutine at a time.
type Solver struct {
	budget int64
	tables map[tableKey]*table
	stored int64 // states held in tables
	slab   []table
	sc     *scratch
	stats  Stats
}

// New returns a Solver with the given options.
func New(opts Options) *Solver {
	budget := opts.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	return &Solver{budget: budget, tables: make(map[tableKey]*table), sc: newScratch()}
}

// Stats returns the Solver's figures so far.
func (s *Solver) Stats() Stats {
	st := s.stats
	st.Configs = int64(len(s.tables))
	st.States = s.stored
	st.Bytes = s.stored * 2
	return st
}

// Reset drops every cached table.
func (s *Solver) Reset() {
	s.tables = make(map[tableKey]*table)
	s.stored = 0
	s.slab = nil
}

// Solve returns the exact solution of p for goal g. It returns a
// *BudgetError when the solve needs more states than the budget allows, and
// another error for an invalid position or goal.
func (s *Solver) Solve(p rules.Position, g Goal) (Solution, error) {
	e, err := s.prepare(p, g)
	if err != nil {
		return Solution{}, err
	}
	v, err := e.value(p)
	if err != nil {
		return Solution{}, err
	}
	sol := Solution{Result: rules.Draw, Moves: v.moves()}
	switch {
	case v.isWin():
		sol.Result = resultFor(p.Side)
	case v.isLoss():
		sol.Result = resultFor(p.Side.Other())
	}
	if e.ended(p) {
		return sol, nil
	}
	if sol.Best, err = e.bestMoves(p); err != nil {
		return Solution{}, err
	}
	if sol.Line, err = e.line(p, v); err != nil {
		return Solution{}, err
	}
	return sol, nil
}

// WinningMoves returns every legal move of p that keeps a forced win of
// goal g for the side to move, however long, sorted by SAN; none when the
// side to move cannot force a win.
func (s *Solver) WinningMoves(p rules.Position, g Goal) ([]rules.Move, error) {
	e, err := s.prepare(p, g)
	if err != nil {
		return nil, err
	}
	if e.ended(p) {
		return nil, nil
	}
	var out []rules.Move
	for _, m := range p.LegalMoves() {
		v, err := e.value(p.Apply(m))
		if err != nil {
			return nil, err
		}
		if v.back().isWin() {
			out = append(out, m)
		}
	}
	sortBySAN(p, out)
	return out, nil
}

// prepare checks p and g and builds the table of p's configuration (and so
// every table a solve from p needs). If the budget runs out while tables of
// earlier solves are cached, it drops them and tries once more from empty.
func (s *Solver) prepare(p rules.Position, g Goal) (*evaluator, error) {
	if err := validate(p); err != nil {
		return nil, err
	}
	t, reachable, err := newTarget(p, g)
	if err != nil {
		return nil, err
	}
	e := &evaluator{s: s, t: t, reachable: reachable}
	if !reachable {
		return e, nil
	}
	if end, _ := t.countEnd(p.Saved, p.Taken); end {
		return e, nil
	}
	hadTables := len(s.tables) > 0
	_, err = s.table(tableKey{configOf(p), t})
	var be *BudgetError
	if errors.As(err, &be) && hadTables {
		s.Reset()
		_, err = s.table(tableKey{configOf(p), t})
	}
	return e, err
}

// table returns the solved table of k, solving it first, and before it
// every configuration it leads to, depth first. Recursion depth is bounded
// by the pawns' remaining steps, under 50.
func (s *Solver) table(k tableKey) (*table, error) {
	if t, ok := s.tables[k]; ok {
		return t, nil
	}
	for _, c := range k.successors(nil) {
		if end, _ := k.countEnd(c.saved, c.taken); end {
			continue
		}
		if _, err := s.table(tableKey{c, k.target}); err != nil {
			return nil, err
		}
	}
	if s.stored+nStates > s.budget {
		return nil, &BudgetError{What: "states", Limit: s.budget, Needed: s.stored + nStates}
	}
	t := s.newTable()
	start := time.Now()
	s.stats.Solved += int64(s.retro(k, t))
	s.stats.Time += time.Since(start)
	s.tables[k] = t
	s.stored += nStates
	return t, nil
}

// newTable returns a zeroed table, carved from a larger block so that
// tables carry no allocator rounding.
func (s *Solver) newTable() *table {
	if len(s.slab) == 0 {
		s.slab = make([]table, 64)
	}
	t := &s.slab[0]
	s.slab = s.slab[1:]
	return t
}

// evaluator reads values of positions under one target from the Solver's
// tables, which prepare has built.
type evaluator struct {
	s         *Solver
	t         target
	reachable bool
}

// ended reports whether the game, or the goal, is over in p.
func (e *evaluator) ended(p rules.Position) bool {
	if end, _ := e.t.countEnd(p.Saved, p.Taken); end && e.reachable {
		return true
	}
	return p.Status().Over()
}

// value returns the value of p for the side to move.
func (e *evaluator) value(p rules.Position) (value, error) {
	if !e.reachable {
		return drawValue, nil
	}
	if end, out := e.t.countEnd(p.Saved, p.Taken); end {
		return endValue(out, p.Side), nil
	}
	t, err := e.s.table(tableKey{configOf(p), e.t})
	if err != nil {
		return 0, err
	}
	return t[stateIndex(p.Side, p.King, p.Knight)], nil
}

// validate checks p as rules.Position.Validate does, but also accepts a
// game just ended by its third save or fourth take (which Validate rejects
// for its counter): such a position is checked as the one with that
// counter one lower and one more pawn on the board.
func validate(p rules.Position) error {
	q := p
	switch {
	case p.Saved == rules.SavesToWin && p.Taken < rules.TakesToWin:
		q.Saved--
	case p.Taken == rules.TakesToWin && p.Saved < rules.SavesToWin:
		q.Taken--
	}
	if q != p {
		free := (rules.Rank1 | rules.Rank8 | rules.Lair.Bit() | p.Occupied()) ^ ^rules.Bitboard(0)
		q.Pawns |= free.First().Bit()
	}
	if err := q.Validate(); err != nil {
		return fmt.Errorf("solver: %w", err)
	}
	return nil
}
