package proof

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
	"nostromo-lessons/rules/table"
)

// Table is a question.Solver that answers whole-game questions about the
// positions a whole-game table holds from the table (value, distance,
// best moves, winning moves and a line) and asks Inner everything else:
// other goals and positions the table does not hold. The table is
// trusted input (it carries a checksum, not a MAC): one damaged block
// found while probing is reported once to Warn, and from then on every
// question goes to Inner, so a damaged table never gives an answer.
// Make one with NewTable; With gives one in front of another Solver that
// shares its count and its state.
type Table struct {
	t     *table.Table
	inner question.Solver
	*use
}

// use is what the Tables made by With share.
type use struct {
	warn   func(error) // hears the first error that is not ErrNotHeld; may be nil
	hits   atomic.Int64
	once   sync.Once
	broken atomic.Bool
}

// NewTable returns the Table that answers from t in front of inner, and
// reports to warn (if not nil), once, the first error of t other than
// table.ErrNotHeld.
func NewTable(t *table.Table, inner question.Solver, warn func(error)) *Table {
	return &Table{t: t, inner: inner, use: &use{warn: warn}}
}

// With returns a Table in front of inner that answers from the same table
// and shares t's count of answers and its state.
func (t *Table) With(inner question.Solver) *Table {
	return &Table{t: t.t, inner: inner, use: t.use}
}

// Hits returns the questions answered from the table by t and the Tables
// made with it.
func (t *Table) Hits() int64 { return t.hits.Load() }

// lineCap is the most plies of a drawn position's line: a draw goes on
// for ever, so its line is cut short as the solver's is (its
// drawLinePlies).
const lineCap = 8

// failed reports err, once, unless it says the table does not hold a
// position, and stops using the table.
func (t *Table) failed(err error) {
	if errors.Is(err, table.ErrNotHeld) {
		return
	}
	t.broken.Store(true)
	t.once.Do(func() {
		if t.warn != nil {
			t.warn(err)
		}
	})
}

// Solve implements question.Solver.
func (t *Table) Solve(p rules.Position, g solver.Goal) (solver.Solution, error) {
	if g.Kind != solver.Game || t.broken.Load() {
		return t.inner.Solve(p, g)
	}
	sol, err := t.t.Solution(p)
	if err == nil {
		sol.Line, err = t.line(p, sol)
	}
	if err != nil {
		t.failed(err)
		return t.inner.Solve(p, g)
	}
	t.hits.Add(1)
	return sol, nil
}

// line follows solver.LineChoice's best move from p, whose solution is
// sol, to the end of the game, or for a draw for lineCap plies: the line
// the solver gives.
func (t *Table) line(p rules.Position, sol solver.Solution) ([]rules.Move, error) {
	var line []rules.Move
	for !p.Status().Over() && len(sol.Best) > 0 {
		if sol.Result == rules.Draw && len(line) == lineCap {
			break
		}
		m := solver.LineChoice(p, sol)
		line = append(line, m)
		if p = p.Apply(m); p.Status().Over() {
			break
		}
		var err error
		if sol, err = t.t.Solution(p); err != nil {
			return nil, err
		}
	}
	return line, nil
}

// WinningMoves implements question.Solver: the moves after which the side
// to move still wins, sorted by SAN as the solver sorts them.
func (t *Table) WinningMoves(p rules.Position, g solver.Goal) ([]rules.Move, error) {
	if g.Kind != solver.Game || t.broken.Load() {
		return t.inner.WinningMoves(p, g)
	}
	win := []rules.Move{}
	for _, m := range p.LegalMoves() {
		after := p.Apply(m)
		v := after.Status().Result()
		if !after.Status().Over() {
			var err error
			if v, err = t.t.Value(after); err != nil {
				t.failed(err)
				return t.inner.WinningMoves(p, g)
			}
		}
		if v == wins(p.Side) {
			win = append(win, m)
		}
	}
	slices.SortFunc(win, func(a, b rules.Move) int { return strings.Compare(p.SAN(a), p.SAN(b)) })
	t.hits.Add(1)
	return win, nil
}

// Probe returns p's whole-game solution from the table alone: Result,
// Moves and Best, no Line; table.ErrNotHeld (or the error that stopped
// the table) for a position it does not answer. Inner is never asked: it
// is the play page's engine's exact source (engine.Prober), which falls
// back on its own.
func (t *Table) Probe(p rules.Position) (solver.Solution, error) {
	if t.broken.Load() {
		return solver.Solution{}, table.ErrNotHeld
	}
	sol, err := t.t.Solution(p)
	if err != nil {
		t.failed(err)
		return solver.Solution{}, err
	}
	t.hits.Add(1)
	return sol, nil
}
