package pdf

import (
	"fmt"
	"io"
	"nostromo-lessons/render"
	"slices"
	"strconv"
	"strings"
)

// TeacherGuide writes the teacher's guide as a PDF of its own,
// teacher/teacher-guide.pdf: a first page with how a lesson of 45 minutes
// runs and the rules the project decided, then the guide of every lesson
// that has one (its teacher: Markdown), each from a new page, with its
// diagrams.
func TeacherGuide(w io.Writer, c render.Course, opts render.Options) error {
	k, err := render.NewAssets(c, opts)
	if err != nil {
		return err
	}
	return New(k.Art()).TeacherGuide(w, c)
}

// guideTitle heads the teacher's guide (a catalog key); its outline and
// footer name it too. The first page goes on with guideIntro, then the
// Rules the project decided under the teacher page's heading and note.
const (
	guideTitle         = "guide.title"
	guideIntro         = "guide.intro"
	guideDecisions     = "teacher.decisions"
	guideDecisionsNote = "teacher.decisions-note"
)

// guideDiagramW is the width of a diagram in the teacher's guide.
const guideDiagramW = 70.0

// TeacherGuide writes the teacher's guide. Its first page lists the
// lessons with the page on which each one's guide starts, known only once
// the guide is laid out: it is laid out once to learn them.
func (k *Assets) TeacherGuide(w io.Writer, c render.Course) error {
	title := k.Say.Say("title.of", c.Title, k.Say.Say(guideTitle))
	dry, err := newSheet(c, k, title)
	if err != nil {
		return err
	}
	starts, err := dry.guide(nil)
	if err != nil {
		return err
	}
	s, _ := newSheet(c, k, title)
	if _, err := s.guide(starts); err != nil {
		return err
	}
	return s.finish(w)
}

// guide lays out the teacher's guide, with the given start pages of the
// lessons' guides in its contents (nil: not known yet), and returns the
// start pages it used.
func (s *sheet) guide(starts []int) ([]int, error) {
	title := s.say(guideTitle)
	s.footer = s.c.Title + " · " + title
	s.bookmark(title, 0)
	s.newPage()
	width := s.contentW()
	s.y += s.para(margin, s.y, width, "B", 24, title) + 2
	s.y += s.para(margin, s.y, width, "", 12, s.say(guideIntro)) + 4
	s.y += s.para(margin, s.y, width, "B", 14, s.say(guideDecisions)) + 1
	for _, rule := range render.ProjectDecisions(s.c) {
		s.font("", 12)
		s.Text(margin+1, s.y+12*ptToMM, "•")
		s.y += s.para(margin+5, s.y, width-5, "", 12, rule) + 0.8
	}
	s.y += 1
	s.y += s.para(margin, s.y, width, "I", smallSize, s.say(guideDecisionsNote))
	s.guideContents(starts)
	var got []int
	for i, l := range s.c.Lessons {
		if strings.TrimSpace(l.Teacher) == "" {
			continue
		}
		got = append(got, s.PageNo()+1) // each lesson's guide starts a page
		if err := s.lessonGuide(i+1, l); err != nil {
			return nil, err
		}
	}
	return got, nil
}

// guideContents writes the contents of the teacher's guide under its
// first page's text: each lesson that has a guide, as its guide heads it,
// with the page on which that starts (linked to it once known).
func (s *sheet) guideContents(starts []int) {
	if !slices.ContainsFunc(s.c.Lessons, func(l render.Lesson) bool { return strings.TrimSpace(l.Teacher) != "" }) {
		return
	}
	w := s.contentW()
	s.y += 4
	s.flow(margin, w, "B", 14, s.say("book.contents"))
	s.y += 1
	j := 0
	for i, l := range s.c.Lessons {
		if strings.TrimSpace(l.Teacher) == "" {
			continue
		}
		page := "…"
		if j < len(starts) {
			page = strconv.Itoa(starts[j])
		}
		s.contentsLine(guideLessonTitle(i+1, l), page, w, starts, j)
		j++
	}
}

// guideLessonTitle is how the teacher's guide heads the n-th lesson's
// guide, and names it in its contents.
func guideLessonTitle(n int, l render.Lesson) string { return strconv.Itoa(n) + ". " + l.Title }

// lessonGuide writes the guide of the n-th lesson from a new page: its
// title, level, summary and goals, then its Markdown.
func (s *sheet) lessonGuide(n int, l render.Lesson) error {
	blocks, err := render.PlainBlocks(l.Teacher, s.c.Start)
	if err != nil {
		return fmt.Errorf("render: teacher's guide of lesson %s: %w", l.ID, err)
	}
	title := guideLessonTitle(n, l)
	s.bookmark(title, 1)
	s.newPage()
	width := s.contentW()
	s.y += s.para(margin, s.y, width, "B", 18, title) + 1
	about := s.say("guide.about", len(l.Exercises), l.Level)
	if l.Summary != "" {
		about += " · " + l.Summary
	}
	s.y += s.para(margin, s.y, width, "I", smallSize, about) + 2
	for _, b := range blocks {
		if err := s.guideBlock(b, width); err != nil {
			return fmt.Errorf("render: teacher's guide of lesson %s: %w", l.ID, err)
		}
	}
	return nil
}

// guideBlock writes one block of a lesson's guide at the cursor: a
// heading, a paragraph, or a diagram with its caption.
func (s *sheet) guideBlock(b render.PlainBlock, width float64) error {
	switch {
	case b.Board != nil:
		s.y += 1.5
		if h := diagramHeight(*b.Board, guideDiagramW) + s.captionHeight(*b.Board, guideDiagramW); !s.room(h) {
			s.newPage()
		}
		h, err := s.drawDiagram(*b.Board, margin, s.y, guideDiagramW)
		if err != nil {
			return err
		}
		s.y += h
		if b.Board.Caption != "" {
			s.y += 1 + s.para(margin, s.y+1, guideDiagramW, "I", smallSize, b.Board.Caption)
		}
		s.y += 1.5
	case b.Heading:
		if !s.room(lineH(14) + 2*lineH(12)) {
			s.newPage()
		} else {
			s.y += 2.5
		}
		s.flow(margin, width, "B", 14, b.Text)
	default:
		s.y += 1
		s.flow(margin, width, "", 12, b.Text)
	}
	return nil
}
