package stats

import (
	"bytes"
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/coursefs"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/starter"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/")

// fixture computes the figures of testdata/course, a course of two lessons
// and two banks whose figures are counted by hand below.
func fixture(t *testing.T) *Report {
	t.Helper()
	fsys, err := coursefs.Dir("testdata/course")
	if err != nil {
		t.Fatal(err)
	}
	c, err := course.Load(fsys)
	if err != nil {
		t.Fatalf("Load(testdata/course): %v", err)
	}
	return Compute(c)
}

func TestCompute(t *testing.T) {
	r := fixture(t)
	lesson1, lesson2 := r.Lessons[0], r.Lessons[1]
	tests := []struct {
		name      string
		got, want any
	}{
		// Lesson 1 writes 5 and includes g1; lesson 2 writes 3 and includes h1.
		{"seen", r.Seen, 10},
		{"site-only", r.SiteOnly, 1},
		{"hidden: g2", r.Hidden, []Count{{"exercises/gen.yaml", 1}}},
		{"generated: g1", r.Generated, 1},
		{"without explanation", r.NoExplain, []string{"lessons/01-first.yaml:17:5 f-jumps", "exercises/gen.yaml:7:5 g1"}},
		{"concepts", r.Concepts, []Count{{"counting", 4}, {"knight-jumps", 1}}},
		{"no concept: g1, three labyrinths, h1", r.NoConcept, 5},
		// Positions: start twice, a7, a6 twice, g1, h1; labyrinths have none.
		{"positions", r.Positions, 7},
		{"distinct", r.Distinct, 5},
		{"pawns", r.Pawns, [7]int{0, 3, 0, 1, 1, 0, 2}},
		{"counters", r.Counters, []Counter{{2, 3, 3}, {0, 0, 2}, {0, 2, 1}, {1, 2, 1}}},
		{"king: a1 thrice and h8; e1 thrice", r.King, Placement{Corner: 4, Edge: 3}},
		{"distances", r.Distances, []Count{{"2", 1}, {"never", 1}}},
		{"longest distance", r.LongestDistance(), 2},
		{"labyrinths", r.Labyrinths, Labyrinths{Total: 3, Matter: 1, PathsOnly: 1, Same: 1, Empty: []string{"lessons/02-second.yaml:7:5 s-empty"}}},
		{"lesson levels", r.LessonLevels, [5]int{1, 0, 1, 0, 0}},
		{"exercise levels: g1 takes lesson 1's", r.ExerciseLevels, [5]int{6, 0, 4, 0, 0}},
		// Lesson 1: [count, jumps] share start, outcome, [win, never] share
		// a position, then g1: 4 blocks, 2 of them mixed. Lesson 2: three
		// labyrinths, then h1.
		{"lesson 1 blocks", [2]int{lesson1.Blocks, lesson1.Mixed}, [2]int{4, 2}},
		{"lesson 2 blocks", [2]int{lesson2.Blocks, lesson2.Mixed}, [2]int{2, 0}},
		{"lesson 1 kinds", lesson1.Kinds, []Count{{"count-moves", 2}, {"knight-moves", 1}, {"outcome", 1}, {"moves-to-win", 1}, {"moves-to-goal", 1}}},
		{"lesson 2 no explain", lesson2.NoExplain, 0},
		{"long sentences", len(r.Reading.Long), 1},
		{"longest", r.Reading.Longest.Words, 25},
		{"longest where", r.Reading.Longest.Where, "lessons/02-second.yaml intro"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("Compute(testdata/course) %s mismatch (-want +got):\n%s", tt.name, diff)
			}
		})
	}
}

// TestGolden compares the text and the JSON of the fixture's report with
// testdata/course.txt and course.json (go test ./internal/stats -update
// rewrites them).
func TestGolden(t *testing.T) {
	r := fixture(t)
	var text, js bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	enc := json.NewEncoder(&js)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string][]byte{"course.txt": text.Bytes(), "course.json": js.Bytes()} {
		path := filepath.Join("testdata", name)
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(want), string(got)); diff != "" {
			t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
		}
	}
}

func TestCheck(t *testing.T) {
	r := fixture(t)
	tests := []struct {
		name string
		t    Thresholds
		want []string
	}{
		{"nothing asked", Thresholds{}, nil},
		{"reached", Thresholds{Lessons: 2, Seen: 10, ConceptMin: 1, ExerciseLevels: 2, ThreePawnShare: 0.5, FourToSix: 3,
			LongestDistance: 2, LabyrinthsMatter: 0.3, MaxGenerated: 0.1, MaxGrade: 1.0, MaxSentenceWords: 25}, nil},
		{"missed by one", Thresholds{Lessons: 3, Seen: 11, ConceptMin: 2, ExerciseLevels: 3, ThreePawnShare: 0.58, FourToSix: 4,
			LongestDistance: 3, LabyrinthsMatter: 0.34, MaxGenerated: 0.09, MaxGrade: 0.9, MaxSentenceWords: 24}, []string{
			"2 lessons, want at least 3",
			"10 exercises seen, want at least 11",
			"concept knight-jumps: 1 exercises, want at least 2",
			"exercises use 2 levels, want at least 3",
			"57% of positions have 3 pawns or more, want at least 58%",
			"3 positions have 4 to 6 pawns, want at least 4",
			"the longest count is 2 moves, want at least 3",
			"the obstacles matter in 1 of 3 labyrinths (33%), want at least 34%",
			"10% of the exercises are generated, want at most 9%",
			"reading grade 1.0, want at most 0.9",
			"the longest sentence has 25 words (lessons/02-second.yaml intro), want at most 24",
		}},
		{"every exercise", Thresholds{EveryConcept: true, EveryExplained: true, OneKindBlocks: true}, []string{
			"5 exercises name no concept, want none",
			"2 exercises have no explanation, want none",
			"lesson 01-first: 2 shared diagrams ask more than one kind, want one kind a block",
		}},
		{"issue 16", Issue16, []string{
			"2 lessons, want at least 14",
			"10 exercises seen, want at least 400",
			"concept counting: 4 exercises, want at least 10",
			"concept knight-jumps: 1 exercises, want at least 10",
			"5 exercises name no concept, want none",
			"2 exercises have no explanation, want none",
			"lesson 01-first: 2 shared diagrams ask more than one kind, want one kind a block",
			"exercises use 2 levels, want at least 5",
			"3 positions have 4 to 6 pawns, want at least 60",
			"the longest count is 2 moves, want at least 10",
			"the obstacles matter in 1 of 3 labyrinths (33%), want at least 80%",
			"the longest sentence has 25 words (lessons/02-second.yaml intro), want at most 20",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, r.Check(tt.t)); diff != "" {
				t.Errorf("Check(%+v) mismatch (-want +got):\n%s", tt.t, diff)
			}
		})
	}
}

func TestSentences(t *testing.T) {
	tests := []struct {
		name, md string
		want     []string
	}{
		{"plain", "The king steps. The knight jumps! Who wins?", []string{"The king steps.", "The knight jumps!", "Who wins?"}},
		{"no final stop", "Count the moves", []string{"Count the moves"}},
		{"paragraphs", "One line\nand the next.\n\nA new one", []string{"One line and the next.", "A new one"}},
		{"list items", "Goals:\n- name the squares\n- count the moves\n1. first\n2. second", []string{"Goals:", "name the squares", "count the moves", "first", "second"}},
		{"heading", "## The lair\nThe knight flies home.", []string{"The lair", "The knight flies home."}},
		{"board block", "Look.\n\n```board\nfen: start\ncaption: Not text.\n```\nThen play.", []string{"Look.", "Then play."}},
		{"board block in a quote", "> Look:\n> ```board\n> fen: start\n> ```\n> Then play.", []string{"Look:", "Then play."}},
		{"move numbers", "Play 1. e3 Nd5 2. Kd2 and win. Then 1... Ng4 loses.", []string{"Play 1. e3 Nd5 2. Kd2 and win.", "Then 1... Ng4 loses."}},
		{"marks and links", "**Ripley** goes to *e4*, see [the rules](rules.html) ![x](a.png).", []string{"Ripley goes to e4, see the rules."}},
		{"dashes are no words", "The king - and only it - moves.", []string{"The king and only it moves."}},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Sentences(tt.md)); diff != "" {
				t.Errorf("Sentences(%q) mismatch (-want +got):\n%s", tt.md, diff)
			}
		})
	}
}

func TestSyllables(t *testing.T) {
	en, es, ru, de := style.English, style.Spanish, style.Russian, style.German
	for _, tt := range []struct {
		word string
		lang style.Language
		want int
	}{
		{"the", en, 1}, {"king", en, 1}, {"knight", en, 1}, {"jumps", en, 1}, {"alien", en, 2}, {"Ripley", en, 2}, {"square", en, 1},
		{"little", en, 2}, {"guarded", en, 2}, {"seven", en, 2}, {"because", en, 2}, {"e4", en, 1}, {"Kd2", en, 1}, {"14", en, 1}, {"rhythm", en, 1}, {"free", en, 1},
		{"grande", es, 2}, {"salte", es, 2}, {"canción", es, 2}, {"también", es, 2}, {"oveja", es, 3}, {"Cd5", es, 1},
		{"собака", ru, 3}, {"пешка", ru, 2}, {"конь", ru, 1}, {"ёжик", ru, 2}, {"Кd5", ru, 1},
		{"Läufer", de, 2}, {"über", de, 2}, {"Springer", de, 2},
	} {
		if got := Syllables(tt.word, tt.lang); got != tt.want {
			t.Errorf("Syllables(%q, %v) = %d, want %d", tt.word, tt.lang, got, tt.want)
		}
	}
}

func TestGrade(t *testing.T) {
	tests := []struct {
		words, sentences, syllables int
		want                        float64
	}{
		{0, 0, 0, 0},
		{100, 10, 140, 4.8},  // 3.9 + 16.52 − 15.59 = 4.83
		{100, 20, 100, -1.8}, // 1.95 + 11.8 − 15.59 = −1.84
		{200, 10, 300, 9.9},  // 7.8 + 17.7 − 15.59 = 9.91
	}
	for _, tt := range tests {
		if got := grade(tt.words, tt.sentences, tt.syllables); got != tt.want {
			t.Errorf("grade(%d, %d, %d) = %v, want %v", tt.words, tt.sentences, tt.syllables, got, tt.want)
		}
	}
}

// FuzzSentences checks that Sentences never loses a word of a text
// without Markdown marks and never returns an empty sentence.
func FuzzSentences(f *testing.F) {
	f.Add("The king steps. The knight jumps!\n\n- a list\n```board\nfen: start\n```\n")
	f.Add("Play 1. e3 Nd5 2. Kd2.")
	f.Fuzz(func(t *testing.T, md string) {
		for _, s := range Sentences(md) {
			if strings.TrimSpace(s) == "" {
				t.Errorf("Sentences(%q) has an empty sentence", md)
			}
		}
		if strings.ContainsAny(md, "`*_~[]()!#>-+\n0123456789") {
			return
		}
		var words int
		for _, s := range Sentences(md) {
			words += len(strings.Fields(s))
		}
		if want := len(wordsOf(md)); words != want {
			t.Errorf("Sentences(%q) has %d words, want %d", md, words, want)
		}
	})
}

// TestReadingLanguages: the starter course of every language, short
// sentences of everyday words, reads at a grade above 0 and at most 12 (its
// syllables counted with the language's vowels: a Russian word was one
// syllable, and its grade below zero), and the text says that the formula
// is English's in the other languages.
func TestReadingLanguages(t *testing.T) {
	for _, l := range style.Languages() {
		t.Run(l.String(), func(t *testing.T) {
			c, err := course.Load(starter.For(l))
			if err != nil {
				t.Fatal(err)
			}
			r := Compute(c)
			if g := r.Reading.Grade; g <= 0 || g > 12 {
				t.Errorf("the %v starter reads at grade %v (%d words, %d syllables), want above 0, at most 12", l, g, r.Reading.Words, r.Reading.Syllables)
			}
			var b bytes.Buffer
			if err := r.WriteText(&b); err != nil {
				t.Fatal(err)
			}
			if got, want := strings.Contains(b.String(), "made for English text"), l != style.English; got != want {
				t.Errorf("the %v starter's figures say the formula is made for English: %v, want %v:\n%s", l, got, want, b.String())
			}
		})
	}
}

// TestNoExplainOnce: a bank exercise without explanation that two lessons
// include (one on its page only) is listed once, to be explained once.
func TestNoExplainOnce(t *testing.T) {
	fsys := fstest.MapFS{}
	err := fs.WalkDir(starter.For(style.Spanish), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(starter.For(style.Spanish), path)
		fsys[path] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	fsys["lessons/02-again.yaml"] = &fstest.MapFile{Data: []byte("title: Otra vez\nlevel: 1\nsummary: Otra vez.\nintro: Otra vez.\nexercises: []\n" +
		"include:\n  - file: exercises/practica.yaml\n    ids: [practica-rey]\n    site_only: true\n")}
	c, err := course.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	r := Compute(c)
	var bank []string
	for _, w := range r.NoExplain {
		if strings.HasPrefix(w, "exercises/") {
			bank = append(bank, w)
		}
	}
	if len(bank) != 1 || r.Lessons[1].NoExplain != 1 {
		t.Errorf("NoExplain lists %q of the bank, lesson 2 counts %d, want the bank's exercise once, and lesson 2 counts it", bank, r.Lessons[1].NoExplain)
	}
}
