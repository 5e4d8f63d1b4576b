package rules

import (
	"errors"
	"fmt"
	"strings"
)

// ErrIllegalMove is wrapped by ParseMove's error for a well-formed move that
// is not legal in the position, and ErrBadMove for text that is not a move.
var (
	ErrIllegalMove = errors.New("illegal move")
	ErrBadMove     = errors.New("not a move")
)

// SAN returns m, a legal move of p, in standard algebraic notation: "e3",
// "exf5", "e8", "Kd2", "Kxf5", "Nd5", "Nxe4", or "N@f6" for the flight. A Black
// move that leaves the king attacked ends in "+", or "#" when it mates.
func (p Position) SAN(m Move) string {
	var b strings.Builder
	switch {
	case m.IsFlight():
		b.WriteString("N@")
	case p.Side == Black:
		b.WriteByte('N')
	case m.From == p.King:
		b.WriteByte('K')
	case p.IsCapture(m):
		b.WriteByte(byte('a' + m.From.File()))
	}
	if p.IsCapture(m) {
		b.WriteByte('x')
	}
	b.WriteString(m.To.String())
	if p.Side == Black {
		b.WriteString(checkSign(p.Apply(m)))
	}
	return b.String()
}

// checkSign returns the sign a Black move earns in the position after it.
func checkSign(after Position) string {
	if !after.InCheck() {
		return ""
	}
	if after.Status() == Checkmate {
		return "#"
	}
	return "+"
}

// ParseMove reads a move of the side to move in SAN ("Kd2", "exf5", "N@f6")
// or coordinates ("e1d2", "e4f5", "@f6"). One trailing "+" or "#" is
// accepted and ignored. The error wraps ErrBadMove or ErrIllegalMove.
func ParseMove(p Position, text string) (Move, error) {
	s := text
	if strings.HasSuffix(s, "+") || strings.HasSuffix(s, "#") {
		s = s[:len(s)-1]
	}
	if !wellFormed(s) {
		return Move{}, fmt.Errorf("rules: move %q: %w: want SAN like \"Kd2\", \"exf5\", \"N@f6\" or coordinates like \"e2e3\"", text, ErrBadMove)
	}
	var buf [MaxMoves]Move
	moves := p.AppendLegalMoves(buf[:0])
	for _, m := range moves {
		if s == m.String() || s == strings.TrimRight(p.SAN(m), "+#") {
			return m, nil
		}
	}
	return Move{}, fmt.Errorf("rules: move %q: %w here (legal: %s)", text, ErrIllegalMove, p.SANList(moves))
}

// SANList writes moves, each a legal move of p, in SAN separated by
// commas, or "none" when there are none.
func (p Position) SANList(moves []Move) string {
	if len(moves) == 0 {
		return "none"
	}
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = p.SAN(m)
	}
	return strings.Join(names, ", ")
}

// wellFormed reports whether s has the shape of a move in SAN or
// coordinates, whether or not it is legal anywhere.
func wellFormed(s string) bool {
	square := func(t string) bool { _, err := ParseSquare(t); return err == nil }
	switch {
	case len(s) == 2:
		return square(s)
	case len(s) == 3 && (s[0] == 'K' || s[0] == 'N' || s[0] == '@'):
		return square(s[1:])
	case len(s) == 4 && (s[:2] == "Kx" || s[:2] == "Nx" || s[:2] == "N@"):
		return square(s[2:])
	case len(s) == 4 && s[1] == 'x':
		return s[0] >= 'a' && s[0] <= 'h' && square(s[2:])
	case len(s) == 4:
		return square(s[:2]) && square(s[2:])
	}
	return false
}

// NumberedLine writes moves, played from p, in SAN with move numbers:
// "1. Kd3 Nf4 2. e5", or "1... Nf4 2. Kd3" when Black moves first. It stops
// after max plies, ending with " ..." (after the next number when White
// would move: "2. ..."). A move that is not legal where it stands is
// written in coordinates with a question mark, and the line stops there.
func (p Position) NumberedLine(moves []Move, max int) string {
	var b strings.Builder
	n := 1
	for i, m := range moves {
		if i == max {
			if p.Side == White {
				fmt.Fprintf(&b, " %d.", n)
			}
			b.WriteString(" ...")
			break
		}
		switch {
		case p.Side == White:
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%d. ", n)
		case i == 0:
			fmt.Fprintf(&b, "%d... ", n)
		default:
			b.WriteByte(' ')
		}
		if !p.IsLegal(m) {
			b.WriteString(m.String() + "?")
			break
		}
		b.WriteString(p.SAN(m))
		if p.Side == Black {
			n++
		}
		p = p.Apply(m)
	}
	return b.String()
}
