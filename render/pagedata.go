package render

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"html/template"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render/diagram"
	"nostromo-lessons/rules"
)

// lessonData is what a lesson page's script reads from the page (the
// element nl-data): which course and lesson it is, and per exercise what
// the checker accepts. The script stores a pupil's stars under the course,
// the lesson and the exercise's id, so that another course starts afresh
// and an exercise keeps its stars when its wording changes.
type lessonData struct {
	Course    string         `json:"course"`
	Lesson    string         `json:"lesson"`
	Stem      string         `json:"stem,omitempty"`     // lessonStem
	Formerly  []string       `json:"formerly,omitempty"` // Lesson.Formerly
	Exercises []exerciseData `json:"exercises"`
}

// exerciseData is one exercise's data for the page's script.
type exerciseData struct {
	N      int               `json:"n"`
	ID     string            `json:"id"` // exerciseID
	Kind   string            `json:"kind"`
	Plain  bool              `json:"plain,omitempty"`  // praised plainly: a drill (Exercise.Drill), or a game question whose answer is no win of the child's (Exercise.NoWin); no side was surprised
	Black  bool              `json:"black,omitempty"`  // the child plays Black (Exercise.Black): a game's praise names White as the surprised side
	Never  bool              `json:"never,omitempty"`  // a number answer may be "never"
	Sides  bool              `json:"sides,omitempty"`  // the question asks who wins as well as how many moves (Exercise.AskSide): the page offers the two sides
	Pieces map[string]string `json:"pieces,omitempty"` // square -> "king", "pawn" or "knight", to name the squares
	Accept Accept            `json:"accept"`
}

// indexData is what the index's script reads: each lesson's exercises by
// their ids (exerciseID), to show the lesson's stars.
type indexData struct {
	Course   string              `json:"course"`
	Lessons  map[string][]string `json:"lessons"`
	Stems    map[string]string   `json:"stems,omitempty"`    // lesson -> lessonStem, where there is one
	Formerly map[string][]string `json:"formerly,omitempty"` // lesson -> Lesson.Formerly, where there are any
}

// lessonStem returns the stem of a lesson's page id, the id without its
// leading number ("board-and-notation" for "01-board-and-notation"), or ""
// when the id has no number or another lesson of the course has the same
// stem. The script moves the stars kept under a page id of the same stem
// (00-board-and-notation, board-and-notation) to the lesson, so that the
// pupils keep their stars when the teacher numbers the lesson files anew.
func lessonStem(c Course, id string) string {
	stem := idStem(id)
	if stem == id {
		return ""
	}
	for _, l := range c.Lessons {
		if l.ID != id && idStem(l.ID) == stem {
			return ""
		}
	}
	return stem
}

// idStem returns a page id without its leading number and hyphen, if it has
// both and something follows: "board-and-notation" for
// "01-board-and-notation", "01" for "01".
func idStem(id string) string {
	n := 0
	for n < len(id) && id[n] >= '0' && id[n] <= '9' {
		n++
	}
	if n > 0 && n+1 < len(id) && id[n] == '-' {
		return id[n+1:]
	}
	return id
}

// courseID names a course in a pupil's browser storage: a hash of its
// title and author.
func courseID(c Course) string { return shortHash(c.Title + "\x00" + c.Author) }

// shortHash returns 8 hex digits of the FNV-1a hash of s.
func shortHash(s string) string {
	h := fnv.New32a()
	h.Write([]byte(s))
	return fmt.Sprintf("%08x", h.Sum32())
}

// exerciseID returns an exercise's name in its lesson, under which the
// site keeps a pupil's stars: the author's id, or for an exercise without
// one "#" and its number ("#" is not in an author's id, so the two cannot
// meet). Stars kept before were under "id:hash", the id of an exercise
// without one being "n" and its number; the script moves them.
func exerciseID(e Exercise) string {
	if e.ID == "" {
		return fmt.Sprintf("#%d", e.Number)
	}
	return e.ID
}

// newExerciseData returns an exercise's data for its page.
func newExerciseData(e Exercise) (exerciseData, error) {
	d := exerciseData{N: e.Number, Kind: e.Kind, Plain: e.Drill || e.NoWin, Black: e.Black, Accept: e.Accept, Never: e.Space == style.NumberBox && len(e.Choices) > 0, Sides: e.AskSide}
	d.ID = exerciseID(e)
	dg, err := diagram.Read(e.Board)
	if err != nil {
		return d, err
	}
	for s := range rules.Square(64) {
		if pc := dg.Pieces[s]; pc != rules.NoPiece {
			if d.Pieces == nil {
				d.Pieces = map[string]string{}
			}
			d.Pieces[s.String()] = pc.String()
		}
	}
	return d, nil
}

// pageJSON returns v as JSON for a <script type="application/json">
// element: Go escapes <, > and &, so the text cannot end the element.
func pageJSON(v any) (template.JS, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("render: page data: %w", err)
	}
	return template.JS(b), nil
}
