package question

import (
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Outcome asks who wins with best play from the position: White, Black, or
// nobody (a draw).
type Outcome struct {
	Position rules.Position
	Answer   rules.Result // the author's answer: WhiteWins, BlackWins or Draw
}

func (q *Outcome) Kind() Kind { return KindOutcome }

func (q *Outcome) Check(s Solver) (Proof, []Problem) {
	sol, proof, probs := prove(s, q.Position, solver.Goal{Kind: solver.Game})
	if probs != nil {
		return proof, probs
	}
	proof.Winner, proof.Decided = Winner(sol.Result)
	if sol.Result != q.Answer {
		return proof, wordProblem(q.Answer.String(), sol.Result.String(), "answer %s, but %s with best play%s", q.Answer, resultText(sol), shortLine(q.Position, sol.Line))
	}
	return proof, nil
}

// resultText describes the result of a whole-game solution: "White wins in
// 7 moves", "Black wins in 3 moves" or "it is a draw".
func resultText(sol solver.Solution) string {
	if c, ok := Winner(sol.Result); ok {
		return sideName(c) + " wins in " + Plural(sol.Moves, "move")
	}
	return "it is a draw"
}

func (q *Outcome) Wording(p *catalog.Printer) string {
	return toMove(p, q.Position) + " " + p.Say("q.outcome")
}

func (q *Outcome) Key(p *catalog.Printer) string {
	if c, ok := Winner(q.Answer); ok {
		return p.Say(sideKey("q.wins", c))
	}
	return p.Say("q.draw")
}

func (q *Outcome) Space(p *catalog.Printer) Space {
	return Space{Kind: style.TickBoxes, Choices: []string{p.Say("q.wins.white"), p.Say("q.wins.black"), p.Say("q.draw")}}
}

func init() {
	define(KindOutcome, KindInfo{Name: "outcome", Solver: true, Levels: [4]int{1, 3, 6, 9},
		Words: []string{"q.outcome", "q.wins.white", "q.wins.black", "q.draw"}, Requires: withPosition,
		Answer: Field{Type: AnswerWordField, Words: []string{"white", "black", "draw"}, Doc: "Who wins with best play: white, black or draw."},
		Decode: func(in Input) (Question, bool) {
			p, ok := positionAnswer(in)
			q := &Outcome{Position: p}
			answered := in.Has("answer")
			if answered {
				s, good := in.AnswerWord("answer", "white", "black", "draw")
				q.Answer = map[string]rules.Result{"white": rules.WhiteWins, "black": rules.BlackWins, "draw": rules.Draw}[s]
				ok = ok && good
			}
			return q, ok && answered
		},
		Encode: func(q Question, out Output) {
			o := q.(*Outcome)
			out.Position("position", o.Position)
			out.Word("answer", map[rules.Result]string{rules.WhiteWins: "white", rules.BlackWins: "black", rules.Draw: "draw"}[o.Answer])
		},
	})
}
