package question

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// KindInfo is a question kind's registration: everything the loader, the
// schema, the generator, the worksheets and the page script need to know of
// it, read by them from the registry (as a goldmark extension registers its
// parser and renderer). Each kind's file registers its own in an init
// function; see the package comment for the places a new kind touches.
type KindInfo struct {
	// Name is the kind's name as lesson files write it, such as
	// "moves-to-win".
	Name string
	// Solver is set when the exact solver proves the kind's questions
	// (the others need only the rules engine).
	Solver bool
	// Drill is set when a worksheet's drill cell can hold the kind: its
	// answer is short, or marked on the board.
	Drill bool
	// Typed is set when a page asks for the answer as a number typed in
	// (or "never"), which templates/answer.js does for any kind it has no
	// case of its own for; a kind without it has its case in the script's
	// verdict switch, `case "NAME":`.
	Typed bool
	// Levels holds the highest generator score of levels 1 to 4; a higher
	// score is level 5.
	Levels [4]int
	// Words are the catalog keys the kind's Wording, Key and Space say
	// besides the shared ones; with gen.title.NAME, the title of a
	// generated bank, every language must have them.
	Words []string
	// Requires lists the keys of every exercise the kind requires besides
	// kind and answer (position), OneOf keys of which exactly one is given.
	Requires, OneOf []string
	// Keys are the kind's own keys, Answer the shape of its answer (its
	// Doc says what the answer is), for the loader and the schema.
	Keys   []Field
	Answer Field
	// Decode reads the kind's question from an exercise's keys.
	Decode func(in Input) (Question, bool)
	// Encode writes q's keys, those Decode reads, for a generated bank.
	Encode func(q Question, out Output)
	// Generate, if set, makes a random question of the kind for package
	// generate, aiming at level (1-5), or returns false when the draw gave
	// nothing usable. The built-in kinds have their makers in package
	// generate instead, which draw from the solver's pools.
	Generate func(r *rand.Rand, level int) (Made, bool)
}

// Made is a question a kind's Generate made: its score (what
// KindInfo.Levels grades), why it scores so, and the key under which two
// questions are the same exercise.
type Made struct {
	Question Question
	Score    int
	Why      string
	Key      string
}

// Field is a key of an exercise as a kind declares it: the loader reports
// any key no kind declares, and the schema describes it for editors.
type Field struct {
	Name     string
	Type     FieldType
	Required bool
	Doc      string   // a sentence for editors
	Words    []string // Word, AnswerWord: the words; SquaresOr: the one word
	Min, Max int      // Integer: the bounds
}

// FieldType is what a key holds; each is what one reader of Input reads.
type FieldType uint8

// The types of key.
const (
	SquareField     FieldType = iota + 1 // Input.Square: e4
	SquaresField                         // Input.Squares: [d5, e4]
	PathField                            // Input.Path: [b1, c3, e4]
	SquaresOrField                       // Input.SquaresOr: guarded, [guarded, d4]
	MoveField                            // Input.Move: Kd2
	MoveListField                        // Input.MoveList: [Kd3, e5]
	WordField                            // Input.Word: one of Words
	AnswerWordField                      // Input.AnswerWord: one of Words, in any language
	IntegerField                         // Input.Integer: Min to Max
	MovesField                           // Input.Moves: 7 or never
	GoalField                            // Input.Goal: save:1
	BooleanField                         // Input.Boolean: true or false
	BoardField                           // Input.Board: {king: e1, knight: f6}
)

// withPosition is what the kinds that ask about a position require.
var withPosition = []string{"position"}

// Input is what a kind's Decode reads an exercise's keys through; package
// course implements it over the YAML of a lesson or a bank, so that every
// message names the file, line and column of the key it is about. Every
// reader reports its own problems and returns false on one; a reader of an
// absent key reports it missing when the key is required (Need) and
// otherwise returns its zero value and true (call Has first).
type Input interface {
	// Has reports whether the exercise has the key.
	Has(key string) bool
	// Need reports a missing key and returns false.
	Need(key string) bool
	// Errorf reports a problem at the value of key, or at the exercise
	// when key is "" or absent.
	Errorf(key, format string, args ...any)
	// Position reads a position (a FEN or a piece list); the exercise's
	// diagram shows it.
	Position(key string) (rules.Position, bool)
	// Board reads pieces without a game; the diagram shows them alone.
	Board(key string) (Board, bool)
	// Show sets the position the exercise's diagram shows.
	Show(p rules.Position)
	// Square reads one square.
	Square(key string) (rules.Square, bool)
	// Squares reads a set of squares, such as [d5, e4].
	Squares(key string) (rules.Bitboard, bool)
	// Path reads a list of squares, in order, such as [b1, c3, e4].
	Path(key string) ([]rules.Square, bool)
	// SquaresOr reads word, a list of distinct squares that may hold
	// word, or both; it reports whether word was given.
	SquaresOr(key, word string) (rules.Bitboard, bool, bool)
	// Word reads one of words, English only.
	Word(key string, words ...string) (string, bool)
	// AnswerWord reads one of words, which a course may write in its
	// language (weiß, Remis), and returns the English word.
	AnswerWord(key string, words ...string) (string, bool)
	// Integer reads a whole number from min to max.
	Integer(key string, min, max int) (int, bool)
	// Boolean reads true or false.
	Boolean(key string) (bool, bool)
	// Moves reads a number of moves or never (Never).
	Moves(key string) (int, bool)
	// Goal reads a sub-goal such as save:1.
	Goal(key string) (solver.Goal, bool)
	// Move reads a move of p, legal or not, such as Kd2.
	Move(key string, p rules.Position) (string, bool)
	// MoveList reads distinct legal moves of p, at least one.
	MoveList(key string, p rules.Position) ([]rules.Move, bool)
}

// Output is what a kind's Encode writes a generated exercise's keys to;
// package generate implements it as YAML, in the order of the calls.
type Output interface {
	// Position writes a position, as a FEN or a piece list.
	Position(key string, p rules.Position)
	// Pieces writes pieces without a game.
	Pieces(key string, b Board)
	// Word writes a word or any other plain scalar.
	Word(key, word string)
	// Number writes a whole number.
	Number(key string, n int)
	// Moves writes a number of moves or never.
	Moves(key string, n int)
	// Squares writes a set of squares, as a flow list.
	Squares(key string, b rules.Bitboard)
	// Boolean writes true or false.
	Boolean(key string, b bool)
	// List writes a flow list of words.
	List(key string, words ...string)
}

// got returns what stores a reader's value in *dst and clears *ok when
// the read was not good, so that a Decode reads a key in one line:
// got(&ok, &q.From)(in.Square("from")).
func got[T any](ok *bool, dst *T) func(T, bool) {
	return func(v T, good bool) {
		*dst = v
		*ok = *ok && good
	}
}

// positionAnswer reads the position of a kind that asks about one and
// reports a missing answer, which the kind reads after its other keys.
func positionAnswer(in Input) (rules.Position, bool) {
	has := in.Need("position")
	in.Need("answer")
	p, ok := in.Position("position")
	return p, has && ok
}

// registry holds the registered kinds, indexed by Kind; index 0 is no kind.
var registry = []*KindInfo{nil}

// define registers info as kind k, one of the constants of kind.go.
func define(k Kind, info KindInfo) {
	for int(k) >= len(registry) {
		registry = append(registry, nil)
	}
	if registry[k] != nil {
		panic(fmt.Sprintf("question: kind %d registered twice", k))
	}
	registry[k] = &info
}

// Register adds a question kind and returns it, as a kind's file does in a
// package-level var (var KindFoo = Register(KindInfo{...})) or a test does.
// It panics when the name is taken or the registration lacks Name, Decode
// or Encode. It is not safe for concurrent use.
func Register(info KindInfo) Kind {
	switch {
	case info.Name == "" || info.Decode == nil || info.Encode == nil:
		panic(fmt.Sprintf("question: register kind %q: want a name, Decode and Encode", info.Name))
	case slices.ContainsFunc(registry, func(i *KindInfo) bool { return i != nil && i.Name == info.Name }):
		panic(fmt.Sprintf("question: register kind %q: the name is taken", info.Name))
	}
	k := Kind(max(len(registry), int(KindLabyrinth)+1)) // after the built-in kinds, which init defines
	for int(k) >= len(registry) {
		registry = append(registry, nil)
	}
	registry[k] = &info
	return k
}

// Unregister removes the kind k added by Register, as a test does when it
// is done with a kind of its own; the built-in kinds stay.
func Unregister(k Kind) {
	if k > KindLabyrinth && int(k) < len(registry) {
		registry[k] = nil
	}
	for len(registry) > 1 && registry[len(registry)-1] == nil {
		registry = registry[:len(registry)-1]
	}
}

// Info returns the registration of kind k, or nil for no kind.
func (k Kind) Info() *KindInfo {
	if int(k) < len(registry) {
		return registry[k]
	}
	return nil
}
