package render

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"nostromo-lessons/internal/style"
)

var sampleDir = flag.String("sample", "", "write the sample course's files into this folder (TestWriteSample)")

// sampleCourse is a small course that uses every answer space, a labyrinth
// board, marks, arrows, a board block in the intro and non-Latin text.
func sampleCourse(t style.Theme) Course {
	return Course{
		Title: "Nostromo: Save the Crew", Author: "Ms. Nowak", Theme: t, Paper: style.A4, Date: "2024-05-01",
		Lessons: []Lesson{
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
				Exercises: []Exercise{
					{Number: 1, ID: "count-1", Kind: "count", Question: "How many squares can the knight jump to?", Hint: "Count the dots in your head.",
						Answer: "8 squares", Space: style.NumberBox, Board: Board{FEN: "8/8/8/3n4/8/8/1PPPPPP1/4K3 w 0 0"},
						Explain: "A knight in the middle of the board has **eight** jumps."},
					{Number: 2, ID: "safe-1", Kind: "safe", Question: "Is the pawn on e4 safe?", Answer: "no",
						Space: style.TickBoxes, Choices: []string{"yes", "no"}, Board: Board{FEN: "8/8/5n2/8/4P3/8/1PPP1P2/4K3 w 0 1", Arrows: [][2]string{{"f6", "e4"}}},
						Explain: "The knight on f6 attacks e4:\n\n```board\nfen: 8/8/8/8/4n3/8/1PPP1P2/4K3 w 0 2\ncaption: After Nxe4\n```\n"},
				},
			},
			{
				ID: "run-home", Title: "Run home, Łódź Straße Ёжик", Level: 1,
				Summary: "Bring a pawn to the last rank.",
				Exercises: []Exercise{
					{Number: 1, ID: "squares-1", Kind: "squares", Question: "Which squares does the knight attack? Write them all.",
						Answer: "e4, g4, d5, h5, d7, h7, e8, g8", Space: style.SquareLines, Board: Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", Caption: "The lair is on f6"}},
					{Number: 2, ID: "moves-1", Kind: "line", Question: "White to move saves a pawn in two moves. Write the moves.",
						Answer: "e7, e8", Line: "1. e7 Nd5 2. e8", Space: style.MoveLines, Board: Board{FEN: "8/8/4P3/8/8/1n6/8/4K3 w 2 3"},
						Hint: "Walk straight ahead."},
				},
			},
			{
				ID: "labyrinth", Title: "The labyrinth", Level: 2,
				Summary: "Find the way through the maze.",
				Exercises: []Exercise{
					{Number: 1, ID: "path-1", Kind: "path", Question: "The king walks from e1 to e8 and never stands where the knight attacks. Draw a path.",
						Answer: "e1-d2-c3-c4-c5-d6-e7-e8", Space: style.PathOnBoard,
						Board:   Board{Pieces: map[string]string{"e1": "king", "e5": "knight"}, NoState: true, Marks: []string{"e8"}},
						Explain: "Keep away from the squares the knight jumps to. <script>alert(1)</script>"},
				},
			},
		},
	}
}

// TestWriteSample writes the sample course's site and Markdown (publish)
// into the folder given with -sample, to look at them as a user would.
// Without -sample it does nothing.
func TestWriteSample(t *testing.T) {
	if *sampleDir == "" {
		t.Skip("no -sample folder given")
	}
	for _, th := range []style.Theme{style.Classic, style.Alien, style.Farm} {
		root := filepath.Join(*sampleDir, th.String())
		for path, data := range publish(t, sampleCourse(th), Options{}) {
			name := filepath.Join(root, filepath.FromSlash(path))
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
