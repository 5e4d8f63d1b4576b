package solver

import (
	"fmt"
	"sync"
	"time"

	"nostromo-lessons/rules"
)

// maxSuccessors is the most configurations one configuration leads to: six
// pawns, each taken, stepping or capturing to either side.
const maxSuccessors = 4 * rules.PawnCount

// build solves the table of root and, before it, every table it depends on
// that is not cached yet. It first plans the solve (see plan), checks the
// budget against the most tables the plan holds at once, then solves the
// plan's configurations in its order with the Solver's workers.
func (s *Solver) build(root tableKey) error {
	if _, ok := s.tables[root]; ok {
		return nil
	}
	p, ok := s.plan(root, s.countLimit())
	if !ok {
		return &BudgetError{What: "states", Limit: s.opts.Budget, Needed: s.stored + int64(len(p.order))*nStates}
	}
	needed := s.stored + int64(p.peak)*nStates
	if needed > s.opts.Budget && !s.opts.Eager {
		return &BudgetError{What: "states", Limit: s.opts.Budget, Needed: needed}
	}
	return s.solvePlan(p, needed)
}

// countLimit returns how many configurations build lists before it gives
// up: four times what the budget holds (eight times when forgetting), and
// at least 1024, or all of them when the Solver is eager.
func (s *Solver) countLimit() int {
	switch {
	case s.opts.Eager:
		return 1 << 40
	case s.opts.Forget:
		return int(max(8*s.opts.Budget/nStates, 1024))
	}
	return int(max(4*s.opts.Budget/nStates, 1024))
}

// solvePlan solves the configurations of p. A configuration is ready
// once those it leads to are solved; each worker takes the ready one
// first in the plan's order, so that the workers follow the order (and
// its peak of tables held) as closely as they can without waiting. When
// the Solver forgets, a table is dropped once every configuration of the
// plan that reads it is solved, unless p keeps it. The tables left are
// cached.
func (s *Solver) solvePlan(p *plan, needed int64) error {
	start := time.Now()
	tabs := make([]*table, len(p.order))
	q := newQueue(p)
	var corrupt bool
	progressEvery := max(len(p.order)/200, 1)
	work := func(w *worker) {
		w.plan, w.planTables = p, tabs
		defer func() { w.plan, w.planTables = nil, nil }()
		q.mu.Lock()
		defer q.mu.Unlock()
		for {
			j, ok := q.take()
			if !ok {
				return
			}
			if s.stored+nStates > s.opts.Budget {
				q.fail(&BudgetError{What: "states", Limit: s.opts.Budget, Needed: needed})
				return
			}
			tabs[j] = s.newTable()
			q.mu.Unlock()
			n := w.retro(tableKey{p.order[j], p.target}, tabs[j])
			q.mu.Lock()
			if w.tooLong {
				w.tooLong, corrupt = false, true
				q.fail(fmt.Errorf("solver: a distance exceeds %d moves, the longest a table holds", maxMoves))
				return
			}
			q.solved(j)
			s.stats.Solved += int64(n)
			s.stats.Built++
			for _, k := range p.reads(int(j)) {
				if p.release(k) {
					s.freeTable(tabs[k])
					tabs[k] = nil
				}
			}
			if s.opts.Progress != nil && q.done%progressEvery == 0 {
				s.stats.Time += time.Since(start)
				start = time.Now()
				s.opts.Progress(s.Stats(), int64(len(p.order)))
			}
		}
	}
	if workers := min(len(s.workers), len(p.order)); workers == 1 {
		work(s.workers[0])
	} else {
		var wg sync.WaitGroup
		for _, w := range s.workers[:workers] {
			wg.Go(func() { work(w) })
		}
		wg.Wait()
	}
	s.stats.Time += time.Since(start)
	for j, tab := range tabs {
		switch {
		case tab == nil:
		case corrupt || !q.isSolved[j]:
			s.freeTable(tab)
		default:
			s.tables[tableKey{p.order[j], p.target}] = tab
		}
	}
	return q.err
}
