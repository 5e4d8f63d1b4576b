package e2e

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"nostromo-lessons/internal/build/buildtest"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/model"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/render"
	"nostromo-lessons/rules"
)

// sampleCase is the first exercise of the sample course of one shape: a
// kind and what its answer looks like on the page.
type sampleCase struct {
	shape  string
	lesson string
	e      render.Exercise
}

// shape names what answering an exercise takes on the page: its kind,
// and which choice, a number or "never", who wins too, the child on
// Black's side, a best move with slower wins, a king's or a knight's way.
func shape(ce *course.Exercise, e render.Exercise) string {
	s := e.Kind
	a := e.Accept
	switch q := ce.Question.(type) {
	case *question.Legal, *question.Outcome:
		s += "/choice " + strconv.Itoa(a.Choice)
	case *question.CountMoves, *question.MovesToWin, *question.MovesToGoal:
		if *a.Number < 0 {
			s += "/never"
		}
		if e.AskSide {
			s += "/who wins: " + a.Winner
		}
	case *question.BestMove:
		if slices.ContainsFunc(a.Moves, func(m render.AcceptMove) bool { return m.Slower }) {
			s += "/slower wins too"
		}
		if a.Every {
			s += "/every move"
		}
	case *question.Labyrinth:
		s += "/" + q.Piece.String()
	}
	if e.Black {
		s += "/as Black"
	}
	return s
}

// sampleCases returns the first exercise of each shape in the sample
// course, in course order.
func sampleCases(t *testing.T) (render.Course, []sampleCase) {
	c := buildtest.Sample(t)
	m := model.Model(c, model.Settings{})
	var cases []sampleCase
	seen := map[string]bool{}
	for i, l := range c.Lessons {
		for j, ce := range l.Exercises {
			e := m.Lessons[i].Exercises[j]
			if s := shape(ce, e); !seen[s] {
				seen[s] = true
				cases = append(cases, sampleCase{s, l.ID, e})
			}
		}
	}
	return m, cases
}

// TestSampleKindsInBrowser answers, on the sample course's own pages in
// headless Chromium, the first exercise of every shape the course has
// (every kind, each choice, "never", who wins and in how many moves, the
// child on Black's side, ...): wrong, then right, by the gestures of its
// kind, with the answers the checker proved; the result says so, with the
// praise of its kind, and the answer opens.
func TestSampleKindsInBrowser(t *testing.T) {
	m, cases := sampleCases(t)
	kinds := map[string]bool{}
	for _, c := range cases {
		kinds[c.e.Kind] = true
	}
	if len(kinds) != len(question.Kinds()) {
		t.Fatalf("the sample course's exercises are of %d kinds, want all %d", len(kinds), len(question.Kinds()))
	}
	b := openCourse(t, buildtest.Chromium(t), m, cases[0].lesson)
	page := cases[0].lesson
	for _, c := range cases {
		t.Run(c.shape, func(t *testing.T) {
			b.t = t
			if c.lesson != page {
				b.open("site/" + c.lesson + ".html")
				page = c.lesson
			}
			n := c.e.Number
			t.Logf("%s exercise %d (%s)", c.lesson, n, c.e.ID)
			hasHint := b.evalString(fmt.Sprintf(`document.querySelector(%q) ? "yes" : "no"`, ex(n, "details.hint"))) == "yes"
			b.answer(n, c.e, false)
			want := "answer.wrong"
			if hasHint {
				want = "answer.wrong-hint"
			}
			b.waitText(ex(n, ".result"), b.say(want))
			b.answer(n, c.e, true)
			b.waitPraise(n, praise(c.e))
			if b.evalString(fmt.Sprintf(`String(document.querySelector(%q).open)`, ex(n, "details.answer"))) != "true" {
				t.Errorf("the answer is not shown once solved")
			}
		})
	}
}

// praise returns the key of the message a right answer gets: a plain one
// for a drill and where the answer is no win for the child (the alien or
// nobody wins, "never"), else a game's, from the child's side.
func praise(e render.Exercise) string {
	a := e.Accept
	switch {
	case e.Drill, e.Kind == "outcome" && a.Choice != 0, a.Number != nil && *a.Number < 0, a.Winner == "black":
		return "answer.right-plain"
	case e.Black:
		return "answer.right-black"
	}
	return "answer.right"
}

// answer answers exercise n right or wrong by the gestures of its kind,
// from what the page accepts (e.Accept), and presses Check.
func (b *browserTab) answer(n int, e render.Exercise, right bool) {
	b.t.Helper()
	a := e.Accept
	switch e.Kind {
	case "knight-moves", "king-moves":
		b.clear(n)
		if right {
			b.tap(n, a.Squares...)
		} else {
			b.tap(n, otherSquare(a.Squares...))
		}
	case "legal", "outcome":
		i := a.Choice
		if !right {
			i = (i + 1) % int(b.evalFloat(fmt.Sprintf(`document.querySelectorAll(%q).length`, ex(n, ".choice-row .choice"))))
		}
		b.do(chromedp.Click(chromedp.CSS(ex(n, fmt.Sprintf(".choice-row .choice:nth-child(%d)", i+1)))))
	case "count-moves", "moves-to-win", "moves-to-goal":
		b.number(n, e, right)
	case "best-move":
		b.bestMove(n, a.Moves, a.Every, right)
	case "labyrinth":
		b.clear(n)
		if !right {
			b.tap(n, otherSquare(append(a.Path.Next[a.Path.From], a.Path.From)...))
			break
		}
		for at := a.Path.From; at != a.Path.To; {
			at = a.Path.Next[at][0]
			b.tap(n, at)
		}
	default:
		b.t.Fatalf("exercise %d: kind %q is not answered", n, e.Kind)
	}
	b.check(n)
}

// bestMove taps the first of the accepted moves of exercise n, or for a
// wrong answer a move of its piece to a square no accepted move reaches;
// with every, the right answer is each accepted move, checked one by one,
// the page saying how many are left, the last one tapped only.
func (b *browserTab) bestMove(n int, moves []render.AcceptMove, every, right bool) {
	b.t.Helper()
	if every && right {
		for i, m := range moves[:len(moves)-1] {
			b.tap(n, m.From, m.To)
			b.check(n)
			more := b.words["answer.more"].(map[string]any)
			form := map[bool]string{true: "one", false: "other"}[len(moves)-1-i == 1]
			left := fmt.Sprint(len(moves) - 1 - i)
			b.waitText(ex(n, ".result"), strings.NewReplacer("{san}", m.SAN, "{n}", left).Replace(more[form].(string)))
		}
		moves = moves[len(moves)-1:]
	}
	m := moves[0]
	if m.From == "" {
		b.t.Fatalf("exercise %d's best move is the flight, which no gesture makes", n)
	}
	to := m.To
	if !right {
		taken := []string{m.From}
		for _, o := range moves {
			if o.From == m.From {
				taken = append(taken, o.To)
			}
		}
		to = otherSquare(taken...)
	}
	b.tap(n, m.From, to)
}

// number answers a number of exercise n, with who wins where it asks: a
// wrong one is "never" where the answer is a number (one more where
// "never" cannot be ticked), and a number where it is "never".
func (b *browserTab) number(n int, e render.Exercise, right bool) {
	b.t.Helper()
	want := *e.Accept.Number
	box := ex(n, `input[type="checkbox"]`)
	never := b.evalString(fmt.Sprintf(`String(!!document.querySelector(%q))`, box)) == "true"
	giveNever := never && (want < 0) == right
	if never && (b.evalString(fmt.Sprintf(`String(document.querySelector(%q).checked)`, box)) == "true") != giveNever {
		b.do(chromedp.Click(chromedp.CSS(box)))
	}
	if giveNever {
		return
	}
	switch {
	case !right && want >= 0:
		want++
	case !right:
		want = 1
	}
	if e.AskSide {
		side := e.Accept.Winner
		if side == "" {
			side = rules.White.String()
		}
		b.do(chromedp.Click(chromedp.CSS(ex(n, fmt.Sprintf(`.side[data-side=%q]`, side)))))
	}
	b.do(chromedp.Click(chromedp.CSS(ex(n, `input[type="number"]`))), chromedp.KeyEvent(kb.End+kb.Backspace+kb.Backspace+kb.Backspace+strconv.Itoa(want)))
}

// clear presses exercise n's Clear.
func (b *browserTab) clear(n int) { b.do(chromedp.Click(chromedp.CSS(ex(n, ".clear")))) }

// otherSquare returns the first square, a1 to h8, that is none of these.
func otherSquare(these ...string) string {
	for s := range rules.Square(64) {
		if !slices.Contains(these, s.String()) {
			return s.String()
		}
	}
	return ""
}
