package render

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"html/template"

	"nostromo-lessons/rules"
)

// lessonData is what a lesson page's script reads from the page (the
// element nl-data): which course and lesson it is, and per exercise what
// the checker accepts. The script stores a pupil's stars under the course,
// the lesson, the exercise's id and a hash of its answer, so that another
// course or an edited exercise starts afresh.
type lessonData struct {
	Course    string         `json:"course"`
	Lesson    string         `json:"lesson"`
	Exercises []exerciseData `json:"exercises"`
}

// exerciseData is one exercise's data for the page's script.
type exerciseData struct {
	N      int               `json:"n"`
	ID     string            `json:"id"`
	Kind   string            `json:"kind"`
	Hash   string            `json:"hash"`
	Never  bool              `json:"never,omitempty"`  // a number answer may be "never"
	Pieces map[string]string `json:"pieces,omitempty"` // square -> "king", "pawn" or "knight", to name the squares
	Accept Accept            `json:"accept"`
}

// indexData is what the index's script reads: each lesson's exercises by
// their storage names ("id:hash"), to show the lesson's stars.
type indexData struct {
	Course  string              `json:"course"`
	Lessons map[string][]string `json:"lessons"`
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

// exerciseKey returns an exercise's name for storage: its id (or its
// number) and a hash of its question and every accepted answer.
func exerciseKey(e Exercise) (id, hash string) {
	id = e.ID
	if id == "" {
		id = fmt.Sprintf("n%d", e.Number)
	}
	answers, _ := json.Marshal(e.Accept) // plain data: cannot fail
	return id, shortHash(e.Kind + "\x00" + e.Board.FEN + "\x00" + e.Question + "\x00" + string(answers))
}

// newExerciseData returns an exercise's data for its page.
func newExerciseData(e Exercise) (exerciseData, error) {
	d := exerciseData{N: e.Number, Kind: e.Kind, Accept: e.Accept, Never: e.Space == NumberBox && len(e.Choices) > 0}
	d.ID, d.Hash = exerciseKey(e)
	dg, err := readBoard(e.Board)
	if err != nil {
		return d, err
	}
	for s := range rules.Square(64) {
		if pc := dg.pieces[s]; pc != rules.NoPiece {
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
