package render

import (
	"io"
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/render/diagram"
)

// SVG writes a board diagram as a standalone SVG image in the theme's art.
// The image carries a <title> (the caption, if it has one) and a <desc>
// (AltText) and is the same bytes for the same input.
func SVG(w io.Writer, b Board, p *catalog.Printer, opts Options) error {
	ps, err := diagram.LoadPieces(opts.files(), p.Theme())
	if err != nil {
		return err
	}
	return diagram.WriteBoardSVG(w, b, p, ps)
}
