package question

// SpaceKind is the kind of space a worksheet leaves for an answer.
type SpaceKind uint8

// The kinds of answer space.
const (
	NumberBox   SpaceKind = iota // a box for a number (or "never")
	TickBoxes                    // one box to tick per choice
	SquareLines                  // lines to write squares on
	MoveLines                    // lines to write moves on
	PathOnBoard                  // the board, to draw a path on
)

// spaceNames are the names render.AnswerSpace gives the same spaces.
var spaceNames = [...]string{"number", "choices", "squares", "moves", "path"}

// String returns the space's name: "number", "choices", "squares", "moves"
// or "path", as render.AnswerSpace names it.
func (k SpaceKind) String() string {
	if int(k) < len(spaceNames) {
		return spaceNames[k]
	}
	return "unknown"
}

// Space is the room a worksheet leaves for an answer. Choices lists the
// boxes of TickBoxes, in order; Never says that a NumberBox also offers
// "never".
type Space struct {
	Kind    SpaceKind
	Choices []string
	Never   bool
}
