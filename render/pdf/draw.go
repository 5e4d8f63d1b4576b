package pdf

import (
	"math"
	"nostromo-lessons/render"
	"nostromo-lessons/render/diagram"
)

// drawDiagram draws a board diagram with its top-left corner at (x, y),
// width w millimetres, and returns its height.
func (s *sheet) drawDiagram(b render.Board, x, y, w float64) (float64, error) {
	return s.drawDiagramSize(b, x, y, w, diagram.FullSize)
}

// drawDiagramSize draws a diagram as drawDiagram does, in a size.
func (s *sheet) drawDiagramSize(b render.Board, x, y, w float64, size diagram.DiagramSize) (float64, error) {
	dr, err := s.k.Boards.Arrange(b, size)
	if err != nil {
		return 0, err
	}
	k := w / dr.W
	s.drawDrawing(dr, x-k*dr.X0, y-k*dr.Y0, k)
	return dr.H * k, nil
}

// diagramHeight returns the height of a diagram drawn w millimetres wide.
func diagramHeight(b render.Board, w float64) float64 {
	return diagramHeightSize(b, w, diagram.FullSize)
}

// diagramHeightSize returns the height of a diagram of a size drawn w
// millimetres wide.
func diagramHeightSize(b render.Board, w float64, size diagram.DiagramSize) float64 {
	d, err := diagram.Read(b)
	if err != nil {
		return 0
	}
	d.Size = size
	dw, dh := diagram.DrawingSize(d)
	return dh * w / dw
}

// diagramWidth returns the width of a diagram of a size whose squares are
// sq millimetres.
func diagramWidth(b render.Board, square float64, size diagram.DiagramSize) float64 {
	d, err := diagram.Read(b)
	if err != nil {
		return 0
	}
	d.Size = size
	dw, _ := diagram.DrawingSize(d)
	return dw * square / diagram.Sq
}

// minLine is the thinnest line a PDF draws, in millimetres: thinner lines
// fade on a photocopy.
const minLine = 0.3

// drawDrawing draws a diagram's drawing dr, scaled by k millimetres per unit,
// with its origin at (x, y). It leaves the pen as the sheet's text expects it:
// black ink and fill, solid lines with butt caps and mitre joins.
func (s *sheet) drawDrawing(dr diagram.Drawing, x, y, k float64) {
	s.SetLineJoinStyle("round")
	s.SetLineCapStyle("round")
	for _, sh := range dr.Shapes {
		s.drawShape(sh, x, y, k)
	}
	s.SetDashPattern(nil, 0)
	s.SetLineCapStyle("butt")
	s.SetLineJoinStyle("miter")
	s.SetDrawColor(0, 0, 0)
	s.SetFillColor(0, 0, 0)
	s.SetTextColor(0, 0, 0)
}

// drawShape draws one shape of a drawing.
func (s *sheet) drawShape(sh diagram.Shape, x, y, k float64) {
	if sh.Kind == diagram.TextShape {
		s.shapeText(sh, x, y, k)
		return
	}
	style := s.shapePaint(sh, k)
	if style == "" {
		return
	}
	switch sh.Kind {
	case diagram.RectShape:
		s.Rect(x+k*sh.X, y+k*sh.Y, k*sh.W, k*sh.H, style)
	case diagram.CircleShape:
		s.Circle(x+k*sh.X, y+k*sh.Y, k*sh.R, style)
	case diagram.PathShape:
		for _, c := range sh.Cmds {
			p := func(i int) (float64, float64) {
				px, py := sh.Point(c, i)
				return x + k*px, y + k*py
			}
			switch c.Op {
			case 'M':
				s.MoveTo(p(0))
			case 'L':
				s.LineTo(p(0))
			case 'C':
				x0, y0 := p(0)
				x1, y1 := p(2)
				x2, y2 := p(4)
				s.CurveBezierCubicTo(x0, y0, x1, y1, x2, y2)
			case 'Z':
				s.ClosePath()
			}
		}
		s.DrawPath(style)
	}
}

// shapePaint sets the fill and stroke of a shape and returns fpdf's style,
// or "" if the shape paints nothing.
func (s *sheet) shapePaint(sh diagram.Shape, k float64) string {
	style := ""
	if c, ok := diagram.Palette[sh.Fill]; ok {
		s.SetFillColor(int(c[0]), int(c[1]), int(c[2]))
		style = "F"
	}
	if c, ok := diagram.Palette[sh.Stroke]; ok && sh.Width > 0 {
		s.SetDrawColor(int(c[0]), int(c[1]), int(c[2]))
		s.SetLineWidth(max(k*sh.Width, minLine))
		if sh.Dash > 0 {
			s.SetDashPattern([]float64{max(k*sh.Dash, 1), max(k*sh.Dash, 1)}, 0)
		} else {
			s.SetDashPattern(nil, 0)
		}
		style = "D" + style
	}
	return style
}

// shapeText writes a text shape in the Go font.
func (s *sheet) shapeText(sh diagram.Shape, x, y, k float64) {
	s.shapeFont(sh, k)
	tx := x + k*sh.X
	switch sh.Anchor {
	case diagram.AnchorMiddle:
		tx -= s.GetStringWidth(sh.Text) / 2
	case diagram.AnchorEnd:
		tx -= s.GetStringWidth(sh.Text)
	}
	s.Text(tx, y+k*sh.Y, sh.Text)
}

// shapeFont sets the font of a text shape drawn at scale k: its size, or
// less for a text wider than its maxW.
func (s *sheet) shapeFont(sh diagram.Shape, k float64) {
	size := math.Round(sh.Size*k/ptToMM*10) / 10
	s.font(shapeFontStyle(sh), size)
	if sh.MaxW == 0 {
		return
	}
	if w := s.GetStringWidth(sh.Text); w > k*sh.MaxW {
		s.font(shapeFontStyle(sh), math.Floor(size*k*sh.MaxW/w*10)/10)
	}
}

// shapeFontStyle returns a text shape's style for sheet.font: "B" or "".
func shapeFontStyle(sh diagram.Shape) string {
	if sh.Bold {
		return "B"
	}
	return ""
}
