package pdf

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/render"
	"nostromo-lessons/render/diagram"
	"nostromo-lessons/render/pageid"
)

// AnswerKey writes lesson l's answer key for the teacher: an answer strip
// (one short answer per exercise, for marking), then for each exercise its
// question, the answer, the principal line, for a best move the moves that
// also win, and the explanation as plain text.
func AnswerKey(w io.Writer, c render.Course, l render.Lesson, opts render.Options) error {
	k, err := newAssets(c, opts)
	if err != nil {
		return err
	}
	return k.AnswerKey(w, c, l)
}

// AnswerKey writes a lesson's answer key.
func (k *Assets) AnswerKey(w io.Writer, c render.Course, l render.Lesson) error {
	if err := pageid.Check(l.ID); err != nil {
		return err
	}
	s, err := newSheet(c, k, k.Say.Say("title.of", l.Title, k.Say.Say("key.doc")))
	if err != nil {
		return err
	}
	if err := s.answerKey(l); err != nil {
		return err
	}
	return s.finish(w)
}

// AnswerKey writes a lesson's answer key pages into the document: the
// title and the answer strip across the page, then the entries in two
// columns.
func (s *sheet) answerKey(l render.Lesson) error {
	l = l.OnPaper()
	s.footer = s.say("key.footer", l.Title)
	s.newPage()
	wd := s.contentW()
	s.y += s.para(margin, s.y, wd, "", 10, s.say("sheet.course-level", s.c.Title, l.Level))
	s.y += s.para(margin, s.y+0.5, wd, "B", 18, s.say("key.title", l.Title)) + 2
	s.SetLineWidth(0.8)
	s.Line(margin, s.y, margin+wd, s.y)
	s.y += 4
	s.answerStrip(l)
	s.keyCol, s.keyTop = 0, s.y
	var shown render.Exercise // the last exercise whose line the key printed
	for _, e := range l.Exercises {
		sameAs := 0
		if e.Line != "" && e.Line == shown.Line && e.Board.FEN == shown.Board.FEN {
			sameAs = shown.Number
		} else if e.Line != "" {
			shown = e
		}
		if err := s.answer(e, sameAs); err != nil {
			return fmt.Errorf("render: lesson %q: exercise %d: explain: %w", l.ID, e.Number, err)
		}
	}
	return nil
}

// stripTitle is the key of what opens the answer strip; tests find a
// key's strip by it.
const stripTitle = "key.strip"

// answerStrip writes the answer strip: every exercise's number and short
// answer on a line, "1: crew · 2: 3 · 3: e5", in a box, for marking a pile
// of worksheets.
func (s *sheet) answerStrip(l render.Lesson) {
	var items []string
	for _, e := range l.Exercises {
		items = append(items, strconv.Itoa(e.Number)+": "+shortAnswer(e, s.k.Say))
	}
	const pad, size = 2.5, 11.0
	w := s.contentW() - 2*pad
	lines := s.stripLines(items, w, size)
	h := pad + lineH(10) + lineH(size)*float64(len(lines)) + pad
	s.SetLineWidth(0.6)
	s.Rect(margin, s.y, s.contentW(), h, "D")
	y := s.y + pad
	y += s.para(margin+pad, y, w, "", 10, s.say(stripTitle))
	s.font("B", size)
	for i, line := range lines {
		s.Text(margin+pad, y+lineH(size)*float64(i)+size*ptToMM, line)
	}
	s.y += h + 5
}

// stripSep stands between the answers of the strip.
const stripSep = "  ·  "

// stripLines sets the strip's answers on lines w wide in bold type of a
// size, breaking lines between answers, so that a number stays with its
// answer and a line never starts with the separator; an answer wider than
// a line is wrapped.
func (s *sheet) stripLines(items []string, w, size float64) []string {
	var lines []string
	cur := ""
	for i, it := range items {
		if i < len(items)-1 {
			it += strings.TrimRight(stripSep, " ")
		}
		s.font("B", size)
		switch {
		case s.GetStringWidth(it) > w:
			if cur != "" {
				lines = append(lines, cur)
			}
			wrapped := s.textLines("B", size, it, w)
			lines = append(lines, wrapped[:len(wrapped)-1]...)
			cur = wrapped[len(wrapped)-1]
		case cur == "":
			cur = it
		case s.GetStringWidth(cur+"  "+it) > w:
			lines = append(lines, cur)
			cur = it
		default:
			cur += "  " + it
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// leadingNumber matches an answer that starts with a number: "7 moves",
// "3 moves, for example b1-d2-e4-f6", "5 ходов".
var leadingNumber = regexp.MustCompile(`^\d+`)

// shortAnswer returns an exercise's answer as the strip shows it: a
// number, a side, "yes", moves or squares, without words around them.
func shortAnswer(e render.Exercise, p *catalog.Printer) string {
	a := e.Answer
	if m := leadingNumber.FindString(a); m != "" {
		// A count of moves in the course's language: "7 moves", "5 ходов".
		if n, err := strconv.Atoi(m); err == nil && strings.HasPrefix(a, p.Say("count.moves", n)) {
			a = m
		}
	}
	if e.Winner != "" {
		a = strings.ToLower(e.Winner) + " " + a
	}
	if e.Kind == "outcome" {
		a = strings.TrimSuffix(strings.TrimPrefix(a, "The "), " wins")
		a = strings.ToLower(a)
	}
	a = strings.ReplaceAll(a, " or ", "/")
	return strings.ReplaceAll(a, ", ", " ")
}

// An answer key's entries: two columns keyColGap apart, each entry a
// number badge and beside it the question, the answer, the lines and the
// explanation, with its diagrams keyDiagramW wide (squares of 5 mm); type
// sizes in points.
const (
	keyColGap   = 6.0
	keyBadge    = 6.5
	keyDiagramW = 50.0
	keyQSize    = 10.0 // the question and the answer
	keyTextSize = 9.5  // the moves and the explanation
)

// keyColW returns the width of an answer key's column.
func (s *sheet) keyColW() float64 { return (s.contentW() - keyColGap) / 2 }

// keyTextX returns where the text of the current column's entries starts,
// right of the number badges.
func (s *sheet) keyTextX() float64 {
	return margin + float64(s.keyCol)*(s.keyColW()+keyColGap) + keyBadge + 2
}

// keyBreak goes on in the answer key's next column: the second column of
// the page, or the first of a new page.
func (s *sheet) keyBreak() {
	if s.keyCol == 0 {
		s.keyCol, s.y = 1, s.keyTop
		return
	}
	s.newPage()
	s.keyCol, s.keyTop = 0, s.y
}

// answer writes one exercise's entry in the answer key. sameAs, when not
// 0, is the number of an exercise before it on the same board whose
// entry printed the same line: the entry refers to it ("as in 1") rather
// than printing the line again.
func (s *sheet) answer(e render.Exercise, sameAs int) error {
	blocks, err := render.PlainBlocks(e.Explain, s.c.Start)
	if err != nil {
		return err
	}
	w := s.keyColW() - keyBadge - 2
	if need := max(keyBadge, s.paraHeight(w, "B", keyQSize, e.Question)) + 2*lineH(keyQSize); !s.room(need) {
		s.keyBreak()
	}
	s.badgeSized(s.keyTextX()-keyBadge-2, s.y, e.Number, keyBadge, keyQSize)
	s.y += max(keyBadge-lineH(keyQSize), 0) / 2
	s.keyFlow(w, "B", keyQSize, e.Question)
	s.keyFlow(w, "B", keyQSize, s.say("key.answer", render.FullAnswer(e, s.k.Say)))
	if also := render.AlsoText(e, s.k.Say); also != "" {
		s.keyFlow(w, "", keyTextSize, also)
	}
	switch {
	case sameAs > 0:
		s.keyFlow(w, "", keyTextSize, s.say("key.line-as", sameAs))
	case e.Line != "":
		s.keyFlow(w, "", keyTextSize, s.say("key.line", e.Line))
	}
	for _, b := range blocks {
		s.y += 1
		if b.Board == nil {
			s.keyFlow(w, "", keyTextSize, b.Text)
			continue
		}
		if err := s.keyDiagram(*b.Board); err != nil {
			return err
		}
	}
	s.y += 4
	return nil
}

// keyDiagram draws a diagram of an explanation in the answer key's column,
// with its caption.
func (s *sheet) keyDiagram(b render.Board) error {
	if h := diagramHeightSize(b, keyDiagramW, diagram.SlimSize) + s.captionHeight(b, keyDiagramW); !s.room(h) {
		s.keyBreak()
	}
	x := s.keyTextX()
	h, err := s.drawDiagramSize(b, x, s.y, keyDiagramW, diagram.SlimSize)
	if err != nil {
		return err
	}
	s.y += h
	if b.Caption != "" {
		s.y += 1 + s.para(x, s.y+1, keyDiagramW, "I", smallSize, b.Caption)
	}
	return nil
}

// keyFlow writes wrapped text in the answer key's current column, line by
// line, going on in the next column whenever the next line does not fit.
func (s *sheet) keyFlow(w float64, style string, size float64, text string) {
	lh := lineH(size)
	for _, line := range s.textLines(style, size, text, w) {
		if !s.room(lh) {
			s.keyBreak()
		}
		s.font(style, size)
		s.Text(s.keyTextX(), s.y+size*ptToMM, line)
		s.y += lh
	}
}

// flow writes wrapped text at the cursor, line by line, starting a new page
// whenever the next line does not fit.
func (s *sheet) flow(x, w float64, style string, size float64, text string) {
	lh := lineH(size)
	for _, line := range s.textLines(style, size, text, w) {
		if !s.room(lh) {
			s.newPage()
		}
		s.font(style, size)
		s.Text(x, s.y+size*ptToMM, line)
		s.y += lh
	}
}
