package pdf

import (
	"io"
	"nostromo-lessons/render"
	"strconv"
)

// Workbook writes the whole course as one PDF for printing and binding: a
// cover, a contents page with the page on which each part starts, the
// Rules sheet, every lesson's worksheet and, at the back for the teacher,
// every answer key. The rules, each lesson and each key start on an odd
// (right-hand) page, after a page left blank on purpose where needed, so
// that a duplex print splits into handouts; the PDF's outline names them.
// Pages are numbered through the whole book.
func Workbook(w io.Writer, c render.Course, opts render.Options) error {
	k, err := newAssets(c, opts)
	if err != nil {
		return err
	}
	return k.Workbook(w, c)
}

// Workbook writes the whole course as one PDF.
func (k *Assets) Workbook(w io.Writer, c render.Course) error {
	// The contents page needs the page on which each lesson starts, known
	// only once the book is laid out: lay it out once to learn them.
	dry, err := newSheet(c, k, c.Title)
	if err != nil {
		return err
	}
	starts, err := dry.workbook(nil)
	if err != nil {
		return err
	}
	s, _ := newSheet(c, k, c.Title)
	if _, err := s.workbook(starts); err != nil {
		return err
	}
	return s.finish(w)
}

// keysTitle is the key of the answer keys' part of the workbook.
const keysTitle = "book.keys"

// Workbook lays out the book, with the given start pages in the contents
// (nil: not known yet), and returns the start pages it used: the rules,
// each lesson, then the answer keys.
func (s *sheet) workbook(starts []int) ([]int, error) {
	s.cover()
	s.contents(starts)
	var got []int
	s.toOdd()
	got = append(got, s.PageNo()+1)
	s.bookmark(s.say(render.RulesTitle), 0)
	s.rulesSheet()
	for _, l := range s.c.Lessons {
		s.toOdd()
		got = append(got, s.PageNo()+1)
		s.bookmark(l.Title, 0)
		if err := s.worksheet(l); err != nil {
			return nil, err
		}
	}
	for i, l := range s.c.Lessons {
		s.toOdd()
		if i == 0 {
			got = append(got, s.PageNo()+1)
			s.bookmark(s.say(keysTitle), 0)
		}
		s.bookmark(l.Title, 1)
		if err := s.answerKey(l); err != nil {
			return nil, err
		}
	}
	return got, nil
}

// cover draws the title page: course title, author, date, the start
// position in the course's theme, and a line for the pupil's name.
func (s *sheet) cover() {
	s.footer = ""
	s.newPage()
	w := s.contentW()
	s.y = margin + 30
	s.centered(s.y, "B", 32, s.c.Title)
	s.y += s.paraHeight(w, "B", 32, s.c.Title) + 6
	for _, line := range []string{s.c.Author, s.c.Date} {
		if line != "" {
			s.centered(s.y, "", 15, line)
			s.y += lineH(15)
		}
	}
	const dw = 130.0
	s.drawDiagram(render.Board{FEN: "start"}, (s.pageW-dw)/2, s.y+12, dw)
	s.font("", 16)
	y := s.pageH - margin - 40
	label := s.say("book.belongs")
	s.Text(margin+10, y, label)
	s.SetLineWidth(0.4)
	s.Line(margin+10, y+14, s.pageW-margin-10, y+14)
}

// centered writes wrapped text centred between the margins.
func (s *sheet) centered(y float64, style string, size float64, text string) {
	for i, line := range s.textLines(style, size, text, s.contentW()) {
		s.Text((s.pageW-s.GetStringWidth(line))/2, y+size*ptToMM+lineH(size)*float64(i), line)
	}
}

// contents writes the contents page: the lessons by level with their start
// pages, each linked to its page.
func (s *sheet) contents(starts []int) {
	s.footer = s.c.Title
	s.newPage()
	w := s.contentW()
	s.y += s.para(margin, s.y, w, "B", 24, s.say("book.contents")) + 4
	page := func(i int) string {
		if i < len(starts) {
			return strconv.Itoa(starts[i])
		}
		return "…"
	}
	s.contentsLine(s.say(render.RulesTitle), page(0), w, starts, 0)
	level := -1
	for i, l := range s.c.Lessons {
		if l.Level != level {
			level = l.Level
			s.y += 3
			s.flow(margin, w, "B", 16, s.say("level", level))
		}
		s.contentsLine(strconv.Itoa(i+1)+". "+l.Title, page(i+1), w, starts, i+1)
	}
	if len(s.c.Lessons) > 0 {
		s.y += 3
		n := len(s.c.Lessons) + 1
		s.contentsLine(s.say(keysTitle), page(n), w, starts, n)
		last := "…" // the same height in both layout passes
		if n < len(starts) {
			last = strconv.Itoa(starts[n] - 1)
		}
		s.y += 2
		s.flow(margin, w, "I", smallSize, s.say("book.print", last, page(n)))
	}
}

// contentsLine writes one lesson title, a dotted leader and its page
// number at the right edge, linked to that page once the page is known.
func (s *sheet) contentsLine(title, page string, w float64, starts []int, i int) {
	s.font("", bodySize)
	room := s.GetStringWidth("9999") // the same in both layout passes
	lines := s.textLines("", bodySize, title, w-room-10)
	top := s.y
	s.flow(margin+6, w-room-10, "", bodySize, title)
	base := s.y - lineH(bodySize) + bodySize*ptToMM
	pageX := margin + w - s.GetStringWidth(page)
	s.Text(pageX, base, page)
	if len(lines) > 0 {
		s.leader(margin+6+s.GetStringWidth(lines[len(lines)-1])+2, pageX-2, base)
	}
	if i < len(starts) {
		link := s.AddLink()
		s.SetLink(link, 0, starts[i])
		s.Link(margin, top, w, s.y-top, link)
	}
	s.y += 1.5
}

// leader draws a dotted line on a text baseline from x0 to x1.
func (s *sheet) leader(x0, x1, y float64) {
	if x1-x0 < 4 {
		return
	}
	s.SetLineWidth(0.5)
	s.SetDashPattern([]float64{0, 2}, 0)
	s.SetLineCapStyle("round")
	s.Line(x0, y, x1, y)
	s.SetDashPattern(nil, 0)
	s.SetLineCapStyle("butt")
}
