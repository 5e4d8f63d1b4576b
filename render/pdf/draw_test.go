package pdf

import (
	"testing"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/render/diagram"
)

// TestPanelTextsFit: the words of a diagram's state panel (the counters'
// labels, the side to move) stay within their room in a PDF in every
// language and theme, long German words ("Gefangen") and Spanish ones
// ("Capturados") drawn smaller.
func TestPanelTextsFit(t *testing.T) {
	c := denseCourse(style.A4)
	k, err := newAssets(c, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSheet(c, k, "panel")
	if err != nil {
		t.Fatal(err)
	}
	const scale = 0.2 // a play card's diagram: about 57 mm wide
	for _, l := range style.Languages() {
		for _, th := range style.Themes() {
			p := catalog.New(l, th)
			for _, size := range []diagram.DiagramSize{diagram.FullSize, diagram.SlimSize} {
				for _, black := range []bool{false, true} {
					d := diagram.Diagram{State: true, Black: black, Size: size}
					for _, sh := range diagram.Arrange(d, diagram.PieceSet{}, p).Shapes {
						if sh.Kind != diagram.TextShape || sh.MaxW == 0 {
							continue
						}
						s.shapeFont(sh, scale)
						if w := s.GetStringWidth(sh.Text); w > scale*sh.MaxW+0.01 {
							t.Errorf("%s, %s, size %d: %q is %.1f mm wide, want at most %.1f", l, th, size, sh.Text, w, scale*sh.MaxW)
						}
					}
				}
			}
		}
	}
}

// TestInsetHang checks that an inset board's rank numbers, which hang out
// of its drawing (diagram's TestCoordinatesOutsideBoard), fit beside the
// compact cells.
func TestInsetHang(t *testing.T) {
	// An inset board's rank numbers hang into the gap before its cell:
	// the page's margin or the gap between two compact cells, with room
	// to spare on either side.
	hang := diagram.InsetHang * compactSquare / diagram.Sq
	if gap := cellSpecs[compactCell].gap; hang > gap-1.5 {
		t.Errorf("inset rank numbers take %.1f mm left of the board, want at most %.1f mm of the %v mm between compact cells", hang, gap-1.5, gap)
	}
	if hang > margin-5 {
		t.Errorf("inset rank numbers take %.1f mm left of the board, want at least 5 mm of the page's %v mm margin left", hang, margin)
	}
}
