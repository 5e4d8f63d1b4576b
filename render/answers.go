package render

import (
	"strings"

	"nostromo-lessons/internal/catalog"
)

// FullAnswer returns e's answer as a key states it, in p's words: with
// the winner where the question asks who wins too ("Black wins, in 21
// moves").
func FullAnswer(e Exercise, p *catalog.Printer) string {
	if e.Winner != "" {
		return p.Say("key.wins-in", e.Winner, e.Answer)
	}
	return e.Answer
}

// AlsoText returns a key's line of a best move's fastest moves and of
// those that also win (or reach the goal) in p's words, or "" when e
// lists none (the side to move cannot force it).
func AlsoText(e Exercise, p *catalog.Printer) string {
	if e.Also == "" {
		return ""
	}
	also := p.Say("key.none")
	if len(e.AlsoWin) > 0 {
		also = strings.Join(e.AlsoWin, ", ")
	}
	return p.Say("key.fastest", strings.Join(e.Best, ", "), e.Also, also)
}
