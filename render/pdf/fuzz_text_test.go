package pdf

import (
	"io"
	"slices"
	"strings"
	"testing"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
)

// FuzzLessonText renders a lesson whose title, goal, question, hint and
// explanation are arbitrary text, as an author may write them (any
// script, emoji, very long words, Markdown), into a worksheet, an answer
// key, Markdown, a page of the site, a play card, the certificates, the
// class checklist and the teacher's guide: none may panic, nor fail but on
// an invalid board block.
func FuzzLessonText(f *testing.F) {
	f.Add("Jumps 😀", "Find the squares.", "Which squares? 第一步", "Hint **bold**", "A long explanation.\n\n- one\n- two")
	f.Add("", "", "", "", "")
	f.Add("שלום עולם", "x", "Supercalifragilisticexpialidocious-Supercalifragilisticexpialidocious-Supercalifragilistic", "\t", "```board\nfen: start\n```")
	f.Add("a\u0301\u200b\ufeff", "\U0010FFFF", "(\\) [x](http://e)", "<b>", "> quote\n\n1. one")
	c := sampleCourse(style.Alien)
	f.Fuzz(func(t *testing.T, title, goal, question, hint, explain string) {
		l := c.Lessons[1]
		l.Title, l.Goals = title, []string{goal}
		l.Exercises = slices.Clone(l.Exercises)
		e := &l.Exercises[0]
		e.Question, e.Hint, e.Explain = question, hint, explain
		cc := c
		cc.Lessons = slices.Clone(c.Lessons)
		cc.Lessons[1] = l
		for name, write := range map[string]func(io.Writer, render.Course, render.Options) error{
			"Certificates": Certificates, "Checklist": Checklist, "TeacherGuide": TeacherGuide,
		} {
			if err := write(io.Discard, cc, render.Options{}); err != nil && !strings.Contains(err.Error(), "board") {
				t.Errorf("%s: %v", name, err)
			}
		}
		for name, write := range map[string]func(io.Writer, render.Course, render.Lesson, render.Options) error{
			"Worksheet": Worksheet, "AnswerKey": AnswerKey, "Markdown": render.Markdown, "HTML": render.HTML, "PlayCard": PlayCard,
		} {
			// A ```board block may be invalid (the loader reports it
			// first): an error then, never a panic. Other text is never
			// an error.
			if err := write(io.Discard, cc, l, render.Options{}); err != nil && !strings.Contains(err.Error(), "board") {
				t.Errorf("%s: %v", name, err)
			}
		}
	})
}
