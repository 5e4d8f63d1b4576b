package question

import (
	"fmt"
	"strings"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// Board is a set of pieces without a game state: no side to move, no
// counters. King and Knight are rules.NoSquare when absent.
type Board struct {
	King, Knight rules.Square
	Pawns        rules.Bitboard
}

// BoardOf returns the pieces of p.
func BoardOf(p rules.Position) Board {
	return Board{King: p.King, Knight: p.Knight, Pawns: p.Pawns}
}

// Occupied returns every square holding a piece.
func (b Board) Occupied() rules.Bitboard { return b.Pawns | b.King.Bit() | b.Knight.Bit() }

// Labyrinth asks for the fewest moves of one piece from From to To, never
// landing on an avoided square nor on an occupied one. The other pieces
// stand still.
type Labyrinth struct {
	Board   Board       // the pieces; the moving piece stands on From
	Piece   rules.Piece // rules.Knight or rules.King
	From    rules.Square
	To      rules.Square
	Guarded bool           // avoid the squares the other side attacks
	Avoid   rules.Bitboard // further squares to avoid
	Unique  bool           // demand a single shortest path
	Path    []rules.Square // a shortest path the author gives, without From; or nil
	Answer  int            // the author's answer: the number of moves
}

// Forbidden returns the squares the piece may not land on.
func (q *Labyrinth) Forbidden() rules.Bitboard {
	b := q.Board
	f := q.Avoid | b.Occupied()&^q.From.Bit()
	if q.Guarded {
		f |= GuardedSquares(b, q.Piece)
	}
	return f
}

// GuardedSquares returns the squares the other side attacks, for a piece of
// kind pc: for the king, the knight's jumps; for the knight, the squares on
// which White could capture it, as the rules engine decides. Those are the
// king's steps and the pawns' diagonal captures less what the lair rule
// forbids: the knight on f6 is never captured, and while a white piece
// stands on f6 only that piece may capture.
func GuardedSquares(b Board, pc rules.Piece) rules.Bitboard {
	if pc == rules.King {
		return rules.KnightAttacks(b.Knight)
	}
	p := rules.Position{King: b.King, Pawns: b.Pawns, Side: rules.White}
	var g rules.Bitboard
	var buf [rules.MaxMoves]rules.Move
	for _, s := range (^(b.Pawns | b.King.Bit())).Squares() {
		p.Knight = s
		for _, m := range p.AppendLegalMoves(buf[:0]) {
			if m.To == s {
				g |= s.Bit()
				break
			}
		}
	}
	return g
}

// Steps returns the squares a piece pc on s reaches in one move.
func Steps(pc rules.Piece, s rules.Square) rules.Bitboard {
	if pc == rules.King {
		return rules.KingAttacks(s)
	}
	return rules.KnightAttacks(s)
}

// MaxPaths caps the counting of shortest paths; more is "many".
const MaxPaths = 1 << 20

// Solve returns the fewest moves from From to To (-1 when To cannot be
// reached), the number of shortest paths (capped at MaxPaths), and the
// first two shortest paths found (without From).
func (q *Labyrinth) Solve() (dist int, paths int, examples [][]rules.Square) {
	forbidden := q.Forbidden()
	var d [64]int
	var ways [64]int
	for i := range d {
		d[i] = -1
	}
	d[q.From], ways[q.From] = 0, 1
	queue := []rules.Square{q.From}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, t := range (Steps(q.Piece, s) &^ forbidden).Squares() {
			switch {
			case d[t] < 0:
				d[t], ways[t] = d[s]+1, ways[s]
				queue = append(queue, t)
			case d[t] == d[s]+1:
				ways[t] = min(ways[t]+ways[s], MaxPaths)
			}
		}
	}
	if d[q.To] < 0 {
		return -1, 0, nil
	}
	// Walk back from To along squares one move nearer, in square order.
	var walk func(s rules.Square, suffix []rules.Square)
	walk = func(s rules.Square, suffix []rules.Square) {
		if len(examples) == 2 {
			return
		}
		if s == q.From {
			examples = append(examples, suffix)
			return
		}
		for _, prev := range Steps(q.Piece, s).Squares() {
			if d[prev] == d[s]-1 && (prev == q.From || !forbidden.Has(prev)) {
				walk(prev, append([]rules.Square{s}, suffix...))
			}
		}
	}
	walk(q.To, nil)
	return d[q.To], ways[q.To], examples
}

func (q *Labyrinth) Kind() Kind { return KindLabyrinth }

func (q *Labyrinth) Check(Solver) (Proof, []Problem) {
	name := q.Piece.String()
	if q.From == q.To {
		return Proof{}, problem("to", "from and to are the same square (%s)", q.To)
	}
	if q.Forbidden().Has(q.To) {
		return Proof{}, problem("to", "the %s may not land on %s: it is %s", name, q.To, q.why(q.To))
	}
	dist, paths, examples := q.Solve()
	if dist < 0 {
		return Proof{}, problem("to", "the %s cannot reach %s from %s without landing on an avoided or occupied square", name, q.To, q.From)
	}
	var probs []Problem
	if q.Answer != dist {
		probs = append(probs, Problem{Field: "answer", Msg: fmt.Sprintf("answer %d, but the %s needs %s (%s)", q.Answer, name, Plural(dist, "move"), q.pathText(examples[0]))})
	}
	if q.Unique && paths > 1 {
		many := itoa(paths)
		if paths >= MaxPaths {
			many = "very many"
		}
		probs = append(probs, Problem{Field: "unique", Msg: fmt.Sprintf("unique: true, but there are %s shortest paths, such as %s and %s", many, q.pathText(examples[0]), q.pathText(examples[1]))})
	}
	if q.Path != nil {
		if msg := q.pathProblem(dist); msg != "" {
			probs = append(probs, Problem{Field: "path", Msg: msg})
		}
	}
	return Proof{}, probs
}

// why says why the piece may not land on s.
func (q *Labyrinth) why(s rules.Square) string {
	switch {
	case q.Board.Occupied().Has(s):
		return "occupied"
	case q.Avoid.Has(s):
		return "in the avoid list"
	}
	return "guarded"
}

// pathProblem checks the author's path; it returns "" when the path is one
// of the shortest.
func (q *Labyrinth) pathProblem(dist int) string {
	forbidden := q.Forbidden()
	at := q.From
	for _, s := range q.Path {
		switch {
		case !Steps(q.Piece, at).Has(s):
			return fmt.Sprintf("path %s: %s-%s is not a %s move", q.pathText(q.Path), at, s, q.Piece)
		case forbidden.Has(s):
			return fmt.Sprintf("path %s: the %s may not land on %s (%s)", q.pathText(q.Path), q.Piece, s, q.why(s))
		}
		at = s
	}
	switch {
	case at != q.To:
		return fmt.Sprintf("path %s ends on %s, not on %s", q.pathText(q.Path), at, q.To)
	case len(q.Path) != dist:
		return fmt.Sprintf("path %s has %s, but the shortest has %d", q.pathText(q.Path), Plural(len(q.Path), "move"), dist)
	}
	return ""
}

// pathText writes a path from From: "b1-c3-d5-f6".
func (q *Labyrinth) pathText(path []rules.Square) string {
	names := []string{q.From.String()}
	for _, s := range path {
		names = append(names, s.String())
	}
	return strings.Join(names, "-")
}

func (q *Labyrinth) Wording(p *catalog.Printer) string {
	piece := "knight"
	if q.Piece == rules.King {
		piece = "king"
	}
	rule := "q.labyrinth.rule" + q.RuleSuffix()
	return p.Say("q.labyrinth."+piece, q.From.String(), q.To.String()) + " " + p.Say(rule) + " " + p.Say("q.labyrinth.ask."+piece)
}

// RuleSuffix names the squares the labyrinth's piece may not go onto,
// besides those of other pieces, as the end of the catalog keys that say
// so: "", ".guarded", ".marked" or ".guarded-marked".
func (q *Labyrinth) RuleSuffix() string {
	switch {
	case q.Guarded && q.Avoid != 0:
		return ".guarded-marked"
	case q.Guarded:
		return ".guarded"
	case q.Avoid != 0:
		return ".marked"
	}
	return ""
}

func (q *Labyrinth) Key(p *catalog.Printer) string {
	moves := p.Say(q.countKey(), q.Answer)
	if q.Path != nil {
		return moves + ": " + q.pathText(q.Path)
	}
	if dist, paths, examples := q.Solve(); dist == q.Answer && paths == 1 {
		return moves + ": " + q.pathText(examples[0])
	} else if dist == q.Answer {
		return p.Say("q.labyrinth.example", moves, q.pathText(examples[0]))
	}
	return moves
}

// countKey returns the catalog's count of the piece's moves in the word
// the question asks with: the king's steps, the knight's jumps.
func (q *Labyrinth) countKey() string {
	if q.Piece == rules.King {
		return "count.steps"
	}
	return "count.jumps"
}

func (q *Labyrinth) Space(*catalog.Printer) Space { return Space{Kind: style.PathOnBoard} }

func init() {
	define(KindLabyrinth, KindInfo{Name: "labyrinth", Drill: true, Levels: [4]int{4, 6, 8, 10},
		Words: []string{"q.labyrinth.ask.king", "q.labyrinth.ask.knight", "q.labyrinth.example", "q.labyrinth.king",
			"q.labyrinth.knight", "q.labyrinth.rule", "q.labyrinth.rule.guarded", "q.labyrinth.rule.guarded-marked",
			"q.labyrinth.rule.marked", "gen.title.labyrinth.king", "gen.title.labyrinth.knight"},
		OneOf: []string{"position", "board"},
		Keys: []Field{
			{Name: "board", Type: BoardField, Doc: "The pieces, instead of a position."},
			{Name: "piece", Type: WordField, Words: []string{"knight", "king"}, Required: true, Doc: "The piece that walks: knight or king."},
			{Name: "from", Type: SquareField, Doc: "Where it starts; without it, where that piece stands."},
			{Name: "to", Type: SquareField, Required: true, Doc: "Where it must go."},
			{Name: "avoid", Type: SquaresOrField, Words: []string{"guarded"}, Doc: "Squares it may not land on: guarded (the other side's), squares, or both, such as [guarded, d4]."},
			{Name: "unique", Type: BooleanField, Doc: "true: check that there is only one shortest path."},
			{Name: "path", Type: PathField, Doc: "A shortest path to show in the answer key, such as [b1, c3, e4]."},
		},
		Answer: Field{Type: IntegerField, Min: 0, Max: 99, Doc: "The fewest moves to get there."},
		Decode: decodeLabyrinth,
		Encode: encodeLabyrinth,
	})
}

// decodeLabyrinth reads a labyrinth: its board (or position), piece,
// squares, avoid list, unique flag, path and answer.
func decodeLabyrinth(in Input) (Question, bool) {
	q := &Labyrinth{From: rules.NoSquare, To: rules.NoSquare}
	ok, boardOnly := true, false
	switch {
	case in.Has("position") && in.Has("board"):
		in.Errorf("board", "use position or board, not both")
		ok = false
	case in.Has("position"):
		var p rules.Position
		p, ok = in.Position("position")
		q.Board = BoardOf(p)
	case in.Has("board"):
		q.Board, ok = in.Board("board")
		boardOnly = true
	default:
		in.Errorf("", "missing key \"board\" (or \"position\")")
		ok = false
	}
	if in.Need("piece") {
		s, good := in.Word("piece", "knight", "king")
		q.Piece, ok = rules.Knight, ok && good
		if s == "king" {
			q.Piece = rules.King
		}
	} else {
		ok = false
	}
	if in.Has("from") {
		got(&ok, &q.From)(in.Square("from"))
	}
	if in.Need("to") {
		got(&ok, &q.To)(in.Square("to"))
	} else {
		ok = false
	}
	if in.Has("avoid") {
		var good bool
		q.Avoid, q.Guarded, good = in.SquaresOr("avoid", "guarded")
		ok = good && ok
	}
	if in.Has("unique") {
		got(&ok, &q.Unique)(in.Boolean("unique"))
	}
	if in.Has("path") {
		got(&ok, &q.Path)(in.Path("path"))
	}
	if in.Need("answer") {
		got(&ok, &q.Answer)(in.Integer("answer", 0, 99))
	} else {
		ok = false
	}
	if !ok {
		return q, false
	}
	return q, placePiece(in, q, boardOnly)
}

// placePiece puts the moving piece on From: the board may already hold it
// there, or not hold it at all (then From is required).
func placePiece(in Input, q *Labyrinth, boardOnly bool) bool {
	at := &q.Board.Knight
	if q.Piece == rules.King {
		at = &q.Board.King
	}
	switch {
	case q.From == rules.NoSquare && *at == rules.NoSquare:
		in.Errorf("", "missing key \"from\" (there is no %s on the board)", q.Piece)
		return false
	case q.From == rules.NoSquare:
		q.From = *at
	case *at == q.From:
	case *at != rules.NoSquare:
		in.Errorf("from", "from: the %s stands on %s, not on %s", q.Piece, *at, q.From)
		return false
	case !boardOnly:
		in.Errorf("from", "from: the position has no %s", q.Piece)
		return false
	case q.Board.Occupied().Has(q.From):
		in.Errorf("from", "from: %s is occupied", q.From)
		return false
	}
	*at = q.From
	if len(q.Path) > 0 && q.Path[0] == q.From {
		q.Path = q.Path[1:]
	}
	if boardOnly {
		in.Show(rules.Position{King: q.Board.King, Knight: q.Board.Knight, Pawns: q.Board.Pawns})
	}
	return true
}

// encodeLabyrinth writes the keys of a labyrinth: the board without the
// moving piece, the piece, from, to, avoid, unique, path and answer.
func encodeLabyrinth(question Question, out Output) {
	q := question.(*Labyrinth)
	b := q.Board
	if q.Piece == rules.King {
		b.King = rules.NoSquare
	} else {
		b.Knight = rules.NoSquare
	}
	out.Pieces("board", b)
	out.Word("piece", q.Piece.String())
	out.Word("from", q.From.String())
	out.Word("to", q.To.String())
	var avoid []string
	if q.Guarded {
		avoid = append(avoid, "guarded")
	}
	for _, s := range SortedSquares(q.Avoid) {
		avoid = append(avoid, s.String())
	}
	switch {
	case len(avoid) == 1 && q.Guarded:
		out.Word("avoid", "guarded")
	case len(avoid) > 0:
		out.List("avoid", avoid...)
	}
	if q.Unique {
		out.Boolean("unique", true)
	}
	if q.Path != nil {
		path := make([]string, len(q.Path))
		for i, s := range q.Path {
			path[i] = s.String()
		}
		out.List("path", path...)
	}
	out.Number("answer", q.Answer)
}
