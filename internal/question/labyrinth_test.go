package question

import (
	"math/rand/v2"
	"testing"

	"nostromo-lessons/rules"
)

func TestGuardedSquares(t *testing.T) {
	none := rules.NoSquare
	tests := []struct {
		name  string
		board Board
		piece rules.Piece
		want  rules.Bitboard
	}{
		{"king's steps, not its lair", Board{King: sq(t, "e5"), Knight: none}, rules.Knight,
			squares(t, "d4", "d5", "d6", "e4", "e6", "f4", "f5")},
		{"pawn's captures, not the lair", Board{King: none, Knight: none, Pawns: squares(t, "e5")}, rules.Knight,
			squares(t, "d6")},
		{"a pawn on the lair captures alone", Board{King: sq(t, "c3"), Knight: none, Pawns: squares(t, "f6", "b5")}, rules.Knight,
			squares(t, "e7", "g7")},
		{"the king on the lair captures alone", Board{King: sq(t, "f6"), Knight: none, Pawns: squares(t, "d3")}, rules.Knight,
			squares(t, "e5", "e6", "e7", "f5", "f7", "g5", "g6", "g7")},
		{"a capture on rank 8", Board{King: none, Knight: none, Pawns: squares(t, "g7")}, rules.Knight,
			squares(t, "f8", "h8")},
		{"not onto a pawn", Board{King: sq(t, "b2"), Knight: none, Pawns: squares(t, "b3", "a2")}, rules.Knight,
			squares(t, "a1", "a3", "a4", "b1", "c1", "c2", "c3", "c4")},
		{"the king avoids the knight's jumps, f6 too", Board{King: sq(t, "e4"), Knight: sq(t, "g8")}, rules.King,
			squares(t, "e7", "f6", "h6")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := GuardedSquares(tt.board, tt.piece); got != tt.want {
				t.Errorf("GuardedSquares(%+v, %v) = %v, want %v", tt.board, tt.piece, got.Squares(), tt.want.Squares())
			}
		})
	}
}

// plainGuarded reads docs/RULES.md's lair rule directly: a white piece captures
// the knight on a square it attacks (not its own, not a pawn's) only if f6
// is empty once the capture is made.
func plainGuarded(b Board) rules.Bitboard {
	var g rules.Bitboard
	for s := rules.Square(0); s < 64; s++ {
		if b.Pawns.Has(s) || s == b.King {
			continue
		}
		capturers := rules.PawnAttackers(s) & b.Pawns
		if b.King != rules.NoSquare && rules.KingAttacks(b.King).Has(s) {
			capturers |= b.King.Bit()
		}
		for _, from := range capturers.Squares() {
			lairForbids := s == rules.Lair || (from != rules.Lair && (b.Pawns | b.King.Bit()).Has(rules.Lair))
			if !lairForbids {
				g |= s.Bit()
			}
		}
	}
	return g
}

// TestGuardedSquaresPlain compares the engine's captures with a plain
// reading of the lair rule on random boards.
func TestGuardedSquaresPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 0))
	for range 5000 {
		b := Board{King: rules.Square(r.IntN(65)), Knight: rules.NoSquare}
		for range r.IntN(7) {
			if s := rules.Square(8 + r.IntN(48)); s != b.King {
				b.Pawns |= s.Bit()
			}
		}
		if r.IntN(3) == 0 && b.King != rules.Lair {
			b.Pawns |= rules.Lair.Bit()
		}
		if got, want := GuardedSquares(b, rules.Knight), plainGuarded(b); got != want {
			t.Fatalf("GuardedSquares(%+v, knight) = %v, want %v", b, got.Squares(), want.Squares())
		}
	}
}

func TestLabyrinthThroughTheLair(t *testing.T) {
	// The king on e5 steps to f6, but the lair rule forbids it to capture
	// the knight there: the knight may land on f6, or pass through it.
	board := Board{King: sq(t, "e5"), Knight: sq(t, "d7")}
	tests := []struct {
		name string
		q    *Labyrinth
	}{
		{"onto the lair", &Labyrinth{Board: board, Piece: rules.Knight, From: sq(t, "d7"), To: rules.Lair, Guarded: true, Unique: true, Answer: 1}},
		{"through the lair", &Labyrinth{Board: board, Piece: rules.Knight, From: sq(t, "d7"), To: sq(t, "h5"), Guarded: true, Unique: true,
			Path: []rules.Square{rules.Lair, sq(t, "h5")}, Answer: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := problems(tt.q, nil); got != nil {
				t.Errorf("Check = %q, want no problem", got)
			}
		})
	}
}
