package pdf

import (
	"bytes"
	"strings"
	"testing"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
)

// TestKeyLineOnce checks that an answer key prints a line once for the
// questions that follow one another on the same board with the same line,
// each later one referring to the first ("as in 1"), and prints a line
// again for another board or another line.
func TestKeyLineOnce(t *testing.T) {
	const (
		board = "8/8/8/8/3n4/8/PP3PP1/4K3 w 0 2"
		other = "8/8/8/8/3n4/8/PP3PP1/3K4 w 0 2"
		line  = "1. Kd2 Nf3+ 2. gxf3 N@f6"
		line2 = "1. Kd1 Nf3 2. gxf3 N@f6"
	)
	l := render.Lesson{ID: "game", Title: "Game", Level: 2, Exercises: []render.Exercise{
		{Number: 1, Kind: "outcome", Question: "Who wins?", Answer: "black", Line: line, Board: render.Board{FEN: board}},
		{Number: 2, Kind: "moves-to-win", Question: "In how many moves?", Answer: "21", Line: line, Board: render.Board{FEN: board}},
		{Number: 3, Kind: "best-move", Question: "The best move?", Answer: "Kd2", Line: line, Board: render.Board{FEN: board}},
		{Number: 4, Kind: "outcome", Question: "And here?", Answer: "black", Line: line, Board: render.Board{FEN: other}},
		{Number: 5, Kind: "outcome", Question: "And now?", Answer: "black", Line: line2, Board: render.Board{FEN: other}},
	}}
	c := sampleCourse(style.Classic)
	c.Lessons = []render.Lesson{l}
	var buf bytes.Buffer
	if err := AnswerKey(&buf, c, l, render.Options{}); err != nil {
		t.Fatal(err)
	}
	text := flat(pdfText(t, buf.Bytes()))
	if got := strings.Count(text, flat(english("key.line", line))); got != 2 {
		t.Errorf("the key prints the line %d times, want 2 (exercise 1, and exercise 4 on another board):\n%s", got, text)
	}
	if got := strings.Count(text, english("key.line-as", 1)); got != 2 {
		t.Errorf("%d exercises refer to exercise 1's line (%q), want 2 (exercises 2 and 3):\n%s", got, english("key.line-as", 1), text)
	}
	if !strings.Contains(text, flat(english("key.line", line2))) || strings.Contains(text, english("key.line-as", 4)) {
		t.Errorf("exercise 5, another line on the board of 4, does not print its own line:\n%s", text)
	}
}
