package course_test

import (
	"slices"
	"sync"
	"testing"
	"time"

	nostromo "nostromo-lessons"
	"nostromo-lessons/internal/budget"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/opening"
	"nostromo-lessons/internal/proof"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

var (
	sample     *course.Course
	sampleErr  error
	sampleOnce sync.Once
	// sampleSolv proves as check does: the opening book, then the solver.
	sampleSolv = proof.Book{Inner: solver.New(solver.Options{Budget: budget.Default})}
)

// sampleCourse loads and verifies the embedded sample course once.
func sampleCourse(t *testing.T) *course.Course {
	t.Helper()
	sampleOnce.Do(func() {
		start := time.Now()
		sample, sampleErr = course.Check(nostromo.Course(), sampleSolv)
		t.Logf("sample course checked in %v", time.Since(start))
	})
	if sampleErr != nil {
		t.Fatalf("Check(sample course) = %v", sampleErr)
	}
	return sample
}

// fromBook reports whether the opening book answers p with its best
// moves: such an exercise has no line, since the book holds none.
func fromBook(p rules.Position) bool {
	sol, ok := opening.Lookup(p)
	return ok && sol.Best != nil
}

// TestSampleCourse checks what the issue asks of the sample course: at
// least 8 lessons and 80 exercises, every kind, an intro with a diagram in
// every lesson, and at least 10 exercises per lesson.
func TestSampleCourse(t *testing.T) {
	c := sampleCourse(t)
	if len(c.Lessons) < 8 {
		t.Errorf("sample course has %d lessons, want at least 8", len(c.Lessons))
	}
	if n := c.Exercises(); n < 80 {
		t.Errorf("sample course has %d exercises, want at least 80", n)
	}
	used := map[question.Kind]int{}
	var ids []string
	for _, l := range c.Lessons {
		ids = append(ids, l.ID)
		if len(l.Exercises) < 10 {
			t.Errorf("lesson %s has %d exercises, want at least 10", l.ID, len(l.Exercises))
		}
		if l.Intro == "" || len(l.Diagrams) == 0 {
			t.Errorf("lesson %s has no intro with a diagram", l.ID)
		}
		if l.Title == "" || l.Summary == "" || len(l.Goals) == 0 {
			t.Errorf("lesson %s lacks a title, summary or goals", l.ID)
		}
		for _, e := range l.Exercises {
			used[e.Kind]++
			if e.Text == "" || e.Answer == "" {
				t.Errorf("%s: exercise %q has no question or answer text", l.ID, e.ID)
			}
			if e.Kind.NeedsSolver() && e.Line == "" && e.Position.Status() == rules.InPlay && !fromBook(e.Position) {
				t.Errorf("%s: exercise %q has no principal line", l.ID, e.ID)
			}
		}
	}
	if !slices.IsSorted(ids) {
		t.Errorf("lessons are not in file-name order: %v", ids)
	}
	for _, k := range question.Kinds() {
		if used[k] == 0 {
			t.Errorf("no exercise of kind %s in the sample course", k)
		}
	}
	t.Logf("%d lessons, %d exercises; by kind: %v", len(c.Lessons), c.Exercises(), used)
}

// mutant is a wrong version of a right exercise.
type mutant struct {
	name string
	q    question.Question
}

// mutants returns wrong versions of q, an exercise whose answer is right:
// answers off by one, a missing or extra square or move, the other
// outcomes, yes for no, never for a number and a number for never.
func mutants(q question.Question) []mutant {
	var out []mutant
	add := func(name string, m question.Question) { out = append(out, mutant{name, m}) }
	squareMutants := func(set rules.Bitboard, with func(rules.Bitboard) question.Question) {
		for _, s := range set.Squares() {
			add("drop "+s.String(), with(set&^s.Bit()))
		}
		for s := rules.Square(0); s < 64; s++ {
			if !set.Has(s) {
				add("add "+s.String(), with(set|s.Bit()))
				break
			}
		}
	}
	number := func(n int, with func(int) question.Question) {
		if n == question.Never {
			add("1 for never", with(1))
			add("5 for never", with(5))
			return
		}
		add("plus one", with(n+1))
		if n > 0 {
			add("minus one", with(n-1))
		}
		add("never for a number", with(question.Never))
	}
	switch q := q.(type) {
	case *question.KnightMoves:
		squareMutants(q.Squares, func(b rules.Bitboard) question.Question { m := *q; m.Squares = b; return &m })
	case *question.KingMoves:
		squareMutants(q.Squares, func(b rules.Bitboard) question.Question { m := *q; m.Squares = b; return &m })
	case *question.Legal:
		m := *q
		m.Answer = !q.Answer
		add("flip yes and no", &m)
	case *question.CountMoves:
		for _, d := range []int{-1, 1} {
			if q.Answer+d >= 0 {
				m := *q
				m.Answer += d
				add("off by one", &m)
			}
		}
	case *question.Outcome:
		for _, r := range []rules.Result{rules.WhiteWins, rules.BlackWins, rules.Draw} {
			if r != q.Answer {
				m := *q
				m.Answer = r
				add("outcome "+r.String(), &m)
			}
		}
	case *question.MovesToWin:
		number(q.Answer, func(n int) question.Question { m := *q; m.Answer = n; return &m })
		if q.Side != nil && q.Answer != question.Never {
			other := q.Side.Other()
			m := *q
			m.Side = &other
			add("the other side", &m)
		}
	case *question.MovesToGoal:
		number(q.Answer, func(n int) question.Question { m := *q; m.Answer = n; return &m })
	case *question.BestMove:
		for i, mv := range q.Moves {
			m := *q
			m.Moves = slices.Delete(slices.Clone(q.Moves), i, i+1)
			add("drop "+mv.String(), &m)
		}
		for _, mv := range q.Position.LegalMoves() {
			if !slices.Contains(q.Moves, mv) {
				m := *q
				m.Moves = append(slices.Clone(q.Moves), mv)
				add("add "+mv.String(), &m)
			}
		}
	case *question.Labyrinth:
		for _, d := range []int{-1, 1} {
			if q.Answer+d >= 0 {
				m := *q
				m.Answer += d
				add("off by one", &m)
			}
		}
		if len(q.Path) > 0 {
			m := *q
			m.Path = q.Path[:len(q.Path)-1]
			add("path one short", &m)
		}
	}
	return out
}

// TestMutants makes every verified exercise of the sample course wrong in
// every way mutants knows and checks that each mutant is rejected.
func TestMutants(t *testing.T) {
	c := sampleCourse(t)
	seen := map[question.Question]bool{}
	var all []*course.Exercise
	for _, b := range c.Banks {
		all = append(all, b.Exercises...)
	}
	for _, l := range c.Lessons {
		all = append(all, l.Exercises...)
	}
	count := map[question.Kind]int{}
	for _, e := range all {
		if seen[e.Question] {
			continue
		}
		seen[e.Question] = true
		ms := mutants(e.Question)
		if len(ms) == 0 {
			t.Errorf("%s %q (%s): no mutants", e.Pos, e.ID, e.Kind)
		}
		for _, m := range ms {
			count[e.Kind]++
			if _, probs := m.q.Check(sampleSolv); len(probs) == 0 {
				t.Errorf("%s %q (%s): mutant %q passes Check", e.Pos, e.ID, e.Kind, m.name)
			}
		}
	}
	t.Logf("%d exercises, mutants by kind: %v", len(seen), count)
}
