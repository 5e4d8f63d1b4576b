package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"nostromo-lessons/internal/opening"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Level is how a level of the computer plays: at a move where some move
// loses value, it plays one of them with probability Chance, and the best
// move otherwise. With exact values a move loses value when it changes
// the result for the computer (a win to a draw or a loss, a draw to a
// loss); with search, when it scores Margin or more below the best.
type Level struct {
	Chance float64
	Margin int // in the search's units: a pawn saved is SavedScore
}

// Levels is the one table of the levels' chances, level 1 first: the
// play page's levels 1 to 5 (issue 31). Level 1 errs at nine moves in ten
// where it can, so that the sensible player of bench/play (a child who
// saves and advances safe pawns and takes what it can) wins most games
// against it; level 5 never errs. bench/play measures each level against
// the next.
var Levels = [5]Level{
	{Chance: 0.90, Margin: 50},
	{Chance: 0.50, Margin: 60},
	{Chance: 0.25, Margin: 70},
	{Chance: 0.10, Margin: 80},
	{Chance: 0, Margin: 80},
}

// The sources of a move's value, as "level" names them.
const (
	SourceBook   = "book"
	SourceSolver = "solver"
	SourceTable  = "table"
	SourceSearch = "search"
)

// Chosen is the answer to "level": the computer's move, the position it
// leads to, where the move's value came from and whether it is proven
// (book, solver or table) rather than searched.
type Chosen struct {
	SAN     string `json:"san"`
	State   State  `json:"state"`
	Source  string `json:"source"`
	Perfect bool   `json:"perfect"`
}

// Scored is a legal move and its worth for the side that plays it: a
// searched score (Search), or from exact values its rank (see rank).
type Scored struct {
	Move  rules.Move
	Score int
	Value solver.Solution // exact values only: the position after the move
}

// Level returns the move the computer plays in p at the level r.Level,
// after the game's positions r.History.
func (e *Engine) Level(p rules.Position, r Request) (Chosen, error) {
	if r.Level < 1 || r.Level > len(Levels) {
		return Chosen{}, fmt.Errorf("engine: level %d: want 1 to %d", r.Level, len(Levels))
	}
	if p.Status().Over() {
		return Chosen{}, fmt.Errorf("engine: %q: the game is over", p)
	}
	draw := e.draw(r.Seed)
	m, source, err := e.choose(p, Levels[r.Level-1], r.History, draw)
	if err != nil {
		return Chosen{}, err
	}
	pl := play(p, m, append(r.History, r.FEN))
	return Chosen{SAN: pl.SAN, State: pl.State, Source: source, Perfect: source != SourceSearch}, nil
}

// draw returns the random source of one "level" request: seeded by seed
// when given, else split from the engine's own.
func (e *Engine) draw(seed *uint64) *rand.Rand {
	if seed != nil {
		return rand.New(rand.NewPCG(*seed, 0))
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return rand.New(rand.NewPCG(e.rand.Uint64(), e.rand.Uint64()))
}

// choose returns the move of level lv in p and the source of its value:
// exact values where a source holds p, else search.
func (e *Engine) choose(p rules.Position, lv Level, history []string, r *rand.Rand) (rules.Move, string, error) {
	if sol, moves, source, ok := e.exact(p); ok {
		return chooseExact(p, sol, moves, lv, r), source, nil
	}
	moves := Search(p, history, e.nodes)
	return chooseSearched(p, moves, lv, r), SourceSearch, nil
}

// chooseExact picks level lv's move in p, whose solution is sol, from the
// exact values of its moves: with probability lv.Chance, where some move
// changes the result for the mover, one of them (a win thrown to a draw
// before one thrown to a loss, and the loss the opponent wins fastest);
// else the move solver.LineChoice picks among the best (the fastest win,
// the longest defence).
func chooseExact(p rules.Position, sol solver.Solution, moves []Scored, lv Level, r *rand.Rand) rules.Move {
	mover := outcome(sol.Result, p.Side)
	var worse []Scored // the moves to the best result below mover's
	best := -2
	for _, s := range moves {
		o := outcome(s.Value.Result, p.Side)
		switch {
		case o >= mover:
			continue
		case o > best:
			best, worse = o, nil
		case o < best:
			continue
		}
		worse = append(worse, s)
	}
	if len(worse) > 0 && r.Float64() < lv.Chance {
		// Among the moves to the same result, the one the opponent
		// punishes fastest: the highest rank for the opponent is the
		// lowest score for the mover.
		low := slices.MinFunc(worse, func(a, b Scored) int { return a.Score - b.Score }).Score
		worse = slices.DeleteFunc(worse, func(s Scored) bool { return s.Score != low })
		return worse[r.IntN(len(worse))].Move
	}
	return solver.LineChoice(p, sol)
}

// chooseSearched picks level lv's move in p from the searched scores of
// its moves: with probability lv.Chance, where some move scores lv.Margin
// or more below the best, the highest scoring of those; else the best
// (solver.LineChoice's preferences among equal scores).
func chooseSearched(p rules.Position, moves []Scored, lv Level, r *rand.Rand) rules.Move {
	top := slices.MaxFunc(moves, func(a, b Scored) int { return a.Score - b.Score }).Score
	var worse []Scored
	for _, s := range moves {
		if s.Score <= top-lv.Margin {
			worse = append(worse, s)
		}
	}
	if len(worse) > 0 && lv.Chance > 0 && r.Float64() < lv.Chance {
		high := slices.MaxFunc(worse, func(a, b Scored) int { return a.Score - b.Score }).Score
		worse = slices.DeleteFunc(worse, func(s Scored) bool { return s.Score != high })
		return worse[r.IntN(len(worse))].Move
	}
	sol := solver.Solution{Result: rules.Draw}
	switch {
	case top > 0:
		sol.Result = wins(p.Side)
	case top < 0:
		sol.Result = wins(p.Side.Other())
	}
	for _, s := range moves {
		if s.Score == top {
			sol.Best = append(sol.Best, s.Move)
		}
	}
	sortSAN(p, sol.Best)
	return solver.LineChoice(p, sol)
}

// SearchMove returns the move the search plays in p, a position in play,
// after the game's positions history, within a budget of nodes: the
// best, as level 5 plays where nothing proves p.
func SearchMove(p rules.Position, history []string, nodes int) rules.Move {
	return chooseSearched(p, Search(p, history, nodes), Level{}, nil)
}

// exact returns p's exact solution, with every best move, and the exact
// value of each legal move of p (scored by rank), from the first source
// that holds p and the positions its moves make: the table (serve's), the
// opening book, the solver within MaxBound. ok is false when none does.
func (e *Engine) exact(p rules.Position) (sol solver.Solution, moves []Scored, source string, ok bool) {
	if e.table != nil {
		if sol, moves, ok := exactFrom(p, e.table.Probe); ok {
			return sol, moves, SourceTable, true
		}
	}
	if sol, moves, ok := exactFrom(p, bookProbe); ok {
		return sol, moves, SourceBook, true
	}
	if Affordable(p) {
		e.mu.Lock()
		defer e.mu.Unlock()
		if sol, moves, ok := exactFrom(p, e.solverProbe); ok {
			return sol, moves, SourceSolver, true
		}
	}
	return solver.Solution{}, nil, "", false
}

// exactFrom returns p's solution and the values of its moves from probe,
// when probe holds them all.
func exactFrom(p rules.Position, probe func(rules.Position) (solver.Solution, error)) (solver.Solution, []Scored, bool) {
	sol, err := probe(p)
	if err != nil {
		return sol, nil, false
	}
	var moves []Scored
	for _, m := range p.LegalMoves() {
		after := p.Apply(m)
		var v solver.Solution
		if st := after.Status(); st.Over() {
			v = solver.Solution{Result: st.Result(), Moves: 0}
		} else if v, err = probe(after); err != nil {
			return sol, nil, false
		}
		v.Best, v.Line = nil, nil
		moves = append(moves, Scored{Move: m, Score: rank(v, p.Side), Value: v})
	}
	// The best moves by the values of the moves, whatever the source
	// gave as Best, so that every source chooses alike.
	top := slices.MaxFunc(moves, func(a, b Scored) int { return a.Score - b.Score }).Score
	sol.Best, sol.Line = nil, nil
	for _, s := range moves {
		if s.Score == top {
			sol.Best = append(sol.Best, s.Move)
		}
	}
	sortSAN(p, sol.Best)
	return sol, moves, true
}

// sortSAN sorts moves of p by SAN, as the solver sorts its best moves
// (solver.LineChoice's last preference).
func sortSAN(p rules.Position, moves []rules.Move) {
	slices.SortFunc(moves, func(a, b rules.Move) int { return strings.Compare(p.SAN(a), p.SAN(b)) })
}

// bookProbe answers from the opening book.
func bookProbe(p rules.Position) (solver.Solution, error) {
	sol, ok := opening.Lookup(p)
	if !ok {
		return sol, errNotHeld
	}
	return sol, nil
}

// solverProbe answers from the engine's solver. The caller holds e.mu.
func (e *Engine) solverProbe(p rules.Position) (solver.Solution, error) {
	return e.s.Evaluate(p, solver.Goal{Kind: solver.Game})
}

// errNotHeld says that a source does not hold a position.
var errNotHeld = fmt.Errorf("engine: position not held")

// rank returns what the position after a move, of value v, is worth to
// mover, the side that played it: higher is better; a faster win, a
// longer defence.
func rank(v solver.Solution, mover rules.Color) int {
	switch outcome(v.Result, mover) {
	case 1:
		return 100_000 - v.Moves
	case -1:
		return -100_000 + v.Moves
	}
	return 0
}

// outcome returns what result r is for side c: 1 a win, 0 a draw, -1 a
// loss.
func outcome(r rules.Result, c rules.Color) int {
	switch r {
	case wins(c):
		return 1
	case wins(c.Other()):
		return -1
	}
	return 0
}

// wins returns the result that is a win for side c.
func wins(c rules.Color) rules.Result {
	if c == rules.White {
		return rules.WhiteWins
	}
	return rules.BlackWins
}
