package generate

import (
	"strconv"

	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
)

// labyrinth makes a labyrinth: a board of pieces (without a game), a piece
// to move from one square to another, squares to avoid. The harder the
// target level, the longer the way and the more obstacles. Only labyrinths
// whose obstacles matter are kept: the fewest moves with them must be more
// than on the empty board. Marks and pawns that change nothing are taken
// away (pruneLabyrinth).
func (g *generator) labyrinth(target int) *candidate {
	piece := g.opts.Piece
	if piece == rules.NoPiece {
		piece = rules.Knight
		if g.chance(2, 5) {
			piece = rules.King
		}
	}
	q := &question.Labyrinth{Piece: piece, Board: question.Board{King: rules.NoSquare, Knight: rules.NoSquare}}
	q.From = g.square(0)
	q.To = g.square(q.From.Bit())
	free := freeDistance(piece, q.From, q.To)
	if free < 2 || free > target+2 {
		return nil // too short for obstacles to matter, or too long for the level
	}
	// Obstacles go mostly into the corridor: the squares on or near a
	// shortest way on the empty board, where they make the piece go round.
	fromD, toD := question.Distances(piece, q.From, 0), question.Distances(piece, q.To, 0)
	var corridor rules.Bitboard
	for s := rules.A1; s <= rules.H8; s++ {
		if fromD[s]+toD[s] <= free+2 {
			corridor |= s.Bit()
		}
	}
	taken := q.From.Bit() | q.To.Bit()
	place := func(allowed rules.Bitboard) rules.Square {
		if g.chance(4, 5) && corridor&allowed&^taken != 0 {
			allowed &= corridor
		}
		s := g.square(taken | ^allowed)
		taken |= s.Bit()
		return s
	}
	// The other piece: the knight's labyrinth may have the king, the
	// king's the knight. Pawns stand on ranks 2 to 7.
	other := &q.Board.King
	if piece == rules.King {
		other = &q.Board.Knight
	}
	q.Guarded = target >= 2 && g.chance(2, 3)
	if q.Guarded || g.chance(1, 2) {
		*other = place(^rules.Bitboard(0))
	}
	for range g.rng.IntN(min(6, target+2) + 1) {
		q.Board.Pawns |= place(^(rules.Rank1 | rules.Rank8)).Bit()
	}
	for range g.rng.IntN(2*target + 1) {
		q.Avoid |= place(^rules.Bitboard(0)).Bit()
	}
	if piece == rules.King {
		q.Board.King = q.From
	} else {
		q.Board.Knight = q.From
	}
	if q.Guarded && question.GuardedSquares(q.Board, piece).Has(q.From) || q.Forbidden().Has(q.To) {
		return nil // the piece would start where it may be taken, or cannot land on its goal
	}
	dist, paths, _ := q.Solve()
	if dist <= free || g.opts.Unique && paths != 1 {
		return nil // the obstacles change nothing, or the way is not unique
	}
	pruneLabyrinth(q, dist, paths)
	key := DuplicateKey(q)
	if !g.fresh(key) {
		return nil
	}
	_, _, examples := q.Solve()
	if g.opts.Unique {
		q.Unique = true
		q.Path = examples[0]
	}
	q.Answer = dist
	detour := dist - free
	text := question.Plural(dist, "move")
	if detour > 0 {
		text += ", " + question.Plural(detour, "detour move")
	}
	if paths == 1 {
		text += ", 1 shortest path"
	} else if paths < question.MaxPaths {
		text += ", " + strconv.Itoa(paths) + " shortest paths"
	}
	return &candidate{
		Generated: Generated{Question: q, Text: labyrinthText(g.words, q), Key: key, Measure: Measure{dist + detour, text}},
		classes:   []string{"answer " + strconv.Itoa(dist)},
	}
}

// pruneLabyrinth takes away the marks, pawns, other piece and guard rule
// that change nothing: each one whose removal leaves the fewest moves and
// the number of shortest paths as they are. What stays on the board is what
// makes the puzzle.
func pruneLabyrinth(q *question.Labyrinth, dist, paths int) {
	same := func() bool {
		d, n, _ := q.Solve()
		return d == dist && n == paths
	}
	for _, s := range q.Avoid.Squares() {
		if q.Avoid &^= s.Bit(); !same() {
			q.Avoid |= s.Bit()
		}
	}
	for _, s := range q.Board.Pawns.Squares() {
		if q.Board.Pawns &^= s.Bit(); !same() {
			q.Board.Pawns |= s.Bit()
		}
	}
	other := &q.Board.King
	if q.Piece == rules.King {
		other = &q.Board.Knight
	}
	if s := *other; s != rules.NoSquare {
		if *other = rules.NoSquare; !same() {
			*other = s
		}
	}
	if q.Guarded {
		if q.Guarded = false; !same() {
			q.Guarded = true
		}
	}
}

// freeDistance returns the fewest moves of pc from one square to another
// on an empty board.
func freeDistance(pc rules.Piece, from, to rules.Square) int {
	return question.Distances(pc, from, 0)[to]
}
