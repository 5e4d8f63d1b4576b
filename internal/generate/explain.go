package generate

import (
	"strings"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// The words of generated banks are placeholders ($king, $White, $pawns...;
// see package style), never one theme's words: the loader words them in
// the theme of the build, so one bank serves every theme.

// explain returns an explanation a child can read of a generated exercise,
// proven as g.Proof says: what the answer is and why, in placeholders and
// in the language of w.
func explain(w *catalog.Printer, g Generated) string {
	switch q := g.Question.(type) {
	case *question.KnightMoves:
		return knightExplain(w, q.Position, q.Squares)
	case *question.KingMoves:
		return kingExplain(w, q.Position, q.Squares)
	case *question.Legal:
		return w.Say("gen.legal." + g.Measure.Text)
	case *question.CountMoves:
		return countExplain(w, q.Position)
	case *question.Outcome:
		return lineExplain(w, g.Proof, 0)
	case *question.MovesToWin:
		return lineExplain(w, g.Proof, q.Answer)
	case *question.MovesToGoal:
		return goalExplain(w, q)
	case *question.Labyrinth:
		return labyrinthExplain(w, q)
	}
	return ""
}

// squareList writes squares as "b3, c2 and e2", in the language of w.
func squareList(w *catalog.Printer, b rules.Bitboard) string {
	var names []string
	for _, s := range question.SortedSquares(b) {
		names = append(names, s.String())
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + w.Say("gen.and") + names[len(names)-1]
}

func knightExplain(w *catalog.Printer, p rules.Position, answer rules.Bitboard) string {
	s := w.Say("gen.knight.jumps", p.Knight.String(), squareList(w, answer))
	if caught := answer & p.Pawns; caught != 0 {
		s += w.Say("gen.knight.catches", squareList(w, caught))
	}
	if rules.KnightAttacks(p.Knight).Has(p.King) {
		s += w.Say("gen.knight.king", p.King.String())
	}
	return s
}

func kingExplain(w *catalog.Printer, p rules.Position, answer rules.Bitboard) string {
	s := w.Say("gen.king.steps", squareList(w, answer))
	if answer == 0 {
		s = w.Say("gen.king.none")
	}
	near := rules.KingAttacks(p.King)
	if guarded := near & rules.KnightAttacks(p.Knight) &^ p.Pawns; guarded != 0 {
		s += w.Say("gen.king.guards", squareList(w, guarded))
	}
	switch own := near & p.Pawns; own.Count() {
	case 0:
	case 1:
		s += w.Say("gen.king.pawn", squareList(w, own))
	default:
		s += w.Say("gen.king.pawns", squareList(w, own))
	}
	return s
}

func countExplain(w *catalog.Printer, p rules.Position) string {
	if p.Side == rules.Black {
		return w.Say("gen.count.black", w.Say("gen.jumps", len(p.LegalMoves())))
	}
	king, pawns := 0, 0
	for _, m := range p.LegalMoves() {
		if m.From == p.King {
			king++
		} else {
			pawns++
		}
	}
	return w.Say("gen.count.white", w.Say("gen.steps", king), w.Say("gen.moves", pawns), king, pawns, king+pawns)
}

// lineExplain says who wins, in how many moves of the winner when moves is
// more than 0. It leaves out the line the solver found: every output
// shows it beside the explanation ("Best play: 1. d5 Nb5 ...").
func lineExplain(w *catalog.Printer, proof question.Proof, moves int) string {
	var s string
	switch {
	case !proof.Decided:
		s = w.Say("gen.draw")
	case moves > 0:
		s = w.Say(sideKey("gen.wins.in", proof.Winner), w.Say("gen.in.moves", moves))
	default:
		s = w.Say(sideKey("gen.wins.best", proof.Winner))
	}
	return s
}

// goalExplain says in how many moves the goal side reaches its goal; the
// line the solver found is shown beside it, as lineExplain's is.
func goalExplain(w *catalog.Printer, q *question.MovesToGoal) string {
	side := question.GoalSide(q.Goal)
	goal := w.Say("gen.goal.take", q.Goal.K)
	if q.Goal.Kind == solver.SaveMore {
		goal = w.Say("gen.goal.save", q.Goal.K)
	}
	if q.Answer == question.Never {
		return w.Say(sideKey("gen.goal.cannot", side), goal)
	}
	return w.Say(sideKey("gen.goal.can", side), goal, w.Say("gen.in.moves", q.Answer))
}

// sideKey returns the message key of side c: key + ".white" or key +
// ".black".
func sideKey(key string, c rules.Color) string {
	if c == rules.White {
		return key + ".white"
	}
	return key + ".black"
}

// labyrinthExplain shows a shortest way of a labyrinth: "The only
// shortest way" where the proof finds one (whether or not the exercise
// asks for it to be unique), "A shortest way" where it finds more.
func labyrinthExplain(w *catalog.Printer, q *question.Labyrinth) string {
	_, paths, examples := q.Solve()
	path := q.Path
	if path == nil {
		if len(examples) == 0 {
			return ""
		}
		path = examples[0]
	}
	names := []string{q.From.String()}
	for _, s := range path {
		names = append(names, s.String())
	}
	way := "gen.labyrinth.shortest"
	if paths == 1 {
		way = "gen.labyrinth.only"
	}
	return w.Say(way, strings.Join(names, "-"), w.Say(pieceMoves(q.Piece), len(path)))
}

// pieceMoves is the key of the moves of a labyrinth's piece: its jumps or
// its steps.
func pieceMoves(pc rules.Piece) string {
	if pc == rules.King {
		return "gen.steps"
	}
	return "gen.jumps"
}

// labyrinthText is the question of a generated labyrinth, naming the piece
// in every sentence.
func labyrinthText(w *catalog.Printer, q *question.Labyrinth) string {
	key := "gen.labyrinth.knight"
	if q.Piece == rules.King {
		key = "gen.labyrinth.king"
	}
	return w.Say(key, q.From.String(), q.To.String(), w.Say("gen.labyrinth.not"+q.RuleSuffix()))
}
