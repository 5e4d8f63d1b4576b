package pdf

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/render/diagram"
)

// Certificates writes certificates.pdf: a page for each level the course's
// lessons use, with the theme's pieces, a line for the pupil's name, the
// level's name and what a pupil who finished it can do (Course.Levels, or
// the union of the level's lessons' goals), the titles of its lessons, and
// lines for a date and a signature.
func Certificates(w io.Writer, c render.Course, opts render.Options) error {
	k, err := newAssets(c, opts)
	if err != nil {
		return err
	}
	return k.Certificates(w, c)
}

// Certificates writes the certificates.
func (k *Assets) Certificates(w io.Writer, c render.Course) error {
	s, err := newSheet(c, k, k.Say.Say("title.of", c.Title, k.Say.Say("cert.doc")))
	if err != nil {
		return err
	}
	if err := s.certificatePages(courseLevels(c)); err != nil {
		return err
	}
	return s.finish(w)
}

// certificatePages draws a certificate for each of levels (for none, one
// of level 1 all the same, so that the file is a PDF). Every certificate
// sets its goals in one type size: the largest in which each level's fit,
// found by laying them out first on a sheet that is not written.
func (s *sheet) certificatePages(levels []render.Level) error {
	if len(levels) == 0 {
		levels = []render.Level{{Number: 1}}
	}
	dry, err := newSheet(s.c, s.k, "")
	if err != nil {
		return err
	}
	size := maxGoalSize
	for _, lv := range levels {
		size = min(size, dry.certificate(lv, maxGoalSize))
	}
	for _, lv := range levels {
		s.certificate(lv, size)
	}
	return nil
}

// The goals' type sizes on a certificate, in points: the largest, and the
// smallest to which a long list shrinks.
const (
	maxGoalSize = 15.0
	minGoalSize = 9.0
)

// courseLevels returns the levels the course's lessons use, in ascending
// order, each with its name from Course.Levels and its goals from there or,
// if none, from its lessons.
func courseLevels(c render.Course) []render.Level {
	var out []render.Level
	for _, l := range c.Lessons {
		if !slices.ContainsFunc(out, func(lv render.Level) bool { return lv.Number == l.Level }) {
			out = append(out, render.Level{Number: l.Level})
		}
	}
	slices.SortFunc(out, func(a, b render.Level) int { return a.Number - b.Number })
	for i := range out {
		lv := &out[i]
		if j := slices.IndexFunc(c.Levels, func(g render.Level) bool { return g.Number == lv.Number }); j >= 0 {
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
func (s *sheet) levelTitle(lv render.Level) string {
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
// and its goals, and date and signature lines. It sets the goals in the
// largest type size up to size in which they fit, and returns that size.
func (s *sheet) certificate(lv render.Level, size float64) float64 {
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
	s.pieceRow(s.y, 20)
	s.y += 20 + 6
	s.centered(s.y, "B", 40, s.say(certificateTitle))
	s.y += lineH(40) + 2
	s.centered(s.y, "", 14, s.c.Title)
	s.y += s.paraHeight(s.contentW(), "", 14, s.c.Title) + 7

	s.centered(s.y, "I", 16, s.say("cert.given"))
	s.y += lineH(16) + 14
	s.SetLineWidth(0.4)
	s.Line(margin+25, s.y, s.pageW-margin-25, s.y)
	s.y += 6
	s.centered(s.y, "I", 16, s.say("cert.finished"))
	s.y += lineH(16) + 2
	title := s.levelTitle(lv)
	s.centered(s.y, "B", 26, title)
	s.y += s.paraHeight(s.contentW(), "B", 26, title) + 6

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
	bottom := s.pageH - margin - inset - 24 - s.paraHeight(w, "I", smallSize, lessons) - 4
	cols := 1
	for len(lv.Goals) > 0 {
		if s.goalsHeight(lv.Goals, w, size, 1) <= bottom-s.y {
			break
		}
		if len(lv.Goals) >= minTwoColumnGoals && s.goalsHeight(lv.Goals, w, size, 2) <= bottom-s.y {
			cols = 2
			break
		}
		if size <= minGoalSize {
			break
		}
		size -= 0.5
	}
	if s.trace != nil {
		fmt.Fprintf(s.trace, "level %d: %d goals in %v pt, %d columns\n", lv.Number, len(lv.Goals), size, cols)
	}
	if len(lv.Goals) > 0 {
		s.y += s.para(x, s.y, w, "B", size, s.say("cert.can")) + 1.5
		s.y += s.goals(lv.Goals, x, w, size, cols, true)
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
	return size
}

// goalsHeight returns the height of the goals list in a type size, in
// one column or two.
func (s *sheet) goalsHeight(goals []string, w, size float64, cols int) float64 {
	return s.paraHeight(w, "B", size, s.say("cert.can")) + 1.5 + s.goals(goals, 0, w, size, cols, false)
}

// minTwoColumnGoals is the fewest goals a certificate sets in two columns,
// where one column would need a smaller type.
const minTwoColumnGoals = 6

// goals lays out the goals, each after a star, at (x, s.y) in a column w
// wide or in two columns (the first half of the goals in the left one),
// and returns the height; it draws only when draw is set.
func (s *sheet) goals(goals []string, x, w, size float64, cols int, draw bool) float64 {
	per := (len(goals) + cols - 1) / cols
	cw := (w - 6*float64(cols-1)) / float64(cols)
	h := 0.0
	for c := range cols {
		y := s.y
		cx := x + float64(c)*(cw+6)
		for _, g := range goals[min(c*per, len(goals)):min((c+1)*per, len(goals))] {
			if draw {
				s.starBullet(cx, y+lineH(size)/2, size*ptToMM*0.45)
				s.para(cx+7, y, cw-7, "", size, style.UpperFirst(g))
			}
			y += s.paraHeight(cw-7, "", size, style.UpperFirst(g)) + size*ptToMM*0.3
		}
		h = max(h, y-s.y)
	}
	return h
}

// starBullet draws a small star centred on (x+r, y).
func (s *sheet) starBullet(x, y, r float64) {
	var dr diagram.Drawing
	dr.Star(x+r, y, r)
	dr.Shapes[0].Width = 0.3
	s.drawDrawing(dr, 0, 0, 1)
}

// pieceRow draws the theme's pieces across the page, centred, h millimetres
// high with its top at y: the king, three pawns and the knight.
func (s *sheet) pieceRow(y, h float64) {
	ps := s.k.Pieces
	row := []diagram.Art{ps.King, ps.Pawn, ps.Pawn, ps.Pawn, ps.Knight}
	const gap = 8.0
	var dr diagram.Drawing
	widths := make([]float64, len(row))
	total := gap * float64(len(row)-1)
	for i, a := range row {
		x0, y0, x1, y1 := a.Bounds()
		widths[i] = (x1 - x0) * h / (y1 - y0)
		total += widths[i]
	}
	x := (s.pageW - total) / 2
	for i, a := range row {
		x0, y0, _, y1 := a.Bounds()
		k := h / (y1 - y0)
		dr.PlaceArt(a, x-k*x0, y-k*y0, k)
		x += widths[i] + gap
	}
	s.drawDrawing(dr, 0, 0, 1)
}
