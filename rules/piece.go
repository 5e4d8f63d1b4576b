package rules

// Piece is what stands on a square.
type Piece uint8

// The pieces of Nostromo.
const (
	NoPiece Piece = iota
	King          // the white king
	Pawn          // a white pawn
	Knight        // the black knight
)

// String returns the piece's name: "king", "pawn", "knight", or "none".
func (pc Piece) String() string {
	return [...]string{"none", "king", "pawn", "knight"}[pc]
}

// Letter returns the piece's FEN letter: 'K', 'P', 'n', or 0 for NoPiece.
func (pc Piece) Letter() byte {
	return [...]byte{0, 'K', 'P', 'n'}[pc]
}

// PieceAt returns the piece standing on s.
func (p Position) PieceAt(s Square) Piece {
	switch {
	case s == p.King:
		return King
	case s == p.Knight && s.Valid():
		return Knight
	case p.Pawns.Has(s):
		return Pawn
	}
	return NoPiece
}
