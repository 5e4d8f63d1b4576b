package build_test

import (
	"fmt"
	"html"
	"path/filepath"
	"strings"
	"testing"

	"nostromo-lessons/internal/model"
	"nostromo-lessons/internal/style"
)

// TestSampleLessonNumbers checks that the sample course has one numbering
// of its lessons everywhere: lesson n, in course order, is the file
// lessons/0n-....yaml and so pdf/0n-....pdf, and is "n. Title" in the
// teacher's guide, the workbook's contents, the site's index and the
// teacher's page (a teacher who plans "lesson 6" prints 06-the-flight.pdf).
func TestSampleLessonNumbers(t *testing.T) {
	needPoppler(t)
	dir := t.TempDir()
	files := buildPDFs(t, style.A4, dir)
	flat := func(name string) string {
		return strings.Join(strings.Fields(strings.Join(pdfPages(t, filepath.Join(dir, name)), " ")), " ")
	}
	guide, workbook := flat("teacher-guide.pdf"), flat("workbook.pdf")
	index, teacher := string(files["site/index.html"]), string(files["teacher/index.html"])
	c := sampleCourse(t)
	m := model.Model(c, model.Settings{})
	if len(c.Lessons) == 0 {
		t.Fatal("the sample course has no lessons")
	}
	for i, l := range c.Lessons {
		n := i + 1
		if want := fmt.Sprintf("lessons/%02d-", n); !strings.HasPrefix(l.File, want) {
			t.Errorf("lesson %d is %s, want a file named %s...", n, l.File, want)
		}
		if _, ok := files["pdf/"+l.ID+".pdf"]; !ok {
			t.Errorf("lesson %d: no pdf/%s.pdf", n, l.ID)
		}
		title := fmt.Sprintf("%d. %s", n, m.Lessons[i].Title)
		if strings.TrimSpace(l.Teacher) != "" && !strings.Contains(guide, title) {
			t.Errorf("the teacher's guide does not call lesson %s %q", l.ID, title)
		}
		if !strings.Contains(workbook, title) {
			t.Errorf("the workbook's contents do not call lesson %s %q", l.ID, title)
		}
		if want := fmt.Sprintf(`<a href="%s.html">%s</a>`, l.ID, html.EscapeString(title)); !strings.Contains(index, want) {
			t.Errorf("the site's index does not call lesson %s %q: no %s", l.ID, title, want)
		}
		if want := "<h3>" + html.EscapeString(title) + "</h3>"; !strings.Contains(teacher, want) {
			t.Errorf("the teacher's page does not call lesson %s %q: no %s", l.ID, title, want)
		}
	}
}
