package rules

// A second move generator, deliberately slow and plain: an array board, loops
// over directions, and every rule of docs/RULES.md written out as it reads. It
// shares nothing with movegen.go but the Position and Move types it is
// compared through. The differential tests hold the fast generator to it.

// slowPiece is what stands on a square of a slowBoard.
type slowPiece uint8

const (
	slowEmpty slowPiece = iota
	slowKing
	slowPawn
	slowKnight
)

// slowBoard is a position on an array of 64 squares, a1 = 0 ... h8 = 63.
type slowBoard struct {
	sq          [64]slowPiece
	whiteToMove bool
	knightAway  bool // the knight was captured and its flight is pending
	saved       int
	taken       int
}

const slowLair = 5*8 + 5 // f6

var (
	slowKnightJumps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	slowKingSteps   = [8][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}
)

func slowOnBoard(file, rank int) bool { return file >= 0 && file < 8 && rank >= 0 && rank < 8 }

func slowFromPosition(p Position) slowBoard {
	var b slowBoard
	for s := 0; s < 64; s++ {
		if p.Pawns&(1<<uint(s)) != 0 {
			b.sq[s] = slowPawn
		}
	}
	b.sq[p.King] = slowKing
	if p.Knight == NoSquare {
		b.knightAway = true
	} else {
		b.sq[p.Knight] = slowKnight
	}
	b.whiteToMove = p.Side == White
	b.saved, b.taken = int(p.Saved), int(p.Taken)
	return b
}

func (b slowBoard) position() Position {
	p := Position{King: NoSquare, Knight: NoSquare, Side: Black, Saved: uint8(b.saved), Taken: uint8(b.taken)}
	if b.whiteToMove {
		p.Side = White
	}
	for s := 0; s < 64; s++ {
		switch b.sq[s] {
		case slowKing:
			p.King = Square(s)
		case slowPawn:
			p.Pawns |= 1 << uint(s)
		case slowKnight:
			p.Knight = Square(s)
		}
	}
	return p
}

// find returns the square holding pc, or -1.
func (b *slowBoard) find(pc slowPiece) int {
	for s := 0; s < 64; s++ {
		if b.sq[s] == pc {
			return s
		}
	}
	return -1
}

// knightAttacks reports whether the knight, if on the board, attacks s.
func (b *slowBoard) knightAttacks(s int) bool {
	n := b.find(slowKnight)
	if n < 0 {
		return false
	}
	for _, j := range slowKnightJumps {
		f, r := n%8+j[0], n/8+j[1]
		if slowOnBoard(f, r) && r*8+f == s {
			return true
		}
	}
	return false
}

func (b *slowBoard) inCheck() bool { return b.knightAttacks(b.find(slowKing)) }

func (b *slowBoard) over() bool { return b.saved >= 3 || b.taken >= 4 }

// apply plays m, assumed legal, and returns the new board.
func (b slowBoard) apply(m Move) slowBoard {
	if b.whiteToMove {
		from, to := int(m.From), int(m.To)
		piece := b.sq[from]
		if b.sq[to] == slowKnight {
			b.knightAway = true
		}
		b.sq[from] = slowEmpty
		b.sq[to] = piece
		if piece == slowPawn && to/8 == 7 {
			b.sq[to] = slowEmpty // saved: it leaves the board at once
			b.saved++
		}
	} else if m.From == NoSquare {
		b.sq[slowLair] = slowKnight
		b.knightAway = false
	} else {
		if b.sq[m.To] == slowPawn {
			b.taken++
		}
		b.sq[m.From] = slowEmpty
		b.sq[m.To] = slowKnight
	}
	b.whiteToMove = !b.whiteToMove
	return b
}

// moves returns the legal moves of the side to move.
func (b slowBoard) moves() []Move {
	var out []Move
	if b.over() {
		return out
	}
	if !b.whiteToMove {
		if b.knightAway {
			return append(out, Move{NoSquare, slowLair})
		}
		n := b.find(slowKnight)
		for _, j := range slowKnightJumps {
			f, r := n%8+j[0], n/8+j[1]
			if slowOnBoard(f, r) && b.sq[r*8+f] != slowKing {
				out = append(out, Move{Square(n), Square(r*8 + f)})
			}
		}
		return out
	}
	// White: first every move the pieces can make, then the filters.
	var candidates []Move
	for s := 0; s < 64; s++ {
		f, r := s%8, s/8
		switch b.sq[s] {
		case slowKing:
			for _, d := range slowKingSteps {
				tf, tr := f+d[0], r+d[1]
				if slowOnBoard(tf, tr) && b.sq[tr*8+tf] != slowPawn {
					candidates = append(candidates, Move{Square(s), Square(tr*8 + tf)})
				}
			}
		case slowPawn:
			if slowOnBoard(f, r+1) && b.sq[(r+1)*8+f] == slowEmpty {
				candidates = append(candidates, Move{Square(s), Square((r+1)*8 + f)})
			}
			for _, df := range []int{-1, 1} {
				if slowOnBoard(f+df, r+1) && b.sq[(r+1)*8+f+df] == slowKnight {
					candidates = append(candidates, Move{Square(s), Square((r+1)*8 + f + df)})
				}
			}
		}
	}
	for _, m := range candidates {
		captures := b.sq[m.To] == slowKnight
		// A pawn may not step onto a rank-8 square the knight attacks.
		if b.sq[m.From] == slowPawn && !captures && int(m.To)/8 == 7 && b.knightAttacks(int(m.To)) {
			continue
		}
		after := b.apply(m)
		// Lair rule: a capture of the knight must leave f6 empty.
		if captures && after.sq[slowLair] != slowEmpty {
			continue
		}
		// No move after which the king is attacked.
		if after.inCheck() {
			continue
		}
		out = append(out, m)
	}
	return out
}

func (b slowBoard) status() Status {
	switch {
	case b.saved >= 3:
		return ThreeSaved
	case b.taken >= 4:
		return FourTaken
	case !b.whiteToMove || len(b.moves()) > 0:
		return InPlay
	case b.inCheck():
		return Checkmate
	}
	return Stalemate
}

func slowPerft(b slowBoard, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range b.moves() {
		n += slowPerft(b.apply(m), depth-1)
	}
	return n
}
