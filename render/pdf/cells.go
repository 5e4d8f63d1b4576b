package pdf

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/render/diagram"
)

// A worksheet sets its exercises in rows of cells. A cell holds one
// diagram and the questions asked about it: exercises that follow one
// another on the same board share one diagram (a group), unless the later
// one says NoGroup.

// block is one diagram with its questions: one exercise, or a group.
type block struct {
	ex     []render.Exercise
	kind   cellKind
	silent bool // a drill cell whose question the task heading above it asks
}

// cellKind is how a block is set, and so how many share a row.
type cellKind uint8

const (
	roomyCell      cellKind = iota // a whole row: question above, a large diagram, the answer space beside it
	groupCell                      // a whole row: one diagram (squares of 9 mm), its questions and answers beside it
	compactCell                    // two a row: number and state over the diagram (squares of 9 mm), question and a short answer space beside it
	drillCell                      // three a row: number and question, answer space, small diagram (squares of 6 mm)
	drillGroupCell                 // a whole row: a small diagram (squares of 6 mm), its drill questions and answers beside it
)

var cellNames = [...]string{"roomy", "group", "compact", "drill", "dgroup"}

// String returns the kind's name as the layout tests' traces write it.
func (k cellKind) String() string {
	if int(k) < len(cellNames) {
		return cellNames[k]
	}
	return fmt.Sprintf("cellKind(%d)", k)
}

// Cell geometry in millimetres: cells a row, the gap between cells and
// between rows, and for drill cells the drawing width (in drawing units)
// that spans a cell.
var cellSpecs = [...]struct {
	cols         int
	gap, rowGap  float64
	badge, qSize float64 // number badge side, question type size
	aSize, hSize float64 // answer and hint type sizes
	size         diagram.DiagramSize
	unitsAcross  float64 // the drawing's width, in drawing units, with a state panel
}{
	roomyCell:      {1, 0, blockGap, badge, qSize, bodySize, smallSize, diagram.FullSize, 0},
	groupCell:      {1, 5, 5, 7.5, 11, 10.5, 9.5, diagram.InsetSize, 0},
	compactCell:    {2, 4, 4, 5.5, 8.5, 8.5, 8, diagram.InsetSize, 0},
	drillCell:      {3, 5, 3, 6.5, 9, 9.5, 8, diagram.TinySize, diagram.SlimMarginL + diagram.BoardLen + diagram.SlimGap + diagram.TinyPanelW},
	drillGroupCell: {1, 5, 3, 7.5, 11, 10.5, 9.5, diagram.TinySize, 0},
}

// besideGap returns the room between a compact or group cell's board and
// the text beside it, in millimetres: wider beside a drill group's small
// diagram, whose disc for the side to move stands at its right edge and
// would otherwise read as one of the tick boxes beside it.
func besideGap(k cellKind) float64 {
	if k == drillGroupCell {
		return 6
	}
	return 2
}

// sameBoard reports whether two exercises show the same diagram: the same
// position (all four FEN fields), pieces, marks, arrows, target and caption.
func sameBoard(a, b render.Board) bool {
	return a.FEN == b.FEN && maps.Equal(a.Pieces, b.Pieces) && a.NoState == b.NoState &&
		slices.Equal(a.Marks, b.Marks) && slices.Equal(a.Arrows, b.Arrows) &&
		a.Target == b.Target && a.Caption == b.Caption
}

// SharesDiagram reports whether e shares the diagram of prev, the exercise
// before it: the same board, and e does not say NoGroup.
func SharesDiagram(prev, e render.Exercise) bool { return !e.NoGroup && sameBoard(prev.Board, e.Board) }

// groups splits a lesson's exercises into blocks: runs of exercises on the
// same board, broken where an exercise says NoGroup.
func groups(exs []render.Exercise) []block {
	var out []block
	for i, e := range exs {
		if i > 0 && SharesDiagram(exs[i-1], e) {
			last := &out[len(out)-1]
			last.ex = append(last.ex, e)
			continue
		}
		out = append(out, block{ex: []render.Exercise{e}})
	}
	return out
}

// rows gives each block its cell kind in the layout and puts blocks of one
// kind that follow each other into rows. By kind (and drill), a run of
// drill-kind exercises that fills a row of drill cells gets drill cells,
// and any other exercise a compact cell: a row of one or two drill cells
// is as high as a row of two compact cells, and would break the pairs of
// compact cells around it. A compact cell left alone in its row takes the
// whole row as a group cell does, its question and answer space beside
// the board across the row, not in a narrow column beside an empty half.
func rows(blocks []block, layout style.Layout) [][]block {
	for i := range blocks {
		blocks[i].kind = cellFor(blocks[i], layout)
	}
	for i := 0; i < len(blocks); {
		j := i
		for j < len(blocks) && blocks[j].kind == drillCell {
			j++
		}
		if j-i < cellSpecs[drillCell].cols {
			for k := i; k < j; k++ {
				blocks[k].kind = compactCell
			}
		}
		i = max(j, i+1)
	}
	var out [][]block
	for _, b := range blocks {
		if n := len(out); n > 0 && out[n-1][0].kind == b.kind && len(out[n-1]) < cellSpecs[b.kind].cols {
			out[n-1] = append(out[n-1], b)
			continue
		}
		out = append(out, []block{b})
	}
	for _, r := range out {
		if len(r) == 1 && r[0].kind == compactCell {
			r[0].kind = groupCell
		}
	}
	return out
}

// cellFor returns the kind of cell a block takes in a layout. A group
// whose questions are all of the drill kinds takes a small diagram, as
// those questions do alone, except in the roomy and compact layouts.
func cellFor(b block, layout style.Layout) cellKind {
	switch {
	case layout == style.Roomy && len(b.ex) == 1:
		return roomyCell
	case len(b.ex) > 1 && (layout == style.ByKind || layout == style.Drill) && drillOnly(b.ex):
		return drillGroupCell
	case len(b.ex) > 1:
		return groupCell
	case layout == style.Compact || !b.ex[0].Drill:
		return compactCell
	}
	return drillCell
}

// drillOnly reports whether every exercise asks a question of a drill kind.
func drillOnly(exs []render.Exercise) bool {
	for _, e := range exs {
		if !e.Drill {
			return false
		}
	}
	return true
}

// cellW returns the width of a cell of a kind.
func (s *sheet) cellW(k cellKind) float64 {
	c := cellSpecs[k]
	return (s.contentW() - float64(c.cols-1)*c.gap) / float64(c.cols)
}

// square returns the side of a board square in a cell of a kind, in
// millimetres. Compact and group cells draw the board at compactSquare,
// drill group cells at drillSquare, and the text beside it takes the rest
// of the cell. A drill cell's board with its state panel spans the cell,
// up to drillSquare: on wider paper the cells widen but the diagrams keep
// the size that lets rows fit on shorter paper (Letter).
func (s *sheet) square(k cellKind) float64 {
	switch k {
	case groupCell, compactCell:
		return compactSquare
	case drillGroupCell:
		return drillSquare
	}
	return min(s.cellW(k)*diagram.Sq/cellSpecs[k].unitsAcross, drillSquare)
}

// The squares of the dense cells, in millimetres: what legibility asks
// for, 9 mm (compact and group cells) and 6 mm (drill cells).
const (
	compactSquare = 9.0
	drillSquare   = 6.0
)

// row sets one row of cells where the page is. The boards
// of a row share a top line, and so do the answer spaces of drill cells:
// each cell's question area is as tall as the row's tallest.
func (s *sheet) row(r []block) error {
	k := r[0].kind
	if k == roomyCell {
		return s.exercise(r[0].ex[0])
	}
	w, t, h := s.rowSize(r)
	for i, b := range r {
		x := margin + float64(i)*(w+cellSpecs[k].gap)
		s.note(b, x, w, s.cell(b, 0, 0, w, t, false), t)
		if err := s.drawCell(b, x, s.y, w, t); err != nil {
			return err
		}
	}
	s.y += h + cellSpecs[k].rowGap
	return nil
}

// tops are how far under a cell's top its answer space and its board
// start. A row's are the largest of its cells', so that the answer spaces
// of a row share a line, and so do its boards. A row of compact cells on
// a page whose compact rows set their strip beside the board sets each
// cell's number and state beside its board, over its question, instead of
// in a strip over it (see fitsBeside).
type tops struct {
	answer, board float64
	stripBeside   bool
}

// rowSize returns the width of the cells of a row, its tops and its
// height.
func (s *sheet) rowSize(r []block) (w float64, t tops, h float64) {
	w = s.cellW(r[0].kind)
	t.stripBeside = s.stripBeside(r, w)
	for _, b := range r {
		t.answer = max(t.answer, s.cellTops(b, w, tops{stripBeside: t.stripBeside}).answer)
	}
	for _, b := range r {
		t.board = max(t.board, s.cellTops(b, w, tops{answer: t.answer, stripBeside: t.stripBeside}).board)
	}
	for _, b := range r {
		h = max(h, s.cell(b, 0, 0, w, t, false))
	}
	return w, t, h
}

// stripBeside reports whether a row of compact cells w wide sets each
// cell's number and state beside its board, over its question: on a page
// that sets every row of compact cells so (see fitsBeside).
func (s *sheet) stripBeside(r []block, w float64) bool {
	return s.beside && s.fitsBeside(r, w)
}

// fitsBeside reports whether a row of cells w wide is a row of compact
// cells that can set each cell's number and state beside its board, over
// its question: every cell's text then stays within its board's height,
// and the row is as high as its boards, 6 mm less than with the strip
// over them.
func (s *sheet) fitsBeside(r []block, w float64) bool {
	if r[0].kind != compactCell {
		return false
	}
	c := cellSpecs[compactCell]
	for _, b := range r {
		board := b.ex[0].Board
		dw := diagramWidth(board, s.square(compactCell), c.size)
		if s.besideCell(b, 0, 0, w, tops{stripBeside: true}, false) > diagramHeightSize(board, dw, c.size)+s.captionHeight(board, dw)+0.01 {
			return false
		}
	}
	return true
}

// note writes where a cell goes to the sheet's trace, if it has one.
func (s *sheet) note(b block, x, w, h float64, t tops) {
	if s.trace == nil {
		return
	}
	var nums []string
	for _, e := range b.ex {
		nums = append(nums, strconv.Itoa(e.Number))
	}
	fmt.Fprintf(s.trace, "page %d  %-7s ex %-6s x %5.1f  y %5.1f  w %5.1f  h %5.1f  board %5.1f  square %.2f\n",
		s.PageNo(), b.kind, strings.Join(nums, ","), x, s.y, w, h, s.y+s.cellTops(b, w, t).board, s.square(b.kind))
}

// drawCell draws one cell, checking its diagram first.
func (s *sheet) drawCell(b block, x, y, w float64, t tops) error {
	if _, err := diagram.Read(b.ex[0].Board); err != nil {
		return err
	}
	s.cell(b, x, y, w, t, true)
	return s.Error()
}

// cell lays out one block in a cell w wide at (x, y), its answer space and
// board at least the row's tops under y, and returns its height; it draws
// only when draw is set.
func (s *sheet) cell(b block, x, y, w float64, t tops, draw bool) float64 {
	if b.kind == drillCell {
		return s.drillCell(b, x, y, w, t, draw)
	}
	return s.besideCell(b, x, y, w, t, draw)
}

// cellTops returns a cell's tops in a row whose tops are at least t (zero: the
// cell's own).
func (s *sheet) cellTops(b block, w float64, t tops) tops {
	if b.kind == drillCell {
		return s.drillHead(b, 0, 0, w, t, false)
	}
	return tops{board: s.besideHead(b, 0, 0, w, t, false), stripBeside: t.stripBeside}
}

// besideCell lays out a compact or group cell: over the board a strip
// with the exercise's number (in a compact cell), the side to move and the
// counters; the board with its coordinates inside (a drill group's small
// diagram: no strip, the coordinates outside); and beside them each
// question with its answer space and hint (a group's with their numbers).
func (s *sheet) besideCell(b block, x, y, w float64, t tops, draw bool) float64 {
	c := cellSpecs[b.kind]
	board := b.ex[0].Board
	square := s.square(b.kind)
	dw := diagramWidth(board, square, c.size)
	top := y + s.besideHead(b, x, y, w, t, draw)
	h := diagramHeightSize(board, dw, c.size)
	if draw {
		s.drawDiagramSize(board, x, top, dw, c.size)
		if board.Caption != "" {
			s.para(x, top+h+1, dw, "I", smallSize, board.Caption)
		}
	}
	bottom := top + h + s.captionHeight(board, dw)
	qx := x + dw + besideGap(b.kind)
	qw := x + w - qx
	qy := y
	if b.kind == compactCell && t.stripBeside {
		qy += s.stateBeside(b, qx, qy, qw, draw)
	}
	for i, e := range b.ex {
		if i > 0 {
			qy += 3.5
		}
		if b.kind == compactCell {
			if draw {
				s.para(qx, qy, qw, "B", c.qSize, e.Question)
			}
			qy += s.paraHeight(qw, "B", c.qSize, e.Question) + 1
		} else {
			qy += s.question(e, qx, qy, qw, c.badge, c.qSize, draw) + 1
		}
		qy += s.shortAnswer(e, qx, qy, qw, square, c.aSize, c.hSize, boxH, draw)
	}
	return max(bottom, qy) - y
}

// besideHead lays out the strip over a compact or group cell's board (the
// number badge of a compact cell, the side to move and the counters) and
// returns how far under y the board goes: under the strip, and at least
// t.board. A drill group cell has no strip: its small diagram shows the
// side to move, and its questions need no counters; nor has a compact
// cell whose row sets the strip beside its board.
func (s *sheet) besideHead(b block, x, y, w float64, t tops, draw bool) float64 {
	if b.kind == drillGroupCell || t.stripBeside {
		return t.board
	}
	c := cellSpecs[b.kind]
	dw := diagramWidth(b.ex[0].Board, s.square(b.kind), c.size)
	sx := x
	if b.kind == compactCell {
		if draw {
			s.badgeSized(x, y, b.ex[0].Number, c.badge, c.qSize)
		}
		sx += c.badge + 2
	}
	top := s.state(b, sx, y+(c.badge-lineH(c.hSize)-1.5)/2, x+dw-sx, c.hSize, draw) + 0.8
	if b.kind == compactCell {
		top = max(top, c.badge+0.8)
	}
	return max(top, t.board)
}

// state lays out in a line over an inset board the side to move (a disc in
// its colour and its name) and, for a question that needs them, the
// counters; it returns the height, 0 for a board without them.
func (s *sheet) state(b block, x, y, w, size float64, draw bool) float64 {
	d, err := diagram.Read(b.ex[0].Board)
	if err != nil || !d.State {
		return 0
	}
	f := flowLine{s: s, x0: x, x: x, y: y, w: w, size: size, draw: draw}
	f.disc(d.Black)
	f.text(style.UpperFirst(s.say(d.SideKey("alt.to-move"))))
	for _, e := range b.ex {
		if line := s.counters(e); line != "" {
			f.text("·")
			f.text(line)
			break
		}
	}
	f.newline()
	return f.y - y
}

// stateBeside lays out at the top of a compact cell's narrow text column
// what the strip over its board would hold: the number badge with the
// disc of the side to move beside it, then the side to move and each
// counter on lines of their own (the counters line split where it says
// " · "); it returns the height.
func (s *sheet) stateBeside(b block, x, y, w float64, draw bool) float64 {
	c := cellSpecs[compactCell]
	if draw {
		s.badgeSized(x, y, b.ex[0].Number, c.badge, c.qSize)
	}
	h := c.badge + 1
	d, err := diagram.Read(b.ex[0].Board)
	if err != nil || !d.State {
		return h
	}
	bx := x + c.badge + 2
	disc := flowLine{s: s, x0: bx, x: bx, y: y + (c.badge-lineH(c.hSize)-1.5)/2, w: x + w - bx, size: c.hSize, draw: draw}
	disc.disc(d.Black)
	f := flowLine{s: s, x0: x, x: x, y: y + h, w: w, size: c.hSize, draw: draw}
	f.text(style.UpperFirst(s.say(d.SideKey("alt.to-move"))))
	f.newline()
	for _, e := range b.ex {
		if line := s.counters(e); line != "" {
			for _, part := range strings.Split(line, " · ") {
				f.text(part)
				f.newline()
			}
			break
		}
	}
	return f.y - y + 0.5
}

// drillCell lays out a drill cell: the number badge with the question
// beside it, the hint and the answer space under them, or, when the task
// heading asks the question, the answer space beside the badge and the
// hint under it; then the small diagram.
func (s *sheet) drillCell(b block, x, y, w float64, t tops, draw bool) float64 {
	c := cellSpecs[drillCell]
	e := b.ex[0]
	square := s.square(drillCell)
	dw := diagramWidth(e.Board, square, c.size)
	dh := diagramHeightSize(e.Board, dw, c.size)
	top := y + s.drillHead(b, x, y, w, t, draw).board
	if draw {
		s.drawDiagramSize(e.Board, x, top, dw, c.size)
	}
	top += dh
	if line := s.counters(e); line != "" {
		if draw {
			s.font("B", c.hSize)
			s.Text(x+diagram.SlimMarginL*square/diagram.Sq, top+c.hSize*ptToMM, line)
		}
		top += lineH(c.hSize)
	}
	if e.Board.Caption != "" {
		if draw {
			s.para(x, top+1, dw, "I", c.hSize, e.Board.Caption)
		}
		top += 1 + s.paraHeight(dw, "I", c.hSize, e.Board.Caption)
	}
	return top - y
}

// drillHead lays out the part of a drill cell over its board: the number
// badge, the question unless a task heading asks it, the hint and the
// answer space, at least t.answer under y; it returns its tops, the
// board's at least t.board. When the heading asks the question, the
// answer space is beside the badge, and the hint under them. The hint
// stands over the board, where a row's cells with shorter questions leave
// room, not under it, where it would make the row taller.
func (s *sheet) drillHead(b block, x, y, w float64, t tops, draw bool) tops {
	c := cellSpecs[drillCell]
	e := b.ex[0]
	square := s.square(drillCell)
	if b.silent {
		if draw {
			s.badgeSized(x, y, e.Number, c.badge, c.qSize)
		}
		ax := x + c.badge + 2
		head := max(c.badge, s.shortAnswer(e, ax, y-1.5, x+w-ax, square, c.aSize, 0, drillBoxH, draw)-1.5) + 1
		head += s.drillHint(e, x, y+head, w, draw)
		return tops{board: max(t.board, head)}
	}
	q := s.hangingQuestion(e, x, y, w, c.badge, c.qSize, draw) + 0.5
	q += s.drillHint(e, x, y+q, w, draw)
	a := max(t.answer, q)
	board := a + s.shortAnswer(e, x, y+a, w, square, c.aSize, 0, drillBoxH, draw) + 0.5
	return tops{answer: a, board: max(t.board, board)}
}

// drillHint lays out a drill cell's hint at (x, y) in a column w wide and
// returns its height (0 without a hint, and 1 mm more under it).
func (s *sheet) drillHint(e render.Exercise, x, y, w float64, draw bool) float64 {
	if e.Hint == "" {
		return 0
	}
	size := cellSpecs[drillCell].hSize
	hint := s.say("sheet.hint", e.Hint)
	if draw {
		s.para(x, y, w, "I", size, hint)
	}
	return s.paraHeight(w, "I", size, hint) + 1
}

// counters returns the line a small diagram shows under the board for a
// question whose answer depends on the counters: "Saved 2 · Taken 3" (the
// small diagram's panel shows only the side to move). The drill kinds do
// not need it.
func (s *sheet) counters(e render.Exercise) string {
	if e.Drill {
		return ""
	}
	d, err := diagram.Read(e.Board)
	if err != nil || !d.State {
		return ""
	}
	return s.say("sheet.counters", d.Saved, d.Taken)
}

// taskHeadings marks the drill cells whose question a heading asks: in a
// run of drill rows whose cells all ask the same question, the first row
// gets the question as its heading and the cells leave it out. It returns
// the heading of each row ("" for none).
func taskHeadings(rs [][]block) []string {
	heads := make([]string, len(rs))
	for i := 0; i < len(rs); {
		j := i
		same := true
		for j < len(rs) && rs[j][0].kind == drillCell {
			for _, b := range rs[j] {
				same = same && b.ex[0].Question == rs[i][0].ex[0].Question
			}
			j++
		}
		if j == i {
			i++
			continue
		}
		if same && (j-i > 1 || len(rs[i]) > 1) {
			heads[i] = rs[i][0].ex[0].Question
			for r := i; r < j; r++ {
				for c := range rs[r] {
					rs[r][c].silent = true
				}
			}
		}
		i = j
	}
	return heads
}

// heading writes a drill run's task heading where the page is.
func (s *sheet) heading(text string) {
	s.y += s.para(margin, s.y, s.contentW(), "B", 12, text) + 2
}

// headingHeight returns the height of a drill run's task heading.
func (s *sheet) headingHeight(text string) float64 {
	return s.paraHeight(s.contentW(), "B", 12, text) + 2
}

// rowHeight returns the height of a row and the gap under it.
func (s *sheet) rowHeight(r []block) (h, gap float64) {
	if k := r[0].kind; k != roomyCell {
		_, _, h := s.rowSize(r)
		return h, cellSpecs[k].rowGap
	}
	return s.exerciseHeight(r[0].ex[0]), 0
}

// question writes an exercise's number badge and question at (x, y) in a
// column w wide and returns the height.
func (s *sheet) question(e render.Exercise, x, y, w, b, size float64, draw bool) float64 {
	return s.questionBeside(e, len(s.textLines("B", size, e.Question, w-b-2)), x, y, w, b, size, draw)
}

// questionBeside writes an exercise's number badge and its question of n
// lines beside it, as question does, and returns the height.
func (s *sheet) questionBeside(e render.Exercise, n int, x, y, w, b, size float64, draw bool) float64 {
	top := (b-lineH(size))/2 + 0.4
	if draw {
		s.badgeSized(x, y, e.Number, b, size)
		s.para(x+b+2, y+top, w-b-2, "B", size, e.Question)
	}
	return max(b, lineH(size)*float64(n)+top)
}

// besideBadge is how many lines of a drill cell's question stand beside
// its number badge, indented; the lines under them may run the cell's
// full width (see hangingQuestion). Two lines are as tall as the badge
// and a little more, so that a full-width line never touches it.
const besideBadge = 2

// hangingQuestion writes a drill cell's number badge and question at
// (x, y) in a column w wide, as question does, but with the lines after
// the first besideBadge under the badge, the column's full width, when
// that takes fewer lines; it returns the height. A narrow drill cell
// loses a fifth of its width beside the badge, and a long question (a
// labyrinth's, or one in the farm's longer words) a line with it.
func (s *sheet) hangingQuestion(e render.Exercise, x, y, w, b, size float64, draw bool) float64 {
	indented := s.textLines("B", size, e.Question, w-b-2)
	under, ok := s.linesUnder(e.Question, indented, w, size)
	if !ok {
		return s.questionBeside(e, len(indented), x, y, w, b, size, draw)
	}
	top := (b-lineH(size))/2 + 0.4
	if draw {
		s.badgeSized(x, y, e.Number, b, size)
		s.font("B", size)
		for i, line := range append(indented[:besideBadge:besideBadge], under...) {
			lx := x
			if i < besideBadge {
				lx += b + 2
			}
			s.Text(lx, y+top+lineH(size)*float64(i)+size*ptToMM, line)
		}
	}
	return top + lineH(size)*float64(besideBadge+len(under))
}

// linesUnder returns the words of text after its first besideBadge
// indented lines as lines w wide, and whether they take fewer lines than
// the indented ones after those: false also when the indented lines split
// a word.
func (s *sheet) linesUnder(text string, indented []string, w, size float64) ([]string, bool) {
	if len(indented) <= besideBadge+1 {
		return nil, false
	}
	words := strings.Fields(text)
	beside := strings.Fields(strings.Join(indented[:besideBadge], " "))
	if len(beside) > len(words) || !slices.Equal(beside, words[:len(beside)]) {
		return nil, false
	}
	under := s.textLines("B", size, strings.Join(words[len(beside):], " "), w)
	return under, len(under) < len(indented)-besideBadge
}

// markOnBoard is the smallest square, in millimetres, on which a pupil
// marks squares with a pencil instead of writing their names.
const markOnBoard = 6.0

// shortAnswer lays out a dense cell's answer space at (x, y) in a column w
// wide, for a diagram whose squares are square millimetres, and returns its
// height; it draws only when draw is set. Answers take one or two lines:
// a box for a number (box high), tick boxes side by side, a line for
// moves; squares are marked on the board when its squares are large
// enough.
func (s *sheet) shortAnswer(e render.Exercise, x, y, w, square, size, hsize, box float64, draw bool) float64 {
	f := flowLine{s: s, x0: x, x: x, y: y, w: w, size: size, draw: draw, boxH: box}
	if e.AskSide {
		f.text(s.say("sheet.who-wins"))
		f.tick(s.k.Say.Word("white.label"))
		f.tick(s.k.Say.Word("black.label"))
		f.newline()
	}
	switch e.Space {
	case style.NumberBox, style.PathOnBoard:
		label := s.say("sheet.answer")
		if e.Space == style.PathOnBoard {
			label = s.say("sheet.path-moves")
		} else if e.AskSide {
			label = s.say("sheet.moves")
		}
		f.text(label)
		f.box(min(18, max(12, w/4)))
		for _, c := range e.Choices {
			f.tick(s.say("sheet.or", c))
		}
	case style.TickBoxes:
		for _, c := range e.Choices {
			f.tick(c)
		}
	case style.SquareLines:
		if square >= markOnBoard {
			f.text(s.say("sheet.cross-squares"))
		} else {
			f.text(s.say("sheet.squares"))
			f.rule()
		}
	case style.MoveLines:
		f.text(s.say("sheet.move"))
		f.rule()
	}
	f.newline()
	h := f.y - y
	if e.Hint != "" && hsize > 0 {
		if draw {
			s.para(x, y+h, w, "I", hsize, s.say("sheet.hint", e.Hint))
		}
		h += s.paraHeight(w, "I", hsize, s.say("sheet.hint", e.Hint))
	}
	return h
}

// flowLine sets words, tick boxes, answer boxes and writing lines side by
// side, wrapping to a new line when the next item does not fit.
type flowLine struct {
	s          *sheet
	x0, x, y   float64
	w, size    float64
	draw, used bool
	tall       bool    // the line holds a box taller than the text
	boxH       float64 // the height of the line's answer boxes; 0: boxH
}

// The heights of answer boxes, in millimetres: room for a child's
// handwritten number, and in a drill cell, whose answer is a number of
// one or two digits, a little less, so that a row of drill cells takes
// 1.5 mm less.
const (
	boxH      = 9.0
	drillBoxH = 7.5
)

// boxHeight returns the height of the line's answer boxes and writing
// lines.
func (f *flowLine) boxHeight() float64 {
	if f.boxH == 0 {
		return boxH
	}
	return f.boxH
}

// lineH returns the height of a line of the flow.
func (f *flowLine) lineH() float64 {
	if f.tall {
		return f.boxHeight() + 1.5
	}
	return lineH(f.size) + 1.5
}

// room moves to a new line unless an item iw wide fits on this one.
func (f *flowLine) room(iw float64) {
	if f.used && f.x+iw > f.x0+f.w {
		f.newline()
	}
	f.used = true
}

// newline ends the line.
func (f *flowLine) newline() {
	if !f.used {
		return
	}
	f.y += f.lineH()
	f.x, f.used, f.tall = f.x0, false, false
}

// base returns the text baseline of the line.
func (f *flowLine) base() float64 {
	if f.tall {
		return f.y + 0.5 + f.boxHeight()*2/3
	}
	return f.y + f.size*ptToMM + 0.5
}

// text sets words, wrapped if they are wider than the column.
func (f *flowLine) text(t string) {
	f.s.font("", f.size)
	tw := f.s.GetStringWidth(t)
	if tw > f.w {
		f.newline()
		if f.draw {
			f.s.para(f.x0, f.y, f.w, "", f.size, t)
		}
		f.y += f.s.paraHeight(f.w, "", f.size, t) - lineH(f.size)
		f.used = true
		f.x = f.x0 + f.w
		return
	}
	f.room(tw)
	if f.draw {
		f.s.font("", f.size)
		f.s.Text(f.x, f.base(), t)
	}
	f.x += tw + 2
}

// tick sets a tick box and its label; a label too wide for the column
// wraps beside its box, on lines of its own.
func (f *flowLine) tick(label string) {
	f.s.font("", f.size)
	t := f.size * ptToMM * 1.15
	iw := t + 1.5 + f.s.GetStringWidth(label)
	wrap := iw > f.w
	if wrap {
		f.newline()
	}
	f.room(iw)
	if f.draw {
		b := f.base()
		f.s.SetLineWidth(0.4)
		f.s.Rect(f.x, b-t+0.4, t, t, "D")
		if wrap {
			f.s.para(f.x+t+1.5, f.y+0.5, f.w-t-1.5, "", f.size, label)
		} else {
			f.s.font("", f.size)
			f.s.Text(f.x+t+1.5, b, label)
		}
	}
	if wrap {
		f.y += f.s.paraHeight(f.w-t-1.5, "", f.size, label) - lineH(f.size)
		f.x = f.x0 + f.w
		return
	}
	f.x += iw + 4
}

// disc sets a small disc, black or white, the side to move's colour.
func (f *flowLine) disc(black bool) {
	r := f.size * ptToMM * 0.45
	f.room(2*r + 1.5)
	if f.draw {
		f.s.SetLineWidth(minLine)
		style := "D"
		if black {
			style = "FD"
		}
		f.s.Circle(f.x+r, f.base()-r+0.2, r, style)
	}
	f.x += 2*r + 1.5
}

// box sets an answer box bw wide, or narrower (down to minBox) to stay on
// the line in a narrow column.
func (f *flowLine) box(bw float64) {
	if left := f.x0 + f.w - f.x; f.used && left >= minBox {
		bw = min(bw, left)
	}
	f.room(bw)
	f.tall = true
	if f.draw {
		f.s.SetLineWidth(0.6)
		f.s.Rect(f.x, f.y+0.5, bw, f.boxHeight(), "D")
	}
	f.x += bw + 3
}

// minBox is the narrowest answer box, in millimetres: room for two digits.
const minBox = 9.0

// rule sets a writing line to the end of the column (at least 30 mm).
func (f *flowLine) rule() {
	f.room(30)
	f.tall = true
	if f.draw {
		f.s.SetLineWidth(0.3)
		f.s.Line(f.x, f.y+f.boxHeight(), f.x0+f.w, f.y+f.boxHeight())
	}
	f.x = f.x0 + f.w
}

// exercise writes one exercise in the roomy layout where the page is: the
// question above, a large diagram and the answer space beside it.
func (s *sheet) exercise(e render.Exercise) error {
	w := s.contentW()
	dw, aw, qh := s.roomySizes(e)
	h := s.exerciseHeight(e)
	if s.trace != nil {
		fmt.Fprintf(s.trace, "page %d  roomy   ex %-6d x %5.1f  y %5.1f  w %5.1f  h %5.1f  square %.2f\n", s.PageNo(), e.Number, margin, s.y, w, h, dw*diagram.Sq/diagramWidth(e.Board, diagram.Sq, diagram.FullSize))
	}
	s.numberBadge(margin, s.y, e.Number)
	s.para(margin+badge+4, s.y+0.5, w-badge-4, "B", qSize, e.Question)
	top := s.y + qh + 4
	bh, err := s.drawDiagram(e.Board, margin, top, dw)
	if err != nil {
		return err
	}
	if e.Board.Caption != "" {
		s.para(margin, top+bh+1, dw, "I", smallSize, e.Board.Caption)
	}
	s.answerSpace(e, margin+dw+colGap, top+2, aw)
	s.y += h
	return nil
}

// roomySizes returns an exercise's diagram width, answer space width and
// question height in the roomy layout.
func (s *sheet) roomySizes(e render.Exercise) (dw, aw, qh float64) {
	w := s.contentW()
	dw = diagW
	if e.Space == style.PathOnBoard {
		dw = pathDiagW
	}
	return dw, w - dw - colGap, max(s.paraHeight(w-badge-4, "B", qSize, e.Question), badge)
}

// exerciseHeight returns the height of an exercise in the roomy layout,
// the gap under it included.
func (s *sheet) exerciseHeight(e render.Exercise) float64 {
	dw, aw, qh := s.roomySizes(e)
	dh := diagramHeight(e.Board, dw) + s.captionHeight(e.Board, dw)
	return qh + 4 + max(dh, s.answerHeight(e, aw)) + blockGap
}
