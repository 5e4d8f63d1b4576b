package rules

// whiteTargets returns White's legal destinations, split by kind: king
// destinations, the destinations of pawn steps (a step goes from to-8), and
// the pawns that may capture the knight. It does not look at the game's end.
func (p *Position) whiteTargets() (king, steps, capturers Bitboard) {
	attacked := KnightAttacks(p.Knight)
	// Lair rule: a capture must leave f6 empty. The capturer ends on the
	// knight's square, so the knight on f6 is safe; any other piece left
	// on f6 (a pawn, or the king when a pawn captures) forbids the capture.
	king = KingAttacks(p.King) &^ p.Pawns &^ attacked
	if p.Knight == Lair || p.Pawns.Has(Lair) {
		king &^= p.Knight.Bit()
	}
	if p.Knight != Lair && p.King != Lair {
		capturers = PawnAttackers(p.Knight) & p.Pawns
		if p.Pawns.Has(Lair) {
			capturers &= Lair.Bit()
		}
	}
	if attacked.Has(p.King) {
		return king, 0, capturers
	}
	steps = (p.Pawns << 8) &^ p.Occupied() &^ (Rank8 & attacked)
	return king, steps, capturers
}

// gameOverByCount reports whether three pawns are saved or four taken.
func (p *Position) gameOverByCount() bool {
	return p.Saved >= SavesToWin || p.Taken >= TakesToWin
}

// AppendLegalMoves appends the legal moves of the side to move to dst and
// returns the extended slice. A finished game has no legal moves. With a dst
// of capacity MaxMoves it allocates nothing.
func (p *Position) AppendLegalMoves(dst []Move) []Move {
	if p.gameOverByCount() {
		return dst
	}
	if p.Side == Black {
		if p.FlightPending() {
			return append(dst, Flight)
		}
		for b := KnightAttacks(p.Knight) &^ p.King.Bit(); b != 0; b &= b - 1 {
			dst = append(dst, Move{p.Knight, b.First()})
		}
		return dst
	}
	king, steps, capturers := p.whiteTargets()
	for ; king != 0; king &= king - 1 {
		dst = append(dst, Move{p.King, king.First()})
	}
	for ; steps != 0; steps &= steps - 1 {
		to := steps.First()
		dst = append(dst, Move{to - 8, to})
	}
	for ; capturers != 0; capturers &= capturers - 1 {
		dst = append(dst, Move{capturers.First(), p.Knight})
	}
	return dst
}

// LegalMoves returns the legal moves of the side to move.
func (p Position) LegalMoves() []Move {
	return p.AppendLegalMoves(make([]Move, 0, MaxMoves))
}

// CountLegalMoves returns the number of legal moves of the side to move,
// without listing them.
func (p *Position) CountLegalMoves() int {
	if p.gameOverByCount() {
		return 0
	}
	if p.Side == Black {
		if p.FlightPending() {
			return 1
		}
		return (KnightAttacks(p.Knight) &^ p.King.Bit()).Count()
	}
	king, steps, capturers := p.whiteTargets()
	return king.Count() + steps.Count() + capturers.Count()
}

// IsLegal reports whether m is a legal move in p.
func (p Position) IsLegal(m Move) bool {
	var buf [MaxMoves]Move
	for _, legal := range p.AppendLegalMoves(buf[:0]) {
		if legal == m {
			return true
		}
	}
	return false
}
