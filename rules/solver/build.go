package solver

import (
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"
	"unsafe"

	"nostromo-lessons/rules"
)

// maxSuccessors is the most configurations one configuration leads to: six
// pawns, each taken, stepping or capturing to either side.
const maxSuccessors = 4 * rules.PawnCount

// build solves the table of root and, before it, every table it depends on
// that is not cached yet. It first plans the solve (see plan), checks the
// budget against the most tables the plan holds at once, then solves the
// plan's configurations in its order with the Solver's workers. A stopped
// Solver (see Options.Stop) builds nothing, not even a cached root.
func (s *Solver) build(root tableKey) error {
	if err := s.stopped(); err != nil {
		return err
	}
	if _, ok := s.tables[root]; ok {
		return nil
	}
	limit := s.countLimit(root)
	if s.knownOver(root, limit) {
		return s.listedError(root, int64(limit))
	}
	p, err := s.plan(root, limit)
	switch {
	case errors.Is(err, errOverLimit):
		return s.listedError(root, int64(len(p.order)))
	case err != nil:
		return err
	}
	needed := s.stored + p.peak
	if p.keep != nil && s.opts.Spill != nil {
		needed = min(needed, s.stored+p.spillFloor(len(s.workers)))
	}
	if needed > s.opts.Budget && !s.opts.Eager {
		return p.budgetError(s, needed)
	}
	return s.solvePlan(p, needed, p.began)
}

// budgetError returns the error of plan p, which needs needed states at
// once, over the Solver's budget.
func (p *plan) budgetError(s *Solver, needed int64) *BudgetError {
	return &BudgetError{What: "states", Limit: s.opts.Budget, Needed: needed, Configs: int64(len(p.order)),
		Counted: true, Time: EstimateTime(int64(len(p.order)), len(s.workers))}
}

// listedError returns the error of a plan of root that stopped listing at
// its limit, listed: what a solve of more configurations than listed needs
// at least, with Bound's count of them all.
func (s *Solver) listedError(root tableKey, listed int64) *BudgetError {
	configs := int64(bound(root.config, root.target))
	needed := s.stored + (listed+1)*nStates // every table kept
	if s.opts.Forget {
		// One table whole while it is solved, and the lists of a plan
		// with more configurations than p's, its hash table at least
		// half empty.
		needed = s.stored + nStates + ownBytesOf(listed+1, 2*(listed+1))
	}
	return &BudgetError{What: "states", Limit: s.opts.Budget, Needed: needed, Configs: configs,
		Listed: listed, Forget: s.opts.Forget, Time: EstimateTime(configs, len(s.workers))}
}

// countLimit returns how many configurations build lists before it gives
// up on root: all of them when the Solver is eager or Bound says they fit
// the budget; otherwise as many as the budget holds (a solve that keeps its
// tables holds all it lists), or sixteen times as many when forgetting (a
// forgetting solve holds fewer bytes at once, keeping only the parts of
// tables still read: an eighth of the whole in some 5-pawn solves), and at
// least 1024, which plan in a few milliseconds.
func (s *Solver) countLimit(root tableKey) int {
	fit := (s.opts.Budget - s.stored) / nStates
	switch {
	case s.opts.Eager || bound(root.config, root.target) <= float64(fit):
		return 1 << 40
	case s.opts.Forget && s.opts.Spill != nil:
		// The plan's lists, in a hash table at most half full, bound
		// what it holds at once.
		return int(max((s.opts.Budget-s.stored)/ownBytesOf(1, 4), 1024))
	case s.opts.Forget:
		return int(max(forgetListing*fit, 1024))
	}
	return int(max(fit, 1024))
}

// knownOver reports whether a plan of root would certainly stop listing
// at limit, so that build refuses root at once, with the very error the
// listing would end in. A plan lists every configuration lowerBound counts
// but those whose tables the Solver holds: a Solver that keeps its tables
// holds every table that a table it holds reads, so its plan skips no
// other. A forgetting Solver does not, and is asked only when it holds
// no table.
func (s *Solver) knownOver(root tableKey, limit int) bool {
	if s.opts.Eager || s.opts.Forget && len(s.tables) > 0 {
		return false
	}
	return lowerBound(root.config, root.target)-float64(len(s.tables)) > float64(limit)
}

// solvePlan solves the configurations of p. A configuration is ready
// once those it leads to are solved; each worker takes the ready one
// first in the plan's order, so that the workers follow the order (and
// its peak of tables held) as closely as they can without waiting. When
// the Solver forgets, a table is dropped once every configuration of the
// plan that reads it is solved, unless p keeps it. The tables left are
// cached, those of a solve that failed or was stopped included: each is
// whole, solved after every table it reads.
func (s *Solver) solvePlan(p *plan, needed int64, began time.Time) error {
	r := &run{s: s, p: p, q: newQueue(len(p.order), p.readPositions, window(len(s.workers))), parts: make([]*parts, len(p.order)),
		needed: needed, began: began, solving: time.Now(), start: time.Now(), reported: time.Now()}
	if p.keep != nil {
		r.own = p.ownBytes()
		r.skip = p.skipDone(s)
	}
	if len(p.order) >= returnPlanning {
		debug.FreeOSMemory()
	}
	if workers := min(len(s.workers), len(p.order)); workers == 1 {
		r.work(s.workers[0])
	} else {
		var wg sync.WaitGroup
		for _, w := range s.workers[:workers] {
			wg.Go(func() { r.work(w) })
		}
		wg.Wait()
	}
	r.finish()
	if r.panicked {
		s.Reset() // what the panic left half done cannot be trusted
	}
	return r.q.err
}

// run is one solve of a plan. Its fields, and the Solver's tables and
// figures, are guarded by q.mu.
type run struct {
	s *Solver
	p *plan
	q *queue
	// parts holds, by position in p.order, what the run keeps of each
	// table solved: the whole table (parts.whole) or, when forgetting, the
	// parts of it still read; nil once nothing reads them.
	parts     []*parts
	needed    int64     // the states the plan needs, for a BudgetError
	own       int64     // the bytes a forgetting run's lists hold, counted against the budget with the tables
	skip      []bool    // by position in p.order, the configurations not to solve (see plan.skipDone), or nil
	corrupt   bool      // a table could not be stored: none may be kept
	panicked  bool      // a worker panicked: the Solver drops every table
	began     time.Time // when the solve started, planning included
	solving   time.Time // when its first configuration started
	start     time.Time // since when the Solver's Stats.Time is not counted
	reported  time.Time // when Progress was last called
	positions int64     // valid positions solved by the run
	// When the run spills (see spill.go): the positions of the parts to
	// spill first, the last solved on top, and of those read back, and
	// room to copy parts through.
	solvedLast, reloaded []int32
	scratch              []value
}

// work solves configurations with w until none is left or the solve
// fails or is stopped (see Options.Stop, asked before each
// configuration). A panic, while w solves a configuration or holds the
// lock, is the solve's error, not the program's crash.
func (r *run) work(w *worker) {
	w.run = r
	defer func() { w.run = nil }()
	r.q.mu.Lock()
	defer r.q.mu.Unlock()
	defer r.recoverLocked() // before the unlock: a panic here holds the lock
	for {
		if err := r.s.stopped(); err != nil {
			r.q.fail(err)
			return
		}
		j, ok := r.q.take()
		if !ok {
			return
		}
		if r.skip != nil && r.skip[j] {
			r.skipped(j)
			continue
		}
		if !r.room(j) {
			return
		}
		tab := r.s.newTable()
		r.q.mu.Unlock()
		n, err := w.safeRetro(tableKey{r.p.config(int(j)), r.p.target}, tab)
		r.q.mu.Lock()
		if err != nil {
			r.s.freeTable(tab)
			r.panicked, r.corrupt = true, true
			r.q.fail(err)
			return
		}
		if w.tooLong {
			w.tooLong, r.corrupt = false, true
			r.s.freeTable(tab)
			r.q.fail(fmt.Errorf("solver: a distance exceeds %d moves, the longest a table holds", maxMoves))
			return
		}
		r.solved(j, tab, n)
	}
}

// room makes room for solving configuration j: it reads back the parts j
// reads that are spilled, and spills others, when the run spills (see
// spill.go). It reports false, having failed the solve, when the tables
// held, the run's lists and a whole table more do not fit the budget.
// The caller holds the run's lock.
func (r *run) room(j int32) bool {
	fits := r.s.stored+r.own+nStates <= r.s.opts.Budget
	if r.spills() {
		err := r.pinReads(j)
		if err == nil {
			fits, err = r.makeRoom(nStates)
		}
		if err != nil {
			r.corrupt = true
			r.q.fail(err)
			return false
		}
	}
	if !fits {
		r.q.fail(r.p.budgetError(r.s, r.needed))
	}
	return fits
}

// recoverLocked turns a panic of a worker holding the run's lock into the
// solve's error. It must be deferred by work itself, to recover.
func (r *run) recoverLocked() {
	if v := recover(); v != nil {
		r.panicked, r.corrupt = true, true
		r.q.fail(internalError(v))
	}
}

// safeRetro is w.retro(k, t), with a panic returned as an error; the
// worker is then made afresh, its working memory being half written. For
// a whole-game table it asks Options.Load first, and gives the table
// solved to Options.Solved (a panic of theirs is the solve's error too).
func (w *worker) safeRetro(k tableKey, t *table) (n int, err error) {
	defer func() {
		if v := recover(); v != nil {
			*w = worker{s: w.s, run: w.run}
			n, err = 0, internalError(v)
		}
	}()
	if retroHook != nil {
		retroHook(k)
	}
	hooks := k.kind == Game
	c := Config{k.pawns, k.saved, k.taken}
	shared := (*Table)(unsafe.Pointer(t)) // a value is a byte
	if load := w.s.opts.Load; hooks && load != nil {
		if load(c, shared) {
			return 0, nil
		}
		*t = table{}
	}
	n = w.retro(k, t)
	if solved := w.s.opts.Solved; hooks && solved != nil && !w.tooLong {
		solved(c, shared)
	}
	return n, nil
}

// retroHook, when set (by tests only), is called before each
// configuration a worker solves.
var retroHook func(tableKey)

// internalError returns the error of a solve that panicked with v.
func internalError(v any) error {
	return fmt.Errorf("solver: internal error: %v (please report this with the position solved)", v)
}

// solved records configuration j, of n valid states, solved into tab, as
// solved: it counts it, keeps what is read of tab, drops the tables no
// longer read, and reports progress.
func (r *run) solved(j int32, tab *table, n int) {
	r.q.solved(j)
	r.s.stats.Solved += int64(n)
	r.s.stats.Built++
	r.positions += int64(n)
	r.store(j, tab)
	if r.spills() {
		r.unpinReads(j)
	}
	if r.p.keep != nil {
		r.releaseReads(j)
	}
	if r.s.opts.Progress != nil {
		r.progress()
	}
}

// skipped records configuration j, which Options.Done says is solved
// elsewhere and nothing left to solve reads, as solved without a table:
// it releases what j reads, as solved does. The caller holds the run's
// lock.
func (r *run) skipped(j int32) {
	r.q.solved(j)
	r.releaseReads(j)
	if r.s.opts.Progress != nil {
		r.progress()
	}
}

// releaseReads releases the parts of the tables configuration j reads,
// now that j is solved, dropping those that nothing reads any longer.
func (r *run) releaseReads(j int32) {
	var buf [maxSuccessors]read
	for _, rd := range r.p.reads(int(j), buf[:0]) {
		if pt := r.parts[rd.k]; pt != nil && pt.whole == nil {
			if r.s.release(pt, rd.kind) {
				r.parts[rd.k] = nil
				r.s.held--
			}
		}
	}
}

// skipDone returns, for a forgetting solve of the whole game with
// Options.Done set, which configurations of p to skip: those Done says
// are solved elsewhere and that no configuration left to solve reads,
// and that p does not keep. It returns nil otherwise.
func (p *plan) skipDone(s *Solver) []bool {
	if s.opts.Done == nil || p.target.kind != Game || p.keep == nil {
		return nil
	}
	skip := make([]bool, len(p.order))
	for j := range p.order {
		c := p.config(j)
		skip[j] = !p.keep[j] && s.opts.Done(Config{c.pawns, c.saved, c.taken})
	}
	var buf [maxSuccessors]read
	for j := range p.order {
		if skip[j] {
			continue
		}
		for _, rd := range p.reads(j, buf[:0]) {
			skip[rd.k] = false // read by one to solve: Load gives it
		}
	}
	return skip
}

// store keeps tab, the table of configuration j just solved: whole,
// unless the Solver forgets and the plan does not keep it, and otherwise
// the parts of it that the configurations reading it need (see parts.go).
// The caller holds the run's lock.
func (r *run) store(j int32, tab *table) {
	if r.p.keep == nil || r.p.keep[j] {
		pt := r.s.pool.newParts()
		pt.whole = tab
		r.parts[j] = pt
		return
	}
	left := r.p.left[j]
	pt := r.s.compact(tab, r.p.config(int(j)).pawns, left, r.p.rowSet[j])
	r.s.freeTable(tab)
	if left == (readCounts{}) {
		r.s.pool.parts = append(r.s.pool.parts, pt)
		return
	}
	r.parts[j] = pt
	r.s.held++
	if r.spills() {
		r.solvedLast = append(r.solvedLast, j)
	}
}

// forgetListing is how many times the configurations its budget holds
// whole a forgetting solve lists before it gives up (see countLimit).
const forgetListing = 16

// returnPlanning is the number of configurations from which a solve gives
// the memory its planning used back to the system before solving.
const returnPlanning = 1 << 20

// progress calls Options.Progress when ProgressInterval has passed since
// the last call, or the last configuration is solved. The caller holds
// the run's lock.
func (r *run) progress() {
	now := time.Now()
	last := r.q.done == len(r.p.order)
	if now.Sub(r.reported) < r.s.interval && !last {
		return
	}
	r.reported = now
	pr := Progress{Done: int64(r.q.done), Total: int64(len(r.p.order)), Positions: r.positions,
		Held: r.s.held, Bytes: r.s.stored, Elapsed: now.Sub(r.began)}
	if !last {
		pr.ETA = time.Duration(float64(now.Sub(r.solving)) * float64(pr.Total-pr.Done) / float64(pr.Done))
	}
	r.s.opts.Progress(pr)
}

// finish caches the tables the run holds, or drops them when they are not
// all sound.
func (r *run) finish() {
	r.s.stats.Time += time.Since(r.start)
	for j, pt := range r.parts {
		switch {
		case pt == nil:
		case pt.whole == nil: // the run failed: nothing will read it
			r.s.dropParts(pt)
			r.s.held--
		case r.corrupt:
			r.s.freeTable(pt.whole)
			r.s.pool.parts = append(r.s.pool.parts, pt)
		default:
			r.s.tables[tableKey{r.p.config(j), r.p.target}] = pt.whole
			r.s.pool.parts = append(r.s.pool.parts, pt)
		}
		r.parts[j] = nil
	}
}
