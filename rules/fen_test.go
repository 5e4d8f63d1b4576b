package rules

import (
	"errors"
	"strings"
	"testing"
)

// validFENTests: FENs ParseFEN accepts, with the position's String().
var validFENTests = []struct {
	name string
	fen  string
	want string // String() of the position
}{
	{"start", StartFEN, StartFEN},
	{"start keyword", "start", StartFEN},
	// Saved and taken left off together: saved 0, taken 6 - pawns.
	{"two fields, six pawns", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w", StartFEN},
	{"two fields, four pawns", "8/8/5n2/8/8/8/2PPPP2/4K3 b", "8/8/5n2/8/8/8/2PPPP2/4K3 b 0 2"},
	{"white in check", "8/8/8/8/8/3n4/1PPPPPP1/4K3 w 0 0", "8/8/8/8/8/3n4/1PPPPPP1/4K3 w 0 0"},
	{"flight pending", "8/8/8/8/8/8/PP6/K7 b 2 2", "8/8/8/8/8/8/PP6/K7 b 2 2"},
	{"pieces on every edge", "K6n/P6P/8/8/8/8/P6P/8 w 1 1", "K6n/P6P/8/8/8/8/P6P/8 w 1 1"},
	{"most saved and taken", "8/8/5n2/8/8/3P4/8/4K3 b 2 3", "8/8/5n2/8/8/3P4/8/4K3 b 2 3"},
}

func TestParseFEN(t *testing.T) {
	for _, tt := range validFENTests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatalf("ParseFEN(%q) = %v, want nil error", tt.fen, err)
			}
			if got := p.String(); got != tt.want {
				t.Errorf("ParseFEN(%q).String() = %q, want %q", tt.fen, got, tt.want)
			}
			if err := p.Validate(); err != nil {
				t.Errorf("ParseFEN(%q).Validate() = %v, want nil", tt.fen, err)
			}
		})
	}
}

func TestParseFENStart(t *testing.T) {
	for _, fen := range []string{"start", StartFEN} {
		if p, err := ParseFEN(fen); p != Start || err != nil {
			t.Errorf("ParseFEN(%q) = %v, %v, want %v, nil", fen, p, err, Start)
		}
	}
}

// badFENTests: one case for every reason docs/RULES.md gives for an invalid
// position, and for the ways a field can be malformed. The error must wrap
// the sentinel and name the reason.
var badFENTests = []struct {
	name    string
	fen     string
	wantErr error
	reason  string // a part of the message
}{
	// A field is malformed.
	{"malformed/empty", "", ErrMalformedFEN, "1 field,"},
	{"malformed/placement only", "8/8/5n2/8/8/8/1PPPPPP1/4K3", ErrMalformedFEN, "1 field,"},
	{"malformed/three fields", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0", ErrMalformedFEN, "3 fields"},
	{"malformed/five fields", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0 1", ErrMalformedFEN, "5 fields"},
	{"malformed/double space", "8/8/5n2/8/8/8/1PPPPPP1/4K3  w 0 0", ErrMalformedFEN, "5 fields"},
	{"malformed/trailing space", StartFEN + " ", ErrMalformedFEN, "5 fields"},
	{"malformed/tab", "8/8/5n2/8/8/8/1PPPPPP1/4K3\tw 0 0", ErrMalformedFEN, "fields"},
	{"malformed/seven ranks", "8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", ErrMalformedFEN, "has 7 ranks"},
	{"malformed/nine ranks", "8/8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", ErrMalformedFEN, "has 9 ranks"},
	{"malformed/rank of 7", "8/8/5n1/8/8/8/1PPPPPP1/4K3 w 0 0", ErrMalformedFEN, "rank 6 has 7 squares"},
	{"malformed/rank of 9", "8/8/5n2/8/8/8/1PPPPPP1/4K4 w 0 0", ErrMalformedFEN, "rank 1 has 9 squares"},
	{"malformed/piece past h", "8/8/5n2/8/8/8/1PPPPPP1/8K w 0 0", ErrMalformedFEN, "rank 1 has more than 8 squares"},
	{"malformed/empty rank", "8/8/5n2//8/8/1PPPPPP1/4K3 w 0 0", ErrMalformedFEN, "rank 5 has 0 squares"},
	{"malformed/two digits", "8/8/41n2/8/8/8/1PPPPPP1/4K3 w 0 0", ErrMalformedFEN, "two digits"},
	{"malformed/digit 0", "8/8/5n02/8/8/8/1PPPPPP1/4K3 w 0 0", ErrMalformedFEN, "rank 6 has '0'"},
	{"malformed/digit 9", "9/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", ErrMalformedFEN, "rank 8 has '9'"},
	{"malformed/white knight letter", "8/8/5N2/8/8/8/1PPPPPP1/4K3 w 0 0", ErrMalformedFEN, "rank 6 has 'N'"},
	{"malformed/black pawn", "8/8/5n2/8/8/8/1PPPPpP1/4K3 w 0 0", ErrMalformedFEN, "rank 2 has 'p'"},
	{"malformed/queen", "8/8/5n2/8/3Q4/8/1PPPPPP1/4K3 w 0 0", ErrMalformedFEN, "rank 4 has 'Q'"},
	{"malformed/side W", "8/8/5n2/8/8/8/1PPPPPP1/4K3 W 0 0", ErrMalformedFEN, `side to move "W"`},
	{"malformed/side -", "8/8/5n2/8/8/8/1PPPPPP1/4K3 - 0 0", ErrMalformedFEN, `side to move "-"`},
	{"malformed/saved letter", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w x 0", ErrMalformedFEN, `saved count "x"`},
	{"malformed/saved two digits", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 00 0", ErrMalformedFEN, `saved count "00"`},
	{"malformed/saved negative", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w -1 1", ErrMalformedFEN, `saved count "-1"`},
	{"malformed/taken plus", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 +0", ErrMalformedFEN, `taken count "+0"`},
	{"malformed/taken empty", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 ", ErrMalformedFEN, `taken count ""`},

	// Not exactly one K.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . P P P P P P .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{"invalid/no king", "8/8/5n2/8/8/8/1PPPPPP1/8 w 0 0", ErrInvalidPosition, "0 white kings"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . P P P P P P .
	//	1 . . . K K . . .
	//	  a b c d e f g h
	{"invalid/two kings", "8/8/5n2/8/8/8/1PPPPPP1/3KK3 w 0 0", ErrInvalidPosition, "2 white kings"},
	// More than one n.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 N . . . . . . .
	//	2 . P P P P P P .
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{"invalid/two knights", "8/8/5n2/8/8/n7/1PPPPPP1/4K3 w 0 0", ErrInvalidPosition, "2 knights"},
	// A pawn on rank 1 or 8.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . P P P P P . .
	//	1 . . . . K . P .
	//	  a b c d e f g h
	{"invalid/pawn on rank 1", "8/8/5n2/8/8/8/1PPPPP2/4K1P1 w 0 0", ErrInvalidPosition, "pawn on rank 1 (g1)"},
	//	8 . . . . P . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . P P P P . P .
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{"invalid/pawn on rank 8", "4P3/8/5n2/8/8/8/1PPPP1P1/4K3 w 0 0", ErrInvalidPosition, "pawn on rank 8 (e8)"},
	// pawns + saved + taken != 6.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . P P P P P P P
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{"invalid/seven pawns", "8/8/5n2/8/8/8/1PPPPPPP/4K3 w 0 0", ErrInvalidPosition, "7 pawns on the board + 0 saved + 0 taken is 7, want 6"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . P P P P P P P
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{"invalid/seven pawns, two fields", "8/8/5n2/8/8/8/1PPPPPPP/4K3 w", ErrInvalidPosition, "is 7, want 6"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . P P P P . . .
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{"invalid/counters too small", "8/8/5n2/8/8/8/1PPPP3/4K3 w 1 0", ErrInvalidPosition, "4 pawns on the board + 1 saved + 0 taken is 5, want 6"},
	{"invalid/counters too large", StartFEN[:len(StartFEN)-3] + "1 0", ErrInvalidPosition, "is 7, want 6"},
	// saved > 2 or taken > 3.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{"invalid/three saved", "8/8/5n2/8/8/8/8/4K3 w 3 3", ErrInvalidPosition, "3 pawns saved, at most 2"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . P . . . . . .
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{"invalid/four taken", "8/8/5n2/8/8/8/1P6/4K3 w 1 4", ErrInvalidPosition, "4 pawns taken, at most 3"},
	// Two fields and two pawns: taken 6 - 2 = 4.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . P . . . . P .
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{"invalid/four taken, two fields", "8/8/5n2/8/8/8/1P4P1/4K3 w", ErrInvalidPosition, "4 pawns taken, at most 3"},
	// No knight and White to move.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{"invalid/no knight, white to move", "8/8/8/8/8/8/PP6/K7 w 2 2", ErrInvalidPosition, "no knight, and White is to move"},
	// No knight, Black to move and f6 occupied.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . P . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P . . . . . . .
	//	1 K . . . . . . .
	//	  a b c d e f g h
	{"invalid/flight pending, pawn on f6", "8/8/5P2/8/8/8/P7/K7 b 2 2", ErrInvalidPosition, "the lair f6 is occupied"},
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . K . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{"invalid/flight pending, king on f6", "8/8/5K2/8/8/8/PP6/8 b 2 2", ErrInvalidPosition, "the lair f6 is occupied"},
	// Black to move and the king attacked.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . N . .
	//	5 . . . . . . . .
	//	4 . . . . K . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{"invalid/black to move, king attacked", "8/8/5n2/8/4K3/8/PP6/8 b 2 2", ErrInvalidPosition, "Black is to move and the white king on e4 is attacked"},
}

func TestParseFENErrors(t *testing.T) {
	for _, tt := range badFENTests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("ParseFEN(%q) = %v, %v, want an error wrapping %q", tt.fen, p, err, tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("ParseFEN(%q) = %q, want the reason %q", tt.fen, err, tt.reason)
			}
			other := ErrInvalidPosition
			if tt.wantErr == ErrInvalidPosition {
				other = ErrMalformedFEN
			}
			if errors.Is(err, other) {
				t.Errorf("ParseFEN(%q) = %q, wraps %q too", tt.fen, err, other)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("ParseFEN(%q) = %q, want one line", tt.fen, err)
			}
		})
	}
}

// TestParseFENCounts checks every FEN message that counts something, word
// for word, with one (singular), none and several (plural): "1 field",
// never "1 fields".
func TestParseFENCounts(t *testing.T) {
	for _, tt := range []struct {
		name, fen, want string
	}{
		{"one field", "8/8/5n2/8/8/8/1PPPPPP1/4K3", "malformed fen: 1 field, want 4 (placement side saved taken) or 2 (placement side)"},
		{"three fields", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0", "malformed fen: 3 fields, want 4 (placement side saved taken) or 2 (placement side)"},
		{"one rank", "8 w", `malformed fen: placement "8" has 1 rank, want 8`},
		{"seven ranks", "8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", `malformed fen: placement "8/5n2/8/8/8/1PPPPPP1/4K3" has 7 ranks, want 8`},
		{"rank of one square", "8/8/5n2/1/8/8/1PPPPPP1/4K3 w 0 0", "malformed fen: rank 5 has 1 square, want 8"},
		{"rank of no square", "8/8/5n2//8/8/1PPPPPP1/4K3 w 0 0", "malformed fen: rank 5 has 0 squares, want 8"},
		{"rank of seven squares", "8/8/5n1/8/8/8/1PPPPPP1/4K3 w 0 0", "malformed fen: rank 6 has 7 squares, want 8"},
		{"no king", "8/8/5n2/8/8/8/1PPPPPP1/8 w 0 0", "invalid position: 0 white kings, want exactly 1"},
		{"two kings", "8/8/5n2/8/8/8/1PPPPPP1/3KK3 w 0 0", "invalid position: 2 white kings, want exactly 1"},
		{"two knights", "8/8/5n2/8/8/n7/1PPPPPP1/4K3 w 0 0", "invalid position: 2 knights, want at most 1"},
		{"one pawn on the board", "8/8/5n2/8/8/8/4P3/4K3 w 1 1", "invalid position: 1 pawn on the board + 1 saved + 1 taken is 3, want 6"},
		{"no pawn on the board", "8/8/5n2/8/8/8/8/4K3 w 1 1", "invalid position: 0 pawns on the board + 1 saved + 1 taken is 2, want 6"},
		{"pawns on the board", "8/8/5n2/8/8/8/1PPPP3/4K3 w 1 0", "invalid position: 4 pawns on the board + 1 saved + 0 taken is 5, want 6"},
		{"three saved", "8/8/5n2/8/8/8/1PPP4/4K3 w 3 0", "invalid position: 3 pawns saved, at most 2"},
		{"four taken", "8/8/5n2/8/8/8/1P4P1/4K3 w 0 4", "invalid position: 4 pawns taken, at most 3"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := ParseFEN(tt.fen); err == nil || err.Error() != tt.want {
				t.Errorf("ParseFEN(%q) = %v, want %q", tt.fen, err, tt.want)
			}
		})
	}
}

// TestValidate: the reasons a Position value can be invalid that FEN cannot
// even express.
func TestValidate(t *testing.T) {
	start := Start
	for _, tt := range []struct {
		name   string
		edit   func(p *Position)
		reason string // "" for valid
	}{
		{"start", func(p *Position) {}, ""},
		{"no king", func(p *Position) { p.King = NoSquare }, "no white king"},
		{"knight off the board", func(p *Position) { p.Knight = NoSquare + 1 }, "knight off the board"},
		{"king on the knight", func(p *Position) { p.King = F6 }, "king and knight on the same square (f6)"},
		{"king on a pawn", func(p *Position) { p.King = sq("e2") }, "king and pawn on the same square (e2)"},
		{"knight on a pawn", func(p *Position) { p.Knight = sq("e2") }, "knight and pawn on the same square (e2)"},
		{"no side", func(p *Position) { p.Side = 2 }, "no side to move"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := start
			tt.edit(&p)
			err := p.Validate()
			switch {
			case tt.reason == "" && err != nil:
				t.Errorf("Validate(%v) = %v, want nil", p, err)
			case tt.reason != "" && (!errors.Is(err, ErrInvalidPosition) || !strings.Contains(err.Error(), tt.reason)):
				t.Errorf("Validate(%+v) = %v, want %q", p, err, tt.reason)
			}
		})
	}
}
