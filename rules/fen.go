package rules

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrMalformedFEN is wrapped by the errors of ParseFEN for text that is not
// Nostromo FEN at all, and ErrInvalidPosition by those for a well-formed FEN
// (or a Position) that breaks a rule of docs/RULES.md.
var (
	ErrMalformedFEN    = errors.New("malformed fen")
	ErrInvalidPosition = errors.New("invalid position")
)

func malformed(msg string) error { return fmt.Errorf("%w: %s", ErrMalformedFEN, msg) }
func invalid(msg string) error   { return fmt.Errorf("%w: %s", ErrInvalidPosition, msg) }

// count returns n and a noun in its singular or plural form for an error
// message: "1 field", "0 fields", "3 fields".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// StartFEN is the FEN of the default start position.
const StartFEN = "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0"

// ParseFEN reads a position in Nostromo FEN: "placement side saved taken",
// separated by single spaces. Saved and taken may be left off together; then
// saved is 0 and taken is 6 minus the pawns on the board. The word "start"
// stands for the default start position.
//
// The error names the reason and wraps ErrMalformedFEN or ErrInvalidPosition.
func ParseFEN(fen string) (Position, error) {
	if fen == "start" {
		return Start, nil
	}
	fields := strings.Split(fen, " ")
	if len(fields) != 2 && len(fields) != 4 {
		return Position{}, malformed(count(len(fields), "field") + ", want 4 (placement side saved taken) or 2 (placement side)")
	}
	p, err := parsePlacement(fields[0])
	if err != nil {
		return Position{}, err
	}
	switch fields[1] {
	case "w":
		p.Side = White
	case "b":
		p.Side = Black
	default:
		return Position{}, malformed(fmt.Sprintf("side to move %q, want \"w\" or \"b\"", fields[1]))
	}
	if len(fields) == 2 {
		p.Taken = uint8(max(0, PawnCount-p.Pawns.Count()))
	} else {
		if p.Saved, err = parseCounter("saved", fields[2]); err != nil {
			return Position{}, err
		}
		if p.Taken, err = parseCounter("taken", fields[3]); err != nil {
			return Position{}, err
		}
	}
	return p, p.Validate()
}

func parseCounter(name, field string) (uint8, error) {
	n, err := strconv.ParseUint(field, 10, 8)
	if err != nil || len(field) > 1 {
		return 0, malformed(fmt.Sprintf("%s count %q, want a digit", name, field))
	}
	return uint8(n), nil
}

// parsePlacement reads the first FEN field: ranks 8 down to 1, separated by
// "/", with K, P, n and digits.
func parsePlacement(field string) (Position, error) {
	p := Position{King: NoSquare, Knight: NoSquare}
	ranks := strings.Split(field, "/")
	if len(ranks) != 8 {
		return p, malformed(fmt.Sprintf("placement %q has %s, want 8", field, count(len(ranks), "rank")))
	}
	kings, knights := 0, 0
	for i, row := range ranks {
		rank := 7 - i
		file, digit := 0, false
		for _, c := range row {
			if file >= 8 {
				return p, malformed(fmt.Sprintf("rank %d has more than 8 squares", rank+1))
			}
			switch {
			case c >= '1' && c <= '8':
				if digit {
					return p, malformed(fmt.Sprintf("rank %d has two digits in a row, want one digit per run of empty squares", rank+1))
				}
				file, digit = file+int(c-'0'), true
				continue
			case c == 'K':
				p.King, kings = NewSquare(file, rank), kings+1
			case c == 'n':
				p.Knight, knights = NewSquare(file, rank), knights+1
			case c == 'P':
				p.Pawns |= NewSquare(file, rank).Bit()
			default:
				return p, malformed(fmt.Sprintf("rank %d has %q, want K, P, n or a digit 1-8", rank+1, c))
			}
			file, digit = file+1, false
		}
		if file != 8 {
			return p, malformed(fmt.Sprintf("rank %d has %s, want 8", rank+1, count(file, "square")))
		}
	}
	if kings != 1 {
		return p, invalid(count(kings, "white king") + ", want exactly 1")
	}
	if knights > 1 {
		return p, invalid(count(knights, "knight") + ", want at most 1")
	}
	return p, nil
}

// String returns the position in Nostromo FEN, with all four fields.
func (p Position) String() string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			c := p.PieceAt(NewSquare(file, rank)).Letter()
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	side := " w "
	if p.Side == Black {
		side = " b "
	}
	b.WriteString(side)
	b.WriteString(strconv.Itoa(int(p.Saved)))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(p.Taken)))
	return b.String()
}
