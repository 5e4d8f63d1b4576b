package build_test

import (
	"testing"

	"nostromo-lessons/internal/model"
	"nostromo-lessons/internal/question"
)

// TestNoSlowerMoves: in the sample course's model, a best-move with
// fastest: true or find: every offers no slower move, neither in what its
// page accepts nor in its key's line (issue 28: lesson 01's "Find the move
// that wins at once" accepted the king's slower moves); one with find:
// every asks for each of the answer's moves; and the two exercises of the
// trial say so.
func TestNoSlowerMoves(t *testing.T) {
	c := sampleCourse(t)
	m := model.Model(c, model.Settings{})
	seen := map[string]bool{}
	for i, l := range c.Lessons {
		for j, ce := range l.Exercises {
			q, ok := ce.Question.(*question.BestMove)
			if !ok || q.Slower() {
				continue
			}
			e := m.Lessons[i].Exercises[j]
			seen[e.ID] = true
			for _, mv := range e.Accept.Moves {
				if mv.Slower {
					t.Errorf("%s %s: the page accepts %s as slower", l.ID, e.ID, mv.SAN)
				}
			}
			if len(e.AlsoWin) > 0 || e.Also != "" {
				t.Errorf("%s %s: the key lists moves that %s: %v", l.ID, e.ID, e.Also, e.AlsoWin)
			}
			if e.Accept.Every != q.Every || q.Every && len(e.Accept.Moves) != len(q.Moves) {
				t.Errorf("%s %s: the page's every is %v with %d moves, want %v with %d", l.ID, e.ID, e.Accept.Every, len(e.Accept.Moves), q.Every, len(q.Moves))
			}
		}
	}
	for _, id := range []string{"crew-find-the-save", "escape-two-doors"} {
		if !seen[id] {
			t.Errorf("exercise %s accepts slower moves: want fastest: true or find: every", id)
		}
	}
}
