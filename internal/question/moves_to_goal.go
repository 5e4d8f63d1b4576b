package question

import (
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// MovesToGoal asks how many moves a side needs to reach a sub-goal (White
// saves K more pawns, or Black takes K more pawns) against the best
// defence, or Never when it cannot force it.
type MovesToGoal struct {
	Position rules.Position
	Goal     solver.Goal // SaveMore or TakeMore
	Answer   int         // the author's answer, or Never
}

func (q *MovesToGoal) Kind() Kind { return KindMovesToGoal }

func (q *MovesToGoal) Check(s Solver) (Proof, []Problem) {
	p := q.Position
	sol, proof, probs := prove(s, p, q.Goal)
	if probs != nil {
		return proof, probs
	}
	side := GoalSide(q.Goal)
	truth := Never
	if c, ok := Winner(sol.Result); ok && c == side {
		truth = sol.Moves
	}
	if q.Answer == truth {
		return proof, nil
	}
	who, what, line := sideName(side), goalWords(q.Goal), shortLine(p, sol.Line)
	switch {
	case truth == Never:
		return proof, wordProblem("", "never", "answer %d, but %s cannot %s against the best defence, so the answer is never%s", q.Answer, who, what, line)
	case q.Answer == Never:
		return proof, wordProblem("never", "", "answer never, but %s can %s in %s%s", who, what, Plural(truth, "move"), line)
	}
	return proof, problem("answer", "answer %d, but %s needs %s to %s%s", q.Answer, who, Plural(truth, "move"), what, line)
}

func (q *MovesToGoal) Wording(p *catalog.Printer) string {
	return toMove(p, q.Position) + " " + p.Say(sideKey("q.moves-to-goal", GoalSide(q.Goal)), themeGoal(p, q.Goal))
}

func (q *MovesToGoal) Key(p *catalog.Printer) string { return movesText(p, q.Answer) }

func (q *MovesToGoal) Space(*catalog.Printer) Space { return Space{Kind: style.NumberBox, Never: true} }

func init() {
	define(KindMovesToGoal, KindInfo{Name: "moves-to-goal", Solver: true, Typed: true, Levels: [4]int{1, 3, 6, 9},
		Words: []string{"q.moves-to-goal.white", "q.moves-to-goal.black", "q.never"}, Requires: withPosition,
		Keys: []Field{
			{Name: "goal", Type: GoalField, Required: true, Doc: "The sub-goal the moves are counted to."},
		},
		Answer: Field{Type: MovesField, Doc: "The moves to the sub-goal, or never."},
		Decode: func(in Input) (Question, bool) {
			p, ok := positionAnswer(in)
			q := &MovesToGoal{Position: p}
			good := in.Need("goal")
			if good {
				q.Goal, good = in.Goal("goal")
			}
			ok = ok && good
			q.Answer, good = in.Moves("answer")
			return q, ok && good
		},
		Encode: func(q Question, out Output) {
			m := q.(*MovesToGoal)
			out.Position("position", m.Position)
			out.Word("goal", GoalText(m.Goal))
			out.Moves("answer", m.Answer)
		},
	})
}
