// Package questiontest holds pawn-count, a toy question kind that tests register to show that a kind needs no edit outside its own file.
package questiontest

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// PawnCount is a toy kind of question, pawn-count, registered only by tests
// through Register: how many pawns are on the board?
type PawnCount struct {
	Position rules.Position
	Answer   int
}

// kind is PawnCount's kind while a test has it registered.
var kind question.Kind

func (q *PawnCount) Kind() question.Kind { return kind }

func (q *PawnCount) Check(question.Solver) (question.Proof, []question.Problem) {
	if n := q.Position.Pawns.Count(); n != q.Answer {
		return question.Proof{}, []question.Problem{{Field: "answer", Msg: fmt.Sprintf("answer %d, but there are %d pawns", q.Answer, n)}}
	}
	return question.Proof{}, nil
}

func (q *PawnCount) Wording(*catalog.Printer) string { return "How many pawns are on the board?" }

func (q *PawnCount) Key(*catalog.Printer) string { return strconv.Itoa(q.Answer) }

func (q *PawnCount) Space(*catalog.Printer) question.Space {
	return question.Space{Kind: style.NumberBox}
}

func (q *PawnCount) Accept(question.Proof) question.Accepted {
	return question.Accepted{Choice: -1, Number: q.Answer, HasNumber: true}
}

// Info is PawnCount's registration: everything the loader, the schema,
// the generator and the worksheets need, and nothing outside this file.
var Info = question.KindInfo{
	Name: "pawn-count", Drill: true, Typed: true, Levels: [4]int{1, 2, 3, 4},
	Requires: []string{"position"},
	Answer:   question.Field{Type: question.IntegerField, Min: 0, Max: rules.PawnCount, Doc: "How many pawns are on the board."},
	Decode: func(in question.Input) (question.Question, bool) {
		has := in.Need("position")
		answered := in.Need("answer")
		p, ok := in.Position("position")
		q := &PawnCount{Position: p}
		if answered {
			var good bool
			q.Answer, good = in.Integer("answer", 0, rules.PawnCount)
			ok = ok && good
		}
		return q, has && ok && answered
	},
	Encode: func(q question.Question, out question.Output) {
		out.Position("position", q.(*PawnCount).Position)
		out.Number("answer", q.(*PawnCount).Answer)
	},
	Generate: func(r *rand.Rand, level int) (question.Made, bool) {
		n := min(level+r.IntN(2), rules.PawnCount)
		p := rules.Position{King: rules.E1, Knight: rules.F6, Side: rules.White}
		for _, i := range r.Perm(8)[:n] {
			p.Pawns |= rules.Square(8 + i).Bit() // the second rank
		}
		p.Taken = uint8(min(rules.TakesToWin-1, rules.PawnCount-n))
		p.Saved = uint8(rules.PawnCount - n - int(p.Taken))
		return question.Made{Question: &PawnCount{Position: p, Answer: n}, Score: n, Why: question.Plural(n, "pawn"), Key: p.String()}, true
	},
}

// Lesson is a lesson of two pawn-count exercises, right answers both.
const Lesson = `title: Pawns
level: 1
summary: Count the pawns.
intro: Count them.
exercises:
  - kind: pawn-count
    position: start
    answer: 6
  - kind: pawn-count
    position: {king: e1, pawns: [a2, b2], knight: f6, taken: 3, saved: 1}
    answer: 2
`

// Register registers pawn-count for the test t, removes it when t ends,
// and returns its kind.
func Register(t testing.TB) question.Kind {
	t.Helper()
	kind = question.Register(Info)
	t.Cleanup(func() { question.Unregister(kind); kind = 0 })
	return kind
}
