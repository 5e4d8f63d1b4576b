package diagram

import (
	"reflect"
	"testing"
)

// TestBoardKey checks that BoardKey tells apart boards that differ in any
// one field, and that it knows every field of Board and Play: a field it
// left out would let two boards share a drawing.
func TestBoardKey(t *testing.T) {
	for _, c := range []struct {
		typ    reflect.Type
		fields int
	}{{reflect.TypeFor[Board](), 8}, {reflect.TypeFor[Play](), 3}} {
		if got := c.typ.NumField(); got != c.fields {
			t.Errorf("%s has %d fields, BoardKey knows %d: add the new ones to BoardKey and to this test", c.typ, got, c.fields)
		}
	}
	base := Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0"}
	boards := map[string]Board{"base": base}
	change := func(name string, f func(b *Board)) {
		b := base
		f(&b)
		boards[name] = b
	}
	change("FEN", func(b *Board) { b.FEN = "8/8/8/8/8/8/2P1P3/n3K3 w 1 3" })
	change("Pieces", func(b *Board) { b.Pieces = map[string]string{"e1": "king"} })
	change("Pieces 2", func(b *Board) { b.Pieces = map[string]string{"e1": "king", "f6": "knight"} })
	change("Pieces moved", func(b *Board) { b.Pieces = map[string]string{"e2": "king"} })
	change("NoState", func(b *Board) { b.NoState = true })
	change("Marks", func(b *Board) { b.Marks = []string{"e4"} })
	change("Marks 2", func(b *Board) { b.Marks = []string{"e4", "x"} })
	change("Marks joined", func(b *Board) { b.Marks = []string{"e4x"} })
	change("Arrows", func(b *Board) { b.Arrows = [][2]string{{"e2", "e4"}} })
	change("Arrows crossed", func(b *Board) { b.Arrows = [][2]string{{"e2", "e4x"}} })
	change("Target", func(b *Board) { b.Target = "e4" })
	change("Caption", func(b *Board) { b.Caption = "Diagram 1" })
	change("Caption in FEN", func(b *Board) { b.FEN, b.Caption = base.FEN[:10], base.FEN[10:] })
	change("Play FEN", func(b *Board) { b.Play.FEN = base.FEN })
	change("Play Side", func(b *Board) { b.Play.Side = "w" })
	change("Play TooBig", func(b *Board) { b.Play.TooBig = true })
	names := map[string]string{}
	for name, b := range boards {
		key := BoardKey(b)
		if other, ok := names[key]; ok {
			t.Errorf("boards %q and %q have the same key %q", name, other, key)
		}
		names[key] = name
	}
	many := Board{Pieces: map[string]string{"e1": "king", "a2": "pawn", "b2": "pawn", "c2": "pawn", "f6": "knight"}}
	want := BoardKey(many)
	for range 20 { // the map's order changes from one range to the next
		if got := BoardKey(many); got != want {
			t.Fatalf("BoardKey of one board: %q, then %q", want, got)
		}
	}
}
