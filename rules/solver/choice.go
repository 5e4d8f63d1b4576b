package solver

import (
	"cmp"

	"nostromo-lessons/rules"
)

// LineChoice returns the move, among sol.Best (every optimal move of p, all
// of the same value and distance), that a line shown to children plays: the
// one Solve's line takes at each step and the one the site's play-out
// engine replies with. Where the value alone cannot choose, a stated
// secondary rule does, so that the line shows a sensible defence and a
// purposeful attack rather than an arbitrary shuffle:
//
//   - The losing side (sol.Result is the opponent's win) prefers a move
//     that gives check, then one after which the knight attacks more pawns,
//     then one that keeps its piece (the knight, or the king) nearest the
//     pawns.
//   - The winning or drawing side prefers a capture (the knight taking a
//     pawn, or the king or a pawn taking the knight), then a pawn advance
//     (a pawn move, the one that reaches the furthest rank first), then the
//     move that keeps its piece nearest the pawns (the king escorting them,
//     the knight active among them).
//
// Nearness is the king's distance (Chebyshev, in king steps) from the
// piece's square after the move to the nearest pawn; with no pawn on the
// board every move is as near. Moves still equal go by the fixed order of
// sol.Best, which is sorted by SAN: the first of them is chosen. sol.Best
// must not be empty.
func LineChoice(p rules.Position, sol Solution) rules.Move {
	losing := sol.Result == resultFor(p.Side.Other())
	choice, top := sol.Best[0], lineScore(p, sol.Best[0], losing)
	for _, m := range sol.Best[1:] {
		if sc := lineScore(p, m, losing); sc.compare(top) > 0 {
			choice, top = m, sc
		}
	}
	return choice
}

// lineKey is how much LineChoice likes a move: its three criteria in the
// order they count, higher better in each.
type lineKey [3]int

// compare orders keys lexicographically, as cmp.Compare does numbers.
func (k lineKey) compare(o lineKey) int {
	return cmp.Or(cmp.Compare(k[0], o[0]), cmp.Compare(k[1], o[1]), cmp.Compare(k[2], o[2]))
}

// lineScore returns LineChoice's key of move m, legal in p, for the losing
// side or for the winning or drawing one.
func lineScore(p rules.Position, m rules.Move, losing bool) lineKey {
	q := p.Apply(m)
	piece := q.King
	if p.Side == rules.Black {
		piece = q.Knight
	}
	near := -nearest(piece, q.Pawns)
	if losing {
		check, attacks := 0, 0
		if p.Side == rules.Black {
			attacks = (rules.KnightAttacks(q.Knight) & q.Pawns).Count()
			if q.InCheck() {
				check = 1
			}
		}
		return lineKey{check, attacks, near}
	}
	capture, advance := 0, 0
	if p.IsCapture(m) {
		capture = 1
	}
	if p.Side == rules.White && m.From != p.King {
		advance = 1 + m.To.Rank()
	}
	return lineKey{capture, advance, near}
}

// nearest returns the king's distance from s to the nearest pawn of pawns,
// or 0 when there is none.
func nearest(s rules.Square, pawns rules.Bitboard) int {
	if pawns == 0 {
		return 0
	}
	best := 7
	for b := pawns; b != 0; b &= b - 1 {
		t := b.First()
		best = min(best, max(abs(s.File()-t.File()), abs(s.Rank()-t.Rank())))
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
