package pdf

import (
	"fmt"
	"io"
	"nostromo-lessons/render"
	"strconv"
	"strings"
)

// Checklist writes checklist.pdf, the class checklist for the teacher: a
// grid of the children (Course.ClassSize rows, each numbered, with a line
// for a name) by the lessons (a column each, headed by the lesson's number,
// title and "/ N", its number of exercises, grouped by level), for a score
// or a tick per worksheet. A class or a course too large for a page goes
// on over more pages, the lessons first; the lessons are shared evenly
// between their pages, so that no page repeats every child's row for a
// few lessons.
func Checklist(w io.Writer, c render.Course, opts render.Options) error {
	k, err := newAssets(c, opts)
	if err != nil {
		return err
	}
	return k.Checklist(w, c)
}

// checklistTitle heads every page of the checklist.
const checklistTitle = "check.title"

// Checklist geometry in millimetres.
const (
	numColW   = 8.0  // the row number
	nameColW  = 52.0 // the child's name, while the lessons leave room for it
	minNameW  = 40.0 // and at the narrowest, to give the lessons room
	minLessW  = 9.0  // a lesson's column at the narrowest (room for "12" and two lines of its title)
	maxLessW  = 18.0 // and at the widest
	minHeadH  = 34.0 // the lesson titles, written upwards, at the lowest
	maxHeadH  = 50.0 // and at the highest; a longer title is cut
	headFoot  = 12.0 // under the titles: the lesson's number and score
	levelBarH = 6.0  // the level over its lessons
	minRowH   = 6.0  // a child's row at the lowest (room to write a name, as on narrow-ruled paper)
	maxRowH   = 9.0
)

// checklistTitleSize is the type size of the lesson titles over the
// checklist's columns.
const checklistTitleSize = 8.5

// Checklist writes the class checklist.
func (k *Assets) Checklist(w io.Writer, c render.Course) error {
	s, err := newSheet(c, k, k.Say.Say("title.of", c.Title, k.Say.Say(checklistTitle)))
	if err != nil {
		return err
	}
	children := c.ClassSize
	if children <= 0 {
		children = render.DefaultClassSize
	}
	s.footer = c.Title + " · " + s.say(checklistTitle)
	lessons := c.Lessons
	if len(lessons) == 0 {
		lessons = []render.Lesson{{}} // one empty column: the page still shows the class
	}
	perPage := max(1, int((s.contentW()-numColW-minNameW)/minLessW))
	pages := (len(lessons) + perPage - 1) / perPage
	perPage = (len(lessons) + pages - 1) / pages // shared evenly
	for first := 0; first < len(lessons); first += perPage {
		cols := lessons[first:min(first+perPage, len(lessons))]
		for row := 0; row < children; {
			row = s.checklistPage(cols, first, row, children)
		}
	}
	return s.finish(w)
}

// checklistPage draws one page of the checklist: the lessons cols (the
// first of which is the course's lesson number first+1) and the children
// from row on, as many as fit. It returns the next row to draw.
func (s *sheet) checklistPage(cols []render.Lesson, first, row, children int) int {
	s.newPage()
	w := s.contentW()
	s.y += s.para(margin, s.y, w, "B", 16, s.say("title.of", s.say(checklistTitle), s.c.Title))
	s.font("", 12)
	base := s.y + 6
	for i, label := range []string{s.say("sheet.class"), s.say("check.teacher")} {
		x := margin + float64(i)*w/2
		s.Text(x, base, label)
		s.SetLineWidth(0.3)
		s.Line(x+s.GetStringWidth(label)+2, base+1, x+w/2-6, base+1)
	}
	s.y = base + 4

	nc := float64(len(cols))
	lw := min(maxLessW, (w-numColW-nameColW)/nc)
	if lw < minLessW { // the name column gives the lessons room
		lw = min(minLessW+1, (w-numColW-minNameW)/nc)
	}
	nameW := w - numColW - lw*nc
	headH := s.checklistHeadH(cols, lw)
	x0 := margin + numColW + nameW // the first lesson column
	top := s.y

	// The levels over their lessons.
	s.SetLineWidth(0.3)
	for i := 0; i < len(cols); {
		j := i
		for j < len(cols) && cols[j].Level == cols[i].Level {
			j++
		}
		if cols[i].ID != "" {
			x := x0 + float64(i)*lw
			s.SetFillColor(0, 0, 0)
			s.Rect(x+0.4, top, float64(j-i)*lw-0.8, levelBarH, "F")
			s.SetTextColor(255, 255, 255)
			label := s.say("level", cols[i].Level)
			if s.font("B", 9); s.GetStringWidth(label) > float64(j-i)*lw-1 {
				label = strconv.Itoa(cols[i].Level)
			}
			s.Text(x+(float64(j-i)*lw-s.GetStringWidth(label))/2, top+levelBarH-1.8, label)
			s.SetTextColor(0, 0, 0)
		}
		i = j
	}
	s.SetFillColor(0, 0, 0)

	// The lesson titles, upwards, and each lesson's number and score.
	ht := top + levelBarH
	s.SetLineWidth(0.3)
	for i, l := range cols {
		x := x0 + float64(i)*lw
		s.Rect(x, ht, lw, headH, "D")
		if l.ID == "" {
			continue
		}
		s.font("B", 10)
		num := strconv.Itoa(first + i + 1)
		s.Text(x+(lw-s.GetStringWidth(num))/2, ht+headH-5.5, num)
		s.font("", 8)
		score := fmt.Sprintf("/ %d", len(l.OnPaper().Exercises))
		s.Text(x+(lw-s.GetStringWidth(score))/2, ht+headH-1.5, score)
		// The title upwards, on two lines at most where the column is wide
		// enough for two.
		const size = checklistTitleSize
		lines := s.titleLines(l.Title, lw, headH-headFoot)
		lh := lineH(size) * 0.9
		bx := x + lw/2 + size*ptToMM*0.35 - lh*float64(len(lines)-1)/2
		for j, line := range lines {
			line = fitText(s, line, headH-headFoot)
			s.TransformBegin()
			s.TransformRotate(90, bx+lh*float64(j), ht+headH-10)
			s.Text(bx+lh*float64(j), ht+headH-10, line)
			s.TransformEnd()
		}
	}
	s.para(margin+1.5, ht+2, numColW+nameW-3, "I", 9, s.say("check.how"))
	s.font("B", 11)
	s.Text(margin+numColW+1.5, ht+headH-2, s.say("sheet.name"))

	// The children's rows.
	s.y = ht + headH
	room := s.pageH - margin - footerH - s.y
	left := children - row
	if fit := max(1, int(room/minRowH)); left > fit {
		left = (left + fit - 1) / fit             // pages still needed
		left = (children - row + left - 1) / left // rows on this one: the rest shared evenly
	}
	rh := min(maxRowH, max(minRowH, room/float64(left)))
	n := left
	for r := range n {
		y := s.y + float64(r)*rh
		if (row+r)%2 == 1 {
			s.SetFillColor(235, 235, 235)
			s.Rect(margin, y, w, rh, "F")
			s.SetFillColor(0, 0, 0)
		}
		s.font("", 10)
		label := strconv.Itoa(row + r + 1)
		s.Text(margin+numColW-1.5-s.GetStringWidth(label), y+rh/2+1.3, label)
	}
	// The grid over the shading.
	s.SetLineWidth(0.3)
	bottom := s.y + float64(n)*rh
	for r := 0; r <= n; r++ {
		y := s.y + float64(r)*rh
		s.Line(margin, y, margin+w, y)
	}
	for _, x := range []float64{margin, margin + numColW} {
		s.Line(x, s.y, x, bottom)
	}
	for i := 0; i <= len(cols); i++ {
		s.Line(x0+float64(i)*lw, s.y, x0+float64(i)*lw, bottom)
	}
	s.Line(margin+w, s.y, margin+w, bottom)
	s.SetLineWidth(0.8)
	s.Rect(margin, ht, w, bottom-ht, "D")
	return row + n
}

// titleLines returns a lesson's title as the checklist writes it upwards
// over a column lw wide: wrapped to lines of length h, on two lines at
// most where the column is wide enough for two, the rest joined to the
// last line (which fitText may then cut).
func (s *sheet) titleLines(title string, lw, h float64) []string {
	const size = checklistTitleSize
	lines := s.textLines("", size, title, h)
	if len(lines) > 1 && lw < 2*lineH(size)*0.9+1.5 {
		return []string{title}
	}
	if len(lines) > 2 {
		lines = []string{lines[0], joinRest(lines[1:])}
	}
	return lines
}

// checklistHeadH returns the height of the lesson titles' row over columns
// lw wide: the least, from minHeadH up to maxHeadH, in which every title
// is written whole.
func (s *sheet) checklistHeadH(cols []render.Lesson, lw float64) float64 {
	h := minHeadH
	for _, l := range cols {
		for ; h < maxHeadH; h++ {
			whole := true
			s.font("", checklistTitleSize)
			for _, line := range s.titleLines(l.Title, lw, h-headFoot) {
				if s.GetStringWidth(line) > h-headFoot {
					whole = false
				}
			}
			if whole {
				break
			}
		}
	}
	return h
}

// fitText returns text cut to w millimetres in the current font, with an
// ellipsis where it was cut.
func fitText(s *sheet, text string, w float64) string {
	if s.GetStringWidth(text) <= w {
		return text
	}
	r := []rune(text)
	for len(r) > 0 && s.GetStringWidth(string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// joinRest joins wrapped lines back into one text.
func joinRest(lines []string) string { return strings.Join(lines, " ") }
