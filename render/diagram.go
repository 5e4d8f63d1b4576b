package render

import (
	"fmt"
	"strings"

	"nostromo-lessons/rules"
)

// diagram is a Board read into squares: what stands where, and the game
// state to show beside the board.
type diagram struct {
	pieces  [64]rules.Piece
	game    bool // a game position (FEN), whose lair f6 is marked
	state   bool // show side to move and counters
	black   bool // Black to move
	saved   int
	taken   int
	marks   []rules.Square
	kinds   []markKind // how each of marks is marked
	arrows  [][2]rules.Square
	noArrow []bool       // arrows crossed out: moves not to make
	target  rules.Square // rules.NoSquare for none
	caption string
	size    diagramSize // how much room the drawing around the board takes
}

// markKind is how a square is marked; a Board writes it as a suffix of the
// square: "e4" (plain), "e4x" (avoid), "e4*" (goal).
type markKind uint8

const (
	plainMark markKind = iota // a dot on an empty square, a ring around a piece
	avoidMark                 // a cross: a square to keep off
	goalMark                  // a star: a square to reach
)

// diagramSize is how a diagram spends the room around its board: the
// worksheets' dense layouts draw it with less.
type diagramSize uint8

const (
	fullSize  diagramSize = iota // wide margins and the full state panel (the site, Markdown, roomy sheets)
	slimSize                     // narrow margins and a narrow state panel (play cards)
	tinySize                     // narrow margins and only a disc for the side to move (drill cells)
	insetSize                    // the board alone, its coordinates small and close to it (compact and group cells)
)

// readBoard reads a Board's FEN or Pieces, marks and arrows. It checks only
// that they can be read; it decides no chess question.
func readBoard(b Board) (diagram, error) {
	d := diagram{caption: b.Caption, target: rules.NoSquare}
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
			kind = goalMark
		}
		s, err := rules.ParseSquare(strings.TrimRight(m, "x*"))
		if err != nil {
			return d, fmt.Errorf("render: board: mark: %w", err)
		}
		d.marks = append(d.marks, s)
		d.kinds = append(d.kinds, kind)
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
		d.noArrow = append(d.noArrow, strings.HasSuffix(a[1], "x"))
	}
	return d, nil
}

// readFEN places a position's pieces and, if state is set, its side to
// move and counters.
func (d *diagram) readFEN(fen string, state bool) error {
	p, err := rules.ParseFEN(fen)
	if err != nil {
		return fmt.Errorf("render: board: %w", err)
	}
	for s := range rules.Square(64) {
		d.pieces[s] = p.PieceAt(s)
	}
	d.game, d.state, d.black = true, state, p.Side == rules.Black
	d.saved, d.taken = int(p.Saved), int(p.Taken)
	return nil
}

// readPieces places a labyrinth's loose pieces.
func (d *diagram) readPieces(pieces map[string]string) error {
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
		d.pieces[s] = pc
	}
	return nil
}
