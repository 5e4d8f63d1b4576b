package render

import (
	"fmt"
	"io"
	"strconv"
)

// Worksheet layout in millimetres.
const (
	badge     = 10.0 // the exercise number's box
	diagW     = 98.0 // diagram width, state panel included
	pathDiagW = 80.0 // diagram width when the pupil draws on it: no panel, so 9 mm squares, two exercises a page
	colGap    = 8.0
	blockGap  = 9.0
	qSize     = 15.0 // question type size
)

// Worksheet writes lesson l's worksheet for pupils: a header with the course
// and lesson titles and lines for name, class and date, then the numbered
// exercises, each with its diagram, its question and the space its answer
// needs. Every page carries the lesson title and its number.
func Worksheet(w io.Writer, c Course, l Lesson, opts Options) error {
	k, err := newKit(c, opts)
	if err != nil {
		return err
	}
	return k.worksheet(w, c, l)
}

// worksheet writes a lesson's worksheet as a PDF file of its own.
func (k *kit) worksheet(w io.Writer, c Course, l Lesson) error {
	s, err := newSheet(c, k, l.Title)
	if err != nil {
		return err
	}
	if err := s.worksheet(l); err != nil {
		return err
	}
	return s.finish(w)
}

// worksheet writes a lesson's worksheet pages into the document.
func (s *sheet) worksheet(l Lesson) error {
	if err := CheckID(l.ID); err != nil {
		return err
	}
	s.footer = l.Title
	s.newPage()
	s.header(l)
	for _, e := range l.Exercises {
		if err := s.exercise(e); err != nil {
			return fmt.Errorf("render: lesson %q: exercise %d: %w", l.ID, e.Number, err)
		}
	}
	return nil
}

// contentW returns the width between the margins.
func (s *sheet) contentW() float64 { return s.pageW - 2*margin }

// header writes the worksheet's title block with the name, class and date
// lines.
func (s *sheet) header(l Lesson) {
	w := s.contentW()
	s.y += s.para(margin, s.y, w, "", 12, fmt.Sprintf("%s · Level %d", s.c.Title, l.Level))
	s.y += s.para(margin, s.y+1, w, "B", 24, l.Title) + 4
	s.font("", 13)
	base := s.y + 8
	fields := []struct {
		label string
		frac  float64
	}{{"Name", 0.5}, {"Class", 0.2}, {"Date", 0.3}}
	x := margin
	for _, f := range fields {
		s.Text(x, base, f.label)
		lx := x + s.GetStringWidth(f.label) + 2
		end := x + w*f.frac - 5
		s.SetLineWidth(0.3)
		s.Line(lx, base+1, end, base+1)
		x += w * f.frac
	}
	s.y = base + 5
	s.SetLineWidth(0.8)
	s.Line(margin, s.y, margin+w, s.y)
	s.y += 7
}

// exercise writes one exercise block, starting a new page if it does not
// fit.
func (s *sheet) exercise(e Exercise) error {
	w := s.contentW()
	dw := diagW
	if e.Space == PathOnBoard {
		dw = pathDiagW
	}
	aw := w - dw - colGap
	qh := max(s.paraHeight(w-badge-4, "B", qSize, e.Question), badge)
	dh := diagramHeight(e.Board, dw) + s.captionHeight(e.Board, dw)
	h := qh + 4 + max(dh, s.answerHeight(e, aw)) + blockGap
	if !s.room(h) && s.y > margin+1 {
		s.newPage()
	}
	s.numberBadge(margin, s.y, e.Number)
	s.para(margin+badge+4, s.y+0.5, w-badge-4, "B", qSize, e.Question)
	top := s.y + qh + 4
	bh, err := s.drawDiagram(e.Board, margin, top, dw)
	if err != nil {
		return err
	}
	if e.Board.Caption != "" {
		s.para(margin, top+bh+1, dw, "I", smallSize, e.Board.Caption)
	}
	s.answerSpace(e, margin+dw+colGap, top+2, aw)
	s.y += h
	return nil
}

// captionHeight returns the height of a diagram's caption.
func (s *sheet) captionHeight(b Board, w float64) float64 {
	if b.Caption == "" {
		return 0
	}
	return 1 + s.paraHeight(w, "I", smallSize, b.Caption)
}

// numberBadge draws an exercise number as white on black in a rounded box.
func (s *sheet) numberBadge(x, y float64, n int) {
	s.SetFillColor(0, 0, 0)
	s.RoundedRect(x, y, badge, badge, 1.5, "1234", "F")
	s.font("B", qSize)
	s.SetTextColor(255, 255, 255)
	num := strconv.Itoa(n)
	s.Text(x+(badge-s.GetStringWidth(num))/2, y+badge/2+qSize*ptToMM*0.36, num)
	s.SetTextColor(0, 0, 0)
}
