package render

import (
	"bytes"
	"fmt"
	"io"
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

// layout returns the board read and laid out in a size, as a PDF draws it.
// The drawing's shapes are shared: the caller must not change them.
func (d *diagrams) layout(b Board, size diagramSize) (drawing, error) {
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
	dr = layout(dg, d.pieces, d.say)
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

// boardKey returns a string that tells boards apart: every field in Go
// syntax (a map with its keys sorted).
func boardKey(b Board) string { return fmt.Sprintf("%#v", b) }
