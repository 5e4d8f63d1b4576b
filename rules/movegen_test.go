package rules

import (
	"slices"
	"strings"
	"testing"
)

// legalMoveTests has one case for each clause of docs/RULES.md "Moves", "Check"
// and the lair rule. want is the exact set of legal moves in coordinates;
// absent names the moves the clause forbids, so a failure says which rule
// broke. Diagrams: K king, P pawn, N knight, rank 8 at the top.
var legalMoveTests = []struct {
	name   string
	fen    string
	want   string // every legal move, coordinates, sorted
	absent string // moves the clause forbids
}{
	// The start: eight moves, no two-square step, no castling.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . P P P P P P .
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{
		name:   "start/eight moves",
		fen:    StartFEN,
		want:   "b2b3 c2c3 d2d3 e1d1 e1f1 e2e3 f2f3 g2g3",
		absent: "e2e4 b2b4 e1g1 e1c1",
	},

	// King: one step in each of the eight directions (the knight on h8
	// attacks f7 and g6 only).
	//	8 . . . . . . . N
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . K . . . .
	//	3 . . . . . . . .
	//	2 P . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{
		name: "king/steps in eight directions",
		fen:  "7n/8/8/8/3K4/8/P7/8 w 2 3",
		want: "a2a3 d4c3 d4c4 d4c5 d4d3 d4d5 d4e3 d4e4 d4e5",
	},
	// King: not onto a square the knight attacks (f6 attacks d5 and e4).
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . K . . . .
	//	3 . . . . . . . .
	//	2 P . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{
		name:   "king/not onto attacked squares",
		fen:    "8/8/5n2/8/3K4/8/P7/8 w 2 3",
		want:   "a2a3 d4c3 d4c4 d4c5 d4d3 d4e3 d4e5",
		absent: "d4d5 d4e4",
	},
	// King: not onto its own pawns (c3 d3 e3); the d3 pawn is blocked by
	// the king.
	//	8 . . . . . . . N
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . K . . . .
	//	3 . . P P P . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{
		name:   "king/not onto pawns",
		fen:    "7n/8/8/8/3K4/2PPP3/8/8 w 2 1",
		want:   "c3c4 d4c4 d4c5 d4d5 d4e4 d4e5 e3e4",
		absent: "d4c3 d4d3 d4e3 d3d4",
	},
	// King: captures the knight on e5 (f6 stays empty); c4 and d3 are
	// attacked by the knight.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . N . . .
	//	4 . . . K . . . .
	//	3 . . . . . . . .
	//	2 P . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{
		name:   "king/captures the knight",
		fen:    "8/8/8/4n3/3K4/8/P7/8 w 2 3",
		want:   "a2a3 d4c3 d4c5 d4d5 d4e3 d4e4 d4e5",
		absent: "d4c4 d4d3",
	},

	// Pawn: one step straight forward onto an empty square.
	//	8 . . . . . . . N
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . P . . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{
		name: "pawn/steps one square",
		fen:  "7n/8/8/8/4P3/8/8/K7 w 2 3",
		want: "a1a2 a1b1 a1b2 e4e5",
	},
	// Pawn: no two-square first step.
	//	8 . . . . . . . N
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . . . . P . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{
		name:   "pawn/no double step",
		fen:    "7n/8/8/8/8/8/4P3/K7 w 2 3",
		want:   "a1a2 a1b1 a1b2 e2e3",
		absent: "e2e4",
	},
	// Pawn: never captures straight ahead; the e4 pawn is stuck.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . N . . .
	//	4 . . . . P . . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{
		name:   "pawn/no straight capture",
		fen:    "8/8/8/4n3/4P3/8/8/K7 w 2 3",
		want:   "a1a2 a1b1 a1b2",
		absent: "e4e5",
	},
	// Pawn: captures the knight one step diagonally forward, from either side.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . N . .
	//	4 . . . . P . P .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{
		name: "pawn/captures the knight diagonally",
		fen:  "8/8/8/5n2/4P1P1/8/8/K7 w 2 2",
		want: "a1a2 a1b1 a1b2 e4e5 e4f5 g4f5 g4g5",
	},
	// Pawn: captures only forward; the knight on d3, diagonally behind the
	// e4 pawn, is safe. (A pawn may step onto an attacked square below
	// rank 8: e5 is attacked.)
	//	8 . . . . . . . K
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . P . . .
	//	3 . . . N . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{
		name:   "pawn/no backward capture",
		fen:    "7K/8/8/8/4P3/3n4/8/8 w 2 3",
		want:   "e4e5 h8g7 h8g8 h8h7",
		absent: "e4d3",
	},
	// Pawn: captures nothing but the knight: not its king on d5, not its
	// pawn on f5, not an empty square.
	//	8 . . . . . . . N
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . K . P . .
	//	4 . . . . P . . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{
		name:   "pawn/captures nothing else",
		fen:    "7n/8/8/3K1P2/4P3/8/8/8 w 2 2",
		want:   "d5c4 d5c5 d5c6 d5d4 d5d6 d5e5 d5e6 e4e5 f5f6",
		absent: "e4d5 e4f5 f5e6 f5g6",
	},

	// Rank 8: a pawn may step onto a rank-8 square the knight does not
	// attack (the save; see TestApply for what it does).
	//	8 N . . . . . . .
	//	7 . . . . P . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{
		name: "rank 8/saving step",
		fen:  "n7/4P3/8/8/8/8/PP6/7K w 1 2",
		want: "a2a3 b2b3 e7e8 h1g1 h1g2 h1h2",
	},
	// Rank 8: but not onto one the knight attacks (d6 attacks e8). Below
	// rank 8 an attacked square is fine: e3-e4 is legal.
	//	8 . . . . . . . .
	//	7 . . . . P . . .
	//	6 . . . N . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . P . . .
	//	2 P . . . . . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{
		name:   "rank 8/no step onto an attacked square",
		fen:    "8/4P3/3n4/8/8/4P3/P7/7K w 1 2",
		want:   "a2a3 e3e4 h1g1 h1g2 h1h2",
		absent: "e7e8",
	},
	// Rank 8: capturing the knight on rank 8 is allowed (and saves the pawn).
	//	8 . . . . . N . .
	//	7 . . . . P . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{
		name: "rank 8/capture of the knight on rank 8",
		fen:  "5n2/4P3/8/8/8/8/PP6/7K w 1 2",
		want: "a2a3 b2b3 e7e8 e7f8 h1g1 h1g2 h1h2",
	},
	// Rank 8: the lair rule still applies there: the f6 pawn forbids e7xf8.
	//	8 . . . . . N . .
	//	7 . . . . P . . .
	//	6 . . . . . P . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P . . . . . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{
		name:   "rank 8/lair rule on rank 8",
		fen:    "5n2/4P3/5P2/8/8/8/P7/7K w 1 2",
		want:   "a2a3 e7e8 f6f7 h1g1 h1g2 h1h2",
		absent: "e7f8",
	},

	// Knight: the orthodox knight jump to its eight squares.
	//	8 . . . . . . . K
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . N . . . .
	//	3 . . . . . . . .
	//	2 P . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{
		name: "knight/jumps to eight squares",
		fen:  "7K/8/8/8/3n4/8/P7/8 b 2 3",
		want: "d4b3 d4b5 d4c2 d4c6 d4e2 d4e6 d4f3 d4f5",
	},
	// Knight: jumps over anything.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . P P P . . .
	//	4 . . . N . . . .
	//	3 . . P P P . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{
		name: "knight/jumps over pieces",
		fen:  "8/8/8/2PPP3/3n4/2PPP3/8/7K b 0 0",
		want: "d4b3 d4b5 d4c2 d4c6 d4e2 d4e6 d4f3 d4f5",
	},
	// Knight: lands on a pawn to capture it (d4-e2).
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . N . . . .
	//	3 . . . . . . . .
	//	2 P P . . P . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{
		name: "knight/captures a pawn",
		fen:  "8/8/8/8/3n4/8/PP2P3/7K b 1 2",
		want: "d4b3 d4b5 d4c2 d4c6 d4e2 d4e6 d4f3 d4f5",
	},
	// Knight from the corner: two jumps (Black always has a move).
	//	8 . . . . . . . N
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P . . . . . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{
		name: "knight/two jumps from the corner",
		fen:  "7n/8/8/8/8/8/P7/K7 b 2 3",
		want: "h8f7 h8g6",
	},

	// Flight: with the knight captured, the flight is Black's only move.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{
		name: "flight/the only move",
		fen:  "8/8/8/8/8/8/PP6/K7 b 2 2",
		want: "@f6",
	},

	// Lair: the knight on f6 cannot be captured, neither by the king on g7
	// nor by the pawns on e5 and g5.
	//	8 . . . . . . . .
	//	7 . . . . . . K .
	//	6 . . . . . N . .
	//	5 . . . . P . P .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{
		name:   "lair/knight on f6 cannot be captured",
		fen:    "8/6K1/5n2/4P1P1/8/8/8/8 w 2 2",
		want:   "e5e6 g5g6 g7f7 g7f8 g7g6 g7h6 g7h8",
		absent: "g7f6 e5f6 g5f6",
	},
	// Lair: nothing may capture the knight while a pawn stands on f6:
	// neither the king on c4 nor the e4 pawn may take on d5.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . P . .
	//	5 . . . N . . . .
	//	4 . . K . P . . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{
		name:   "lair/no capture while a pawn stands on f6",
		fen:    "8/8/5P2/3n4/2K1P3/8/8/8 w 2 2",
		want:   "c4b3 c4b5 c4c5 c4d3 c4d4 e4e5 f6f7",
		absent: "c4d5 e4d5",
	},
	// Lair: nor while the king stands on f6: the f4 pawn may not take on g5.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . K . .
	//	5 . . . . . . N .
	//	4 . . . . . P . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{
		name:   "lair/no pawn capture while the king stands on f6",
		fen:    "8/8/5K2/6n1/5P2/8/8/8 w 2 3",
		want:   "f4f5 f6e5 f6e7 f6f5 f6g5 f6g6 f6g7",
		absent: "f4g5",
	},
	// Lair: the king standing on f6 may itself capture: f6xg5 leaves f6
	// empty (same position as above).
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . K . .
	//	5 . . . . . . N .
	//	4 . . . . . P . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{
		name: "lair/king on f6 may capture",
		fen:  "8/8/5K2/6n1/5P2/8/8/8 w 2 3",
		want: "f4f5 f6e5 f6e7 f6f5 f6g5 f6g6 f6g7",
	},
	// Lair: the pawn standing on f6 may itself capture (f6xg7), but the h6
	// pawn may not while the f6 pawn stays.
	//	8 . . . . . . . .
	//	7 . . . . . . N .
	//	6 . . . . . P . P
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{
		name:   "lair/pawn on f6 may capture",
		fen:    "8/6n1/5P1P/8/8/8/8/K7 w 2 2",
		want:   "a1a2 a1b1 a1b2 f6f7 f6g7 h6h7",
		absent: "h6g7",
	},

	// Check: no move that leaves the king attacked. In check from d3, White
	// may only step the king to safety or capture the knight; no pawn step.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . N . . . .
	//	2 . P P P P P P .
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{
		name:   "check/only moves that end the check",
		fen:    "8/8/8/8/8/3n4/1PPPPPP1/4K3 w 0 0",
		want:   "c2d3 e1d1 e1f1 e2d3",
		absent: "b2b3 c2c3 d2d3 e2e3 f2f3 g2g3",
	},
	// Check: in check, saving a pawn is illegal, even the third one.
	//	8 . . . . . . . .
	//	7 . . . . P . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . N .
	//	2 . . . . . . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{
		name:   "check/no saving step in check",
		fen:    "8/4P3/8/8/8/6n1/8/7K w 2 3",
		want:   "h1g1 h1g2 h1h2",
		absent: "e7e8",
	},
	// Check: in check, saving by capturing the knight is legal (e7xf8).
	// The plain step e7-e8 stays illegal.
	//	8 . . . . . N . .
	//	7 . . . . P . . K
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{
		name:   "check/saving capture of the checking knight",
		fen:    "5n2/4P2K/8/8/8/8/8/8 w 2 3",
		want:   "e7f8 h7g7 h7g8 h7h6 h7h8",
		absent: "e7e8 h7g6",
	},
}

func TestLegalMoves(t *testing.T) {
	for _, tt := range legalMoveTests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatalf("ParseFEN(%q) = %v, want nil error", tt.fen, err)
			}
			got := strings.Join(sortedMoves(p.LegalMoves()), " ")
			if got != tt.want {
				t.Errorf("LegalMoves(%q) = %s, want %s", tt.fen, got, tt.want)
			}
			if n := p.CountLegalMoves(); n != len(strings.Fields(tt.want)) {
				t.Errorf("CountLegalMoves(%q) = %d, want %d", tt.fen, n, len(strings.Fields(tt.want)))
			}
			legal := strings.Fields(tt.want)
			for _, name := range strings.Fields(tt.absent) {
				if slices.Contains(legal, name) {
					t.Fatalf("bad test: %s is both wanted and absent", name)
				}
				m := coordMove(t, name)
				if p.IsLegal(m) {
					t.Errorf("IsLegal(%q, %s) = true, want false", tt.fen, name)
				}
			}
			for _, name := range legal {
				if m := coordMove(t, name); !p.IsLegal(m) {
					t.Errorf("IsLegal(%q, %s) = false, want true", tt.fen, name)
				}
			}
		})
	}
}

// coordMove reads a move in coordinates without a position.
func coordMove(t *testing.T, name string) Move {
	t.Helper()
	if name == "@f6" {
		return Flight
	}
	from, err1 := ParseSquare(name[:2])
	to, err2 := ParseSquare(name[2:])
	if err1 != nil || err2 != nil || len(name) != 4 {
		t.Fatalf("bad test move %q", name)
	}
	return Move{from, to}
}

// TestNoLegalMoves: White to move with no legal move, in and out of check.
func TestNoLegalMoves(t *testing.T) {
	for _, tt := range []struct {
		name string
		fen  string
	}{
		// Stalemate: g8 is attacked, the g7 pawn may not step onto it, the
		// h7 pawn is blocked by the king.
		//	8 . . . . . . . K
		//	7 . . . . . . P P
		//	6 . . . . . N . .
		//	5 . . . . . . . .
		//	4 . . . . . . . .
		//	3 . . . . . . . .
		//	2 . . . . . . . .
		//	1 . . . . . . . .
		//	  a b c d e f g h
		{"stalemate", "7K/6PP/5n2/8/8/8/8/8 w 2 2"},
		// Checkmate: the knight on g3 checks h5; pawns fill every flight
		// square, and none can capture g3.
		//	8 . . . . . . . .
		//	7 . . . . . . . .
		//	6 . . . . . . P P
		//	5 . . . . . . P K
		//	4 . . . . . . P P
		//	3 . . . . . . N .
		//	2 . . . . . . . .
		//	1 . . . . . . . .
		//	  a b c d e f g h
		{"checkmate", "8/8/6PP/6PK/6PP/6n1/8/8 w 0 1"},
		// Checkmate on the lair: no pawn may take on f6.
		//	8 . . . . . . . .
		//	7 . . . . . . . .
		//	6 . . . . . N P P
		//	5 . . . . . . P K
		//	4 . . . . . . . P
		//	3 . . . . . . . .
		//	2 . . . . . . . .
		//	1 . . . . . . . .
		//	  a b c d e f g h
		{"checkmate from the lair", "8/8/5nPP/6PK/7P/8/8/8 w 1 1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			if got := p.LegalMoves(); len(got) != 0 {
				t.Errorf("LegalMoves(%q) = %v, want none", tt.fen, got)
			}
		})
	}
}

func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q) = %v, want nil error", fen, err)
	}
	return p
}
