package pdf

import (
	"bytes"
	"strings"
	"testing"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
)

// TestSiteOnly checks that a site-only exercise is on the lesson's page and
// on no paper: not on the worksheet, the answer key, the workbook or the
// checklist's count, and that paper numbers the others from 1.
func TestSiteOnly(t *testing.T) {
	c := sampleCourse(style.Classic)
	c.Lessons[0].Exercises[0].SiteOnly = true
	l := c.Lessons[0]
	gone := l.Exercises[0].Question
	kept := l.Exercises[1].Question
	tests := []struct {
		name        string
		write       func(w *bytes.Buffer) error
		pdf         bool
		want, never []string
	}{
		{"page", func(w *bytes.Buffer) error { return render.HTML(w, c, l, render.Options{}) }, false, []string{gone, kept}, nil},
		{"worksheet", func(w *bytes.Buffer) error { return Worksheet(w, c, l, render.Options{}) }, true, []string{kept, "/ 1"}, []string{gone, "/ 2"}},
		{"answer key", func(w *bytes.Buffer) error { return AnswerKey(w, c, l, render.Options{}) }, true, []string{"1: no"}, []string{"8 squares", "2: no"}},
		{"workbook", func(w *bytes.Buffer) error { return Workbook(w, c, render.Options{}) }, true, []string{kept}, []string{gone}},
		{"checklist", func(w *bytes.Buffer) error { return Checklist(w, c, render.Options{}) }, true, []string{"/ 1"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := tt.write(&buf); err != nil {
				t.Fatal(err)
			}
			text := buf.String()
			if tt.pdf {
				text = pdfText(t, buf.Bytes())
			}
			for _, w := range tt.want {
				if !strings.Contains(flat(text), flat(w)) {
					t.Errorf("%s does not show %q", tt.name, w)
				}
			}
			for _, w := range tt.never {
				if strings.Contains(text, w) {
					t.Errorf("%s shows %q", tt.name, w)
				}
			}
		})
	}
}
