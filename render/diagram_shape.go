package render

// A drawing is a diagram laid out once, in abstract units, and then written
// by two back ends: SVG (diagram_svg.go) and PDF (pdf_draw.go). Both draw the same
// shapes in the same order, so a diagram looks the same on screen and paper.
type drawing struct {
	x0, y0 float64 // the top-left corner of the part of the plane drawn on: (0, 0) but for dense diagrams
	w, h   float64
	title  string // the caption, or "" for none
	desc   string // the position in words (AltText)
	shapes []shape
	panel  int // shapes[panel:] are the state panel beside the board (none: len(shapes))
}

// shapeKind tells which fields of a shape are used.
type shapeKind uint8

const (
	rectShape   shapeKind = iota // x, y, w, h
	circleShape                  // x, y (centre), r
	pathShape                    // cmds, and k, x, y for placed art (see point)
	textShape                    // x, y (baseline), text, size, anchor, bold
)

// anchor is the horizontal alignment of a text shape at x.
type anchor uint8

const (
	anchorStart anchor = iota
	anchorMiddle
	anchorEnd
)

// shape is one primitive of a drawing. Colours are palette names; the
// empty string means "no fill" or "no stroke".
type shape struct {
	kind       shapeKind
	x, y, w, h float64
	r          float64
	cmds       []cmd
	k          float64 // a path's scale, 0 for points as they are: see point
	fill       string
	stroke     string
	width      float64
	dash       float64 // dash length for a dashed stroke, 0 for solid
	text       string
	size       float64
	anchor     anchor
	bold       bool
	maxW       float64 // the widest a text may be, 0 for any: a PDF draws a wider one smaller (a browser's fonts are not known here)
}

// palette holds the colours that art and diagrams may use, as RGB. They are
// chosen to survive a black-and-white photocopier: pure black and white,
// one pale tone for dark squares and one mid grey for details.
var palette = map[string][3]uint8{
	"white": {255, 255, 255},
	"black": {0, 0, 0},
	"dark":  {34, 34, 34},
	"grey":  {150, 150, 150},
	"light": {206, 206, 206},
}

// add appends shapes to the drawing.
func (d *drawing) add(s ...shape) { d.shapes = append(d.shapes, s...) }

// placeArt appends a piece's art scaled by k and moved to (x, y). The
// paths keep the art's points, which are only read, and are drawn scaled
// and moved (point): a drawing does not copy them.
func (d *drawing) placeArt(a art, x, y, k float64) {
	for _, p := range a {
		d.add(shape{kind: pathShape, cmds: p.cmds, k: k, x: x, y: y, fill: p.fill, stroke: p.stroke, width: p.width * k})
	}
}

// point returns the coordinates i and i+1 of a command of a path shape
// as drawn: for placed art (k not 0), scaled by k and moved to (x, y).
func (s shape) point(c cmd, i int) (float64, float64) {
	if s.k == 0 {
		return c.p[i], c.p[i+1]
	}
	return s.x + s.k*c.p[i], s.y + s.k*c.p[i+1]
}
