package course

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render/boardblock"
	"nostromo-lessons/rules"
)

// The key tables: every key of every mapping the loader reads, with the
// shape of its value and a line that says what it is for. The loader
// accepts exactly these keys (it takes their names from here); package
// schema writes them as JSON Schema for editors. A shape is a sketch that
// an editor can check as you type; the loader, with the rules, stays the
// authority (a FEN may match the pattern and still be no position).
//
// Docs are read by teachers on hover: short, plain, no jargon.

// Key is one key of a mapping: its name, whether the loader requires it,
// what it is for, and the shape of its value.
type Key struct {
	Name     string
	Required bool
	Doc      string
	Value    *Value
}

// Type is what a value is written as in YAML.
type Type uint8

// The types of values.
const (
	TextType    Type = iota + 1 // any scalar, read as text (title: 1984 is the text "1984")
	StringType                  // a text the loader parses: a square, a FEN, a move
	WordType                    // one of Value.Words
	IntegerType                 // a whole number
	BooleanType                 // true or false (yes and no too)
	ListType                    // a list of Value.Item
	MappingType                 // a mapping of Value.Keys, or of squares to Value.Item when Keys is nil
	EitherType                  // one of Value.Either
)

var typeNames = [...]string{TextType: "text", StringType: "string", WordType: "word", IntegerType: "integer",
	BooleanType: "boolean", ListType: "list", MappingType: "mapping", EitherType: "either"}

// String returns the type's name, such as "mapping".
func (t Type) String() string {
	if int(t) < len(typeNames) && typeNames[t] != "" {
		return typeNames[t]
	}
	return "unknown"
}

// Choices returns the words of a WordType: Words, or the registered
// kinds' names for the key kind.
func (v *Value) Choices() []string {
	if v.KindWord {
		return kindNames()
	}
	return v.Words
}

// Value is the shape of a value.
type Value struct {
	Name     string   // a name for a shape used in many places, such as "square"; "" for one used once
	Doc      string   // what such a value is; a Key's Doc says what it is for, and editors show both
	Type     Type     // what it is written as
	Words    []string // WordType: the words allowed
	KindWord bool     // WordType: the words are the registered kinds' names (Choices)
	AnyCase  bool     // WordType: in any case too ("A4", "DE"), as the loader reads course.yaml's settings
	Also     []string // WordType: the words a course may write for Words, in any case: themselves (White) and, in another language, its words (negras, sí, si)
	Pattern  string   // StringType, TextType: a regular expression the text matches (ECMA-262 and Go alike)
	Number   bool     // StringType: a whole number is read as its text too (an id, a size)
	Min      int      // IntegerType: the smallest; ListType: items at least
	Max      int      // TextType: bytes at most; IntegerType: the largest (math.MaxInt: no limit); ListType, MappingType: items at most
	Unique   bool     // ListType: no item twice
	Item     *Value   // ListType: each item; MappingType without Keys: each value (the keys are squares)
	Keys     []Key    // MappingType: the keys allowed
	ByKind   bool     // MappingType: more keys, by the value of the key kind (an exercise): Kinds()
	Either   []*Value // EitherType: the shapes, the first that fits is meant
	// OneOf, for a MappingType, lists keys of which exactly one must be
	// given (a labyrinth's position or board); AnyOf keys of which at least
	// one (a lesson's exercises or include).
	OneOf, AnyOf []string
}

// Names returns the names of keys, in order.
func Names(keys []Key) []string {
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = k.Name
	}
	return names
}

// Shapes shared by many keys.
var (
	textValue     = &Value{Type: TextType, Max: MaxText}
	markdownValue = &Value{Name: "markdown", Type: TextType, Max: MaxMarkdown,
		Doc: "Text with Markdown: **bold**, *italic*, lists, links. A ```board block draws a board (fen, caption, marks, arrows, pieces, nostate)."}
	textsValue   = &Value{Type: ListType, Max: MaxList, Item: textValue}
	booleanValue = &Value{Type: BooleanType}
	squareValue  = &Value{Name: "square", Type: StringType, Pattern: `^[a-h][1-8]$`,
		Doc: "A square: a file a-h and a rank 1-8, such as e4."}
	squaresValue = &Value{Name: "squares", Type: ListType, Max: MaxList, Unique: true, Item: squareValue,
		Doc: "A list of squares, such as [d5, e4]."}
	fenValue = &Value{Name: "fen", Type: StringType,
		Pattern: `^\s*(start|[1-8KPn]{1,8}(/[1-8KPn]{1,8}){7} [wb]( [0-9] [0-9])?)\s*$`,
		Doc:     "A Nostromo FEN such as 8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0 (pieces, side to move, saved, taken), or start."}
	marksValue = &Value{Name: "marks", Type: ListType, Max: MaxList, Unique: true,
		Item: &Value{Type: StringType, Pattern: `^[a-h][1-8][x*]?$`},
		Doc:  "e4 a dot (a ring around a piece), e4x a square to avoid, e4* a goal."}
	arrowsValue = &Value{Name: "arrows", Type: ListType, Max: MaxList,
		Item: &Value{Type: StringType, Pattern: `^[a-h][1-8]-[a-h][1-8]x?$`},
		Doc:  "f6-e4 an arrow; f6-e4x a move not to make (the arrow is crossed out)."}
	sideValue   = &Value{Type: WordType, Words: []string{"white", "black"}, AnyCase: true}
	layoutValue = &Value{Name: "layout", Type: WordType, Words: style.LayoutNames(),
		Doc: "How dense the worksheets are: by-kind (the default), roomy (one a row), compact (two a row) or drill (three a row)."}
	levelValue = &Value{Type: IntegerType, Min: 1, Max: 5}
	goalValue  = &Value{Name: "goal", Type: StringType, Pattern: `^(save|catch|take):[1-4]$`,
		Doc: "A sub-goal: save:K (White saves K more pawns) or catch:K (the knight catches K more pawns; take:K is the same)."}
	idValue = &Value{Name: "id", Type: StringType, Pattern: idPattern.String(), Number: true,
		Doc: "Letters, digits, - and _, at most 64."}
	moveValue = &Value{Type: StringType, Doc: "A move in SAN, such as Kd2, exf5 or N@f6, or in coordinates such as e2e3."}
	bankPath  = &Value{Type: StringType, Pattern: `\.yaml$`,
		Doc: "A bank's path in the course folder, such as exercises/drills.yaml."}
	boardValue = &Value{Name: "board", Type: MappingType, Keys: boardKeys,
		Doc: "Pieces without a game: {king: e1, pawns: [e2], knight: f6}."}
	exerciseValue = &Value{Name: "exercise", Type: MappingType, Keys: exerciseKeys, ByKind: true,
		Doc: "An exercise: a kind, a position and the answer, which check proves."}
)

// pieceKeys are the pieces of a position or a board.
var pieceKeys = []Key{
	{Name: "king", Doc: "The square of the white king.", Value: squareValue},
	{Name: "pawns", Doc: "The squares of the white pawns.", Value: squaresValue},
	{Name: "knight", Doc: "The square of the black knight.", Value: squareValue},
}

// positionValue is a position: a FEN, start, or a list of pieces.
var positionValue = &Value{Name: "position", Type: EitherType,
	Doc:    "The position: a FEN, start, or the pieces such as {king: e4, pawns: [d4, e5], knight: f5, to_move: white, saved: 1}.",
	Either: []*Value{fenValue, {Type: MappingType, Keys: pieceListKeys, Doc: "The pieces and the game's state."}}}

// pieceListKeys are the keys of a position written as pieces.
var pieceListKeys = []Key{
	{Name: "king", Required: true, Doc: pieceKeys[0].Doc, Value: squareValue},
	pieceKeys[1],
	pieceKeys[2],
	{Name: "to_move", Doc: "Who is to move: white (the default) or black.", Value: sideValue},
	{Name: "saved", Doc: "Pawns already saved (0 unless given).", Value: &Value{Type: IntegerType, Min: 0, Max: rules.SavesToWin - 1}},
	{Name: "taken", Doc: "Pawns already taken; without it, 6 - pawns - saved.", Value: &Value{Type: IntegerType, Min: 0, Max: rules.TakesToWin - 1}},
}

// boardKeys are the keys of a labyrinth's board: pieces only.
var boardKeys = pieceKeys

// courseKeys are the keys of course.yaml.
var courseKeys = []Key{
	{Name: "title", Doc: "The course's title, on the site and the workbook.", Value: textValue},
	{Name: "author", Doc: "Who wrote the course.", Value: textValue},
	{Name: "language", Doc: "The language of the worksheets, pages, default questions and theme words: en (the default), es, ru, de or nl.",
		Value: &Value{Type: WordType, Words: languageWords(), AnyCase: true}},
	{Name: "theme", Doc: "The story that default questions and pictures tell.", Value: &Value{Type: WordType, Words: themeWords(), AnyCase: true}},
	{Name: "paper", Doc: "The worksheets' paper size.", Value: &Value{Type: WordType, Words: paperWords(), AnyCase: true}},
	{Name: "start", Doc: "What the word start means in this course: a position with White to move.", Value: fenValue},
	{Name: "budget", Doc: "The memory the proofs may use, such as 6GB (default 4GB).",
		Value: &Value{Type: StringType, Number: true, Pattern: `^\s*[0-9]*\.?[0-9]+([eE][+-]?[0-9]+)?\s*([kKmMgGtT]?[bB])?\s*$`}},
	{Name: "remote_images", Doc: "true lets lesson pages show pictures from other sites (default false: such a picture tells that site who reads the page).", Value: booleanValue},
	{Name: "layout", Doc: "The worksheets' layout for every lesson.", Value: layoutValue},
	{Name: "levels", Doc: "A name and goals for each level, for the certificates: 1: {name: Cadet, goals: [...]}.",
		Value: &Value{Type: MappingType, Keys: levelNumberKeys()}},
}

// levelKeys are the keys of one level under levels: in course.yaml.
var levelKeys = []Key{
	{Name: "name", Doc: "The level's name on its certificate, such as Shuttle pilot.", Value: textValue},
	{Name: "goals", Doc: "What a child of this level can do, one line each; without it, the goals of the level's lessons.", Value: textsValue},
}

// levelNumberKeys are the keys of levels: the level numbers 1 to 5.
func levelNumberKeys() []Key {
	var keys []Key
	for n := 1; n <= 5; n++ {
		keys = append(keys, Key{Name: strconv.Itoa(n), Doc: fmt.Sprintf("Level %d.", n), Value: &Value{Type: MappingType, Keys: levelKeys}})
	}
	return keys
}

// lessonKeys are the keys of a lesson file (lessons/*.yaml).
var lessonKeys = []Key{
	{Name: "title", Required: true, Doc: "The lesson's title.", Value: textValue},
	{Name: "level", Required: true, Doc: "How hard the lesson is: 1 (easiest) to 5.", Value: levelValue},
	{Name: "summary", Required: true, Doc: "One sentence on one line: what the lesson is about.",
		Value: &Value{Type: TextType, Max: MaxText, Pattern: `^\s*[^\n]*\s*$`}},
	{Name: "goals", Doc: "What the pupils learn, one line each.", Value: textsValue},
	{Name: "intro", Required: true, Doc: "The lesson's text, before the exercises.", Value: markdownValue},
	{Name: "exercises", Doc: "The lesson's own exercises.", Value: &Value{Type: ListType, Max: MaxExercisesPerLesson, Item: exerciseValue}},
	{Name: "include", Doc: "Exercises from banks: a bank's path (all of it), or {file: exercises/x.yaml, ids: [...], site_only: true}.",
		Value: &Value{Type: ListType, Max: MaxList, Item: &Value{Type: EitherType, Either: []*Value{bankPath,
			{Type: MappingType, Keys: includeKeys, Doc: "Some exercises of a bank, by id."}}}}},
	{Name: "reminder", Doc: "The worksheet's reminder box; without it the box lists the goals.", Value: markdownValue},
	{Name: "layout", Doc: "This lesson's worksheet layout, instead of the course's.", Value: layoutValue},
	{Name: "teacher", Doc: "The teacher's guide to this lesson: the plan, talking points, the mistakes children make, the exercises to do together.", Value: markdownValue},
	{Name: "formerly", Doc: "The lesson's file names before it was renamed, such as [05-the-flight]: the site moves the pupils' stars kept under them to this lesson.",
		Value: &Value{Type: ListType, Max: MaxList, Item: &Value{Type: StringType}, Unique: true}},
}

// includeKeys are the keys of an include item written as a mapping.
var includeKeys = []Key{
	{Name: "file", Required: true, Doc: "The bank to take exercises from.", Value: bankPath},
	{Name: "ids", Doc: "The ids of the exercises to take, in the order to show them.",
		Value: &Value{Type: ListType, Max: MaxList, Item: idValue, Unique: true}},
	{Name: "site_only", Doc: "true: the exercises taken are on the lesson's page only, not on its worksheet.", Value: booleanValue},
}

// bankKeys are the keys of a bank file (exercises/*.yaml).
var bankKeys = []Key{
	{Name: "title", Doc: "The bank's title, on its practice sheet.", Value: textValue},
	{Name: "concept", Doc: "What the bank's exercises practise, for those that name no concept of their own.", Value: conceptValue},
	{Name: "generated", Doc: "How nostromo-lessons generate made this bank, so that it can be made again.",
		Value: &Value{Type: MappingType, Keys: generatedKeys}},
	{Name: "exercises", Required: true, Doc: "The exercises; lessons include them.", Value: &Value{Type: ListType, Max: MaxBankExercises, Item: exerciseValue}},
}

// generatedKeys are the keys of a bank's generated mapping.
var generatedKeys = []Key{
	{Name: "by", Doc: "The program that made the bank.", Value: textValue},
	{Name: "seed", Doc: "The seed of its random choices.", Value: &Value{Type: IntegerType, Min: 0, Max: math.MaxInt}},
	{Name: "args", Doc: "The arguments it was given.", Value: textsValue},
	{Name: "level", Doc: "The level (1-5) of its exercises; without it, the including lesson's.", Value: levelValue},
	{Name: "language", Doc: "The language of its title, questions and explanations: en (the default), es, ru, de or nl.", Value: &Value{Type: WordType, Words: languageWords()}},
}

// exerciseKeys are the keys of every exercise; Kinds adds the keys of
// each kind. The answer's shape depends on the kind.
var exerciseKeys = []Key{
	{Name: "id", Doc: "A short name for the exercise, unique in the course, such as flee-2; lessons include a bank's exercises by it.", Value: idValue},
	{Name: "kind", Required: true, Doc: "What the exercise asks.", Value: &Value{Type: WordType, KindWord: true}},
	{Name: "position", Doc: "What the question is about.", Value: positionValue},
	{Name: "answer", Required: true, Doc: "The answer, which check proves; its form depends on the kind."},
	{Name: "question", Doc: "The question, instead of the theme's wording.", Value: textValue},
	{Name: "hint", Doc: "A hint for the pupil.", Value: textValue},
	{Name: "explain", Doc: "The explanation in the answer key.", Value: markdownValue},
	{Name: "marks", Doc: "Squares to mark on the board.", Value: marksValue},
	{Name: "arrows", Doc: "Arrows to draw on the board.", Value: arrowsValue},
	{Name: "group", Doc: "false: never share a board with the exercise before.", Value: booleanValue},
	{Name: "concept", Doc: "What the exercise practises, in lower-case words joined by -, such as fork-distance; stats counts the exercises of each concept.", Value: conceptValue},
	{Name: "site_only", Doc: "true: on the lesson's page only, not on its worksheet.", Value: booleanValue},
}

// conceptValue is an exercise's concept: a kebab-case name.
var conceptValue = &Value{Name: "concept", Type: StringType, Max: MaxConcept, Pattern: conceptPattern.String(),
	Doc: "A concept's name: lower-case letters and digits in words joined by -, such as fork-distance."}

// KindKeys is what one kind of exercise adds to exerciseKeys: its own keys,
// the keys of exerciseKeys it requires and the shape of its answer.
type KindKeys struct {
	Kind     question.Kind
	Keys     []Key
	Requires []string // keys of exerciseKeys this kind requires besides kind and answer
	OneOf    []string // keys of which exactly one is given
	Answer   *Value
	Doc      string // what the answer is
}

// Kinds returns what each registered kind of exercise adds to
// exerciseKeys, in question.Kinds order, from the kinds' registrations.
func Kinds() []KindKeys {
	var out []KindKeys
	for _, k := range question.Kinds() {
		info := k.Info()
		kk := KindKeys{Kind: k, Requires: info.Requires, OneOf: info.OneOf, Answer: fieldValue(info.Answer), Doc: info.Answer.Doc}
		for _, f := range info.Keys {
			kk.Keys = append(kk.Keys, Key{Name: f.Name, Required: f.Required, Doc: f.Doc, Value: fieldValue(f)})
		}
		out = append(out, kk)
	}
	return out
}

// fieldValue returns the value of a kind's key: what the reader of its
// type (question.Input) takes.
func fieldValue(f question.Field) *Value {
	switch f.Type {
	case question.SquareField:
		return squareValue
	case question.SquaresField:
		return squaresValue
	case question.PathField:
		return &Value{Type: ListType, Max: MaxList, Item: squareValue}
	case question.SquaresOrField:
		word := &Value{Type: WordType, Words: f.Words}
		return &Value{Type: EitherType, Either: []*Value{
			word,
			{Type: ListType, Max: MaxList, Item: &Value{Type: EitherType, Either: []*Value{{Type: WordType, Words: f.Words}, squareValue}}},
		}}
	case question.MoveField:
		return moveValue
	case question.MoveListField:
		return &Value{Type: ListType, Min: 1, Max: MaxList, Unique: true, Item: moveValue}
	case question.WordField:
		return &Value{Type: WordType, Words: f.Words}
	case question.AnswerWordField:
		return answerValue(f.Words...)
	case question.IntegerField:
		return &Value{Type: IntegerType, Min: f.Min, Max: f.Max}
	case question.MovesField:
		return movesValue
	case question.GoalField:
		return goalValue
	case question.BooleanField:
		return booleanValue
	case question.BoardField:
		return boardValue
	}
	return nil
}

// movesValue is the answer of moves-to-win and moves-to-goal.
var movesValue = &Value{Name: "moves", Type: EitherType, Doc: "A number of moves, or never.",
	Either: []*Value{{Type: IntegerType, Min: 0, Max: 999}, answerValue("never")}}

// boardBlockKeys are the keys of a ```board block in lesson Markdown, in
// the order of boardblock.Keys, the keys the loader and the renderer read.
var boardBlockKeys = keysOf(boardblock.Keys, []Key{
	{Name: "fen", Doc: "The position to draw.", Value: fenValue},
	{Name: "caption", Doc: "A line under the board.", Value: textValue},
	{Name: "marks", Doc: "Squares to mark.", Value: marksValue},
	{Name: "arrows", Doc: "Arrows to draw.", Value: arrowsValue},
	{Name: "pieces", Doc: "Pieces without a game, instead of a fen: {e1: king, d4: knight}.",
		Value: &Value{Type: MappingType, Max: MaxList, Item: &Value{Type: WordType, Words: []string{"king", "pawn", "knight"}}}},
	{Name: "nostate", Doc: "true: draw no side to move and no counters.", Value: booleanValue},
	{Name: "play", Doc: "true: the site offers to play the position out against the alien, the child taking the side to move.", Value: booleanValue},
})

// keysOf returns the keys of table named by names, in that order; it
// panics when the two differ, so that a key added to one is documented in
// the other.
func keysOf(names []string, table []Key) []Key {
	if len(names) != len(table) {
		panic(fmt.Sprintf("course: %d keys, but %d documented", len(names), len(table)))
	}
	out := make([]Key, len(names))
	for i, name := range names {
		j := slices.IndexFunc(table, func(k Key) bool { return k.Name == name })
		if j < 0 {
			panic(fmt.Sprintf("course: key %q is not documented", name))
		}
		out[i] = table[j]
	}
	return out
}

// answerValue is the value of an answer word of words, English, which a
// course may write in any case, and a course in another language in its
// own words (see file.answerWord): every language's, as the answer keys
// print them and as chess teachers also write them (catalog.AcceptedWords:
// Remis, empate), with and without accents, sorted.
func answerValue(words ...string) *Value {
	also := slices.Clone(words) // in any case
	for _, l := range style.Languages() {
		for _, t := range style.Themes() {
			for _, w := range words {
				for _, a := range catalog.AcceptedWords(l, t, w) {
					also = append(also, a, catalog.FoldAnswer(a))
				}
			}
		}
	}
	slices.Sort(also)
	return &Value{Type: WordType, Words: words, Also: slices.Compact(also)}
}

// kindNames returns the names of the registered kinds, in order.
func kindNames() []string {
	var names []string
	for _, k := range question.Kinds() {
		names = append(names, k.String())
	}
	return names
}

// The loader's lists of key names, taken from the tables.
var (
	courseNames     = Names(courseKeys)
	levelNames      = Names(levelKeys)
	lessonNames     = Names(lessonKeys)
	bankNames       = Names(bankKeys)
	generatedNames  = Names(generatedKeys)
	includeNames    = Names(includeKeys)
	commonNames     = Names(exerciseKeys)
	pieceListNames  = Names(pieceListKeys)
	boardNames      = Names(boardKeys)
	boardBlockNames = Names(boardBlockKeys)
)

// kindKeys returns the keys kind k adds to an exercise.
func kindKeys(k question.Kind) []string {
	var names []string
	for _, f := range k.Info().Keys {
		names = append(names, f.Name)
	}
	return names
}

// exerciseNames returns the keys an exercise of some registered kind may
// have: every exercise's, then each kind's, in order.
func exerciseNames() []string {
	keys := slices.Clone(commonNames)
	for _, k := range question.Kinds() {
		for _, name := range kindKeys(k) {
			if !slices.Contains(keys, name) {
				keys = append(keys, name)
			}
		}
	}
	return keys
}

// The top-level values of the files of a course, and of a board block.
var (
	courseValue = &Value{Type: MappingType, Keys: courseKeys,
		Doc: "A Nostromo course's settings."}
	lessonValue = &Value{Type: MappingType, Keys: lessonKeys, AnyOf: []string{"exercises", "include"},
		Doc: "A Nostromo lesson: its text and its exercises, whose answers check proves."}
	bankValue = &Value{Type: MappingType, Keys: bankKeys,
		Doc: "A bank of Nostromo exercises that lessons include."}
	boardBlockValue = &Value{Type: MappingType, Keys: boardBlockKeys, OneOf: []string{"fen", "pieces"},
		Doc: "The keys of a ```board block in lesson Markdown (intro, explain, reminder)."}
)

// CourseValue returns the shape of course.yaml, from the loader's own key
// tables.
func CourseValue() *Value { return courseValue }

// LessonValue returns the shape of a lesson file (lessons/*.yaml).
func LessonValue() *Value { return lessonValue }

// BankValue returns the shape of a bank file (exercises/*.yaml).
func BankValue() *Value { return bankValue }

// BoardBlockValue returns the shape of a ```board block in lesson Markdown.
func BoardBlockValue() *Value { return boardBlockValue }
