package solver

import (
	"cmp"
	"math/bits"
	"slices"

	"nostromo-lessons/rules"
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
	// keep[j] marks the tables a forgetting solve keeps whole, however
	// many read them; left[j] counts the reads of each part of order[j]'s
	// table (see parts.go) and rowSet[j] the knight squares of the rows
	// read. They are nil when the Solver does not forget.
	keep   []bool
	left   [][3]int32
	rowSet []rules.Bitboard
	// peak is an upper bound on the bytes of tables the plan holds at
	// once (see forget).
	peak int64
}

// plan lists the configurations a solve of root builds. It reports false
// when there are more than limit of them.
func (s *Solver) plan(root tableKey, limit int) (*plan, bool) {
	p := &plan{target: root.target, index: make(map[uint64]int32), kidStart: []int32{0}}
	if _, ok := p.visit(s, root.config, limit); !ok {
		return p, false
	}
	p.sort()
	p.peak = int64(len(p.order)) * nStates
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

// forget sets keep, keeping the root's table and those within depth
// structure moves of it (two moves deep is what Evaluate reads for the
// root and for every position after its first move), and sets peak to an
// upper bound on the bytes of tables held at once when the plan is solved
// by workers: each table is whole while it is solved, then only the parts
// its readers not yet solved need (see parts.go), unless kept. Solved in
// order, the most held at once is the largest sum, over the configurations
// j, of j's whole table and what the configurations before j hold then.
// Workers take configurations at most window (see newQueue) ahead of the
// first not yet solved: those hold at most a whole table each beyond what
// solving in order holds, hence the bound.
func (p *plan) forget(workers, depth int) {
	p.keep = make([]bool, len(p.order))
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
	p.left = make([][3]int32, len(p.order))
	p.rowSet = make([]rules.Bitboard, len(p.order))
	for j := range p.order {
		for _, k := range p.reads(j) {
			kind, s := readOf(p.order[j], p.order[k])
			p.left[k][kind]++
			if kind == readRow {
				p.rowSet[k] |= s.Bit()
			}
		}
	}
	left := slices.Clone(p.left)
	var live, peak int64
	for j := range p.order {
		peak = max(peak, live+nStates)
		l := left[j]
		if p.keep[j] {
			live += nStates
		} else {
			live += partBytes(p.halfBytes(j, l), l[readFlight] > 0, int(l[readRow]))
		}
		for _, k := range p.reads(j) {
			if p.keep[k] {
				continue
			}
			kind, _ := readOf(p.order[j], p.order[k])
			if left[k][kind]--; left[k][kind] == 0 {
				live -= p.kindBytes(k, kind)
			}
		}
	}
	p.peak = min(peak+int64(window(workers)-1)*nStates, int64(len(p.order))*nStates)
}

// halfBytes returns the bytes of the packed half of order[j]'s table when
// left counts reads of it, and otherwise 0.
func (p *plan) halfBytes(j int, left [3]int32) int64 {
	if left[readHalf] == 0 {
		return 0
	}
	return halfBytes(p.order[j].pawns)
}

// kindBytes returns the bytes of the part of order[k]'s table that reads
// of kind read.
func (p *plan) kindBytes(k int32, kind readKind) int64 {
	switch kind {
	case readHalf:
		return halfBytes(p.order[k].pawns)
	case readFlight:
		return 64
	}
	return int64(64 * p.rowSet[k].Count())
}
