package class

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Answer is one answer of a child to an exercise, as a page sends it.
type Answer struct {
	ID       string `json:"id"`       // made in the browser: a resend has the same
	Tablet   string `json:"tablet"`   // made in the browser once, kept in its storage
	Child    string `json:"child"`    // the name the child chose
	Lesson   string `json:"lesson"`   // the lesson's page id
	Exercise string `json:"exercise"` // the exercise key the stars use
	Right    bool   `json:"right"`
	Tries    int    `json:"tries"`
	Stars    int    `json:"stars"` // 0 for a wrong answer, else 1 to 3
	At       string `json:"at"`    // when it was stored (RFC 3339, UTC); set by the Store
}

// Game is a game a child finished on the play page, as its record says.
type Game struct {
	ID     string   `json:"id"`
	Tablet string   `json:"tablet"`
	Child  string   `json:"child"`
	Start  string   `json:"start"` // FEN
	Moves  []string `json:"moves"` // SAN
	Side   string   `json:"side"`  // the child's: "w", "b", or "" with a friend
	Level  int      `json:"level"` // 0 with a friend, else the computer's 1 to 5
	Result string   `json:"result"`
	End    string   `json:"end"`
	Date   string   `json:"date"`
	Text   string   `json:"text"` // the game as analyze reads it
	At     string   `json:"at"`
}

// Child is a name of the class, with how much it holds.
type Child struct {
	Name    string `json:"name"`
	Pending bool   `json:"pending"` // typed on a tablet, not yet accepted
	Answers int    `json:"answers"`
	Games   int    `json:"games"`
}

// Mark is what a lesson is marked for.
type Mark int

// The marks of a lesson.
const (
	NoMark Mark = iota
	Today
	NextTime
)

func (m Mark) String() string {
	switch m {
	case NoMark:
		return "none"
	case Today:
		return "today"
	case NextTime:
		return "next"
	}
	return fmt.Sprintf("Mark(%d)", int(m))
}

// Limits of what a page sends.
const (
	MaxID    = 64   // an id's characters
	MaxKey   = 100  // a lesson's page id, an exercise key
	MaxTries = 1000 // an answer's tries
	MaxMoves = 1000 // a game's moves
	MaxText  = 8192 // a game's text, a FEN, in bytes
)

// ErrRecord is the error of an answer or a game that cannot be kept.
var ErrRecord = errors.New("class: bad record")

// checkID reports whether id can be an id made in the browser: 8 to
// MaxID ASCII letters, digits, hyphens and underscores.
func checkID(what, id string) error {
	if len(id) < 8 || len(id) > MaxID {
		return fmt.Errorf("%w: %s %.70q: want 8 to %d characters", ErrRecord, what, id, MaxID)
	}
	for _, r := range id {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '-' || r == '_') {
			return fmt.Errorf("%w: %s %q: want letters, digits, hyphens and underscores", ErrRecord, what, id)
		}
	}
	return nil
}

// checkText reports whether s is UTF-8 of at most max bytes.
func checkText(what, s string, max int) error {
	if len(s) > max || !utf8.ValidString(s) {
		return fmt.Errorf("%w: %s: want UTF-8 of at most %d bytes", ErrRecord, what, max)
	}
	return nil
}

// Check reports whether a can be stored; the child's name is trimmed
// (CheckName).
func (a *Answer) Check() error {
	var err error
	if a.Child, err = CheckName(a.Child); err != nil {
		return err
	}
	switch {
	case checkID("id", a.ID) != nil:
		return checkID("id", a.ID)
	case checkID("tablet", a.Tablet) != nil:
		return checkID("tablet", a.Tablet)
	case a.Lesson == "" || checkText("lesson", a.Lesson, MaxKey) != nil:
		return fmt.Errorf("%w: lesson %.110q: want a page id", ErrRecord, a.Lesson)
	case a.Exercise == "" || checkText("exercise", a.Exercise, MaxKey) != nil:
		return fmt.Errorf("%w: exercise %.110q: want an exercise key", ErrRecord, a.Exercise)
	case a.Tries < 1 || a.Tries > MaxTries:
		return fmt.Errorf("%w: tries %d: want 1 to %d", ErrRecord, a.Tries, MaxTries)
	case a.Right && (a.Stars < 1 || a.Stars > 3):
		return fmt.Errorf("%w: stars %d of a right answer: want 1 to 3", ErrRecord, a.Stars)
	case !a.Right && a.Stars != 0:
		return fmt.Errorf("%w: stars %d of a wrong answer: want 0", ErrRecord, a.Stars)
	}
	return nil
}

// The values a game record's fields take (the play page's contract).
var (
	gameSides   = []string{"w", "b", ""}
	gameResults = []string{"white", "black", "draw", ""}
	gameEnds    = []string{"saved", "taken", "checkmate", "stalemate", "repetition", ""}
)

// Check reports whether g can be stored; the child's name is trimmed.
func (g *Game) Check() error {
	var err error
	if g.Child, err = CheckName(g.Child); err != nil {
		return err
	}
	if err := checkID("id", g.ID); err != nil {
		return err
	}
	if err := checkID("tablet", g.Tablet); err != nil {
		return err
	}
	switch {
	case !slices.Contains(gameSides, g.Side):
		return fmt.Errorf("%w: side %.20q: want w, b or empty", ErrRecord, g.Side)
	case g.Level < 0 || g.Level > 5:
		return fmt.Errorf("%w: level %d: want 0 to 5", ErrRecord, g.Level)
	case !slices.Contains(gameResults, g.Result):
		return fmt.Errorf("%w: result %.20q: want white, black, draw or empty", ErrRecord, g.Result)
	case !slices.Contains(gameEnds, g.End):
		return fmt.Errorf("%w: end %.20q: want saved, taken, checkmate, stalemate, repetition or empty", ErrRecord, g.End)
	case len(g.Moves) > MaxMoves:
		return fmt.Errorf("%w: %d moves: want at most %d", ErrRecord, len(g.Moves), MaxMoves)
	}
	for _, m := range g.Moves {
		if m == "" || len(m) > 10 || !utf8.ValidString(m) || strings.ContainsAny(m, " \t\r\n") {
			return fmt.Errorf("%w: move %.20q: want a move in SAN", ErrRecord, m)
		}
	}
	for what, s := range map[string]string{"start": g.Start, "date": g.Date, "text": g.Text} {
		if err := checkText(what, s, MaxText); err != nil {
			return err
		}
	}
	return nil
}
