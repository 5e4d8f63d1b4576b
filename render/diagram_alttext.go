package render

import (
	"fmt"
	"strings"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// AltText describes a board in words, for screen readers and for anyone who
// cannot see the diagram, in the theme's words: "The white king on e1;
// pawns on b2, c2, d2, e2, f2, g2; the knight on f6; White to move; saved 0,
// taken 0." A board that cannot be read is described as such.
func AltText(b Board, t style.Theme) string {
	d, err := readBoard(b)
	if err != nil {
		return "A board that could not be read."
	}
	return altText(d, t)
}

// altText describes a diagram that was read.
func altText(d diagram, t style.Theme) string {
	w := t.Words()
	var parts []string
	byPiece := map[rules.Piece][]string{}
	for s, pc := range d.pieces {
		byPiece[pc] = append(byPiece[pc], rules.Square(s).String())
	}
	if sq := byPiece[rules.King]; len(sq) > 0 {
		parts = append(parts, w.KingLabel+" on "+strings.Join(sq, ", "))
	}
	switch sq := byPiece[rules.Pawn]; len(sq) {
	case 0:
		parts = append(parts, "no "+w.Pawns)
	case 1:
		parts = append(parts, "one "+w.Pawn+" on "+sq[0])
	default:
		parts = append(parts, w.Pawns+" on "+strings.Join(sq, ", "))
	}
	if sq := byPiece[rules.Knight]; len(sq) > 0 {
		parts = append(parts, w.Knight+" on "+strings.Join(sq, ", "))
	} else if d.state {
		parts = append(parts, w.Knight+" is away and flies back to f6, "+w.Lair)
	}
	if d.state {
		parts = append(parts, d.side(w)+" to move", fmt.Sprintf("saved %d, taken %d", d.saved, d.taken))
	}
	if d.target.Valid() {
		parts = append(parts, "target: "+d.target.String())
	}
	if len(d.marks) > 0 {
		parts = append(parts, "marked: "+squareList(d.marks))
	}
	for _, a := range d.arrows {
		parts = append(parts, "an arrow from "+a[0].String()+" to "+a[1].String())
	}
	s := strings.Join(parts, "; ") + "."
	return strings.ToUpper(s[:1]) + s[1:]
}

// side returns the name of the side to move.
func (d diagram) side(w style.Words) string {
	if d.black {
		return w.BlackLabel
	}
	return w.WhiteLabel
}

// squareList joins square names with commas.
func squareList(sqs []rules.Square) string {
	names := make([]string, len(sqs))
	for i, s := range sqs {
		names[i] = s.String()
	}
	return strings.Join(names, ", ")
}
