package solver

import (
	"errors"
	"math/bits"
	"slices"
	"sort"
	"time"
	"unsafe"

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
//
// A plan of the start holds 11.9 million configurations, so it keeps
// little for each: the configurations as their order keys (see orderKey),
// 8 bytes each, and a hash table of their positions, at most half full:
// 8 to 16 bytes each (0.48 GB in all for the start, where a map and the
// lists of reads took 1.77 GB).
// What a configuration reads (the configurations its moves lead to) is
// computed again when asked, from its successors.
type plan struct {
	target target
	order  []orderKey // sorted
	slots  []int32    // by hash of the order key: 1 + its position in order, or 0
	// keep[j] marks the tables a forgetting solve keeps whole, however
	// many read them; left[j] counts the reads of each part of order[j]'s
	// table (see parts.go) and rowSet[j] the knight squares of the rows
	// read. They are nil when the Solver does not forget. While the plan
	// lists, left and rowSet are by position in the listing, not in the
	// order (see sort).
	keep   []bool
	left   []readCounts
	rowSet []rules.Bitboard
	// peak is an upper bound on the bytes of tables the plan holds at
	// once, and for a forgetting solve the plan's own lists with them
	// (see forget).
	peak int64
	// began is when planning started, last when it last reported its
	// progress (began until it has), and told whether it has.
	began, last time.Time
	told        bool
}

// orderKey is a configuration as one number whose order is the plan's:
// from bit 61 down, 63 less its sweep (6 bits: at most 36 for the six
// pawns), 7 less its pawns saved and taken (3 bits), the complement of its pawns' squares a2..h7 in
// reverse (48 bits), saved (2 bits) and taken (3 bits).
type orderKey uint64

// keyOf returns the order key of c.
func keyOf(c config) orderKey {
	rev := bits.Reverse64(uint64(c.pawns)) >> 8 & (1<<48 - 1)
	gone := uint64(c.saved) + uint64(c.taken)
	return orderKey(uint64(63-c.sweep())<<56 | (7-gone)<<53 | (^rev&(1<<48-1))<<5 |
		uint64(c.saved)<<3 | uint64(c.taken))
}

// config returns the configuration of order key k.
func (k orderKey) config() config {
	rev := ^uint64(k) >> 5 & (1<<48 - 1)
	return config{rules.Bitboard(bits.Reverse64(rev << 8)), uint8(k >> 3 & 3), uint8(k & 7)}
}

// errOverLimit reports that a plan would list more configurations than
// its limit.
var errOverLimit = errors.New("solver: plan: over the limit")

// stopEvery is how many configurations planning lists, or goes over,
// between two questions to Options.Stop, and two looks at the time for
// Options.Progress: a few milliseconds of work.
const stopEvery = 4096

// plan lists the configurations a solve of root builds. It returns
// errOverLimit when there are more than limit of them, and the error of
// stopped when the Solver is stopped while it plans. A plan that takes
// longer than the Solver's progress interval reports its progress (see
// Stage), the last time when it is complete or over its limit.
func (s *Solver) plan(root tableKey, limit int) (*plan, error) {
	now := time.Now()
	p := &plan{target: root.target, began: now, last: now}
	if s.opts.Forget {
		p.left, p.rowSet = []readCounts{}, []rules.Bitboard{}
	}
	err := p.visit(s, root.config, limit)
	n := int64(len(p.order))
	if err == nil || errors.Is(err, errOverLimit) {
		s.reportPlan(p, Progress{Stage: Listing, Done: n}, true)
	}
	if err != nil {
		return p, err
	}
	p.sort()
	p.peak = n * nStates
	if !s.opts.Forget {
		return p, nil
	}
	if err := p.forget(s, len(s.workers), s.opts.Keep); err != nil {
		return p, err
	}
	s.reportPlan(p, Progress{Stage: Weighing, Done: n, Total: n}, true)
	return p, nil
}

// tick is called by planning for the configuration i of a stage: every
// stopEvery configurations, it asks Options.Stop and returns stopped's
// error, and reports progress when the progress interval has passed. It
// is a method of the Solver, not the plan, so that the stack shows which
// of the plan's methods asks Stop.
func (s *Solver) tick(p *plan, st Stage, i int) error {
	if i%stopEvery != stopEvery-1 {
		return nil
	}
	if err := s.stopped(); err != nil {
		return err
	}
	pr := Progress{Stage: st, Done: int64(i + 1)}
	if st == Weighing {
		pr.Total = int64(len(p.order))
	}
	s.reportPlan(p, pr, false)
	return nil
}

// reportPlan calls Options.Progress with pr, the progress of planning p,
// when the progress interval has passed since planning began or last
// reported, or, if last, when planning has reported before.
func (s *Solver) reportPlan(p *plan, pr Progress, last bool) {
	if s.opts.Progress == nil {
		return
	}
	now := time.Now()
	if last && !p.told || !last && now.Sub(p.last) < s.interval {
		return
	}
	p.last, p.told = now, true
	pr.Elapsed = now.Sub(p.began)
	s.opts.Progress(pr)
}

// visit adds c and every configuration it leads to that the solve needs
// to the plan, unless they are in it. It returns errOverLimit when that
// makes more than limit, and asks Options.Stop every stopEvery
// configurations. The recursion is as deep as the pawns have steps left,
// under 50. When the plan counts reads (left is set), it counts c's, as
// it finds where c's successors are listed: each successor c's move leads
// to is listed before c, and it is found or listed in visit alone.
func (p *plan) visit(s *Solver, c config, limit int) error {
	var buf [maxSuccessors]config
	var at [maxSuccessors]int32
	succ := c.successors(buf[:0])
	p.findAll(succ, at[:len(succ)])
	for i, k := range succ {
		if at[i] < 0 {
			// Not in the plan before the first successor's visit:
			// perhaps since, by another's.
			if j, seen := p.find(k); seen {
				at[i] = j
			}
		}
		if at[i] < 0 && s.needs(k, p.target) {
			if err := p.visit(s, k, limit); err != nil {
				return err
			}
			at[i] = int32(len(p.order) - 1)
		}
		if at[i] >= 0 && p.left != nil {
			p.count(at[i], c, k)
		}
	}
	if len(p.order) >= limit {
		return errOverLimit
	}
	if err := s.tick(p, Listing, len(p.order)); err != nil {
		return err
	}
	p.add(keyOf(c))
	return nil
}

// count counts the read of k, listed at position j, by a move from c.
func (p *plan) count(j int32, c, k config) {
	kind, sq := readOf(c, k)
	p.left[j][kind]++
	if kind == readRow {
		p.rowSet[j] |= sq.Bit()
	}
}

// sort sorts the order, with the reads a forgetting plan counted while
// listing, and fills the hash table again.
func (p *plan) sort() {
	if p.left != nil {
		sort.Sort(listing{p})
	} else {
		slices.Sort(p.order)
	}
	p.rehash(len(p.slots))
}

// listing sorts a forgetting plan's order and the reads counted for each
// configuration together, in place: sorting the order alone, then moving
// the reads, took 19 bytes more a configuration.
type listing struct{ p *plan }

func (l listing) Len() int           { return len(l.p.order) }
func (l listing) Less(i, j int) bool { return l.p.order[i] < l.p.order[j] }
func (l listing) Swap(i, j int) {
	p := l.p
	p.order[i], p.order[j] = p.order[j], p.order[i]
	p.left[i], p.left[j] = p.left[j], p.left[i]
	p.rowSet[i], p.rowSet[j] = p.rowSet[j], p.rowSet[i]
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

// config returns the configuration at position j of the order.
func (p *plan) config(j int) config { return p.order[j].config() }

// hash returns the slot where a search for k starts.
func (p *plan) hash(k orderKey) int {
	return int(uint64(k) * 0x9e3779b97f4a7c15 >> (64 - bits.TrailingZeros(uint(len(p.slots)))))
}

// find returns the position of c in the order, if the plan holds it.
func (p *plan) find(c config) (int32, bool) {
	if len(p.slots) == 0 {
		return 0, false
	}
	k := keyOf(c)
	for i := p.hash(k); ; i = (i + 1) & (len(p.slots) - 1) {
		j := p.slots[i] - 1
		if j < 0 {
			return 0, false
		}
		if p.order[j] == k {
			return j, true
		}
	}
}

// findAll sets at[i] to the position of cs[i] in the order, or -1 when the
// plan does not hold it: find for at most maxSuccessors configurations at
// once. It loads the slots of all of them first, then their keys, so that
// the processor waits for their memory at once: in a plan of millions of
// configurations almost every slot and key misses the cache, and asking
// one at a time, as find does, waits for each in turn (planning took twice
// as long).
func (p *plan) findAll(cs []config, at []int32) {
	if len(p.slots) == 0 {
		for i := range cs {
			at[i] = -1
		}
		return
	}
	var keys [maxSuccessors]orderKey
	var slot [maxSuccessors]int
	for i, c := range cs {
		keys[i] = keyOf(c)
		slot[i] = p.hash(keys[i])
	}
	for i := range cs {
		at[i] = p.slots[slot[i]] - 1
	}
	for i := range cs {
		for h := slot[i]; at[i] >= 0 && p.order[at[i]] != keys[i]; {
			h = (h + 1) & (len(p.slots) - 1)
			at[i] = p.slots[h] - 1
		}
	}
}

// add appends k to the order, growing the hash table to keep it at most
// half full.
func (p *plan) add(k orderKey) {
	p.order = append(p.order, k)
	if p.left != nil {
		p.left = append(p.left, readCounts{})
		p.rowSet = append(p.rowSet, 0)
	}
	if 2*len(p.order) > len(p.slots) {
		p.rehash(max(2*len(p.slots), 1024))
		return
	}
	p.insert(int32(len(p.order) - 1))
}

// rehash makes the hash table n slots (a power of two) and fills it with
// the positions of the order.
func (p *plan) rehash(n int) {
	if len(p.slots) == n {
		clear(p.slots)
	} else {
		p.slots = make([]int32, n)
	}
	for j := range p.order {
		p.insert(int32(j))
	}
}

// insert puts position j of the order in the hash table.
func (p *plan) insert(j int32) {
	i := p.hash(p.order[j])
	for p.slots[i] != 0 {
		i = (i + 1) & (len(p.slots) - 1)
	}
	p.slots[i] = j + 1
}

// A read is a configuration of the plan that a move from another leads
// to, at position k of the order, and what that move reads of its table
// (see readOf).
type read struct {
	k      int32
	kind   readKind
	square rules.Square
}

// reads appends to dst the reads of the configuration at position j, one
// a move leaving it: those of its successors that the plan holds.
func (p *plan) reads(j int, dst []read) []read {
	c := p.config(j)
	var buf [maxSuccessors]config
	var at [maxSuccessors]int32
	succ := c.successors(buf[:0])
	p.findAll(succ, at[:len(succ)])
	for i, s := range succ {
		if at[i] >= 0 {
			kind, sq := readOf(c, s)
			dst = append(dst, read{at[i], kind, sq})
		}
	}
	return dst
}

// readPositions appends to dst the positions of the configurations that
// the configuration at position j reads (see reads).
func (p *plan) readPositions(j int, dst []int32) []int32 {
	var buf [maxSuccessors]read
	for _, r := range p.reads(j, buf[:0]) {
		dst = append(dst, r.k)
	}
	return dst
}

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
// solving in order holds, hence the bound. The plan's own lists (see
// ownBytes) come on top. It goes over the order once, with the reads
// counted while listing (left and rowSet): it asks s's Options.Stop every
// stopEvery configurations, and returns its error, and reports its
// progress (see tick).
func (p *plan) forget(s *Solver, workers, depth int) error {
	p.keep = make([]bool, len(p.order))
	root := len(p.order) - 1
	p.keep[root] = true
	level := []int32{int32(root)}
	var buf [maxSuccessors]read
	for range depth {
		var next []int32
		for _, j := range level {
			for _, r := range p.reads(int(j), buf[:0]) {
				if !p.keep[r.k] {
					p.keep[r.k] = true
					next = append(next, r.k)
				}
			}
		}
		level = next
	}
	left := slices.Clone(p.left)
	var live, peak int64
	for j := range p.order {
		if err := s.tick(p, Weighing, j); err != nil {
			return err
		}
		peak = max(peak, live+nStates)
		l := left[j]
		if p.keep[j] {
			live += nStates
		} else {
			live += partBytes(p.halfBytes(j, l), l[readFlight] > 0, int(l[readRow]))
		}
		for _, r := range p.reads(j, buf[:0]) {
			if p.keep[r.k] {
				continue
			}
			if left[r.k][r.kind]--; left[r.k][r.kind] == 0 {
				live -= p.kindBytes(r.k, r.kind)
			}
		}
	}
	p.peak = min(peak+int64(window(workers)-1)*nStates, int64(len(p.order))*nStates) + p.ownBytes()
	return nil
}

// spillFloor returns the bytes a forgetting solve of the plan that spills
// (Options.Spill) needs at least: its lists, the tables it keeps whole,
// and for each configuration workers may solve at once, its whole table
// and the parts of those it reads.
func (p *plan) spillFloor(workers int) int64 {
	kept := int64(0)
	for _, k := range p.keep {
		if k {
			kept++
		}
	}
	return p.ownBytes() + kept*nStates + int64(window(workers))*(nStates+maxSuccessors*nStates/2)
}

// ownBytes returns the bytes a forgetting solve of the plan holds besides
// tables: the plan's lists, and the run's, one entry a configuration (see
// run and queue).
func (p *plan) ownBytes() int64 { return ownBytesOf(int64(len(p.order)), int64(len(p.slots))) }

// ownBytesOf returns ownBytes of a plan of configs configurations and
// slots slots in its hash table.
func ownBytesOf(configs, slots int64) int64 {
	const perConfig = int64(unsafe.Sizeof(orderKey(0)) + unsafe.Sizeof(false) + unsafe.Sizeof(readCounts{}) +
		unsafe.Sizeof(rules.Bitboard(0)) + unsafe.Sizeof(taskState(0)) + unsafe.Sizeof((*parts)(nil)))
	return configs*perConfig + slots*int64(unsafe.Sizeof(int32(0)))
}

// halfBytes returns the bytes of the packed half of order[j]'s table when
// left counts reads of it, and otherwise 0.
func (p *plan) halfBytes(j int, left readCounts) int64 {
	if left[readHalf] == 0 {
		return 0
	}
	return halfBytes(p.config(j).pawns)
}

// kindBytes returns the bytes of the part of order[k]'s table that reads
// of kind read.
func (p *plan) kindBytes(k int32, kind readKind) int64 {
	switch kind {
	case readHalf:
		return halfBytes(p.config(int(k)).pawns)
	case readFlight:
		return 64
	}
	return int64(64 * p.rowSet[k].Count())
}
