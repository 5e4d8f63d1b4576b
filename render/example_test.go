package render_test

import (
	"bytes"
	"fmt"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/render/diagram"
)

// A diagram of the start position in the alien theme, with the knight's
// jump to e4 drawn as an arrow: SVG writes a standalone drawing, and
// AltText says in words what it shows.
func ExampleSVG() {
	b := render.Board{FEN: "start", Arrows: [][2]string{{"f6", "e4"}}}
	var buf bytes.Buffer
	if err := render.SVG(&buf, b, catalog.New(style.English, style.Alien), render.Options{}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(bytes.HasPrefix(buf.Bytes(), []byte("<svg")))
	fmt.Println(diagram.AltText(b, catalog.New(style.English, style.Alien)))
	// Output:
	// true
	// Captain Ripley on e1; crew members on b2, c2, d2, e2, f2, g2; the alien on f6; Crew to move; saved 0, caught 0; an arrow from f6 to e4.
}
