package rules

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// fuzzFENs are the FENs of the test tables, valid and not.
func fuzzFENs() []string {
	fens := []string{StartFEN, "start"}
	for _, tt := range validFENTests {
		fens = append(fens, tt.fen)
	}
	for _, tt := range badFENTests {
		fens = append(fens, tt.fen)
	}
	for _, tt := range legalMoveTests {
		fens = append(fens, tt.fen)
	}
	for _, tt := range statusTests {
		fens = append(fens, tt.fen)
	}
	return fens
}

func FuzzParseFEN(f *testing.F) {
	for _, fen := range fuzzFENs() {
		f.Add(fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			if !errors.Is(err, ErrMalformedFEN) && !errors.Is(err, ErrInvalidPosition) {
				t.Fatalf("ParseFEN(%q) = %v, want an error wrapping a sentinel", fen, err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("ParseFEN(%q) = %v, but Validate() = %v", fen, p, err)
		}
		s := p.String()
		if strings.Count(fen, " ") == 3 && s != fen {
			t.Fatalf("ParseFEN(%q).String() = %q, want the input back", fen, s)
		}
		if q, err := ParseFEN(s); q != p || err != nil {
			t.Fatalf("ParseFEN(%q) = %v, %v, want %v, nil (from %q)", s, q, err, p, fen)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, tt := range sanTests {
		f.Add(tt.fen, tt.san)
		f.Add(tt.fen, tt.coord)
	}
	for _, tt := range badMoveTests {
		f.Add(tt.fen, tt.text)
	}
	f.Fuzz(func(t *testing.T, fen, text string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		m, err := ParseMove(p, text)
		if err != nil {
			if !errors.Is(err, ErrBadMove) && !errors.Is(err, ErrIllegalMove) {
				t.Fatalf("ParseMove(%q, %q) = %v, want an error wrapping a sentinel", fen, text, err)
			}
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("ParseMove(%q, %q) = %v, which is not legal", fen, text, m)
		}
		for _, form := range []string{p.SAN(m), m.String()} {
			if got, err := ParseMove(p, form); got != m || err != nil {
				t.Fatalf("ParseMove(%q, %q) = %v, %v, want %v, nil (from %q)", fen, form, got, err, m, text)
			}
		}
	})
}

func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"a1", "h8", "e4", "i1", "a9", "a0", "E4", "e", "e44", "", " e4", "e\x004"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		sq, err := ParseSquare(name)
		if err != nil {
			if sq != NoSquare || !strings.Contains(err.Error(), strconv.Quote(name)) {
				t.Fatalf("ParseSquare(%q) = %v, %v, want NoSquare and an error quoting the input", name, sq, err)
			}
			return
		}
		if !sq.Valid() || sq.String() != name {
			t.Fatalf("ParseSquare(%q) = %v, want a square that writes the input back", name, sq)
		}
	})
}
