package render

import (
	"testing"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
)

// TestPanelTextsFit: the words of a diagram's state panel (the counters'
// labels, the side to move) stay within their room in a PDF in every
// language and theme, long German words ("Gefangen") and Spanish ones
// ("Capturados") drawn smaller.
func TestPanelTextsFit(t *testing.T) {
	c := denseCourse(style.A4)
	k, err := newCourseAssets(c, Options{})
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
			for _, size := range []diagramSize{fullSize, slimSize} {
				for _, black := range []bool{false, true} {
					d := diagram{state: true, black: black, size: size}
					for _, sh := range arrange(d, pieceSet{}, p).shapes {
						if sh.kind != textShape || sh.maxW == 0 {
							continue
						}
						sh.setFont(s, scale)
						if w := s.GetStringWidth(sh.text); w > scale*sh.maxW+0.01 {
							t.Errorf("%s, %s, size %d: %q is %.1f mm wide, want at most %.1f", l, th, size, sh.text, w, scale*sh.maxW)
						}
					}
				}
			}
		}
	}
}
