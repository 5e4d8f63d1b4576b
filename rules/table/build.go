package table

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Options tune a build.
type Options struct {
	// Solver tunes the solver that builds the table: its Budget, Workers,
	// Forget and Keep, Progress and Stop. Build sets Solved, Load,
	// Done and, for a forgetting solve, Spill (see SpillFile).
	Solver solver.Options
}

// Stats describes a table built.
type Stats struct {
	Configs   int64         // configurations written
	Positions int64         // positions written: the valid states of those configurations
	WDLBytes  int64         // the size of the win/draw/loss file
	DTMBytes  int64         // the size of the distance file
	Time      time.Duration // the time the build took
	Spilled   int64         // bytes of parts of tables the solver wrote to the spill (see SpillFile)
}

// Build writes into folder dir, which it creates, the table of every
// configuration the given roots lead to (each included, but those whose
// counters end the game), solving them with one Solver. With several
// roots, a Solver that keeps its tables (Options.Solver.Forget unset)
// solves each configuration once; a forgetting one may solve one again
// for a later root, and the table indexes it once. The files are written
// under temporary names and renamed when complete, so a folder never
// holds a partial table under the names Open reads. A build that stops
// (Options.Solver.Stop, an error, a kill) leaves its plan in the folder;
// Build called again with the same roots resumes it (see PlanFile).
func Build(dir string, roots []solver.Config, opts Options) (Stats, error) {
	start := time.Now()
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return Stats{}, fmt.Errorf("table: %w", err)
	}
	b := &builder{}
	src := source()
	wdlName, dtmName, planName := filepath.Join(dir, WDLFile), filepath.Join(dir, DTMFile), filepath.Join(dir, PlanFile)
	wdlDone, dtmDone, resumed, err := readPlan(planName, roots, src)
	if err != nil {
		return Stats{}, err
	}
	if resumed {
		var ok1, ok2 bool
		if b.wdl, ok1, err = reopen(wdlName, kindWDL, src, wdlDone); err == nil {
			b.dtm, ok2, err = reopen(dtmName, kindDTM, src, dtmDone)
		}
		if err != nil || !ok1 || !ok2 {
			b.close()
			if err != nil {
				return Stats{}, err
			}
			resumed = false // the files are gone: build afresh
		}
	}
	if !resumed {
		wdlDone = nil
		if b.wdl, err = create(wdlName, kindWDL, src); err != nil {
			return Stats{}, err
		}
		if b.dtm, err = create(dtmName, kindDTM, src); err != nil {
			b.close()
			return Stats{}, err
		}
	}
	if b.plan, err = openJournal(planName, roots, src, len(wdlDone), resumed); err != nil {
		b.close()
		return Stats{}, err
	}
	so := opts.Solver
	userStop := so.Stop
	so.Stop = func() error {
		if err := b.failed(); err != nil {
			return err
		}
		if userStop != nil {
			return userStop()
		}
		return nil
	}
	so.Solved, so.Load = b.solved, nil
	if so.Forget {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(MemoryLimit(so.Budget)))
		spill, err := os.Create(filepath.Join(dir, SpillFile))
		if err != nil {
			b.close()
			return Stats{}, fmt.Errorf("table: %w", err)
		}
		defer func() {
			spill.Close()
			os.Remove(spill.Name())
		}()
		so.Spill = spill
	}
	if len(wdlDone) > 0 {
		done, err := b.partial(wdlDone, dtmDone)
		if err != nil {
			b.close()
			return Stats{}, err
		}
		defer done.Close()
		isDone := func(c solver.Config) bool {
			_, ok := slices.BinarySearchFunc(done.wdl.mem, keyOf(c), func(e entry, k uint64) int { return cmp.Compare(e.key, k) })
			return ok
		}
		so.Done = isDone
		so.Load = func(c solver.Config, t *solver.Table) bool {
			if !isDone(c) {
				return false
			}
			got, err := done.config(c, whole)
			if err == nil && got == nil {
				err = fmt.Errorf("%w: %v", ErrNotHeld, c)
			}
			if err != nil {
				// The configurations it reads may be skipped: it
				// cannot be solved again.
				b.mu.Lock()
				if b.err == nil {
					b.err = fmt.Errorf("table: resuming the build in %s: %w; remove the folder to build afresh", dir, err)
				}
				b.mu.Unlock()
				return false
			}
			*t = *got
			return true
		}
	}
	s := solver.New(so)
	for _, c := range roots {
		p, ok := positionIn(c)
		if !ok {
			continue
		}
		if _, err := s.Evaluate(p, solver.Goal{Kind: solver.Game}); err != nil {
			if f := b.failed(); f != nil {
				err = f
			} else if cerr := b.plan.checkpoint(b.wdl, b.dtm); cerr != nil {
				err = errors.Join(err, cerr)
			}
			b.close()
			return Stats{}, err
		}
	}
	spilled := s.Stats().Spilled
	// The plan holds the index of every block: the writers index the
	// files from it, once the solver's memory is free.
	err = b.plan.checkpoint(b.wdl, b.dtm)
	if err == nil {
		b.wdl.entries, b.dtm.entries, _, err = readPlan(planName, roots, src)
	}
	if err == nil {
		err = errors.Join(b.wdl.finish(), b.dtm.finish())
	}
	if err != nil {
		b.close()
		return Stats{}, err
	}
	b.plan.f.Close()
	if err := os.Remove(planName); err != nil {
		return Stats{}, fmt.Errorf("table: %w", err)
	}
	return Stats{Configs: int64(len(b.wdl.entries)), Positions: b.wdl.positions(), WDLBytes: fileSize(b.wdl.name),
		DTMBytes: fileSize(b.dtm.name), Time: time.Since(start), Spilled: spilled}, nil
}

// MemoryLimit returns the Go runtime's memory limit (debug.SetMemoryLimit)
// that a forgetting build of the given solver budget sets while it runs,
// in place of the process's own (GOMEMLIMIT), which it sets back after:
// the budget, and a quarter more and 128 MiB for what the build holds
// besides the solver's tables and lists (the parts' own records, blocks
// free for reuse, buffers) and for garbage. Without it, the collector
// lets the heap grow to twice what is live before it collects: the whole
// game's build peaked at 10.1 GB of RSS, where bench/startpos's solve,
// which makes next to no garbage, held at most 6.35 GB of parts and
// peaked at 7.6 GB.
func MemoryLimit(budget int64) int64 {
	if budget <= 0 {
		budget = solver.DefaultBudget
	}
	return budget + budget/4 + 128<<20
}

// SpillFile is the scratch file in a build's folder where its solver puts
// the parts of tables that do not fit its budget (solver.Options.Spill)
// while it runs; the build removes it when it ends, stopped or not.
const SpillFile = "build.spill"

// partial returns a Table of the blocks written before a build resumed.
func (b *builder) partial(wdl, dtm []entry) (*Table, error) {
	w, err := b.wdl.partial(wdl)
	if err != nil {
		return nil, err
	}
	d, err := b.dtm.partial(dtm)
	if err != nil {
		w.close()
		return nil, err
	}
	return &Table{wdl: w, dtm: d, cache: make(map[uint64]*cached)}, nil
}

// close closes the files of a build that stops, keeping them to resume.
func (b *builder) close() {
	for _, w := range []*writer{b.wdl, b.dtm} {
		if w != nil {
			w.f.Close()
		}
	}
	if b.plan != nil {
		b.plan.f.Close()
	}
}

// builder writes the tables a Solver builds.
type builder struct {
	coders   sync.Pool
	mu       sync.Mutex // guards what follows
	wdl, dtm *writer
	plan     *journal
	err      error
}

// solved writes t, the table of configuration c (the Solver's
// Options.Solved): it encodes it, in the worker's goroutine, then writes
// it.
func (b *builder) solved(c solver.Config, t *solver.Table) {
	co, _ := b.coders.Get().(*coder)
	if co == nil {
		co = newCoder()
	}
	defer b.coders.Put(co)
	wdl, dtm, err := co.encode(c.Pawns, t)
	valid := 0
	for _, ok := range co.valid {
		if ok {
			valid++
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	key := keyOf(c)
	switch {
	case b.err != nil:
		return
	case err != nil:
		b.err = fmt.Errorf("table: encoding %v: %w", c, err)
		return
	}
	if err := b.wdl.add(key, wdl, valid); err != nil {
		b.err = err
		return
	}
	if err := b.dtm.add(key, dtm, valid); err != nil {
		b.err = err
		return
	}
	if time.Since(b.plan.last) >= checkpointEvery {
		b.err = b.plan.checkpoint(b.wdl, b.dtm)
	}
}

// failed returns the first error of writing, or nil.
func (b *builder) failed() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.err
}

// positionIn returns a valid position of configuration c, White to move;
// ok is false when c's counters end the game or there is none.
func positionIn(c solver.Config) (p rules.Position, ok bool) {
	p = rules.Position{Pawns: c.Pawns, Saved: c.Saved, Taken: c.Taken, Side: rules.White}
	for king := range rules.Square(64) {
		for knight := range rules.Square(64) {
			p.King, p.Knight = king, knight
			if p.Validate() == nil {
				return p, true
			}
		}
	}
	return rules.Position{}, false
}

func fileSize(name string) int64 {
	fi, err := os.Stat(name)
	if err != nil {
		return 0
	}
	return fi.Size()
}
