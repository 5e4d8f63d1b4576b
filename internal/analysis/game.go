package analysis

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"nostromo-lessons/rules"
)

// Game is a game read by ParseGame: where it starts and the moves played,
// each with where its text stands.
type Game struct {
	Start rules.Position
	Moves []rules.Move
	At    []Pos // At[i] is where Moves[i] is written
}

// Pos is a place in a game's text: line and column, counted from 1 (the
// column in bytes).
type Pos struct {
	Line, Col int
}

// Error is an error in a game's text, at Pos.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Col, e.Msg) }

// ErrNoMoves is returned by ParseGame for a game with no move.
var ErrNoMoves = errors.New("the game has no moves")

// ParseGame reads a game in the project's notation: an optional first line
// with the position it starts from, as `[FEN "..."]`, a bare FEN or the word
// start (without it the game starts from the default start), then the
// moves in SAN or coordinates as rules.ParseMove reads them (the flight as
// "N@f6"). Move numbers ("1.", "1...", also stuck to a move as "1.e3") and
// comments in braces ("{a fine move}", over several lines too) are ignored.
// A move that is not legal, or any after the game has ended, is an *Error
// naming the move's number, its side and the legal moves there.
func ParseGame(text string) (Game, error) {
	var g Game
	g.Start, _ = rules.ParseFEN("start")
	lines := strings.Split(text, "\n")
	first := 0
	for first < len(lines) && strings.TrimSpace(lines[first]) == "" {
		first++
	}
	if first < len(lines) {
		if fen, ok := fenLine(strings.TrimSpace(lines[first])); ok {
			p, err := rules.ParseFEN(fen)
			if err != nil {
				col := strings.Index(lines[first], fen) + 1
				return g, &Error{Pos{first + 1, col}, fmt.Sprintf("position %q: %v", fen, err)}
			}
			g.Start = p
			lines[first] = ""
		}
	}
	p := g.Start
	ply := 0
	var open *Pos // an unclosed comment's opening
	for ln, line := range lines {
		i := 0
		for i < len(line) {
			if open != nil {
				end := strings.IndexByte(line[i:], '}')
				if end < 0 {
					break
				}
				i += end + 1
				open = nil
				continue
			}
			c := line[i]
			switch {
			case c == ' ' || c == '\t' || c == '\r':
				i++
				continue
			case c == '{':
				open = &Pos{ln + 1, i + 1}
				i++
				continue
			case c == '}':
				return g, &Error{Pos{ln + 1, i + 1}, "a \"}\" that closes no comment"}
			}
			start := i
			for i < len(line) && !unicode.IsSpace(rune(line[i])) && line[i] != '{' && line[i] != '}' {
				i++
			}
			word := line[start:i]
			at := Pos{ln + 1, start + 1}
			// A move number, alone or stuck to its move.
			digits := 0
			for digits < len(word) && word[digits] >= '0' && word[digits] <= '9' {
				digits++
			}
			if digits > 0 && digits < len(word) && word[digits] == '.' {
				rest := strings.TrimLeft(word[digits:], ".")
				at.Col += len(word) - len(rest)
				word = rest
				if word == "" {
					continue
				}
			}
			if st := p.Status(); st.Over() {
				return g, &Error{at, fmt.Sprintf("move %s %q: the game is over already (%s)", moveNumber(g.Start, ply), word, st)}
			}
			m, err := rules.ParseMove(p, word)
			if err != nil {
				return g, &Error{at, fmt.Sprintf("move %s %q: %s (legal: %s)", moveNumber(g.Start, ply), word, whyNot(err), legalList(p))}
			}
			g.Moves = append(g.Moves, m)
			g.At = append(g.At, at)
			p = p.Apply(m)
			ply++
		}
	}
	if open != nil {
		return g, &Error{*open, "a comment \"{\" that is never closed"}
	}
	if len(g.Moves) == 0 {
		return g, ErrNoMoves
	}
	return g, nil
}

// fenLine returns the FEN a game's first line gives, if it gives one:
// `[FEN "..."]`, the word start, or a line with a "/" (a bare FEN).
func fenLine(line string) (string, bool) {
	if rest, ok := strings.CutPrefix(line, "[FEN"); ok {
		rest = strings.TrimSpace(rest)
		rest = strings.TrimSuffix(rest, "]")
		rest = strings.TrimSpace(rest)
		return strings.Trim(rest, `"`), true
	}
	if line == "start" || strings.Contains(line, "/") && !strings.Contains(line, "{") {
		return line, true
	}
	return "", false
}

// legalList returns the legal moves of p in SAN, sorted, comma separated.
func legalList(p rules.Position) string {
	var names []string
	for _, m := range p.LegalMoves() {
		names = append(names, p.SAN(m))
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// whyNot returns the reason of a rules.ParseMove error, without its
// prefix and the legal moves (which the caller lists).
func whyNot(err error) string {
	if errors.Is(err, rules.ErrIllegalMove) {
		return "not legal here"
	}
	return "not a move: want SAN like \"Kd2\", \"exf5\", \"N@f6\" or coordinates like \"e2e3\""
}

// moveNumber returns the number of the ply-th move (from 0) of a game
// from start as a numbered line writes it: "3." for White's, "3..." for
// Black's.
func moveNumber(start rules.Position, ply int) string {
	if start.Side == rules.Black {
		ply++
	}
	n := ply/2 + 1
	if ply%2 == 0 {
		return fmt.Sprintf("%d.", n)
	}
	return fmt.Sprintf("%d...", n)
}

// MoveNumber returns the number of g's i-th move (from 0) as a numbered
// line writes it: "3." for White's, "3..." for Black's.
func (g Game) MoveNumber(i int) string { return moveNumber(g.Start, i) }

// Text returns g in the project's notation: the FEN line when it does not
// start from the default start, then the numbered moves.
func (g Game) Text() string {
	line := g.Start.NumberedLine(g.Moves, len(g.Moves))
	if g.Start.String() == rules.StartFEN {
		return line + "\n"
	}
	return fmt.Sprintf("[FEN %q]\n%s\n", g.Start.String(), line)
}
