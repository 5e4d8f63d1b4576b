package render

import (
	"fmt"
	"io"
	"testing"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render/diagram"
)

// bigCourse is a course of 8 lessons with 10 exercises each, every answer
// space and an intro diagram, the size of a real course.
func bigCourse() Course {
	c := sampleCourse(style.Alien)
	c.Lessons = nil
	spaces := []style.AnswerSpace{style.NumberBox, style.TickBoxes, style.SquareLines, style.MoveLines, style.PathOnBoard}
	for i := range 8 {
		l := Lesson{ID: fmt.Sprintf("lesson-%d", i+1), Title: fmt.Sprintf("Lesson %d", i+1), Level: i/3 + 1,
			Summary: "A lesson of the benchmark course.", Goals: []string{"Count", "Run"},
			Intro: "Look:\n\n```board\nfen: start\ncaption: Start\n```\n\nAnd go on."}
		for j := range 10 {
			e := Exercise{Number: j + 1, Question: "How many moves does White need to save three pawns?",
				Hint: "Think first.", Answer: "7 moves", Line: "1. e3 Nd5 2. Kd2 Nxe3 3. Kxe3", Space: spaces[j%len(spaces)],
				Choices: []string{"yes", "no"}, Explain: "Because the **king** helps.",
				Board: Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", Arrows: [][2]string{{"f6", "e4"}}, Marks: []string{"d5"}}}
			if e.Space == style.PathOnBoard {
				e.Board = Board{Pieces: map[string]string{"e1": "king", "e5": "knight"}}
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
		if err := Worksheet(io.Discard, c, c.Lessons[0], Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWorksheetDrill renders a worksheet of twelve diagrams in the
// drill layout, as bench/worksheet does (compared with LaTeX there).
func BenchmarkWorksheetDrill(b *testing.B) {
	c := sampleCourse(style.Alien)
	l := Lesson{ID: "drill", Title: "Drill", Level: 1, Layout: style.Drill, Goals: []string{"Count the moves."}}
	for i := range 12 {
		l.Exercises = append(l.Exercises, Exercise{Number: i + 1, Kind: "knight-moves", Drill: true, Question: "Which squares can the alien jump to?",
			Answer: "b3, c2", Space: style.SquareLines, NoGroup: true, Board: Board{FEN: "8/8/8/8/8/8/2P1P3/n3K3 w 1 3"}})
	}
	c.Lessons = []Lesson{l}
	b.ReportAllocs()
	for b.Loop() {
		if err := Worksheet(io.Discard, c, l, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSVG renders one board diagram.
func BenchmarkSVG(b *testing.B) {
	ps, err := diagram.LoadPieces(Options{}.files(), style.Alien)
	if err != nil {
		b.Fatal(err)
	}
	board := bigCourse().Lessons[0].Exercises[0].Board
	b.ReportAllocs()
	for b.Loop() {
		if err := diagram.WriteBoardSVG(io.Discard, board, en(style.Alien), ps); err != nil {
			b.Fatal(err)
		}
	}
}
