package course

import (
	"nostromo-lessons/internal/course/yamlpos"
	"strings"
	"testing"
)

// TestWarnCutText checks that a # right before a word in a plain text
// value, which YAML reads as a comment that cuts the text short, is warned
// about at the #, and that comments written as comments are not.
func TestWarnCutText(t *testing.T) {
	lesson := func(hint string) string {
		return "title: T\nlevel: 1\nsummary: S.\nintro: Hi.\nexercises:\n  - kind: count-moves\n    position: start\n    answer: 8\n    hint: " + hint + "\n"
	}
	tests := []struct{ hint, want string }{
		{"Count the jumps #from e7.", `lessons/01-a.yaml:9:27: warning: this # starts a YAML comment, so the text is "Count the jumps" without "#from e7."; to keep it, put the whole value in quotes`},
		{"Like exercise #3, count.", `lessons/01-a.yaml:9:25: warning: this # starts a YAML comment, so the text is "Like exercise" without "#3, count."; to keep it, put the whole value in quotes`},
		{"Count the jumps. # a note for me", ""},
		{"Count the jumps. ## a note", ""},
		{`"Count the jumps" #quoted`, ""},
		{"Exercise#3 counts.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.hint, func(t *testing.T) {
			c, err := Load(course(map[string]string{"lessons/01-a.yaml": lesson(tt.hint)}))
			if err != nil {
				t.Fatal(err)
			}
			var got strings.Builder
			if c.Warnings != nil {
				yamlpos.PrintError(&got, c.Warnings)
			}
			want := tt.want
			if want != "" {
				want += "\n"
			}
			if got.String() != want {
				t.Errorf("warnings for hint: %s:\n%s\nwant\n%s", tt.hint, got.String(), want)
			}
		})
	}
	c, err := Load(course(map[string]string{"course.yaml": "title: My course #1\n"}))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Warnings.Error(); !strings.Contains(got, `course.yaml:1:18: warning: this # starts a YAML comment, so the text is "My course" without "#1"`) {
		t.Errorf("course.yaml's warnings: %s", got)
	}
}
