package diagram

import (
	"testing"

	"nostromo-lessons/internal/catalog"
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

// en returns the English printer of a theme.
func en(t style.Theme) *catalog.Printer { return catalog.New(style.English, t) }
