package rules

import (
	"fmt"
	"strings"
)

// Diagram draws p as text for a terminal: rank 8 at the top, the pieces
// in the letters of FEN (K for the king, P for pawns, n for the knight,
// lower case as Black's), "." for an empty square and "*" for the empty
// lair f6, followed by the side to move and the counters.
func Diagram(p Position) string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		fmt.Fprintf(&b, "%d ", rank+1)
		for file := 0; file < 8; file++ {
			s := NewSquare(file, rank)
			c := map[Piece]string{King: "K", Pawn: "P", Knight: "n", NoPiece: "."}[p.PieceAt(s)]
			if c == "." && s == Lair {
				c = "*"
			}
			b.WriteString(" " + c)
		}
		b.WriteByte('\n')
	}
	b.WriteString("   a b c d e f g h\n\n")
	fmt.Fprintf(&b, "%s to move", upper(p.Side.String()))
	if p.FlightPending() {
		b.WriteString(" (the knight's flight to f6)")
	}
	if p.InCheck() {
		b.WriteString(", in check")
	}
	fmt.Fprintf(&b, ". Saved: %d of %d. Caught: %d of %d.\n", p.Saved, SavesToWin, p.Taken, TakesToWin)
	if st := p.Status(); st.Over() {
		fmt.Fprintf(&b, "Game over: %s (%s).\n", st, st.Result())
	}
	fmt.Fprintf(&b, "FEN: %s\n", p)
	return b.String()
}

func upper(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
