package pdf

import (
	"fmt"
	"io"
	"strings"

	"nostromo-lessons/render"
)

// Class report geometry in millimetres.
const (
	reportNameW = 45.0 // the child's name
	reportMinW  = 7.0  // an exercise's column at the narrowest
	reportMaxW  = 14.0 // and at the widest
	reportRowH  = 7.0
	reportSize  = 10.0
)

// ClassReport writes the class report: a page per lesson (more where its
// children or exercises do not fit one), the children's rows by the
// lesson's exercises, each cell the stars of an exercise solved ("*" to
// "***") or the wrong answers to one not solved yet ("× 2"), empty for
// one not tried.
func ClassReport(w io.Writer, c render.Course, r render.ClassReport, opts render.Options) error {
	k, err := newAssets(c, opts)
	if err != nil {
		return err
	}
	title := k.Say.Say("classreport.title", r.Class)
	s, err := newSheet(c, k, k.Say.Say("title.of", c.Title, title))
	if err != nil {
		return err
	}
	s.footer = c.Title + " · " + title
	if len(r.Lessons) == 0 {
		s.newPage()
		s.y += s.para(margin, s.y, s.contentW(), "B", 16, title)
		s.para(margin, s.y+4, s.contentW(), "", bodySize, k.Say.Say("classreport.empty"))
	}
	for _, l := range r.Lessons {
		s.reportLesson(title, l)
	}
	return s.finish(w)
}

// reportLesson draws one lesson's pages.
func (s *sheet) reportLesson(title string, l render.ClassReportLesson) {
	w := s.contentW()
	perPage := max(1, int((w-reportNameW)/reportMinW))
	for first := 0; first == 0 || first < len(l.Exercises); first += perPage {
		cols := l.Exercises[first:min(first+perPage, len(l.Exercises))]
		colW := reportMinW
		if len(cols) > 0 {
			colW = min(reportMaxW, (w-reportNameW)/float64(len(cols)))
		}
		row := 0
		for row == 0 || row < len(l.Rows) {
			s.bookmark(fmt.Sprintf("%d. %s", l.Number, l.Title), 0)
			s.newPage()
			s.y += s.para(margin, s.y, w, "B", 16, s.say("title.of", title, fmt.Sprintf("%d. %s", l.Number, l.Title)))
			s.y += s.para(margin, s.y+1, w, "", smallSize, s.say("classreport.legend")) + 3
			s.reportHead(cols, colW)
			for row < len(l.Rows) && s.room(reportRowH) {
				s.reportRow(l.Rows[row], first, len(cols), colW)
				row++
			}
			if len(l.Rows) == 0 {
				s.para(margin, s.y+2, w, "I", smallSize, s.say("classreport.no-answers"))
				break
			}
		}
	}
}

// reportHead draws the exercises' numbers over their columns.
func (s *sheet) reportHead(cols []string, colW float64) {
	s.font("B", reportSize)
	s.SetLineWidth(0.3)
	s.SetFillColor(230, 230, 240)
	s.Rect(margin, s.y, reportNameW+colW*float64(len(cols)), reportRowH, "FD")
	s.Text(margin+1.5, s.y+reportRowH-2.2, s.say("classreport.child"))
	for i, e := range cols {
		x := margin + reportNameW + colW*float64(i)
		s.Line(x, s.y, x, s.y+reportRowH)
		s.Text(x+(colW-s.GetStringWidth(e))/2, s.y+reportRowH-2.2, e)
	}
	s.y += reportRowH
}

// reportRow draws a child's row: the cells first to first+n.
func (s *sheet) reportRow(r render.ClassReportRow, first, n int, colW float64) {
	s.SetLineWidth(0.2)
	s.Rect(margin, s.y, reportNameW+colW*float64(n), reportRowH, "D")
	s.font("", reportSize)
	name := []rune(r.Child)
	for len(name) > 0 && s.GetStringWidth(string(name)) > reportNameW-3 {
		name = name[:len(name)-1]
	}
	s.Text(margin+1.5, s.y+reportRowH-2.2, string(name))
	for i := range n {
		x := margin + reportNameW + colW*float64(i)
		s.Line(x, s.y, x, s.y+reportRowH)
		c := r.Cells[first+i]
		text := ""
		switch {
		case c.Stars > 0:
			s.font("B", reportSize)
			text = strings.Repeat("*", c.Stars)
		case c.Wrong > 0:
			s.font("", reportSize)
			text = fmt.Sprintf("× %d", c.Wrong)
		}
		s.Text(x+(colW-s.GetStringWidth(text))/2, s.y+reportRowH-2.2, text)
	}
	s.y += reportRowH
}
