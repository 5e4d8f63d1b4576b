package pdf

import (
	"io"
	"strconv"

	"nostromo-lessons/render"
)

// ScoreSheet writes scoresheet.pdf, the score sheet of a pair of children
// playing on a real board: a page for each of their two games, the
// partners swapping sides between them, each page with lines for the two
// players' names, the class and the date, where the game started, a grid
// of moves (the move's number, the moves of both sides, and the saved and
// caught counters after it) and tick boxes for the result. Printed on
// both sides of a sheet, it holds the pair's two games.
func ScoreSheet(w io.Writer, c render.Course, opts render.Options) error {
	k, err := newAssets(c, opts)
	if err != nil {
		return err
	}
	return k.ScoreSheet(w, c)
}

// scoreTitle heads every page of the score sheet; tests find it by it.
const scoreTitle = "score.title"

// Score sheet geometry in millimetres.
const (
	scoreGap    = 6.0  // between the two halves of the move grid
	scoreNumW   = 8.0  // the move's number
	scoreCountW = 17.0 // a counter: saved, caught
	scoreHeadH  = 7.0  // the grid's header row
	scoreRowH   = 7.5  // a move's row: room for a handwritten move
	scoreSize   = 11.0 // the type size of the text around the grid
)

// ScoreSheet writes the score sheet.
func (k *Assets) ScoreSheet(w io.Writer, c render.Course) error {
	s, err := newSheet(c, k, k.Say.Say("title.of", c.Title, k.Say.Say(scoreTitle)))
	if err != nil {
		return err
	}
	s.footer = c.Title + " · " + s.say(scoreTitle)
	for game := 1; game <= 2; game++ {
		s.scorePage(game)
	}
	return s.finish(w)
}

// scorePage draws the page of one game of the pair.
func (s *sheet) scorePage(game int) {
	s.newPage()
	w := s.contentW()
	s.y += s.para(margin, s.y, w, "B", 16, s.say("title.of", s.say(scoreTitle), s.c.Title))
	head := s.say("score.game", game)
	if game == 2 {
		head += " " + s.say("score.swap")
	}
	s.y += s.para(margin, s.y+1, w, "B", 14, head) + 3

	// The players, the class and the date: a label and a line to write on.
	s.writeLines(s.y, []string{s.k.Say.Word("white.label"), s.k.Say.Word("black.label")})
	s.y += lineH(scoreSize) + 5
	s.writeLines(s.y, []string{s.say("sheet.class"), s.say("sheet.date")})
	s.y += lineH(scoreSize) + 5
	s.writeLines(s.y, []string{s.say("score.start")})
	s.y += lineH(scoreSize) + 4
	s.y += s.para(margin, s.y, w, "I", 10, s.say("score.how")) + 3

	// The result, at the foot of the page; the grid fills the room above.
	resultH := lineH(scoreSize) + 1.5
	bottom := s.pageH - margin - footerH - resultH - 4
	rows := max(1, int((bottom-s.y-scoreHeadH)/scoreRowH))
	half := (w - scoreGap) / 2
	for i := range 2 {
		s.scoreGrid(margin+float64(i)*(half+scoreGap), s.y, half, i*rows+1, rows)
	}
	s.y += scoreHeadH + float64(rows)*scoreRowH + 4
	f := flowLine{s: s, x0: margin, x: margin, y: s.y, w: w, size: scoreSize, draw: true}
	f.text(s.say("score.result"))
	f.tick(s.say("score.wins", s.k.Say.Word("white.label")))
	f.tick(s.say("score.wins", s.k.Say.Word("black.label")))
	f.tick(s.say("play.draw"))
}

// writeLines draws labels across the page at y, each followed by a line
// to write on, sharing the width evenly.
func (s *sheet) writeLines(y float64, labels []string) {
	each := s.contentW() / float64(len(labels))
	base := y + scoreSize*ptToMM
	for i, label := range labels {
		x := margin + float64(i)*each
		s.font("", scoreSize)
		s.Text(x, base, label+":")
		s.SetLineWidth(0.3)
		s.Line(x+s.GetStringWidth(label+":")+2, base+1, x+each-6, base+1)
	}
}

// scoreGrid draws rows of the move grid at (x, y), w wide, numbered from
// first: a header row, then a row a move with its number, a cell for each
// side's move and one for each counter after it.
func (s *sheet) scoreGrid(x, y, w float64, first, rows int) {
	moveW := (w - scoreNumW - 2*scoreCountW) / 2
	cols := []struct {
		w     float64
		label string
	}{
		{scoreNumW, "#"},
		{moveW, s.k.Say.Word("white.label")},
		{moveW, s.k.Say.Word("black.label")},
		{scoreCountW, s.say("score.saved")},
		{scoreCountW, s.say("score.caught")},
	}
	h := scoreHeadH + float64(rows)*scoreRowH
	s.SetFillColor(225, 225, 225)
	s.Rect(x, y, w, scoreHeadH, "F")
	s.SetFillColor(0, 0, 0)
	cx := x
	for _, c := range cols {
		s.font("B", 8.5)
		label := fitText(s, c.label, c.w-1)
		s.Text(cx+(c.w-s.GetStringWidth(label))/2, y+scoreHeadH-2.2, label)
		cx += c.w
	}
	for r := range rows {
		ry := y + scoreHeadH + float64(r)*scoreRowH
		s.font("", 9)
		num := strconv.Itoa(first + r)
		s.Text(x+scoreNumW-1.5-s.GetStringWidth(num), ry+scoreRowH/2+1.2, num)
	}
	s.SetLineWidth(0.25)
	for r := 0; r <= rows; r++ {
		ry := y + scoreHeadH + float64(r)*scoreRowH
		s.Line(x, ry, x+w, ry)
	}
	cx = x
	for _, c := range cols[:len(cols)-1] {
		cx += c.w
		s.Line(cx, y, cx, y+h)
	}
	s.SetLineWidth(0.6)
	s.Rect(x, y, w, h, "D")
}
