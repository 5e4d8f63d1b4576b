package pdf

import (
	"io"
	"nostromo-lessons/render"
	"nostromo-lessons/render/diagram"
)

// Rules writes the rules sheet as a PDF of its own: one page with every
// rule of the game in children's words, in the course's theme.
func Rules(w io.Writer, c render.Course, opts render.Options) error {
	k, err := render.NewAssets(c, opts)
	if err != nil {
		return err
	}
	return New(k.Art()).Rules(w, c)
}

// Rules writes the rules sheet.
func (k *Assets) Rules(w io.Writer, c render.Course) error {
	s, err := newSheet(c, k, k.Say.Say("title.of", c.Title, k.Say.Say(render.RulesTitle)))
	if err != nil {
		return err
	}
	s.rulesSheet()
	return s.finish(w)
}

// The rules sheet's type and diagram sizes: the rules in the largest type
// of rulesSizes, with as many of the figures as the page holds beside them
// (at least the start), in squares of at least minRuleSquare millimetres
// and at most maxRuleSquare.
var rulesSizes = []float64{12, 11.5, 11}

const (
	minRuleSquare = 5.0
	maxRuleSquare = 6.5
	ruleFigureGap = 4.0 // between a figure and the text beside it, and between two figures
	ruleCaption   = 9.5
)

// rulesSheet writes the rules on one page, each figure (the start, the
// knight's jumps, its flight to the lair) at the right of the section it
// shows, the text beside it narrower, in the largest type that leaves the
// figures room (see rulesFit).
func (s *sheet) rulesSheet() {
	s.footer = s.c.Title + " · " + s.say(render.RulesTitle)
	s.newPage()
	w := s.contentW()
	s.y += s.para(margin, s.y, w, "B", 24, s.say(render.RulesTitle)) + 3
	size, square, figs := s.rulesFit(render.RuleFigures(s.k.Say))
	s.y += s.rulesText(size, figs, square, true)
}

// rulesFit returns the rules' type size, the figures' square size and the
// figures that fit the page under s.y: all three in the largest type of
// rulesSizes with which they fit, else the first two, else the start
// alone; each in the largest square up to maxRuleSquare that fits. If none
// fits, the smallest type and square with the start alone.
func (s *sheet) rulesFit(figs []render.RuleFigure) (size, square float64, fit []render.RuleFigure) {
	room := s.pageH - margin - footerH - s.y
	for n := len(figs); n >= 1; n-- {
		for _, size := range rulesSizes {
			for q := maxRuleSquare; q >= minRuleSquare-0.01; q -= 0.25 {
				if s.rulesText(size, figs[:n], q, false) <= room {
					return size, q, figs[:n]
				}
			}
		}
	}
	return rulesSizes[len(rulesSizes)-1], minRuleSquare, figs[:1]
}

// rulesText lays out the rules and the closing note at s.y in a type
// size, each of figs at the right of its section (under the figure before
// it, if that reaches further down) with squares of square millimetres
// and its caption under it, and returns their height; it draws them only
// when draw is set. A heading or rule that would reach beside a figure is
// set narrower, clear of it.
func (s *sheet) rulesText(size float64, figs []render.RuleFigure, square float64, draw bool) float64 {
	w, y := s.contentW(), s.y
	fw := 0.0 // the figures' width (all the same: boards without a panel)
	if len(figs) > 0 {
		fw = diagramWidth(figs[0].Board, square, diagram.SlimSize)
	}
	fx := margin + w - fw
	var spans [][2]float64 // each placed figure's top and bottom
	write := func(x, w float64, style string, size float64, text string) float64 {
		h := s.paraHeight(w, style, size, text)
		for _, f := range spans {
			if y < f[1] && y+h > f[0] {
				w = fx - ruleFigureGap - x
				h = s.paraHeight(w, style, size, text)
				break
			}
		}
		if draw {
			s.para(x, y, w, style, size, text)
		}
		return h
	}
	place := func(f render.RuleFigure) {
		top := y
		if n := len(spans); n > 0 {
			top = max(top, spans[n-1][1]+ruleFigureGap)
		}
		dh := diagramHeightSize(f.Board, fw, diagram.SlimSize)
		if draw {
			s.drawDiagramSize(f.Board, fx, top, fw, diagram.SlimSize)
			s.para(fx, top+dh+0.5, fw, "I", ruleCaption, f.Board.Caption)
		}
		spans = append(spans, [2]float64{top, top + dh + 0.5 + s.paraHeight(fw, "I", ruleCaption, f.Board.Caption)})
	}
	head, next := size+1, 0
	for i, sec := range render.RuleSections(s.k.Say) {
		y += 1.5
		if next < len(figs) && figs[next].Section == render.RuleKeys[i].Key {
			place(figs[next])
			next++
		}
		y += write(margin, w, "B", head, sec.Head)
		for _, rule := range sec.Rules {
			if draw {
				s.font("", size)
				s.Text(margin+1, y+size*ptToMM, "•")
			}
			y += write(margin+5, w-5, "", size, rule) + 0.8
		}
	}
	y += 2
	y += write(margin, w, "I", min(smallSize, size), s.say(render.RulesNote))
	if n := len(spans); n > 0 {
		y = max(y, spans[n-1][1])
	}
	return y - s.y
}
