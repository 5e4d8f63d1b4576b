package model

import (
	"slices"
	"testing"
	"testing/fstest"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/style"
)

// tiny is a small course of one lesson: a game exercise and a labyrinth
// with a square to avoid.
var tiny = fstest.MapFS{
	"course.yaml": {Data: []byte("title: Tiny\ntheme: farm\n")},
	"lessons/01-tiny.yaml": {Data: []byte(`title: Tiny
level: 2
summary: One of each.
intro: |
  Hello.
teacher: |
  Plan: count the moves together.
exercises:
  - kind: count-moves
    position: start
    concept: counting-moves
    site_only: true
    answer: 8
  - kind: labyrinth
    board: {pawns: [e6]}
    piece: knight
    from: b1
    to: f6
    avoid: [d2]
    answer: 3
`)},
}

func TestModel(t *testing.T) {
	c, err := course.Check(tiny, nil)
	if err != nil {
		t.Fatalf("course.Check: %v", err)
	}
	for _, tt := range []struct {
		name     string
		settings Settings
		theme    style.Theme
		paper    style.Paper
	}{
		{"course settings", Settings{}, style.Farm, style.A4},
		{"overridden", Settings{Theme: new(style.Alien), Paper: new(style.Letter)}, style.Alien, style.Letter},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := Model(c, tt.settings)
			if m.Theme != tt.theme || m.Paper != tt.paper {
				t.Errorf("Model(%+v): theme %v, paper %v; want %v, %v", tt.settings, m.Theme, m.Paper, tt.theme, tt.paper)
			}
			l := m.Lessons[0]
			if l.ID != "01-tiny" || len(l.Exercises) != 2 {
				t.Fatalf("lesson %q with %d exercises, want 01-tiny with 2", l.ID, len(l.Exercises))
			}
			game, maze := l.Exercises[0], l.Exercises[1]
			if game.Board.FEN != "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0" || game.Space != style.NumberBox || game.Answer != "8" {
				t.Errorf("game exercise = %+v", game)
			}
			if game.Concept != "counting-moves" || !game.SiteOnly || maze.Concept != "" || maze.SiteOnly {
				t.Errorf("concepts %q, %q and site-only %v, %v; want counting-moves on the first, site-only, and nothing on the second",
					game.Concept, maze.Concept, game.SiteOnly, maze.SiteOnly)
			}
			if l.Teacher != "Plan: count the moves together.\n" {
				t.Errorf("Teacher = %q, want the lesson's guide", l.Teacher)
			}
			if maze.Board.Target != "f6" || !slices.Contains(maze.Board.Marks, "d2x") || !maze.Board.NoState ||
				maze.Board.Pieces["e6"] != "pawn" || maze.Board.Pieces["b1"] != "knight" || maze.Space != style.PathOnBoard {
				t.Errorf("labyrinth exercise board = %+v, space %v; want target f6, d2 marked to avoid (d2x), pieces e6 pawn and b1 knight", maze.Board, maze.Space)
			}
		})
	}
}

// TestModelRewordsForTheme checks that a default question follows the theme
// the build chooses, since the themes change the words as well as the art.
func TestModelRewordsForTheme(t *testing.T) {
	c, err := course.Check(tiny, nil)
	if err != nil {
		t.Fatal(err)
	}
	farm := Model(c, Settings{})
	alien := Model(c, Settings{Theme: new(style.Alien)})
	q1, q2 := farm.Lessons[0].Exercises[1].Question, alien.Lessons[0].Exercises[1].Question
	if q1 == q2 {
		t.Errorf("the labyrinth question reads the same in the farm and alien themes: %q", q1)
	}
}
