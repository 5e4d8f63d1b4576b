package table

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Options tune a build.
type Options struct {
	// Solver tunes the solver that builds the table: its Budget, Workers,
	// Forget and Keep, Progress and Stop. Build sets Solved and Load.
	Solver solver.Options
}

// Stats describes a table built.
type Stats struct {
	Configs   int64         // configurations written
	Positions int64         // positions written: the valid states of those configurations
	WDLBytes  int64         // the size of the win/draw/loss file
	DTMBytes  int64         // the size of the distance file
	Time      time.Duration // the time the build took
}

// Build writes into folder dir, which it creates, the table of every
// configuration the given roots lead to (each included, but those whose
// counters end the game), solving them with one Solver. With several
// roots, a Solver that keeps its tables (Options.Solver.Forget unset)
// solves each configuration once; a forgetting one may solve one again
// for a later root, and the table indexes it once. The files are written under
// temporary names and renamed when complete, so a folder never holds a
// partial table under the names Open reads.
func Build(dir string, roots []solver.Config, opts Options) (Stats, error) {
	start := time.Now()
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return Stats{}, fmt.Errorf("table: %w", err)
	}
	b := &builder{}
	var err error
	src := source()
	if b.wdl, err = create(filepath.Join(dir, WDLFile), kindWDL, src); err != nil {
		return Stats{}, err
	}
	if b.dtm, err = create(filepath.Join(dir, DTMFile), kindDTM, src); err != nil {
		b.wdl.abort()
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
	s := solver.New(so)
	for _, c := range roots {
		p, ok := positionIn(c)
		if !ok {
			continue
		}
		if _, err := s.Evaluate(p, solver.Goal{Kind: solver.Game}); err != nil {
			if f := b.failed(); f != nil {
				err = f
			}
			b.wdl.abort()
			b.dtm.abort()
			return Stats{}, err
		}
	}
	if err := errors.Join(b.wdl.finish(), b.dtm.finish()); err != nil {
		b.wdl.abort()
		b.dtm.abort()
		return Stats{}, err
	}
	return Stats{Configs: int64(len(b.wdl.entries)), Positions: b.wdl.positions(), WDLBytes: fileSize(b.wdl.name),
		DTMBytes: fileSize(b.dtm.name), Time: time.Since(start)}, nil
}

// builder writes the tables a Solver builds.
type builder struct {
	coders   sync.Pool
	mu       sync.Mutex // guards what follows
	wdl, dtm *writer
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
