package solver

import (
	"errors"
	"fmt"
	"runtime"
	"time"
	"unsafe"

	"nostromo-lessons/rules"
)

// DefaultBudget is the number of states a Solver stores when Options.Budget
// is 0: 4 billion states, 4 GB of tables (BytesPerState, BytesPerConfig),
// which leaves room to spare on a machine with 8 GB or more. It is the
// budget meant for checking and building a course, with Options.Forget:
// the tables held at once then stay within it.
const DefaultBudget = 4_000_000_000

// StatesPerConfig is the number of states one configuration's table holds
// and counts against the budget: side to move (2) x king square (64) x
// knight square or pending flight (65). Invalid states are counted too.
const StatesPerConfig = nStates

// Options tune a Solver.
type Options struct {
	// Budget is the most states the Solver stores, counted in whole
	// configurations of StatesPerConfig states; 0 means DefaultBudget.
	// A solve first counts the configurations it needs; when they do not
	// fit, it returns a *BudgetError at once, unless Eager is set.
	Budget int64
	// Workers is the number of goroutines that solve configurations of
	// the same height at once; 0 means GOMAXPROCS, at most 8.
	Workers int
	// Eager makes a solve that does not fit its budget build tables
	// anyway, smallest configurations first, and stop with the
	// *BudgetError only when the next height would exceed the budget. It
	// is for measuring how far a large solve gets (see bench/startpos).
	Eager bool
	// Forget makes a solve drop each table it builds once every
	// configuration of the solve that reads it is solved, keeping only
	// the root configuration's table and those within Keep structure moves
	// of it; the budget then limits the tables held at once. It is for
	// solves too large to keep (see bench/startpos): Evaluate of the root,
	// and of every position Keep-1 moves of the pawns or the knight's
	// takes away, costs nothing more, but a Line, or any other position,
	// rebuilds what it needs.
	Forget bool
	// Keep is how many structure moves deep (pawn steps and captures,
	// saves, takes) a forgetting solve keeps the root's tables (see
	// Config.Near); 0 means 2, enough to evaluate every first move.
	Keep int
	// Progress, when set, is called from the solve at most a few times a
	// second (about every ProgressInterval), and once when the last
	// configuration is solved; the solve waits while it runs. A plan that
	// takes longer than ProgressInterval is reported too, while it lists
	// and weighs its configurations (see Stage). Leaving it nil costs
	// nothing.
	Progress func(Progress)
	// Stop, when set, is asked during a solve whether to stop it: before
	// the solve starts, every few thousand configurations while it plans,
	// and by each worker before it takes a configuration: a solve stops
	// within milliseconds of Stop returning an error, but while it sorts
	// its plan (up to 2 s for ten million configurations). The solve then
	// fails with an error that is both ErrStopped and Stop's error
	// (errors.Is). The tables of configurations solved before are kept,
	// nothing partly solved is, and the Solver stays usable: once Stop
	// returns nil again, it solves as a fresh one would. Pass ctx.Err to
	// stop on a context. Stop is a question the Solver asks, not a
	// context it keeps, because a Solver outlives its calls (its tables
	// serve many) and is reached through interfaces that take no context,
	// such as the proof caches in front of it; Stop must be safe to call
	// from the workers' goroutines.
	Stop func() error
	// Solved, when set, is called with each whole-game table a solve
	// builds, as soon as it is solved, from the worker that solved it
	// (so from several goroutines at once, and with the other workers
	// going on): it is how a whole-game table is written to disk as it is
	// built (see package table). t is the Solver's own memory, valid
	// only during the call: Solved must not keep it, nor change it.
	Solved func(c Config, t *Table)
	// Load, when set, is asked for each whole-game table a solve needs
	// before a worker solves it: when Load fills t with the table of c
	// and returns true, the solve takes it as solved, and Solved is not
	// called for it. It is how a build of a whole-game table resumes from
	// the tables it wrote before it stopped. Load is called from the
	// workers' goroutines, several at once; t is zero on entry, and a
	// table Load returns false for is cleared again.
	Load func(c Config, t *Table) bool
	// Done, when set, says which whole-game tables a forgetting solve
	// (Forget) need not build, their values being kept elsewhere (a
	// build of a whole-game table resuming): the solve skips such a
	// configuration when no configuration it has still to solve reads
	// it, and asks Load for it otherwise (a skipped configuration
	// counts as solved, but Solved is not called for it). It is asked
	// once for each configuration of a plan, before the solve starts.
	Done func(c Config) bool
	// Spill, when set, lets a forgetting solve (Forget) hold at most its
	// budget however many tables it keeps parts of: it writes those that
	// do not fit to Spill, and reads them back when they are read (see
	// spill.go). Its budget then need only hold the plan's lists and a
	// few tables; a build of a whole-game table spills to a scratch file.
	// The tables it builds are the same with it as without.
	Spill Spill
}

// ErrStopped is the error of a solve that Options.Stop stopped.
var ErrStopped = errors.New("solver: stopped")

// Progress is how far one solve (one plan of configurations) has got.
// While the solve plans, Stage says so, and Done and Total count the
// configurations of the plan as Stage tells.
type Progress struct {
	Stage       Stage         // what the solve is doing: planning or solving
	Done, Total int64         // configurations solved, of those the solve builds
	Positions   int64         // valid positions solved by the solve so far
	Held        int64         // tables held now, whole or in parts
	Bytes       int64         // bytes of those tables and parts
	Elapsed     time.Duration // since the solve started (its planning included)
	// ETA estimates the time left from the rate of configurations so far:
	// the time since the first configuration started, times (Total -
	// Done) / Done; 0 when done.
	ETA time.Duration
}

// Stage is what a solve is doing when it reports its progress.
type Stage uint8

// The stages of a solve: it lists, weighs when it forgets, then solves.
// Solving is the zero Stage. A solve reports the two of planning only
// when planning takes longer than ProgressInterval: then at most every
// ProgressInterval, and once more when planning is done or goes over the
// budget.
const (
	// Solving: Done of Total configurations are solved.
	Solving Stage = iota
	// Listing: the solve lists the configurations it needs; Done are
	// listed so far, and Total is 0 (the total is not known yet).
	Listing
	// Weighing: a forgetting solve (Options.Forget) goes over the Total
	// configurations it listed to bound the memory it will hold at once;
	// Done of Total are gone over.
	Weighing
)

var stageNames = [...]string{Solving: "solving", Listing: "listing", Weighing: "weighing"}

// String returns the stage's name in lower case, such as "listing", or
// Stage(N) for a value that is no stage.
func (st Stage) String() string {
	if int(st) < len(stageNames) {
		return stageNames[st]
	}
	return fmt.Sprintf("Stage(%d)", st)
}

// ProgressInterval is the least time between two calls of
// Options.Progress, but for the last.
const ProgressInterval = 250 * time.Millisecond

// Stats describes the work a Solver has done.
type Stats struct {
	Configs int64         // configurations whose tables are held
	Built   int64         // configurations solved, over the Solver's life
	States  int64         // states held (StatesPerConfig a whole table, fewer for parts), the figure the budget limits
	Bytes   int64         // bytes of the cached tables
	Solved  int64         // valid positions solved while building tables, over the Solver's life
	Time    time.Duration // time spent building tables, over the Solver's life
	// Spilled and Reloaded count the bytes of parts of tables written to
	// Options.Spill and read back from it, over the Solver's life.
	Spilled, Reloaded int64
}

// Solver computes exact values. It caches the tables it builds across
// calls, so solving many positions of one game with one Solver is fast. A
// Solver is safe for use by one goroutine at a time.
type Solver struct {
	opts   Options
	tables map[tableKey]*table
	stored int64 // states held in tables, whole or in parts (see parts.go)
	held   int64 // tables held, whole or in parts
	slab   []table
	free   []*table // tables dropped, for reuse
	// halves and rows are the same for the packed halves and the rows a
	// forgetting solve keeps (see blockPool).
	halves, rows blockPool
	pool         partPool // the same for the other parts
	spill        spillStore
	workers      []*worker
	stats        Stats
	interval     time.Duration // ProgressInterval, but in tests
}

// New returns a Solver with the given options.
func New(opts Options) *Solver {
	if opts.Budget <= 0 {
		opts.Budget = DefaultBudget
	}
	if opts.Keep <= 0 {
		opts.Keep = 2
	}
	if opts.Workers <= 0 {
		opts.Workers = defaultWorkers()
	}
	s := &Solver{opts: opts, tables: make(map[tableKey]*table), interval: ProgressInterval}
	s.halves.heap, s.rows.heap = opts.Spill != nil, opts.Spill != nil
	for range opts.Workers {
		s.workers = append(s.workers, &worker{s: s})
	}
	return s
}

// defaultWorkers returns the number of workers when Options.Workers is 0.
func defaultWorkers() int { return min(runtime.GOMAXPROCS(0), 8) }

// stopped returns ErrStopped, with the error of Options.Stop, when Stop
// says to stop.
func (s *Solver) stopped() error {
	if s.opts.Stop == nil {
		return nil
	}
	if err := s.opts.Stop(); err != nil {
		return fmt.Errorf("%w: %w", ErrStopped, err)
	}
	return nil
}

// Stats returns the Solver's figures so far.
func (s *Solver) Stats() Stats {
	st := s.stats
	st.Configs = s.held
	st.States = s.stored
	st.Bytes = s.stored * int64(unsafe.Sizeof(value(0)))
	return st
}

// Reset drops every cached table.
func (s *Solver) Reset() {
	s.tables = make(map[tableKey]*table)
	s.stored, s.held = 0, 0
	s.slab, s.free = nil, nil
	s.halves, s.rows, s.pool = blockPool{heap: s.opts.Spill != nil}, blockPool{heap: s.opts.Spill != nil}, partPool{}
	s.spill = spillStore{}
}

// Solve returns the exact solution of p for goal g. It returns a
// *BudgetError when the solve needs more states than the budget allows, and
// another error for an invalid position or goal.
func (s *Solver) Solve(p rules.Position, g Goal) (Solution, error) {
	sol, e, v, err := s.evaluate(p, g)
	if err != nil || len(sol.Best) == 0 {
		return sol, err
	}
	if sol.Line, err = e.line(p, v); err != nil {
		return Solution{}, err
	}
	return sol, nil
}

// Evaluate is Solve without the principal line: it returns the Result,
// Moves and Best of p's solution, reading only the tables of p's
// configuration and of those its moves lead to. It is how a forgetting
// Solver (Options.Forget), which keeps only those, answers without
// rebuilding.
func (s *Solver) Evaluate(p rules.Position, g Goal) (Solution, error) {
	sol, _, _, err := s.evaluate(p, g)
	return sol, err
}

// evaluate returns p's solution without its line, with the evaluator and
// p's value.
func (s *Solver) evaluate(p rules.Position, g Goal) (Solution, *evaluator, value, error) {
	e, err := s.prepare(p, g)
	if err != nil {
		return Solution{}, nil, 0, err
	}
	v, err := e.value(p)
	if err != nil {
		return Solution{}, nil, 0, err
	}
	sol := e.solution(p, v)
	if e.ended(p) {
		return sol, e, v, nil
	}
	if sol.Best, err = e.bestMoves(p); err != nil {
		return Solution{}, nil, 0, err
	}
	return sol, e, v, nil
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
	root := tableKey{configOf(p), t}
	hadTables := len(s.tables) > 0
	err = s.build(root)
	var be *BudgetError
	if errors.As(err, &be) && hadTables {
		s.Reset()
		err = s.build(root)
	}
	return e, err
}

// slabTables is the number of tables newTable allocates in one block,
// some 4 MB: enough for the block to span a whole 2 MB huge page.
const slabTables = 512

// newTable returns a zeroed table and counts it as held. It reuses a
// dropped table if there is one, or carves one from a block of slabTables,
// so that tables carry no allocator rounding. Blocks are advised to use
// huge pages (see adviseHugePages), which saves most of the page faults of
// writing new tables.
func (s *Solver) newTable() *table {
	s.held++
	s.stored += nStates
	if n := len(s.free); n > 0 {
		t := s.free[n-1]
		s.free = s.free[:n-1]
		*t = table{}
		return t
	}
	if len(s.slab) == 0 {
		s.slab = make([]table, slabTables)
		adviseHugePages(s.slab)
	}
	t := &s.slab[0]
	s.slab = s.slab[1:]
	return t
}

// blockClasses is the number of classes of blocks (see blockPool): a
// block of class c is c lines of 64 bytes, up to a whole half of a table.
const blockClasses = sideStates/64 + 2

// blockPool holds blocks of one kind (packed halves, or rows: a line a
// row): those dropped, by class, for reuse, and a slab to carve new ones
// from.
type blockPool struct {
	free [blockClasses][][]value
	slab []value
	// heap makes the pool allocate each block on the Go heap and keep
	// at most heapKeep blocks of each class for reuse, given for the class
	// asked or the next heapLarger: a solve that spills (Options.Spill) drops
	// blocks of every class, and the pools by class kept twice its budget
	// (a 4-pawn cone, budget 20 MB: 29 MB of blocks), where the Go
	// allocator gives the memory of one size to another. The few kept
	// spare the collector: in the whole game's build at its budget, the
	// heap stays at the memory limit (see table.MemoryLimit), and each
	// block allocated brings a collection nearer.
	heap bool
}

// heapKeep is the most dropped blocks of a class that a pool allocating
// on the heap keeps for reuse (at most 9.3 MB in all), and heapLarger how
// many classes larger than the one asked it gives a block of.
const (
	heapKeep   = 64
	heapLarger = 2
)

// blockSlab is the size of the slabs blocks are carved from, in bytes: a
// 2 MB huge page.
const blockSlab = 2 << 20

// get returns a block of class lines of 64 bytes or more, not counted
// (see compact): a dropped one, of the class or else of the smallest
// larger class that has one, or one carved from the slab. Taking a larger
// block when one is free keeps the blocks of every class from piling up:
// at the start, pools by class alone would keep 1 GB more than the most
// the parts hold at once, and these keep 0.2 GB more (TestPlanMemory).
// Halves and rows are pooled apart: rows taking the larger blocks of
// halves would waste 0.2 GB more.
func (bp *blockPool) get(class int) []value {
	last := blockClasses - 1
	if bp.heap {
		last = min(class+heapLarger, last)
	}
	for c := class; c <= last; c++ {
		if n := len(bp.free[c]); n > 0 {
			b := bp.free[c][n-1]
			bp.free[c] = bp.free[c][:n-1]
			return b
		}
	}
	if bp.heap {
		return make([]value, 64*class)
	}
	size := 64 * class
	if len(bp.slab) < size {
		if len(bp.slab) > 0 {
			bp.put(bp.slab) // the rest of the slab, a smaller block
		}
		bp.slab = make([]value, blockSlab)
		adviseHugePages(bp.slab)
	}
	b := bp.slab[:size:size]
	bp.slab = bp.slab[size:]
	return b
}

// put keeps block b, from get, for reuse.
func (bp *blockPool) put(b []value) {
	class := cap(b) / 64
	if bp.heap && len(bp.free[class]) >= heapKeep {
		return
	}
	bp.free[class] = append(bp.free[class], b[:cap(b)])
}

// freeTable drops table t, keeping its memory for newTable.
func (s *Solver) freeTable(t *table) {
	s.held--
	s.stored -= nStates
	s.free = append(s.free, t)
}

// evaluator reads values of positions under one target from the Solver's
// tables, which prepare has built, or from given tables (see Lookup).
type evaluator struct {
	s         *Solver
	t         target
	reachable bool
	given     func(Config) *Table // when set, the tables read instead of s's
}

// solution returns the Result and Moves of p, of value v.
func (e *evaluator) solution(p rules.Position, v value) Solution {
	sol := Solution{Result: rules.Draw, Moves: v.moves()}
	switch {
	case v.isWin():
		sol.Result = resultFor(p.Side)
	case v.isLoss():
		sol.Result = resultFor(p.Side.Other())
	}
	return sol
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
	i := stateIndex(p.Side, p.King, p.Knight)
	if e.given != nil {
		t := e.given(ConfigOf(p))
		if t == nil {
			return 0, errNoTable
		}
		return value(t[i]), nil
	}
	k := tableKey{configOf(p), e.t}
	t := e.s.tables[k]
	if t == nil {
		if err := e.s.build(k); err != nil {
			return 0, err
		}
		t = e.s.tables[k]
	}
	return t[i], nil
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
