package style

import (
	"fmt"
	"strings"
)

// AnswerSpace is the room a worksheet leaves for the pupil's answer: what
// a question kind asks for (internal/question) and what the renderer
// draws.
type AnswerSpace uint8

// The answer spaces.
const (
	NumberBox   AnswerSpace = iota // a box for a number (or, with choices, "never" to tick)
	TickBoxes                      // one box to tick per choice
	SquareLines                    // lines to write squares on
	MoveLines                      // lines to write moves on
	PathOnBoard                    // the board, to draw a path on
)

var spaceNames = [...]string{NumberBox: "number", TickBoxes: "choices", SquareLines: "squares", MoveLines: "moves", PathOnBoard: "path"}

// String returns the answer space's name: "number", "choices", "squares",
// "moves" or "path".
func (s AnswerSpace) String() string {
	if int(s) < len(spaceNames) {
		return spaceNames[s]
	}
	return fmt.Sprintf("AnswerSpace(%d)", s)
}

// ParseAnswerSpace reads an answer space's name as String writes it.
func ParseAnswerSpace(s string) (AnswerSpace, error) {
	for i, name := range spaceNames {
		if s == name {
			return AnswerSpace(i), nil
		}
	}
	return NumberBox, fmt.Errorf("style: answer space %q: want one of %s", s, strings.Join(spaceNames[:], ", "))
}
