package engine

import (
	"errors"
	"fmt"

	"nostromo-lessons/internal/analysis"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// MaxReview is the most moves "review" judges: a game ends by the third
// repetition long before, and a request of more would keep serve's
// engine busy for nothing.
const MaxReview = 1000

// Review is the answer to "review": every move of the game, judged.
type Review struct {
	Moves []Reviewed `json:"moves"`
}

// Reviewed is one move of a reviewed game, judged as analyze judges it
// (analysis.Classify).
type Reviewed struct {
	Ply  int    `json:"ply"` // 1 for the first move
	SAN  string `json:"san"`
	Side string `json:"side"` // "w" or "b", the side that played it
	// Kind is "mistake" (the result thrown away), "slip" (a win made
	// slower, or a defence shorter, by analysis.SlipMoves or more) or ""
	// (the value kept, or the move not judged).
	Kind string `json:"kind"`
	// Judged is false where the position before or after the move could
	// not be proven (beyond what the engine proves: see Engine.exact).
	Judged bool `json:"judged"`
	// Before and After are the values of the positions the move was
	// played in and made; nil where unproven.
	Before *Worth `json:"before"`
	After  *Worth `json:"after"`
	// Best are the best moves of the position before, in SAN; none where
	// it is unproven.
	Best []string `json:"best"`
}

// Worth is a position's exact value, as "solve" words it.
type Worth struct {
	Result string `json:"result"` // "white", "black" or "draw"
	Moves  int    `json:"moves"`  // the winner's moves to the win; -1 in a draw
}

// Review judges the moves of the game from p with analysis.Analyze and
// analysis.Classify, the functions of nostromo-lessons analyze, proving
// each position from the engine's exact sources.
func (e *Engine) Review(p rules.Position, moves []string) (Review, error) {
	if len(moves) > MaxReview {
		return Review{}, fmt.Errorf("engine: review of %d moves: at most %d", len(moves), MaxReview)
	}
	g := analysis.Game{Start: p}
	for i, text := range moves {
		if st := p.Status(); st.Over() {
			return Review{}, fmt.Errorf("engine: move %d %q: the game is over already (%s)", i+1, text, st)
		}
		m, err := rules.ParseMove(p, text)
		if err != nil {
			return Review{}, fmt.Errorf("engine: move %d %q: %w", i+1, text, err)
		}
		g.Moves = append(g.Moves, m)
		p = p.Apply(m)
	}
	out := Review{Moves: []Reviewed{}}
	for i, j := range analysis.Analyze(g, prover{e}, nil) {
		r := Reviewed{Ply: i + 1, SAN: j.Before.Position.SAN(j.Move), Side: "w", Judged: j.Class != analysis.Unjudged, Best: []string{}}
		if j.Before.Position.Side == rules.Black {
			r.Side = "b"
		}
		if j.Class == analysis.Slip || j.Class == analysis.Mistake {
			r.Kind = j.Class.String()
		}
		r.Before, r.After = worth(j.Before), worth(j.After)
		if j.Before.Err == nil {
			for _, m := range j.Before.Solution.Best {
				r.Best = append(r.Best, j.Before.Position.SAN(m))
			}
		}
		out.Moves = append(out.Moves, r)
	}
	return out, nil
}

// worth returns a proven position's value, nil for an unproven one.
func worth(p analysis.Proven) *Worth {
	if p.Err != nil {
		return nil
	}
	return &Worth{Result: p.Solution.Result.String(), Moves: p.Solution.Moves}
}

// prover proves positions for analysis from the engine's exact sources.
type prover struct{ e *Engine }

// errUnproven says that no exact source of the engine holds a position.
var errUnproven = errors.New("engine: no exact value: the position is beyond the browser's solver")

// Solve implements analysis.Prover.
func (pr prover) Solve(p rules.Position, g solver.Goal) (solver.Solution, error) {
	if g.Kind != solver.Game {
		return solver.Solution{}, errUnproven
	}
	sol, _, _, ok := pr.e.exact(p)
	if !ok {
		return solver.Solution{}, errUnproven
	}
	return sol, nil
}

// WinningMoves implements analysis.Prover.
func (pr prover) WinningMoves(p rules.Position, g solver.Goal) ([]rules.Move, error) {
	_, moves, _, ok := pr.e.exact(p)
	if !ok || g.Kind != solver.Game {
		return nil, errUnproven
	}
	win := []rules.Move{}
	for _, s := range moves {
		if outcome(s.Value.Result, p.Side) == 1 {
			win = append(win, s.Move)
		}
	}
	return win, nil
}
