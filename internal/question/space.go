package question

import "nostromo-lessons/internal/style"

// Space is the room a worksheet leaves for an answer. Choices lists the
// boxes of style.TickBoxes, in order; Never says that a style.NumberBox also
// offers "never".
type Space struct {
	Kind    style.AnswerSpace
	Choices []string
	Never   bool
}
