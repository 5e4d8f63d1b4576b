package render

import (
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render/diagram"
)

// Exercise is one numbered question of a lesson, with its answer for the key.
type Exercise struct {
	Number   int               // shown number, from 1
	ID       string            // the lesson's name for it, such as "flee-2"
	Kind     string            // the question kind, such as "moves-to-win"
	Drill    bool              // a drill cell can hold it: its answer is short, or marked on the board (question.Kind.Drill)
	Question string            // plain text
	Hint     string            // plain text, may be empty
	Explain  string            // Markdown, may hold ```board blocks
	Answer   string            // the answer in words for the key: "7 moves", "Kd3, e5", "yes"
	Line     string            // principal line in SAN with move numbers, may be empty
	Space    style.AnswerSpace // what the worksheet leaves for the answer
	Choices  []string          // the choices for TickBoxes; for a NumberBox, tick boxes offered instead of a number ("never")
	Board    Board             // the exercise's diagram
	Level    int               // difficulty, 1 (easy) and up
	NoGroup  bool              // never share a diagram with the exercise before, even on the same board
	AskSide  bool              // the question asks who wins as well as how many moves: the space offers the sides
	Winner   string            // who wins, as a diagram labels the side ("Crew"), when AskSide; "" otherwise
	Best     []string          // best-move: the fastest moves, in SAN
	AlsoWin  []string          // best-move: the moves that also win, slower (or still reach the goal), in SAN
	Also     string            // what AlsoWin's moves do: "also win, slower" or "also reach the goal, slower"; "" when no move is fastest (a draw, a loss)
	Goal     string            // the sub-goal the question is about, "save:K" or "take:K"; "" for the whole game
	Concept  string            // what the exercise practises, a kebab-case name such as "fork-distance"; may be empty
	SiteOnly bool              // on the lesson's page only, not on its worksheet
	Black    bool              // the question puts the child on Black's side (the knight): the site's praise names White as the surprised side
	NoWin    bool              // a game question whose answer is that the child's side does not win (a loss, a draw, "never"): the site's praise is plain, no side is surprised
	Accept   Accept            // every answer the page accepts, as the course's checker computed it
}

// Accept is every answer a page's script accepts for an exercise, as the
// course's checker computed it: render only carries it into the page (as
// JSON) and never decides a chess question. Only the fields of the
// exercise's kind are set.
type Accept struct {
	Squares []string     `json:"squares,omitempty"` // knight-moves, king-moves: exactly these squares
	Choice  int          `json:"choice"`            // legal, outcome: the index of the right one of Choices; -1 for none
	Number  *int         `json:"number,omitempty"`  // count-moves, moves-to-win, moves-to-goal: the number; -1 is "never"
	Moves   []AcceptMove `json:"moves,omitempty"`   // best-move: every accepted move
	Path    *AcceptPath  `json:"path,omitempty"`    // labyrinth: the shortest paths
	Winner  string       `json:"winner,omitempty"`  // moves-to-win that asks who wins (Exercise.AskSide): "white" or "black"; "" in a draw
	Every   bool         `json:"every,omitempty"`   // best-move with find: every: the child plays each of Moves before it is solved
}

// AcceptMove is an accepted move of best-move by its squares (From is ""
// for the knight's flight); Slower marks a right move that is not the
// fastest.
type AcceptMove struct {
	From   string `json:"from"`
	To     string `json:"to"`
	SAN    string `json:"san"`
	Slower bool   `json:"slower,omitempty"`
}

// AcceptPath is a labyrinth's shortest paths: a traced path is right when
// it starts at From, goes on by Next and reaches To in Moves moves.
type AcceptPath struct {
	From  string              `json:"from"`
	To    string              `json:"to"`
	Moves int                 `json:"moves"`
	Next  map[string][]string `json:"next"`
}

// pageChoices returns the choices a page lists under the exercise: those of
// tick boxes. A number's extra choice ("never") is for worksheets only; on
// a page the question itself says it.
func (e Exercise) pageChoices() []string {
	if e.Space != style.TickBoxes {
		return nil
	}
	return e.Choices
}

// Lesson is one page of the site and one worksheet.
type Lesson struct {
	ID        string       // a safe slug [a-z0-9-]+, used as the file name
	Title     string       // plain text
	Level     int          // 1 and up; the index groups lessons by level
	Summary   string       // plain text, one or two sentences
	Goals     []string     // plain text, what the pupil learns
	Intro     string       // Markdown; fenced ```board blocks are diagrams
	Reminder  string       // Markdown, the worksheet's reminder box; empty: the goals
	Layout    style.Layout // the worksheet's layout; style.ByKind: the course's
	Exercises []Exercise
	Teacher   string // Markdown, the teacher's guide to the lesson; may be empty
	// Formerly are the page ids the lesson had before its file was renamed:
	// the site moves a pupil's stars kept under them to ID.
	Formerly []string
	// Plays are the board blocks marked play: true in Intro and the
	// exercises' Explain, by their FEN as the block writes it (start too).
	Plays map[string]Play
}

// OnPaper returns the lesson as its worksheet, answer key, play card and
// checklist column show it: without its site-only exercises, the others
// numbered anew from 1.
func (l Lesson) OnPaper() Lesson {
	var exs []Exercise
	for _, e := range l.Exercises {
		if !e.SiteOnly {
			e.Number = len(exs) + 1
			exs = append(exs, e)
		}
	}
	l.Exercises = exs
	return l
}

// Course is everything the build's render step makes the output files of.
type Course struct {
	Title, Author string
	Language      style.Language // the language of the interface text (the message catalog)
	Theme         style.Theme
	Paper         style.Paper
	Date          string       // shown date, "YYYY-MM-DD" (from SOURCE_DATE_EPOCH) or empty
	Layout        style.Layout // the worksheets' layout unless a lesson sets its own
	Levels        []Level      // the certificates' names and goals of levels; a level not here is "Level N" with its lessons' goals
	ClassSize     int          // the class checklist's rows, one per child; 0: DefaultClassSize
	Start         string       // the FEN that fen: start in a board block stands for; "": the default start
	Lessons       []Lesson
}

// Level names a level and what a pupil who finished it can do, for its
// certificate.
type Level struct {
	Number int
	Name   string   // such as "Shuttle pilot"; "" for none
	Goals  []string // plain text; empty: the union of the level's lessons' goals
}

// DefaultClassSize is the class checklist's number of rows when the
// course does not say.
const DefaultClassSize = 30

// Printer returns the course's message catalog, in its language and theme.
func (c Course) Printer() *catalog.Printer { return catalog.New(c.Language, c.Theme) }

// Board is one diagram, as package diagram draws it.
type Board = diagram.Board

// Play is a position the site offers to play out, as package diagram
// records it on a Board.
type Play = diagram.Play
