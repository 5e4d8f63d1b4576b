package diagram

import (
	"math"
	"strconv"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/rules"
)

// Diagram geometry, in drawing units (one unit is one CSS pixel at the SVG's
// natural size): square size, margins, and the state panel to the right.
const (
	Sq       = 40.0
	MarginL  = 28.0 // room for the rank numbers
	MarginT  = 10.0
	BoardLen = 8 * Sq
	marginB  = 30.0 // room for the file letters
	panelGap = 18.0
	panelW   = 100.0
)

// origin returns the top-left corner of square s.
func origin(s rules.Square) (x, y float64) {
	return MarginL + Sq*float64(s.File()), MarginT + Sq*float64(7-s.Rank())
}

// Center returns the centre of square s.
func Center(s rules.Square) (x, y float64) {
	x, y = origin(s)
	return x + Sq/2, y + Sq/2
}

// Arrange lays a diagram out as a drawing in the theme's art and words.
func Arrange(d Diagram, ps PieceSet, p *catalog.Printer) Drawing {
	dr := Drawing{title: d.caption, Shapes: make([]Shape, 0, shapeCount(d, ps))}
	dr.X0, dr.Y0, dr.W, dr.H = drawingBox(d)
	dr.squares()
	if d.game {
		dr.lair()
	}
	dr.target(d)
	dr.marks(d, true)
	dr.pieces(d, ps)
	dr.marks(d, false)
	for i, a := range d.arrows {
		dr.arrow(a[0], a[1], arrowGap(d, a[0]), arrowGap(d, a[1]))
		if d.NoArrow[i] {
			x0, y0 := Center(a[0])
			x1, y1 := Center(a[1])
			dr.cross((x0+x1)/2, (y0+y1)/2, Sq*0.22)
		}
	}
	dr.coordinates(d.Size)
	dr.Panel = len(dr.Shapes)
	switch {
	case !d.State, d.Size == InsetSize:
	case d.Size == FullSize:
		dr.statePanel(d, p)
	case d.Size == SlimSize:
		dr.slimPanel(d, p)
	default:
		dr.tinyPanel(d)
	}
	return dr
}

// shapeCount returns about how many shapes a diagram's drawing takes, so
// that their slice is made once: the board's 34 and 16 coordinates, the
// pieces' paths, and room for the marks, arrows, target and panel.
func shapeCount(d Diagram, ps PieceSet) int {
	n := 34 + 16 + 30 + 3*len(d.Marks) + 4*len(d.arrows)
	for _, pc := range d.Pieces {
		n += len(ps.art(pc))
	}
	return n
}

// Dense diagrams (slimSize, tinySize) keep the board where it is and draw
// less around it: rank numbers and file letters close to the board, and a
// narrow panel.
const (
	SlimMarginL = 18.0 // room for the rank numbers
	slimMarginT = 4.0
	slimMarginB = 22.0 // room for the file letters
	SlimGap     = 6.0  // between the board and the panel
	slimPanelW  = 56.0
	TinyPanelW  = 26.0 // a disc for the side to move
	insetPad    = 1.5  // around an inset board: half its frame
	InsetHang   = 10.0 // left of an inset board, outside its box: small rank numbers (see coordinates)
	insetB      = 15.0 // under an inset board: room for small file letters
)

// drawingBox returns the part of the drawing plane a diagram uses: its
// top-left corner, width and height. A full diagram starts at (0, 0).
func drawingBox(d Diagram) (x0, y0, w, h float64) {
	if d.Size == FullSize {
		w = MarginL + BoardLen + 8
		if d.State {
			w = MarginL + BoardLen + panelGap + panelW
		}
		return 0, 0, w, MarginT + BoardLen + marginB
	}
	if d.Size == InsetSize {
		return MarginL - insetPad, MarginT - insetPad, BoardLen + 2*insetPad, insetPad + BoardLen + insetB
	}
	x0, y0 = MarginL-SlimMarginL, MarginT-slimMarginT
	w = SlimMarginL + BoardLen + 6
	switch {
	case d.State && d.Size == SlimSize:
		w = SlimMarginL + BoardLen + SlimGap + slimPanelW
	case d.State:
		w = SlimMarginL + BoardLen + SlimGap + TinyPanelW
	}
	return x0, y0, w, slimMarginT + BoardLen + slimMarginB
}

// DrawingSize returns a diagram's width and height: the board with its
// coordinates, and the state panel if the diagram shows one.
func DrawingSize(d Diagram) (w, h float64) {
	_, _, w, h = drawingBox(d)
	return w, h
}

// squares draws the 64 squares and the board's frame. Dark squares get a
// pale tone that a photocopier keeps but that never hides a piece.
func (dr *Drawing) squares() {
	dr.add(Shape{Kind: RectShape, X: MarginL, Y: MarginT, W: BoardLen, H: BoardLen, Fill: "white"})
	for s := range rules.Square(64) {
		if (s.File()+s.Rank())%2 == 0 {
			x, y := origin(s)
			dr.add(Shape{Kind: RectShape, X: x, Y: y, W: Sq, H: Sq, Fill: "light"})
		}
	}
	dr.add(Shape{Kind: RectShape, X: MarginL, Y: MarginT, W: BoardLen, H: BoardLen, Stroke: "black", Width: 2.5})
}

// lair marks f6, the knight's lair, with a dashed ring.
func (dr *Drawing) lair() {
	x, y := Center(rules.Lair)
	dr.add(Shape{Kind: CircleShape, X: x, Y: y, R: Sq * 0.45, Stroke: "black", Width: 1.6, Dash: 4})
}

// target frames the target square with a thick double line, which stays
// clear on a photocopy and differs from the dots and rings of marks.
func (dr *Drawing) target(d Diagram) {
	if !d.target.Valid() {
		return
	}
	x, y := origin(d.target)
	dr.add(Shape{Kind: RectShape, X: x + 2.5, Y: y + 2.5, W: Sq - 5, H: Sq - 5, Stroke: "black", Width: 4})
	dr.add(Shape{Kind: RectShape, X: x + 7, Y: y + 7, W: Sq - 14, H: Sq - 14, Stroke: "black", Width: 1.5})
}

// marks draws the marked squares. Before the pieces (under set): a dot on
// an empty square, a star on an empty goal, and a thick ring around a
// piece, which the piece covers where they meet, so that the ring never
// hides it. After them: the cross of a square to avoid.
func (dr *Drawing) marks(d Diagram, under bool) {
	for i, s := range d.Marks {
		x, y := Center(s)
		empty := d.Pieces[s] == rules.NoPiece
		switch {
		case d.Kinds[i] == avoidMark && !under:
			dr.cross(x, y, Sq*0.28)
		case d.Kinds[i] == avoidMark:
		case d.Kinds[i] == GoalMark && under && empty:
			dr.Star(x, y, StarRadius)
		case d.Kinds[i] == GoalMark && empty:
		case under && empty:
			dr.add(Shape{Kind: CircleShape, X: x, Y: y, R: Sq * 0.15, Fill: "black", Stroke: "white", Width: 1.5})
		case under && !empty:
			dr.add(Shape{Kind: CircleShape, X: x, Y: y, R: Sq*0.5 - 2.5, Stroke: "black", Width: 3.5})
		}
	}
}

// cross draws an X of half-width r centred on (x, y): black bars with a
// white rim, so it shows on dark squares, pieces and arrows alike. It marks
// a square to avoid, and crosses out an arrow (a move not to make).
func (dr *Drawing) cross(x, y, r float64) {
	line := func(x0, y0, x1, y1 float64, colour string, w float64) Shape {
		return Shape{Kind: PathShape, Stroke: colour, Width: w, Cmds: []cmd{
			{Op: 'M', P: [6]float64{x0, y0}}, {Op: 'L', P: [6]float64{x1, y1}},
		}}
	}
	dr.add(
		line(x-r, y-r, x+r, y+r, "white", 10), line(x-r, y+r, x+r, y-r, "white", 10),
		line(x-r, y-r, x+r, y+r, "black", 6), line(x-r, y+r, x+r, y-r, "black", 6),
	)
}

// StarRadius is the outer radius of a goal square's star, and StarPen
// half the width of its outline.
const (
	StarRadius = Sq * 0.36
	StarPen    = 1.5
)

// Star draws a five-pointed star of outer radius r centred on (x, y),
// white with a black outline: a goal square.
func (dr *Drawing) Star(x, y, r float64) {
	var cmds []cmd
	for i := range 10 {
		rad := r
		if i%2 == 1 {
			rad = r * 0.45
		}
		angle := -math.Pi/2 + float64(i)*math.Pi/5
		op := byte('L')
		if i == 0 {
			op = 'M'
		}
		cmds = append(cmds, cmd{Op: op, P: [6]float64{x + rad*math.Cos(angle), y + rad*math.Sin(angle)}})
	}
	cmds = append(cmds, cmd{Op: 'Z'})
	dr.add(Shape{Kind: PathShape, Fill: "white", Stroke: "black", Width: 2 * StarPen, Cmds: cmds})
}

// pieces draws the pieces from the theme's art.
// Each piece is scaled so that its art's larger side is PieceFill of a
// square, and centred in it.
func (dr *Drawing) pieces(d Diagram, ps PieceSet) {
	for s, pc := range d.Pieces {
		a := ps.art(pc)
		if a == nil {
			continue
		}
		x, y := origin(rules.Square(s))
		x0, y0, x1, y1 := a.Bounds()
		k := PieceFill * Sq / max(x1-x0, y1-y0)
		dr.PlaceArt(a, x+Sq/2-k*(x0+x1)/2, y+Sq/2-k*(y0+y1)/2, k)
	}
}

// art returns the art of piece pc, nil for none.
func (ps PieceSet) art(pc rules.Piece) Art {
	switch pc {
	case rules.King:
		return ps.King
	case rules.Pawn:
		return ps.Pawn
	case rules.Knight:
		return ps.Knight
	}
	return nil
}

// PieceFill is the share of a square a piece's art fills, on its larger
// side.
const PieceFill = 0.86

// Bounds returns the box around an art's points (the control points of its
// curves included), widened by half the widest stroke.
func (a Art) Bounds() (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	pen := 0.0
	for _, p := range a {
		if p.stroke != "none" && p.stroke != "" {
			pen = max(pen, p.width/2)
		}
		for _, c := range p.Cmds {
			n := map[byte]int{'M': 1, 'L': 1, 'C': 3}[c.Op]
			for i := range n {
				x0, x1 = min(x0, c.P[2*i]), max(x1, c.P[2*i])
				y0, y1 = min(y0, c.P[2*i+1]), max(y1, c.P[2*i+1])
			}
		}
	}
	if x0 > x1 {
		return 0, 0, 100, 100
	}
	return x0 - pen, y0 - pen, x1 + pen, y1 + pen
}

// PieceRadius is how far a piece's art reaches from its square's centre:
// half its larger side.
const PieceRadius = PieceFill * Sq / 2

// arrow draws a black arrow with a white rim from the centre of one square
// towards the centre of another, as one closed outline, starting startGap
// from the first centre and stopping endGap from the second (arrowGap).
// When the head would not fit between the gaps (between two pieces a step
// apart along a rank or file), both gaps shrink alike.
func (dr *Drawing) arrow(from, to rules.Square, startGap, endGap float64) {
	x0, y0 := Center(from)
	x1, y1 := Center(to)
	dx, dy := x1-x0, y1-y0
	n := math.Hypot(dx, dy)
	ux, uy := dx/n, dy/n // along the arrow
	vx, vy := -uy, ux    // across it
	const shaft, head, headLen = 3.2, 11.0, 16.0
	if room := n - headLen; startGap+endGap > room {
		startGap, endGap = startGap*room/(startGap+endGap), endGap*room/(startGap+endGap)
	}
	tipX, tipY := x1-ux*endGap, y1-uy*endGap
	baseX, baseY := tipX-ux*headLen, tipY-uy*headLen
	sx, sy := x0+ux*startGap, y0+uy*startGap
	pt := func(op byte, x, y float64) cmd { return cmd{Op: op, P: [6]float64{x, y}} }
	dr.add(Shape{Kind: PathShape, Fill: "black", Stroke: "white", Width: 1.5, Cmds: []cmd{
		pt('M', sx+vx*shaft, sy+vy*shaft),
		pt('L', baseX+vx*shaft, baseY+vy*shaft),
		pt('L', baseX+vx*head, baseY+vy*head),
		pt('L', tipX, tipY),
		pt('L', baseX-vx*head, baseY-vy*head),
		pt('L', baseX-vx*shaft, baseY-vy*shaft),
		pt('L', sx-vx*shaft, sy-vy*shaft),
		{Op: 'Z'},
	}})
}

// arrowGap returns how far from square s's centre an arrow starts or
// ends, so that it hides neither a piece nor a goal's star: just past the
// edge of a piece standing there, or of the star of an empty goal, and
// near the centre of another empty square.
func arrowGap(d Diagram, s rules.Square) float64 {
	if d.Pieces[s] != rules.NoPiece {
		return PieceRadius + 1.5
	}
	for i, m := range d.Marks {
		if m == s && d.Kinds[i] == GoalMark {
			return StarRadius + StarPen + 1.5
		}
	}
	return 6
}

// coordinates writes the file letters under the board and the rank numbers
// to its left, outside the board, where no piece on the edge squares hides
// them. An inset board has them small and close to its frame, and its rank
// numbers hang out of its box to the left, into the page's margin or the
// gap between two cells, so that the board and the text beside it keep
// their width.
func (dr *Drawing) coordinates(size DiagramSize) {
	below, left, textSize, lift := 21.0, MarginL/2, 17.0, 6.0 // lift: half a digit's height
	switch size {
	case FullSize:
	case InsetSize:
		below, left, textSize, lift = 11, MarginL-InsetHang/2, 11, 4
	default:
		below, left, textSize = 18, MarginL-SlimMarginL/2, 17
	}
	for i := range 8 {
		x := MarginL + Sq*float64(i) + Sq/2
		dr.add(Shape{Kind: TextShape, X: x, Y: MarginT + BoardLen + below, Text: string(rune('a' + i)), Size: textSize, Anchor: AnchorMiddle, Fill: "black"})
		y := MarginT + Sq*float64(7-i) + Sq/2 + lift
		dr.add(Shape{Kind: TextShape, X: left, Y: y, Text: strconv.Itoa(i + 1), Size: textSize, Anchor: AnchorMiddle, Fill: "black"})
	}
}

// slimPanel draws the counters and the side to move in a narrow column:
// the counters at the top (White to move) or the bottom (Black), and a disc
// at the side's edge.
func (dr *Drawing) slimPanel(d Diagram, p *catalog.Printer) {
	const counterH, moveH = 74.0, 60.0
	x := MarginL + BoardLen + SlimGap
	top, bottom := MarginT, MarginT+BoardLen
	counter := func(y float64, label string, n int) {
		cx := x + slimPanelW/2
		dr.add(
			Shape{Kind: TextShape, X: cx, Y: y + 15, Text: label, Size: 15, Bold: true, Anchor: AnchorMiddle, Fill: "black", MaxW: slimPanelW + SlimGap},
			Shape{Kind: RectShape, X: x + 6, Y: y + 21, W: slimPanelW - 12, H: 46, Fill: "white", Stroke: "black", Width: 2.5},
			Shape{Kind: TextShape, X: cx, Y: y + 56, Text: strconv.Itoa(n), Size: 32, Bold: true, Anchor: AnchorMiddle, Fill: "black"},
		)
	}
	toMove := func(y float64, fill, who string) {
		cx := x + slimPanelW/2
		dr.add(
			Shape{Kind: CircleShape, X: cx, Y: y + 13, R: 11, Fill: fill, Stroke: "black", Width: 2.5},
			Shape{Kind: TextShape, X: cx, Y: y + 40, Text: who, Size: 14, Bold: true, Anchor: AnchorMiddle, Fill: "black", MaxW: slimPanelW + SlimGap},
			Shape{Kind: TextShape, X: cx, Y: y + 55, Text: p.Say("diagram.to-move"), Size: 13, Anchor: AnchorMiddle, Fill: "black", MaxW: slimPanelW + SlimGap},
		)
	}
	if d.Black {
		toMove(top, "black", p.Word("black.label"))
		counter(bottom-2*counterH, p.Say("diagram.saved"), d.Saved)
		counter(bottom-counterH, p.Say("diagram.taken"), d.Taken)
		return
	}
	counter(top, p.Say("diagram.saved"), d.Saved)
	counter(top+counterH, p.Say("diagram.taken"), d.Taken)
	toMove(bottom-moveH, "white", p.Word("white.label"))
}

// tinyPanel draws only the side to move: a disc in its colour at the
// side's edge of the board (the drill kinds need no counters).
func (dr *Drawing) tinyPanel(d Diagram) {
	cx := MarginL + BoardLen + SlimGap + TinyPanelW/2
	y, fill := MarginT+BoardLen-TinyPanelW/2, "white"
	if d.Black {
		y, fill = MarginT+TinyPanelW/2, "black"
	}
	dr.add(Shape{Kind: CircleShape, X: cx, Y: y, R: 11, Fill: fill, Stroke: "black", Width: 3})
}

// statePanel draws the saved and taken counters as boxes beside the board, and
// who is to move at the side's edge of the board: at the bottom for White,
// at the top for Black.
func (dr *Drawing) statePanel(d Diagram, p *catalog.Printer) {
	const moveH, counterH = 60.0, 100.0
	x := MarginL + BoardLen + panelGap
	top, bottom := MarginT, MarginT+BoardLen
	if d.Black {
		dr.toMove(x, top, "black", p.Word("black.label"), p)
		dr.counter(x, bottom-2*counterH, p.Say("diagram.saved"), d.Saved)
		dr.counter(x, bottom-counterH, p.Say("diagram.taken"), d.Taken)
		return
	}
	dr.counter(x, top, p.Say("diagram.saved"), d.Saved)
	dr.counter(x, top+counterH, p.Say("diagram.taken"), d.Taken)
	dr.toMove(x, bottom-moveH, "white", p.Word("white.label"), p)
}

// toMove draws the side to move: a disc in its colour over its name.
func (dr *Drawing) toMove(x, y float64, fill, who string, p *catalog.Printer) {
	cx := x + panelW/2
	dr.add(
		Shape{Kind: CircleShape, X: cx, Y: y + 12, R: 10, Fill: fill, Stroke: "black", Width: 2.5},
		Shape{Kind: TextShape, X: cx, Y: y + 42, Text: who, Size: 15, Bold: true, Anchor: AnchorMiddle, Fill: "black", MaxW: panelW},
		Shape{Kind: TextShape, X: cx, Y: y + 58, Text: p.Say("diagram.to-move"), Size: 15, Anchor: AnchorMiddle, Fill: "black", MaxW: panelW},
	)
}

// counter draws one labelled counter box with its number.
func (dr *Drawing) counter(x, y float64, label string, n int) {
	dr.add(
		Shape{Kind: TextShape, X: x + panelW/2, Y: y + 16, Text: label, Size: 17, Bold: true, Anchor: AnchorMiddle, Fill: "black", MaxW: panelW},
		Shape{Kind: RectShape, X: x + 16, Y: y + 24, W: panelW - 32, H: 62, Fill: "white", Stroke: "black", Width: 2.5},
		Shape{Kind: TextShape, X: x + panelW/2, Y: y + 69, Text: strconv.Itoa(n), Size: 40, Bold: true, Anchor: AnchorMiddle, Fill: "black"},
	)
}

// Room of a web page's panel under the board: the counters and the side
// to move side by side.
const (
	underW = 3 * panelW
	underH = 90.0
)

// underPanel returns the state panel of a full diagram laid out in a row,
// for a web page on a narrow screen that shows it under the board: the
// counters, then the side to move.
func underPanel(d Diagram, p *catalog.Printer) Drawing {
	dr := Drawing{W: underW, H: underH}
	dr.counter(0, 0, p.Say("diagram.saved"), d.Saved)
	dr.counter(panelW, 0, p.Say("diagram.taken"), d.Taken)
	fill, who := "white", p.Word("white.label")
	if d.Black {
		fill, who = "black", p.Word("black.label")
	}
	dr.toMove(2*panelW, 12, fill, who, p)
	return dr
}
