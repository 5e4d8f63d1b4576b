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

// cached is a configuration's table as a probe decoded it, to a level.
type cached struct {
	t     solver.Table
	level int // outcomes, whites or whole
}

// cacheSize is the most configurations a Table keeps decoded: a best move
// reads a configuration's successors, at most 24, and each of those the
// configurations a take leads to.
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
	tab, err := t.config(solver.ConfigOf(p), outcomes)
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
		tab, err := t.config(c, whole)
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

// What a Table has decoded of a configuration's table.
const (
	outcomes = iota // the outcomes, every distance 0
	whites          // and the distances with White to move
	whole           // and with Black to move: the solver's own table
)

// config returns the table of configuration c decoded to the given level
// (outcomes, whites or whole), or nil when the table does not hold c. The
// table returned is the cache's: it must only be read.
func (t *Table) config(c solver.Config, level int) (*solver.Table, error) {
	key := keyOf(c)
	t.mu.Lock()
	ct := t.cache[key]
	t.mu.Unlock()
	if ct != nil && ct.level >= level {
		return &ct.t, nil
	}
	var next *cached
	switch {
	case level < whole:
		next = new(cached)
		if ct != nil {
			next.t = ct.t // its outcomes
		}
		found, err := t.decode(c, &next.t, ct == nil, level == whites)
		if err != nil || !found {
			return nil, err
		}
	default:
		w, err := t.config(c, whites)
		if err != nil || w == nil {
			return nil, err
		}
		next = &cached{t: *w}
		if err := t.blacks(c, &next.t); err != nil {
			return nil, err
		}
	}
	next.level = level
	t.mu.Lock()
	if len(t.cache) >= cacheSize {
		clear(t.cache)
	}
	t.cache[key] = next
	t.mu.Unlock()
	return &next.t, nil
}

// decode reads into tab the outcomes of c when wdl is set, and its
// distances with White to move when dtm is. found is false when the
// table does not hold c.
func (t *Table) decode(c solver.Config, tab *solver.Table, wdl, dtm bool) (found bool, err error) {
	co := t.coder()
	defer t.putCoder(co)
	key := keyOf(c)
	if wdl {
		block, found, err := t.wdl.block(key)
		if err != nil || !found {
			return false, err
		}
		if err := co.decodeWDL(c.Pawns, block, tab); err != nil {
			return false, corrupt(t.wdl.name, "block of %v: %v", c, err)
		}
	}
	if !dtm {
		return true, nil
	}
	block, found, err := t.dtm.block(key)
	switch {
	case err != nil:
		return false, err
	case !found && wdl:
		return false, corrupt(t.dtm.name, "no block of %v, which %s holds", c, t.wdl.name)
	case !found:
		return false, nil
	}
	if err := co.decodeDTM(c.Pawns, block, tab); err != nil {
		return false, corrupt(t.dtm.name, "block of %v: %v", c, err)
	}
	return true, nil
}

// blacks sets the distances with Black to move of tab, the table of c
// with its distances with White to move, by a one-ply search: Black's
// value is the best, for Black, of the values its moves lead to, all with
// White to move: the knight's jumps and the flight in c, its takes in the
// configuration with that pawn gone (the game over at the fourth). The
// outcome found must be the one the win/draw/loss block holds.
func (t *Table) blacks(c solver.Config, tab *solver.Table) error {
	var kids [64]*solver.Table // by the square of the pawn taken
	for b := c.Pawns; b != 0; b &= b - 1 {
		sq := b.First()
		if int(c.Taken)+1 >= rules.TakesToWin {
			continue // taking it wins
		}
		k := solver.Config{Pawns: c.Pawns &^ sq.Bit(), Saved: c.Saved, Taken: c.Taken + 1}
		kid, err := t.config(k, whites)
		switch {
		case err != nil:
			return err
		case kid == nil:
			return fmt.Errorf("%w: %v, which a take from %v leads to", ErrNotHeld, k, c)
		}
		kids[sq] = kid
	}
	for king := range rules.Square(64) {
		if c.Pawns.Has(king) {
			continue
		}
		for knight := range rules.Square(65) {
			i := solver.StateIndex(rules.Black, king, knight)
			o, _ := tab.At(i)
			if o == solver.Draw {
				continue // a draw, or no valid state
			}
			best, bestMoves := solver.Loss, -1
			consider := func(o solver.Outcome, m int) { // the child's value, for White to move
				bo, bm := -o, m // Black's value of the move
				if o == solver.Loss {
					bm = m + 1
				}
				switch {
				case bo > best:
					best, bestMoves = bo, bm
				case bo < best:
				case bo == solver.Win && bm < bestMoves, bo == solver.Loss && bm > bestMoves:
					bestMoves = bm
				}
			}
			if knight == rules.NoSquare {
				consider(tab.At(solver.StateIndex(rules.White, king, rules.Lair)))
			}
			for j := rules.KnightAttacks(knight); j != 0; j &= j - 1 {
				to := j.First()
				switch {
				case !c.Pawns.Has(to):
					consider(tab.At(solver.StateIndex(rules.White, king, to)))
				case kids[to] == nil:
					consider(solver.Loss, 0) // the fourth pawn taken
				default:
					consider(kids[to].At(solver.StateIndex(rules.White, king, to)))
				}
			}
			if best != o || !tab.Set(i, best, bestMoves) {
				return corrupt(t.dtm.name, "%v, Black to move, king %v, knight %v: %v in %d by a search, %v by %s",
					c, king, knight, best, bestMoves, o, t.wdl.name)
			}
		}
	}
	return nil
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
