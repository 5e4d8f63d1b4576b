package render

import (
	"math"
	"testing"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/templates"
)

// TestMarksLeavePiecesClear checks that no mark, ring or arrow drawn on a
// board covers a piece or a goal's star: every shape of the board drawn
// after the pieces keeps out of the disc a piece's art fills (pieceRadius
// around its square's centre) and of the star of an empty goal square
// (starRadius and its outline). The first case is a teacher's board block
// whose ring and three arrows hid the knight on f6; the arrows into d5,
// and lesson 08's into e3, hid their stars.
func TestMarksLeavePiecesClear(t *testing.T) {
	ps, err := loadPieces(templates.FS(), style.Classic)
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
			d, err := readBoard(tt.b)
			if err != nil {
				t.Fatal(err)
			}
			for _, size := range []diagramSize{fullSize, slimSize, tinySize, insetSize} {
				d.size = size
				dr := arrange(d, ps, en(style.Classic))
				after := false
				for i, sh := range dr.shapes[:dr.panel] {
					if sh.k != 0 {
						after = true // a piece's art
						continue
					}
					if !after || sh.kind == textShape {
						continue
					}
					for s, pc := range d.pieces {
						if pc == rules.NoPiece {
							continue
						}
						x, y := center(rules.Square(s))
						if near(sh, x, y, pieceRadius) {
							t.Errorf("size %d: shape %d (kind %d), drawn after the pieces, covers the piece on %s", size, i, sh.kind, rules.Square(s))
						}
					}
					for j, s := range d.marks {
						if d.kinds[j] != goalMark || d.pieces[s] != rules.NoPiece {
							continue
						}
						x, y := center(s)
						if near(sh, x, y, starRadius+starPen) {
							t.Errorf("size %d: shape %d (kind %d), drawn after the pieces, covers the star on %s", size, i, sh.kind, s)
						}
					}
				}
			}
		})
	}
}

// near reports whether shape sh, drawn with its stroke, reaches into the
// disc of radius r around (x, y).
func near(sh shape, x, y, r float64) bool {
	pen := sh.width / 2
	switch sh.kind {
	case circleShape:
		d := math.Hypot(sh.x-x, sh.y-y)
		outer, inner := sh.r+pen, sh.r-pen
		if sh.fill != "" {
			inner = 0
		}
		return d < outer+r && d+r > inner
	case rectShape:
		cx, cy := max(sh.x-pen, min(x, sh.x+sh.w+pen)), max(sh.y-pen, min(y, sh.y+sh.h+pen))
		return math.Hypot(cx-x, cy-y) < r
	case pathShape:
		var px, py float64
		for i, c := range sh.cmds {
			if c.op != 'M' && c.op != 'L' {
				continue
			}
			qx, qy := sh.point(c, 0)
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
	ps, err := loadPieces(templates.FS(), style.Classic)
	if err != nil {
		t.Fatal(err)
	}
	d, err := readBoard(Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0"})
	if err != nil {
		t.Fatal(err)
	}
	for i, size := range []diagramSize{fullSize, slimSize, tinySize, insetSize} {
		t.Run([]string{"full", "slim", "tiny", "inset"}[i], func(t *testing.T) {
			d.size = size
			dr := arrange(d, ps, en(style.Classic))
			n := 0
			for _, sh := range dr.shapes[:dr.panel] {
				if sh.kind != textShape {
					continue
				}
				n++
				// The text's box: its baseline at sh.y, its cap height
				// about 0.72 of its size, its width about 0.6 of it.
				top, bottom := sh.y-0.72*sh.size, sh.y
				left, right := sh.x-0.3*sh.size, sh.x+0.3*sh.size
				switch sh.anchor {
				case anchorStart:
					left, right = sh.x, sh.x+0.6*sh.size
				case anchorEnd:
					left, right = sh.x-0.6*sh.size, sh.x
				}
				inX := right > marginL && left < marginL+boardLen
				inY := bottom > marginT && top < marginT+boardLen
				if inX && inY {
					t.Errorf("coordinate %q at (%.1f, %.1f) is inside the board", sh.text, sh.x, sh.y)
				}
				x0 := dr.x0
				if size == insetSize {
					x0 -= insetHang // the rank numbers hang out of the box
				}
				if left < x0 || right > dr.x0+dr.w || top < dr.y0 || bottom > dr.y0+dr.h {
					t.Errorf("coordinate %q at (%.1f, %.1f) is outside the drawing (%.1f, %.1f, %.1f, %.1f)", sh.text, sh.x, sh.y, dr.x0, dr.y0, dr.w, dr.h)
				}
			}
			if n != 16 {
				t.Errorf("%d coordinates, want 16", n)
			}
		})
	}
	// An inset board's rank numbers hang into the gap before its cell:
	// the page's margin or the gap between two compact cells, with room
	// to spare on either side.
	hang := insetHang * compactSquare / sq
	if gap := cellSpecs[compactCell].gap; hang > gap-1.5 {
		t.Errorf("inset rank numbers take %.1f mm left of the board, want at most %.1f mm of the %v mm between compact cells", hang, gap-1.5, gap)
	}
	if hang > margin-5 {
		t.Errorf("inset rank numbers take %.1f mm left of the board, want at least 5 mm of the page's %v mm margin left", hang, margin)
	}
}
