package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Budget is the most bytes of tables the engine's solver keeps: far more
// than any position a build lets a page play (see Affordable), and well
// under what a browser tab grants a WebAssembly module.
const Budget = 1 << 30

// Request is one question to the engine, as the page's script sends it.
type Request struct {
	// Op is what to do: "moves", "play", "solve", "reply", "level" or
	// "review".
	Op string `json:"op"`
	// FEN is the position asked about, or played from.
	FEN string `json:"fen"`
	// Move is the move to play ("play"), in SAN or coordinates.
	Move string `json:"move,omitempty"`
	// History is every position of the game before FEN, oldest first, for
	// the draw on the third repetition ("moves", "play", "reply").
	History []string `json:"history,omitempty"`
	// Level is the computer's level ("level"), 1 to 5 (see Levels).
	Level int `json:"level,omitempty"`
	// Seed, when set, is the seed of the random draw of this one "level"
	// request, so that a test or a replay gets the same move; without it
	// the engine draws from its own source (Options.Seed).
	Seed *uint64 `json:"seed,omitempty"`
	// Moves are the moves of the game to review ("review"), from FEN, in
	// SAN or coordinates.
	Moves []string `json:"moves,omitempty"`
}

// MoveInfo is a legal move as the page shows and picks it.
type MoveInfo struct {
	SAN  string `json:"san"`
	From string `json:"from"` // "" for the flight
	To   string `json:"to"`
}

// State is a position as the page shows it.
type State struct {
	FEN   string `json:"fen"`
	Side  string `json:"side"` // "w" or "b"
	Saved int    `json:"saved"`
	Taken int    `json:"taken"`
	Check bool   `json:"check"`
	// Pieces are the pieces on the board: square -> "king", "pawn" or
	// "knight".
	Pieces map[string]string `json:"pieces"`
	Moves  []MoveInfo        `json:"moves"` // none once the game is over
	// End is why the game ended: "saved", "taken", "checkmate",
	// "stalemate" or "repetition"; "" while it goes on.
	End string `json:"end"`
	// Result is "white", "black" or "draw" once the game is over, else "".
	Result string `json:"result"`
}

// Played is the answer to "play" and "reply": the move in SAN and the
// position it leads to.
type Played struct {
	SAN   string `json:"san"`
	State State  `json:"state"`
}

// Value is the answer to "solve", as nostromo-lessons solve --json words it.
type Value struct {
	Result string   `json:"result"` // "white", "black" or "draw"
	Moves  int      `json:"moves"`  // the winner's moves to the win; -1 in a draw
	Best   []string `json:"best"`   // every best move, in SAN, sorted
}

// Engine answers requests. It keeps its solver's tables between requests,
// so a game pays for each configuration once. It is safe for concurrent
// use: its solver answers one request at a time, the rest (the book, the
// table, search) at once.
type Engine struct {
	mu    sync.Mutex // guards s and rand
	s     *solver.Solver
	rand  *rand.Rand
	table Prober
	nodes int
}

// Options tune an Engine.
type Options struct {
	// Seed seeds the random source of the levels' mistakes (see Levels),
	// for requests that bring no seed of their own.
	Seed uint64
	// Table, when set, answers exact values before the book and the
	// solver: serve's whole-game table.
	Table Prober
	// Nodes is the search's budget for one move (see Search); 0 means
	// SearchNodes.
	Nodes int
}

// Prober gives the exact whole-game solution of the positions it holds:
// Result, Moves and Best (no Line); an error for one it does not hold or
// cannot read.
type Prober interface {
	Probe(p rules.Position) (solver.Solution, error)
}

// New returns an engine whose solver uses one worker, as a browser's
// WebAssembly has one thread, with the default Options.
func New() *Engine { return NewWith(Options{}) }

// NewWith returns an engine tuned by opts.
func NewWith(opts Options) *Engine {
	if opts.Nodes <= 0 {
		opts.Nodes = SearchNodes
	}
	return &Engine{s: solver.New(solver.Options{Budget: Budget, Workers: 1}),
		rand: rand.New(rand.NewPCG(opts.Seed, 0)), table: opts.Table, nodes: opts.Nodes}
}

// Handle answers a JSON request with JSON: the answer, or {"error": ...}.
func (e *Engine) Handle(req []byte) []byte {
	var r Request
	var out any
	err := json.Unmarshal(req, &r)
	if err != nil {
		err = fmt.Errorf("engine: request: %w", err)
	} else {
		out, err = e.Do(r)
	}
	if err != nil {
		out = struct {
			Error string `json:"error"`
		}{err.Error()}
	}
	b, _ := json.Marshal(out) // plain structs of strings and numbers
	return b
}

// Do answers a request: a State for "moves", a Played for "play" and
// "reply", a Value for "solve", a Chosen for "level" and a Review for
// "review".
func (e *Engine) Do(r Request) (any, error) {
	p, err := rules.ParseFEN(r.FEN)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	switch r.Op {
	case "moves":
		return state(p, r.History), nil
	case "play":
		m, err := rules.ParseMove(p, r.Move)
		if err != nil {
			return nil, fmt.Errorf("engine: %w", err)
		}
		return play(p, m, append(r.History, r.FEN)), nil
	case "solve":
		return e.Solve(p)
	case "reply":
		m, err := e.Reply(p)
		if err != nil {
			return nil, err
		}
		return play(p, m, append(r.History, r.FEN)), nil
	case "level":
		return e.Level(p, r)
	case "review":
		return e.Review(p, r.Moves)
	}
	return nil, fmt.Errorf("engine: op %q: want moves, play, solve, reply, level or review", r.Op)
}

// Solve returns p's exact value for the whole game, as the solver gives it.
func (e *Engine) Solve(p rules.Position) (Value, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	sol, err := e.s.Evaluate(p, solver.Goal{Kind: solver.Game})
	if err != nil {
		return Value{}, fmt.Errorf("engine: %w", err)
	}
	v := Value{Result: sol.Result.String(), Moves: sol.Moves, Best: []string{}}
	for _, m := range sol.Best {
		v.Best = append(v.Best, p.SAN(m))
	}
	return v, nil
}

// Reply returns the move the engine plays in p: the best move that
// solver.LineChoice picks, the move the solver's principal line takes.
func (e *Engine) Reply(p rules.Position) (rules.Move, error) {
	if p.Status().Over() {
		return rules.Move{}, fmt.Errorf("engine: %q: the game is over", p)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	sol, err := e.s.Evaluate(p, solver.Goal{Kind: solver.Game})
	if err != nil {
		return rules.Move{}, fmt.Errorf("engine: %w", err)
	}
	return solver.LineChoice(p, sol), nil
}

// play plays m, legal in p, after the game's positions history (p last).
func play(p rules.Position, m rules.Move, history []string) Played {
	return Played{SAN: p.SAN(m), State: state(p.Apply(m), history)}
}

// state describes p, reached after the positions history: a position seen
// twice before is a draw by repetition.
func state(p rules.Position, history []string) State {
	fen := p.String()
	st := State{FEN: fen, Side: "w", Saved: int(p.Saved), Taken: int(p.Taken), Check: p.InCheck(), Moves: []MoveInfo{}, Pieces: map[string]string{}}
	for s := rules.A1; s <= rules.H8; s++ {
		if pc := p.PieceAt(s); pc != rules.NoPiece {
			st.Pieces[s.String()] = pc.String()
		}
	}
	if p.Side == rules.Black {
		st.Side = "b"
	}
	seen := 0
	for _, h := range history {
		if h == fen {
			seen++
		}
	}
	switch s := p.Status(); {
	case s.Over():
		st.End, st.Result = endNames[s], s.Result().String()
		return st
	case seen >= 2:
		st.End, st.Result = "repetition", rules.Draw.String()
		return st
	}
	for _, m := range p.LegalMoves() {
		mi := MoveInfo{SAN: p.SAN(m), To: m.To.String()}
		if !m.IsFlight() {
			mi.From = m.From.String()
		}
		st.Moves = append(st.Moves, mi)
	}
	return st
}

// endNames are the page's names of the ends of a game.
var endNames = map[rules.Status]string{
	rules.ThreeSaved: "saved",
	rules.FourTaken:  "taken",
	rules.Checkmate:  "checkmate",
	rules.Stalemate:  "stalemate",
}
