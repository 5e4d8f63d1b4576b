package solver

import (
	"fmt"
	"slices"

	"nostromo-lessons/rules"
)

// drawLinePlies is the length of the line shown for a drawn position.
const drawLinePlies = 8

// bestMoves returns every optimal move of p, sorted by SAN: the moves whose
// value for the side to move scores highest (the shortest win, the longest
// loss, or a draw).
func (e *evaluator) bestMoves(p rules.Position) ([]rules.Move, error) {
	var buf [rules.MaxMoves]rules.Move
	var best []rules.Move
	top := 0
	for _, m := range p.AppendLegalMoves(buf[:0]) {
		v, err := e.value(p.Apply(m))
		if err != nil {
			return nil, err
		}
		sc := v.back().score()
		switch {
		case best == nil || sc > top:
			best, top = append(best[:0], m), sc
		case sc == top:
			best = append(best, m)
		}
	}
	sortBySAN(p, best)
	return best, nil
}

// line returns a principal line from p, of value v: LineChoice's move among
// the best at each step, to the end of the game or goal for a win, or
// drawLinePlies plies of drawing moves for a draw.
func (e *evaluator) line(p rules.Position, v value) ([]rules.Move, error) {
	var line []rules.Move
	for !e.ended(p) && (!v.isDraw() || len(line) < drawLinePlies) {
		if len(line) > v.plies() && !v.isDraw() {
			return nil, fmt.Errorf("solver: internal error: the line from %q outlasts its %d plies", p, v.plies())
		}
		best, err := e.bestMoves(p)
		if err != nil {
			return nil, err
		}
		now, err := e.value(p)
		if err != nil {
			return nil, err
		}
		m := LineChoice(p, Solution{Result: e.solution(p, now).Result, Best: best})
		line = append(line, m)
		p = p.Apply(m)
	}
	return line, nil
}

// sortBySAN sorts moves, legal in p, by their SAN.
func sortBySAN(p rules.Position, moves []rules.Move) {
	san := make(map[rules.Move]string, len(moves))
	for _, m := range moves {
		san[m] = p.SAN(m)
	}
	slices.SortFunc(moves, func(a, b rules.Move) int {
		switch {
		case san[a] < san[b]:
			return -1
		case san[a] > san[b]:
			return 1
		}
		return 0
	})
}
