package render

import (
	"io"
	"testing"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render/diagram"
)

// BenchmarkSVG renders one board diagram.
func BenchmarkSVG(b *testing.B) {
	ps, err := diagram.LoadPieces(Options{}.files(), style.Alien)
	if err != nil {
		b.Fatal(err)
	}
	board := Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", Arrows: [][2]string{{"f6", "e4"}}, Marks: []string{"d5"}}
	b.ReportAllocs()
	for b.Loop() {
		if err := diagram.WriteBoardSVG(io.Discard, board, en(style.Alien), ps); err != nil {
			b.Fatal(err)
		}
	}
}
