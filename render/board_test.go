package render

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render/diagram"
)

// TestThemesDiffer checks that each theme has its own words and art.
func TestThemesDiffer(t *testing.T) {
	b := Board{FEN: "start"}
	seenAlt, seenSVG := map[string]style.Theme{}, map[string]style.Theme{}
	for _, th := range []style.Theme{style.Classic, style.Alien, style.Farm} {
		var buf bytes.Buffer
		if err := SVG(&buf, b, en(th), Options{}); err != nil {
			t.Fatal(err)
		}
		if other, ok := seenAlt[diagram.AltText(b, en(th))]; ok {
			t.Errorf("themes %v and %v describe the board alike", other, th)
		}
		if other, ok := seenSVG[buf.String()]; ok {
			t.Errorf("themes %v and %v draw the board alike", other, th)
		}
		seenAlt[diagram.AltText(b, en(th))], seenSVG[buf.String()] = th, th
	}
}

// TestParseTheme checks theme names both ways.
func TestParseTheme(t *testing.T) {
	for _, th := range []style.Theme{style.Classic, style.Alien, style.Farm} {
		if got, err := style.ParseTheme(strings.ToUpper(th.String())); err != nil || got != th {
			t.Errorf("style.ParseTheme(%q) = %v, %v, want %v", strings.ToUpper(th.String()), got, err, th)
		}
	}
	if _, err := style.ParseTheme("space"); err == nil {
		t.Errorf("style.ParseTheme(%q): no error", "space")
	}
	if p, err := style.ParsePaper("letter"); err != nil || p != style.Letter {
		t.Errorf("style.ParsePaper(%q) = %v, %v, want style.Letter", "letter", p, err)
	}
}

// TestBadBoards checks that boards that cannot be drawn are errors.
func TestBadBoards(t *testing.T) {
	tests := []struct {
		b    Board
		want string
	}{
		{Board{FEN: "8/8/8/8/8/8/8/8 w 0 0"}, "render: board: invalid position"},
		{Board{FEN: "start", Pieces: map[string]string{"e1": "king"}}, "not both"},
		{Board{Pieces: map[string]string{"e9": "king"}}, "square"},
		{Board{Pieces: map[string]string{"e1": "queen"}}, `piece "queen"`},
		{Board{FEN: "start", Marks: []string{"z1"}}, "mark"},
		{Board{FEN: "start", Arrows: [][2]string{{"e1", "e1"}}}, "arrow"},
	}
	for _, tt := range tests {
		err := SVG(io.Discard, tt.b, en(style.Classic), Options{})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("SVG(%+v) error = %v, want one containing %q", tt.b, err, tt.want)
		}
	}
}

// TestBoardBlockErrors checks that a bad ```board block is reported with
// its line in the lesson text.
func TestBoardBlockErrors(t *testing.T) {
	tests := []struct{ md, want string }{
		{"text\n\n```board\nfen: nonsense\n```\n", "intro: line 3: render: board:"},
		{"```board\nfen: start\ncolour: red\n```\n", "field colour not found"},
		{"```board\nfen: start\narrows: [e2e4]\n```\n", `arrow "e2e4"`},
	}
	for _, tt := range tests {
		c := Course{Lessons: []Lesson{{ID: "x", Intro: tt.md}}}
		for name, err := range map[string]error{
			"HTML":     HTML(io.Discard, c, c.Lessons[0], Options{}),
			"Markdown": Markdown(io.Discard, c, c.Lessons[0], Options{}),
		} {
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s(%q) error = %v, want one containing %q", name, tt.md, err, tt.want)
			}
		}
	}
}

// FuzzBoardYAML checks that no board block crashes the reader.
func FuzzBoardYAML(f *testing.F) {
	f.Add("fen: start\nmarks: [e4]\narrows: [f6-e4]\ncaption: x")
	f.Add("pieces: {e1: king}\n")
	f.Fuzz(func(t *testing.T, s string) { ParseBoardYAML([]byte(s), "", nil) })
}

// TestTargetFrame checks that a labyrinth's target square is framed in the
// SVG, named in the alt text, and rejected when it is not a square.
func TestTargetFrame(t *testing.T) {
	b := Board{Pieces: map[string]string{"d8": "knight"}, NoState: true}
	var plain, framed strings.Builder
	if err := SVG(&plain, b, en(style.Classic), Options{}); err != nil {
		t.Fatal(err)
	}
	b.Target = "h4"
	if err := SVG(&framed, b, en(style.Classic), Options{}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(framed.String(), "<rect") - strings.Count(plain.String(), "<rect"); n != 2 {
		t.Errorf("SVG with a target has %d more rectangles, want 2 (the double frame)", n)
	}
	if got := diagram.AltText(b, en(style.Classic)); !strings.Contains(got, "target: h4") {
		t.Errorf("AltText(%v) = %q, want it to name the target h4", b, got)
	}
	b.Target = "i9"
	if err := SVG(&framed, b, en(style.Classic), Options{}); err == nil {
		t.Errorf("SVG with target %q: no error", b.Target)
	}
}
