package pdf

import (
	"bytes"
	"fmt"
	"testing"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
)

// TestClassReport checks the class report's pages: one a lesson, more
// where its children do not fit one page or its exercises one width, and
// that the same report gives the same bytes.
func TestClassReport(t *testing.T) {
	lesson := func(exercises, children int) render.ClassReportLesson {
		l := render.ClassReportLesson{Number: 1, Title: "The board"}
		for i := range exercises {
			l.Exercises = append(l.Exercises, fmt.Sprint(i+1))
		}
		for i := range children {
			row := render.ClassReportRow{Child: fmt.Sprintf("Child %d with a very long name indeed", i)}
			for j := range exercises {
				row.Cells = append(row.Cells, render.ClassCell{Stars: (i + j) % 4, Wrong: j % 3})
			}
			l.Rows = append(l.Rows, row)
		}
		return l
	}
	c := render.Course{Title: "Course", Language: style.English, Paper: style.A4}
	for _, tt := range []struct {
		name    string
		lessons []render.ClassReportLesson
		pages   int
	}{
		{"no lesson", nil, 1},
		{"two lessons", []render.ClassReportLesson{lesson(6, 3), lesson(6, 0)}, 2},
		{"a class of 60", []render.ClassReportLesson{lesson(6, 60)}, 2},
		{"40 exercises", []render.ClassReportLesson{lesson(40, 3)}, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var a, b bytes.Buffer
			r := render.ClassReport{Class: "4b", Lessons: tt.lessons}
			if err := ClassReport(&a, c, r, render.Options{}); err != nil {
				t.Fatal(err)
			}
			if err := ClassReport(&b, c, r, render.Options{}); err != nil {
				t.Fatal(err)
			}
			if got := pageCount(a.Bytes()); got != tt.pages {
				t.Errorf("ClassReport: %d pages, want %d", got, tt.pages)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Errorf("ClassReport twice: different bytes")
			}
		})
	}
}
