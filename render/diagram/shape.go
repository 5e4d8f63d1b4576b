package diagram

// A drawing is a diagram laid out once, in abstract units, and then written
// by two back ends: SVG (svg.go) and PDF (render/pdf's draw.go). Both draw the same
// shapes in the same order, so a diagram looks the same on screen and paper.
type Drawing struct {
	X0, Y0 float64 // the top-left corner of the part of the plane drawn on: (0, 0) but for dense diagrams
	W, H   float64
	title  string // the caption, or "" for none
	desc   string // the position in words (AltText)
	Shapes []Shape
	Panel  int // shapes[panel:] are the state panel beside the board (none: len(shapes))
}

// shapeKind tells which fields of a shape are used.
type shapeKind uint8

const (
	RectShape   shapeKind = iota // x, y, w, h
	CircleShape                  // x, y (centre), r
	PathShape                    // cmds, and k, x, y for placed art (see point)
	TextShape                    // x, y (baseline), text, size, anchor, bold
)

// anchor is the horizontal alignment of a text shape at x.
type anchor uint8

const (
	AnchorStart anchor = iota
	AnchorMiddle
	AnchorEnd
)

// Shape is one primitive of a drawing. Colours are palette names; the
// empty string means "no fill" or "no stroke".
type Shape struct {
	Kind       shapeKind
	X, Y, W, H float64
	R          float64
	Cmds       []cmd
	K          float64 // a path's scale, 0 for points as they are: see point
	Fill       string
	Stroke     string
	Width      float64
	Dash       float64 // dash length for a dashed stroke, 0 for solid
	Text       string
	Size       float64
	Anchor     anchor
	Bold       bool
	MaxW       float64 // the widest a text may be, 0 for any: a PDF draws a wider one smaller (a browser's fonts are not known here)
}

// Palette holds the colours that art and diagrams may use, as RGB. They are
// chosen to survive a black-and-white photocopier: pure black and white,
// one pale tone for dark squares and one mid grey for details.
var Palette = map[string][3]uint8{
	"white": {255, 255, 255},
	"black": {0, 0, 0},
	"dark":  {34, 34, 34},
	"grey":  {150, 150, 150},
	"light": {206, 206, 206},
}

// add appends shapes to the drawing.
func (d *Drawing) add(s ...Shape) { d.Shapes = append(d.Shapes, s...) }

// PlaceArt appends a piece's art scaled by k and moved to (x, y). The
// paths keep the art's points, which are only read, and are drawn scaled
// and moved (point): a drawing does not copy them.
func (d *Drawing) PlaceArt(a Art, x, y, k float64) {
	for _, p := range a {
		d.add(Shape{Kind: PathShape, Cmds: p.Cmds, K: k, X: x, Y: y, Fill: p.fill, Stroke: p.stroke, Width: p.width * k})
	}
}

// Point returns the coordinates i and i+1 of a command of a path shape
// as drawn: for placed art (k not 0), scaled by k and moved to (x, y).
func (s Shape) Point(c cmd, i int) (float64, float64) {
	if s.K == 0 {
		return c.P[i], c.P[i+1]
	}
	return s.X + s.K*c.P[i], s.Y + s.K*c.P[i+1]
}
