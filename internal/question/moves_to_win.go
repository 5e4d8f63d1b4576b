package question

import (
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// MovesToWin asks how many moves a side needs to win with best play,
// counted as docs/RULES.md says (only that side's moves), or Never when it cannot
// force a win. Without a Side it asks about the side that wins, and the
// answer is Never in a draw.
type MovesToWin struct {
	Position rules.Position
	Side     *rules.Color // the side asked about, or nil for the Winner
	Answer   int          // the author's answer, or Never
}

func (q *MovesToWin) Kind() Kind { return KindMovesToWin }

func (q *MovesToWin) Check(s Solver) (Proof, []Problem) {
	p := q.Position
	sol, proof, probs := prove(s, p, solver.Goal{Kind: solver.Game})
	if probs != nil {
		return proof, probs
	}
	w, won := Winner(sol.Result)
	proof.Winner, proof.Decided = w, won
	truth := sol.Moves
	if !won || q.Side != nil && *q.Side != w {
		truth = Never
	}
	if q.Answer == truth {
		return proof, nil
	}
	line := shortLine(p, sol.Line)
	switch {
	case truth != Never && q.Answer == Never:
		return proof, wordProblem("never", "", "answer never, but %s wins in %s%s", sideName(w), Plural(truth, "move"), line)
	case truth != Never:
		return proof, problem("answer", "answer %d, but %s needs %s%s", q.Answer, sideName(w), Plural(truth, "move"), line)
	case !won && q.Side != nil:
		return proof, wordProblem("", "never", "answer %d, but %s cannot force a win, so the answer is never: it is a draw%s", q.Answer, sideName(*q.Side), line)
	case !won:
		return proof, wordProblem("", "never", "answer %d, but nobody can force a win, so the answer is never: it is a draw%s", q.Answer, line)
	}
	return proof, wordProblem("", "never", "answer %d, but %s cannot win, so the answer is never: %s wins in %s%s", q.Answer, sideName(*q.Side), sideName(w), Plural(sol.Moves, "move"), line)
}

func (q *MovesToWin) Wording(p *catalog.Printer) string {
	if q.Side == nil {
		return toMove(p, q.Position) + " " + p.Say("q.moves-to-win.any")
	}
	return toMove(p, q.Position) + " " + p.Say(sideKey("q.moves-to-win", *q.Side))
}

func (q *MovesToWin) Key(p *catalog.Printer) string { return movesText(p, q.Answer) }

func (q *MovesToWin) Space(*catalog.Printer) Space { return Space{Kind: style.NumberBox, Never: true} }

// movesText writes a number of moves for the answer key: "1 move",
// "7 moves", or "never".
func movesText(p *catalog.Printer, n int) string {
	if n == Never {
		return p.Say("q.never")
	}
	return p.Say("count.moves", n)
}

func init() {
	define(KindMovesToWin, KindInfo{Name: "moves-to-win", Solver: true, Typed: true, Levels: [4]int{1, 3, 6, 9},
		Words: []string{"q.moves-to-win.any", "q.moves-to-win.white", "q.moves-to-win.black", "q.never"}, Requires: withPosition,
		Keys: []Field{
			{Name: "side", Type: AnswerWordField, Words: []string{"white", "black"}, Doc: "Whose moves are counted: white or black; without it, the winner's."},
		},
		Answer: Field{Type: MovesField, Doc: "That side's moves to the win, or never."},
		Decode: func(in Input) (Question, bool) {
			p, ok := positionAnswer(in)
			q := &MovesToWin{Position: p}
			if in.Has("side") {
				s, good := in.AnswerWord("side", "white", "black")
				c := rules.White
				if s == "black" {
					c = rules.Black
				}
				q.Side, ok = &c, ok && good
			}
			var good bool
			q.Answer, good = in.Moves("answer")
			return q, ok && good
		},
		Encode: func(q Question, out Output) {
			m := q.(*MovesToWin)
			out.Position("position", m.Position)
			if m.Side != nil {
				out.Word("side", m.Side.String())
			}
			out.Moves("answer", m.Answer)
		},
	})
}
