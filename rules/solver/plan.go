package solver

import (
	"cmp"
	"math/bits"
	"slices"
)

// plan is the list of configurations a solve builds, in the order it
// solves them: each after every configuration it leads to. Configurations
// already cached, and those whose counters end the game or goal, are not
// in it.
//
// The order sweeps the configurations from the most advanced back (see
// config.sweep, which no move leaving a configuration lowers, and
// config.potential, which every such move raises), ties by the pawns'
// squares from a2 up. Of the orders measured over the 11.9 million
// configurations the default start needs (TestLiveSet), it is among those
// that hold the fewest tables at once when each is dropped once read for
// the last time: 2.02 million at the peak, where a depth-first post-order
// holds 5.28 million and the order by height 2.46 million.
type plan struct {
	target target
	order  []config
	index  map[uint64]int32 // position in order, by config.key
	// reads(j) lists the positions in order of the configurations that
	// order[j]'s moves lead to, once a move.
	kids     []int32
	kidStart []int32
	// readers[j] counts the reads of order[j]'s table by configurations
	// not yet solved, and keep[j] marks the tables kept however many
	// remain: they are set only when the Solver forgets.
	readers []int32
	keep    []bool
	// peak is the most tables the plan holds at once.
	peak int
}

// plan lists the configurations a solve of root builds. It reports false
// when there are more than limit of them.
func (s *Solver) plan(root tableKey, limit int) (*plan, bool) {
	p := &plan{target: root.target, index: make(map[uint64]int32), kidStart: []int32{0}}
	if _, ok := p.visit(s, root.config, limit); !ok {
		return p, false
	}
	p.sort()
	p.peak = len(p.order)
	if s.opts.Forget {
		p.forget(len(s.workers), s.opts.Keep)
	}
	return p, true
}

// visit adds c to the plan after the configurations it leads to, with
// the positions of those as its reads, and returns c's position (sort
// then orders them). The recursion is as deep as the pawns have steps
// left, under 50.
func (p *plan) visit(s *Solver, c config, limit int) (int32, bool) {
	var buf [maxSuccessors]config
	var reads [maxSuccessors]int32
	n := 0
	for _, k := range c.successors(buf[:0]) {
		j, seen := p.index[k.key()]
		if !seen {
			if !s.needs(k, p.target) {
				continue
			}
			var ok bool
			if j, ok = p.visit(s, k, limit); !ok {
				return 0, false
			}
		}
		reads[n] = j
		n++
	}
	if len(p.order) >= limit {
		return 0, false
	}
	j := int32(len(p.order))
	p.index[c.key()] = j
	p.order = append(p.order, c)
	p.kids = append(p.kids, reads[:n]...)
	p.kidStart = append(p.kidStart, int32(len(p.kids)))
	return j, true
}

// needs reports whether a solve under t needs a table for c that is not
// cached: c does not end the game or goal, and is not solved yet.
func (s *Solver) needs(c config, t target) bool {
	if end, _ := t.countEnd(c.saved, c.taken); end {
		return false
	}
	_, solved := s.tables[tableKey{c, t}]
	return !solved
}

// sort orders the plan's configurations (see plan), renumbering index and
// the reads.
func (p *plan) sort() {
	type entry struct {
		c          config
		old        int32
		sweep, pot uint8
	}
	es := make([]entry, len(p.order))
	for j, c := range p.order {
		es[j] = entry{c, int32(j), uint8(c.sweep()), uint8(c.potential())}
	}
	slices.SortFunc(es, func(x, y entry) int {
		a, b := x.c, y.c
		return cmp.Or(cmp.Compare(y.sweep, x.sweep), cmp.Compare(y.pot, x.pot),
			cmp.Compare(bits.Reverse64(uint64(b.pawns)), bits.Reverse64(uint64(a.pawns))),
			cmp.Compare(a.saved, b.saved), cmp.Compare(a.taken, b.taken))
	})
	renumber := make([]int32, len(es))
	for j, e := range es {
		renumber[e.old] = int32(j)
		p.order[j] = e.c
		p.index[e.c.key()] = int32(j)
	}
	kids := make([]int32, 0, len(p.kids))
	kidStart := make([]int32, 1, len(p.kidStart))
	for _, e := range es {
		for _, k := range p.kids[p.kidStart[e.old]:p.kidStart[e.old+1]] {
			kids = append(kids, renumber[k])
		}
		kidStart = append(kidStart, int32(len(kids)))
	}
	p.kids, p.kidStart = kids, kidStart
}

// reads returns the positions of the configurations order[j] leads to.
func (p *plan) reads(j int) []int32 { return p.kids[p.kidStart[j]:p.kidStart[j+1]] }

// forget sets readers and keep, keeping the root's table and those within
// depth structure moves of it (two moves deep is what Evaluate reads for
// the root and for every position after its first move), and sets peak
// to the most tables held at once when the plan is solved in order, plus
// one a worker beyond the first (a worker holds the table it solves while
// the one before it in the order still holds what it reads).
func (p *plan) forget(workers, depth int) {
	p.readers = make([]int32, len(p.order))
	p.keep = make([]bool, len(p.order))
	for _, k := range p.kids {
		p.readers[k]++
	}
	left := slices.Clone(p.readers)
	root := len(p.order) - 1
	p.keep[root] = true
	level := []int32{int32(root)}
	for range depth {
		var next []int32
		for _, j := range level {
			for _, k := range p.reads(int(j)) {
				if !p.keep[k] {
					p.keep[k] = true
					next = append(next, k)
				}
			}
		}
		level = next
	}
	live := 0
	p.peak = 0
	for j := range p.order {
		live++
		p.peak = max(p.peak, live)
		for _, k := range p.reads(j) {
			if left[k]--; left[k] == 0 && !p.keep[k] {
				live--
			}
		}
	}
	p.peak = min(p.peak+workers-1, len(p.order))
}

// release counts one read of table k done, and reports whether the table
// may be dropped: the Solver forgets, nothing left reads it, and the plan
// does not keep it. The caller holds the run's lock.
func (p *plan) release(k int32) bool {
	if p.readers == nil {
		return false
	}
	p.readers[k]--
	return p.readers[k] == 0 && !p.keep[k]
}
