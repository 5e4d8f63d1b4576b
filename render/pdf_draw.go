package render

import (
	"math"
)

// drawDiagram draws a board diagram with its top-left corner at (x, y),
// width w millimetres, and returns its height.
func (s *sheet) drawDiagram(b Board, x, y, w float64) (float64, error) {
	return s.drawDiagramSize(b, x, y, w, fullSize)
}

// drawDiagramSize draws a diagram as drawDiagram does, in a size.
func (s *sheet) drawDiagramSize(b Board, x, y, w float64, size diagramSize) (float64, error) {
	dr, err := s.k.boards.arrange(b, size)
	if err != nil {
		return 0, err
	}
	k := w / dr.w
	dr.drawPDF(s, x-k*dr.x0, y-k*dr.y0, k)
	return dr.h * k, nil
}

// diagramHeight returns the height of a diagram drawn w millimetres wide.
func diagramHeight(b Board, w float64) float64 { return diagramHeightSize(b, w, fullSize) }

// diagramHeightSize returns the height of a diagram of a size drawn w
// millimetres wide.
func diagramHeightSize(b Board, w float64, size diagramSize) float64 {
	d, err := readBoard(b)
	if err != nil {
		return 0
	}
	d.size = size
	dw, dh := drawingSize(d)
	return dh * w / dw
}

// diagramWidth returns the width of a diagram of a size whose squares are
// sq millimetres.
func diagramWidth(b Board, square float64, size diagramSize) float64 {
	d, err := readBoard(b)
	if err != nil {
		return 0
	}
	d.size = size
	dw, _ := drawingSize(d)
	return dw * square / sq
}

// minLine is the thinnest line a PDF draws, in millimetres: thinner lines
// fade on a photocopy.
const minLine = 0.3

// drawPDF draws the drawing's shapes, scaled by k millimetres per unit,
// with its origin at (x, y). It leaves the pen as the sheet's text expects it:
// black ink and fill, solid lines with butt caps and mitre joins.
func (dr drawing) drawPDF(s *sheet, x, y, k float64) {
	s.SetLineJoinStyle("round")
	s.SetLineCapStyle("round")
	for _, sh := range dr.shapes {
		sh.drawPDF(s, x, y, k)
	}
	s.SetDashPattern(nil, 0)
	s.SetLineCapStyle("butt")
	s.SetLineJoinStyle("miter")
	s.SetDrawColor(0, 0, 0)
	s.SetFillColor(0, 0, 0)
	s.SetTextColor(0, 0, 0)
}

// drawPDF draws one shape.
func (sh shape) drawPDF(s *sheet, x, y, k float64) {
	if sh.kind == textShape {
		sh.drawText(s, x, y, k)
		return
	}
	style := sh.setPaint(s, k)
	if style == "" {
		return
	}
	switch sh.kind {
	case rectShape:
		s.Rect(x+k*sh.x, y+k*sh.y, k*sh.w, k*sh.h, style)
	case circleShape:
		s.Circle(x+k*sh.x, y+k*sh.y, k*sh.r, style)
	case pathShape:
		for _, c := range sh.cmds {
			p := func(i int) (float64, float64) {
				px, py := sh.point(c, i)
				return x + k*px, y + k*py
			}
			switch c.op {
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

// setPaint sets the fill and stroke of a shape and returns fpdf's style,
// or "" if the shape paints nothing.
func (sh shape) setPaint(s *sheet, k float64) string {
	style := ""
	if c, ok := palette[sh.fill]; ok {
		s.SetFillColor(int(c[0]), int(c[1]), int(c[2]))
		style = "F"
	}
	if c, ok := palette[sh.stroke]; ok && sh.width > 0 {
		s.SetDrawColor(int(c[0]), int(c[1]), int(c[2]))
		s.SetLineWidth(max(k*sh.width, minLine))
		if sh.dash > 0 {
			s.SetDashPattern([]float64{max(k*sh.dash, 1), max(k*sh.dash, 1)}, 0)
		} else {
			s.SetDashPattern(nil, 0)
		}
		style = "D" + style
	}
	return style
}

// drawText writes a text shape in the Go font.
func (sh shape) drawText(s *sheet, x, y, k float64) {
	sh.setFont(s, k)
	tx := x + k*sh.x
	switch sh.anchor {
	case anchorMiddle:
		tx -= s.GetStringWidth(sh.text) / 2
	case anchorEnd:
		tx -= s.GetStringWidth(sh.text)
	}
	s.Text(tx, y+k*sh.y, sh.text)
}

// setFont sets the font of a text shape drawn at scale k: its size, or
// less for a text wider than its maxW.
func (sh shape) setFont(s *sheet, k float64) {
	size := math.Round(sh.size*k/ptToMM*10) / 10
	s.font(sh.fontStyle(), size)
	if sh.maxW == 0 {
		return
	}
	if w := s.GetStringWidth(sh.text); w > k*sh.maxW {
		s.font(sh.fontStyle(), math.Floor(size*k*sh.maxW/w*10)/10)
	}
}

// fontStyle returns a text shape's style for sheet.font: "B" or "".
func (sh shape) fontStyle() string {
	if sh.bold {
		return "B"
	}
	return ""
}
