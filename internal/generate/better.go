package generate

import (
	"fmt"
	"strings"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Better returns a "find the better move" exercise made from a mistake of
// a played game: p is the position before the mistake, sol its solution,
// keeping the moves that keep its value (every winning move in a win, the
// drawing moves in a draw), played the move that was played and after the
// solution after it. In a win the question accepts every winning move
// (accept: winning), in a draw every drawing move. Its explanation, in
// language, says what the better moves keep and what the played move
// gave away; it names the fastest moves (sol.Best), the answer accepts
// every move in keeping. The caller proves it (Question.Check) before writing it.
func Better(id string, p rules.Position, sol solver.Solution, keeping []rules.Move, played rules.Move, after solver.Solution, language style.Language) Generated {
	w := catalog.Bank(language)
	c, won := question.Winner(sol.Result)
	q := &question.BestMove{Position: p, Goal: solver.Goal{Kind: solver.Game}, Moves: keeping, Winning: won && c == p.Side}
	gl := solver.Goal{Kind: solver.Game}
	var b strings.Builder
	b.WriteString(w.Say("gen.best", w.SAN(p.SANList(sol.Best)), solutionWords(w, sol, gl)))
	b.WriteString(w.Say("gen.best.careful"))
	b.WriteString(" " + afterWords(w, p, played, sol, after, gl) + ".")
	score := sol.Moves
	if sol.Result == rules.Draw {
		score = drawDistance
	}
	return Generated{
		ID:       id,
		Question: q,
		Level:    Level(question.KindBestMove, score),
		Measure:  Measure{Score: score, Text: fmt.Sprintf("%s, %s was played", question.SolutionText(sol, gl), p.SAN(played))},
		Key:      DuplicateKey(q),
		Explain:  b.String(),
	}
}
