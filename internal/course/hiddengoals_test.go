package course

import (
	"fmt"
	"nostromo-lessons/internal/course/yamlpos"
	"strings"
	"testing"
)

// TestHiddenGoals: a goal mark (e4*) on a square where a piece stands is a
// warning at its marks, in an exercise and in a board block, once for an
// exercise included twice; a goal on an empty square, or a plain mark on a
// piece, is not.
func TestHiddenGoals(t *testing.T) {
	const exercise = "  - kind: count-moves\n    position: start\n    answer: 8\n    marks: [%s]\n"
	const msg = "warning: marks: %s marks a goal on a square where a piece stands, and a goal's star is drawn only on an empty square; mark it %s (a ring around the piece) or mark an empty square\n"
	const block = "|\n  ```board\n  fen: start\n  marks: [%s]\n  ```\n"
	tests := []struct {
		name  string
		files map[string]string
		want  []string // the warnings, in order
	}{
		{"exercise, goal on the knight", map[string]string{"lessons/l.yaml": lessonWith("Hi.", fmt.Sprintf(exercise, "d5, f6*"))},
			[]string{"lessons/l.yaml:9:12: " + fmt.Sprintf(msg, "f6*", "f6")}},
		{"exercise, goal on an empty square", map[string]string{"lessons/l.yaml": lessonWith("Hi.", fmt.Sprintf(exercise, "f5*, f6"))}, nil},
		{"board block, goal on the king", map[string]string{"lessons/l.yaml": lessonWith(fmt.Sprintf(block, "e1*"), exercisesOf(1))},
			[]string{"lessons/l.yaml:5:3: " + fmt.Sprintf(msg, "e1*", "e1")}},
		{"bank exercise included twice", map[string]string{
			"exercises/b.yaml": "title: B\nexercises:\n  - id: b1\n    kind: count-moves\n    position: start\n    answer: 8\n    marks: [b2*]\n",
			"lessons/01.yaml":  lessonWith("Hi.", exercisesOf(1)) + "include:\n  - exercises/b.yaml\n",
			"lessons/02.yaml":  lessonWith("Hi.", exercisesOf(1)) + "include:\n  - exercises/b.yaml\n",
		}, []string{"exercises/b.yaml:7:12: " + fmt.Sprintf(msg, "b2*", "b2")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Load(course(tt.files))
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			var got strings.Builder
			yamlpos.PrintError(&got, c.Warnings)
			if want := strings.Join(tt.want, ""); got.String() != want {
				t.Errorf("warnings:\n%s\nwant:\n%s", got.String(), want)
			}
		})
	}
}
