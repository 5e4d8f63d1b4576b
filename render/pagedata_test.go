package render

import (
	"fmt"
	"nostromo-lessons/internal/question"
	"strings"
	"testing"
)

// TestExerciseID checks the names under which the site keeps a pupil's
// stars: each exercise of a lesson has its own, even when two ask the same
// question on the same board, and an exercise without an id of its own
// does not meet an author's id.
func TestExerciseID(t *testing.T) {
	board := Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0"}
	same := func(n int, id string) Exercise {
		return Exercise{Number: n, ID: id, Kind: "count-moves", Drill: true, Question: "How many moves can the crew make?", Board: board}
	}
	tests := []struct {
		name string
		exs  []Exercise
		want []string
	}{
		{"the same question, ids", []Exercise{same(1, "count-a"), same(2, "count-b")}, []string{"count-a", "count-b"}},
		{"the same question, no ids", []Exercise{same(1, ""), same(2, "")}, []string{"#1", "#2"}},
		{"an author's n2 and exercise 2", []Exercise{same(1, "n2"), same(2, "")}, []string{"n2", "#2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seen := map[string]bool{}
			for i, e := range tt.exs {
				d, err := newExerciseData(e)
				if err != nil {
					t.Fatal(err)
				}
				if d.ID != tt.want[i] || seen[d.ID] {
					t.Errorf("exercise %d: id %q on the page (seen before: %v), want %q", e.Number, d.ID, seen[d.ID], tt.want[i])
				}
				seen[d.ID] = true
			}
		})
	}
}

// TestExerciseDrill: the page marks a drill's exercise (knight-moves,
// king-moves, legal, count-moves, labyrinth), and a game question whose
// answer is no win for the child's side, so that the script praises a
// right answer plainly, and not a question about a game the child wins,
// whose praise speaks of Black's surprise.
func TestExerciseDrill(t *testing.T) {
	board := Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0"}
	tests := []struct {
		kind  string
		noWin bool
		want  bool
	}{
		{"knight-moves", false, true},
		{"king-moves", false, true},
		{"legal", false, true},
		{"count-moves", false, true},
		{"labyrinth", false, true},
		{"outcome", false, false},
		{"moves-to-win", false, false},
		{"moves-to-goal", false, false},
		{"best-move", false, false},
		{"outcome", true, true},
		{"moves-to-win", true, true},
		{"moves-to-goal", true, true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.kind, " no win ", tt.noWin), func(t *testing.T) {
			d, err := newExerciseData(Exercise{Number: 1, Kind: tt.kind, Drill: drillKind(tt.kind), Board: board, NoWin: tt.noWin})
			if err != nil {
				t.Fatal(err)
			}
			page, err := pageJSON(d)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(string(page), `"plain":true`); got != tt.want {
				t.Errorf("the page's data %s: praised plainly %v, want %v", page, got, tt.want)
			}
		})
	}
}

// TestLessonStem checks the stem the site moves a renamed lesson's stars
// by: the page id without its number, and none where two lessons of the
// course share it, so that stars never move to the wrong one.
func TestLessonStem(t *testing.T) {
	tests := []struct {
		ids  []string // the course's lessons; the first is asked
		want string
	}{
		{[]string{"01-board-and-notation", "02-meet-the-pieces"}, "board-and-notation"},
		{[]string{"15-endings-and-draws", "10-endings"}, "endings-and-draws"},
		{[]string{"flight", "01-start"}, ""},
		{[]string{"007-x-2"}, "x-2"},
		{[]string{"01"}, ""},
		{[]string{"01-"}, ""},
		{[]string{"01-review", "05-review"}, ""},
		{[]string{"01-review", "review"}, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.ids, ","), func(t *testing.T) {
			var c Course
			for _, id := range tt.ids {
				c.Lessons = append(c.Lessons, Lesson{ID: id})
			}
			if got := lessonStem(c, tt.ids[0]); got != tt.want {
				t.Errorf("lessonStem(%q) = %q, want %q", tt.ids[0], got, tt.want)
			}
		})
	}
}

// drillKind reports whether the question kind named kind is a drill kind,
// as internal/model sets Exercise.Drill from the kind's registration.
func drillKind(kind string) bool {
	k, err := question.ParseKind(kind)
	return err == nil && k.Drill()
}
