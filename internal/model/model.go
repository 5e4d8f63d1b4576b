package model

import (
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/engine"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Settings are the build's choices that override the course file's.
type Settings struct {
	Theme *style.Theme // the art and words; nil keeps the course's
	Paper *style.Paper // the worksheets' paper; nil keeps the course's
	Date  string       // the date shown, "YYYY-MM-DD"; "" shows none

	ClassSize int // the class checklist's rows; 0: render.DefaultClassSize
}

// Model returns the renderer's data for c, a course that course.Check has
// verified (so every exercise's Line is set).
func Model(c *course.Course, s Settings) render.Course {
	out := render.Course{Title: c.Title, Author: c.Author, Language: c.Language, Date: s.Date, Theme: c.Theme, Paper: c.Paper, Layout: c.Layout}
	if c.Start != rules.Start {
		out.Start = c.Start.String() // what fen: start means in this course's board blocks
	}
	if s.Theme != nil {
		out.Theme = *s.Theme
	}
	if s.Paper != nil {
		out.Paper = *s.Paper
	}
	out.ClassSize = s.ClassSize
	used := map[int]bool{}
	for _, l := range c.Lessons {
		out.Lessons = append(out.Lessons, lesson(l, catalog.New(c.Language, c.Theme), catalog.New(c.Language, out.Theme)))
		used[l.Level] = true
	}
	for level := 1; level <= 5; level++ {
		if used[level] {
			out.Levels = append(out.Levels, render.Level{Number: level, Name: c.LevelName(level), Goals: c.LevelGoals(level)})
		}
	}
	return out
}

// lesson maps one lesson; from words the course as it was loaded (its
// language and theme) and to as it is built (its language and the theme to
// build with).
func lesson(l *course.Lesson, from, to *catalog.Printer) render.Lesson {
	out := render.Lesson{ID: l.ID, Title: l.Title, Level: l.Level, Summary: l.Summary, Goals: l.Goals, Intro: l.Intro,
		Reminder: l.Reminder, Layout: l.Layout, Teacher: l.Teacher, Formerly: l.Formerly}
	for i, e := range l.Exercises {
		out.Exercises = append(out.Exercises, exercise(i+1, e, from, to))
	}
	out.Plays = plays(l)
	return out
}

// plays returns the board blocks of a lesson's intro and explanations
// marked play: true, by their fen as written, the child taking the side to
// move; nil when there is none.
func plays(l *course.Lesson) map[string]render.Play {
	var out map[string]render.Play
	add := func(ds []*course.Diagram) {
		for _, d := range ds {
			if !d.Play {
				continue
			}
			if out == nil {
				out = map[string]render.Play{}
			}
			out[d.FEN] = play(d.Position, d.Position.Side)
		}
	}
	add(l.Diagrams)
	for _, e := range l.Exercises {
		add(e.Diagrams)
	}
	return out
}

// play offers p to play out, the child taking side.
func play(p rules.Position, side rules.Color) render.Play {
	out := render.Play{FEN: p.String(), Side: "w", TooBig: !engine.Affordable(p)}
	if side == rules.Black {
		out.Side = "b"
	}
	return out
}

// exercisePlay offers an exercise's position to play out, the child taking
// the side the question is about (childSide); a labyrinth's board and a
// finished game are not offered. A drill's position too big for a browser
// is not offered either, and so says nothing: its board is for counting
// squares, and a drill lesson on big positions would otherwise say "too big
// to play" under its first board.
func exercisePlay(e *course.Exercise) render.Play {
	if e.BoardOnly || e.Position.Status().Over() {
		return render.Play{}
	}
	out := play(e.Position, childSide(e))
	if out.TooBig && !e.Question.Kind().NeedsSolver() {
		return render.Play{}
	}
	return out
}

// childSide returns the side an exercise's question puts the child on:
// White unless it asks about Black, or asks for Black's best move.
func childSide(e *course.Exercise) rules.Color {
	switch q := e.Question.(type) {
	case *question.MovesToWin:
		if q.Side != nil {
			return *q.Side
		}
	case *question.MovesToGoal:
		if q.Goal.Kind == solver.TakeMore {
			return rules.Black
		}
	case *question.BestMove:
		return q.Position.Side
	}
	return rules.White
}

// childWins reports whether a game question's answer is that the side it
// puts the child on wins (or reaches its goal): only then does the site's
// praise say that the other side did not see it coming. The other
// questions (best-move, the drills) count as a win.
func childWins(e *course.Exercise) bool {
	switch q := e.Question.(type) {
	case *question.Outcome:
		w, won := question.Winner(q.Answer)
		return won && w == childSide(e)
	case *question.MovesToWin:
		return q.Answer != question.Never && (q.Side != nil || e.Proof.Winner == childSide(e))
	case *question.MovesToGoal:
		return q.Answer != question.Never
	}
	return true
}

// exercise maps one exercise. A question the author did not write is worded
// anew for the theme to build with.
func exercise(n int, e *course.Exercise, from, to *catalog.Printer) render.Exercise {
	text, answer := e.Text, e.Answer
	if from != to && text == e.Question.Wording(from) {
		text = e.Question.Wording(to)
	}
	if from != to && answer == e.Question.Key(from) {
		answer = e.Question.Key(to)
	}
	space := e.Question.Space(to)
	out := render.Exercise{
		Number: n, ID: e.ID, Kind: e.Kind.String(), Drill: e.Kind.Drill(), Level: e.Level,
		Question: text, Hint: e.Hint, Explain: e.Explain, Answer: answer, Line: to.SAN(e.Line),
		Space: space.Kind, Choices: space.Choices,
		Board: board(e), NoGroup: e.NoGroup, Concept: e.Concept, SiteOnly: e.SiteOnly,
		Black: childSide(e) == rules.Black, NoWin: !childWins(e),
	}
	out.Board.Play = exercisePlay(e)
	out.AskSide = asksSide(e)
	if out.AskSide && e.Proof.Decided {
		out.Winner = to.Word("black.label")
		if e.Proof.Winner == rules.White {
			out.Winner = to.Word("white.label")
		}
	}
	out.Best, out.AlsoWin, out.Also = sans(to, e.Proof.Best), sans(to, e.Proof.AlsoWin), question.AlsoText(to, e.Proof.Also)
	out.Goal = goal(e)
	if space.Never {
		out.Choices = []string{to.Say("q.never")}
	}
	out.Accept = accept(e.Question.Accept(e.Proof))
	return out
}

// accept maps what the checker accepts to the renderer's plain data.
func accept(a question.Accepted) render.Accept {
	out := render.Accept{Squares: a.Squares, Choice: a.Choice, Winner: a.Winner, Every: a.Every}
	if a.HasNumber {
		n := a.Number
		out.Number = &n
	}
	for _, m := range a.Moves {
		out.Moves = append(out.Moves, render.AcceptMove{From: m.From, To: m.To, SAN: m.SAN, Slower: m.Slower})
	}
	if a.Path != nil {
		out.Path = &render.AcceptPath{From: a.Path.From, To: a.Path.To, Moves: a.Path.Moves, Next: a.Path.Next}
	}
	return out
}

// goal returns the sub-goal an exercise asks about, as lesson files write
// it ("save:1"), or "" for the whole game.
func goal(e *course.Exercise) string {
	var g solver.Goal
	switch q := e.Question.(type) {
	case *question.MovesToGoal:
		g = q.Goal
	case *question.BestMove:
		g = q.Goal
	default:
		return ""
	}
	if g.Kind == solver.Game {
		return ""
	}
	return question.GoalString(g)
}

// asksSide reports whether an exercise asks who wins as well as how many
// moves: moves-to-win without a side.
func asksSide(e *course.Exercise) bool {
	q, ok := e.Question.(*question.MovesToWin)
	return ok && q.Side == nil
}

// board returns the diagram of an exercise: the game position, or for a
// labyrinth's board the pieces alone. A labyrinth's target is framed and
// the squares it must avoid by name are marked, as its question says.
func board(e *course.Exercise) render.Board {
	b := render.Board{}
	for i, s := range e.Marks {
		name := s.String()
		if i < len(e.MarkKinds) {
			name += e.MarkKinds[i].Suffix()
		}
		b.Marks = append(b.Marks, name)
	}
	for _, a := range e.Arrows {
		to := a.To.String()
		if a.No {
			to += "x"
		}
		b.Arrows = append(b.Arrows, [2]string{a.From.String(), to})
	}
	if q, ok := e.Question.(*question.Labyrinth); ok {
		b.Target = q.To.String()
		for _, s := range q.Avoid.Squares() {
			b.Marks = append(b.Marks, s.String()+course.AvoidMark.Suffix())
		}
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

// sans returns moves in the piece letters of p's language.
func sans(p *catalog.Printer, moves []string) []string {
	if moves == nil {
		return nil
	}
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = p.SAN(m)
	}
	return out
}
