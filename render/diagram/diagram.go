package diagram

import (
	"fmt"
	"strings"

	"nostromo-lessons/rules"
)

// Diagram is a Board read into squares: what stands where, and the game
// state to show beside the board.
type Diagram struct {
	Pieces  [64]rules.Piece
	game    bool // a game position (FEN), whose lair f6 is marked
	State   bool // show side to move and counters
	Black   bool // Black to move
	Saved   int
	Taken   int
	Marks   []rules.Square
	Kinds   []markKind // how each of marks is marked
	arrows  [][2]rules.Square
	NoArrow []bool       // arrows crossed out: moves not to make
	target  rules.Square // rules.NoSquare for none
	caption string
	Size    DiagramSize // how much room the drawing around the board takes
}

// markKind is how a square is marked; a Board writes it as a suffix of the
// square: "e4" (plain), "e4x" (avoid), "e4*" (goal).
type markKind uint8

const (
	plainMark markKind = iota // a dot on an empty square, a ring around a piece
	avoidMark                 // a cross: a square to keep off
	GoalMark                  // a star: a square to reach
)

// DiagramSize is how a diagram spends the room around its board: the
// worksheets' dense layouts draw it with less.
type DiagramSize uint8

const (
	FullSize  DiagramSize = iota // wide margins and the full state panel (the site, Markdown, roomy sheets)
	SlimSize                     // narrow margins and a narrow state panel (play cards)
	TinySize                     // narrow margins and only a disc for the side to move (drill cells)
	InsetSize                    // the board alone, its coordinates small and close to it (compact and group cells)
)

// Read reads a Board's FEN or Pieces, marks and arrows. It checks only
// that they can be read; it decides no chess question.
func Read(b Board) (Diagram, error) {
	d := Diagram{caption: b.Caption, target: rules.NoSquare}
	var err error
	switch {
	case b.FEN != "" && len(b.Pieces) > 0:
		return d, fmt.Errorf("render: board: give a fen or pieces, not both")
	case b.FEN != "":
		err = d.readFEN(b.FEN, !b.NoState)
	default:
		err = d.readPieces(b.Pieces)
	}
	if err != nil {
		return d, err
	}
	for _, m := range b.Marks {
		kind := plainMark
		switch {
		case strings.HasSuffix(m, "x"):
			kind = avoidMark
		case strings.HasSuffix(m, "*"):
			kind = GoalMark
		}
		s, err := rules.ParseSquare(strings.TrimRight(m, "x*"))
		if err != nil {
			return d, fmt.Errorf("render: board: mark: %w", err)
		}
		d.Marks = append(d.Marks, s)
		d.Kinds = append(d.Kinds, kind)
	}
	if b.Target != "" {
		if d.target, err = rules.ParseSquare(b.Target); err != nil {
			return d, fmt.Errorf("render: board: target: %w", err)
		}
	}
	for _, a := range b.Arrows {
		from, err1 := rules.ParseSquare(a[0])
		to, err2 := rules.ParseSquare(strings.TrimSuffix(a[1], "x"))
		if err1 != nil || err2 != nil || from == to {
			return d, fmt.Errorf("render: board: arrow %q-%q: want two different squares", a[0], a[1])
		}
		d.arrows = append(d.arrows, [2]rules.Square{from, to})
		d.NoArrow = append(d.NoArrow, strings.HasSuffix(a[1], "x"))
	}
	return d, nil
}

// readFEN places a position's pieces and, if state is set, its side to
// move and counters.
func (d *Diagram) readFEN(fen string, state bool) error {
	p, err := rules.ParseFEN(fen)
	if err != nil {
		return fmt.Errorf("render: board: %w", err)
	}
	for s := range rules.Square(64) {
		d.Pieces[s] = p.PieceAt(s)
	}
	d.game, d.State, d.Black = true, state, p.Side == rules.Black
	d.Saved, d.Taken = int(p.Saved), int(p.Taken)
	return nil
}

// readPieces places a labyrinth's loose pieces.
func (d *Diagram) readPieces(pieces map[string]string) error {
	names := map[string]rules.Piece{"king": rules.King, "pawn": rules.Pawn, "knight": rules.Knight}
	for sq, name := range pieces {
		s, err := rules.ParseSquare(sq)
		if err != nil {
			return fmt.Errorf("render: board: pieces: %w", err)
		}
		pc, ok := names[name]
		if !ok {
			return fmt.Errorf("render: board: pieces: %s: piece %q: want king, pawn or knight", sq, name)
		}
		d.Pieces[s] = pc
	}
	return nil
}
