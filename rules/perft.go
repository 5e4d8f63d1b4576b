package rules

// Perft returns the number of legal move sequences of exactly depth plies
// from p (the flight is a ply; a finished game has no moves). Perft(p, 0) is 1.
func Perft(p Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.CountLegalMoves())
	}
	var buf [MaxMoves]Move
	var n uint64
	if depth == 2 {
		// Fast path: count the replies without a call per move.
		for _, m := range p.AppendLegalMoves(buf[:0]) {
			after := p.Apply(m)
			n += uint64(after.CountLegalMoves())
		}
		return n
	}
	for _, m := range p.AppendLegalMoves(buf[:0]) {
		n += Perft(p.Apply(m), depth-1)
	}
	return n
}

// DivideEntry is one root move with the perft count below it.
type DivideEntry struct {
	Move  Move
	Count uint64
}

// PerftDivide returns, for each legal move of p in generation order, the
// perft count of depth-1 plies after it. The counts add up to Perft(p, depth).
func PerftDivide(p Position, depth int) []DivideEntry {
	if depth <= 0 {
		return nil
	}
	var out []DivideEntry
	for _, m := range p.LegalMoves() {
		out = append(out, DivideEntry{m, Perft(p.Apply(m), depth-1)})
	}
	return out
}
