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
// and lesson titles, lines for name, class and date and a score box, a
// reminder box, then the numbered exercises in the lesson's layout, each
// with its diagram, its question and the space its answer needs. Every page
// carries the lesson title and its number.
func Worksheet(w io.Writer, c Course, l Lesson, opts Options) error {
	k, err := artKit(c, opts)
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
	l = l.OnPaper()
	if err := CheckID(l.ID); err != nil {
		return err
	}
	s.footer = l.Title
	s.newPage()
	s.header(l)
	if err := s.reminder(l); err != nil {
		return fmt.Errorf("render: lesson %q: reminder: %w", l.ID, err)
	}
	layout := l.Layout
	if layout == ByKind {
		layout = s.c.Layout
	}
	rs := rows(groups(l.Exercises), layout)
	heads := taskHeadings(rs)
	for i, row := range rs {
		if heads[i] != "" {
			s.heading(heads[i], row)
		}
		if err := s.row(row); err != nil {
			return fmt.Errorf("render: lesson %q: exercise %d: %w", l.ID, row[0].ex[0].Number, err)
		}
	}
	return nil
}

// contentW returns the width between the margins.
func (s *sheet) contentW() float64 { return s.pageW - 2*margin }

// header writes the worksheet's title block with the name, class and date
// lines and the score box.
func (s *sheet) header(l Lesson) {
	w := s.contentW()
	s.y += s.para(margin, s.y, w, "", 10, s.say("sheet.course-level", s.c.Title, l.Level))
	s.y += s.para(margin, s.y+0.5, w, "B", 18, l.Title) + 1
	s.font("", 12)
	base := s.y + 6
	score := fmt.Sprintf("/ %d", len(l.Exercises))
	scoreW := 14 + s.GetStringWidth(score) + 4
	fields := []struct {
		label string
		frac  float64
	}{{s.say("sheet.name"), 0.5}, {s.say("sheet.class"), 0.2}, {s.say("sheet.date"), 0.3}}
	x := margin
	lw := w - scoreW - 4
	for _, f := range fields {
		s.Text(x, base, f.label)
		lx := x + s.GetStringWidth(f.label) + 2
		end := x + lw*f.frac - 5
		s.SetLineWidth(0.3)
		s.Line(lx, base+1, end, base+1)
		x += lw * f.frac
	}
	// The score box: "__ / N" for the teacher.
	bx := margin + w - scoreW
	s.SetLineWidth(0.6)
	s.Rect(bx, base-7, scoreW, 10, "D")
	s.SetLineWidth(0.3)
	s.Line(bx+2, base+1, bx+12, base+1)
	s.Text(bx+14, base, score)
	s.y = base + 4
	s.SetLineWidth(0.8)
	s.Line(margin, s.y, margin+w, s.y)
	s.y += 3
}

// reminder writes the reminder box: the lesson's reminder, or its goals.
func (s *sheet) reminder(l Lesson) error {
	var lines []string
	if l.Reminder != "" {
		blocks, err := plainBlocks(l.Reminder, s.c.Start)
		if err != nil {
			return err
		}
		for _, b := range blocks {
			if b.board == nil {
				lines = append(lines, b.text)
			}
		}
	} else {
		for _, g := range l.Goals {
			lines = append(lines, "• "+g)
		}
	}
	if len(lines) == 0 {
		s.y += 2
		return nil
	}
	const pad, size = 2, 10
	w := s.contentW() - 2*pad
	h := pad + lineH(size)
	for _, line := range lines {
		h += s.paraHeight(w, "", size, line)
	}
	h += pad - 1
	s.SetLineWidth(0.4)
	s.SetFillColor(240, 240, 240)
	s.RoundedRect(margin, s.y, s.contentW(), h, 2, "1234", "FD")
	s.SetFillColor(0, 0, 0)
	y := s.y + pad
	title := s.say("sheet.remember")
	if l.Reminder == "" {
		title = s.say("sheet.goals")
	}
	y += s.para(margin+pad, y, w, "B", size, title)
	for _, line := range lines {
		y += s.para(margin+pad, y, w, "", size, line)
	}
	s.y += h + 3.5
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
func (s *sheet) numberBadge(x, y float64, n int) { s.badgeSized(x, y, n, badge, qSize) }

// badgeSized draws a number badge of side b with the number in type size
// size.
func (s *sheet) badgeSized(x, y float64, n int, b, size float64) {
	s.SetFillColor(0, 0, 0)
	s.RoundedRect(x, y, b, b, 1.5, "1234", "F")
	s.font("B", size)
	s.SetTextColor(255, 255, 255)
	num := strconv.Itoa(n)
	s.Text(x+(b-s.GetStringWidth(num))/2, y+b/2+size*ptToMM*0.36, num)
	s.SetTextColor(0, 0, 0)
}
