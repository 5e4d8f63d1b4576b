package diagram

import (
	"math"
	"testing"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/templates"
)

// TestMarksLeavePiecesClear checks that no mark, ring or arrow drawn on a
// board covers a piece or a goal's star: every shape of the board drawn
// after the pieces keeps out of the disc a piece's art fills (PieceRadius
// around its square's centre) and of the star of an empty goal square
// (StarRadius and its outline). The first case is a teacher's board block
// whose ring and three arrows hid the knight on f6; the arrows into d5,
// and lesson 08's into e3, hid their stars.
func TestMarksLeavePiecesClear(t *testing.T) {
	ps, err := LoadPieces(templates.FS(), style.Classic)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		b    Board
	}{
		{"ring and arrows from the knight", Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", Marks: []string{"f6", "e4", "d5*"}, Arrows: [][2]string{{"f6", "d5"}, {"f6", "e8"}, {"f6", "e4"}}}},
		{"king a step along a rank and a file", Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", Marks: []string{"e1"}, Arrows: [][2]string{{"e1", "d1"}, {"e1", "f1"}}}},
		{"knight takes a pawn", Board{FEN: "8/8/8/8/3n4/8/1PPPPPP1/4K3 b 0 0", Arrows: [][2]string{{"d4", "c2"}, {"d4", "e2x"}}}},
		{"pawn takes the knight on the next diagonal", Board{Pieces: map[string]string{"d4": "pawn", "e5": "knight"}, Arrows: [][2]string{{"d4", "e5"}}}},
		{"king's way a step to a goal", Board{Pieces: map[string]string{"c1": "king", "e4": "knight", "b3": "pawn", "c4": "pawn", "f3": "pawn"}, Marks: []string{"d2x", "e3*"}, Arrows: [][2]string{{"c1", "d1"}, {"d1", "e2"}, {"e2", "e3"}}}},
		{"knight jumps to a goal and on from it", Board{Pieces: map[string]string{"g1": "knight"}, Marks: []string{"f3*", "h4*"}, Arrows: [][2]string{{"g1", "f3"}, {"f3", "h4"}, {"h4", "h8"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Read(tt.b)
			if err != nil {
				t.Fatal(err)
			}
			for _, size := range []DiagramSize{FullSize, SlimSize, TinySize, InsetSize} {
				d.Size = size
				dr := Arrange(d, ps, en(style.Classic))
				after := false
				for i, sh := range dr.Shapes[:dr.Panel] {
					if sh.K != 0 {
						after = true // a piece's art
						continue
					}
					if !after || sh.Kind == TextShape {
						continue
					}
					for s, pc := range d.Pieces {
						if pc == rules.NoPiece {
							continue
						}
						x, y := Center(rules.Square(s))
						if near(sh, x, y, PieceRadius) {
							t.Errorf("size %d: shape %d (kind %d), drawn after the pieces, covers the piece on %s", size, i, sh.Kind, rules.Square(s))
						}
					}
					for j, s := range d.Marks {
						if d.Kinds[j] != GoalMark || d.Pieces[s] != rules.NoPiece {
							continue
						}
						x, y := Center(s)
						if near(sh, x, y, StarRadius+StarPen) {
							t.Errorf("size %d: shape %d (kind %d), drawn after the pieces, covers the star on %s", size, i, sh.Kind, s)
						}
					}
				}
			}
		})
	}
}

// near reports whether shape sh, drawn with its stroke, reaches into the
// disc of radius r around (x, y).
func near(sh Shape, x, y, r float64) bool {
	pen := sh.Width / 2
	switch sh.Kind {
	case CircleShape:
		d := math.Hypot(sh.X-x, sh.Y-y)
		outer, inner := sh.R+pen, sh.R-pen
		if sh.Fill != "" {
			inner = 0
		}
		return d < outer+r && d+r > inner
	case RectShape:
		cx, cy := max(sh.X-pen, min(x, sh.X+sh.W+pen)), max(sh.Y-pen, min(y, sh.Y+sh.H+pen))
		return math.Hypot(cx-x, cy-y) < r
	case PathShape:
		var px, py float64
		for i, c := range sh.Cmds {
			if c.Op != 'M' && c.Op != 'L' {
				continue
			}
			qx, qy := sh.Point(c, 0)
			if i > 0 && segmentDistance(x, y, px, py, qx, qy) < r+pen {
				return true
			}
			if math.Hypot(qx-x, qy-y) < r+pen {
				return true
			}
			px, py = qx, qy
		}
	}
	return false
}

// segmentDistance returns the distance from (x, y) to the segment from
// (x0, y0) to (x1, y1).
func segmentDistance(x, y, x0, y0, x1, y1 float64) float64 {
	dx, dy := x1-x0, y1-y0
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = max(0, min(1, ((x-x0)*dx+(y-y0)*dy)/l))
	}
	return math.Hypot(x0+t*dx-x, y0+t*dy-y)
}

// TestCoordinatesOutsideBoard checks that every size of diagram writes its
// file letters and rank numbers outside the board, within the drawing: a
// piece on a1, e1 or h1 never hides its square's letter (on the worksheets'
// compact and group cells they stood inside the edge squares).
func TestCoordinatesOutsideBoard(t *testing.T) {
	ps, err := LoadPieces(templates.FS(), style.Classic)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Read(Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0"})
	if err != nil {
		t.Fatal(err)
	}
	for i, size := range []DiagramSize{FullSize, SlimSize, TinySize, InsetSize} {
		t.Run([]string{"full", "slim", "tiny", "inset"}[i], func(t *testing.T) {
			d.Size = size
			dr := Arrange(d, ps, en(style.Classic))
			n := 0
			for _, sh := range dr.Shapes[:dr.Panel] {
				if sh.Kind != TextShape {
					continue
				}
				n++
				// The text's box: its baseline at sh.y, its cap height
				// about 0.72 of its size, its width about 0.6 of it.
				top, bottom := sh.Y-0.72*sh.Size, sh.Y
				left, right := sh.X-0.3*sh.Size, sh.X+0.3*sh.Size
				switch sh.Anchor {
				case AnchorStart:
					left, right = sh.X, sh.X+0.6*sh.Size
				case AnchorEnd:
					left, right = sh.X-0.6*sh.Size, sh.X
				}
				inX := right > MarginL && left < MarginL+BoardLen
				inY := bottom > MarginT && top < MarginT+BoardLen
				if inX && inY {
					t.Errorf("coordinate %q at (%.1f, %.1f) is inside the board", sh.Text, sh.X, sh.Y)
				}
				x0 := dr.X0
				if size == InsetSize {
					x0 -= InsetHang // the rank numbers hang out of the box
				}
				if left < x0 || right > dr.X0+dr.W || top < dr.Y0 || bottom > dr.Y0+dr.H {
					t.Errorf("coordinate %q at (%.1f, %.1f) is outside the drawing (%.1f, %.1f, %.1f, %.1f)", sh.Text, sh.X, sh.Y, dr.X0, dr.Y0, dr.W, dr.H)
				}
			}
			if n != 16 {
				t.Errorf("%d coordinates, want 16", n)
			}
		})
	}
}
