package render

import (
	"math"
	"strconv"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/rules"
)

// Diagram geometry, in drawing units (one unit is one CSS pixel at the SVG's
// natural size): square size, margins, and the state panel to the right.
const (
	sq       = 40.0
	marginL  = 28.0 // room for the rank numbers
	marginT  = 10.0
	boardLen = 8 * sq
	marginB  = 30.0 // room for the file letters
	panelGap = 18.0
	panelW   = 100.0
)

// origin returns the top-left corner of square s.
func origin(s rules.Square) (x, y float64) {
	return marginL + sq*float64(s.File()), marginT + sq*float64(7-s.Rank())
}

// center returns the centre of square s.
func center(s rules.Square) (x, y float64) {
	x, y = origin(s)
	return x + sq/2, y + sq/2
}

// arrange lays a diagram out as a drawing in the theme's art and words.
func arrange(d diagram, ps pieceSet, p *catalog.Printer) drawing {
	dr := drawing{title: d.caption, shapes: make([]shape, 0, shapeCount(d, ps))}
	dr.x0, dr.y0, dr.w, dr.h = drawingBox(d)
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
		if d.noArrow[i] {
			x0, y0 := center(a[0])
			x1, y1 := center(a[1])
			dr.cross((x0+x1)/2, (y0+y1)/2, sq*0.22)
		}
	}
	dr.coordinates(d.size)
	dr.panel = len(dr.shapes)
	switch {
	case !d.state, d.size == insetSize:
	case d.size == fullSize:
		dr.statePanel(d, p)
	case d.size == slimSize:
		dr.slimPanel(d, p)
	default:
		dr.tinyPanel(d)
	}
	return dr
}

// shapeCount returns about how many shapes a diagram's drawing takes, so
// that their slice is made once: the board's 34 and 16 coordinates, the
// pieces' paths, and room for the marks, arrows, target and panel.
func shapeCount(d diagram, ps pieceSet) int {
	n := 34 + 16 + 30 + 3*len(d.marks) + 4*len(d.arrows)
	for _, pc := range d.pieces {
		n += len(ps.art(pc))
	}
	return n
}

// Dense diagrams (slimSize, tinySize) keep the board where it is and draw
// less around it: rank numbers and file letters close to the board, and a
// narrow panel.
const (
	slimMarginL = 18.0 // room for the rank numbers
	slimMarginT = 4.0
	slimMarginB = 22.0 // room for the file letters
	slimGap     = 6.0  // between the board and the panel
	slimPanelW  = 56.0
	tinyPanelW  = 26.0 // a disc for the side to move
	insetPad    = 1.5  // around an inset board: half its frame
	insetHang   = 10.0 // left of an inset board, outside its box: small rank numbers (see coordinates)
	insetB      = 15.0 // under an inset board: room for small file letters
)

// drawingBox returns the part of the drawing plane a diagram uses: its
// top-left corner, width and height. A full diagram starts at (0, 0).
func drawingBox(d diagram) (x0, y0, w, h float64) {
	if d.size == fullSize {
		w = marginL + boardLen + 8
		if d.state {
			w = marginL + boardLen + panelGap + panelW
		}
		return 0, 0, w, marginT + boardLen + marginB
	}
	if d.size == insetSize {
		return marginL - insetPad, marginT - insetPad, boardLen + 2*insetPad, insetPad + boardLen + insetB
	}
	x0, y0 = marginL-slimMarginL, marginT-slimMarginT
	w = slimMarginL + boardLen + 6
	switch {
	case d.state && d.size == slimSize:
		w = slimMarginL + boardLen + slimGap + slimPanelW
	case d.state:
		w = slimMarginL + boardLen + slimGap + tinyPanelW
	}
	return x0, y0, w, slimMarginT + boardLen + slimMarginB
}

// drawingSize returns a diagram's width and height: the board with its
// coordinates, and the state panel if the diagram shows one.
func drawingSize(d diagram) (w, h float64) {
	_, _, w, h = drawingBox(d)
	return w, h
}

// squares draws the 64 squares and the board's frame. Dark squares get a
// pale tone that a photocopier keeps but that never hides a piece.
func (dr *drawing) squares() {
	dr.add(shape{kind: rectShape, x: marginL, y: marginT, w: boardLen, h: boardLen, fill: "white"})
	for s := range rules.Square(64) {
		if (s.File()+s.Rank())%2 == 0 {
			x, y := origin(s)
			dr.add(shape{kind: rectShape, x: x, y: y, w: sq, h: sq, fill: "light"})
		}
	}
	dr.add(shape{kind: rectShape, x: marginL, y: marginT, w: boardLen, h: boardLen, stroke: "black", width: 2.5})
}

// lair marks f6, the knight's lair, with a dashed ring.
func (dr *drawing) lair() {
	x, y := center(rules.Lair)
	dr.add(shape{kind: circleShape, x: x, y: y, r: sq * 0.45, stroke: "black", width: 1.6, dash: 4})
}

// target frames the target square with a thick double line, which stays
// clear on a photocopy and differs from the dots and rings of marks.
func (dr *drawing) target(d diagram) {
	if !d.target.Valid() {
		return
	}
	x, y := origin(d.target)
	dr.add(shape{kind: rectShape, x: x + 2.5, y: y + 2.5, w: sq - 5, h: sq - 5, stroke: "black", width: 4})
	dr.add(shape{kind: rectShape, x: x + 7, y: y + 7, w: sq - 14, h: sq - 14, stroke: "black", width: 1.5})
}

// marks draws the marked squares. Before the pieces (under set): a dot on
// an empty square, a star on an empty goal, and a thick ring around a
// piece, which the piece covers where they meet, so that the ring never
// hides it. After them: the cross of a square to avoid.
func (dr *drawing) marks(d diagram, under bool) {
	for i, s := range d.marks {
		x, y := center(s)
		empty := d.pieces[s] == rules.NoPiece
		switch {
		case d.kinds[i] == avoidMark && !under:
			dr.cross(x, y, sq*0.28)
		case d.kinds[i] == avoidMark:
		case d.kinds[i] == goalMark && under && empty:
			dr.star(x, y, starRadius)
		case d.kinds[i] == goalMark && empty:
		case under && empty:
			dr.add(shape{kind: circleShape, x: x, y: y, r: sq * 0.15, fill: "black", stroke: "white", width: 1.5})
		case under && !empty:
			dr.add(shape{kind: circleShape, x: x, y: y, r: sq*0.5 - 2.5, stroke: "black", width: 3.5})
		}
	}
}

// cross draws an X of half-width r centred on (x, y): black bars with a
// white rim, so it shows on dark squares, pieces and arrows alike. It marks
// a square to avoid, and crosses out an arrow (a move not to make).
func (dr *drawing) cross(x, y, r float64) {
	line := func(x0, y0, x1, y1 float64, colour string, w float64) shape {
		return shape{kind: pathShape, stroke: colour, width: w, cmds: []cmd{
			{op: 'M', p: [6]float64{x0, y0}}, {op: 'L', p: [6]float64{x1, y1}},
		}}
	}
	dr.add(
		line(x-r, y-r, x+r, y+r, "white", 10), line(x-r, y+r, x+r, y-r, "white", 10),
		line(x-r, y-r, x+r, y+r, "black", 6), line(x-r, y+r, x+r, y-r, "black", 6),
	)
}

// starRadius is the outer radius of a goal square's star, and starPen
// half the width of its outline.
const (
	starRadius = sq * 0.36
	starPen    = 1.5
)

// star draws a five-pointed star of outer radius r centred on (x, y),
// white with a black outline: a goal square.
func (dr *drawing) star(x, y, r float64) {
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
		cmds = append(cmds, cmd{op: op, p: [6]float64{x + rad*math.Cos(angle), y + rad*math.Sin(angle)}})
	}
	cmds = append(cmds, cmd{op: 'Z'})
	dr.add(shape{kind: pathShape, fill: "white", stroke: "black", width: 2 * starPen, cmds: cmds})
}

// pieces draws the pieces from the theme's art.
// Each piece is scaled so that its art's larger side is pieceFill of a
// square, and centred in it.
func (dr *drawing) pieces(d diagram, ps pieceSet) {
	for s, pc := range d.pieces {
		a := ps.art(pc)
		if a == nil {
			continue
		}
		x, y := origin(rules.Square(s))
		x0, y0, x1, y1 := a.bounds()
		k := pieceFill * sq / max(x1-x0, y1-y0)
		dr.placeArt(a, x+sq/2-k*(x0+x1)/2, y+sq/2-k*(y0+y1)/2, k)
	}
}

// art returns the art of piece pc, nil for none.
func (ps pieceSet) art(pc rules.Piece) art {
	switch pc {
	case rules.King:
		return ps.king
	case rules.Pawn:
		return ps.pawn
	case rules.Knight:
		return ps.knight
	}
	return nil
}

// pieceFill is the share of a square a piece's art fills, on its larger
// side.
const pieceFill = 0.86

// bounds returns the box around an art's points (the control points of its
// curves included), widened by half the widest stroke.
func (a art) bounds() (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	pen := 0.0
	for _, p := range a {
		if p.stroke != "none" && p.stroke != "" {
			pen = max(pen, p.width/2)
		}
		for _, c := range p.cmds {
			n := map[byte]int{'M': 1, 'L': 1, 'C': 3}[c.op]
			for i := range n {
				x0, x1 = min(x0, c.p[2*i]), max(x1, c.p[2*i])
				y0, y1 = min(y0, c.p[2*i+1]), max(y1, c.p[2*i+1])
			}
		}
	}
	if x0 > x1 {
		return 0, 0, 100, 100
	}
	return x0 - pen, y0 - pen, x1 + pen, y1 + pen
}

// pieceRadius is how far a piece's art reaches from its square's centre:
// half its larger side.
const pieceRadius = pieceFill * sq / 2

// arrow draws a black arrow with a white rim from the centre of one square
// towards the centre of another, as one closed outline, starting startGap
// from the first centre and stopping endGap from the second (arrowGap).
// When the head would not fit between the gaps (between two pieces a step
// apart along a rank or file), both gaps shrink alike.
func (dr *drawing) arrow(from, to rules.Square, startGap, endGap float64) {
	x0, y0 := center(from)
	x1, y1 := center(to)
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
	pt := func(op byte, x, y float64) cmd { return cmd{op: op, p: [6]float64{x, y}} }
	dr.add(shape{kind: pathShape, fill: "black", stroke: "white", width: 1.5, cmds: []cmd{
		pt('M', sx+vx*shaft, sy+vy*shaft),
		pt('L', baseX+vx*shaft, baseY+vy*shaft),
		pt('L', baseX+vx*head, baseY+vy*head),
		pt('L', tipX, tipY),
		pt('L', baseX-vx*head, baseY-vy*head),
		pt('L', baseX-vx*shaft, baseY-vy*shaft),
		pt('L', sx-vx*shaft, sy-vy*shaft),
		{op: 'Z'},
	}})
}

// arrowGap returns how far from square s's centre an arrow starts or
// ends, so that it hides neither a piece nor a goal's star: just past the
// edge of a piece standing there, or of the star of an empty goal, and
// near the centre of another empty square.
func arrowGap(d diagram, s rules.Square) float64 {
	if d.pieces[s] != rules.NoPiece {
		return pieceRadius + 1.5
	}
	for i, m := range d.marks {
		if m == s && d.kinds[i] == goalMark {
			return starRadius + starPen + 1.5
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
func (dr *drawing) coordinates(size diagramSize) {
	below, left, textSize, lift := 21.0, marginL/2, 17.0, 6.0 // lift: half a digit's height
	switch size {
	case fullSize:
	case insetSize:
		below, left, textSize, lift = 11, marginL-insetHang/2, 11, 4
	default:
		below, left, textSize = 18, marginL-slimMarginL/2, 17
	}
	for i := range 8 {
		x := marginL + sq*float64(i) + sq/2
		dr.add(shape{kind: textShape, x: x, y: marginT + boardLen + below, text: string(rune('a' + i)), size: textSize, anchor: anchorMiddle, fill: "black"})
		y := marginT + sq*float64(7-i) + sq/2 + lift
		dr.add(shape{kind: textShape, x: left, y: y, text: strconv.Itoa(i + 1), size: textSize, anchor: anchorMiddle, fill: "black"})
	}
}

// slimPanel draws the counters and the side to move in a narrow column:
// the counters at the top (White to move) or the bottom (Black), and a disc
// at the side's edge.
func (dr *drawing) slimPanel(d diagram, p *catalog.Printer) {
	const counterH, moveH = 74.0, 60.0
	x := marginL + boardLen + slimGap
	top, bottom := marginT, marginT+boardLen
	counter := func(y float64, label string, n int) {
		cx := x + slimPanelW/2
		dr.add(
			shape{kind: textShape, x: cx, y: y + 15, text: label, size: 15, bold: true, anchor: anchorMiddle, fill: "black", maxW: slimPanelW + slimGap},
			shape{kind: rectShape, x: x + 6, y: y + 21, w: slimPanelW - 12, h: 46, fill: "white", stroke: "black", width: 2.5},
			shape{kind: textShape, x: cx, y: y + 56, text: strconv.Itoa(n), size: 32, bold: true, anchor: anchorMiddle, fill: "black"},
		)
	}
	toMove := func(y float64, fill, who string) {
		cx := x + slimPanelW/2
		dr.add(
			shape{kind: circleShape, x: cx, y: y + 13, r: 11, fill: fill, stroke: "black", width: 2.5},
			shape{kind: textShape, x: cx, y: y + 40, text: who, size: 14, bold: true, anchor: anchorMiddle, fill: "black", maxW: slimPanelW + slimGap},
			shape{kind: textShape, x: cx, y: y + 55, text: p.Say("diagram.to-move"), size: 13, anchor: anchorMiddle, fill: "black", maxW: slimPanelW + slimGap},
		)
	}
	if d.black {
		toMove(top, "black", p.Word("black.label"))
		counter(bottom-2*counterH, p.Say("diagram.saved"), d.saved)
		counter(bottom-counterH, p.Say("diagram.taken"), d.taken)
		return
	}
	counter(top, p.Say("diagram.saved"), d.saved)
	counter(top+counterH, p.Say("diagram.taken"), d.taken)
	toMove(bottom-moveH, "white", p.Word("white.label"))
}

// tinyPanel draws only the side to move: a disc in its colour at the
// side's edge of the board (the drill kinds need no counters).
func (dr *drawing) tinyPanel(d diagram) {
	cx := marginL + boardLen + slimGap + tinyPanelW/2
	y, fill := marginT+boardLen-tinyPanelW/2, "white"
	if d.black {
		y, fill = marginT+tinyPanelW/2, "black"
	}
	dr.add(shape{kind: circleShape, x: cx, y: y, r: 11, fill: fill, stroke: "black", width: 3})
}

// statePanel draws the saved and taken counters as boxes beside the board, and
// who is to move at the side's edge of the board: at the bottom for White,
// at the top for Black.
func (dr *drawing) statePanel(d diagram, p *catalog.Printer) {
	const moveH, counterH = 60.0, 100.0
	x := marginL + boardLen + panelGap
	top, bottom := marginT, marginT+boardLen
	if d.black {
		dr.toMove(x, top, "black", p.Word("black.label"), p)
		dr.counter(x, bottom-2*counterH, p.Say("diagram.saved"), d.saved)
		dr.counter(x, bottom-counterH, p.Say("diagram.taken"), d.taken)
		return
	}
	dr.counter(x, top, p.Say("diagram.saved"), d.saved)
	dr.counter(x, top+counterH, p.Say("diagram.taken"), d.taken)
	dr.toMove(x, bottom-moveH, "white", p.Word("white.label"), p)
}

// toMove draws the side to move: a disc in its colour over its name.
func (dr *drawing) toMove(x, y float64, fill, who string, p *catalog.Printer) {
	cx := x + panelW/2
	dr.add(
		shape{kind: circleShape, x: cx, y: y + 12, r: 10, fill: fill, stroke: "black", width: 2.5},
		shape{kind: textShape, x: cx, y: y + 42, text: who, size: 15, bold: true, anchor: anchorMiddle, fill: "black", maxW: panelW},
		shape{kind: textShape, x: cx, y: y + 58, text: p.Say("diagram.to-move"), size: 15, anchor: anchorMiddle, fill: "black", maxW: panelW},
	)
}

// counter draws one labelled counter box with its number.
func (dr *drawing) counter(x, y float64, label string, n int) {
	dr.add(
		shape{kind: textShape, x: x + panelW/2, y: y + 16, text: label, size: 17, bold: true, anchor: anchorMiddle, fill: "black", maxW: panelW},
		shape{kind: rectShape, x: x + 16, y: y + 24, w: panelW - 32, h: 62, fill: "white", stroke: "black", width: 2.5},
		shape{kind: textShape, x: x + panelW/2, y: y + 69, text: strconv.Itoa(n), size: 40, bold: true, anchor: anchorMiddle, fill: "black"},
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
func underPanel(d diagram, p *catalog.Printer) drawing {
	dr := drawing{w: underW, h: underH}
	dr.counter(0, 0, p.Say("diagram.saved"), d.saved)
	dr.counter(panelW, 0, p.Say("diagram.taken"), d.taken)
	fill, who := "white", p.Word("white.label")
	if d.black {
		fill, who = "black", p.Word("black.label")
	}
	dr.toMove(2*panelW, 12, fill, who, p)
	return dr
}
