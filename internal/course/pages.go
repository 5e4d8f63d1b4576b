package course

import (
	"fmt"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/render/pageid"
)

// pages checks the page ids of the lessons (pageid.FromName of their file
// names) as build would: no two alike, and none the name of another output
// file (pageid.Reserved, pageid.LessonOutputs). Each problem is reported
// at the first line of the later lesson file.
func (l *loader) pages(lessons []*Lesson) {
	taken := map[string]string{}
	for _, id := range pageid.Reserved() {
		taken[id] = "the name of an output file"
	}
	for _, lesson := range lessons {
		for _, name := range pageid.LessonOutputs(lesson.ID) {
			taken[name] = "the name of an output file of " + lesson.File
		}
	}
	for _, lesson := range lessons {
		if by, ok := taken[lesson.ID]; ok {
			l.errs.Add(yamlpos.Pos{File: lesson.File, Line: 1, Col: 1}, fmt.Sprintf("page id %q is %s; rename the lesson file", lesson.ID, by))
			continue
		}
		taken[lesson.ID] = "the page id of " + lesson.File
	}
	l.formerNames(lessons)
}

// formerNames checks the lessons' former names (Lesson.Formerly): none the
// page id of a lesson of now, whose stars would move away, and none a
// former name of two lessons, or twice of one. Each problem is reported at
// the name.
func (l *loader) formerNames(lessons []*Lesson) {
	now := map[string]string{}
	for _, lesson := range lessons {
		now[lesson.ID] = lesson.File
	}
	was := map[string]string{}
	for _, lesson := range lessons {
		for i, id := range lesson.Formerly {
			at := lesson.formerlyAt[i]
			switch {
			case now[id] == lesson.File:
				l.errs.Add(at, fmt.Sprintf("formerly: %q is this lesson's page id now; list only the names it had before", id))
			case now[id] != "":
				l.errs.Add(at, fmt.Sprintf("formerly: %q is the page id of %s now; a former name must be no lesson's name now", id, now[id]))
			case was[id] == lesson.File:
				l.errs.Add(at, fmt.Sprintf("formerly: %q is listed twice", id))
			case was[id] != "":
				l.errs.Add(at, fmt.Sprintf("formerly: %q is a former name of %s too; the stars kept under it can move to one lesson only", id, was[id]))
			default:
				was[id] = lesson.File
			}
		}
	}
}

// boards checks the number of board blocks of each lesson (its intro and
// the explanations of its exercises, included ones too) and of the whole
// course against MaxLessonDiagrams and MaxCourseDiagrams. Each field has
// been held to MaxDiagrams already.
func (l *loader) boards(lessons []*Lesson) {
	total := 0
	for _, lesson := range lessons {
		n := len(lesson.Diagrams) + len(lesson.TeacherDiagrams)
		for _, e := range lesson.Exercises {
			n += e.boards
		}
		at := yamlpos.Pos{File: lesson.File, Line: 1, Col: 1}
		if n > MaxLessonDiagrams {
			l.errs.Add(at, fmt.Sprintf("lesson has %d board blocks (intro, explanations and teacher's guide), more than the limit of %d", n, MaxLessonDiagrams))
		}
		if total <= MaxCourseDiagrams && total+n > MaxCourseDiagrams {
			l.errs.Add(at, fmt.Sprintf("the course has more than %d board blocks with this lesson, the limit", MaxCourseDiagrams))
		}
		total += n
	}
}
