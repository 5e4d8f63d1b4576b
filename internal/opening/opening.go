package opening

import (
	_ "embed"
	"sync"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Depth is how many structure moves from the start the book reaches: it
// holds the table of every configuration within Depth pawn steps,
// captures, saves or takes of the start.
const Depth = 3

//go:embed opening.bin
var book []byte

// tables decodes the book once, on first use.
var tables = sync.OnceValues(func() (map[solver.Config]*solver.Table, error) { return Decode(book) })

// Lookup returns the whole-game solution of p when its configuration is in
// the book, as solver.Evaluate gives it: Result and Moves, and Best, every
// best move, when each move of p leads to a configuration in the book or
// ends the game (always so within Depth-1 structure moves of the start),
// nil otherwise. Line is always nil. It reports ok == false for an invalid
// position or one whose configuration the book does not hold.
func Lookup(p rules.Position) (sol solver.Solution, ok bool) {
	if !near(p) {
		return solver.Solution{}, false
	}
	m, err := tables()
	if err != nil {
		return solver.Solution{}, false
	}
	return solver.Lookup(p, func(c solver.Config) *solver.Table { return m[c] })
}

// near reports whether p may be within Depth structure moves of the start,
// without reading the book: each structure move advances one pawn one rank
// or takes a pawn off the board, so a pawn on rank r has cost r-2 of them
// and each pawn gone at least one.
func near(p rules.Position) bool {
	moves := rules.PawnCount - p.Pawns.Count()
	for _, s := range p.Pawns.Squares() {
		moves += s.Rank() - 1
	}
	return moves <= Depth
}
