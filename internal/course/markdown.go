package course

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/render/boardblock"
	"nostromo-lessons/rules"
)

// diagrams checks the board blocks of the Markdown value n (those that
// package boardblock finds, as the renderer does) and returns them.
// Problems inside a block point into the YAML file when n is a literal
// block (|); otherwise they point at n.
func (f *file) diagrams(n *yaml.Node, what string, start rules.Position) []*Diagram {
	blocks := boardblock.Find([]byte(n.Value))
	if len(blocks) > MaxDiagrams {
		f.Errorf(n, "%s has %d board blocks, more than the limit of %d", what, len(blocks), MaxDiagrams)
		blocks = blocks[:MaxDiagrams]
	}
	var out []*Diagram
	for _, b := range blocks {
		at := f.textPos(n, b.Line, b.Col)
		if !b.Closed {
			f.Errs.Add(at, f.Prefix+fmt.Sprintf("%s: the board block is not closed (end it with a line ```)", what))
			continue
		}
		if d := f.diagram(n, b, at, start); d != nil {
			out = append(out, d)
		}
	}
	return out
}

// textPos returns the position in the file of line and col (from 1) of
// the scalar n's text: exact for a literal block, n's own position
// otherwise.
func (f *file) textPos(n *yaml.Node, line, col int) yamlpos.Pos {
	if n.Style&yaml.LiteralStyle == 0 {
		return f.Pos(n)
	}
	return yamlpos.Pos{File: f.Name, Line: n.Line + line, Col: f.indent(n) + col}
}

// indent returns the indentation of the literal block n: that of its first
// line that is not blank.
func (f *file) indent(n *yaml.Node) int {
	lines := strings.Split(string(f.Src), "\n")
	for i := n.Line; i < len(lines); i++ {
		t := strings.TrimRight(lines[i], "\r")
		if strings.TrimSpace(t) != "" {
			return len(t) - len(strings.TrimLeft(t, " "))
		}
	}
	return 0
}

// diagram decodes one board block of the Markdown value n; at is where its
// opening fence is in the file. It gives each key of boardblock.Spec the
// meaning the renderer gives it.
func (f *file) diagram(n *yaml.Node, b boardblock.Block, at yamlpos.Pos, start rules.Position) *Diagram {
	var inner yamlpos.ErrorList
	sub := &file{File: yamlpos.File{Name: f.Name, Src: b.Body, Errs: &inner, Prefix: "board block: "}}
	d := &Diagram{Pos: at}
	defer func() {
		// Move the block's problems to where they are in the file.
		for _, e := range inner {
			pos := at
			if e.Pos.Line > 0 {
				line, col := b.Pos(e.Pos.Line, e.Pos.Col)
				pos = f.textPos(n, line, col)
			}
			f.Errs.Add(pos, f.Prefix+e.Msg)
		}
	}()
	if strings.TrimSpace(string(b.Body)) == "" {
		sub.Errorf(nil, "empty; want at least fen: ...")
		return nil
	}
	v := sub.parse()
	if v == nil || !sub.noTags(v) {
		return nil
	}
	m := sub.Mapping(v, "board block", boardBlockNames)
	if m == nil {
		return nil
	}
	ok := true
	fv, pv := m.Get("fen"), m.Get("pieces")
	switch {
	case fv != nil && pv != nil:
		sub.Errorf(m.Keys["pieces"], "give a fen or pieces, not both")
		ok = false
	case fv != nil:
		if s, good := sub.Scalar(fv, "fen", "a FEN or start"); good {
			var err error
			d.FEN = s
			if s == "start" {
				d.Position = start
			} else if d.Position, err = rules.ParseFEN(s); err != nil {
				sub.Errorf(fv, "fen: %v%s", err, FENHint(s))
				ok = false
			}
		} else {
			ok = false
		}
	case pv != nil:
		var good bool
		d.Pieces, good = sub.loosePieces(pv)
		ok = ok && good
		d.NoState = true
	default:
		sub.Errorf(v, "missing key \"fen\" (or \"pieces\" for pieces without a game)")
		ok = false
	}
	if nv := m.Get("nostate"); nv != nil {
		noState, good := sub.Boolean(nv, "nostate")
		d.NoState = d.NoState || noState
		ok = ok && good
	}
	if pv := m.Get("play"); pv != nil {
		var good bool
		d.Play, good = sub.Boolean(pv, "play")
		ok = ok && good
		if ok && d.Play && d.Pieces == nil && d.Position.Status().Over() {
			sub.Errorf(pv, "play: the game is over in this position; want play: true on a position still in play")
			ok = false
		}
	}
	if d.Play && d.NoState {
		sub.Errorf(m.Keys["play"], "play: true needs a game: a fen, without nostate or pieces")
		ok = false
	}
	if cv := m.Get("caption"); cv != nil {
		// The placeholders of the caption are checked with the text that
		// holds the block.
		d.Caption, _ = sub.Text(cv, "caption", MaxText)
		d.Caption, _ = expand(d.Caption, f.theme, f.lang)
	}
	if mv := m.Get("marks"); mv != nil {
		var good bool
		d.Marks, d.Kinds, good = sub.marks(mv, "marks")
		ok = ok && good
	}
	if av := m.Get("arrows"); av != nil {
		var good bool
		d.Arrows, good = sub.arrows(av, "arrows")
		ok = ok && good
	}
	if !ok {
		return nil
	}
	return d
}

// loosePieces reads the pieces of a board block: a mapping of squares to
// king, pawn or knight, such as {e1: king, d4: knight}.
func (f *file) loosePieces(n *yaml.Node) (map[rules.Square]rules.Piece, bool) {
	if n.Kind != yaml.MappingNode {
		if n.Kind != yaml.AliasNode {
			f.Errorf(n, "pieces: want squares and pieces, like {e1: king, d4: knight}, got %s", yamlpos.Describe(n))
		}
		return nil, false
	}
	if len(n.Content)/2 > MaxList {
		f.Errorf(n, "pieces has %d items, more than the limit of %d", len(n.Content)/2, MaxList)
		return nil, false
	}
	names := map[string]rules.Piece{"king": rules.King, "pawn": rules.Pawn, "knight": rules.Knight}
	pieces := map[rules.Square]rules.Piece{}
	ok := true
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		sq, good := f.square(k, "pieces")
		name, good2 := f.Word(v, "pieces", "king", "pawn", "knight")
		switch {
		case !good || !good2:
			ok = false
		case pieces[sq] != rules.NoPiece:
			f.Errorf(k, "pieces: square %s is given twice", sq)
			ok = false
		default:
			pieces[sq] = names[name]
		}
	}
	return pieces, ok
}

// noTags reports the first YAML tag (such as !!binary) in a board block,
// and whether there was none. The renderer decodes a tagged value by its
// tag (a !!binary value becomes the bytes it encodes), so a tag could make
// the loader check one text while the renderer draws another.
func (f *file) noTags(root *yaml.Node) bool {
	stack := []*yaml.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Style&yaml.TaggedStyle != 0 {
			f.Errorf(n, "YAML tags (%s) are not allowed; write the value plainly", n.Tag)
			return false
		}
		stack = append(stack, n.Content...)
	}
	return true
}
