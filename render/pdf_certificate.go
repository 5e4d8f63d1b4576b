package render

import (
	"io"
	"slices"
	"strings"

	"nostromo-lessons/internal/style"
)

// Certificates writes certificates.pdf: a page for each level the course's
// lessons use, with the theme's pieces, a line for the pupil's name, the
// level's name and what a pupil who finished it can do (Course.Levels, or
// the union of the level's lessons' goals), the titles of its lessons, and
// lines for a date and a signature.
func Certificates(w io.Writer, c Course, opts Options) error {
	k, err := artKit(c, opts)
	if err != nil {
		return err
	}
	return k.certificates(w, c)
}

// certificates writes the certificates.
func (k *kit) certificates(w io.Writer, c Course) error {
	s, err := newSheet(c, k, k.say.Say("title.of", c.Title, k.say.Say("cert.doc")))
	if err != nil {
		return err
	}
	for _, lv := range courseLevels(c) {
		s.certificate(lv)
	}
	if s.PageNo() == 0 { // no lessons: one page all the same, so the file is a PDF
		s.certificate(Level{Number: 1})
	}
	return s.finish(w)
}

// courseLevels returns the levels the course's lessons use, in ascending
// order, each with its name from Course.Levels and its goals from there or,
// if none, from its lessons.
func courseLevels(c Course) []Level {
	var out []Level
	for _, l := range c.Lessons {
		if !slices.ContainsFunc(out, func(lv Level) bool { return lv.Number == l.Level }) {
			out = append(out, Level{Number: l.Level})
		}
	}
	slices.SortFunc(out, func(a, b Level) int { return a.Number - b.Number })
	for i := range out {
		lv := &out[i]
		if j := slices.IndexFunc(c.Levels, func(g Level) bool { return g.Number == lv.Number }); j >= 0 {
			lv.Name, lv.Goals = c.Levels[j].Name, c.Levels[j].Goals
		}
		if len(lv.Goals) > 0 {
			continue
		}
		for _, l := range c.Lessons {
			for _, g := range l.Goals {
				if l.Level == lv.Number && !slices.Contains(lv.Goals, g) {
					lv.Goals = append(lv.Goals, g)
				}
			}
		}
	}
	return out
}

// levelTitle is a level as a certificate heads it: "Level 1 · Shuttle
// pilot", or "Level 1".
func (s *sheet) levelTitle(lv Level) string {
	if lv.Name == "" {
		return s.say("level", lv.Number)
	}
	return s.say("level.named", lv.Number, lv.Name)
}

// certificateTitle is the key of what heads every certificate page; tests
// count pages by it.
const certificateTitle = "cert.title"

// certificate draws one level's certificate on a page of its own: a double
// frame, the theme's pieces in a row, the title, the name line, the level
// and its goals, and date and signature lines.
func (s *sheet) certificate(lv Level) {
	s.footer = ""
	s.newPage()
	const inset = 6.0
	x0, y0 := margin, margin
	fw, fh := s.pageW-2*margin, s.pageH-2*margin
	s.SetLineWidth(1.6)
	s.Rect(x0, y0, fw, fh, "D")
	s.SetLineWidth(0.4)
	s.Rect(x0+inset/2, y0+inset/2, fw-inset, fh-inset, "D")

	s.y = y0 + inset + 8
	s.pieceRow(s.y, 24)
	s.y += 24 + 8
	s.centered(s.y, "B", 40, s.say(certificateTitle))
	s.y += lineH(40) + 2
	s.centered(s.y, "", 14, s.c.Title)
	s.y += s.paraHeight(s.contentW(), "", 14, s.c.Title) + 10

	s.centered(s.y, "I", 16, s.say("cert.given"))
	s.y += lineH(16) + 16
	s.SetLineWidth(0.4)
	s.Line(margin+25, s.y, s.pageW-margin-25, s.y)
	s.y += 8
	s.centered(s.y, "I", 16, s.say("cert.finished"))
	s.y += lineH(16) + 2
	title := s.levelTitle(lv)
	s.centered(s.y, "B", 26, title)
	s.y += s.paraHeight(s.contentW(), "B", 26, title) + 8

	// The goals, in a type size that fits the room above the lessons'
	// titles and the signatures.
	var titles []string
	for _, l := range s.c.Lessons {
		if l.Level == lv.Number {
			titles = append(titles, l.Title)
		}
	}
	x, w := margin+inset+14, s.contentW()-2*inset-28
	lessons := ""
	if len(titles) > 0 {
		lessons = s.say("cert.lessons", strings.Join(titles, " · "))
	}
	bottom := s.pageH - margin - inset - 30 - s.paraHeight(w, "I", smallSize, lessons) - 4
	if len(lv.Goals) > 0 {
		size := 15.0
		for size > 9 && s.goalsHeight(lv.Goals, w, size) > bottom-s.y {
			size -= 0.5
		}
		s.y += s.para(x, s.y, w, "B", size, s.say("cert.can")) + 1.5
		for _, g := range lv.Goals {
			s.starBullet(x, s.y+lineH(size)/2, size*ptToMM*0.45)
			s.y += s.para(x+7, s.y, w-7, "", size, style.UpperFirst(g)) + size*ptToMM*0.3
		}
	}
	if lessons != "" {
		s.y += 4
		s.y += s.para(x, s.y, w, "I", smallSize, lessons)
	}

	// Date and signature.
	y := s.pageH - margin - inset - 16
	s.font("", 13)
	left, right := margin+inset+10, s.pageW/2+6
	date, signed := s.say("sheet.date"), s.say("cert.signed")
	s.Text(left, y, date)
	s.Line(left+s.GetStringWidth(date)+3, y+1, s.pageW/2-6, y+1)
	s.Text(right, y, signed)
	s.Line(right+s.GetStringWidth(signed)+3, y+1, s.pageW-margin-inset-10, y+1)
}

// goalsHeight returns the height of the goals list in a type size.
func (s *sheet) goalsHeight(goals []string, w, size float64) float64 {
	h := s.paraHeight(w, "B", size, s.say("cert.can")) + 1.5
	for _, g := range goals {
		h += s.paraHeight(w-7, "", size, style.UpperFirst(g)) + size*ptToMM*0.3
	}
	return h
}

// starBullet draws a small star centred on (x+r, y).
func (s *sheet) starBullet(x, y, r float64) {
	var dr drawing
	dr.star(x+r, y, r)
	dr.shapes[0].width = 0.3
	dr.drawPDF(s, 0, 0, 1)
}

// pieceRow draws the theme's pieces across the page, centred, h millimetres
// high with its top at y: the king, three pawns and the knight.
func (s *sheet) pieceRow(y, h float64) {
	ps := s.k.pieces
	row := []art{ps.king, ps.pawn, ps.pawn, ps.pawn, ps.knight}
	const gap = 8.0
	var dr drawing
	widths := make([]float64, len(row))
	total := gap * float64(len(row)-1)
	for i, a := range row {
		x0, y0, x1, y1 := a.bounds()
		widths[i] = (x1 - x0) * h / (y1 - y0)
		total += widths[i]
	}
	x := (s.pageW - total) / 2
	for i, a := range row {
		x0, y0, _, y1 := a.bounds()
		k := h / (y1 - y0)
		dr.placeArt(a, x-k*x0, y-k*y0, k)
		x += widths[i] + gap
	}
	dr.drawPDF(s, 0, 0, 1)
}
