package diagram

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
type Cache struct {
	say    *catalog.Printer
	pieces PieceSet
	mu     sync.Mutex
	svg    map[string][]byte // by BoardKey
	laid   map[laidKey]Drawing
}

// laidKey names a diagram laid out for a PDF: a BoardKey and a size.
type laidKey struct {
	board string
	size  DiagramSize
}

// NewCache returns an empty set of drawings in a theme and its art.
func NewCache(p *catalog.Printer, ps PieceSet) *Cache {
	return &Cache{say: p, pieces: ps, svg: map[string][]byte{}, laid: map[laidKey]Drawing{}}
}

// Arrange returns the board read and laid out in a size, as a PDF draws it.
// The drawing's shapes are shared: the caller must not change them.
func (d *Cache) Arrange(b Board, size DiagramSize) (Drawing, error) {
	key := laidKey{BoardKey(b), size}
	d.mu.Lock()
	dr, ok := d.laid[key]
	d.mu.Unlock()
	if ok {
		return dr, nil
	}
	dg, err := Read(b)
	if err != nil {
		return Drawing{}, err
	}
	dg.Size = size
	dr = Arrange(dg, d.pieces, d.say)
	d.mu.Lock()
	defer d.mu.Unlock()
	if old, ok := d.laid[key]; ok { // laid out meanwhile by another goroutine: the same
		return old, nil
	}
	d.laid[key] = dr
	return dr, nil
}

// SVG returns the board drawn as WriteBoardSVG draws it. The bytes are
// shared: the caller must not change them.
func (d *Cache) SVG(b Board) ([]byte, error) {
	return d.cached(BoardKey(b), func(w io.Writer) error { return WriteBoardSVG(w, b, d.say, d.pieces) })
}

// PageSVG returns the board drawn for a web page, as writePageSVG draws
// it. The bytes are shared: the caller must not change them.
func (d *Cache) PageSVG(b Board) ([]byte, error) {
	return d.cached("page:"+BoardKey(b), func(w io.Writer) error { return writePageSVG(w, b, d.say, d.pieces) })
}

// cached returns the drawing kept under key, or draws it with draw and
// keeps it. Two goroutines may draw the same key at once; the first kept
// is returned to both (the bytes are the same).
func (d *Cache) cached(key string, draw func(io.Writer) error) ([]byte, error) {
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

// BoardKey returns a string that tells boards apart: every field of the
// board and of its Play, each string led by its length and each list by
// its count, the pieces in the order of their squares (fmt's %#v, which
// did the same, took a hundredth of a one-worksheet process).
// TestBoardKey checks that it names every field.
func BoardKey(b Board) string {
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
