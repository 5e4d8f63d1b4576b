package render

import (
	"errors"
	"fmt"
	"io/fs"
	"path"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/templates"
)

// Options adjust how a course is rendered. The zero value is ready to use.
type Options struct {
	// Templates, if not nil, is laid over the embedded templates.FS(): a file
	// found in it (a page template, style.css, art/THEME/PIECE.art) is used
	// instead of the embedded one of the same path.
	Templates fs.FS

	// Progress, if not nil, is told about each file Publish writes, with its path.
	Progress func(msg string)
}

// layered is an fs.FS that opens a file from top if it has it, else from base.
type layered struct{ top, base fs.FS }

// Open implements fs.FS.
func (l layered) Open(name string) (fs.File, error) {
	f, err := l.top.Open(name)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return f, err
	}
	return l.base.Open(name)
}

// files returns the file system to read templates, CSS and art from.
func (o Options) files() fs.FS {
	if o.Templates == nil {
		return templates.FS()
	}
	return layered{top: o.Templates, base: templates.FS()}
}

// progress reports msg to the Progress function, if there is one.
func (o Options) progress(msg string) {
	if o.Progress != nil {
		o.Progress(msg)
	}
}

// pieceSet is a theme's art for the three pieces.
type pieceSet struct {
	king, pawn, knight art
}

// loadPieces reads a theme's art from fsys.
func loadPieces(fsys fs.FS, t style.Theme) (pieceSet, error) {
	var ps pieceSet
	for _, p := range []struct {
		name string
		dst  *art
	}{{"king", &ps.king}, {"pawn", &ps.pawn}, {"knight", &ps.knight}} {
		name := path.Join("art", t.String(), p.name+".art")
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return ps, fmt.Errorf("render: piece art: %w", err)
		}
		if *p.dst, err = parseArt(name, data); err != nil {
			return ps, err
		}
	}
	return ps, nil
}
