package rules

import "testing"

// applyTests: what each kind of move does to the position.
var applyTests = []struct {
	name string
	fen  string
	move string // coordinates
	want string // FEN after the move
}{
	// The start position (diagram in movegen_test.go).
	{"king step", StartFEN, "e1d1", "8/8/5n2/8/8/8/1PPPPPP1/3K4 b 0 0"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . N . . .
	//	4 . . . K . . . .
	//	3 . . . . . . . .
	//	2 P . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{"king captures the knight: flight pending", "8/8/8/4n3/3K4/8/P7/8 w 2 3", "d4e5", "8/8/8/4K3/8/8/P7/8 b 2 3"},
	// The start position (diagram in movegen_test.go).
	{"pawn step", StartFEN, "e2e3", "8/8/5n2/8/8/4P3/1PPP1PP1/4K3 b 0 0"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . N . .
	//	4 . . . . P . P .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{"pawn captures the knight: flight pending", "8/8/8/5n2/4P1P1/8/8/K7 w 2 2", "e4f5", "8/8/8/5P2/6P1/8/8/K7 b 2 2"},
	// The pawn leaves the board at once and saved grows by one.
	//	8 N . . . . . . .
	//	7 . . . . P . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{"saving step: the pawn leaves, saved+1", "n7/4P3/8/8/8/8/PP6/7K w 1 2", "e7e8", "n7/8/8/8/8/8/PP6/7K b 2 2"},
	// Capturing the knight on rank 8 saves the pawn too; the flight follows.
	//	8 . . . . . N . .
	//	7 . . . . P . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{"capture on rank 8: saved+1, flight pending", "5n2/4P3/8/8/8/8/PP6/7K w 1 2", "e7f8", "8/8/8/8/8/8/PP6/7K b 2 2"},
	//	8 . . . . . . . K
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . N . . . .
	//	3 . . . . . . . .
	//	2 P . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{"knight jump", "7K/8/8/8/3n4/8/P7/8 b 2 3", "d4c6", "7K/8/2n5/8/8/8/P7/8 w 2 3"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . N . . . .
	//	3 . . . . . . . .
	//	2 P P . . P . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{"knight captures a pawn: taken+1", "8/8/8/8/3n4/8/PP2P3/7K b 1 2", "d4e2", "8/8/8/8/8/8/PP2n3/7K w 1 3"},
	// The flight puts the knight on f6; White moves next.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{"flight lands on f6", "8/8/8/8/8/8/PP6/K7 b 2 2", "@f6", "8/8/5n2/8/8/8/PP6/K7 w 2 2"},
}

func TestApply(t *testing.T) {
	for _, tt := range applyTests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			m := coordMove(t, tt.move)
			if !p.IsLegal(m) {
				t.Fatalf("IsLegal(%q, %s) = false, want true", tt.fen, tt.move)
			}
			if got := p.Apply(m).String(); got != tt.want {
				t.Errorf("Apply(%q, %s) = %q, want %q", tt.fen, tt.move, got, tt.want)
			}
		})
	}
}

func TestMoveString(t *testing.T) {
	for _, tt := range []struct {
		m    Move
		want string
	}{
		{Move{sq("e2"), sq("e3")}, "e2e3"},
		{Move{sq("e5"), sq("f6")}, "e5f6"},
		{Move{sq("f6"), sq("e4")}, "f6e4"},
		{Flight, "@f6"},
	} {
		if got := tt.m.String(); got != tt.want {
			t.Errorf("Move{%d, %d}.String() = %q, want %q", tt.m.From, tt.m.To, got, tt.want)
		}
	}
}

func sq(name string) Square {
	s, err := ParseSquare(name)
	if err != nil {
		panic(err)
	}
	return s
}

// TestFlight: the flight is Black's whole move, forced, counted as a ply, and
// it may give check or mate.
func TestFlight(t *testing.T) {
	for _, tt := range []struct {
		name       string
		fen        string // flight pending
		wantCheck  bool
		wantStatus Status
		wantPerft2 uint64 // the flight, then White's replies
	}{
		// White replies: Kb1, a3, b3.
		//	8 . . . . . . . .
		//	7 . . . . . . . .
		//	6 . . . . . . . .
		//	5 . . . . . . . .
		//	4 . . . . . . . .
		//	3 . . . . . . . .
		//	2 P P . . . . . .
		//	1 K . . . . . . .
		//	  a b c d e f g h
		{"quiet flight", "8/8/8/8/8/8/PP6/K7 b 2 2", false, InPlay, 3},
		// The knight lands on f6 and checks e4: White has the seven king
		// steps other than d5, which f6 attacks; no pawn step in check.
		//	8 . . . . . . . .
		//	7 . . . . . . . .
		//	6 . . . . . . . .
		//	5 . . . . . . . .
		//	4 . . . . K . . .
		//	3 . . . . . . . .
		//	2 P P . . . . . .
		//	1 . . . . . . . .
		//	  a b c d e f g h
		{"flight gives check", "8/8/8/8/4K3/8/PP6/8 b 2 2", true, InPlay, 7},
		// The knight lands on f6 and mates h5: g5xf6 is barred by the lair
		// rule.
		//	8 . . . . . . . .
		//	7 . . . . . . . .
		//	6 . . . . . . P P
		//	5 . . . . . . P K
		//	4 . . . . . . . P
		//	3 . . . . . . . .
		//	2 . . . . . . . .
		//	1 . . . . . . . .
		//	  a b c d e f g h
		{"flight mates", "8/8/6PP/6PK/7P/8/8/8 b 1 1", true, Checkmate, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			if got := p.LegalMoves(); len(got) != 1 || got[0] != Flight {
				t.Fatalf("LegalMoves(%q) = %v, want [@f6]", tt.fen, got)
			}
			after := p.Apply(Flight)
			if after.Knight != Lair || after.Side != White {
				t.Errorf("Apply(%q, @f6) = %v, want the knight on f6 and White to move", tt.fen, after)
			}
			if got := after.InCheck(); got != tt.wantCheck {
				t.Errorf("Apply(%q, @f6).InCheck() = %v, want %v", tt.fen, got, tt.wantCheck)
			}
			if got := after.Status(); got != tt.wantStatus {
				t.Errorf("Apply(%q, @f6).Status() = %v, want %v", tt.fen, got, tt.wantStatus)
			}
			if got := Perft(p, 1); got != 1 {
				t.Errorf("Perft(%q, 1) = %d, want 1 (the flight is a ply)", tt.fen, got)
			}
			if got := Perft(p, 2); got != tt.wantPerft2 {
				t.Errorf("Perft(%q, 2) = %d, want %d", tt.fen, got, tt.wantPerft2)
			}
		})
	}
}

func TestIsCaptureIsSave(t *testing.T) {
	for _, tt := range []struct {
		fen                   string
		move                  string
		wantCapture, wantSave bool
	}{
		{StartFEN, "e2e3", false, false},
		{"8/8/8/5n2/4P1P1/8/8/K7 w 2 2", "e4f5", true, false},
		{"8/8/8/4n3/3K4/8/P7/8 w 2 3", "d4e5", true, false},
		{"n7/4P3/8/8/8/8/PP6/7K w 1 2", "e7e8", false, true},
		{"5n2/4P3/8/8/8/8/PP6/7K w 1 2", "e7f8", true, true},
		{"8/8/8/8/3n4/8/PP2P3/7K b 1 2", "d4e2", true, false},
		{"8/8/8/8/3n4/8/PP2P3/7K b 1 2", "d4c6", false, false},
		{"8/8/8/8/8/8/PP6/K7 b 2 2", "@f6", false, false},
	} {
		p := mustFEN(t, tt.fen)
		m := coordMove(t, tt.move)
		if got := p.IsCapture(m); got != tt.wantCapture {
			t.Errorf("IsCapture(%q, %s) = %v, want %v", tt.fen, tt.move, got, tt.wantCapture)
		}
		if got := p.IsSave(m); got != tt.wantSave {
			t.Errorf("IsSave(%q, %s) = %v, want %v", tt.fen, tt.move, got, tt.wantSave)
		}
	}
}
