package build

import (
	"fmt"

	"nostromo-lessons/exercises"
	"nostromo-lessons/lessons"
	"nostromo-lessons/render"
	"nostromo-lessons/rules"
)

// Settings are the build's choices that override the course file's.
type Settings struct {
	Theme string // "classic", "alien" or "farm"; "" keeps the course's
	Paper string // "a4" or "letter"; "" keeps the course's
	Date  string // the date shown, "YYYY-MM-DD"; "" shows none
}

// Model returns the renderer's data for c, a course that lessons.Check has
// verified (so every exercise's Line is set).
func Model(c *lessons.Course, s Settings) (render.Course, error) {
	theme, paper := c.Theme, c.Paper.String()
	if s.Theme != "" {
		t, ok := exercises.ParseTheme(s.Theme)
		if !ok {
			return render.Course{}, fmt.Errorf("build: theme %q: want classic, alien or farm", s.Theme)
		}
		theme = t
	}
	if s.Paper != "" {
		paper = s.Paper
	}
	out := render.Course{Title: c.Title, Author: c.Author, Language: c.Language, Date: s.Date}
	var err error
	if out.Theme, err = render.ParseTheme(theme.String()); err != nil {
		return out, fmt.Errorf("build: %w", err)
	}
	if out.Paper, err = render.ParsePaper(paper); err != nil {
		return out, fmt.Errorf("build: %w", err)
	}
	for _, l := range c.Lessons {
		out.Lessons = append(out.Lessons, lesson(l, c.Theme, theme))
	}
	return out, nil
}

// lesson maps one lesson; from is the theme the course was loaded with and
// to the theme to build with.
func lesson(l *lessons.Lesson, from, to exercises.Theme) render.Lesson {
	out := render.Lesson{ID: l.ID, Title: l.Title, Level: l.Level, Summary: l.Summary, Goals: l.Goals, Intro: l.Intro}
	for i, e := range l.Exercises {
		out.Exercises = append(out.Exercises, exercise(i+1, e, from, to))
	}
	return out
}

// exercise maps one exercise. A question the author did not write is worded
// anew for the theme to build with.
func exercise(n int, e *lessons.Exercise, from, to exercises.Theme) render.Exercise {
	question, answer := e.Question, e.Answer
	if from != to && question == e.Q.Wording(from) {
		question = e.Q.Wording(to)
	}
	if from != to && answer == e.Q.Key(from) {
		answer = e.Q.Key(to)
	}
	space := e.Q.Space(to)
	out := render.Exercise{
		Number: n, ID: e.ID, Kind: e.Kind.String(), Level: e.Level,
		Question: question, Hint: e.Hint, Explain: e.Explain, Answer: answer, Line: e.Line,
		Space: answerSpace(space.Kind), Choices: space.Choices,
		Board: board(e),
	}
	if space.Never {
		out.Choices = []string{"never"}
	}
	return out
}

func answerSpace(k exercises.SpaceKind) render.AnswerSpace {
	switch k {
	case exercises.TickBoxes:
		return render.TickBoxes
	case exercises.SquareLines:
		return render.SquareLines
	case exercises.MoveLines:
		return render.MoveLines
	case exercises.BoardPath:
		return render.PathOnBoard
	}
	return render.NumberBox
}

// board returns the diagram of an exercise: the game position, or for a
// labyrinth's board the pieces alone. A labyrinth's target is framed and
// the squares it must avoid by name are marked, as its question says.
func board(e *lessons.Exercise) render.Board {
	b := render.Board{Marks: squareNames(e.Marks)}
	for _, a := range e.Arrows {
		b.Arrows = append(b.Arrows, [2]string{a.From.String(), a.To.String()})
	}
	if q, ok := e.Q.(*exercises.Labyrinth); ok {
		b.Target = q.To.String()
		b.Marks = append(b.Marks, squareNames(q.Avoid.Squares())...)
	}
	if !e.BoardOnly {
		b.FEN = e.Position.String()
		return b
	}
	b.NoState = true
	b.Pieces = map[string]string{}
	p := e.Position
	for sq := rules.A1; sq <= rules.H8; sq++ {
		if pc := p.PieceAt(sq); pc != rules.NoPiece {
			b.Pieces[sq.String()] = pc.String()
		}
	}
	return b
}

func squareNames(squares []rules.Square) []string {
	var names []string
	for _, s := range squares {
		names = append(names, s.String())
	}
	return names
}
