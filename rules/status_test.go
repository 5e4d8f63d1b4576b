package rules

import "testing"

// statusTests: every end of the game of docs/RULES.md, checked in its order, each
// reached by the move that ends the game.
var statusTests = []struct {
	name       string
	fen        string
	move       string // coordinates; "" for the position itself
	wantStatus Status
	wantResult Result
}{
	// The start position (diagram in movegen_test.go).
	{"start: in play", StartFEN, "", InPlay, NoResult},
	{"black to move: in play", "8/8/5n2/8/8/4P3/1PPP1PP1/4K3 b 0 0", "", InPlay, NoResult},
	// In check but with moves: in play.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . N . . . .
	//	2 . P P P P P P .
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{"check: in play", "8/8/8/8/8/3n4/1PPPPPP1/4K3 w 0 0", "", InPlay, NoResult},

	// 1. The third saved pawn wins at once.
	//	8 N . . . . . . .
	//	7 . . . . P . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P . . . . . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{"1. three saved: white wins", "n7/4P3/8/8/8/8/P7/7K w 2 2", "e7e8", ThreeSaved, WhiteWins},
	// 1. Also when the saving move captured the knight: no flight follows.
	// Here White was in check, and e7xf8 is its only saving move.
	//	8 . . . . . N . .
	//	7 . . . . P . . K
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{"1. three saved by capturing the knight: no flight", "5n2/4P2K/8/8/8/8/8/8 w 2 3", "e7f8", ThreeSaved, WhiteWins},

	// 2. The fourth taken pawn wins at once, even with check: not a mate,
	// though White has no legal move in the finished game.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . N . . . .
	//	3 . . . . . . . .
	//	2 P . . . P . . .
	//	1 . . . . . . K .
	//	  a b c d e f g h
	{"2. four taken: black wins", "8/8/8/8/3n4/8/P3P3/6K1 b 1 3", "d4e2", FourTaken, BlackWins},

	// 3. Checkmate: Ng3, and every square around h5 holds a pawn.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . P P
	//	5 . . . . . . P K
	//	4 . . . . . . P P
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . N
	//	  a b c d e f g h
	{"3. checkmate: black wins", "8/8/6PP/6PK/6PP/8/8/7n b 0 1", "h1g3", Checkmate, BlackWins},
	// 3. Checkmate by the flight.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . P P
	//	5 . . . . . . P K
	//	4 . . . . . . . P
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{"3. checkmate by the flight", "8/8/6PP/6PK/7P/8/8/8 b 1 1", "@f6", Checkmate, BlackWins},

	// 4. Stalemate: Nf6 takes g8 from the king and from the g7 pawn; h7 is
	// blocked by the king.
	//	8 . . . . . . . K
	//	7 . . . . . . P P
	//	6 . . . . . . . .
	//	5 . . . N . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{"4. stalemate: draw", "7K/6PP/8/3n4/8/8/8/8 b 2 2", "d5f6", Stalemate, Draw},
}

func TestStatus(t *testing.T) {
	for _, tt := range statusTests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			if tt.move != "" {
				m := coordMove(t, tt.move)
				if !p.IsLegal(m) {
					t.Fatalf("IsLegal(%q, %s) = false, want true", tt.fen, tt.move)
				}
				p = p.Apply(m)
			}
			if got := p.Status(); got != tt.wantStatus {
				t.Errorf("Status(%v) = %v, want %v", p, got, tt.wantStatus)
			}
			if got := p.Status().Result(); got != tt.wantResult {
				t.Errorf("Status(%v).Result() = %v, want %v", p, got, tt.wantResult)
			}
			if got := p.Status().Over(); got != (tt.wantStatus != InPlay) {
				t.Errorf("Status(%v).Over() = %v, want %v", p, got, !got)
			}
			if tt.wantStatus == InPlay {
				return
			}
			// A finished game has no legal moves: no flight, no reply.
			if got := p.LegalMoves(); len(got) != 0 {
				t.Errorf("LegalMoves(%v) = %v, want none (game over)", p, got)
			}
			if got := Perft(p, 1); got != 0 {
				t.Errorf("Perft(%v, 1) = %d, want 0 (game over)", p, got)
			}
		})
	}
}

// TestStatusOrder: when the counters say the game is over, they win over
// whatever the board shows, in the order of docs/RULES.md.
func TestStatusOrder(t *testing.T) {
	mate := mustFEN(t, "8/8/6PP/6PK/6PP/6n1/8/8 w 0 1")
	for _, tt := range []struct {
		name string
		p    Position
		want Status
	}{
		{"saved 3 before taken 4", Position{Pawns: 0, King: sq("a1"), Knight: sq("h8"), Side: White, Saved: 3, Taken: 4}, ThreeSaved},
		{"saved 3 before checkmate", func() Position { p := mate; p.Saved = 3; return p }(), ThreeSaved},
		{"taken 4 before checkmate", func() Position { p := mate; p.Taken = 4; return p }(), FourTaken},
		{"checkmate", mate, Checkmate},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.p.Status(); got != tt.want {
				t.Errorf("Status(%v) = %v, want %v", tt.p, got, tt.want)
			}
		})
	}
}
