package pdf

import (
	"fmt"
	"io"
	"testing"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
)

// bigCourse is a course of 8 lessons with 10 exercises each, every answer
// space and an intro diagram, the size of a real course.
func bigCourse() render.Course {
	c := sampleCourse(style.Alien)
	c.Lessons = nil
	spaces := []style.AnswerSpace{style.NumberBox, style.TickBoxes, style.SquareLines, style.MoveLines, style.PathOnBoard}
	for i := range 8 {
		l := render.Lesson{ID: fmt.Sprintf("lesson-%d", i+1), Title: fmt.Sprintf("Lesson %d", i+1), Level: i/3 + 1,
			Summary: "A lesson of the benchmark course.", Goals: []string{"Count", "Run"},
			Intro: "Look:\n\n```board\nfen: start\ncaption: Start\n```\n\nAnd go on."}
		for j := range 10 {
			e := render.Exercise{Number: j + 1, Question: "How many moves does White need to save three pawns?",
				Hint: "Think first.", Answer: "7 moves", Line: "1. e3 Nd5 2. Kd2 Nxe3 3. Kxe3", Space: spaces[j%len(spaces)],
				Choices: []string{"yes", "no"}, Explain: "Because the **king** helps.",
				Board: render.Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", Arrows: [][2]string{{"f6", "e4"}}, Marks: []string{"d5"}}}
			if e.Space == style.PathOnBoard {
				e.Board = render.Board{Pieces: map[string]string{"e1": "king", "e5": "knight"}}
			}
			l.Exercises = append(l.Exercises, e)
		}
		c.Lessons = append(c.Lessons, l)
	}
	return c
}

// BenchmarkWorksheet renders one lesson's worksheet of 10 exercises.
func BenchmarkWorksheet(b *testing.B) {
	c := bigCourse()
	b.ReportAllocs()
	for b.Loop() {
		if err := Worksheet(io.Discard, c, c.Lessons[0], render.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWorksheetDrill renders a worksheet of twelve diagrams in the
// drill layout, as bench/worksheet does (compared with LaTeX there).
func BenchmarkWorksheetDrill(b *testing.B) {
	c := sampleCourse(style.Alien)
	l := render.Lesson{ID: "drill", Title: "Drill", Level: 1, Layout: style.Drill, Goals: []string{"Count the moves."}}
	for i := range 12 {
		l.Exercises = append(l.Exercises, render.Exercise{Number: i + 1, Kind: "knight-moves", Drill: true, Question: "Which squares can the alien jump to?",
			Answer: "b3, c2", Space: style.SquareLines, NoGroup: true, Board: render.Board{FEN: "8/8/8/8/8/8/2P1P3/n3K3 w 1 3"}})
	}
	c.Lessons = []render.Lesson{l}
	b.ReportAllocs()
	for b.Loop() {
		if err := Worksheet(io.Discard, c, l, render.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
