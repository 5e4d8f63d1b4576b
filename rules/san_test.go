package rules

import (
	"errors"
	"strings"
	"testing"
)

// sanTests: every SAN form of docs/RULES.md "Moves", with the coordinates.
var sanTests = []struct {
	name  string
	fen   string
	coord string
	san   string
}{
	// The start position (diagram in movegen_test.go).
	{"pawn step", StartFEN, "e2e3", "e3"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . N . .
	//	4 . . . . P . P .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{"pawn capture", "8/8/8/5n2/4P1P1/8/8/K7 w 2 2", "e4f5", "exf5"},
	{"pawn capture from the other side", "8/8/8/5n2/4P1P1/8/8/K7 w 2 2", "g4f5", "gxf5"},
	//	8 N . . . . . . .
	//	7 . . . . P . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{"saving step", "n7/4P3/8/8/8/8/PP6/7K w 1 2", "e7e8", "e8"},
	//	8 . . . . . N . .
	//	7 . . . . P . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{"saving capture", "5n2/4P3/8/8/8/8/PP6/7K w 1 2", "e7f8", "exf8"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . P . . . .
	//	2 . P P . P P P .
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{"king step", "8/8/5n2/8/8/3P4/1PP1PPP1/4K3 w 0 0", "e1d2", "Kd2"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . N . .
	//	4 . . . . K . . .
	//	3 . . . . . . . .
	//	2 P . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{"king capture", "8/8/8/5n2/4K3/8/P7/8 w 2 3", "e4f5", "Kxf5"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . P . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{"knight move", "8/8/5n2/8/4P3/8/PP6/K7 b 1 2", "f6d5", "Nd5"},
	{"knight capture", "8/8/5n2/8/4P3/8/PP6/K7 b 1 2", "f6e4", "Nxe4"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . N . . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{"knight check", "8/8/8/8/3n4/8/PP6/K7 b 2 2", "d4c2", "Nc2+"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . N . . . .
	//	3 . . . . . . . .
	//	2 P P . . P . . .
	//	1 . . . . . . K .
	//	  a b c d e f g h
	{"knight capture with check", "8/8/8/8/3n4/8/PP2P3/6K1 b 1 2", "d4e2", "Nxe2+"},
	// The fourth pawn taken with check is "+": the game ended by rule 2,
	// though White has no legal move left.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . N . . . .
	//	3 . . . . . . . .
	//	2 P . . . P . . .
	//	1 . . . . . . K .
	//	  a b c d e f g h
	{"fourth pawn with check", "8/8/8/8/3n4/8/P3P3/6K1 b 1 3", "d4e2", "Nxe2+"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . P P
	//	5 . . . . . . P K
	//	4 . . . . . . P P
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . N
	//	  a b c d e f g h
	{"knight mate", "8/8/6PP/6PK/6PP/8/8/7n b 0 1", "h1g3", "Ng3#"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{"flight", "8/8/8/8/8/8/PP6/K7 b 2 2", "@f6", "N@f6"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . K . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{"flight with check", "8/8/8/8/4K3/8/PP6/8 b 2 2", "@f6", "N@f6+"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . P P
	//	5 . . . . . . P K
	//	4 . . . . . . . P
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{"flight mate", "8/8/6PP/6PK/7P/8/8/8 b 1 1", "@f6", "N@f6#"},
	// White's moves never carry a sign, not even the winning third save.
	//	8 N . . . . . . .
	//	7 . . . . P . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P . . . . . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{"third save has no sign", "n7/4P3/8/8/8/8/P7/7K w 2 2", "e7e8", "e8"},
}

func TestSAN(t *testing.T) {
	for _, tt := range sanTests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			m := coordMove(t, tt.coord)
			if !p.IsLegal(m) {
				t.Fatalf("IsLegal(%q, %s) = false, want true", tt.fen, tt.coord)
			}
			if got := p.SAN(m); got != tt.san {
				t.Errorf("SAN(%q, %s) = %q, want %q", tt.fen, tt.coord, got, tt.san)
			}
			if got := m.String(); got != tt.coord {
				t.Errorf("Move.String() = %q, want %q", got, tt.coord)
			}
		})
	}
}

// TestParseMove: both forms are read, with or without the sign.
func TestParseMove(t *testing.T) {
	for _, tt := range sanTests {
		p := mustFEN(t, tt.fen)
		want := coordMove(t, tt.coord)
		for _, text := range []string{tt.san, strings.TrimRight(tt.san, "+#"), tt.coord} {
			t.Run(tt.name+"/"+text, func(t *testing.T) {
				if got, err := ParseMove(p, text); got != want || err != nil {
					t.Errorf("ParseMove(%q, %q) = %v, %v, want %v, nil", tt.fen, text, got, err, want)
				}
			})
		}
	}
}

// badMoveTests: text that is not a move (ErrBadMove) and moves that are not
// legal in the position (ErrIllegalMove).
var badMoveTests = []struct {
	name    string
	fen     string
	text    string
	wantErr error
}{
	// Most are played in the start position (diagram in movegen_test.go);
	// the others come from the tables above, with their diagrams.
	{"empty", StartFEN, "", ErrBadMove},
	{"sign only", StartFEN, "+", ErrBadMove},
	{"one letter", StartFEN, "e", ErrBadMove},
	{"rank 9", StartFEN, "e9", ErrBadMove},
	{"two signs", StartFEN, "e3+#", ErrBadMove},
	{"file i", StartFEN, "i3", ErrBadMove},
	{"upper-case file", StartFEN, "E3", ErrBadMove},
	{"lower-case king", StartFEN, "kd1", ErrBadMove},
	{"king off the board", StartFEN, "Ke0", ErrBadMove},
	{"queen", StartFEN, "Qd1", ErrBadMove},
	{"pawn letter", StartFEN, "Pe3", ErrBadMove},
	{"dash", StartFEN, "e2-e3", ErrBadMove},
	{"castling", StartFEN, "O-O", ErrBadMove},
	{"capture without file", StartFEN, "xf5", ErrBadMove},
	{"capture without square", StartFEN, "exf", ErrBadMove},
	{"capture from file z", StartFEN, "zxf5", ErrBadMove},
	{"drop of a king", StartFEN, "K@f6", ErrBadMove},
	{"flight without square", "8/8/8/8/8/8/PP6/K7 b 2 2", "N@", ErrBadMove},
	{"flight to f9", "8/8/8/8/8/8/PP6/K7 b 2 2", "@f9", ErrBadMove},
	{"too long", StartFEN, "e2e3e4", ErrBadMove},
	{"space", StartFEN, "e3 ", ErrBadMove},
	{"promotion", "n7/4P3/8/8/8/8/PP6/7K w 1 2", "e8=Q", ErrBadMove},

	{"double step", StartFEN, "e4", ErrIllegalMove},
	{"double step, coordinates", StartFEN, "e2e4", ErrIllegalMove},
	{"king onto a pawn", StartFEN, "Kf2", ErrIllegalMove},
	{"castling by the king", StartFEN, "e1g1", ErrIllegalMove},
	{"black move, white to play", StartFEN, "Nd5", ErrIllegalMove},
	{"flight, white to play", StartFEN, "N@f6", ErrIllegalMove},
	{"flight, coordinates", StartFEN, "@f6", ErrIllegalMove},
	{"capture of nothing", StartFEN, "exf3", ErrIllegalMove},
	{"capture of the knight on f6", "8/6K1/5n2/4P1P1/8/8/8/8 w 2 2", "exf6", ErrIllegalMove},
	{"king capture on f6", "8/6K1/5n2/4P1P1/8/8/8/8 w 2 2", "Kxf6", ErrIllegalMove},
	{"capture written as a step", "8/8/5n2/8/4P3/8/PP6/K7 b 1 2", "Ne4", ErrIllegalMove},
	{"step written as a capture", "8/8/5n2/8/4P3/8/PP6/K7 b 1 2", "Nxd5", ErrIllegalMove},
	{"step onto an attacked rank-8 square", "8/4P3/3n4/8/8/4P3/P7/7K w 1 2", "e8", ErrIllegalMove},
	{"knight move during the flight", "8/8/8/8/8/8/PP6/K7 b 2 2", "Nf6", ErrIllegalMove},
	{"saving in check", "8/4P3/8/8/8/6n1/8/7K w 2 3", "e7e8", ErrIllegalMove},
}

func TestParseMoveErrors(t *testing.T) {
	for _, tt := range badMoveTests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			m, err := ParseMove(p, tt.text)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("ParseMove(%q, %q) = %v, %v, want an error wrapping %q", tt.fen, tt.text, m, err, tt.wantErr)
			}
			if !strings.Contains(err.Error(), "rules: move ") {
				t.Errorf("ParseMove(%q, %q) = %q, want it to name its origin", tt.fen, tt.text, err)
			}
		})
	}
}

func TestNumberedLine(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		moves []string
		max   int
		want  string
	}{
		{"white first", "start", []string{"e3", "Nd5", "Kd1"}, 3, "1. e3 Nd5 2. Kd1"},
		{"black first", "8/8/5n2/8/8/8/1PPPPPP1/4K3 b 0 0", []string{"Ne4", "e3"}, 2, "1... Ne4 2. e3"},
		{"empty", "start", nil, 0, ""},
		{"cut before white", "start", []string{"e3", "Nd5", "Kd1", "Nf6"}, 2, "1. e3 Nd5 2. ..."},
		{"cut before black", "start", []string{"e3", "Nd5", "Kd1"}, 1, "1. e3 ..."},
		{"illegal", "start", []string{"e3", "e2e4"}, 2, "1. e3 e2e4?"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Start
			if tt.fen != "start" {
				p = mustFEN(t, tt.fen)
			}
			var moves []Move
			q := p
			for _, text := range tt.moves {
				m, err := ParseMove(q, text)
				if err != nil { // an illegal move, given in coordinates
					from, _ := ParseSquare(text[:2])
					to, _ := ParseSquare(text[2:])
					m = Move{From: from, To: to}
				}
				moves = append(moves, m)
				if q.IsLegal(m) {
					q = q.Apply(m)
				}
			}
			if got := p.NumberedLine(moves, tt.max); got != tt.want {
				t.Errorf("NumberedLine(%v, %d) = %q, want %q", tt.moves, tt.max, got, tt.want)
			}
		})
	}
}
