package exercises

import (
	"fmt"
	"strconv"

	"nostromo-lessons/rules"
)

// labyrinth makes a labyrinth: a board of pieces (without a game), a piece
// to move from one square to another, squares to avoid. The harder the
// target level, the longer the way and the more obstacles.
//
// The key of a labyrinth is its puzzle: the piece, the start, the goal and
// the squares it may not land on, in the least of their eight mirror images
// (see symmetries). Which piece or mark makes a square forbidden does not
// change the puzzle.
func (g *generator) labyrinth(target int) *candidate {
	piece := g.opts.Piece
	if piece == rules.NoPiece {
		piece = rules.Knight
		if g.chance(2, 5) {
			piece = rules.King
		}
	}
	q := &Labyrinth{Piece: piece, Board: Board{King: rules.NoSquare, Knight: rules.NoSquare}}
	q.From = g.square(0)
	q.To = g.square(q.From.Bit())
	if free := freeDistance(piece, q.From, q.To); free < 2 || free > target+2 {
		return nil // too short to be a puzzle, or too long for the level
	}
	taken := q.From.Bit() | q.To.Bit()
	// The other pieces: the knight's labyrinth may have the king, the
	// king's the knight; pawns stand on ranks 2 to 7.
	other := &q.Board.King
	if piece == rules.King {
		other = &q.Board.Knight
	}
	q.Guarded = target >= 2 && g.chance(2, 3)
	if q.Guarded || g.chance(1, 2) {
		*other = g.square(taken)
		taken |= other.Bit()
	}
	for range g.rng.IntN(min(6, target+2) + 1) {
		s := g.square(taken | rules.Rank1 | rules.Rank8)
		q.Board.Pawns |= s.Bit()
		taken |= s.Bit()
	}
	for range g.rng.IntN(2*target + 1) {
		s := g.square(taken)
		q.Avoid |= s.Bit()
		taken |= s.Bit()
	}
	if piece == rules.King {
		q.Board.King = q.From
	} else {
		q.Board.Knight = q.From
	}
	if q.Guarded && GuardedSquares(q.Board, piece).Has(q.From) {
		return nil // the piece would start where it may be taken
	}
	forbidden := q.Forbidden()
	if forbidden.Has(q.To) {
		return nil
	}
	key := fmt.Sprintf("labyrinth %s ", piece) + canonical(func(t int) string {
		return fmt.Sprintf("%02d %02d %016x", symSquare(q.From, t), symSquare(q.To, t), symBoard(forbidden, t))
	})
	if !g.fresh(key) {
		return nil
	}
	dist, paths, examples := q.Solve()
	if dist < 2 || g.opts.Unique && paths != 1 {
		return nil
	}
	if g.opts.Unique {
		q.Unique = true
		q.Path = examples[0]
	}
	q.Answer = dist
	detour := dist - freeDistance(piece, q.From, q.To)
	text := plural(dist, "move")
	if detour > 0 {
		text += ", " + plural(detour, "detour move")
	}
	if paths == 1 {
		text += ", 1 shortest path"
	} else if paths < maxPaths {
		text += ", " + strconv.Itoa(paths) + " shortest paths"
	}
	return &candidate{
		Generated: Generated{Question: q, Key: key, Measure: Measure{dist + 2*detour, text}},
		classes:   []string{"answer " + strconv.Itoa(dist)},
	}
}

// freeDistance returns the fewest moves of pc from one square to another
// on an empty board.
func freeDistance(pc rules.Piece, from, to rules.Square) int {
	if pc == rules.King {
		return max(abs(from.File()-to.File()), abs(from.Rank()-to.Rank()))
	}
	q := Labyrinth{Piece: pc, From: from, To: to, Board: Board{King: rules.NoSquare, Knight: from}}
	d, _, _ := q.Solve()
	return d
}
