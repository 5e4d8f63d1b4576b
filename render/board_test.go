package render

import (
	"bytes"
	"io"
	"math"
	"strings"
	"testing"

	"nostromo-lessons/internal/style"
)

// TestAltText checks the words for a position in each theme.
func TestAltText(t *testing.T) {
	start := Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0"}
	tests := []struct {
		b     Board
		theme style.Theme
		want  string
	}{
		{start, style.Classic, "The white king on e1; pawns on b2, c2, d2, e2, f2, g2; the knight on f6; White to move; saved 0, caught 0."},
		{start, style.Alien, "Captain Ripley on e1; crew members on b2, c2, d2, e2, f2, g2; the alien on f6; Crew to move; saved 0, caught 0."},
		{start, style.Farm, "The shepherd on e1; sheep on b2, c2, d2, e2, f2, g2; the wolf on f6; Farm to move; saved 0, caught 0."},
		{Board{FEN: "8/4P3/8/8/8/8/8/4K3 b 2 3"}, style.Classic, "The white king on e1; one pawn on e7; the knight is away and flies back to f6, the home square; Black to move; saved 2, caught 3."},
		{Board{Pieces: map[string]string{"e1": "king", "d4": "knight"}, Marks: []string{"e8"}, Arrows: [][2]string{{"e1", "e2"}}}, style.Farm,
			"The shepherd on e1; no sheep; the wolf on d4; marked: e8; an arrow from e1 to e2."},
		{Board{FEN: "bad"}, style.Classic, "A board that could not be read."},
	}
	for _, tt := range tests {
		if got := AltText(tt.b, en(tt.theme)); got != tt.want {
			t.Errorf("AltText(%+v, %v) =\n%q, want\n%q", tt.b, tt.theme, got, tt.want)
		}
	}
}

// TestThemesDiffer checks that each theme has its own words and art.
func TestThemesDiffer(t *testing.T) {
	b := Board{FEN: "start"}
	seenAlt, seenSVG := map[string]style.Theme{}, map[string]style.Theme{}
	for _, th := range []style.Theme{style.Classic, style.Alien, style.Farm} {
		var buf bytes.Buffer
		if err := SVG(&buf, b, en(th), Options{}); err != nil {
			t.Fatal(err)
		}
		if other, ok := seenAlt[AltText(b, en(th))]; ok {
			t.Errorf("themes %v and %v describe the board alike", other, th)
		}
		if other, ok := seenSVG[buf.String()]; ok {
			t.Errorf("themes %v and %v draw the board alike", other, th)
		}
		seenAlt[AltText(b, en(th))], seenSVG[buf.String()] = th, th
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

// TestParseArt checks the art format's errors.
func TestParseArt(t *testing.T) {
	tests := []struct{ art, want string }{
		{"", "no paths"},
		{"white black 4 M 0 0 Z", "FILL STROKE WIDTH"},
		{"pink black 4: M 0 0 Z", `colour "pink"`},
		{"white black x: M 0 0 Z", "stroke width"},
		{"white black 4: L 0 0", "must start with M"},
		{"white black 4: M 0 0 A 1 1", `path command "A"`},
		{"white black 4: M 0 0 C 1 2 3", "want 6 numbers"},
		{"white black 4: M 0 0 L 500 0", "want -10 to 110"},
	}
	for _, tt := range tests {
		_, err := parseArt("t.art", []byte(tt.art))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("parseArt(%q) error = %v, want one containing %q", tt.art, err, tt.want)
		}
	}
	a, err := parseArt("t.art", []byte("# q\nnone black 2: M 0 0 Q 50 100 100 0\n"))
	if err != nil || len(a) != 1 || a[0].cmds[1].op != 'C' {
		t.Fatalf("parseArt(quadratic) = %+v, %v, want one path with a cubic", a, err)
	}
	want := [6]float64{100.0 / 3, 200.0 / 3, 200.0 / 3, 200.0 / 3, 100, 0}
	for i, got := range a[0].cmds[1].p {
		if math.Abs(got-want[i]) > 1e-9 {
			t.Errorf("quadratic as cubic = %v, want %v", a[0].cmds[1].p, want)
			break
		}
	}
}

// FuzzParseArt checks that no art text crashes the reader.
func FuzzParseArt(f *testing.F) {
	f.Add("white black 4: M 0 0 L 10 10 C 1 2 3 4 5 6 Q 1 2 3 4 Z")
	f.Add("# c\nnone none 0: M 1,2 Z")
	f.Fuzz(func(t *testing.T, s string) { parseArt("f.art", []byte(s)) })
}

// FuzzBoardYAML checks that no board block crashes the reader.
func FuzzBoardYAML(f *testing.F) {
	f.Add("fen: start\nmarks: [e4]\narrows: [f6-e4]\ncaption: x")
	f.Add("pieces: {e1: king}\n")
	f.Fuzz(func(t *testing.T, s string) { parseBoardYAML([]byte(s), "", nil) })
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
	if got := AltText(b, en(style.Classic)); !strings.Contains(got, "target: h4") {
		t.Errorf("AltText(%v) = %q, want it to name the target h4", b, got)
	}
	b.Target = "i9"
	if err := SVG(&framed, b, en(style.Classic), Options{}); err == nil {
		t.Errorf("SVG with target %q: no error", b.Target)
	}
}
