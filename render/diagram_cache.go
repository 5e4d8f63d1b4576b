package render

import (
	"bytes"
	"fmt"
	"sync"

	"nostromo-lessons/internal/style"
)

// diagrams draws each board of a build once: the site shows a diagram
// inline and the Markdown links the same drawing as a file, and a course
// shows many positions again and again. The SVG of a board depends only on
// the board, the theme and the art, so the copies are the same bytes. Safe
// for use by several goroutines.
type diagrams struct {
	theme  style.Theme
	pieces pieceSet
	mu     sync.Mutex
	svg    map[string][]byte // by boardKey
}

// newDiagrams returns an empty set of drawings in a theme and its art.
func newDiagrams(t style.Theme, ps pieceSet) *diagrams {
	return &diagrams{theme: t, pieces: ps, svg: map[string][]byte{}}
}

// SVG returns the board drawn as writeBoardSVG draws it. The bytes are
// shared: the caller must not change them.
func (d *diagrams) SVG(b Board) ([]byte, error) {
	key := boardKey(b)
	d.mu.Lock()
	data, ok := d.svg[key]
	d.mu.Unlock()
	if ok {
		return data, nil
	}
	var buf bytes.Buffer
	if err := writeBoardSVG(&buf, b, d.theme, d.pieces); err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if data, ok := d.svg[key]; ok { // drawn meanwhile by another goroutine: the same bytes
		return data, nil
	}
	d.svg[key] = buf.Bytes()
	return buf.Bytes(), nil
}

// boardKey returns a string that tells boards apart: every field in Go
// syntax (a map with its keys sorted).
func boardKey(b Board) string { return fmt.Sprintf("%#v", b) }
