package solver

import "sync"

// queue hands the configurations of a plan to the workers: those ready
// (all they lead to solved), first in the plan's order first. Its fields
// are guarded by mu; a worker waits on it while nothing is ready.
type queue struct {
	mu       sync.Mutex
	cond     sync.Cond
	p        *plan
	ready    readyHeap
	waiting  []int32 // per configuration, the reads of tables not yet solved
	parents  []int32 // parents[start[k]:start[k+1]]: the configurations that read k, once a read
	start    []int32
	isSolved []bool
	done     int // configurations solved
	err      error
}

// newQueue returns the queue of p, with its first ready configurations.
func newQueue(p *plan) *queue {
	q := &queue{p: p, waiting: make([]int32, len(p.order)), isSolved: make([]bool, len(p.order))}
	q.cond.L = &q.mu
	q.start = make([]int32, len(p.order)+1)
	for _, k := range p.kids {
		q.start[k+1]++
	}
	for k := range p.order {
		q.start[k+1] += q.start[k]
	}
	q.parents = make([]int32, len(p.kids))
	fill := append([]int32(nil), q.start[:len(p.order)]...)
	for j := range p.order {
		for _, k := range p.reads(j) {
			q.parents[fill[k]] = int32(j)
			fill[k]++
		}
		q.waiting[j] = int32(len(p.reads(j)))
		if q.waiting[j] == 0 {
			q.ready = append(q.ready, int32(j))
		}
	}
	q.ready.init()
	return q
}

// take returns the ready configuration first in the plan's order, waiting
// while none is ready; ok is false once all are solved or the solve has
// failed. The caller holds mu.
func (q *queue) take() (j int32, ok bool) {
	for len(q.ready) == 0 && q.err == nil && q.done < len(q.p.order) {
		q.cond.Wait()
	}
	if q.err != nil || len(q.ready) == 0 {
		return 0, false
	}
	return q.ready.pop(), true
}

// solved records configuration j as solved, making ready those waiting
// only for it. The caller holds mu.
func (q *queue) solved(j int32) {
	q.isSolved[j] = true
	q.done++
	for _, parent := range q.parents[q.start[j]:q.start[j+1]] {
		if q.waiting[parent]--; q.waiting[parent] == 0 {
			q.ready.push(parent)
			q.cond.Signal()
		}
	}
	if q.done == len(q.p.order) {
		q.cond.Broadcast()
	}
}

// fail stops the solve with err, the first error kept. The caller holds
// mu.
func (q *queue) fail(err error) {
	if q.err == nil {
		q.err = err
	}
	q.cond.Broadcast()
}

// readyHeap is a min-heap of positions in a plan.
type readyHeap []int32

// init orders h as a heap.
func (h readyHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

// push adds j.
func (h *readyHeap) push(j int32) {
	*h = append(*h, j)
	for i := len(*h) - 1; i > 0; {
		up := (i - 1) / 2
		if (*h)[up] <= (*h)[i] {
			break
		}
		(*h)[up], (*h)[i] = (*h)[i], (*h)[up]
		i = up
	}
}

// pop removes and returns the least position.
func (h *readyHeap) pop() int32 {
	old := *h
	j := old[0]
	old[0] = old[len(old)-1]
	*h = old[:len(old)-1]
	h.down(0)
	return j
}

// down moves h[i] down to its place.
func (h readyHeap) down(i int) {
	for {
		least := i
		for _, c := range [2]int{2*i + 1, 2*i + 2} {
			if c < len(h) && h[c] < h[least] {
				least = c
			}
		}
		if least == i {
			return
		}
		h[i], h[least] = h[least], h[i]
		i = least
	}
}
