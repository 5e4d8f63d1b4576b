package question

import "nostromo-lessons/rules/solver"

// Shape returns the shape of q: its kind and the options that change what
// a page accepts, how it marks a partial answer or what the answer key
// says, in a fixed order, such as "moves-to-win who-wins" or "best-move
// goal fastest every". The package comment has a row for every shape.
func Shape(q Question) string {
	s := q.Kind().String()
	switch q := q.(type) {
	case *MovesToWin:
		if q.Side == nil {
			s += " who-wins"
		}
	case *BestMove:
		if q.Goal.Kind != solver.Game {
			s += " goal"
		}
		switch {
		case q.Winning:
			s += " winning"
		case q.Fastest:
			s += " fastest"
		}
		if q.Every {
			s += " every"
		}
	}
	return s
}
