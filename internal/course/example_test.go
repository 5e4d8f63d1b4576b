package course_test

import (
	"os"
	"testing/fstest"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/course/yamlpos"
)

// A course held in memory, with one wrong answer and one misspelled key:
// Check reports both at their file, line and column.
func ExampleCheck() {
	fsys := fstest.MapFS{
		"lessons/01-first.yaml": {Data: []byte(`title: First steps
level: 1
summary: The start position.
intro: |
  White moves first.
exercises:
  - kind: count-moves
    position: start
    answer: 7
  - kind: knight-moves
    position: start
    anwser: [d5, e4]
`)},
	}
	_, err := course.Check(fsys, nil)
	yamlpos.PrintError(os.Stdout, err)
	// Output:
	// lessons/01-first.yaml:9:13: exercise 1 (count-moves): answer 7, but White has 8 legal moves (Kd1, Kf1, b3, c3, d3, e3, f3, g3)
	// lessons/01-first.yaml:10:5: exercise 2 (knight-moves): missing key "answer"
	// lessons/01-first.yaml:12:5: exercise 2 (knight-moves): unknown key "anwser" (did you mean "answer"?)
}
