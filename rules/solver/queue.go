package solver

import "sync"

// queue hands the configurations of a plan to the workers: of those ready
// (all they lead to solved) within a window of the plan's order, the
// first. Its fields are guarded by mu; a worker waits on it while nothing
// in the window is ready.
type queue struct {
	mu   sync.Mutex
	cond sync.Cond
	// reads appends to dst the configurations j reads (see
	// plan.readPositions).
	reads  func(j int, dst []int32) []int32
	state  []taskState // by position in the plan's order
	first  int         // the first configuration not yet solved
	window int         // how far ahead of first a worker takes one
	done   int         // configurations solved
	err    error
}

// taskState is where a configuration of a plan stands in its solve.
type taskState uint8

const (
	unstarted taskState = iota
	taken               // being solved
	solved
)

// window returns how far ahead of the first configuration not yet solved
// workers take configurations: the first alone with one worker, two a
// worker otherwise. The window bounds what a forgetting solve holds at
// once beyond solving in order, at most a table a position of it (see
// plan.forget); a configuration usually reads none of those just before
// it, so the workers seldom wait.
func window(workers int) int {
	if workers == 1 {
		return 1
	}
	return 2 * workers
}

// newQueue returns the queue of a plan of n configurations, the
// configurations j reads listed by reads, whose workers take
// configurations at most window ahead of the first not yet solved.
func newQueue(n int, reads func(j int, dst []int32) []int32, window int) *queue {
	q := &queue{reads: reads, state: make([]taskState, n), window: window}
	q.cond.L = &q.mu
	return q
}

// take returns the ready configuration first in the plan's order within
// the window, waiting while there is none; ok is false once all are
// solved or the solve has failed. The caller holds mu.
func (q *queue) take() (j int32, ok bool) {
	for q.err == nil && q.done < len(q.state) {
		if j, ok := q.pick(); ok {
			return j, true
		}
		q.cond.Wait()
	}
	return 0, false
}

// pick marks as taken and returns the ready configuration first in the
// plan's order within the window, if there is one. The caller holds mu.
func (q *queue) pick() (int32, bool) {
	for j := q.first; j < min(q.first+q.window, len(q.state)); j++ {
		if q.state[j] == unstarted && q.ready(j) {
			q.state[j] = taken
			return int32(j), true
		}
	}
	return 0, false
}

// ready reports whether every configuration j leads to is solved.
func (q *queue) ready(j int) bool {
	var buf [maxSuccessors]int32
	for _, k := range q.reads(j, buf[:0]) {
		if q.state[k] != solved {
			return false
		}
	}
	return true
}

// solved records configuration j as solved and wakes the workers waiting.
// The caller holds mu.
func (q *queue) solved(j int32) {
	q.state[j] = solved
	q.done++
	for q.first < len(q.state) && q.state[q.first] == solved {
		q.first++
	}
	q.cond.Broadcast()
}

// fail stops the solve with err, the first error kept. The caller holds
// mu.
func (q *queue) fail(err error) {
	if q.err == nil {
		q.err = err
	}
	q.cond.Broadcast()
}
