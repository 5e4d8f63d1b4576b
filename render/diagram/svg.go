package diagram

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"

	"nostromo-lessons/internal/catalog"
)

// WriteBoardSVG reads, lays out and writes one diagram.
func WriteBoardSVG(w io.Writer, b Board, p *catalog.Printer, ps PieceSet) error {
	d, err := Read(b)
	if err != nil {
		return err
	}
	dr := Arrange(d, ps, p)
	dr.desc = altText(d, p)
	return dr.writeSVG(w)
}

// writeSVG writes the drawing as an <svg> element that works both as a file
// of its own and inline in HTML (role="img", aria-label = its description).
func (dr *Drawing) writeSVG(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 %s %s" width="%s" height="%s" role="img" aria-label="%s">`+"\n",
		Num(dr.W), Num(dr.H), Num(dr.W), Num(dr.H), html.EscapeString(dr.desc))
	if dr.title != "" { // without a caption, no title: a tooltip "Diagram" told nothing
		fmt.Fprintf(bw, "<title>%s</title>\n", html.EscapeString(dr.title))
	}
	fmt.Fprintf(bw, "<desc>%s</desc>\n", html.EscapeString(dr.desc))
	fmt.Fprintf(bw, `<g font-family="'Go', 'DejaVu Sans', Arial, sans-serif" stroke-linejoin="round" stroke-linecap="round">`+"\n")
	for _, s := range dr.Shapes {
		s.WriteSVG(bw)
	}
	bw.WriteString("</g>\n</svg>\n")
	return bw.Flush()
}

// WriteSVG writes one shape as an SVG element.
func (s Shape) WriteSVG(w *bufio.Writer) {
	switch s.Kind {
	case RectShape:
		fmt.Fprintf(w, `<rect x="%s" y="%s" width="%s" height="%s"%s/>`, Num(s.X), Num(s.Y), Num(s.W), Num(s.H), s.paint())
	case CircleShape:
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s"%s/>`, Num(s.X), Num(s.Y), Num(s.R), s.paint())
	case PathShape:
		fmt.Fprintf(w, `<path d="%s"%s/>`, pathData(s), s.paint())
	case TextShape:
		weight := ""
		if s.Bold {
			weight = ` font-weight="bold"`
		}
		fmt.Fprintf(w, `<text x="%s" y="%s" font-size="%s"%s%s%s>%s</text>`, Num(s.X), Num(s.Y), Num(s.Size),
			[...]string{"", ` text-anchor="middle"`, ` text-anchor="end"`}[s.Anchor], weight, s.paint(), html.EscapeString(s.Text))
	}
	w.WriteByte('\n')
}

// paint returns a shape's fill and stroke attributes.
func (s Shape) paint() string {
	var b strings.Builder
	b.WriteString(` fill="` + hexColor(s.Fill) + `"`)
	if s.Stroke != "" && s.Width > 0 {
		fmt.Fprintf(&b, ` stroke="%s" stroke-width="%s"`, hexColor(s.Stroke), Num(s.Width))
		if s.Dash > 0 {
			fmt.Fprintf(&b, ` stroke-dasharray="%s"`, Num(s.Dash))
		}
	}
	return b.String()
}

// hexColor returns a palette colour as #rrggbb, or "none".
func hexColor(name string) string {
	c, ok := Palette[name]
	if !ok {
		return "none"
	}
	return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2])
}

// pathData returns a path shape's commands as SVG path data.
func pathData(s Shape) string {
	var b strings.Builder
	for i, c := range s.Cmds {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(c.Op)
		for j := 0; j < argCount[c.Op]; j += 2 {
			x, y := s.Point(c, j)
			b.WriteByte(' ')
			b.WriteString(Num(x))
			b.WriteByte(' ')
			b.WriteString(Num(y))
		}
	}
	return b.String()
}

// Num formats a coordinate with at most two decimals, so output is short
// and the same on every machine.
func Num(v float64) string {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// writePageSVG writes a diagram for a web page: the board with its
// coordinates as an <svg> (role="img", described in full) in a <div
// class="board-box"> that says where the board is in it, and for a
// diagram with the side to move and counters two more: the state panel
// beside the board and the same panel in a row, for under the board on a
// narrow screen (the style sheet shows one of the two; both are hidden
// from screen readers, which hear the board's description).
func writePageSVG(w io.Writer, b Board, p *catalog.Printer, ps PieceSet) error {
	d, err := Read(b)
	if err != nil {
		return err
	}
	dr := Arrange(d, ps, p)
	dr.desc = altText(d, p)
	board, side := dr, dr
	board.Shapes, board.W = dr.Shapes[:dr.Panel], MarginL+BoardLen+8
	side.Shapes, side.X0, side.W = dr.Shapes[dr.Panel:], MarginL+BoardLen+panelGap, panelW
	// The board's place in its drawing, for a script that lays buttons
	// over the squares: x, y and size of the board, width and height.
	fmt.Fprintf(w, "<div class=\"board-box\" data-board=\"%s %s %s %s %s\">\n", Num(MarginL), Num(MarginT), Num(BoardLen), Num(board.W), Num(board.H))
	if err := board.writeSVG(w); err != nil {
		return err
	}
	io.WriteString(w, "</div>\n")
	if !d.State {
		return nil
	}
	if err := side.writePanelSVG(w, "panel panel-side"); err != nil {
		return err
	}
	under := underPanel(d, p)
	return under.writePanelSVG(w, "panel panel-under")
}

// writePanelSVG writes a state panel as a decorative <svg> of class cls.
func (dr *Drawing) writePanelSVG(w io.Writer, cls string) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" class="%s" viewBox="%s %s %s %s" width="%s" height="%s" aria-hidden="true">`+"\n",
		cls, Num(dr.X0), Num(dr.Y0), Num(dr.W), Num(dr.H), Num(dr.W), Num(dr.H))
	fmt.Fprintf(bw, `<g font-family="'Go', 'DejaVu Sans', Arial, sans-serif" stroke-linejoin="round" stroke-linecap="round">`+"\n")
	for _, s := range dr.Shapes {
		s.WriteSVG(bw)
	}
	bw.WriteString("</g>\n</svg>\n")
	return bw.Flush()
}
