package render

import (
	"bytes"
	"io"
	"maps"
	"slices"
	"strconv"
	"sync"

	"nostromo-lessons/internal/catalog"
)

// diagrams draws each board of a build once: the site shows a diagram
// inline and the Markdown links the same drawing as a file, a worksheet,
// its key and the workbook lay out the same diagrams, and a course shows
// many positions again and again. A drawing depends only on the board, its
// size, the theme and the art, so the copies are the same. Safe for use by
// several goroutines.
type diagrams struct {
	say    *catalog.Printer
	pieces pieceSet
	mu     sync.Mutex
	svg    map[string][]byte // by boardKey
	laid   map[laidKey]drawing
}

// laidKey names a diagram laid out for a PDF: a boardKey and a size.
type laidKey struct {
	board string
	size  diagramSize
}

// newDiagrams returns an empty set of drawings in a theme and its art.
func newDiagrams(p *catalog.Printer, ps pieceSet) *diagrams {
	return &diagrams{say: p, pieces: ps, svg: map[string][]byte{}, laid: map[laidKey]drawing{}}
}

// arrange returns the board read and laid out in a size, as a PDF draws it.
// The drawing's shapes are shared: the caller must not change them.
func (d *diagrams) arrange(b Board, size diagramSize) (drawing, error) {
	key := laidKey{boardKey(b), size}
	d.mu.Lock()
	dr, ok := d.laid[key]
	d.mu.Unlock()
	if ok {
		return dr, nil
	}
	dg, err := readBoard(b)
	if err != nil {
		return drawing{}, err
	}
	dg.size = size
	dr = arrange(dg, d.pieces, d.say)
	d.mu.Lock()
	defer d.mu.Unlock()
	if old, ok := d.laid[key]; ok { // laid out meanwhile by another goroutine: the same
		return old, nil
	}
	d.laid[key] = dr
	return dr, nil
}

// SVG returns the board drawn as writeBoardSVG draws it. The bytes are
// shared: the caller must not change them.
func (d *diagrams) SVG(b Board) ([]byte, error) {
	return d.cached(boardKey(b), func(w io.Writer) error { return writeBoardSVG(w, b, d.say, d.pieces) })
}

// pageSVG returns the board drawn for a web page, as writePageSVG draws
// it. The bytes are shared: the caller must not change them.
func (d *diagrams) pageSVG(b Board) ([]byte, error) {
	return d.cached("page:"+boardKey(b), func(w io.Writer) error { return writePageSVG(w, b, d.say, d.pieces) })
}

// cached returns the drawing kept under key, or draws it with draw and
// keeps it. Two goroutines may draw the same key at once; the first kept
// is returned to both (the bytes are the same).
func (d *diagrams) cached(key string, draw func(io.Writer) error) ([]byte, error) {
	d.mu.Lock()
	data, ok := d.svg[key]
	d.mu.Unlock()
	if ok {
		return data, nil
	}
	var buf bytes.Buffer
	if err := draw(&buf); err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if data, ok := d.svg[key]; ok {
		return data, nil
	}
	d.svg[key] = buf.Bytes()
	return buf.Bytes(), nil
}

// boardKey returns a string that tells boards apart: every field of the
// board and of its Play, each string led by its length and each list by
// its count, the pieces in the order of their squares (fmt's %#v, which
// did the same, took a hundredth of a one-worksheet process).
// TestBoardKey checks that it names every field.
func boardKey(b Board) string {
	k := make([]byte, 0, 64+len(b.FEN)+len(b.Caption))
	num := func(n int) { k = append(strconv.AppendInt(k, int64(n), 10), ';') }
	str := func(s string) { num(len(s)); k = append(k, s...) }
	flag := func(v bool) { k = strconv.AppendBool(k, v) }
	str(b.FEN)
	num(len(b.Pieces))
	for _, sq := range slices.Sorted(maps.Keys(b.Pieces)) {
		str(sq)
		str(b.Pieces[sq])
	}
	flag(b.NoState)
	num(len(b.Marks))
	for _, m := range b.Marks {
		str(m)
	}
	num(len(b.Arrows))
	for _, a := range b.Arrows {
		str(a[0])
		str(a[1])
	}
	str(b.Target)
	str(b.Caption)
	str(b.Play.FEN)
	str(b.Play.Side)
	flag(b.Play.TooBig)
	return string(k)
}
