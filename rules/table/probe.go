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
	return &Table{wdl: wdl, dtm: dtm, cache: make(map[uint64]*cached)}, nil
}

// Close closes the table's files.
func (t *Table) Close() error {
	return errors.Join(t.wdl.close(), t.dtm.close())
}

// Configs returns the number of configurations the table holds.
func (t *Table) Configs() int { return t.wdl.h.n }

// Value returns the whole-game result of p with best play (rules.Draw for
// a draw) from the win/draw/loss file alone: it reads one block with
// White to move, and with Black to move one more for each pawn the knight
// can take. It returns an error wrapping ErrNotHeld when p is invalid or
// the table does not hold a configuration it needs, and one wrapping
// ErrCorrupt when a block it reads is damaged.
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
	if p.Side == rules.White {
		o, err := t.whiteOutcome(p)
		if err != nil {
			return rules.NoResult, err
		}
		return ResultOf(rules.White, o), nil
	}
	var b best
	for _, m := range p.LegalMoves() {
		q := p.Apply(m)
		if q.Taken >= rules.TakesToWin {
			b.add(solver.Loss, 0)
			continue
		}
		o, err := t.whiteOutcome(q)
		if err != nil {
			return rules.NoResult, err
		}
		b.add(o, 0)
	}
	return ResultOf(rules.Black, b.o), nil
}

// whiteOutcome returns the outcome of p, White to move, for White.
func (t *Table) whiteOutcome(p rules.Position) (solver.Outcome, error) {
	tab, err := t.config(solver.ConfigOf(p), outcomes)
	switch {
	case err != nil:
		return 0, err
	case tab == nil:
		return 0, fmt.Errorf("%w: %s", ErrNotHeld, p)
	}
	o, _ := tab.At(solver.StateIndex(rules.White, p.King, p.Knight))
	return o, nil
}

// ResultOf returns the whole-game result of outcome o of the side to
// move (a win or a loss for that side, or a draw), as Value gives it.
func ResultOf(side rules.Color, o solver.Outcome) rules.Result {
	switch {
	case o == solver.Draw:
		return rules.Draw
	case (o == solver.Win) == (side == rules.White):
		return rules.WhiteWins
	}
	return rules.BlackWins
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

// Config returns a copy of the whole-game table of configuration c as
// the probe decodes it: the solver's own values and distances, Black's
// found by a one-ply search. It returns false when the table does not
// hold c, and an error wrapping ErrCorrupt when a block it reads is
// damaged. It is for comparing the table with the solver (bench/tablecheck).
func (t *Table) Config(c solver.Config) (*solver.Table, bool, error) {
	tab, err := t.config(c, whole)
	if err != nil || tab == nil {
		return nil, false, err
	}
	out := *tab
	return &out, true, nil
}

// What a Table has decoded of a configuration's table.
const (
	outcomes = iota // the outcomes with White to move, every distance 0, Black's states draws
	whites          // and the distances with White to move
	whole           // and the values with Black to move: the solver's own table
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

// blacks sets the values with Black to move of tab, the table of c with
// its values with White to move, by a one-ply search: Black's value is
// the best, for Black, of the values its moves lead to, all with White to
// move: the knight's jumps and the flight in c, its takes in the
// configuration with that pawn gone (the game over at the fourth).
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
			var b best
			switch {
			case knight == rules.NoSquare:
				if king == rules.Lair || c.Pawns.Has(rules.Lair) {
					continue
				}
				b.add(tab.At(solver.StateIndex(rules.White, king, rules.Lair)))
			case knight == king || c.Pawns.Has(knight) || rules.KnightAttacks(knight).Has(king):
				continue
			}
			for j := rules.KnightAttacks(knight); j != 0; j &= j - 1 {
				to := j.First()
				switch {
				case !c.Pawns.Has(to):
					b.add(tab.At(solver.StateIndex(rules.White, king, to)))
				case kids[to] == nil:
					b.add(solver.Loss, 0) // the fourth pawn taken
				default:
					b.add(kids[to].At(solver.StateIndex(rules.White, king, to)))
				}
			}
			tab.Set(solver.StateIndex(rules.Black, king, knight), b.o, b.moves)
		}
	}
	return nil
}

// best is the best value of the moves of a side seen so far, for that
// side, each move given by the value it leads to, for the opponent.
type best struct {
	o     solver.Outcome
	moves int
	any   bool
}

// add considers a move that leads to a position of outcome o in the given
// number of moves (as solver.Table.At gives them) for the opponent.
func (b *best) add(o solver.Outcome, moves int) {
	mo, mm := -o, moves // the move's value for the side moving
	if o == solver.Loss {
		mm = moves + 1 // the winner's move is counted
	}
	switch {
	case !b.any || mo > b.o:
		b.o, b.moves, b.any = mo, mm, true
	case mo < b.o:
	case mo == solver.Win && mm < b.moves, mo == solver.Loss && mm > b.moves:
		b.moves = mm
	}
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
