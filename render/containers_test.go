package render

import (
	"strings"
	"testing"
)

// containerTexts are board blocks that only a reader of the whole Markdown
// finds, with how many boards each holds.
var containerTexts = []struct {
	name, md string
	boards   int
}{
	{"block quote", "> ```board\n> fen: start\n> marks: [f6]\n> ```\n", 1},
	{"list item", "- Look:\n\n  ```board\n  fen: start\n  arrows: [f6-e4]\n  ```\n- And go on.\n", 1},
	{"attributes", "```board {.wide}\nfen: start\ncaption: Wide\n```\n", 1},
	{"quote in a list", "1. See\n\n   > ~~~ board\n   > pieces: {e1: king, d4: knight}\n   > ~~~\n2. Then\n", 1},
	{"list in a quote", "> - ```board\n>   fen: 8/8/5n2/8/4P3/8/8/4K3 w 2 3\n>   nostate: true\n>   ```\n", 1},
	{"ended by its quote", "> ```board\n> fen: start\n\nAfter.\n", -1},
	{"quoted fen with a space", "```board\nfen: \" start\"\n```\n", -1},
	{"quoted nostate", "```board\nfen: start\nnostate: \"yes\"\n```\n", 1},
	{"no pieces", "```board\npieces: {}\n```\n", 1},
	{"binary caption", "```board\nfen: start\ncaption: !!binary aGk=\n```\n", -1},
	{"tagged fen", "```board\nfen: !!str start\n```\n", -1},
	{"several", "```board\nfen: start\n```\n\n> ```board\n> fen: start\n> marks: [e2]\n> ```\n\n```go\nx := 1\n```\n", 2},
}

// TestContainersDrawn checks that each way of writing a lesson draws the
// board blocks in containers: the page (figures), the Markdown output
// (image references, with no fence left behind) and the PDF (diagrams).
func TestContainersDrawn(t *testing.T) {
	for _, tt := range containerTexts {
		if tt.boards < 0 {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			if got := strings.Count(lessonHTML(t, tt.md), "<figure class=\"diagram\">"); got != 2*tt.boards+1 {
				t.Errorf("HTML of %q has %d figures, want %d (intro, explain and the exercise's board)", tt.md, got, 2*tt.boards+1)
			}
			var md strings.Builder
			l := Lesson{ID: "x", Title: "X", Intro: tt.md}
			boards, err := WriteMarkdown(&md, Course{Title: "T"}, l)
			if err != nil || len(boards) != tt.boards {
				t.Errorf("WriteMarkdown of %q = %d boards, %v; want %d", tt.md, len(boards), err, tt.boards)
			}
			if rest := strings.Count(md.String(), "```") + strings.Count(md.String(), "~~~"); rest != strings.Count(tt.md, "```go")*2 {
				t.Errorf("WriteMarkdown of %q left a fence:\n%s", tt.md, md.String())
			}
			blocks, err := PlainBlocks(tt.md, "")
			n := 0
			for _, b := range blocks {
				if b.Board != nil {
					n++
				}
			}
			if err != nil || n != tt.boards {
				t.Errorf("PlainBlocks(%q) = %d boards, %v; want %d", tt.md, n, err, tt.boards)
			}
		})
	}
}

// TestCourseStart checks that fen: start in a board block stands for the
// course's start position, as the loader reads it, in the page, the
// Markdown output and the PDF text alike.
func TestCourseStart(t *testing.T) {
	const start = "8/8/5n2/8/8/8/2PPPP2/4K3 w 0 2"
	md := "```board\nfen: start\n```\n"
	c := Course{Title: "T", Start: start, Lessons: []Lesson{{ID: "x", Title: "X", Intro: md}}}
	var page strings.Builder
	if err := HTML(&page, c, c.Lessons[0], Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.String(), "pawns on c2, d2, e2, f2") || strings.Contains(page.String(), "pawns on b2") {
		t.Errorf("the page draws another start than the course's:\n%s", page.String())
	}
	var out strings.Builder
	boards, err := WriteMarkdown(&out, c, c.Lessons[0])
	if err != nil || len(boards) != 1 || boards[0].FEN != start {
		t.Errorf("WriteMarkdown boards = %+v, %v; want one board of %s", boards, err, start)
	}
	blocks, err := PlainBlocks(md, start)
	if err != nil || len(blocks) != 1 || blocks[0].Board == nil || blocks[0].Board.FEN != start {
		t.Errorf("PlainBlocks = %+v, %v; want one board of %s", blocks, err, start)
	}
}
