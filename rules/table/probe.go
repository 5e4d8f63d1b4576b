package table

import (
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"sync"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Table is a whole-game table opened for probing. It is safe for
// concurrent use.
type Table struct {
	dir      string
	wdl, dtm *file
	mu       sync.Mutex
	coders   []*coder
	cache    map[uint64]*cached // the tables decoded last
}

// cached is a configuration's table as a probe decoded it: its outcomes,
// and its distances once read.
type cached struct {
	t         solver.Table
	distances bool
}

// cacheSize is the most configurations a Table keeps decoded: a best move
// reads a configuration's successors, at most 24.
const cacheSize = 64

// source returns Source as bytes.
func source() [32]byte {
	var s [32]byte
	hex.Decode(s[:], []byte(Source))
	return s
}

// Open opens the table in folder dir and checks its files' headers and
// directories (see format.go): an error wrapping ErrCorrupt or ErrStale,
// naming the file, when one is truncated, damaged, not a table's, or
// built by other rules or another solver.
func Open(dir string) (*Table, error) {
	return openWith(dir, source())
}

func openWith(dir string, src [32]byte) (*Table, error) {
	wdl, err := openFile(filepath.Join(dir, WDLFile), kindWDL, src)
	if err != nil {
		return nil, err
	}
	dtm, err := openFile(filepath.Join(dir, DTMFile), kindDTM, src)
	if err != nil {
		wdl.close()
		return nil, err
	}
	if wdl.h.n != dtm.h.n {
		wdl.close()
		dtm.close()
		return nil, corrupt(dtm.name, "%d configurations, %s has %d", dtm.h.n, wdl.name, wdl.h.n)
	}
	return &Table{dir: dir, wdl: wdl, dtm: dtm, cache: make(map[uint64]*cached)}, nil
}

// Close closes the table's files.
func (t *Table) Close() error {
	return errors.Join(t.wdl.close(), t.dtm.close())
}

// Configs returns the number of configurations the table holds.
func (t *Table) Configs() int { return t.wdl.h.n }

// Value returns the whole-game result of p with best play (rules.Draw for
// a draw) from the win/draw/loss file alone. It returns an error wrapping
// ErrNotHeld when p is invalid or the table does not hold its
// configuration, and one wrapping ErrCorrupt when a block it reads is
// damaged.
func (t *Table) Value(p rules.Position) (rules.Result, error) {
	switch {
	case p.Saved >= rules.SavesToWin && p.Taken < rules.TakesToWin:
		return rules.WhiteWins, nil
	case p.Taken >= rules.TakesToWin && p.Saved < rules.SavesToWin:
		return rules.BlackWins, nil
	}
	if err := p.Validate(); err != nil {
		return rules.NoResult, fmt.Errorf("%w: %w", ErrNotHeld, err)
	}
	tab, err := t.config(solver.ConfigOf(p), false)
	switch {
	case err != nil:
		return rules.NoResult, err
	case tab == nil:
		return rules.NoResult, fmt.Errorf("%w: %s", ErrNotHeld, p)
	}
	switch o, _ := tab.At(solver.StateIndex(p.Side, p.King, p.Knight)); {
	case o == solver.Draw:
		return rules.Draw, nil
	case (o == solver.Win) == (p.Side == rules.White):
		return rules.WhiteWins, nil
	}
	return rules.BlackWins, nil
}

// Solution returns p's whole-game solution as solver.Evaluate gives it:
// Result, Moves and Best (every best move, sorted by SAN); Line is nil.
// It returns an error wrapping ErrNotHeld when p is invalid, or the table
// does not hold p's configuration or one a move of p leads to, and one
// wrapping ErrCorrupt when a block it reads is damaged.
func (t *Table) Solution(p rules.Position) (solver.Solution, error) {
	return t.lookup(p)
}

// lookup answers p with solver.Lookup from the table's blocks.
func (t *Table) lookup(p rules.Position) (solver.Solution, error) {
	var failed error
	missing := false
	tables := func(c solver.Config) *solver.Table {
		tab, err := t.config(c, true)
		switch {
		case err != nil && failed == nil:
			failed = err
		case tab == nil:
			missing = true
		}
		return tab
	}
	sol, ok := solver.Lookup(p, tables)
	switch {
	case failed != nil:
		return solver.Solution{}, failed
	case !ok:
		return solver.Solution{}, fmt.Errorf("%w: %s", ErrNotHeld, p)
	case missing:
		return solver.Solution{}, fmt.Errorf("%w: a move of %s leads out of it", ErrNotHeld, p)
	}
	return sol, nil
}

// config returns the table of configuration c, with its distances when
// distances is set, or nil when the table does not hold c. The table
// returned is the cache's: it must only be read.
func (t *Table) config(c solver.Config, distances bool) (*solver.Table, error) {
	key := keyOf(c)
	t.mu.Lock()
	ct := t.cache[key]
	t.mu.Unlock()
	if ct != nil && (ct.distances || !distances) {
		return &ct.t, nil
	}
	co := t.coder()
	defer t.putCoder(co)
	if ct == nil {
		block, found, err := t.wdl.block(key)
		if err != nil || !found {
			return nil, err
		}
		ct = new(cached)
		if err := co.decodeWDL(c.Pawns, block, &ct.t); err != nil {
			return nil, corrupt(t.wdl.name, "block of %v: %v", c, err)
		}
	}
	if distances {
		block, found, err := t.dtm.block(key)
		switch {
		case err != nil:
			return nil, err
		case !found:
			return nil, corrupt(t.dtm.name, "no block of %v, which %s holds", c, t.wdl.name)
		}
		next := &cached{t: ct.t, distances: true}
		if err := co.decodeDTM(c.Pawns, block, &next.t); err != nil {
			return nil, corrupt(t.dtm.name, "block of %v: %v", c, err)
		}
		ct = next
	}
	t.mu.Lock()
	if len(t.cache) >= cacheSize {
		clear(t.cache)
	}
	t.cache[key] = ct
	t.mu.Unlock()
	return &ct.t, nil
}

func (t *Table) coder() *coder {
	t.mu.Lock()
	defer t.mu.Unlock()
	if n := len(t.coders); n > 0 {
		co := t.coders[n-1]
		t.coders = t.coders[:n-1]
		return co
	}
	return newCoder()
}

func (t *Table) putCoder(co *coder) {
	t.mu.Lock()
	t.coders = append(t.coders, co)
	t.mu.Unlock()
}
