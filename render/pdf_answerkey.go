package render

import (
	"fmt"
	"io"
)

// AnswerKey writes lesson l's answer key for the teacher: for each exercise
// its question, the answer, the principal line and the explanation as
// plain text.
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
	s.footer = l.Title + " · answer key"
	s.newPage()
	wd := s.contentW()
	s.y += s.para(margin, s.y, wd, "", 12, fmt.Sprintf("%s · Level %d", c.Title, l.Level))
	s.y += s.para(margin, s.y+1, wd, "B", 24, "Answer key: "+l.Title) + 3
	s.SetLineWidth(0.8)
	s.Line(margin, s.y, margin+wd, s.y)
	s.y += 6
	for _, e := range l.Exercises {
		if err := s.answer(e); err != nil {
			return fmt.Errorf("render: lesson %q: exercise %d: explain: %w", l.ID, e.Number, err)
		}
	}
	return s.finish(w)
}

// keyDiagramW is the width of a diagram in an answer key's explanation.
const keyDiagramW = 80.0

// answer writes one exercise's entry in the answer key.
func (s *sheet) answer(e Exercise) error {
	blocks, err := plainBlocks(e.Explain)
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
	s.flow(x, w, "B", bodySize, "Answer: "+e.Answer)
	if e.Line != "" {
		s.flow(x, w, "", 13, "Best play: "+e.Line)
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
