package course

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
)

// position reads a position: a FEN, the word start (the course's start), or
// a piece list {king: e4, pawns: [d4, e5], knight: f5, to_move: white,
// saved: 1}. An invalid position is reported with the docs/RULES.md reason.
func (f *file) position(n *yaml.Node, start rules.Position) (rules.Position, bool) {
	switch n.Kind {
	case yaml.ScalarNode:
		s := strings.TrimSpace(n.Value)
		if s == "start" {
			return start, true
		}
		p, err := rules.ParseFEN(s)
		if err != nil {
			f.Errorf(n, "position: %v%s", err, FENHint(s))
			return p, false
		}
		return p, true
	case yaml.MappingNode:
		return f.pieceList(n)
	case yaml.AliasNode:
		return rules.Position{}, false
	}
	f.Errorf(n, "position: want a FEN, start, or pieces like {king: e1, pawns: [e2], knight: f6}, got %s", yamlpos.Describe(n))
	return rules.Position{}, false
}

// FENHint says, for a FEN that does not read, how a chess teacher's habit
// differs: in Nostromo the knight is Black's (n), the king and the pawns
// White's (K, P); and for a FEN of two fields whose missing counters made
// too many pawns taken, the four-field FENs that would read. It returns ""
// when none of these applies.
func FENHint(fen string) string {
	placement, _, _ := strings.Cut(fen, " ")
	switch {
	case strings.Contains(placement, "N"):
		return "; the knight plays Black: write it as a lower-case n"
	case strings.ContainsAny(placement, "kp"):
		return "; the king and the pawns play White: write them as upper-case K and P"
	}
	return countersHint(fen)
}

// countersHint returns, for a FEN of two fields (placement and side) that
// reads with all four, why it did not: its missing saved and taken count
// every pawn not on the board as taken; it lists the four-field FENs of its
// placement and side that are valid, such as "8/8/3PP3/4K3/8/8/8/6n1 w 1 3"
// or "... w 2 2". It returns "" for any other FEN.
func countersHint(fen string) string {
	fields := strings.Fields(fen)
	if len(fields) != 2 {
		return ""
	}
	off := 6 - strings.Count(fields[0], "P")
	var valid []string
	for saved := 0; saved <= off; saved++ {
		full := fmt.Sprintf("%s %s %d %d", fields[0], fields[1], saved, off-saved)
		if _, err := rules.ParseFEN(full); err == nil {
			valid = append(valid, yamlpos.Quote(full))
		}
	}
	if len(valid) == 0 {
		return ""
	}
	return fmt.Sprintf("; a FEN without its saved and taken fields counts the %d pawns not on the board as taken: write all four fields, such as %s",
		off, strings.Join(valid, " or "))
}

// pieceList reads a position written as a mapping of pieces. Saved is 0 and
// taken is 6 minus the pawns on the board minus saved unless given; White
// is to move unless to_move says black.
func (f *file) pieceList(n *yaml.Node) (rules.Position, bool) {
	p := rules.Position{King: rules.NoSquare, Knight: rules.NoSquare}
	m := f.Mapping(n, "position", pieceListNames)
	if m == nil {
		return p, false
	}
	b, ok := f.pieces(m)
	p.King, p.Knight, p.Pawns = b.King, b.Knight, b.Pawns
	if !m.Has("king") {
		f.Errorf(n, "position: missing key \"king\"")
		ok = false
	}
	if v := m.Get("to_move"); v != nil {
		s, good := f.WordAnyCase(v, "to_move", "white", "black")
		ok = ok && good
		if s == "black" {
			p.Side = rules.Black
		}
	}
	saved, taken := 0, -1
	if v := m.Get("saved"); v != nil {
		var good bool
		saved, good = f.Integer(v, "saved", 0, rules.SavesToWin-1)
		ok = ok && good
	}
	if v := m.Get("taken"); v != nil {
		var good bool
		taken, good = f.Integer(v, "taken", 0, rules.TakesToWin-1)
		ok = ok && good
	}
	if taken < 0 {
		taken = max(0, rules.PawnCount-p.Pawns.Count()-saved)
	}
	p.Saved, p.Taken = uint8(saved), uint8(taken)
	if !ok || m.Unknown {
		return p, false
	}
	if err := p.Validate(); err != nil {
		hint := ""
		if !m.Has("taken") && p.Taken > rules.TakesToWin-1 {
			hint = fmt.Sprintf(" (with %s on the board, say how many are saved and taken: pawns + saved + taken = 6)", question.Plural(p.Pawns.Count(), "pawn"))
		}
		f.Errorf(n, "position: %v%s", err, hint)
		return p, false
	}
	return p, true
}

// board reads a labyrinth's board: pieces only, no game state.
func (f *file) board(n *yaml.Node) (question.Board, bool) {
	m := f.Mapping(n, "board", boardNames)
	if m == nil {
		return question.Board{King: rules.NoSquare, Knight: rules.NoSquare}, false
	}
	return f.pieces(m)
}

// pieces reads the king, pawns and knight of a mapping, reporting two
// pieces on one square and pawns on rank 1 or 8.
func (f *file) pieces(m *yamlpos.Fields) (question.Board, bool) {
	b := question.Board{King: rules.NoSquare, Knight: rules.NoSquare}
	ok := true
	if v := m.Get("king"); v != nil {
		var good bool
		b.King, good = f.square(v, "king")
		ok = ok && good
	}
	if v := m.Get("knight"); v != nil {
		var good bool
		b.Knight, good = f.square(v, "knight")
		ok = ok && good
		if good && b.Knight == b.King {
			f.Errorf(v, "knight: the king already stands on %s", b.Knight)
			ok = false
		}
	}
	if v := m.Get("pawns"); v != nil {
		items, good := f.list(v, "pawns", "squares")
		ok = ok && good
		for _, item := range items {
			s, good := f.square(item, "pawns")
			switch {
			case !good:
				ok = false
			case b.Pawns.Has(s):
				f.Errorf(item, "pawns: square %s is listed twice", s)
				ok = false
			case s == b.King || s == b.Knight:
				f.Errorf(item, "pawns: %s already holds the %s", s, map[bool]string{true: "king", false: "knight"}[s == b.King])
				ok = false
			case s.Rank() == 0 || s.Rank() == 7:
				f.Errorf(item, "pawns: a pawn cannot stand on rank %d (%s)", s.Rank()+1, s)
				ok = false
			default:
				b.Pawns |= s.Bit()
			}
		}
	}
	return b, ok
}
