package solver

import (
	"cmp"
	"errors"
	"slices"

	"nostromo-lessons/rules"
)

// Config names a configuration: the pawns on the board and the saved and
// taken counters (see the package documentation). Within one, only the king
// and the knight move.
type Config struct {
	Pawns        rules.Bitboard
	Saved, Taken uint8
}

// ConfigOf returns the configuration of p.
func ConfigOf(p rules.Position) Config {
	return Config{p.Pawns, p.Saved, p.Taken}
}

func (c Config) internal() config { return config{c.Pawns, c.Saved, c.Taken} }

// Near returns the configurations within depth structure moves of c (a
// pawn's step or capture, a save, the knight's take of a pawn), c included,
// whose counters do not end the game: those whose tables a whole-game solve
// of c keeps when it forgets with Options.Keep = depth. They are sorted by
// pawns, then saved, then taken.
func (c Config) Near(depth int) []Config {
	t := target{kind: Game}
	if end, _ := t.countEnd(c.Saved, c.Taken); end {
		return nil
	}
	seen := map[config]bool{c.internal(): true}
	level := []config{c.internal()}
	var buf [maxSuccessors]config
	for range depth {
		var next []config
		for _, k := range level {
			for _, s := range k.successors(buf[:0]) {
				if end, _ := t.countEnd(s.saved, s.taken); !end && !seen[s] {
					seen[s] = true
					next = append(next, s)
				}
			}
		}
		level = next
	}
	out := make([]Config, 0, len(seen))
	for k := range seen {
		out = append(out, Config{k.pawns, k.saved, k.taken})
	}
	slices.SortFunc(out, func(a, b Config) int {
		return cmp.Or(cmp.Compare(a.Pawns, b.Pawns), cmp.Compare(a.Saved, b.Saved), cmp.Compare(a.Taken, b.Taken))
	})
	return out
}

// Table is the whole-game values of every state of one configuration, one
// byte a state, StatesPerConfig of them, in the layout of the Solver's own
// tables. Its bytes are for storing (an opening book ships them) and for
// Lookup; only this package reads their meaning.
type Table [StatesPerConfig]byte

// Table returns a copy of the whole-game table of configuration c if the
// Solver holds it (a forgetting solve holds those Options.Keep names).
func (s *Solver) Table(c Config) (*Table, bool) {
	tab, ok := s.tables[tableKey{c.internal(), target{kind: Game}}]
	if !ok {
		return nil, false
	}
	out := new(Table)
	for i, v := range tab {
		out[i] = byte(v)
	}
	return out, true
}

// errNoTable reports a configuration missing from the tables Lookup reads.
var errNoTable = errors.New("solver: no table for the configuration")

// Lookup evaluates p for the whole game from given tables alone, building
// none: tables returns the Table of a configuration, or nil when it has
// none. It reports ok == false when p is invalid or its own table is
// missing. Result and Moves are then as Evaluate gives them; Best is every
// best move when each move of p leads to a configuration with a table (or
// ends the game), and nil otherwise. Line is always nil.
func Lookup(p rules.Position, tables func(Config) *Table) (sol Solution, ok bool) {
	if validate(p) != nil {
		return Solution{}, false
	}
	e := &evaluator{t: target{kind: Game}, reachable: true, given: tables}
	v, err := e.value(p)
	if err != nil {
		return Solution{}, false
	}
	sol = e.solution(p, v)
	if !e.ended(p) {
		sol.Best, _ = e.bestMoves(p) // nil when a table is missing
	}
	return sol, true
}
