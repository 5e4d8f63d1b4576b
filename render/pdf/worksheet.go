package pdf

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/render/pageid"
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
func Worksheet(w io.Writer, c render.Course, l render.Lesson, opts render.Options) error {
	k, err := newAssets(c, opts)
	if err != nil {
		return err
	}
	return k.Worksheet(w, c, l)
}

// Worksheet writes a lesson's worksheet as a PDF file of its own.
func (k *Assets) Worksheet(w io.Writer, c render.Course, l render.Lesson) error {
	s, err := newSheet(c, k, l.Title)
	if err != nil {
		return err
	}
	if err := s.worksheet(l); err != nil {
		return err
	}
	return s.finish(w)
}

// Worksheet writes a lesson's worksheet pages into the document.
func (s *sheet) worksheet(l render.Lesson) error {
	l = l.OnPaper()
	if err := pageid.Check(l.ID); err != nil {
		return err
	}
	s.footer = l.Title
	s.newPage()
	box, err := s.reminderBox(l)
	if err != nil {
		return fmt.Errorf("render: lesson %q: reminder: %w", l.ID, err)
	}
	layout := l.Layout
	if layout == style.ByKind {
		layout = s.c.Layout
	}
	rs := rows(groups(l.Exercises), layout)
	heads := taskHeadings(rs)
	tight, left := s.firstPage(l, box, rs, heads)
	s.y += s.header(l, s.y, tight, true)
	s.y += box.lay(s, s.y, tight, true)
	for i, row := range rs {
		if left == 0 {
			s.newPage()
			left = max(s.pagePlan(s.y, rs[i:], heads[i:]), 1) // a row taller than a page gets one
		}
		if heads[i] != "" {
			s.heading(heads[i])
		}
		if err := s.row(row); err != nil {
			return fmt.Errorf("render: lesson %q: exercise %d: %w", l.ID, row[0].ex[0].Number, err)
		}
		left--
	}
	s.beside = false
	return nil
}

// firstPage chooses how the first page sets its top and its rows: the
// usual top unless a tight top brings more rows onto it, and the rows as
// pagePlan sets them; it reports whether the top is tight and how many
// rows go on the page (none when the first does not fit under the top),
// and leaves the page's setting of compact rows set.
// A page whose next row does not fit would otherwise be left up to a
// third empty: a row is about a third of a page, the header and reminder
// a fifth.
func (s *sheet) firstPage(l render.Lesson, box reminder, rs [][]block, heads []string) (tight bool, n int) {
	n, beside := -1, false
	for _, t := range []bool{false, true} {
		top := s.y + s.header(l, 0, t, false) + box.lay(s, 0, t, false)
		if m := s.pagePlan(top, rs, heads); m > n {
			n, tight, beside = m, t, s.beside
		}
	}
	s.beside = beside
	return tight, n
}

// pagePlan chooses how a page whose first row starts at y sets its rows
// of compact cells: with the strip over each board, unless setting every
// one of them beside the board brings more rows onto the page (one style
// a page). It sets the choice and returns how many rows go on the page.
func (s *sheet) pagePlan(y float64, rs [][]block, heads []string) int {
	n, m := s.rowsFrom(y, rs, heads, false), s.rowsFrom(y, rs, heads, true)
	s.beside = m > n
	return max(n, m)
}

// rowsFrom returns how many of the rows go on a page when the first starts
// at y, as row and heading place them, with the strip of compact cells
// over their boards or beside them. Beside, the page ends before a row of
// compact cells that cannot set its strip so.
func (s *sheet) rowsFrom(y float64, rs [][]block, heads []string, beside bool) int {
	defer func(was bool) { s.beside = was }(s.beside)
	s.beside = beside
	bottom := s.pageH - margin - footerH
	for i, r := range rs {
		if beside && r[0].kind == compactCell && !s.fitsBeside(r, s.cellW(compactCell)) {
			return i
		}
		h, gap := s.rowHeight(r)
		if heads[i] != "" {
			h += s.headingHeight(heads[i])
		}
		if y+h > bottom {
			return i
		}
		y += h + gap
	}
	return len(rs)
}

// contentW returns the width between the margins.
func (s *sheet) contentW() float64 { return s.pageW - 2*margin }

// header lays out the worksheet's title block at y: the course and level,
// the lesson's title, the name, class and date lines and the score box,
// and returns its height; it draws only when draw is set. A tight header
// puts the course and level on the title's line, at its right, where both
// fit.
func (s *sheet) header(l render.Lesson, y float64, tight, draw bool) float64 {
	y0 := y
	w := s.contentW()
	course := s.say("sheet.course-level", s.c.Title, l.Level)
	s.font("B", 18)
	titleW := s.GetStringWidth(l.Title)
	s.font("", 10)
	courseW := s.GetStringWidth(course)
	if tight && titleW+6+courseW <= w {
		if draw {
			s.font("", 10)
			s.Text(margin+w-courseW, y+0.5+18*ptToMM, course)
			s.font("B", 18)
			s.Text(margin, y+0.5+18*ptToMM, l.Title)
		}
		y += lineH(18) + 2.5
	} else {
		y += s.paraAt(margin, y, w, "", 10, course, draw)
		y += s.paraAt(margin, y+0.5, w, "B", 18, l.Title, draw) + 1
	}
	base := y + 6
	if draw {
		s.nameLines(l, base)
	}
	y = base + 4
	if draw {
		s.SetLineWidth(0.8)
		s.Line(margin, y, margin+w, y)
	}
	return y + 3 - y0
}

// nameLines writes the name, class and date lines on the baseline base,
// and the score box "__ / N" for the teacher at their right.
func (s *sheet) nameLines(l render.Lesson, base float64) {
	w := s.contentW()
	s.font("", 12)
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
	bx := margin + w - scoreW
	s.SetLineWidth(0.6)
	s.Rect(bx, base-7, scoreW, 10, "D")
	s.SetLineWidth(0.3)
	s.Line(bx+2, base+1, bx+12, base+1)
	s.Text(bx+14, base, score)
}

// paraAt lays out wrapped text with its top at (x, y) and returns its
// height; it draws only when draw is set.
func (s *sheet) paraAt(x, y, w float64, style string, size float64, text string, draw bool) float64 {
	if draw {
		return s.para(x, y, w, style, size, text)
	}
	return s.paraHeight(w, style, size, text)
}

// reminder is a worksheet's reminder box: its title and paragraphs, which
// are bulleted for the lesson's goals.
type reminder struct {
	title   string
	paras   []string
	bullets bool
}

// reminderBox returns the lesson's reminder box: its reminder's text
// (without boards), or else its goals.
func (s *sheet) reminderBox(l render.Lesson) (reminder, error) {
	if l.Reminder == "" {
		return reminder{title: s.say("sheet.goals"), paras: l.Goals, bullets: true}, nil
	}
	blocks, err := render.PlainBlocks(l.Reminder, s.c.Start)
	if err != nil {
		return reminder{}, err
	}
	r := reminder{title: s.say("sheet.remember")}
	for _, b := range blocks {
		if b.Board == nil {
			r.paras = append(r.paras, b.Text)
		}
	}
	return r, nil
}

// Reminder box geometry: the padding in millimetres, the type size, and
// the gap under the box.
const (
	remPad  = 2.0
	remSize = 10.0
	remGap  = 3.5
)

// lay lays out the reminder box at y and returns the height it takes with
// the gap under it (2 mm without a box); it draws only when draw is set.
// The box holds its title, then each paragraph; a tight box runs the
// title and the paragraphs on together, the title in bold.
func (r reminder) lay(s *sheet, y float64, tight, draw bool) float64 {
	if len(r.paras) == 0 {
		return 2
	}
	w := s.contentW() - 2*remPad
	var lines []string
	tw := 0.0
	if tight {
		s.font("B", remSize)
		tw = s.GetStringWidth(r.title) + 2.5
		lines = s.runOn(r.items(), w, tw)
	} else {
		lines = []string{r.title}
		for _, p := range r.items() {
			lines = append(lines, s.textLines("", remSize, strings.Join(p, " "), w)...)
		}
	}
	h := 2*remPad - 1 + lineH(remSize)*float64(len(lines))
	if draw {
		s.SetLineWidth(0.4)
		s.SetFillColor(240, 240, 240)
		s.RoundedRect(margin, y, s.contentW(), h, 2, "1234", "FD")
		s.SetFillColor(0, 0, 0)
		base := y + remPad + remSize*ptToMM
		s.font("B", remSize)
		s.Text(margin+remPad, base, r.title)
		s.font("", remSize)
		for i, line := range lines {
			x := margin + remPad
			if i == 0 {
				x += tw
				if !tight {
					continue
				}
			}
			s.Text(x, base+lineH(remSize)*float64(i), line)
		}
	}
	return h + remGap
}

// items returns the box's paragraphs as words; a goal's bullet and its
// first word are one word, so that a line never ends on a bullet.
func (r reminder) items() [][]string {
	var out [][]string
	for _, p := range r.paras {
		words := strings.Fields(p)
		if r.bullets && len(words) > 0 {
			words[0] = "• " + words[0]
		}
		out = append(out, words)
	}
	return out
}

// runOn sets paragraphs of words one after another in lines w wide, the
// first line narrower by indent, with a wider space between paragraphs.
func (s *sheet) runOn(items [][]string, w, indent float64) []string {
	s.font("", remSize)
	var lines []string
	line, room := "", w-indent
	for i, words := range items {
		for j, word := range words {
			sep := " "
			if j == 0 && i > 0 {
				sep = "   "
			}
			switch {
			case line == "":
				line = word
			case s.GetStringWidth(line+sep+word) <= room:
				line += sep + word
			default:
				lines = append(lines, line)
				line, room = word, w
			}
		}
	}
	return append(lines, line)
}

// captionHeight returns the height of a diagram's caption.
func (s *sheet) captionHeight(b render.Board, w float64) float64 {
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
