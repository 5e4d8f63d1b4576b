package generate

import (
	"fmt"
	"strings"

	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// The words of generated banks are placeholders ($king, $White, $pawns...;
// see package style), never one theme's words: the loader words them in
// the theme of the build, so one bank serves every theme.

// explain returns an explanation a child can read of a generated exercise,
// proven as g.Proof says: what the answer is and why, in placeholders.
func explain(g Generated) string {
	switch q := g.Question.(type) {
	case *question.KnightMoves:
		return knightExplain(q.Position, q.Squares)
	case *question.KingMoves:
		return kingExplain(q.Position, q.Squares)
	case *question.Legal:
		return legalExplain[g.Measure.Text]
	case *question.CountMoves:
		return countExplain(q.Position)
	case *question.Outcome:
		return lineExplain(g.Proof, 0)
	case *question.MovesToWin:
		return lineExplain(g.Proof, q.Answer)
	case *question.MovesToGoal:
		return goalExplain(q, g.Proof)
	case *question.Labyrinth:
		return labyrinthExplain(q)
	}
	return ""
}

// squareList writes squares as "b3, c2 and e2".
func squareList(b rules.Bitboard) string {
	var names []string
	for _, s := range question.SortedSquares(b) {
		names = append(names, s.String())
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func knightExplain(p rules.Position, answer rules.Bitboard) string {
	s := fmt.Sprintf("From %s, $knight jumps to %s.", p.Knight, squareList(answer))
	if caught := answer & p.Pawns; caught != 0 {
		s += fmt.Sprintf(" On %s it catches a $pawn.", squareList(caught))
	}
	if rules.KnightAttacks(p.Knight).Has(p.King) {
		s += fmt.Sprintf(" It may not jump onto $king on %s.", p.King)
	}
	return s
}

func kingExplain(p rules.Position, answer rules.Bitboard) string {
	s := fmt.Sprintf("$King steps to %s.", squareList(answer))
	if answer == 0 {
		s = "$King has no square to step to."
	}
	near := rules.KingAttacks(p.King)
	if guarded := near & rules.KnightAttacks(p.Knight) &^ p.Pawns; guarded != 0 {
		s += fmt.Sprintf(" $Knight guards %s.", squareList(guarded))
	}
	switch own := near & p.Pawns; own.Count() {
	case 0:
	case 1:
		s += fmt.Sprintf(" A $pawn stands on %s.", squareList(own))
	default:
		s += fmt.Sprintf(" $Pawns stand on %s.", squareList(own))
	}
	return s
}

// legalExplain explains each reason a legal drill asks about (see
// legalReasons).
var legalExplain = map[string]string{
	"a king step":                           "Yes: $king steps one square, onto a free square not guarded by $knight.",
	"a pawn step":                           "Yes: a $pawn steps one square straight up, onto an empty square.",
	"a knight jump":                         "Yes: $knight may jump there.",
	"the king steps onto its own pawn":      "No: a $pawn already stands there.",
	"the pawn is blocked":                   "No: the square in front of the $pawn is not empty, and a $pawn catches only diagonally.",
	"a pawn saved":                          "Yes: the $pawn reaches $row8 and is $saved.",
	"a pawn takes the knight":               "Yes: a $pawn catches $knight one step diagonally forward.",
	"the knight takes a pawn":               "Yes: $knight jumps onto the $pawn and catches it.",
	"a pawn only goes diagonally to take":   "No: a $pawn goes diagonally only to catch $knight.",
	"the knight may not jump onto the king": "No: $knight may never jump onto $king.",
	"the king takes the knight":             "Yes: $king catches $knight. Then $knight flies back to $lair on f6.",
	"the king steps out of check":           "Yes: $king is in check and steps to a square not guarded by $knight.",
	"the king steps onto a guarded square":  "No: $knight guards that square, and $king may never step into check.",
	"a pawn may not move while in check":    "No: $king is in check. A $pawn step does not end the check.",
	"a pawn takes the checking knight":      "Yes: $king is in check, and catching $knight ends the check.",
	"the piece on the lair may take":        "Yes: the piece on f6 may catch $knight, because then f6 is empty.",
	"the saving square is guarded":          "No: $knight guards that square of $row8, so a $pawn may not step onto it.",
	"the lair rule forbids the capture":     "No: a piece stands on f6, $lair. $Knight may be caught only when f6 is empty.",
}

func countExplain(p rules.Position) string {
	if p.Side == rules.Black {
		return fmt.Sprintf("$Knight has %s.", question.Plural(len(p.LegalMoves()), "jump"))
	}
	king, pawns := 0, 0
	for _, m := range p.LegalMoves() {
		if m.From == p.King {
			king++
		} else {
			pawns++
		}
	}
	return fmt.Sprintf("$King has %s and the $pawns have %s: %d and %d make %d.",
		question.Plural(king, "step"), question.Plural(pawns, "move"), king, pawns, king+pawns)
}

// lineExplain says who wins, in how many moves of the winner when moves is
// more than 0, and shows the line the solver found.
func lineExplain(proof question.Proof, moves int) string {
	var s string
	switch {
	case !proof.Decided:
		s = "Neither side can force a win: it is a draw."
	case moves > 0:
		s = fmt.Sprintf("%s wins in %s.", winnerWord(proof.Winner), question.Plural(moves, "move"))
	default:
		s = winnerWord(proof.Winner) + " wins with the best moves."
	}
	if proof.Line != "" && proof.Decided {
		s += " For example: " + proof.Line + "."
	}
	return s
}

// goalExplain says in how many moves the goal side reaches its goal, and
// shows the line the solver found.
func goalExplain(q *question.MovesToGoal, proof question.Proof) string {
	side := winnerWord(question.GoalSide(q.Goal))
	goal := "catch " + question.Plural(q.Goal.K, "$pawn")
	if q.Goal.Kind == solver.SaveMore {
		goal = "$save.verb " + question.Plural(q.Goal.K, "more $pawn") + "$save.rest" // "2 more $pawns"
	}
	if q.Answer == question.Never {
		return fmt.Sprintf("%s cannot %s: the other side can always stop it.", side, goal)
	}
	s := fmt.Sprintf("%s can %s in %s.", side, goal, question.Plural(q.Answer, "move"))
	if proof.Line != "" {
		s += " For example: " + proof.Line + "."
	}
	return s
}

func winnerWord(c rules.Color) string {
	if c == rules.White {
		return "$White"
	}
	return "$Black"
}

func labyrinthExplain(q *question.Labyrinth) string {
	path := q.Path
	if path == nil {
		_, _, examples := q.Solve()
		if len(examples) == 0 {
			return ""
		}
		path = examples[0]
	}
	names := []string{q.From.String()}
	for _, s := range path {
		names = append(names, s.String())
	}
	way := "A shortest way"
	if q.Unique {
		way = "The only shortest way"
	}
	return fmt.Sprintf("%s: %s. That is %s.", way, strings.Join(names, "-"), question.Plural(len(path), pieceMove(q.Piece)))
}

// pieceMove names one move of a labyrinth's piece: a jump or a step.
func pieceMove(pc rules.Piece) string {
	if pc == rules.King {
		return "step"
	}
	return "jump"
}

// labyrinthText is the question of a generated labyrinth, naming the piece
// in every sentence.
func labyrinthText(q *question.Labyrinth) string {
	piece, move := "$knight", "jump"
	if q.Piece == rules.King {
		piece, move = "$king", "step"
	}
	Piece := "$" + strings.ToUpper(piece[1:2]) + piece[2:]
	var not []string
	if q.Guarded {
		not = append(not, "a guarded square")
	}
	if q.Avoid != 0 {
		not = append(not, "a marked square")
	}
	not = append(not, "another piece")
	rule := not[0]
	if len(not) > 1 {
		rule = strings.Join(not[:len(not)-1], ", ") + " or " + not[len(not)-1]
	}
	return fmt.Sprintf("%s wants to go from %s to %s. %s may not %s onto %s. How many %ss does %s need?",
		Piece, q.From, q.To, Piece, move, rule, move, piece)
}
