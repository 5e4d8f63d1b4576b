package solver

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"nostromo-lessons/rules"
)

// maxSuccessors is the most configurations one configuration leads to: six
// pawns, each taken, stepping or capturing to either side.
const maxSuccessors = 4 * rules.PawnCount

// build solves the table of root and, before it, every table it depends on
// that is not cached yet. It first lists those configurations with their
// heights (the longest chain of unsolved configurations below them), checks
// the budget, then solves them height by height, from the end of the game
// backwards, the configurations of one height in parallel.
func (s *Solver) build(root tableKey) error {
	if _, ok := s.tables[root]; ok {
		return nil
	}
	limit := s.countLimit()
	heights := make(map[config]int32)
	if _, ok := s.height(root.config, root.target, heights, limit); !ok {
		return &BudgetError{What: "states", Limit: s.opts.Budget, Needed: s.stored + int64(len(heights))*nStates}
	}
	needed := s.stored + int64(len(heights))*nStates
	if needed > s.opts.Budget && !s.opts.Eager {
		return &BudgetError{What: "states", Limit: s.opts.Budget, Needed: needed}
	}
	var levels [][]config
	for c, h := range heights {
		for int(h) >= len(levels) {
			levels = append(levels, nil)
		}
		levels[h] = append(levels[h], c)
	}
	for _, level := range levels {
		if s.stored+int64(len(level))*nStates > s.opts.Budget {
			return &BudgetError{What: "states", Limit: s.opts.Budget, Needed: needed}
		}
		if err := s.solveLevel(level, root.target); err != nil {
			return err
		}
		if s.opts.Progress != nil {
			s.opts.Progress(s.Stats(), int64(len(heights)))
		}
	}
	return nil
}

// countLimit returns how many configurations build lists before it gives
// up counting: four times what the budget holds, and at least 1024, or
// all of them when the Solver is eager.
func (s *Solver) countLimit() int {
	if s.opts.Eager {
		return 1 << 40
	}
	return int(max(4*s.opts.Budget/nStates, 1024))
}

// height returns the height of c under t, listing c and the unsolved
// configurations below it in heights; ok is false when there are more than
// limit of them. The recursion is as deep as the pawns have steps left,
// under 50.
func (s *Solver) height(c config, t target, heights map[config]int32, limit int) (h int32, ok bool) {
	if h, ok := heights[c]; ok {
		return h, true
	}
	var buf [maxSuccessors]config
	for _, k := range c.successors(buf[:0]) {
		if end, _ := t.countEnd(k.saved, k.taken); end {
			continue
		}
		if _, solved := s.tables[tableKey{k, t}]; solved {
			continue
		}
		kh, ok := s.height(k, t, heights, limit)
		if !ok {
			return 0, false
		}
		h = max(h, kh+1)
	}
	if len(heights) >= limit {
		return 0, false
	}
	heights[c] = h
	return h, true
}

// solveLevel solves configurations that do not depend on one another, all
// of whose successors are solved, with the Solver's workers. It fails, and
// drops the level's tables, when a distance is too long to store.
func (s *Solver) solveLevel(level []config, t target) error {
	start := time.Now()
	tabs := s.newTables(len(level))
	for j, c := range level {
		s.tables[tableKey{c, t}] = tabs[j]
	}
	var next, solved atomic.Int64
	work := func(w *worker) {
		n := 0
		for j := int(next.Add(1) - 1); j < len(level); j = int(next.Add(1) - 1) {
			n += w.retro(tableKey{level[j], t}, tabs[j])
		}
		solved.Add(int64(n))
	}
	if workers := min(len(s.workers), len(level)); workers == 1 {
		work(s.workers[0])
	} else {
		var wg sync.WaitGroup
		for _, w := range s.workers[:workers] {
			wg.Go(func() { work(w) })
		}
		wg.Wait()
	}
	for _, w := range s.workers {
		if w.tooLong {
			w.tooLong = false
			for _, c := range level {
				delete(s.tables, tableKey{c, t})
			}
			return fmt.Errorf("solver: a distance exceeds %d moves, the longest a table holds", maxMoves)
		}
	}
	s.stored += int64(len(level)) * nStates
	s.stats.Solved += solved.Load()
	s.stats.Time += time.Since(start)
	return nil
}
