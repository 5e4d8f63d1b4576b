package render

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"nostromo-lessons/internal/catalog"
)

// AnswerKey writes lesson l's answer key for the teacher: an answer strip
// (one short answer per exercise, for marking), then for each exercise its
// question, the answer, the principal line, for a best move the moves that
// also win, and the explanation as plain text.
func AnswerKey(w io.Writer, c Course, l Lesson, opts Options) error {
	k, err := newKit(c, opts)
	if err != nil {
		return err
	}
	return k.answerKey(w, c, l)
}

// answerKey writes a lesson's answer key.
func (k *kit) answerKey(w io.Writer, c Course, l Lesson) error {
	if err := CheckID(l.ID); err != nil {
		return err
	}
	s, err := newSheet(c, k, l.Title+": answer key")
	if err != nil {
		return err
	}
	if err := s.answerKey(l); err != nil {
		return err
	}
	return s.finish(w)
}

// answerKey writes a lesson's answer key pages into the document.
func (s *sheet) answerKey(l Lesson) error {
	l = l.OnPaper()
	s.footer = s.say("key.footer", l.Title)
	s.newPage()
	wd := s.contentW()
	s.y += s.para(margin, s.y, wd, "", 12, s.say("sheet.course-level", s.c.Title, l.Level))
	s.y += s.para(margin, s.y+1, wd, "B", 24, s.say("key.title", l.Title)) + 3
	s.SetLineWidth(0.8)
	s.Line(margin, s.y, margin+wd, s.y)
	s.y += 5
	s.answerStrip(l)
	for _, e := range l.Exercises {
		if err := s.answer(e); err != nil {
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
func (s *sheet) answerStrip(l Lesson) {
	var items []string
	for _, e := range l.Exercises {
		items = append(items, strconv.Itoa(e.Number)+": "+shortAnswer(e, s.k.say))
	}
	text := strings.Join(items, "  ·  ")
	const pad, size = 3.0, 13.0
	w := s.contentW() - 2*pad
	h := pad + lineH(12) + s.paraHeight(w, "B", size, text) + pad
	s.SetLineWidth(0.6)
	s.Rect(margin, s.y, s.contentW(), h, "D")
	y := s.y + pad
	y += s.para(margin+pad, y, w, "", 12, s.say(stripTitle))
	s.para(margin+pad, y, w, "B", size, text)
	s.y += h + 6
}

// leadingNumber matches an answer that starts with a number: "7 moves",
// "3 moves, for example b1-d2-e4-f6", "5 ходов".
var leadingNumber = regexp.MustCompile(`^\d+`)

// shortAnswer returns an exercise's answer as the strip shows it: a
// number, a side, "yes", moves or squares, without words around them.
func shortAnswer(e Exercise, p *catalog.Printer) string {
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

// keyDiagramW is the width of a diagram in an answer key's explanation.
const keyDiagramW = 80.0

// answer writes one exercise's entry in the answer key.
func (s *sheet) answer(e Exercise) error {
	blocks, err := plainBlocks(e.Explain, s.c.Start)
	if err != nil {
		return err
	}
	w := s.contentW() - badge - 4
	x := margin + badge + 4
	need := max(badge, s.paraHeight(w, "B", bodySize, e.Question)) + 2*lineH(bodySize)
	if !s.room(need) {
		s.newPage()
	}
	s.numberBadge(margin, s.y, e.Number)
	s.y += max(badge-lineH(bodySize), 0) / 2
	s.flow(x, w, "B", bodySize, e.Question)
	answer := e.Answer
	if e.Winner != "" {
		answer = s.say("key.wins-in", e.Winner, answer)
	}
	s.flow(x, w, "B", bodySize, s.say("key.answer", answer))
	if e.Also != "" {
		also := s.say("key.none")
		if len(e.AlsoWin) > 0 {
			also = strings.Join(e.AlsoWin, ", ")
		}
		s.flow(x, w, "", 13, s.say("key.fastest", strings.Join(e.Best, ", "), e.Also, also))
	}
	if e.Line != "" {
		s.flow(x, w, "", 13, s.say("key.line", e.Line))
	}
	for _, b := range blocks {
		s.y += 1.5
		if b.board == nil {
			s.flow(x, w, "", 12, b.text)
			continue
		}
		if h := diagramHeight(*b.board, keyDiagramW) + s.captionHeight(*b.board, keyDiagramW); !s.room(h) {
			s.newPage()
		}
		h, err := s.drawDiagram(*b.board, x, s.y, keyDiagramW)
		if err != nil {
			return err
		}
		s.y += h
		if b.board.Caption != "" {
			s.y += 1 + s.para(x, s.y+1, keyDiagramW, "I", smallSize, b.board.Caption)
		}
	}
	s.y += 7
	return nil
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
