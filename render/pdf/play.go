package pdf

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/render/diagram"
	"nostromo-lessons/render/pageid"
	"nostromo-lessons/rules"
)

// PlayCard writes a lesson's "play it out with a partner" card,
// <id>-play.pdf, the paper twin of playing on the site: the lesson's
// positions to play from on a real board (those of its exercises about a
// game: outcome, moves-to-win, moves-to-goal and best-move, each position
// once, the first maxPlay of them; the start position when there is none),
// each with its diagram, where the pieces stand, who starts and what counts
// as winning, and boxes for who won each of two games, the partners
// swapping sides between them.
func PlayCard(w io.Writer, c render.Course, l render.Lesson, opts render.Options) error {
	k, err := newAssets(c, opts)
	if err != nil {
		return err
	}
	return k.PlayCard(w, c, l)
}

// maxPlay is the most positions a play card holds.
const maxPlay = 6

// playKinds are the kinds whose positions are worth playing out.
var playKinds = map[string]bool{"outcome": true, "moves-to-win": true, "moves-to-goal": true, "best-move": true}

// playTitle heads a play card; tests find a card by it.
const playTitle = "play.title"

// play is one position of a play card.
type play struct {
	fen       string
	goal      string // "save:K", "take:K" or "" for the game
	exercises []int  // the numbers of the exercises on it
}

// plays returns the positions of a lesson's play card.
func plays(l render.Lesson) []play {
	var out []play
	for _, e := range l.OnPaper().Exercises {
		if !playKinds[e.Kind] || e.Board.FEN == "" {
			continue
		}
		found := false
		for i := range out {
			if out[i].fen == e.Board.FEN && out[i].goal == e.Goal {
				out[i].exercises = append(out[i].exercises, e.Number)
				found = true
			}
		}
		if !found && len(out) < maxPlay {
			out = append(out, play{fen: e.Board.FEN, goal: e.Goal, exercises: []int{e.Number}})
		}
	}
	if len(out) == 0 {
		out = append(out, play{fen: rules.Start.String()})
	}
	return out
}

// PlayCard writes a lesson's play card.
func (k *Assets) PlayCard(w io.Writer, c render.Course, l render.Lesson) error {
	if err := pageid.Check(l.ID); err != nil {
		return err
	}
	s, err := newSheet(c, k, k.Say.Say("title.of", l.Title, k.Say.Say(playTitle)))
	if err != nil {
		return err
	}
	if err := s.playCard(l); err != nil {
		return fmt.Errorf("render: lesson %q: play card: %w", l.ID, err)
	}
	return s.finish(w)
}

// PlayCard writes the card's pages. A card that fits in half a page is
// set twice on its page, one copy over the other with a dashed line to
// cut along between them, one for each of two pairs of children, rather
// than once over a page left mostly empty.
func (s *sheet) playCard(l render.Lesson) error {
	s.footer = s.say("play.footer", l.Title)
	s.newPage()
	ps := plays(l)
	bottom := s.pageH - margin - footerH
	cut := margin + (bottom-margin)/2
	copies := 1
	if s.cardHeight(l, ps) <= bottom-cut-margin {
		copies = 2
	}
	for c := range copies {
		if c > 0 {
			s.cutLine(cut)
			s.y = cut + margin
		}
		s.cardHead(l, true)
		for i, p := range ps {
			if err := s.play(i+1, p); err != nil {
				return err
			}
		}
	}
	return nil
}

// cardHeight returns the height of a play card's text and positions, as
// if on one page.
func (s *sheet) cardHeight(l render.Lesson, ps []play) float64 {
	h := s.cardHead(l, false)
	for i, p := range ps {
		h += s.playHeight(i+1, p) + playGap
	}
	return h
}

// cardHead lays out a play card's head at the page's y: the course, level
// and lesson, the title and how to play, over a rule; it returns its
// height and, when draw is set, draws it and moves y under it.
func (s *sheet) cardHead(l render.Lesson, draw bool) float64 {
	w := s.contentW()
	y := s.y
	y += s.paraAt(margin, y, w, "", 11, s.say("sheet.course-level-title", s.c.Title, l.Level, l.Title), draw)
	y += s.paraAt(margin, y+0.5, w, "B", 20, s.say(playTitle), draw) + 1.5
	y += s.paraAt(margin, y, w, "", 11.5, s.say("play.how"), draw) + 2
	if draw {
		s.SetLineWidth(0.8)
		s.Line(margin, y, margin+w, y)
	}
	h := y + 4 - s.y
	if draw {
		s.y += h
	}
	return h
}

// cutLine draws a dashed line across the page at y, to cut along.
func (s *sheet) cutLine(y float64) {
	s.SetLineWidth(minLine)
	s.SetDashPattern([]float64{3, 2}, 0)
	s.Line(0, y, s.pageW, y)
	s.SetDashPattern(nil, 0)
}

// Play card geometry in millimetres.
const (
	playSquare = 6.5 // a diagram's square
	playGap    = 6.0 // between the diagram and the text, and between positions
	playSize   = 10.5
)

// playHeight returns the height of one position: its diagram, or the text
// beside it when that is taller.
func (s *sheet) playHeight(n int, p play) float64 {
	b := render.Board{FEN: p.fen}
	dw := diagramWidth(b, playSquare, diagram.SlimSize)
	tw := s.contentW() - dw - playGap
	th := 0.0
	for i, line := range s.playLines(n, p) {
		style := ""
		if i == 0 {
			style = "B"
		}
		th += s.paraHeight(tw, style, playSize, line) + 1
	}
	th += 2*lineH(playSize) + 4 // the two games' tick boxes
	return max(diagramHeightSize(b, dw, diagram.SlimSize), th)
}

// play draws one position: its diagram and, beside it, what to do.
func (s *sheet) play(n int, p play) error {
	b := render.Board{FEN: p.fen}
	dw := diagramWidth(b, playSquare, diagram.SlimSize)
	x := margin + dw + playGap
	tw := s.contentW() - dw - playGap
	h := s.playHeight(n, p)
	if !s.room(h) {
		s.newPage()
	}
	if _, err := s.drawDiagramSize(b, margin, s.y, dw, diagram.SlimSize); err != nil {
		return err
	}
	y := s.y
	for i, line := range s.playLines(n, p) {
		style := ""
		if i == 0 {
			style = "B"
		}
		y += s.para(x, y, tw, style, playSize, line) + 1
	}
	y += 2
	for g := range 2 {
		f := flowLine{s: s, x0: x, x: x, y: y + float64(g)*(lineH(playSize)+1), w: tw, size: playSize, draw: true}
		f.text(s.say("play.game", g+1))
		f.tick(s.k.Say.Word("white.label"))
		f.tick(s.k.Say.Word("black.label"))
		f.tick(s.say("play.draw"))
	}
	s.y += h + playGap
	s.SetLineWidth(0.3)
	s.Line(margin, s.y-playGap/2, margin+s.contentW(), s.y-playGap/2)
	return nil
}

// playLines returns the text beside a position: its heading, where the
// pieces stand, who starts, and what counts as winning.
func (s *sheet) playLines(n int, p play) []string {
	pos, err := rules.ParseFEN(p.fen)
	if err != nil {
		return []string{s.say("play.position", n)}
	}
	head := s.say("play.position", n)
	if len(p.exercises) > 0 {
		var nums []string
		for _, e := range p.exercises {
			nums = append(nums, strconv.Itoa(e))
		}
		head += " " + s.say("play.exercises", len(nums), strings.Join(nums, ", "))
	} else {
		head += s.say("play.whole-game")
	}
	var king, knight string
	var pawns []string
	for sq := rules.A1; sq <= rules.H8; sq++ {
		switch pos.PieceAt(sq) {
		case rules.King:
			king = sq.String()
		case rules.Knight:
			knight = sq.String()
		case rules.Pawn:
			pawns = append(pawns, sq.String())
		}
	}
	setup := s.say("alt.king", king)
	switch { // one pawn is said in the singular, as the diagrams' alt text says it
	case len(pawns) == 1:
		setup += "; " + s.say("alt.one-pawn", pawns[0])
	case len(pawns) > 1:
		setup += "; " + s.say("alt.pawns", strings.Join(pawns, ", "))
	}
	if knight != "" {
		setup += "; " + s.say("alt.knight", knight)
	}
	setup = style.UpperFirst(setup + ".")
	if pos.Saved > 0 || pos.Taken > 0 {
		setup += " " + s.say("play.already", pos.Saved, pos.Taken)
	}
	starts := s.say("play.starts.white")
	if pos.Side == rules.Black {
		starts = s.say("play.starts.black")
	}
	return []string{head, setup, starts, s.winning(pos, p.goal)}
}

// winning says what counts as winning a position: the game's own win, or
// the sub-goal of the exercise, with what is left to do.
func (s *sheet) winning(pos rules.Position, goal string) string {
	kind, k, _ := strings.Cut(goal, ":")
	n, _ := strconv.Atoi(k)
	switch kind {
	case "save":
		return s.say("play.win.save", s.say("count.pawns.acc", n))
	case "take":
		return s.say("play.win.take", s.say("count.pawns.acc", n))
	}
	save := rules.SavesToWin - int(pos.Saved)
	take := rules.TakesToWin - int(pos.Taken)
	return s.say("play.win.game", s.say("count.pawns.acc", save), s.say("count.pawns.acc", take))
}
