package diagram

import (
	"strings"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// AltText describes a board in words, for screen readers and for anyone who
// cannot see the diagram, in the language and theme of p: "The white king
// on e1; pawns on b2, c2, d2, e2, f2, g2; the knight on f6; White to move;
// saved 0, taken 0." A board that cannot be read is described as such.
func AltText(b Board, p *catalog.Printer) string {
	d, err := Read(b)
	if err != nil {
		return p.Say("alt.unreadable")
	}
	return altText(d, p)
}

// altText describes a diagram that was read.
func altText(d Diagram, p *catalog.Printer) string {
	var parts []string
	byPiece := map[rules.Piece][]string{}
	for s, pc := range d.Pieces {
		byPiece[pc] = append(byPiece[pc], rules.Square(s).String())
	}
	if sq := byPiece[rules.King]; len(sq) > 0 {
		parts = append(parts, p.Say("alt.king", strings.Join(sq, ", ")))
	}
	switch sq := byPiece[rules.Pawn]; len(sq) {
	case 0:
		parts = append(parts, p.Say("alt.no-pawns"))
	case 1:
		parts = append(parts, p.Say("alt.one-pawn", sq[0]))
	default:
		parts = append(parts, p.Say("alt.pawns", strings.Join(sq, ", ")))
	}
	if sq := byPiece[rules.Knight]; len(sq) > 0 {
		parts = append(parts, p.Say("alt.knight", strings.Join(sq, ", ")))
	} else if d.State {
		parts = append(parts, p.Say("alt.knight-away"))
	}
	if d.State {
		parts = append(parts, p.Say(d.SideKey("alt.to-move")), p.Say("alt.counters", d.Saved, d.Taken))
	}
	if d.target.Valid() {
		parts = append(parts, p.Say("alt.target", d.target.String()))
	}
	if len(d.Marks) > 0 {
		parts = append(parts, p.Say("alt.marked", squareList(d.Marks)))
	}
	for _, a := range d.arrows {
		parts = append(parts, p.Say("alt.arrow", a[0].String(), a[1].String()))
	}
	return style.UpperFirst(strings.Join(parts, "; ") + ".")
}

// SideKey returns the message key of the side to move: key + ".white" or
// key + ".black".
func (d Diagram) SideKey(key string) string {
	if d.Black {
		return key + ".black"
	}
	return key + ".white"
}

// squareList joins square names with commas.
func squareList(sqs []rules.Square) string {
	names := make([]string, len(sqs))
	for i, s := range sqs {
		names[i] = s.String()
	}
	return strings.Join(names, ", ")
}
