package pdf

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/sheets")

// sampleCourse is a small course that uses every answer space, a labyrinth
// board, marks, arrows, a board block in the intro and non-Latin text.
func sampleCourse(t style.Theme) render.Course {
	return render.Course{
		Title: "Nostromo: Save the Crew", Author: "Ms. Nowak", Theme: t, Paper: style.A4, Date: "2024-05-01",
		Lessons: []render.Lesson{
			{
				ID: "first-steps", Title: "First steps", Level: 1,
				Summary: "Meet the pieces and learn how the alien jumps.",
				Goals:   []string{"Name the pieces", "See which squares the knight attacks"},
				Intro: "The alien lives in its **lair** on f6.\n\n" +
					"```board\nfen: 8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0\ncaption: The start position\nmarks: [e4, g4, d5, h5, d7, h7, e8, g8]\n```\n\n" +
					"It jumps like a chess knight. Read [the rules](https://www.chessvariants.com/).\n",
				Teacher: "## Plan for 45 minutes\n\n1. Warm-up: name the squares.\n2. Show the jumps on the big board.\n\n" +
					"```board\nfen: 8/8/8/3n4/8/8/1PPPPPP1/4K3 w 0 0\ncaption: Eight jumps from d5\n```\n\n" +
					"## Mistakes children make\n\nThey count the square the alien **stands** on.\n",
				Exercises: []render.Exercise{
					{Number: 1, ID: "count-1", Kind: "count", Question: "How many squares can the knight jump to?", Hint: "Count the dots in your head.",
						Answer: "8 squares", Space: style.NumberBox, Board: render.Board{FEN: "8/8/8/3n4/8/8/1PPPPPP1/4K3 w 0 0"},
						Explain: "A knight in the middle of the board has **eight** jumps."},
					{Number: 2, ID: "safe-1", Kind: "safe", Question: "Is the pawn on e4 safe?", Answer: "no",
						Space: style.TickBoxes, Choices: []string{"yes", "no"}, Board: render.Board{FEN: "8/8/5n2/8/4P3/8/1PPP1P2/4K3 w 0 1", Arrows: [][2]string{{"f6", "e4"}}},
						Explain: "The knight on f6 attacks e4:\n\n```board\nfen: 8/8/8/8/4n3/8/1PPP1P2/4K3 w 0 2\ncaption: After Nxe4\n```\n"},
				},
			},
			{
				ID: "run-home", Title: "Run home, Łódź Straße Ёжик", Level: 1,
				Summary: "Bring a pawn to the last rank.",
				Exercises: []render.Exercise{
					{Number: 1, ID: "squares-1", Kind: "squares", Question: "Which squares does the knight attack? Write them all.",
						Answer: "e4, g4, d5, h5, d7, h7, e8, g8", Space: style.SquareLines, Board: render.Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", Caption: "The lair is on f6"}},
					{Number: 2, ID: "moves-1", Kind: "line", Question: "White to move saves a pawn in two moves. Write the moves.",
						Answer: "e7, e8", Line: "1. e7 Nd5 2. e8", Space: style.MoveLines, Board: render.Board{FEN: "8/8/4P3/8/8/1n6/8/4K3 w 2 3"},
						Hint: "Walk straight ahead."},
				},
			},
			{
				ID: "labyrinth", Title: "The labyrinth", Level: 2,
				Summary: "Find the way through the maze.",
				Exercises: []render.Exercise{
					{Number: 1, ID: "path-1", Kind: "path", Question: "The king walks from e1 to e8 and never stands where the knight attacks. Draw a path.",
						Answer: "e1-d2-c3-c4-c5-d6-e7-e8", Space: style.PathOnBoard,
						Board:   render.Board{Pieces: map[string]string{"e1": "king", "e5": "knight"}, NoState: true, Marks: []string{"e8"}},
						Explain: "Keep away from the squares the knight jumps to. <script>alert(1)</script>"},
				},
			},
		},
	}
}

// checkGoldenIn compares got with the golden file testdata/dir/name, or
// rewrites the file when the test runs with -update. The PDF tests keep
// theirs in testdata/sheets.
func checkGoldenIn(t *testing.T, dir, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", dir, filepath.FromSlash(name))
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render/pdf -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", name, diff)
	}
}

// en returns the English printer of a theme.
func en(t style.Theme) *catalog.Printer { return catalog.New(style.English, t) }

// english returns an English message of the classic theme, such as the
// title a test finds a page by.
func english(key string, args ...any) string { return en(style.Classic).Say(key, args...) }
