package rules

import "fmt"

// Square is a square of the board, numbered from a1 = 0, b1 = 1, ... h1 = 7,
// a2 = 8, up to h8 = 63: the index is 8*rank + file, both counted from zero.
type Square uint8

// NoSquare stands for "no square", for example the knight's square while its
// flight is pending.
const NoSquare Square = 64

// Named squares used by the rules.
const (
	A1 Square = 0
	E1 Square = 4
	F6 Square = 45
	H8 Square = 63
)

// Lair is the knight's lair, f6: where the knight returns after its capture.
const Lair = F6

// NewSquare returns the square on the given file and rank, both counted from
// zero (file 0 is a, rank 0 is rank 1).
func NewSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns the square's file, 0 for a to 7 for h.
func (s Square) File() int { return int(s) & 7 }

// Rank returns the square's rank counted from zero: 0 for rank 1, 7 for rank 8.
func (s Square) Rank() int { return int(s) >> 3 }

// Valid reports whether s is one of the 64 squares of the board.
func (s Square) Valid() bool { return s < 64 }

// String returns the square's name, such as "e4", or "-" for NoSquare.
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name such as "e4".
func ParseSquare(name string) (Square, error) {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
		return NoSquare, fmt.Errorf("rules: square %q: want a file a-h and a rank 1-8, like \"e4\"", name)
	}
	return NewSquare(int(name[0]-'a'), int(name[1]-'1')), nil
}
