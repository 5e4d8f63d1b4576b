package pdf

import (
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
)

// Answer spaces on a worksheet, in millimetres.
const (
	ruleGap  = 12.0 // distance between writing lines
	tickSize = 7.0
)

// answerPrompt is the message key of what a worksheet says above each kind
// of answer space. A NumberBox with Choices (such as "never") offers a tick
// box for each below the box.
var answerPrompt = [...]string{
	style.NumberBox:   "sheet.prompt.number",
	style.TickBoxes:   "sheet.prompt.tick",
	style.SquareLines: "sheet.prompt.squares",
	style.MoveLines:   "sheet.prompt.moves",
	style.PathOnBoard: "sheet.prompt.path",
}

// answerHeight returns the height of an exercise's answer space with its
// hint, in a column w wide.
func (s *sheet) answerHeight(e render.Exercise, w float64) float64 {
	h := s.paraHeight(w, "", bodySize, s.prompt(e.Space)) + 3 + s.sideHeight(e, w)
	switch e.Space {
	case style.NumberBox, style.PathOnBoard:
		h += 22
		for _, c := range e.Choices {
			h += max(s.paraHeight(w-tickSize-3, "", bodySize, s.say("sheet.or", c)), tickSize) + 4
		}
	case style.TickBoxes:
		for _, c := range e.Choices {
			h += max(s.paraHeight(w-tickSize-3, "", bodySize, c), tickSize) + 4
		}
	case style.SquareLines:
		h += 3 * ruleGap
	case style.MoveLines:
		h += 4 * ruleGap
	}
	if e.Hint != "" {
		h += 4 + s.paraHeight(w, "I", smallSize, s.say("sheet.hint", e.Hint))
	}
	return h
}

// prompt returns the prompt for an answer space.
func (s *sheet) prompt(a style.AnswerSpace) string {
	if int(a) < len(answerPrompt) {
		return s.say(answerPrompt[a])
	}
	return s.say(answerPrompt[style.NumberBox])
}

// answerSpace draws an exercise's answer space at (x, y) in a column w wide.
func (s *sheet) answerSpace(e render.Exercise, x, y, w float64) {
	y += s.sides(e, x, y, w, true)
	y += s.para(x, y, w, "", bodySize, s.prompt(e.Space)) + 3
	s.SetLineWidth(0.5)
	switch e.Space {
	case style.NumberBox, style.PathOnBoard:
		s.SetLineWidth(0.8)
		s.Rect(x, y, 36, 20, "D")
		y += 24
		s.SetLineWidth(0.5)
		for _, c := range e.Choices {
			s.Rect(x, y, tickSize, tickSize, "D")
			y += max(s.para(x+tickSize+3, y+0.3, w-tickSize-3, "", bodySize, s.say("sheet.or", c)), tickSize) + 4
		}
	case style.TickBoxes:
		for _, c := range e.Choices {
			s.Rect(x, y, tickSize, tickSize, "D")
			th := s.para(x+tickSize+3, y+0.3, w-tickSize-3, "", bodySize, c)
			y += max(th, tickSize) + 4
		}
	case style.SquareLines, style.MoveLines:
		n := 3
		if e.Space == style.MoveLines {
			n = 4
		}
		for range n {
			y += ruleGap
			s.Line(x, y-2, x+w, y-2)
		}
	}
	if e.Hint != "" {
		s.para(x, y+4, w, "I", smallSize, s.say("sheet.hint", e.Hint))
	}
}

// sideHeight returns the height of the "who wins?" tick boxes of a
// question that asks for the winner too.
func (s *sheet) sideHeight(e render.Exercise, w float64) float64 { return s.sides(e, 0, 0, w, false) }

// sides lays out "Who wins?" with a tick box for each side, for a question
// that asks for the winner as well as the moves, and returns the height.
func (s *sheet) sides(e render.Exercise, x, y, w float64, draw bool) float64 {
	if !e.AskSide {
		return 0
	}
	f := flowLine{s: s, x0: x, x: x, y: y, w: w, size: bodySize, draw: draw}
	f.text(s.say("sheet.who-wins"))
	f.tick(s.k.Say.Word("white.label"))
	f.tick(s.k.Say.Word("black.label"))
	f.newline()
	return f.y - y + 2
}
